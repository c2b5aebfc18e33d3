//! What is pending in a session, waiting for tracked work, and snapshots
//! that explain a failure.

use std::time::{Duration, Instant};

use super::Engine;
use crate::component::Component;
use rehearse_core::wait::IdleReport;
use rehearse_core::{AutomationError, ClockMode, CommittedFrame};

impl<C: Component> Engine<C> {
    /// What is pending right now, and the boundary the runtime cannot see
    /// past (untracked links).
    pub fn idle_report(&self) -> IdleReport {
        let now = self.clock.now();
        let timers = &self.core.effects.timers;
        let due = timers.count_due(now);
        let commands = &self.core.effects.commands;
        let mut report = IdleReport::default();
        report.queued_messages = self.core.effects.queue.len();
        report.due_timers = due;
        report.future_timers = timers.len() - due;
        report.next_timer_in = self.until_next_timer().filter(|_| report.future_timers > 0);
        report.dirty = self.restyle;
        report.tracked_commands = commands.running();
        report.running_commands = commands.running_names();
        report.external_links_untracked = commands.untracked_links();
        report
    }

    /// Whether waiting (in wall time) can change anything: a tracked command
    /// is running, an untracked link may send, or a realtime timer is due to
    /// fire. Under a controlled clock future timers cannot fire by waiting.
    pub(crate) fn waiting_can_help(&self, idle: &IdleReport) -> bool {
        idle.tracked_commands > 0
            || idle.external_links_untracked
            || (self.clock.mode() == ClockMode::Realtime && idle.future_timers > 0)
    }

    /// Blocks for at most `timeout` of wall time until a worker thread or
    /// link sends something (or a realtime timer may be due), then drains.
    pub(crate) fn wait_for_work(&mut self, timeout: Duration) -> Result<(), AutomationError> {
        let timeout = match (self.clock.mode(), self.until_next_timer()) {
            (ClockMode::Realtime, Some(due)) => timeout.min(due.max(Duration::from_millis(1))),
            _ => timeout,
        };
        let mut arrived = Vec::new();
        self.core.effects.commands.wait(timeout, &mut arrived);
        self.core.effects.queue.extend(arrived);
        self.settle()
    }

    /// The current frame as a committed frame would show it, without
    /// committing it (the generation number is the last committed one).
    pub(crate) fn current_snapshot(&self) -> Result<CommittedFrame, AutomationError> {
        let frame = self.frame();
        if frame.is_composited() {
            return Ok(self.committed().clone());
        }
        let projection = super::projection::project(frame, self.generation, self.focused_idx())?;
        let mut snapshot = CommittedFrame::new(
            self.generation,
            self.committed().viewport,
            projection.tree,
            frame.composite_copy(),
        );
        snapshot.interaction = self.committed().interaction.clone();
        snapshot.cursor = frame.cursor();
        snapshot.time = self.clock.now();
        Ok(snapshot)
    }

    /// Waits for bounded realtime quiescence of tracked work: nothing queued,
    /// no timer due, no tracked command running, and nothing arriving for
    /// `quiet_window`. Logical time does not move.
    ///
    /// The report states what it cannot prove: `external_links_untracked`
    /// says an app thread holding an ordinary [`Link`](crate::Link) may still
    /// send later.
    ///
    /// # Errors
    ///
    /// [`AutomationError::IdleTimeout`] with the last report when `timeout`
    /// passes first.
    pub fn wait_for_idle(
        &mut self,
        timeout: Duration,
        quiet_window: Duration,
    ) -> Result<IdleReport, AutomationError> {
        self.ensure_open()?;
        let started = Instant::now();
        loop {
            self.settle()?;
            let idle = self.idle_report();
            let elapsed = started.elapsed();
            let remaining = timeout.saturating_sub(elapsed);
            if idle.is_idle() {
                // Quiet for the whole window: nothing tracked is left.
                let mut arrived = Vec::new();
                if !self.core.effects.commands.wait(quiet_window.min(remaining), &mut arrived) {
                    self.commit()?;
                    return Ok(self.idle_report());
                }
                self.core.effects.queue.extend(arrived);
            } else if remaining.is_zero() || !self.waiting_can_help(&idle) {
                return Err(AutomationError::IdleTimeout { waited: elapsed, idle: Box::new(idle) });
            } else {
                self.wait_for_work(remaining)?;
            }
        }
    }
}
