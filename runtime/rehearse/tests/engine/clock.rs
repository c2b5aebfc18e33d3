//! The controlled clock: due timers run in due-then-submission order, a
//! realtime clock cannot be advanced, an advance past a re-arming timer stops
//! at the timer limit, the grammar refuses waits over seven days.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use rehearse::engine::MAX_TIMERS_PER_ADVANCE;
use rehearse::prelude::*;
use rehearse::widgets::Button;

/// Records the order of timers.
#[derive(Default)]
pub struct Timers {
    pub fired: Rc<RefCell<Vec<u32>>>,
}

#[derive(Debug)]
pub enum TimerMsg {
    Start,
    Fired(u32),
}

impl Component for Timers {
    type Message = TimerMsg;
    fn update(&mut self, msg: TimerMsg, ctx: &mut Context<'_, Self>) {
        match msg {
            TimerMsg::Start => {
                ctx.after(std::time::Duration::from_millis(200), TimerMsg::Fired(3));
                ctx.after(std::time::Duration::from_millis(100), TimerMsg::Fired(1));
                ctx.after(std::time::Duration::from_millis(100), TimerMsg::Fired(2));
            }
            TimerMsg::Fired(n) => self.fired.borrow_mut().push(n),
        }
    }
    fn view(&self, ui: &mut Ui<'_, TimerMsg>) {
        ui.add(ui.area(), Button::new("go").automation_id("go").on_click(|| TimerMsg::Start));
    }
}

#[test]
fn controlled_time_runs_due_timers_in_due_then_submission_order() {
    let fired = Rc::new(RefCell::new(Vec::new()));
    let mut session =
        Session::new(Timers { fired: fired.clone() }, SessionOptions::default().viewport(10, 3));
    session.step(AutomationStep::click(Selector::id("go"))).unwrap();
    assert!(fired.borrow().is_empty(), "nothing runs until time moves");
    session.step(AutomationStep::advance(std::time::Duration::from_millis(150))).unwrap();
    assert_eq!(*fired.borrow(), [1, 2]);
    session.step(AutomationStep::advance(std::time::Duration::from_millis(50))).unwrap();
    assert_eq!(*fired.borrow(), [1, 2, 3]);
    assert_eq!(session.now().since_start(), std::time::Duration::from_millis(200));
}

#[test]
fn advancing_a_realtime_clock_is_an_error() {
    let options = SessionOptions::default().viewport(10, 3).clock(ClockMode::Realtime);
    let mut session = Session::new(Timers::default(), options);
    let error =
        session.step(AutomationStep::advance(std::time::Duration::from_millis(1))).unwrap_err();
    assert!(matches!(error.error, AutomationError::RealtimeAdvance), "{error}");
}

/// A timer that re-arms itself every millisecond, for ever.
struct Ticker;

#[derive(Debug)]
struct Tick;

impl Component for Ticker {
    type Message = Tick;
    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        ctx.after(Duration::from_millis(1), Tick);
    }
    fn update(&mut self, Tick: Tick, ctx: &mut Context<'_, Self>) {
        ctx.after(Duration::from_millis(1), Tick);
    }
    fn view(&self, _: &mut Ui<'_, Tick>) {}
}

#[test]
fn an_advance_past_a_re_arming_timer_stops_at_the_timer_limit() {
    let mut session = Session::new(Ticker, SessionOptions::default().viewport(20, 5));
    let error = session.step(AutomationStep::advance(Duration::from_millis(u64::MAX))).unwrap_err();
    let AutomationError::AdvanceDidNotConverge { requested, reached, limit, producers } =
        &error.error
    else {
        panic!("{error}")
    };
    assert_eq!(*limit, MAX_TIMERS_PER_ADVANCE);
    assert_eq!(*requested, Duration::from_millis(u64::MAX));
    assert_eq!(*reached, Duration::from_millis(MAX_TIMERS_PER_ADVANCE as u64));
    assert_eq!(producers.len(), 1, "{producers:?}");
    assert!(producers[0].ends_with("Tick (100001×)"), "{producers:?}");
    let message = error.to_string();
    assert!(message.contains("fired more than 100000 timers (MAX_TIMERS_PER_ADVANCE"), "{message}");
    // The session goes on from where the advance stopped.
    session.step(AutomationStep::advance(Duration::from_millis(10))).unwrap();
    assert_eq!(session.now().since_start(), *reached + Duration::from_millis(10));
}

#[test]
fn the_grammar_refuses_a_wait_longer_than_seven_days() {
    let mut session = Session::new(Ticker, SessionOptions::default().viewport(20, 5));
    let error = session.run_script("wait:18446744073709551615").unwrap_err();
    assert!(error.to_string().contains("the limit is 604800000 ms (7 days)"), "{error}");
    assert_eq!(session.now().since_start(), Duration::ZERO, "nothing ran");
}
