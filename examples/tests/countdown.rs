//! The countdown — a plain ratatui app whose loop lives in `ratatui::run`'s
//! closure in `main`, adopted with `rehearse::adopt::run` — driven through
//! the harness (its own `main`, on the controlled clock) and as the real
//! binary in a PTY (on the wall clock, its tree served from its terminal).

use rehearse::adopt::{Harness, HarnessOptions};
use rehearse::control::spawn_app_in_pty;
use rehearse::prelude::*;
use rehearse::pty::PtySessionOptions;
use rehearse_examples::countdown::{self, ids};

fn harness() -> Harness {
    let options = HarnessOptions::default().viewport(50, 8).declared(ids::DECLARED);
    Harness::start_main(options, countdown::main).expect("the countdown's main starts")
}

#[test]
fn the_countdown_ticks_on_the_controlled_clock() {
    let mut harness = harness();
    harness
        .run(scenario! {
            // No `App` type: the ids module `automation_ids!` declared.
            ids = countdown::ids;
            wait-for:text="03:00 Paused",#clock,0;
            wait:5000;
            wait-for:text="03:00 Paused",#clock,0;
            key:space;
            wait:1000;
            wait-for:text="02:59 Running",#clock,0;
            wait:59000;
            wait-for:text="02:00 Running",#clock,0;
            wait-for:value="33%",#progress,0;
            key:"+";
            wait-for:text="03:00 Running",#clock,0;
            key:space;
            wait:10000;
            wait-for:text="03:00 Paused",#clock,0;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", harness.tree().to_markdown()));
    assert_eq!(harness.now().since_start().as_secs(), 75);
}

#[test]
fn quitting_ends_the_loop_and_main_returns() {
    let mut harness = harness();
    harness.run(scenario! { ids = countdown::ids; key:q; }).expect("q quits");
    assert_eq!(harness.ended().as_deref(), Some("the app's loop returned"));
    assert_eq!(harness.take_returned::<()>(), Some(()));
    let error = harness.run(scenario! { key:space; }).expect_err("the app is gone");
    assert!(matches!(error.failed.error, AutomationError::TargetEnded { .. }), "{error}");
}

#[test]
fn the_real_binary_in_a_pty_publishes_its_tree_and_counts_down() {
    let options =
        PtySessionOptions::new(env!("CARGO_BIN_EXE_countdown")).size(60, 10).quiet_window(None);
    let mut countdown = spawn_app_in_pty(options).expect("the binary starts in a PTY");
    countdown
        .run(scenario! { ids = countdown::ids;
            wait-for:text="03:00 Paused",#clock,5000;
            key:space;
            wait-for:text="02:59 Running",#clock,5000;
            key:q;
            wait-for:exit-code=0,process,5000;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", countdown.pty().screen_text()));
}
