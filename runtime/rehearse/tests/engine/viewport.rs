//! The viewport: a resize keeps the mounted app and lays it out again; a
//! viewport over the cell limit fails the step (keeping the old one) or the
//! start.

use std::cell::RefCell;
use std::rc::Rc;

use ratatui::layout::Rect;
use rehearse::engine::MAX_SCREEN_CELLS;
use rehearse::prelude::*;

use crate::clock::Timers;
use crate::plain::Plain;

#[test]
fn resize_keeps_the_mounted_app_and_relayouts() {
    let fired = Rc::new(RefCell::new(Vec::new()));
    let mut session = Session::new(Timers { fired }, SessionOptions::default().viewport(10, 3));
    session.step(AutomationStep::click(Selector::id("go"))).unwrap();
    session.step(AutomationStep::resize(40, 6)).unwrap();
    assert_eq!(session.tree().viewport.width, 40);
    assert_eq!(session.tree().by_id("go").unwrap().bounds, Bounds::new(0, 0, 40, 6));
    // The timers scheduled before the resize still belong to the same app.
    session.step(AutomationStep::advance(std::time::Duration::from_millis(300))).unwrap();
    assert_eq!(session.buffer().area.width, 40);
    let error = session.step(AutomationStep::resize(0, 6)).unwrap_err();
    assert!(matches!(error.error, AutomationError::InvalidViewport { .. }), "{error}");
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
