//! What a step writes and commits: its inputs leave in one write (a click's
//! press and release reach the program in one read), and the commit re-reads
//! only what changed on the screen: the committed buffer and tree always
//! equal a full read of the grid, a commit with no output since the last one
//! keeps the frame under a new generation, and a resize (which writes no
//! output) is still seen.

use crate::common;

use std::time::Duration;

use common::fixture;
use rehearse_lang::{AutomationStep, KeyCode, Predicate, Selector, WaitCondition};
use rehearse_pty::{PtySessionOptions, Terminal};

const WAIT: Duration = Duration::from_secs(10);

fn exists(text: &str) -> AutomationStep {
    AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::text_contains(text)),
        WAIT,
    )
}

/// `cat` on a cooked terminal: the line discipline echoes what is typed.
fn cat() -> Terminal {
    let options = PtySessionOptions::new("sh")
        .args(["-c", "printf 'one\\ntwo\\n'; exec cat >/dev/null"])
        .size(40, 8)
        .quiet_window(Some(Duration::from_millis(30)));
    Terminal::spawn(options).unwrap()
}

/// The committed frame shows what a full read of the grid shows.
fn assert_committed_is_the_screen(terminal: &Terminal) {
    assert_eq!(terminal.frame().buffer, terminal.pty().buffer());
    let cursor = terminal.pty().cursor();
    assert_eq!(terminal.frame().cursor, cursor.visible.then_some((cursor.col, cursor.row)));
}

#[test]
fn every_commit_equals_a_full_read_of_the_screen() {
    let mut terminal = cat();
    terminal.step(exists("two")).unwrap();
    assert_committed_is_the_screen(&terminal);
    for (round, text) in ["abc", "a longer line", "z"].into_iter().enumerate() {
        terminal.step(AutomationStep::type_text(text)).unwrap();
        terminal.step(exists(text)).unwrap();
        assert_committed_is_the_screen(&terminal);
        terminal.step(AutomationStep::key(KeyCode::Enter)).unwrap();
        // An input step returns once delivered (no exact signal here): the
        // echo of Enter is judged after a drain, on a stable screen.
        terminal.step(AutomationStep::Drain).unwrap();
        assert_committed_is_the_screen(&terminal);
        let lines = terminal.tree().root.children.len();
        assert_eq!(lines, 3 + round, "one, two and each line typed so far");
    }
}

#[test]
fn a_commit_with_no_output_keeps_the_frame_and_a_resize_is_seen() {
    let mut terminal = cat();
    terminal.step(exists("two")).unwrap();
    let before = terminal.frame().clone();

    // Nothing was written, so nothing changed: a new generation of the
    // same screen.
    let drained = terminal.step(AutomationStep::Drain).unwrap();
    assert_eq!(drained.generation.0, before.generation.0 + 1);
    assert_eq!(terminal.frame().buffer, before.buffer);
    assert_eq!(terminal.tree().root, before.tree.root);
    assert_eq!(terminal.tree().generation, drained.generation);

    // A resize through the session writes nothing to the screen, yet the
    // next commit shows the new size.
    terminal.pty_mut().resize(20, 5).unwrap();
    terminal.step(AutomationStep::Drain).unwrap();
    let viewport = terminal.frame().viewport;
    assert_eq!((viewport.width, viewport.height), (20, 5));
    assert_eq!(terminal.tree().root.bounds.width, 20);
    assert_committed_is_the_screen(&terminal);
}

#[test]
fn a_steps_inputs_reach_the_program_in_one_write() {
    let options = PtySessionOptions::new(fixture("echo")).size(80, 24);
    let mut terminal = Terminal::spawn(options).unwrap();
    terminal.step(exists("ready")).unwrap();
    // The press and the release of a click (the hover before them sends
    // nothing under `?1000`): written one by one, a program that is quick
    // to read would see two reads.
    terminal.step(AutomationStep::click(Selector::text_contains("ready"))).unwrap();
    terminal.step(exists("total=18")).unwrap();
    let reads: Vec<String> = terminal
        .pty()
        .screen_text()
        .lines()
        .filter_map(|line| line.strip_prefix("in: ").map(str::to_owned))
        .collect();
    assert_eq!(reads, ["1b 5b 3c 30 3b 33 3b 31 4d 1b 5b 3c 30 3b 33 3b 31 6d"], "one read");
}

#[test]
fn a_terminal_numbered_after_a_generation_counts_on_from_it() {
    use rehearse_core::semantic::Generation;
    let mut terminal = cat().numbered_after(Generation(41));
    assert_eq!(terminal.generation(), Generation(42));
    assert_eq!(terminal.tree().generation, Generation(42));
    let result = terminal.step(exists("two")).unwrap();
    assert!(result.generation > Generation(42), "{:?}", result.generation);
    assert_eq!(terminal.generation(), result.generation);
}
