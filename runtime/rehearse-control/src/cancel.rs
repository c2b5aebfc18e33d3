//! A request's cancellation: set by a `cancel` on its connection, read by
//! the session's thread between steps and while it waits.

use std::sync::Mutex;

/// Set when a `cancel` names the request: why it was cancelled.
#[derive(Debug, Default)]
pub(crate) struct CancelSlot(Mutex<Option<String>>);

impl CancelSlot {
    pub(crate) fn cancel(&self, why: String) {
        let mut slot = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        slot.get_or_insert(why);
    }

    pub(crate) fn reason(&self) -> Option<String> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }
}
