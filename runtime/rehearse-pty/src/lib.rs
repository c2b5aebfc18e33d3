//! # rehearse-pty
//!
//! The terminal plane: any program in a real PTY, read through a headless
//! terminal emulator, driven with the same steps as the engine plane.

pub mod encode;
