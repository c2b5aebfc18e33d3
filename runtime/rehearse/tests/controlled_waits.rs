//! Waits under a controlled clock that cannot hold yet: what their errors
//! say about the timers still pending.

use std::time::Duration;

use rehearse::prelude::*;

/// A save debounced by a timer: "Saved" shows only once it fires.
#[derive(Default)]
struct Debounced {
    saved: bool,
}

impl Component for Debounced {
    type Message = ();
    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        ctx.after(Duration::from_millis(300), ());
    }
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.saved = true;
    }
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let text = if self.saved { "Saved" } else { "Editing" };
        ui.add(ui.area(), rehearse::widgets::Text::new(text).automation_id("status"));
    }
}

#[test]
fn a_controlled_wait_that_gives_up_before_a_future_timer_says_wait_moves_the_clock() {
    let mut session = Session::new(Debounced::default(), SessionOptions::default().viewport(10, 1));
    let saved = || {
        AutomationStep::wait_for(
            WaitCondition::new(Predicate::TextContains("Saved".into()), Selector::id("status")),
            Duration::from_secs(2),
        )
    };
    let message = session.step(saved()).unwrap_err().to_string();
    assert!(message.contains("the 1 timer still pending is in the future"), "{message}");
    assert!(message.contains("the next is due in 300 ms of logical time"), "{message}");
    assert!(
        message.contains("`wait:` moves it, so write `wait:300` before this step"),
        "{message}"
    );
    session.step(AutomationStep::advance(Duration::from_millis(300))).unwrap();
    session.step(saved()).expect("the timer fired once the clock moved");
}
