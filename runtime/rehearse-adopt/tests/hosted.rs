//! A loop that asks for its terminal itself (`init_terminal`, as a loop in
//! `main` does through `rehearse::adopt::init`): under `Harness::start_main`
//! it gets the harness's terminal and events, the harness reads what it
//! returned, and a loop on a thread of the caller's (`Harness::attach`,
//! `Host::host_here`) is driven the same way.

use std::io;

use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::widgets::Paragraph;
use rehearse_adopt::{EventSource, Harness, HarnessOptions, Tag, init_terminal, restore_terminal};
use rehearse_core::Plane as _;
use rehearse_core::semantic::SemanticFacts;
use rehearse_lang::{AutomationStep, SemanticRole};

/// A `main` whose loop counts key presses and returns the count on `q`.
fn main_counting_keys() -> io::Result<u32> {
    let mut terminal = init_terminal()?;
    let mut count = 0;
    let counted = loop {
        terminal.draw(|frame| {
            let text = format!("{count} keys");
            let tag =
                || SemanticFacts::new(SemanticRole::Status).automation_id("count").label(&text);
            frame.render_widget(Paragraph::new(text.as_str()).tag(tag), frame.area());
        })?;
        if let Event::Key(key) = terminal.read()? {
            match key.code {
                KeyCode::Char('q') => break count,
                _ => count += 1,
            }
        }
    };
    restore_terminal();
    Ok(counted)
}

fn options() -> HarnessOptions {
    HarnessOptions::default().viewport(20, 1)
}

#[test]
fn a_main_runs_on_the_harness_terminal_and_its_value_is_kept() {
    let mut harness = Harness::start_main(options(), main_counting_keys).expect("starts");
    assert_eq!(harness.tree().by_id("count").expect("tagged").name, "0 keys");
    harness.run_script("key:a; key:b; wait-for:text=\"2 keys\",#count,0").expect("counts");
    assert_eq!(harness.take_returned::<u32>(), None, "still running");
    harness.step(AutomationStep::key(rehearse_lang::KeyCode::Char('q'))).expect("quits");
    assert_eq!(harness.ended().as_deref(), Some("the app's loop returned"));
    assert_eq!(harness.take_returned::<String>(), None, "a u32, kept");
    assert_eq!(harness.take_returned::<u32>(), Some(2));
}

#[test]
fn a_second_terminal_on_the_same_loop_is_refused() {
    let harness = Harness::start_main(options(), || {
        let first = init_terminal()?;
        let second = init_terminal().map(drop);
        drop(first);
        second
    });
    let error = harness.expect_err("the second init fails the loop").to_string();
    assert!(error.contains("call `rehearse::adopt::init` once"), "{error}");
}

#[test]
fn a_loop_on_the_callers_thread_is_driven_through_an_attached_harness() {
    let (mut harness, host) = Harness::attach(options()).expect("attaches");
    let app = std::thread::spawn(move || {
        host.host_here(|| {});
        main_counting_keys()
    });
    harness.plane_mut().commit().expect("the first frame");
    harness.run_script("key:x; wait-for:text=\"1 keys\",#count,0; key:q").expect("drives");
    assert_eq!(app.join().expect("no panic").expect("no error"), 1);
    assert_eq!(harness.ended().as_deref(), Some("the app's loop returned"));
}
