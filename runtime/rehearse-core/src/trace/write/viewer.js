// trace.html: the trace viewer. It reads the trace document embedded in
// the page (#trace-data: the same JSON as trace.json, gzipped and base64)
// and loads nothing.
(function () {
  "use strict";
  var doc = null;
  var state = { at: 0, before: false };

  // --- elements -----------------------------------------------------------
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      for (var key in attrs) {
        if (key === "class") node.className = attrs[key];
        else if (key === "text") node.textContent = attrs[key];
        else node.setAttribute(key, attrs[key]);
      }
    }
    (children || []).forEach(function (child) {
      if (child == null) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  // --- colours ------------------------------------------------------------
  var ANSI = {
    "black": "#000000", "red": "#cd0000", "green": "#00cd00", "yellow": "#cdcd00",
    "blue": "#0000ee", "magenta": "#cd00cd", "cyan": "#00cdcd", "gray": "#e5e5e5",
    "dark-gray": "#7f7f7f", "light-red": "#ff0000", "light-green": "#00ff00",
    "light-yellow": "#ffff00", "light-blue": "#5c5cff", "light-magenta": "#ff00ff",
    "light-cyan": "#00ffff", "white": "#ffffff"
  };
  var INDEX = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "gray", "dark-gray",
    "light-red", "light-green", "light-yellow", "light-blue", "light-magenta", "light-cyan", "white"];
  function indexed(n) {
    if (n < 16) return ANSI[INDEX[n]];
    if (n < 232) {
      n -= 16;
      var steps = [0, 95, 135, 175, 215, 255];
      var r = steps[Math.floor(n / 36)], g = steps[Math.floor(n / 6) % 6], b = steps[n % 6];
      return "rgb(" + r + "," + g + "," + b + ")";
    }
    var v = 8 + (n - 232) * 10;
    return "rgb(" + v + "," + v + "," + v + ")";
  }
  function colour(name) {
    if (!name) return null;
    if (name.charAt(0) === "#") return name;
    if (name.indexOf("idx") === 0) return indexed(parseInt(name.slice(3), 10));
    return ANSI[name] || null;
  }

  // --- screens ------------------------------------------------------------
  // A screen as rows of cells: {ch, style, wide, cont}.
  function screenCells(index) {
    var screen = doc.screens[index];
    if (!screen) return null;
    var rows = screen.lines.map(function (lineIndex) {
      var line = doc.lines[lineIndex] || {};
      var glyphs = line.text != null ? Array.from(line.text) : (line.cells || []);
      var cells = [];
      for (var col = 0; col < screen.cols; col++) {
        var ch = col < glyphs.length ? glyphs[col] : " ";
        cells.push({ ch: ch, style: -1, cont: ch === "", wide: false });
      }
      (line.spans || []).forEach(function (span) {
        for (var c = span[0]; c < span[1] && c < cells.length; c++) cells[c].style = span[2];
      });
      for (var c = 0; c + 1 < cells.length; c++) {
        if (!cells[c].cont && cells[c + 1].cont) cells[c].wide = true;
      }
      return cells;
    });
    return { cols: screen.cols, rows: screen.rows, cursor: screen.cursor || null, cells: rows };
  }

  function cellStyle(span, index) {
    var style = doc.styles[index];
    if (!style) return;
    var fg = colour(style.fg), bg = colour(style.bg);
    var mods = style.mods || [];
    if (mods.indexOf("reversed") >= 0) {
      var swap = fg || "var(--term-fg)";
      fg = bg || "var(--term-bg)";
      bg = swap;
    }
    if (fg) span.style.color = fg;
    if (bg) span.style.backgroundColor = bg;
    if (mods.indexOf("bold") >= 0) span.style.fontWeight = "bold";
    if (mods.indexOf("italic") >= 0) span.style.fontStyle = "italic";
    if (mods.indexOf("dim") >= 0) span.style.opacity = "0.6";
    var lines = [];
    if (mods.indexOf("underlined") >= 0) lines.push("underline");
    if (mods.indexOf("crossed-out") >= 0) lines.push("line-through");
    if (lines.length) {
      span.style.textDecorationLine = lines.join(" ");
      var ul = colour(style.ul);
      if (ul) span.style.textDecorationColor = ul;
    }
    if (mods.indexOf("hidden") >= 0) span.style.color = "transparent";
  }

  function sameCell(a, b) { return a && b && a.ch === b.ch && a.style === b.style; }

  function drawScreen(container, shown, other) {
    clear(container);
    if (!shown) {
      container.appendChild(el("div", { class: "muted", text: "no screen recorded" }));
      return;
    }
    shown.cells.forEach(function (cells, row) {
      var line = el("div", { class: "row", "data-row": String(row) });
      cells.forEach(function (cell, col) {
        if (cell.cont) return;
        var span = el("span", { class: "cell" + (cell.wide ? " wide" : "") });
        span.textContent = cell.ch === "" ? " " : cell.ch;
        if (cell.style >= 0) cellStyle(span, cell.style);
        if (other) {
          var was = other.cells[row] && other.cells[row][col];
          if (!sameCell(cell, was)) span.className += " changed";
        }
        if (shown.cursor && shown.cursor[0] === col && shown.cursor[1] === row) span.className += " cursor";
        line.appendChild(span);
      });
      container.appendChild(line);
    });
  }

  function box(container, className, x, y, w, h) {
    var outline = el("div", { class: "outline " + className });
    outline.style.left = "calc(" + x + " * 1ch)";
    outline.style.top = "calc(" + y + " * 1.25em)";
    outline.style.width = "calc(" + w + " * 1ch)";
    outline.style.height = "calc(" + h + " * 1.25em)";
    outline.setAttribute("data-bounds", [x, y, w, h].join(","));
    container.appendChild(outline);
    return outline;
  }

  // --- the tree -----------------------------------------------------------
  // A node's children: `children`, or `children_runs` of [first, stride, count].
  function childIndices(node) {
    var out = (node.children || []).slice();
    (node.children_runs || []).forEach(function (run) {
      for (var at = 0; at < run[2]; at++) out.push(run[0] + at * run[1]);
    });
    return out;
  }

  // A node's clipped bounds: left out of trace.json when equal to its bounds.
  function clippedBounds(node) { return node.clipped_bounds || node.bounds; }

  function nodeLabel(node) {
    var parts = [el("span", { class: "role", text: node.role })];
    if (node.name) parts.push(" ", el("span", { class: "name", text: JSON.stringify(node.name) }));
    if (node.id) parts.push(" ", el("span", { class: "id", text: "#" + node.id }));
    if (node.value) {
      var text = node.value.text != null ? "value=" + JSON.stringify(node.value.text) : "value=<" + node.value.sensitivity + ">";
      parts.push(" ", el("span", { class: "value", text: text }));
    }
    var flags = [];
    var states = node.states || {};
    Object.keys(states).forEach(function (key) {
      var v = states[key];
      if (key === "enabled") { if (v === false) flags.push("disabled"); }
      else if (v === true) flags.push(key);
      else if (typeof v === "string") flags.push(key + "=" + v);
    });
    if (flags.length) parts.push(" ", el("span", { class: "states", text: "[" + flags.join(", ") + "]" }));
    var b = clippedBounds(node);
    parts.push(" ", el("span", { class: "states", text: "at " + b[0] + "," + b[1] + " " + b[2] + "x" + b[3] }));
    return parts;
  }

  function drawTree(container, treeIndex, screenBox) {
    clear(container);
    var tree = doc.trees[treeIndex];
    if (!tree) { container.appendChild(el("div", { class: "muted", text: "no tree recorded" })); return; }
    function item(index, depth) {
      var node = doc.nodes[index];
      var li = el("li", { "data-node": String(index) });
      var kids = childIndices(node);
      var twisty = el("span", { class: "twisty", text: kids.length ? "▾" : "" });
      var label = el("span", { class: "node" }, nodeLabel(node));
      label.addEventListener("mouseenter", function () {
        var b = clippedBounds(node);
        removeHover(screenBox);
        box(screenBox, "hover-outline", b[0], b[1], b[2], b[3]);
      });
      label.addEventListener("mouseleave", function () { removeHover(screenBox); });
      li.appendChild(twisty);
      li.appendChild(label);
      if (kids.length) {
        var ul = el("ul");
        kids.forEach(function (child) { ul.appendChild(item(child, depth + 1)); });
        li.appendChild(ul);
        if (depth >= 3) { li.className = "collapsed"; twisty.textContent = "▸"; }
        twisty.addEventListener("click", function () {
          var collapsed = li.classList.toggle("collapsed");
          twisty.textContent = collapsed ? "▸" : "▾";
        });
      }
      return li;
    }
    var root = el("ul");
    root.appendChild(item(tree.root, 0));
    container.appendChild(root);
  }
  function removeHover(screenBox) {
    Array.prototype.slice.call(screenBox.querySelectorAll(".hover-outline")).forEach(function (node) {
      node.parentNode.removeChild(node);
    });
  }

  // --- a step -------------------------------------------------------------
  function where(step) {
    var o = step.origin;
    if (!o) return null;
    return (o.file ? o.file + ":" : "line ") + o.line + (o.file ? ":" : ", column ") + o.column;
  }
  function stepName(step) { return step.label != null ? step.label : String(step.index); }
  function duration(us) {
    if (us >= 1000000) return (us / 1000000).toFixed(2) + " s";
    if (us >= 1000) return (us / 1000).toFixed(1) + " ms";
    return us + " µs";
  }
  function inputText(input) {
    switch (input.kind) {
      case "pointer": return input.action + (input.button ? " " + input.button : "") + " at " + input.col + "," + input.row;
      case "key": return "key " + input.key;
      case "text": return "text " + JSON.stringify(input.text);
      case "paste": return "paste " + JSON.stringify(input.text);
      case "raw": return "bytes \"" + input.text + "\"";
      case "secret": return "secret " + input.reference;
      case "focus": return "focus " + input.target;
      default: return input.kind;
    }
  }
  function fact(list, term, value) {
    if (value == null || value === "") return;
    list.appendChild(el("dt", { text: term }));
    list.appendChild(el("dd", { text: value }));
  }

  function showStep(at) {
    var step = doc.steps[at];
    if (!step) return;
    state.at = at;
    Array.prototype.slice.call(document.querySelectorAll("#timeline li")).forEach(function (li) {
      var on = Number(li.getAttribute("data-at")) === at;
      li.classList.toggle("selected", on);
      if (on) li.scrollIntoView({ block: "nearest" });
    });
    var main = document.getElementById("main");
    clear(main);
    var head = el("header", null, [
      el("div", { id: "step-title", text: "step " + stepName(step) + "  " + step.spelling }),
      el("span", { class: "status " + step.status, id: "step-status", text: step.status }),
      el("span", { class: "meta", text: "  " + (where(step) || "") + "  ·  " + duration(step.wall.duration_us) +
        "  ·  generation " + step.generation.before + " → " + step.generation.after +
        (step.logical.duration_ms ? "  ·  clock +" + step.logical.duration_ms + " ms" : "") })
    ]);
    main.appendChild(head);

    if (step.error) {
      var error = el("section", { id: "error" }, [el("h2", { text: "Error" })]);
      var body = el("div", { class: "error" }, [
        el("div", { class: "where", text: "step " + stepName(step) + " " + (where(step) || "(no source location)") }),
        el("pre", { text: step.error.message })
      ]);
      if (step.error.suggestions && step.error.suggestions.length) {
        body.appendChild(el("div", { class: "where", text: "suggested: " + step.error.suggestions.join(", ") }));
      }
      error.appendChild(body);
      main.appendChild(error);
    }

    // The screen, before or after, with the changed cells marked.
    var screenSection = el("section", { id: "screen-section" }, [el("h2", { text: "Screen" })]);
    var after = step.screen != null ? screenCells(step.screen) : null;
    var before = step.screen_before != null ? screenCells(step.screen_before) : null;
    var toggle = el("div", { class: "toggle" });
    var afterButton = el("button", { id: "show-after", text: "After", type: "button" });
    var beforeButton = el("button", { id: "show-before", text: "Before", type: "button" });
    toggle.appendChild(beforeButton);
    toggle.appendChild(afterButton);
    screenSection.appendChild(toggle);
    screenSection.appendChild(el("span", { class: "legend", text: "changed cells are marked; B toggles" }));
    var screenBox = el("div", { id: "screen" });
    var grid = el("div", { id: "screen-grid" });
    screenBox.appendChild(grid);
    screenSection.appendChild(el("div", null, [screenBox]));
    function render() {
      var showBefore = state.before && before;
      beforeButton.classList.toggle("on", !!showBefore);
      afterButton.classList.toggle("on", !showBefore);
      drawScreen(grid, showBefore ? before : after, showBefore ? after : before);
      Array.prototype.slice.call(screenBox.querySelectorAll(".outline, .hit-point")).forEach(function (n) { n.parentNode.removeChild(n); });
      var target = step.target;
      if (target && target.bounds) {
        var b = target.bounds;
        box(screenBox, "target-outline", b[0], b[1], b[2], b[3]).id = "target-outline";
      }
      if (target && target.hit) {
        var dot = el("div", { class: "hit-point", id: "hit-point" });
        dot.style.left = "calc(" + target.hit[0] + " * 1ch)";
        dot.style.top = "calc(" + target.hit[1] + " * 1.25em)";
        dot.setAttribute("data-hit", target.hit.join(","));
        screenBox.appendChild(dot);
      }
    }
    afterButton.addEventListener("click", function () { state.before = false; render(); });
    beforeButton.addEventListener("click", function () { state.before = true; render(); });
    state.render = render;
    render();
    main.appendChild(screenSection);

    var facts = el("dl", { class: "facts" });
    fact(facts, "written", where(step));
    fact(facts, "plane", doc.plane);
    if (step.inputs && step.inputs.length) fact(facts, "inputs", step.inputs.map(inputText).join("; "));
    if (step.target) {
      var t = step.target;
      var text = t.selector + (t.path ? " → " + t.path : "");
      if (t.bounds) text += " at " + t.bounds[0] + "," + t.bounds[1] + " " + t.bounds[2] + "x" + t.bounds[3];
      if (t.hit) text += ", hit at " + t.hit[0] + "," + t.hit[1];
      if (t.on_top) text += ", " + t.on_top + " on top";
      fact(facts, "target", text);
    }
    if (step.settle) {
      fact(facts, "settled", step.settle.kind + (step.settle.inputs != null ? " (" + step.settle.inputs + " inputs)" : "") +
        (step.settle.detail ? ": " + step.settle.detail : ""));
    }
    fact(facts, "exit", step.exit);
    main.appendChild(el("section", { id: "facts" }, [el("h2", { text: "Step" }), facts]));

    if (step.waits && step.waits.length) {
      var table = el("table", { class: "waits" }, [el("tr", null, [el("th", { text: "generation" }), el("th", { text: "result" }), el("th", { text: "why" })])]);
      step.waits.forEach(function (wait) {
        table.appendChild(el("tr", null, [
          el("td", { text: String(wait.generation) }),
          el("td", { class: wait.holds ? "held" : "not-held", text: wait.holds ? "held" : "did not hold" }),
          el("td", { text: wait.why || "" })
        ]));
      });
      main.appendChild(el("section", { id: "waits" }, [el("h2", { text: "Wait evaluations" }), table]));
    }

    if (step.checkpoints && step.checkpoints.length) {
      var checkpoints = el("section", { id: "checkpoints" }, [el("h2", { text: "Checkpoints and goldens" })]);
      step.checkpoints.forEach(function (checkpoint) {
        checkpoints.appendChild(el("div", { text: "checkpoint " + checkpoint.name }));
        (checkpoint.goldens || []).forEach(function (golden) {
          var card = el("div", { class: "golden" }, [
            el("div", { text: golden.format + ": " + golden.status }),
            el("div", { class: "muted", text: "expected " + golden.expected + (golden.actual ? " · actual " + golden.actual : "") })
          ]);
          if (golden.diff) card.appendChild(el("pre", { text: golden.diff }));
          checkpoints.appendChild(card);
        });
      });
      main.appendChild(checkpoints);
    }

    var treeSection = el("section", { id: "tree-section" }, [el("h2", { text: "Tree after the step (hover a node to outline it)" })]);
    var tree = el("div", { id: "tree" });
    treeSection.appendChild(tree);
    main.appendChild(treeSection);
    drawTree(tree, step.tree, screenBox);
  }

  // --- the page -----------------------------------------------------------
  function build() {
    var app = document.getElementById("app");
    var header = el("header", null, [
      el("h1", { text: doc.title }),
      el("div", { class: "meta", text: doc.outcome + " · plane " + doc.plane + " · " + doc.steps.length + " steps" })
    ]);
    if (doc.truncated) {
      header.appendChild(el("div", { class: "truncated", text: "the oldest " + doc.truncated.dropped_steps +
        " steps were dropped (" + doc.truncated.reason + "); the newest are kept" }));
    }
    var list = el("ul", { id: "timeline" });
    var icons = { passed: "✓", failed: "✗", skipped: "↷", unfinished: "…" };
    doc.steps.forEach(function (step, at) {
      var li = el("li", { class: step.status, "data-at": String(at), "data-index": String(step.index), title: where(step) || "" }, [
        el("span", { class: "icon", text: icons[step.status] || "?" }),
        el("span", { class: "index", text: stepName(step) }),
        el("span", { class: "spelling", text: step.spelling }),
        el("span", { class: "duration", text: duration(step.wall.duration_us) })
      ]);
      li.addEventListener("click", function () { showStep(at); });
      list.appendChild(li);
    });
    var side = el("aside", { id: "side" }, [header, list, el("div", { class: "keys", text: "← → step · B before/after" })]);
    app.appendChild(side);
    app.appendChild(el("main", { id: "main" }));
    document.addEventListener("keydown", function (event) {
      if (event.key === "ArrowRight" || event.key === "ArrowDown" || event.key === "j") {
        if (state.at + 1 < doc.steps.length) showStep(state.at + 1);
        event.preventDefault();
      } else if (event.key === "ArrowLeft" || event.key === "ArrowUp" || event.key === "k") {
        if (state.at > 0) showStep(state.at - 1);
        event.preventDefault();
      } else if (event.key === "b" || event.key === "B") {
        state.before = !state.before;
        if (state.render) state.render();
      }
    });
    var first = doc.failed_step != null ? doc.failed_step : Math.max(doc.steps.length - 1, 0);
    if (doc.steps.length) showStep(first);
    else document.getElementById("main").appendChild(el("p", { class: "muted", text: "no steps were recorded" }));
    // When the page showed its first step, for measurements.
    document.body.setAttribute("data-ready-ms", String(Math.round(performance.now())));
    document.body.setAttribute("data-ready", "true");
  }
  // The embedded document: base64 of gzipped JSON, inflated by the browser.
  function load() {
    var text = document.getElementById("trace-data").textContent.replace(/\s+/g, "");
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }
  function fail(error) {
    var app = document.getElementById("app");
    clear(app);
    app.appendChild(el("p", { class: "muted", text: "this trace could not be read: " + error + " (trace.json beside it holds the same document)" }));
    document.body.setAttribute("data-error", String(error));
  }
  if (typeof DecompressionStream === "undefined") {
    fail("this browser has no DecompressionStream (Chromium 80, Firefox 113, Safari 16.4 or newer have it)");
    return;
  }
  load().then(function (loaded) { doc = loaded; build(); }).catch(fail);
})();
