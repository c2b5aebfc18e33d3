//! # rehearse-pty
//!
//! The terminal plane: any program in a real PTY, read through a headless
//! terminal emulator, driven with the same steps as the engine plane.

pub mod emulator;
// The encoders are written in another worktree; their interface types are
// not all used yet. Drop this allow at merge.
#[allow(unused_imports)]
pub mod encode;
