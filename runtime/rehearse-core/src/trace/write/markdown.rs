//! `trace.md`: a trace as an agent reads it — the failure first (the
//! error, where the step was written, its target, its waits, the screen
//! and tree it failed on), then every step with what it did and the rows
//! of the screen it changed (the whole screen once, at the first step).

use std::fmt::Write as _;

use crate::trace::model::{InputRecord, StepRecord, StepStatus, TraceDocument, TraceOutcome};

/// The document as Markdown.
pub fn render(document: &TraceDocument) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Trace: {}\n", document.title);
    let failed = document.failure();
    let _ = writeln!(
        out,
        "{} · plane `{}` · {} step{}",
        match document.outcome {
            TraceOutcome::Passed => "passed",
            TraceOutcome::Failed => "**failed**",
        },
        document.plane,
        document.steps.len(),
        if document.steps.len() == 1 { "" } else { "s" },
    );
    if let Some(truncated) = &document.truncated {
        let _ = writeln!(
            out,
            "\nThe oldest {} steps were dropped to keep the trace within its bounds ({}); the newest are kept.",
            truncated.dropped_steps, truncated.reason
        );
    }
    if let Some(step) = failed {
        failure(&mut out, document, step);
    }
    let _ = writeln!(out, "\n## Steps");
    for (at, step) in document.steps.iter().enumerate() {
        // The whole screen once, at the start; after that, what changed.
        step_section(&mut out, document, step, at == 0);
    }
    out
}

fn failure(out: &mut String, document: &TraceDocument, step: &StepRecord) {
    let _ = writeln!(out, "\n## Failure\n");
    let _ = writeln!(out, "Step {} {} failed:\n", name(step), written(step));
    if let Some(error) = &step.error {
        fence(out, "text", &error.message);
        if !error.suggestions.is_empty() {
            let _ = writeln!(out, "Suggested: {}\n", error.suggestions.join(", "));
        }
    }
    facts(out, step);
    if let Some(screen) = step.screen {
        let _ = writeln!(out, "Screen when it failed:\n");
        fence(out, "text", &document.screen_text(screen).join("\n"));
    }
    if let Some(tree) = step.tree {
        let _ = writeln!(out, "Tree when it failed:\n");
        let mut text = String::new();
        if let Some(tree) = document.trees.get(tree) {
            tree_lines(&mut text, document, tree.root, 0);
        }
        fence(out, "markdown", text.trim_end());
    }
}

fn step_section(out: &mut String, document: &TraceDocument, step: &StepRecord, first: bool) {
    let status = match step.status {
        StepStatus::Passed => "passed",
        StepStatus::Failed => "**failed**",
        StepStatus::Skipped => "skipped (its guard did not hold)",
        StepStatus::Unfinished => "unfinished",
    };
    let _ = writeln!(
        out,
        "\n### Step {} `{}` — {status}\n",
        name(step),
        step.spelling.replace('`', "'")
    );
    let mut line = format!(
        "- generation {} → {}, {} µs",
        step.generation.before, step.generation.after, step.wall.duration_us
    );
    if step.logical.duration_ms > 0 {
        let _ = write!(line, ", the clock moved {} ms", step.logical.duration_ms);
    }
    let _ = writeln!(out, "{line}");
    if let Some(origin) = &step.origin {
        let _ = writeln!(out, "- written at {}", place(origin));
    }
    facts(out, step);
    if let Some(error) = &step.error {
        let _ = writeln!(out, "- error: {}", first_line(&error.message));
    }
    match (step.screen_before, step.screen) {
        (Some(before), Some(after)) if before != after => {
            let (old, new) = (document.screen_text(before), document.screen_text(after));
            let mut diff = String::new();
            for row in 0..old.len().max(new.len()) {
                let (a, b) = (old.get(row), new.get(row));
                if a != b {
                    let _ = writeln!(diff, "- {row:>3}| {}", a.map_or("", String::as_str));
                    let _ = writeln!(diff, "+ {row:>3}| {}", b.map_or("", String::as_str));
                }
            }
            if !diff.is_empty() {
                let _ = writeln!(out, "\nRows that changed (- before, + after):\n");
                fence(out, "diff", diff.trim_end());
            }
            if first {
                let _ = writeln!(out, "Screen after:\n");
                fence(out, "text", &numbered(&new));
            }
        }
        (_, Some(screen)) if first => {
            let _ = writeln!(out, "- the screen did not change:\n");
            fence(out, "text", &numbered(&document.screen_text(screen)));
        }
        _ => {
            let _ = writeln!(out, "- the screen did not change");
        }
    }
}

/// The facts every step section and the failure list.
fn facts(out: &mut String, step: &StepRecord) {
    if !step.inputs.is_empty() {
        let inputs: Vec<String> = step.inputs.iter().map(input).collect();
        let _ = writeln!(out, "- inputs: {}", inputs.join("; "));
    }
    if let Some(target) = &step.target {
        let mut text = format!("`{}`", target.selector);
        if let Some(path) = &target.path {
            let _ = write!(text, " → {path}");
        }
        if let Some([x, y, w, h]) = target.bounds {
            let _ = write!(text, " at {x},{y} {w}x{h}");
        }
        if let Some([col, row]) = target.hit {
            let _ = write!(text, ", hit at {col},{row}");
        }
        if let Some(on_top) = &target.on_top {
            let _ = write!(text, ", {on_top} on top");
        }
        let _ = writeln!(out, "- target: {text}");
    }
    if let Some(settle) = &step.settle {
        let mut text = settle.kind.clone();
        if let Some(inputs) = settle.inputs {
            let _ = write!(text, " (acknowledging {inputs} inputs)");
        }
        if let Some(detail) = &settle.detail {
            let _ = write!(text, ": {detail}");
        }
        let _ = writeln!(out, "- settled: {text}");
    }
    for wait in &step.waits {
        let verdict = if wait.holds { "held".to_owned() } else { "did not hold".to_owned() };
        let why = wait.why.as_deref().map(|why| format!(": {why}")).unwrap_or_default();
        let _ = writeln!(out, "- wait on generation {}: {verdict}{why}", wait.generation);
    }
    for checkpoint in &step.checkpoints {
        let _ = writeln!(out, "- checkpoint `{}`", checkpoint.name);
        for golden in &checkpoint.goldens {
            let actual = golden
                .actual
                .as_deref()
                .map(|actual| format!(", actual in {actual}"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  - {} golden {}: {:?}{actual}",
                golden.format, golden.expected, golden.status
            );
            if let Some(diff) = &golden.diff {
                let mut block = String::new();
                for line in diff.lines() {
                    let _ = writeln!(block, "    {line}");
                }
                let _ = writeln!(out, "\n{block}");
            }
        }
    }
    if let Some(exit) = &step.exit {
        let _ = writeln!(out, "- the program ended: {exit}");
    }
}

fn input(input: &InputRecord) -> String {
    match input {
        InputRecord::Pointer { action, button, col, row } => match button {
            Some(button) => format!("{action} {button} at {col},{row}"),
            None => format!("{action} at {col},{row}"),
        },
        InputRecord::Key { key } => format!("key {key}"),
        InputRecord::Text { text } => format!("text {text:?}"),
        InputRecord::Paste { text } => format!("paste {text:?}"),
        InputRecord::Raw { text } => format!("bytes \"{text}\""),
        InputRecord::Secret { reference } => format!("secret {reference}"),
        InputRecord::Focus { target } => format!("focus {target}"),
    }
}

fn tree_lines(out: &mut String, document: &TraceDocument, at: usize, depth: usize) {
    let Some(node) = document.nodes.get(at) else { return };
    let mut line = format!("{}- {}", "  ".repeat(depth), node.role);
    if !node.name.is_empty() {
        let _ = write!(line, " {:?}", node.name);
    }
    if let Some(id) = &node.id {
        let _ = write!(line, " #{id}");
    }
    if let Some(value) = &node.value {
        match value.get("text").and_then(|text| text.as_str()) {
            Some(text) => {
                let _ = write!(line, " value={text:?}");
            }
            None => {
                let sensitivity = value.get("sensitivity").and_then(|s| s.as_str()).unwrap_or("");
                let _ = write!(line, " value=<{sensitivity}>");
            }
        }
    }
    if let Some(states) = node.states.as_object() {
        let flags: Vec<String> = states
            .iter()
            .filter_map(|(key, value)| match value {
                serde_json::Value::Bool(true) if key != "enabled" => Some(key.clone()),
                serde_json::Value::Bool(false) if key == "enabled" => Some("disabled".into()),
                serde_json::Value::String(text) => Some(format!("{key}={text}")),
                _ => None,
            })
            .collect();
        if !flags.is_empty() {
            let _ = write!(line, " [{}]", flags.join(", "));
        }
    }
    let [x, y, w, h] = node.bounds;
    let _ = writeln!(line, " at {x},{y} {w}x{h}");
    out.push_str(&line);
    for &child in &node.children {
        tree_lines(out, document, child, depth + 1);
    }
}

fn name(step: &StepRecord) -> String {
    step.label.clone().unwrap_or_else(|| step.index.to_string())
}

fn written(step: &StepRecord) -> String {
    let spelling = format!("`{}`", step.spelling.replace('`', "'"));
    match &step.origin {
        Some(origin) => format!("{spelling} ({})", place(origin)),
        None => spelling,
    }
}

fn place(origin: &crate::trace::model::OriginRecord) -> String {
    match &origin.file {
        Some(file) => format!("{file}:{}:{}", origin.line, origin.column),
        None => format!("line {}, column {}", origin.line, origin.column),
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

fn numbered(rows: &[String]) -> String {
    let mut out = String::new();
    for (row, text) in rows.iter().enumerate() {
        let _ = writeln!(out, "{row:>3}| {text}");
    }
    out.trim_end().to_owned()
}

/// A fenced block long enough that no line of `text` closes it.
fn fence(out: &mut String, language: &str, text: &str) {
    let longest = text
        .lines()
        .map(|line| line.trim_start().chars().take_while(|&c| c == '`').count())
        .max()
        .unwrap_or(0);
    let ticks = "`".repeat(longest.max(2) + 1);
    let _ = writeln!(out, "{ticks}{language}\n{text}\n{ticks}\n");
}
