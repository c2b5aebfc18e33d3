//! The terminal plane runs the same steps through the same executor as the
//! engine plane: scripts and step lists against bash and the mouse fixture,
//! with the same `RunReport` / `StepError` shapes.

use crate::common;

use std::time::Duration;

use common::{PROMPT, fixture};
use rehearse_core::AutomationError;
use rehearse_core::artifacts::{Artifacts, Format};
use rehearse_lang::{
    AutomationStep, KeyCode, Predicate, ScrollDirection, Selector, SemanticRole, WaitCondition,
};
use rehearse_pty::{PtySessionOptions, Terminal};

const WAIT: Duration = Duration::from_secs(10);

fn exists(text: &str) -> AutomationStep {
    AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::text_contains(text)),
        WAIT,
    )
}

/// Every byte the echo fixture has reported reading, as hex, in order.
fn echoed(terminal: &Terminal) -> String {
    let pty = terminal.pty();
    let all = pty.scrollback_text() + "\n" + &pty.screen_text();
    all.lines().filter_map(|line| line.strip_prefix("in: ")).collect::<Vec<_>>().join(" ")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_script_drives_bash_types_waits_checkpoints_and_resizes() {
    let dir = tempfile::tempdir().unwrap();
    let mut terminal = Terminal::spawn(common::bash()).unwrap();
    terminal.add_artifacts(Artifacts::new(dir.path()).formats([Format::Text])).unwrap();
    let script = format!(
        "wait-for:exists,text~\"{PROMPT}\",5000\n\
         type:\"echo $((6*7))\"\n\
         key:enter\n\
         wait-for:exists,text~\"42\",5000\n\
         checkpoint:answered\n\
         resize:60x12\n\
         wait-for:missing,text~\"nothing like this\",5000\n\
         drain"
    );
    let report = terminal.run_script(&script).unwrap();

    assert_eq!(report.steps.len(), 8);
    let generations: Vec<u64> = report.steps.iter().map(|step| step.generation.0).collect();
    assert!(generations.windows(2).all(|pair| pair[1] == pair[0] + 1), "{generations:?}");
    assert_eq!(report.steps[4].step, AutomationStep::checkpoint("answered"));
    assert_eq!(terminal.checkpoints(), [("answered".to_owned(), report.steps[4].generation)]);

    // The checkpoint's text artifact is the settled screen: the command and
    // its answer on lines of their own.
    let text = std::fs::read_to_string(dir.path().join("answered.txt")).unwrap();
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    assert!(lines.contains(&"READY$ echo $((6*7))"), "{text}");
    assert!(lines.contains(&"42"), "{text}");

    // The resize reached the emulator, the PTY and the committed frame.
    assert_eq!(terminal.pty().size(), (60, 12));
    let viewport = terminal.frame().viewport;
    assert_eq!((viewport.width, viewport.height), (60, 12));
    assert_eq!(terminal.tree().root.bounds.width, 60);

    // The screen tree: one `text` node per non-blank line, named by its text.
    let answer = terminal.tree().containing_text("42");
    assert_eq!(answer.len(), 1, "only the answer line holds 42");
    assert_eq!(answer[0].role, SemanticRole::Text);
    assert_eq!(answer[0].name, "42");
    assert_eq!((answer[0].bounds.x, answer[0].bounds.width), (0, 2));
}

#[test]
fn clicks_go_to_the_centre_of_the_matched_text_as_exact_sgr_bytes() {
    let options = PtySessionOptions::new(fixture("echo")).size(80, 24);
    let mut terminal = Terminal::spawn(options).unwrap();
    terminal.run(vec![exists("ready")]).unwrap();

    // `ady` sits in cells 2..=4 of the line `ready`: its centre is column 3
    // (SGR 1-based x = 4), not the line's centre (column 2). The hover
    // before the press sends nothing under `?1000` (no motion reporting).
    let steps = vec![
        AutomationStep::click(Selector::text_contains("ady")),
        exists("total=18"),
        AutomationStep::right_click(Selector::point(20, 3)),
        exists("total=38"),
        AutomationStep::scroll_at(Selector::text_contains("ready"), ScrollDirection::Down),
        exists("total=48"),
    ];
    terminal.run(steps).unwrap();
    let expected =
        [&b"\x1b[<0;4;1M\x1b[<0;4;1m"[..], b"\x1b[<2;21;4M\x1b[<2;21;4m", b"\x1b[<65;3;1M"]
            .concat();
    assert_eq!(echoed(&terminal), hex(&expected));
}

#[test]
fn a_click_on_a_regex_goes_to_the_centre_of_what_it_matched() {
    let options = PtySessionOptions::new(fixture("echo")).size(80, 24);
    let mut terminal = Terminal::spawn(options).unwrap();
    terminal.run(vec![exists("ready")]).unwrap();
    // `/Y$/i` matches the `y` in cell 4 of `ready` (SGR x = 5), not the
    // line's centre (column 2).
    terminal.run_script("click:text~/Y$/i\nwait-for:exists,text~/total=18$/,10000").unwrap();
    assert_eq!(echoed(&terminal), hex(b"\x1b[<0;5;1M\x1b[<0;5;1m"));
    // A program publishes no roles: a role named by a pattern is refused.
    let error = terminal.run_script("click:@button=/ready/").unwrap_err();
    assert!(error.to_string().contains("not available"), "{error}");
}

#[test]
fn a_click_on_a_program_without_mouse_reporting_says_so() {
    let mut terminal = Terminal::spawn(common::bash()).unwrap();
    terminal.run(vec![exists(PROMPT)]).unwrap();
    let failed =
        terminal.run(vec![AutomationStep::click(Selector::text_contains(PROMPT))]).unwrap_err();
    let message = failed.to_string();
    assert!(matches!(failed.failed.error, AutomationError::NotActionable { .. }), "{message}");
    assert!(message.contains("has not enabled mouse reporting"), "{message}");
}

#[test]
fn ids_roles_focus_and_semantic_formats_are_not_available_on_a_program() {
    let mut terminal = Terminal::spawn(common::bash()).unwrap();
    for step in [
        AutomationStep::click(Selector::id("save")),
        AutomationStep::wait_for(
            WaitCondition::new(Predicate::Exists, Selector::role(SemanticRole::Button)),
            WAIT,
        ),
        AutomationStep::focus_next(),
    ] {
        // NotAvailable comes before any waiting: a wait that ran would end
        // in a timeout instead.
        let failed = terminal.run(vec![step.clone()]).unwrap_err();
        let AutomationError::NotAvailable { what, reason } = &failed.failed.error else {
            panic!("{step}: {failed}");
        };
        assert!(!what.is_empty());
        assert!(reason.contains("publishes no semantic tree"), "{reason}");
        let message = failed.to_string();
        assert!(message.contains("is not available on this plane"), "{message}");
        assert!(message.contains("spawn_app_in_pty"), "{message}");
    }
    let dir = tempfile::tempdir().unwrap();
    let error = terminal.add_artifacts(Artifacts::new(dir.path())).unwrap_err();
    assert!(
        matches!(&error, AutomationError::NotAvailable { what, .. } if what == "markdown"),
        "{error}"
    );
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none(), "nothing written");
}

#[test]
fn a_wait_on_a_program_that_exits_first_fails_with_its_exit_status() {
    let mut terminal = Terminal::spawn(common::bash()).unwrap();
    let steps = vec![
        exists(PROMPT),
        AutomationStep::type_text("exit 3"),
        AutomationStep::key(KeyCode::Enter),
        AutomationStep::wait_for(
            WaitCondition::new(Predicate::Exists, Selector::text_contains("never shown")),
            Duration::from_secs(30),
        ),
    ];
    // TargetEnded, not a timeout: the wait ended with the program.
    let failed = terminal.run(steps).unwrap_err();
    assert_eq!(failed.completed.steps.len(), 3);
    assert_eq!(failed.failed.index, 3);
    let AutomationError::TargetEnded { status, before } = &failed.failed.error else {
        panic!("{failed}");
    };
    assert_eq!(status, "exit code 3");
    assert!(before.contains("never shown"), "{before}");
    let message = failed.to_string();
    assert!(message.starts_with("step 3 "), "the error names the index: {message}");
    assert!(message.contains("`wait-for:exists,text~never shown,30000`"), "{message}");
    assert!(message.contains("the target ended (exit code 3)"), "{message}");

    // Input to the ended program fails the same way, naming the status.
    let failed = terminal.step(AutomationStep::key(KeyCode::Enter)).unwrap_err();
    assert_eq!(failed.index, 4, "indices continue across step()");
    assert!(
        matches!(&failed.error, AutomationError::TargetEnded { status, .. } if status == "exit code 3"),
        "{failed}"
    );
}

#[test]
fn a_failed_run_then_drop_leaves_no_process_of_the_session() {
    let mut terminal = Terminal::spawn(common::bash()).unwrap();
    let sid = i32::try_from(terminal.pty().pid()).unwrap();
    terminal
        .run_script(&format!(
            "wait-for:exists,text~\"{PROMPT}\",5000\ntype:\"sleep 100 &\"\nkey:enter\nwait-for:exists,text~\"[1]\",5000"
        ))
        .unwrap();
    assert!(common::members(sid, &[]).len() >= 2, "bash and its background job run");
    let failed = terminal.run_script("click:#nowhere").unwrap_err();
    assert!(failed.to_string().contains("not available on this plane"), "{failed}");
    drop(terminal);
    assert_eq!(common::members(sid, &[]), [], "no process of the session is left");
}
