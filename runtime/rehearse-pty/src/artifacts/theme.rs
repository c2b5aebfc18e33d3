//! The theme-neutrality check of seed 003 on the emulator's screen: a
//! screen that leaves colours to the user's theme uses no RGB colour, no
//! palette index above 15 and no explicit background. Reverse video on the
//! default colours (a selected row) stays allowed.
//!
//! The rules are the core's ([`rehearse_core::artifacts::theme_violations`]),
//! read from the grid as a ratatui `Buffer`, so a checkpoint's check
//! ([`Check::ThemeNeutral`](rehearse_core::artifacts::Check::ThemeNeutral))
//! and this function agree on every cell.

pub use rehearse_core::artifacts::{ThemeRule, ThemeViolation};

use crate::emulator::Emulator;

/// Checks every visible cell; `Ok` when the screen is theme-neutral, else every
/// violation, row by row.
///
/// # Errors
/// The violations.
pub fn check_theme_neutral(emu: &dyn Emulator) -> Result<(), Vec<ThemeViolation>> {
    let violations = rehearse_core::artifacts::theme_violations(&super::to_buffer(emu));
    if violations.is_empty() { Ok(()) } else { Err(violations) }
}
