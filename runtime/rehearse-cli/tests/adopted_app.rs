//! A plain ratatui app adopted with `rehearse::adopt` (the shopping list
//! example), driven as its real binary: in a PTY held by `rehearse open`,
//! where it serves the socket the host offers it, and off screen by
//! `rehearse run`. Its tree, `#id` and `@role` reach the binary either way.

use crate::support;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use rehearse_control::Client;
use rehearse_protocol::message::{Act, OkReply, RequestBody};
use serde_json::Value;
use support::{Runtime, example};

/// The adopted shopping list's binary, built once.
fn shopping() -> &'static str {
    static SHOPPING: OnceLock<PathBuf> = OnceLock::new();
    SHOPPING.get_or_init(|| example("shopping")).to_str().unwrap()
}

/// The most recent session's discovery file.
fn discovered(runtime: &Runtime) -> Value {
    let text = std::fs::read_to_string(runtime.sessions().join("latest.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// Runs `script` on the session served at `socket`; the generation it
/// committed, or the server's error.
fn act(socket: &str, script: &str) -> Result<u64, String> {
    let mut client = Client::connect(socket).map_err(|error| error.to_string())?;
    match client.request(RequestBody::Act(Act { script: script.into() }), 10_000) {
        Ok(OkReply::Act(acted)) => Ok(acted.generation),
        Ok(other) => Err(format!("answered `{}`", other.op())),
        Err(error) => Err(error.to_string()),
    }
}

/// Waits (at most 10 s) until `holds` is true of what `look` returns; the
/// last look.
fn eventually(mut look: impl FnMut() -> String, holds: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let seen = look();
        if holds(&seen) || Instant::now() > deadline {
            return seen;
        }
        std::thread::yield_now();
    }
}

/// Every node's (automation id, role, focused) in the JSON tree.
fn nodes(tree: &Value, into: &mut Vec<(String, String, bool)>) {
    into.push((
        tree["id"].as_str().unwrap_or_default().to_owned(),
        tree["role"].as_str().unwrap_or_default().to_owned(),
        tree["states"]["focused"].as_bool().unwrap_or(false),
    ));
    for child in tree["children"].as_array().into_iter().flatten() {
        nodes(child, into);
    }
}

fn tree_of(runtime: &Runtime) -> Vec<(String, String, bool)> {
    let text = runtime.ok(&["snapshot", "--format", "json"]);
    let tree: Value = serde_json::from_str(&text).unwrap();
    let mut found = Vec::new();
    nodes(&tree["root"], &mut found);
    found
}

fn has(tree: &[(String, String, bool)], id: &str, role: &str) -> bool {
    tree.iter().any(|(i, r, _)| i == id && r == role)
}

fn focused(tree: &[(String, String, bool)]) -> Option<String> {
    tree.iter().find(|(id, _, focused)| *focused && !id.is_empty()).map(|(id, ..)| id.clone())
}

#[test]
fn in_a_pty_the_adopted_binary_publishes_its_tree_and_takes_selector_steps() {
    let runtime = Runtime::new();
    runtime.ok(&["open", "--exec", shopping(), "--size", "60x14"]);
    let found = discovered(&runtime);
    let app = found["app"].as_str().expect("the adopted app serves the socket the host offered");
    let host = found["socket"].as_str().unwrap().to_owned();

    // Its tree, with the ids and roles its tags declare.
    let tree = tree_of(&runtime);
    for (id, role) in [("new-item", "text-box"), ("items", "list"), ("status", "status")] {
        assert!(has(&tree, id, role), "no #{id} as @{role} in {tree:?}");
    }
    assert_eq!(focused(&tree).as_deref(), Some("new-item"));

    // Selector steps over its socket reach the binary in the PTY, and what
    // it draws there is what a person sees.
    act(
        app,
        "click:#new-item\ntype:oat milk\nkey:enter\nwait-for:text=\"Added oat milk\",#status,5000",
    )
    .unwrap();
    let screen = eventually(
        || runtime.ok(&["snapshot", "--format", "terminal"]),
        |screen| screen.contains("Added oat milk"),
    );
    assert!(screen.contains("oat milk") && screen.contains("Added oat milk"), "{screen}");
    act(app, "click:@list-item=Eggs\nwait-for:focused,#items,5000").unwrap();
    let error = act(app, "click:#nope").unwrap_err();
    assert!(error.contains("nope") && error.contains("new-item"), "{error}");
    // It redraws every 250 ms with nothing new to show: it still settles.
    runtime.ok(&["wait", "--idle-ms", "600", "--timeout-ms", "10000"]);
    // Its size is the terminal's, and its clock the wall clock.
    let error = act(app, "resize:30x8").unwrap_err();
    assert!(error.contains("real terminal"), "{error}");
    let error = act(app, "wait:100").unwrap_err();
    assert!(error.contains("sleep:"), "{error}");

    // A person's keys in the terminal reach it too: Tab through the PTY
    // moves its focus back to the field, and its own commit shows that.
    act(&host, "key:tab").unwrap();
    let tree = eventually(
        || format!("{:?}", tree_of(&runtime)),
        |tree| tree.contains("\"new-item\", \"text-box\", true"),
    );
    assert!(tree.contains("\"new-item\", \"text-box\", true"), "{tree}");

    // Esc in the terminal quits the app: its loop ends, so does its host.
    let pid = found["pid"].as_u64().unwrap();
    act(&host, "key:esc").unwrap();
    let gone = eventually(
        || std::fs::exists(format!("/proc/{pid}")).unwrap().to_string(),
        |exists| exists == "false",
    );
    assert_eq!(gone, "false", "the host ends with its program");
    assert!(!Path::new(app).exists(), "the app's socket is removed");
}

#[test]
fn run_drives_the_adopted_binary_off_screen_with_ids() {
    let runtime = Runtime::new();
    let write = |name: &str, text: &str| {
        let path = runtime.dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let out = runtime.dir.path().join("out");
    let script = write(
        "add.rehearse",
        "click:#new-item\ntype:tea\nkey:enter\nwait-for:text=\"Added tea\",#status,5000\ncheckpoint:added\n",
    );
    runtime.ok(&[
        "run",
        &script,
        "--size",
        "60x14",
        "--out",
        out.to_str().unwrap(),
        "--",
        shopping(),
    ]);
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["outcome"], "passed");
    assert_eq!(report["plane"], "app");
    let added = std::fs::read_to_string(out.join("added.md")).unwrap();
    assert!(added.contains("tea") && added.contains("#items"), "{added}");
    // An id the app does not declare is refused before anything runs.
    let wrong = write("wrong.rehearse", "click:#basket\n");
    let error = runtime.fails(&["run", &wrong, "--", shopping()], 4);
    assert!(error.contains("basket") && error.contains("new-item"), "{error}");
}
