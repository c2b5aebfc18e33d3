//! What `update`, `mount` and event handlers can ask of the runtime:
//! queued messages, timers, quitting, focus requests, commands.

use std::collections::VecDeque;

use crate::clock::TimerQueue;
use crate::envelope::Envelope;
use crate::identity::ComponentPath;
use rehearse_lang::Selector;

/// Everything `update`, `mount` and event handlers can ask for.
#[derive(Default)]
pub(crate) struct Effects {
    pub(crate) queue: VecDeque<Envelope>,
    pub(crate) timers: TimerQueue,
    pub(crate) quit: bool,
    pub(crate) focus_requests: Vec<Selector>,
    /// Messages that arrived for a component that is no longer mounted.
    pub(crate) dropped_late: usize,
    /// Tracked commands and links.
    pub(crate) commands: crate::command::Commands,
    /// The last component instance number handed out (the root is 0).
    instances: u64,
}

impl Effects {
    /// A number for a component being mounted, unique in the session.
    pub(crate) fn new_instance(&mut self) -> u64 {
        self.instances += 1;
        self.instances
    }

    /// Forgets the queued messages and timers of components that
    /// unmounted, and tells their running commands to stop: none of it may
    /// reach whatever mounts at the same place later.
    pub(crate) fn forget(&mut self, removed: &[ComponentPath]) {
        if removed.is_empty() {
            return;
        }
        let alive =
            |envelope: &Envelope| !removed.iter().any(|path| envelope.target.starts_with(path));
        self.timers.retain(alive);
        self.queue.retain(alive);
        self.commands.cancel(|target| removed.iter().any(|path| target.starts_with(path)));
    }
}
