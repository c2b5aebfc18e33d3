//! Carrying over stays honest under long random step sequences: an app
//! built to exercise the memo machinery, driven by seeded random steps with
//! memoizing on and off and compared after every step. It has memos nested
//! three deep; bodies that draw less than before (shorter text, fewer
//! nodes); a body whose area moves; paint beneath a memo before it and over
//! it after it; a lazy list (`List::show_lazy`, with a memo inside each row)
//! and, inside a memo, a list of `ListItem::lazy` items, whose rows are
//! inserted, removed, reordered and dragged (keys follow them) and change
//! from outside their own handlers; a text field inside a memo (its caret);
//! a modal with a memo inside; memos that are volatile because they read
//! the clock, read another node's focus, bind a key or nest a component; a
//! scrolled pane of memos; keyed memos taking turns in one place; timers on
//! the controlled clock; and an id that is sometimes duplicated. Each memo
//! body and lazy build counts its runs, so the test can tell that the
//! memoized session carried bodies over.
//!
//! The steps come from a small inline PRNG with fixed seeds, so every run is
//! the same. A mismatch names the seed, the step and its index, and prints
//! the steps as a script, shrunk to a shorter sequence that still fails.
//!
//! The app is in `lab` (its view in `lab::view`), the
//! choice of steps in `steps`, the walks and their reports in `walk`, and a
//! reproduction a walk found in `regression`.

use crate::support::{rng, runs};

mod lab;
mod regression;
mod steps;
mod walk;
