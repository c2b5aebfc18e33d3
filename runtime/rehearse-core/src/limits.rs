//! Limits on sizes rehearse is handed rather than computes: one constant
//! bounds every screen — a session's viewport and every golden a reader
//! parses — so nothing is allocated from a size no terminal has.
//! `docs/limits.md` lists every limit and what exceeding it returns.

use std::fmt;

/// The most cells a screen may hold: 1,048,576 (a 1024x1024 grid).
///
/// One limit for every screen rehearse allocates from a size it is given:
///
/// - a session's viewport (`SessionOptions::viewport`, the `resize:` step,
///   a live terminal's size): more fails with
///   [`AutomationError::ViewportTooLarge`](crate::AutomationError::ViewportTooLarge);
/// - every golden reader ([`Screen::parse_cells`](crate::artifacts::Screen::parse_cells),
///   [`parse_styled`](crate::artifacts::Screen::parse_styled),
///   [`parse_text`](crate::artifacts::Screen::parse_text) and the PNG
///   decoder, which allows this many cells of 8x16 pixels): more is a
///   [`FormatError`](crate::artifacts::FormatError) before anything is
///   allocated.
///
/// The largest real terminals (an 8K display with a small font) hold under
/// half a million cells. Each axis stays a `u16` besides.
///
/// ```
/// use rehearse::engine::{MAX_SCREEN_CELLS, check_screen_size};
/// assert_eq!(MAX_SCREEN_CELLS, 1 << 20);
/// assert!(check_screen_size(1024, 1024).is_ok());
/// let error = check_screen_size(4096, 4096).unwrap_err();
/// assert_eq!(error.to_string(), "a 4096x4096 screen is 16777216 cells, more than the limit of 1048576 cells (MAX_SCREEN_CELLS, docs/limits.md)");
/// ```
pub const MAX_SCREEN_CELLS: u32 = 1 << 20;

/// A screen size over [`MAX_SCREEN_CELLS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenTooLarge {
    /// Columns asked for.
    pub cols: u16,
    /// Rows asked for.
    pub rows: u16,
}

impl ScreenTooLarge {
    /// The cells asked for.
    pub fn cells(&self) -> u64 {
        u64::from(self.cols) * u64::from(self.rows)
    }
}

impl fmt::Display for ScreenTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a {}x{} screen is {} cells, more than the limit of {MAX_SCREEN_CELLS} cells (MAX_SCREEN_CELLS, docs/limits.md)",
            self.cols,
            self.rows,
            self.cells()
        )
    }
}

impl std::error::Error for ScreenTooLarge {}

/// `Ok` when a `cols` x `rows` screen holds at most [`MAX_SCREEN_CELLS`].
///
/// # Errors
///
/// [`ScreenTooLarge`] naming the size and the limit.
pub fn check_screen_size(cols: u16, rows: u16) -> Result<(), ScreenTooLarge> {
    let too_large = ScreenTooLarge { cols, rows };
    if too_large.cells() > u64::from(MAX_SCREEN_CELLS) { Err(too_large) } else { Ok(()) }
}

/// The most timers one advance of a controlled clock (a `wait:` step,
/// [`AutomationStep::advance`](rehearse_lang::AutomationStep::advance)) may
/// fire, counted across the whole advance: 100,000.
///
/// Each drain after a timer is bounded on its own (`DrainLimits`), but a
/// timer that re-arms itself every millisecond would otherwise make
/// `wait:604800000` fire 604,800,000 times, each with a render. Past the
/// limit the step fails with
/// [`AutomationError::AdvanceDidNotConverge`](crate::AutomationError::AdvanceDidNotConverge),
/// naming the message types the timers carried, and the clock stays at the
/// last timer that fired. A 60 Hz animation timer fits 27 minutes of
/// logical time under the limit; advance in several steps for more.
pub const MAX_TIMERS_PER_ADVANCE: usize = 100_000;

/// The deepest semantic tree a session projects: 256 levels, the root's
/// children being level 2. A deeper view fails its commit with
/// [`AutomationError::TreeTooDeep`](crate::AutomationError::TreeTooDeep)
/// instead of exhausting the stack (projection, JSON and Markdown walk the
/// tree recursively). Real interfaces nest a few dozen levels at most.
pub const MAX_TREE_DEPTH: usize = 256;
