//! Example apps built on rehearse. Each is a real TUI (`cargo run -p
//! rehearse-examples --bin NAME`) and is driven headlessly by its tests.

pub mod countdown;
pub mod login;
pub mod notes;
pub mod picker;
pub mod shopping;
pub mod tally;
pub mod tea;
pub mod todo;

/// The README's Rust examples, compiled as doctests so they cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// docs/terminal.md's Rust examples, compiled as doctests: they use the
/// `rehearse` facade alone.
#[cfg(doctest)]
#[doc = include_str!("../../docs/terminal.md")]
pub struct TerminalDoctests;
