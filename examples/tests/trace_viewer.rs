//! trace.html in a real browser: Debian's Chromium, headless, opens the
//! trace of a real failing run of the login app from `file://` and the
//! test reads the page as a person sees it — the failing step selected,
//! its screen's text, the outline of its target, ← and → moving between
//! steps, the before/after toggle marking changed cells, a tree node's
//! hover outline.
//!
//! `.ci/run` installs `chromium`, so CI always runs this. Where no Chromium
//! is installed (a developer's machine), the test says so loudly and does
//! nothing; under `CI=true` a missing browser fails it.

use std::io::Write as _;
use std::path::PathBuf;

use headless_chrome::{Browser, LaunchOptions, Tab};
use rehearse::prelude::*;
use rehearse::trace::{TraceDocument, TraceMode, TraceNote, TraceOptions, TracePaths};
use rehearse_examples::login::LoginApp;
use rehearse_examples::todo::{TodoApp, ids};

/// Chromium's path: `CHROME` if set, else the first of Debian's names on
/// `PATH`.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROME") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find_map(|dir| {
        ["chromium", "chromium-browser", "google-chrome"]
            .iter()
            .map(|name| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

fn browser() -> Option<Browser> {
    let Some(path) = chromium() else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI must install chromium (.ci/run does): the trace viewer test cannot run"
        );
        // Straight to the terminal: the test harness would swallow `eprintln!`.
        let _ = writeln!(
            std::io::stderr(),
            "\n*** SKIPPED: no Chromium found (install Debian's `chromium` or set CHROME); \
             trace.html was not opened in a browser ***\n"
        );
        return None;
    };
    let options = LaunchOptions::default_builder()
        .path(Some(path))
        .headless(true)
        .sandbox(false)
        .window_size(Some((1400, 1000)))
        .build()
        .expect("launch options");
    Some(Browser::new(options).expect("Chromium starts"))
}

fn eval(tab: &Tab, script: &str) -> serde_json::Value {
    tab.evaluate(script, false).expect("the script runs").value.unwrap_or(serde_json::Value::Null)
}

fn text(tab: &Tab, script: &str) -> String {
    eval(tab, script).as_str().map(str::to_owned).unwrap_or_default()
}

/// A real failing run's trace: the sign-in button is disabled while the
/// password is empty, so the click on it fails.
fn failing_trace(dir: &std::path::Path) -> TracePaths {
    let mut session = Session::new(LoginApp::default(), SessionOptions::default().viewport(60, 16))
        .traced(TraceOptions::new().mode(TraceMode::RetainOnFailure).dir(dir));
    let error = session
        .run(scenario! {
            click:#user;
            type:"ada";
            click:#submit;
        })
        .unwrap_err();
    match error.failed.trace.as_deref() {
        Some(TraceNote::Written(paths)) => paths.clone(),
        other => panic!("the failing run kept no trace: {other:?}"),
    }
}

#[test]
fn a_person_sees_the_failing_step_its_screen_and_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let paths = failing_trace(dir.path());
    let Some(browser) = browser() else { return };
    let tab = browser.new_tab().unwrap();
    tab.navigate_to(&format!("file://{}", paths.html.display())).unwrap();
    tab.wait_until_navigated().unwrap();
    tab.wait_for_element("body[data-ready=true]").unwrap();

    // The failing step is selected and shown.
    let selected = text(&tab, "document.querySelector('#timeline li.selected').dataset.index");
    assert_eq!(selected, "2");
    assert_eq!(
        text(&tab, "document.querySelector('#timeline li.selected').className"),
        "failed selected"
    );
    let title = text(&tab, "document.getElementById('step-title').textContent");
    assert!(title.contains("click:#submit"), "{title}");
    let error = text(&tab, "document.querySelector('#error pre').textContent");
    assert!(error.contains("disabled"), "{error}");
    let location = text(&tab, "document.querySelector('#error .where').textContent");
    assert!(location.contains("tests/trace_viewer.rs:"), "{location}");

    // Its screen, as text in the page.
    let screen = text(&tab, "document.getElementById('screen-grid').innerText");
    assert!(screen.contains("Sign in"), "{screen}");
    assert!(screen.contains("ada"), "{screen}");

    // The target is outlined where the button is, in cells.
    let bounds = text(&tab, "document.getElementById('target-outline').dataset.bounds");
    // (Read from trace.json beside the page: the page embeds it gzipped.)
    let document = TraceDocument::from_json(&std::fs::read_to_string(&paths.json).unwrap())
        .expect("trace.json reads back");
    let target = document.steps[2].target.as_ref().expect("the failing click has a target");
    let button =
        target.bounds.expect("the button has bounds").map(|cell| cell.to_string()).join(",");
    assert_eq!(bounds, button);
    // …and it lies over the button's glyphs on the page.
    let covers = eval(
        &tab,
        "(function(){var o=document.getElementById('target-outline').getBoundingClientRect();\
         var cells=[].slice.call(document.querySelectorAll('#screen-grid .cell'));\
         var hit=cells.filter(function(c){var r=c.getBoundingClientRect();\
           return r.left>=o.left-1&&r.right<=o.right+1&&r.top>=o.top-1&&r.bottom<=o.bottom+1;});\
         return hit.map(function(c){return c.textContent;}).join('');})()",
    );
    assert!(covers.as_str().unwrap().contains("Sign in"), "{covers}");

    // → and ← move between steps.
    tab.press_key("ArrowLeft").unwrap();
    assert_eq!(text(&tab, "document.querySelector('#timeline li.selected').dataset.index"), "1");
    let title = text(&tab, "document.getElementById('step-title').textContent");
    assert!(title.contains("type:\"ada\""), "{title}");
    // Typing changed cells: before/after marks them.
    let changed = eval(&tab, "document.querySelectorAll('#screen-grid .cell.changed').length");
    assert!(changed.as_u64().unwrap() >= 3, "{changed}");
    tab.press_key("b").unwrap();
    assert!(
        eval(&tab, "document.getElementById('show-before').classList.contains('on')")
            .as_bool()
            .unwrap()
    );
    let before = text(&tab, "document.getElementById('screen-grid').innerText");
    assert!(!before.contains("ada"), "{before}");
    tab.press_key("ArrowRight").unwrap();
    assert_eq!(text(&tab, "document.querySelector('#timeline li.selected').dataset.index"), "2");

    // Hovering a tree node outlines its bounds on the screen.
    let outlined = eval(
        &tab,
        "(function(){var n=[].slice.call(document.querySelectorAll('#tree .node'))\
           .filter(function(n){return n.textContent.indexOf('#submit')>=0;})[0];\
         n.dispatchEvent(new MouseEvent('mouseenter'));\
         var o=document.querySelector('#screen .hover-outline');\
         return o?o.dataset.bounds:null;})()",
    );
    assert_eq!(outlined.as_str(), Some(bounds.as_str()));
}

/// A trace of 1,000 steps on the todo app with 200 items at 120x40: clicks
/// on rows' checkboxes, keys in the list, typing in the input.
fn thousand_steps(dir: &std::path::Path) -> TracePaths {
    let mut session =
        Session::new(TodoApp::with_items(200), SessionOptions::default().viewport(120, 40))
            .traced(TraceOptions::new().mode(TraceMode::On).dir(dir).title("1000 steps"));
    let steps: Vec<AutomationStep> = (0..1000)
        .map(|at| match at % 5 {
            0 => AutomationStep::click(Selector::id(ids::toggle(at % 20 + 1))),
            1 => AutomationStep::focus(Selector::id(ids::LIST)),
            // Down and back up, so the rows stay in view.
            2 if at % 10 == 2 => AutomationStep::key(KeyCode::Down),
            2 => AutomationStep::key(KeyCode::Up),
            3 => AutomationStep::click(Selector::id(ids::NEW_TODO)),
            _ => AutomationStep::type_text("x"),
        })
        .collect();
    let report = session.run(steps).expect("the steps run");
    match report.trace.as_deref() {
        Some(TraceNote::Written(paths)) => paths.clone(),
        other => panic!("no trace: {other:?}"),
    }
}

/// A thousand engine steps stay within 2 MB on disk (docs/performance.md).
#[test]
fn a_thousand_engine_steps_take_at_most_two_megabytes() {
    let dir = tempfile::tempdir().unwrap();
    let paths = thousand_steps(dir.path());
    let size = |path: &std::path::Path| std::fs::metadata(path).unwrap().len();
    let (json, markdown, html) = (size(&paths.json), size(&paths.markdown), size(&paths.html));
    let total = json + markdown + html;
    let _ = writeln!(
        std::io::stderr(),
        "1,000 steps: trace.json {json} B, trace.md {markdown} B, trace.html {html} B, {total} B in all"
    );
    assert!(total <= 2 * 1024 * 1024, "{total} bytes");
}

/// How long the viewer takes to show the first step of a 1,000-step trace
/// in headless Chromium: a measurement for docs/performance.md, not an
/// assertion (`cargo test -p rehearse-examples --test integration trace_viewer:: -- --ignored`).
#[test]
#[ignore = "a measurement: run it by hand"]
fn measure_how_fast_a_thousand_step_trace_opens() {
    let dir = tempfile::tempdir().unwrap();
    let paths = thousand_steps(dir.path());
    let Some(browser) = browser() else { return };
    for _ in 0..3 {
        let tab = browser.new_tab().unwrap();
        tab.navigate_to(&format!("file://{}", paths.html.display())).unwrap();
        tab.wait_for_element("body[data-ready=true]").unwrap();
        let shown = eval(&tab, "Number(document.body.dataset.readyMs)");
        let _ =
            writeln!(std::io::stderr(), "first step shown after {shown} ms (performance.now())");
        tab.close(true).unwrap();
    }
}
