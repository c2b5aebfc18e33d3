//! `monitor`: the program's CPU and resident memory, sampled at a fixed
//! interval on a background thread until it is stopped, dropped, or the
//! program exits — then the thread ends (and is joined on stop and drop).
//!
//! CPU is the growth of the session's clock ticks (`utime + stime`, and the
//! `cutime + cstime` of children its members reaped, from `/proc/PID/stat`)
//! over the wall time between two samples, in percent of one core; its
//! resolution is one tick (`CLK_TCK`, 100 per second on Linux) per interval.
//! A process reaped by a parent outside the session (an orphan adopted by
//! init) takes its ticks since the last sample with it. Memory is the sum of
//! `/proc/PID/statm`'s resident pages times the page size.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::error::PipelineError;
use super::procfs::{Usage, session_usage};
use super::report::{MonitorEnd, MonitorReport, MonitorSample};
use super::{MAX_MONITOR_INTERVAL, MAX_MONITOR_SAMPLES, MIN_MONITOR_INTERVAL};
use crate::session::PtySession;

/// The name of the sampling thread (`/proc/self/task/*/comm`).
pub const MONITOR_THREAD_NAME: &str = "rehearse-mon";

/// The report as it grows, and a signal for each change.
#[derive(Debug)]
struct Shared {
    report: Mutex<MonitorReport>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, MonitorReport> {
        self.report.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A running (or finished) sampler of one program's processes.
///
/// Dropping it stops the thread and joins it.
#[derive(Debug)]
pub struct Monitor {
    interval: Duration,
    shared: Arc<Shared>,
    /// Dropped to stop the thread: its wait between samples ends at once.
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Monitor {
    /// Starts sampling the program of `session` every `interval`.
    ///
    /// # Errors
    ///
    /// [`PipelineError::InvalidInterval`] outside
    /// [`MIN_MONITOR_INTERVAL`]..=[`MAX_MONITOR_INTERVAL`],
    /// [`PipelineError::ProgramEnded`] when the program has ended,
    /// [`PipelineError::Thread`] when no thread can be started.
    pub fn start(session: &PtySession, interval: Duration) -> Result<Self, PipelineError> {
        if !(MIN_MONITOR_INTERVAL..=MAX_MONITOR_INTERVAL).contains(&interval) {
            return Err(PipelineError::InvalidInterval {
                interval,
                min: MIN_MONITOR_INTERVAL,
                max: MAX_MONITOR_INTERVAL,
            });
        }
        if let Some(exit) = session.exit_status() {
            return Err(PipelineError::ProgramEnded(exit));
        }
        let sid = i32::try_from(session.pid()).map_err(|_| {
            PipelineError::Thread(std::io::Error::other("the program's pid is out of range"))
        })?;
        let interval_ms = u64::try_from(interval.as_millis()).unwrap_or(u64::MAX);
        let shared = Arc::new(Shared {
            report: Mutex::new(MonitorReport { interval_ms, samples: Vec::new(), ended: None }),
            changed: Condvar::new(),
        });
        let (stop, stopped) = mpsc::channel();
        let thread_shared = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name(MONITOR_THREAD_NAME.into())
            .spawn(move || sample(sid, interval, &stopped, &thread_shared))
            .map_err(PipelineError::Thread)?;
        Ok(Self { interval, shared, stop: Some(stop), thread: Some(thread) })
    }

    /// The sampling interval.
    pub fn interval(&self) -> Duration {
        self.interval
    }

    /// The report so far.
    pub fn report(&self) -> MonitorReport {
        self.shared.lock().clone()
    }

    /// Whether it still samples (not stopped, the program still running).
    pub fn is_sampling(&self) -> bool {
        self.shared.lock().ended.is_none()
    }

    /// Waits until `holds` is true of the report (checked on every new
    /// sample and at the end), returning that report; `None` when `timeout`
    /// passes first or sampling ends without it holding.
    pub fn wait_until(
        &self,
        timeout: Duration,
        mut holds: impl FnMut(&MonitorReport) -> bool,
    ) -> Option<MonitorReport> {
        let deadline = Instant::now() + timeout;
        let mut report = self.shared.lock();
        loop {
            if holds(&report) {
                return Some(report.clone());
            }
            let remaining = deadline.saturating_duration_since(Instant::now());
            if report.ended.is_some() || remaining.is_zero() {
                return None;
            }
            report = self
                .shared
                .changed
                .wait_timeout(report, remaining)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
    }

    /// Stops sampling, joins the thread, and returns the report.
    pub fn stop(mut self) -> MonitorReport {
        self.halt();
        self.report()
    }

    fn halt(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Monitor {
    fn drop(&mut self) {
        self.halt();
    }
}

/// The thread: a sample at each multiple of `interval` after the start
/// (a late one does not shift the next), until stopped or the program
/// leading session `sid` is gone.
fn sample(sid: i32, interval: Duration, stopped: &mpsc::Receiver<()>, shared: &Shared) {
    let page_size = rustix::param::page_size() as u64;
    #[allow(clippy::cast_precision_loss)] // ticks per second: 100 in practice
    let ticks_per_second = rustix::param::clock_ticks_per_second().max(1) as f64;
    let start = Instant::now();
    let mut previous: (Usage, Instant) = (session_usage(sid, page_size), start);
    let mut ticks_since_start: u32 = 0;
    let end = if previous.0.leader_alive {
        loop {
            ticks_since_start = ticks_since_start.saturating_add(1);
            let due = start + interval.saturating_mul(ticks_since_start);
            match stopped.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Err(RecvTimeoutError::Timeout) => {}
                Ok(()) | Err(RecvTimeoutError::Disconnected) => break MonitorEnd::Stopped,
            }
            let now = Instant::now();
            let usage = session_usage(sid, page_size);
            if !usage.leader_alive {
                break MonitorEnd::ProgramExited;
            }
            let wall = now.duration_since(previous.1).as_secs_f64();
            #[allow(clippy::cast_precision_loss)] // tick counts: far below 2^53
            let ticks = usage.ticks.saturating_sub(previous.0.ticks) as f64;
            let cpu_percent =
                if wall > 0.0 { ticks / ticks_per_second / wall * 100.0 } else { 0.0 };
            let full = {
                let mut report = shared.lock();
                report.samples.push(MonitorSample {
                    at_ms: u64::try_from(now.duration_since(start).as_millis()).unwrap_or(u64::MAX),
                    cpu_percent,
                    rss_bytes: usage.rss_bytes,
                    processes: usage.processes,
                });
                report.samples.len() >= MAX_MONITOR_SAMPLES
            };
            shared.changed.notify_all();
            if full {
                break MonitorEnd::SampleLimit;
            }
            previous = (usage, now);
            // A sample that ran past later due times skips them.
            let elapsed = now.duration_since(start).as_nanos() / interval.as_nanos().max(1);
            ticks_since_start = ticks_since_start.max(u32::try_from(elapsed).unwrap_or(u32::MAX));
        }
    } else {
        MonitorEnd::ProgramExited
    };
    shared.lock().ended = Some(end);
    shared.changed.notify_all();
}
