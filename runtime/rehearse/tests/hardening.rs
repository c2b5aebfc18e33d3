//! Hostile sizes and faults at the session's edges (issue 16): viewports
//! over the cell limit, a panic in the root's `mount`, control characters an
//! app draws.

use std::sync::{Arc, Mutex};

use rehearse::prelude::*;

type Log = Arc<Mutex<Vec<&'static str>>>;

/// A root whose `mount` panics.
struct BadMount {
    log: Log,
}

impl Component for BadMount {
    type Message = ();
    fn mount(&mut self, _: &mut Context<'_, Self>) {
        self.log.lock().unwrap().push("mount");
        panic!("mount exploded");
    }
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, _: &mut Ui<'_, ()>) {
        self.log.lock().unwrap().push("view");
    }
    fn unmount(&mut self) {
        self.log.lock().unwrap().push("unmount");
    }
}

#[test]
fn a_panic_in_the_roots_mount_is_the_component_panicked_error() {
    let log: Log = Arc::default();
    let error = Session::try_new(BadMount { log: log.clone() }, SessionOptions::default())
        .err()
        .expect("the mount panicked");
    let AutomationError::ComponentPanicked(message) = &error else { panic!("{error}") };
    assert_eq!(message, "mount exploded");
    assert_eq!(*log.lock().unwrap(), ["mount", "unmount"], "unmounted exactly once, never viewed");
}
