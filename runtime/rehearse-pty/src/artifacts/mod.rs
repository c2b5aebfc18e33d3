//! Artifacts from the grid: the terminal-state golden (seed 003), the
//! theme-neutrality check, a ratatui `Buffer`, and the asciicast recording.

pub(crate) mod asciicast;
mod buffer;
mod golden;
mod theme;

pub(crate) use buffer::set_cell;
pub use buffer::to_buffer;
pub use golden::{scrollback_golden, terminal_golden};
pub(crate) use golden::{scrollback_golden_hiding, terminal_golden_hiding, terminal_state};
pub use theme::{ThemeRule, ThemeViolation, check_theme_neutral};
