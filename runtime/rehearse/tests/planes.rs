//! Which steps each plane takes: the terminal plane's own steps (`paste:`,
//! `send:`, the screen, scrollback and process waits) fail on the engine
//! with a "not available on this plane" error that says what they need;
//! `mouse:` is raw input at a cell and works on both.

#[path = "support/plain.rs"]
mod plain;

use plain::Plain;
use rehearse::prelude::*;

fn not_available(session: &mut Session<Plain>, script: &str, what: &str) {
    let error = session.run_script(script).expect_err(script);
    let rehearse::script::ScriptRunError::Failed(failed) = error else {
        panic!("{script}: {error}")
    };
    let AutomationError::NotAvailable { what: named, reason } = &failed.failed.error else {
        panic!("{script}: {:?}", failed.failed.error)
    };
    assert_eq!(named, what, "{script}");
    assert!(reason.contains("needs a program in a terminal"), "{reason}");
}

#[test]
fn terminal_steps_are_not_available_on_the_engine() {
    let mut session = Session::new(Plain, SessionOptions::default().viewport(20, 5));
    not_available(&mut session, "paste:hello", "paste");
    not_available(&mut session, r#"send:"\e[A""#, "send");
    not_available(&mut session, "wait-for:contains=x,screen,500", "contains=x,screen");
    not_available(&mut session, "wait-for:lines=3,scrollback,500", "lines=3,scrollback");
    not_available(&mut session, "wait-for:exited,process,500", "exited,process");
    // Nothing ran: the session still takes steps.
    session.run_script("drain").unwrap();
}

#[test]
fn a_raw_mouse_event_reaches_the_engine_where_something_is_drawn() {
    let mut session = Session::new(Plain, SessionOptions::default().viewport(20, 5));
    session
        .run_script("mouse:0,0,left,press\nmouse:0,0,left,release\nmouse:0,0,wheel-down")
        .unwrap();
    let error = session.run_script("mouse:25,4").expect_err("the cell is off the screen");
    let rehearse::script::ScriptRunError::Failed(failed) = error else { panic!("{error}") };
    assert!(
        matches!(failed.failed.error, AutomationError::NoMatch { .. }),
        "{:?}",
        failed.failed.error
    );
}
