//! A harness under the wall clock — how an adopted app is served to an
//! agent: the app's polls time out by themselves, a wait sees what it drew
//! on its own, and `wait:` is refused as on the engine.

use std::io;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::widgets::Paragraph;
use rehearse_adopt::{EventSource, Harness, HarnessOptions, Tag};
use rehearse_core::semantic::SemanticFacts;
use rehearse_core::{AutomationError, ClockMode};
use rehearse_lang::{AutomationStep, SemanticRole};

/// Ticks every 2 ms of its clock until it has ticked 3 times, then waits
/// for keys only; `q` quits.
fn ticker<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
) -> io::Result<()> {
    let mut ticks = 0;
    let started = events.now();
    loop {
        terminal.draw(|frame| {
            let text = format!("{ticks} ticks");
            let status = Paragraph::new(text.clone()).tag(|| {
                SemanticFacts::new(SemanticRole::Status).automation_id("ticks").label(text)
            });
            frame.render_widget(status, frame.area());
        })?;
        let woke = if ticks < 3 { events.poll(Duration::from_millis(2))? } else { true };
        if !woke {
            ticks += 1;
            assert!(events.now() > started, "the app reads the wall clock");
            continue;
        }
        if let Event::Key(key) = events.read()?
            && key.code == KeyCode::Char('q')
        {
            return Ok(());
        }
    }
}

fn wall_clock() -> HarnessOptions {
    HarnessOptions::default().viewport(20, 1).clock(ClockMode::Realtime)
}

#[test]
fn a_wait_sees_what_the_app_drew_when_its_poll_timed_out() {
    let mut harness = Harness::start(wall_clock(), ticker).unwrap();
    harness.run_script("wait-for:text=\"3 ticks\",#ticks,10000").unwrap();
    assert_eq!(harness.tree().by_id("ticks").unwrap().name, "3 ticks");
    // Nothing is left to draw: settled, and the committed frame is the last.
    assert!(harness.is_settled());
    assert!(!harness.has_new_frame());
}

#[test]
fn wait_is_refused_under_the_wall_clock() {
    let mut harness = Harness::start(wall_clock(), ticker).unwrap();
    let error = harness.step(AutomationStep::advance(Duration::from_millis(5))).unwrap_err();
    assert!(matches!(error.error, AutomationError::RealtimeAdvance), "{error}");
}

#[test]
fn under_the_controlled_clock_the_app_never_ticks_by_itself() {
    let mut harness = Harness::start(HarnessOptions::default().viewport(20, 1), ticker).unwrap();
    // Nothing moves time, so the wait fails at once instead of burning 10 s.
    let error = harness.run_script("wait-for:text=\"1 ticks\",#ticks,10000").unwrap_err();
    assert!(error.to_string().contains("0 ticks"), "{error}");
    harness.step(AutomationStep::advance(Duration::from_millis(2))).unwrap();
    assert_eq!(harness.tree().by_id("ticks").unwrap().name, "1 ticks");
}

#[test]
fn closing_ends_the_apps_loop() {
    let mut harness = Harness::start(wall_clock(), ticker).unwrap();
    harness.run_script("wait-for:text=\"3 ticks\",#ticks,10000").unwrap();
    harness.close();
    // The app's read fails at once; its loop returns that error.
    harness.run_script("wait-for:text=\"never\",#ticks,10000").unwrap_err();
    let ended = harness.ended().expect("the loop ended");
    assert!(ended.contains("harness closed"), "{ended}");
    // Ending because the harness closed is no failure of the app's.
    assert_eq!(harness.failure(), None);
}

#[test]
fn a_loop_that_panics_by_itself_is_a_failure() {
    let mut harness = Harness::start(wall_clock(), |terminal: &mut Terminal<_>, events: &mut _| {
        ticker(terminal, events)?;
        panic!("the app gave up");
        #[allow(unreachable_code)]
        Ok::<(), io::Error>(())
    })
    .unwrap();
    assert_eq!(harness.failure(), None, "it runs");
    harness.run_script("wait-for:text=\"3 ticks\",#ticks,10000\nkey:q").unwrap_err();
    let failure = harness.failure().expect("the panic is a failure");
    assert!(failure.contains("the app gave up"), "{failure}");
}

#[test]
fn a_redraw_that_shows_the_same_is_no_new_frame() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let draws = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&draws);
    // Draws the same text every millisecond, as a loop that redraws on
    // every tick does.
    let app = move |terminal: &mut Terminal<_>, events: &mut _| -> io::Result<()> {
        let events: &mut rehearse_adopt::HarnessEvents = events;
        loop {
            terminal.draw(|frame| {
                let status = Paragraph::new("steady").tag(|| {
                    SemanticFacts::new(SemanticRole::Status).automation_id("ticks").label("steady")
                });
                frame.render_widget(status, frame.area());
            })?;
            counted.fetch_add(1, Ordering::Relaxed);
            if events.poll(Duration::from_millis(1))?
                && let Event::Key(_) = events.read()?
            {
                return Ok(());
            }
        }
    };
    let harness = Harness::start(wall_clock(), app).unwrap();
    let generation = harness.generation();
    let seen = draws.load(Ordering::Relaxed);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while draws.load(Ordering::Relaxed) < seen + 5 && std::time::Instant::now() < deadline {
        std::thread::yield_now();
    }
    assert!(draws.load(Ordering::Relaxed) >= seen + 5, "the app kept redrawing");
    assert!(!harness.has_new_frame(), "the same picture is no new frame");
    assert_eq!(harness.generation(), generation);
}
