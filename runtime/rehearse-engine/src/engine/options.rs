//! How a session starts: viewport, clock, drain bounds, strict ids, memoizing,
//! tracing.

use ratatui::layout::Size;
use rehearse_core::trace::TraceMode;
use rehearse_core::{AutomationError, ClockMode, DEFAULT_VIEWPORT, MAX_SCREEN_CELLS};

use super::DrainLimits;

/// How a session starts.
///
/// ```
/// use rehearse::{time::ClockMode, SessionOptions};
/// let options = SessionOptions::default().viewport(120, 40).clock(ClockMode::Controlled);
/// assert_eq!(options.viewport_size().width, 120);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionOptions {
    viewport: Size,
    clock: ClockMode,
    limits: DrainLimits,
    strict_ids: bool,
    memoize: bool,
    trace: Option<TraceMode>,
}

impl Default for SessionOptions {
    fn default() -> Self {
        Self {
            viewport: DEFAULT_VIEWPORT,
            clock: ClockMode::Controlled,
            limits: DrainLimits::default(),
            strict_ids: false,
            memoize: true,
            trace: None,
        }
    }
}

impl SessionOptions {
    /// The initial viewport, in cells. Each side must be at least 1 and the
    /// grid at most [`MAX_SCREEN_CELLS`] cells; a session started with
    /// anything else fails to start with [`AutomationError::InvalidViewport`]
    /// or [`AutomationError::ViewportTooLarge`].
    #[must_use]
    pub fn viewport(mut self, cols: u16, rows: u16) -> Self {
        self.viewport = Size::new(cols, rows);
        self
    }

    /// The clock mode (controlled by default).
    #[must_use]
    pub fn clock(mut self, clock: ClockMode) -> Self {
        self.clock = clock;
        self
    }

    /// The drain bounds.
    #[must_use]
    pub fn drain_limits(mut self, limits: DrainLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Strict ids: a commit fails when the tree holds an automation id the
    /// app does not declare (`Component::AUTOMATION_IDS`), so the
    /// declarations cannot drift from the view.
    #[must_use]
    pub fn strict_ids(mut self, strict: bool) -> Self {
        self.strict_ids = strict;
        self
    }

    /// The configured viewport.
    pub fn viewport_size(&self) -> Size {
        self.viewport
    }

    /// The configured clock mode.
    pub fn clock_mode(&self) -> ClockMode {
        self.clock
    }

    /// The configured drain bounds.
    pub fn limits(&self) -> DrainLimits {
        self.limits
    }

    /// Whether strict ids are on.
    pub fn is_strict(&self) -> bool {
        self.strict_ids
    }

    /// Whether renders carry unchanged [`Ui::memo`](crate::ui::Ui::memo)
    /// subtrees over from the previous frame (on by default). Off, every
    /// body runs every render: the committed generations are the same, only
    /// slower — which tests use to check that memoized views are honest.
    #[must_use]
    pub fn memoize(mut self, memoize: bool) -> Self {
        self.memoize = memoize;
        self
    }

    /// Whether memoized subtrees are carried over.
    pub fn is_memoizing(&self) -> bool {
        self.memoize
    }

    /// The session's trace mode (`docs/trace.md`): `REHEARSE_TRACE` wins
    /// over it; without either, [`TraceMode::DEFAULT`].
    #[must_use]
    pub fn trace(mut self, mode: TraceMode) -> Self {
        self.trace = Some(mode);
        self
    }

    /// The trace mode the options ask for, if they ask.
    pub fn trace_mode(&self) -> Option<TraceMode> {
        self.trace
    }
}

/// `Ok` for a viewport a session can hold: both sides at least 1, at most
/// [`MAX_SCREEN_CELLS`] cells (checked before anything is allocated).
pub(crate) fn check_viewport(cols: u16, rows: u16) -> Result<(), AutomationError> {
    if cols == 0 || rows == 0 {
        Err(AutomationError::InvalidViewport { cols, rows })
    } else if rehearse_core::check_screen_size(cols, rows).is_err() {
        Err(AutomationError::ViewportTooLarge { cols, rows, limit: MAX_SCREEN_CELLS })
    } else {
        Ok(())
    }
}
