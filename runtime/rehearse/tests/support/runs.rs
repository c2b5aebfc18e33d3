//! A counter the memo tests bump from inside bodies and lazy builds.

use std::cell::Cell;
use std::rc::Rc;

/// Counts how often a body (or a lazy item's build) ran; clones share it.
#[derive(Clone, Default)]
pub struct Runs(Rc<Cell<usize>>);

impl Runs {
    pub fn bump(&self) {
        self.0.set(self.0.get() + 1);
    }

    pub fn get(&self) -> usize {
        self.0.get()
    }
}
