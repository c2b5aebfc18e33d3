//! Hostile sizes and faults at the session's edges (issue 16): viewports
//! over the cell limit, a panic in the root's `mount`, control characters an
//! app draws.

use std::sync::{Arc, Mutex};

use ratatui::layout::Rect;
use rehearse::artifacts::{Format, Screen, encode};
use rehearse::engine::{Checkpoint, CheckpointSink, MAX_SCREEN_CELLS};
use rehearse::prelude::*;

struct Plain;

impl Component for Plain {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.draw_with(Rect::new(0, 0, 2, 1), |area, buf| {
            buf[(area.x, area.y)].set_symbol("x");
        });
    }
}

#[test]
fn a_resize_over_the_cell_limit_fails_the_step_and_keeps_the_viewport() {
    let mut session = Session::new(Plain, SessionOptions::default().viewport(20, 5));
    for (cols, rows) in [(65535, 65535), (4096, 4096), (1025, 1024)] {
        let error = session.step(AutomationStep::resize(cols, rows)).unwrap_err();
        let AutomationError::ViewportTooLarge { cols: c, rows: r, limit } = error.error else {
            panic!("{error}")
        };
        assert_eq!((c, r, limit), (cols, rows, MAX_SCREEN_CELLS));
        let message = error.to_string();
        let cells = u64::from(cols) * u64::from(rows);
        assert!(message.contains(&format!("viewport {cols}x{rows} is too large")), "{message}");
        assert!(message.contains(&format!("{cells} cells")), "{message}");
        assert!(message.contains("limit of 1048576 cells (MAX_SCREEN_CELLS"), "{message}");
        assert_eq!(session.frame().buffer.area, Rect::new(0, 0, 20, 5), "the viewport stays");
    }
    // The grammar's spelling fails the same way.
    let error = session.run_script("resize:65535x65535").unwrap_err();
    assert!(error.to_string().contains("viewport 65535x65535 is too large"), "{error}");
    // Each side may be long as long as the product fits.
    session.step(AutomationStep::resize(65535, 2)).unwrap();
    assert_eq!(session.frame().buffer.area, Rect::new(0, 0, 65535, 2));
}

#[test]
fn a_session_over_the_cell_limit_does_not_start() {
    for (cols, rows) in [(65535, 65535), (4096, 4096), (1024, 1025)] {
        let error = Session::try_new(Plain, SessionOptions::default().viewport(cols, rows))
            .err()
            .expect("too large to start");
        assert!(
            matches!(error, AutomationError::ViewportTooLarge { cols: c, rows: r, limit: MAX_SCREEN_CELLS } if (c, r) == (cols, rows)),
            "{error}"
        );
        assert!(error.to_string().contains(&format!("viewport {cols}x{rows} is too large")));
    }
    assert!(Session::try_new(Plain, SessionOptions::default().viewport(1, 1)).is_ok());
}

type Log = Arc<Mutex<Vec<&'static str>>>;

/// A root whose `mount` panics.
struct BadMount {
    log: Log,
}

impl Component for BadMount {
    type Message = ();
    fn mount(&mut self, _: &mut Context<'_, Self>) {
        self.log.lock().unwrap().push("mount");
        panic!("mount exploded");
    }
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, _: &mut Ui<'_, ()>) {
        self.log.lock().unwrap().push("view");
    }
    fn unmount(&mut self) {
        self.log.lock().unwrap().push("unmount");
    }
}

#[test]
fn a_panic_in_the_roots_mount_is_the_component_panicked_error() {
    let log: Log = Arc::default();
    let error = Session::try_new(BadMount { log: log.clone() }, SessionOptions::default())
        .err()
        .expect("the mount panicked");
    let AutomationError::ComponentPanicked(message) = &error else { panic!("{error}") };
    assert_eq!(message, "mount exploded");
    assert_eq!(*log.lock().unwrap(), ["mount", "unmount"], "unmounted exactly once, never viewed");
}

/// Draws control characters straight into cells, past ratatui's filters.
struct Bell {
    symbol: &'static str,
}

impl Component for Bell {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let symbol = self.symbol;
        ui.draw_with(Rect::new(0, 0, 6, 1), move |area, buf| {
            buf[(area.x, area.y)].set_symbol("a");
            buf[(area.x + 1, area.y)].set_symbol(symbol);
            buf[(area.x + 2, area.y)].set_symbol("b");
        });
    }
}

/// A sink that encodes every visual format of each checkpoint in memory.
struct EncodeAll;

impl CheckpointSink for EncodeAll {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        let visual = [Format::Text, Format::Styled, Format::Cells, Format::Png];
        rehearse::artifacts::encode_all(&visual, checkpoint.frame).map(drop)
    }
}

#[test]
fn control_characters_an_app_draws_are_shown_as_replacement_characters() {
    for symbol in ["\x07", "\x1b", "\x7f", "\u{9b}", "x\ty", "\n"] {
        let mut session = Session::new(Bell { symbol }, SessionOptions::default().viewport(6, 2));
        session.add_checkpoint_sink(EncodeAll);
        session.step(AutomationStep::checkpoint("bell")).expect("the step does not panic");
        // The committed buffer holds what the app drew; every artifact shows
        // the replacement character.
        assert_eq!(session.buffer()[(1, 0)].symbol(), symbol);
        let screen = Screen::from_frame(session.frame());
        assert_eq!(screen.row_text(0), "a\u{fffd}b", "{symbol:?}");
        let text = encode(Format::Text, session.frame()).unwrap().bytes;
        assert_eq!(String::from_utf8(text).unwrap(), "a\u{fffd}b\n\n");
        for (format, shown) in
            [(Format::Styled, "a\u{fffd}b"), (Format::Cells, "\"ch\":\"\u{fffd}\"")]
        {
            let bytes = encode(format, session.frame()).unwrap().bytes;
            assert!(String::from_utf8(bytes).unwrap().contains(shown), "{format}");
        }
        encode(Format::Png, session.frame()).expect("rasterizes");
        let cells = screen.cells().to_string();
        assert_eq!(Screen::parse_cells(&cells).unwrap(), screen, "{symbol:?}");
        assert_eq!(Screen::parse_styled(&screen.styled().to_string()).unwrap(), screen);
    }
}
