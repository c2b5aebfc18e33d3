//! Artifacts from the grid: the terminal-state golden (seed 003), the
//! theme-neutrality check, a ratatui `Buffer`, and the asciicast recording.

pub(crate) mod asciicast;
