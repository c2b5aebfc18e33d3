//! Waits that fail: after a failed wait selectors never land on another node;
//! a wait that nothing pending could satisfy gives up at once and says so.

use std::time::Duration;

use ratatui::layout::Rect;
use rehearse::command::CommandLink;
use rehearse::prelude::*;
use rehearse::widgets::{Button, List, ListItem};

struct Shrinking {
    names: Vec<&'static str>,
}

#[derive(Debug)]
enum ShrinkMsg {
    Start,
    Keep(Vec<&'static str>),
}

impl Component for Shrinking {
    type Message = ShrinkMsg;
    fn update(&mut self, msg: ShrinkMsg, ctx: &mut Context<'_, Self>) {
        match msg {
            ShrinkMsg::Start => {
                ctx.spawn("shrink", |link: CommandLink<ShrinkMsg>| {
                    let _ = link.send(ShrinkMsg::Keep(vec!["c", "d"]));
                });
            }
            ShrinkMsg::Keep(names) => self.names = names,
        }
    }
    fn view(&self, ui: &mut Ui<'_, ShrinkMsg>) {
        ui.add(
            Rect::new(0, 0, 10, 1),
            Button::new("start").automation_id("start").on_click(|| ShrinkMsg::Start),
        );
        for (row, name) in self.names.iter().enumerate() {
            let area = Rect::new(0, 1 + row as u16, 10, 1);
            ui.add(
                area,
                Button::new(*name).automation_id(format!("b-{name}")).on_click(|| ShrinkMsg::Start),
            );
        }
    }
}

#[test]
fn after_a_failed_step_selectors_never_land_on_another_node() {
    let app = Shrinking { names: vec!["a", "b", "c", "d"] };
    let mut session = Session::new(app, SessionOptions::default().viewport(10, 6));
    session.step(AutomationStep::click(Selector::id("start"))).unwrap();
    // The worker's message re-renders the app during the wait, which then
    // fails: the committed tree still shows a, b, c, d; the app shows c, d.
    let wait = AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::id("never")),
        Duration::from_secs(5),
    );
    assert!(session.step(wait).is_err());
    assert!(session.tree().by_id("b-b").is_some(), "the committed tree is the last good one");
    let error = session.step(AutomationStep::focus(Selector::id("b-b"))).unwrap_err();
    assert!(error.to_string().contains("no longer rendered"), "{error}");
    session.step(AutomationStep::focus(Selector::id("b-d"))).unwrap();
    assert!(session.tree().by_id("b-d").unwrap().is_focused());
    assert!(session.tree().by_id("b-b").is_none());
}

/// One list item and nothing pending: no wait can change what it shows.
struct OneItem;

impl Component for OneItem {
    type Message = usize;
    fn update(&mut self, _: usize, _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, usize>) {
        List::new().show(ui, ui.area(), vec![ListItem::new("a").automation_id("a")]);
    }
}

#[test]
fn a_wait_that_gives_up_at_once_says_so() {
    let mut session = Session::new(OneItem, SessionOptions::default().viewport(10, 2));
    let error = session
        .step(AutomationStep::wait_for(
            WaitCondition::new(Predicate::Missing, Selector::id("a")),
            Duration::from_secs(2),
        ))
        .unwrap_err();
    let message = error.to_string();
    assert!(message.contains("gave up after"), "{message}");
    assert!(message.contains("nothing pending could change the tree"), "{message}");
    assert!(!message.contains("timed out after 2000 ms"), "{message}");
}
