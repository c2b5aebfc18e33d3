//! Time through the notes example: debounce, a save on a worker thread that
//! a wait observes without moving logical time, a spinner, a toast that
//! expires on the session clock — and determinism across 100 runs.

use std::ops::{Deref, DerefMut};
use std::time::Duration;

use rehearse::prelude::*;
use rehearse_examples::notes::{DEBOUNCE, NotesApp, SaveGate, ids};

/// A notes session and the temporary directory its store is saved in,
/// removed when the test is done with it.
struct Notes {
    session: Session<NotesApp>,
    _store: tempfile::TempDir,
}

impl Deref for Notes {
    type Target = Session<NotesApp>;
    fn deref(&self) -> &Session<NotesApp> {
        &self.session
    }
}

impl DerefMut for Notes {
    fn deref_mut(&mut self) -> &mut Session<NotesApp> {
        &mut self.session
    }
}

fn session(latency: Duration) -> Notes {
    gated_session(latency, None)
}

/// A session whose saves wait for `gate` as well.
fn gated_session(latency: Duration, gate: Option<SaveGate>) -> Notes {
    let store = tempfile::Builder::new().prefix("rehearse-notes-").tempdir().expect("a temp dir");
    let notes = ["Buy milk", "Call mum", "Milk the cow", "Fix the bike"].map(String::from).to_vec();
    let mut app = NotesApp::new(notes, store.path().join("notes.txt"), latency);
    if let Some(gate) = gate {
        app = app.gated(gate);
    }
    Notes { session: Session::new(app, SessionOptions::default().viewport(60, 16)), _store: store }
}

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

fn run(session: &mut Session<NotesApp>, steps: Vec<AutomationStep>) {
    if let Err(error) = session.run(steps) {
        panic!("{error}\n{}", session.tree().to_markdown());
    }
}

fn wait_for_saved() -> AutomationStep {
    AutomationStep::wait_for(
        WaitCondition::new(
            Predicate::TextContains("Saved 4 notes".into()),
            Selector::id(ids::STATUS),
        ),
        Duration::from_secs(10),
    )
}

#[test]
fn the_search_is_debounced_and_runs_once_per_pause() {
    let mut session = session(ms(1));
    run(
        &mut session,
        vec![AutomationStep::click(Selector::id(ids::SEARCH)), AutomationStep::type_text("milk")],
    );
    assert_eq!(session.app().searches(), 0, "typing alone runs nothing");
    assert_eq!(session.tree().by_id(ids::NOTES).unwrap().children.len(), 4);
    run(&mut session, vec![AutomationStep::advance(DEBOUNCE - ms(1))]);
    assert_eq!(session.app().searches(), 0, "the pause is not over");
    run(&mut session, vec![AutomationStep::advance(ms(1))]);
    assert_eq!(session.app().searches(), 1, "four keystrokes, one search");
    let names: Vec<String> = session
        .tree()
        .by_id(ids::NOTES)
        .unwrap()
        .children
        .iter()
        .map(|item| item.name.clone())
        .collect();
    assert_eq!(names, ["Buy milk", "Milk the cow"]);
    run(&mut session, vec![AutomationStep::advance(Duration::from_secs(5))]);
    assert_eq!(session.app().searches(), 1, "no timer is left behind");
}

#[test]
fn a_wait_sees_the_worker_finish_without_moving_logical_time() {
    let gate = SaveGate::new();
    let mut session = gated_session(ms(0), Some(gate.clone()));
    let before = session.now();
    run(&mut session, vec![AutomationStep::click(Selector::id(ids::SAVE))]);
    let idle = session.idle_report();
    assert_eq!(idle.tracked_commands, 1);
    assert_eq!(idle.running_commands, ["save-notes"]);
    assert!(!session.tree().by_id(ids::SAVE).unwrap().states.enabled, "disabled while saving");
    assert!(session.tree().by_id(ids::STATUS).unwrap().name.ends_with("Saving"));
    gate.open();
    run(&mut session, vec![wait_for_saved()]);
    assert_eq!(session.now(), before, "the controlled clock did not move");
    // The worker sends its result with `CommandLink::finish`: the session got
    // the result and the command's end in one notice, so this holds however
    // the worker's thread is scheduled (docs/time.md).
    assert_eq!(session.idle_report().tracked_commands, 0);
    assert!(session.tree().by_id(ids::TOAST).is_some());
}

#[test]
fn the_spinner_moves_only_with_logical_time() {
    let gate = SaveGate::new();
    let mut session = gated_session(ms(0), Some(gate.clone()));
    run(&mut session, vec![AutomationStep::click(Selector::id(ids::SAVE))]);
    let status = |s: &Session<NotesApp>| s.tree().by_id(ids::STATUS).unwrap().name.clone();
    let first = status(&session);
    run(&mut session, vec![AutomationStep::sleep(ms(20))]);
    assert_eq!(status(&session), first, "wall time does not animate a controlled session");
    run(&mut session, vec![AutomationStep::advance(ms(100))]);
    assert_ne!(status(&session), first);
    assert!(session.app().is_saving());
    gate.open();
}

#[test]
fn the_toast_expires_after_three_seconds_of_session_time() {
    let mut session = session(ms(1));
    run(&mut session, vec![AutomationStep::click(Selector::id(ids::SAVE)), wait_for_saved()]);
    let toast = session.tree().root.children.last().unwrap().clone();
    assert_eq!(toast.automation_id.as_ref().unwrap().as_str(), ids::TOAST);
    assert_eq!(toast.role, SemanticRole::Alert);
    assert!(toast.overlay_order.is_some());
    run(&mut session, vec![AutomationStep::advance(ms(2_900))]);
    assert!(session.tree().by_id(ids::TOAST).is_some(), "still there at 2.9 s");
    run(&mut session, vec![AutomationStep::advance(ms(200))]);
    assert!(session.tree().by_id(ids::TOAST).is_none(), "gone at 3.1 s");
}

#[test]
fn idle_reports_say_what_is_pending() {
    // The save is held until the gate opens: it is still running when the
    // report is read, however long the machine takes to get there.
    let gate = SaveGate::new();
    let mut session = gated_session(ms(0), Some(gate.clone()));
    let idle = session.idle_report();
    assert!(idle.is_idle());
    assert_eq!(
        (idle.queued_messages, idle.due_timers, idle.future_timers, idle.tracked_commands),
        (0, 0, 0, 0)
    );
    assert!(!idle.external_links_untracked);

    run(
        &mut session,
        vec![AutomationStep::click(Selector::id(ids::SEARCH)), AutomationStep::type_text("b")],
    );
    let idle = session.idle_report();
    assert_eq!(idle.future_timers, 1, "the debounce timer");
    assert!(idle.is_idle(), "a future timer is not work at the current time");

    run(&mut session, vec![AutomationStep::click(Selector::id(ids::SAVE))]);
    let idle = session.idle_report();
    assert_eq!(idle.tracked_commands, 1);
    assert_eq!(idle.future_timers, 2, "debounce and spinner");
    assert!(!idle.is_idle());
    assert!(idle.to_string().contains("1 tracked commands"), "{idle}");

    gate.open();
    let idle = session.wait_for_idle(Duration::from_secs(10), ms(5)).unwrap();
    assert_eq!(idle.tracked_commands, 0);
    assert!(session.tree().by_id(ids::STATUS).unwrap().name.starts_with("Saved"));
}

#[test]
fn a_timeout_reports_the_condition_the_matches_and_what_was_pending() {
    let gate = SaveGate::new();
    let mut session = gated_session(ms(0), Some(gate.clone()));
    run(&mut session, vec![AutomationStep::click(Selector::id(ids::SAVE))]);
    let error = session
        .step(AutomationStep::wait_for(
            WaitCondition::new(Predicate::TextContains("Saved".into()), Selector::id(ids::STATUS)),
            ms(40),
        ))
        .unwrap_err();
    let AutomationError::WaitTimeout(timeout) = &error.error else { panic!("{error}") };
    assert_eq!(timeout.logical_elapsed, Duration::ZERO);
    assert!(timeout.wall_elapsed >= ms(40));
    assert_eq!(timeout.idle.tracked_commands, 1);
    assert_eq!(timeout.last_matches.len(), 1);
    assert!(timeout.last_matches[0].contains("#status"), "{:?}", timeout.last_matches);
    assert!(timeout.semantic_tree.contains("#save"));
    let message = error.to_string();
    assert!(message.contains("waiting for `text=Saved,#status`"), "{message}");
    gate.open();
}

#[test]
fn a_controlled_wait_with_nothing_pending_fails_at_once() {
    let mut session = session(ms(1));
    let started = std::time::Instant::now();
    let error = session
        .step(AutomationStep::wait_for(
            WaitCondition::new(Predicate::Exists, Selector::id(ids::TOAST)),
            Duration::from_secs(30),
        ))
        .unwrap_err();
    // Nothing is pending, so it gives up at once rather than sitting out the
    // 30 s (the bound is generous for a loaded machine, far below 30 s).
    assert!(started.elapsed() < Duration::from_secs(1), "it sat out {:?}", started.elapsed());
    assert!(matches!(error.error, AutomationError::WaitTimeout(_)), "{error}");
}

/// The same scenario, fresh each time: trees and buffers must be
/// byte-identical, even though a worker thread takes part.
#[test]
fn one_hundred_runs_give_byte_identical_trees_and_buffers() {
    let scenario = || {
        vec![
            AutomationStep::click(Selector::id(ids::SEARCH)),
            AutomationStep::type_text("mi"),
            AutomationStep::advance(DEBOUNCE),
            AutomationStep::click(Selector::id(ids::SAVE)),
            AutomationStep::advance(ms(250)),
            wait_for_saved(),
            AutomationStep::advance(ms(1_000)),
        ]
    };
    let mut first: Option<(String, Vec<u8>)> = None;
    for run_index in 0..100 {
        let mut session = session(ms(1));
        run(&mut session, scenario());
        let json = session.tree().to_json();
        let mut cells = Vec::new();
        for cell in &session.buffer().content {
            cells.extend_from_slice(cell.symbol().as_bytes());
            cells.extend_from_slice(
                format!("{:?}{:?}{:?}", cell.fg, cell.bg, cell.modifier).as_bytes(),
            );
        }
        match &first {
            None => first = Some((json, cells)),
            Some((json0, cells0)) => {
                assert_eq!(&json, json0, "tree differs on run {run_index}");
                assert!(cells == *cells0, "buffer differs on run {run_index}");
            }
        }
    }
}

/// The example in docs/testing.md's "Time" section, verbatim.
#[test]
fn the_documented_time_scenario_runs() {
    let mut session = session(ms(1));
    let result = session.run(rehearse::scenario! {
        click:#search; type:"milk";
        wait:300;                                        // the debounce fires, once
        click:#save;
        wait-for:text="Saved 4 notes",#status,10000;     // wall time; the clock stays put
        wait:2900;                                       // the toast is still up ...
        wait-for:exists,#toast,0;
        wait:200;                                        // ... and gone after 3 s
        wait-for:missing,#toast,0;
    });
    if let Err(error) = result {
        panic!("{error}");
    }
    assert_eq!(session.app().searches(), 1);
    assert_eq!(session.now().since_start(), ms(3_400));
}
