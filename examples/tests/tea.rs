//! The tea timer, tested: the guide's last chapter (`docs/app.md`).

use std::time::Duration;

use rehearse::MemoCheck;
use rehearse::prelude::*;
use rehearse_examples::tea::{TeaTimer, ids};

fn session() -> Session<TeaTimer> {
    Session::new(TeaTimer::default(), SessionOptions::default().viewport(40, 12))
}

#[test]
fn a_tea_steeps_on_the_session_clock_and_says_when_it_is_ready() {
    let mut session = session();
    let report = session.run(scenario! {
        app = TeaTimer;
        click:#tea-1;
        click:#start;
        wait:60000;
        wait-for:value="25%",#progress,0;
        wait:180000;
        wait-for:exists,#ready,5000;
        wait-for:focused,#ok,0;
        checkpoint:ready;
        key:enter;
        wait-for:missing,#ready,0;
    });
    if let Err(error) = report {
        panic!("{error}\n{}", session.tree().to_markdown());
    }
    assert_eq!(session.app().brewed(), 1);
    assert_eq!(session.tree().by_id(ids::STATUS).unwrap().name, "1 brewed");
}

#[test]
fn the_ready_dialog_makes_the_rest_inert() {
    let mut session = session();
    session
        .run(scenario! {
            app = TeaTimer;
            key:enter;
            wait:120000;
            wait-for:exists,#ready,5000;
        })
        .unwrap();
    let tree = session.tree();
    assert!(tree.by_id(ids::START).unwrap().states.inert);
    assert_eq!(
        tree.resolve(&Selector::role(SemanticRole::Button).into()).unwrap().name,
        "OK",
        "the one button a role query finds is the dialog's"
    );
    let dialog = tree.by_id(ids::READY).unwrap();
    assert_eq!(dialog.name, "Tea is ready");
    assert!(session.tree().containing_text("Green is ready (cup 1)").len() == 1);
}

#[test]
fn cancelling_stops_the_timer() {
    let mut session = session();
    session.run(scenario! { app = TeaTimer; key:s; wait:30000; click:#cancel; }).unwrap();
    assert!(!session.app().is_steeping());
    // The cancelled timer never fires: nothing is pending, however long we wait.
    session.step(AutomationStep::advance(Duration::from_secs(600))).unwrap();
    assert_eq!(session.app().brewed(), 0);
    assert_eq!(session.idle_report().future_timers, 0);
    assert!(session.tree().by_id(ids::START).unwrap().states.enabled);
}

#[test]
fn memoizing_the_tea_list_changes_nothing_but_the_work() {
    let options = SessionOptions::default().viewport(40, 12);
    let mut check = MemoCheck::new(TeaTimer::default, options).expect("the first frames agree");
    let steps = [
        AutomationStep::key(KeyCode::Down),
        AutomationStep::key(KeyCode::Down),
        AutomationStep::click(Selector::id(ids::tea(0))),
        AutomationStep::click(Selector::id(ids::START)),
        AutomationStep::advance(Duration::from_secs(30)),
        AutomationStep::click(Selector::id(ids::CANCEL)),
    ];
    check.run(&steps).expect("the memoized and the plain session agree after every step");
}
