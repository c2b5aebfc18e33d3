//! The plane's thread: it reads the sockets itself while it waits for work
//! (one `poll`, see [`SocketReader`]), so a request reaches it with no thread
//! hand-off; requests run here one at a time, through the shared
//! [`Runner`]; waits stay pending here without blocking the requests behind
//! them; background work is pumped between.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rehearse_core::{AutomationError, Halted, Runner, Scenario, WaitStep};
use rehearse_lang::script::{UseFiles, parse_step_str};
use rehearse_lang::{AutomationStep, TerminalCondition};
use rehearse_protocol::{
    ErrorCode, WireError,
    message::{
        Acted, Checkpointed, Extra, Generation, ModelState, OkReply, RequestBody, Resized,
        SnapshotData, Waited,
    },
};

use crate::config::ServerConfig;
use crate::error::{ServeError, step_error};
use crate::job::{Halt, Job};
use crate::reading::SocketReader;
use crate::script_cache::ScriptCache;
use crate::served::Served;
use crate::shared::ServerState;
use crate::snapshot;
use crate::takeover::{self, TakeoverWatch};
use crate::terminal_wait;
use crate::traces::FailureTraces;
use crate::wake::Waker;

/// Why serving stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stopped {
    /// A client sent `close`.
    Closed,
    /// The session ended on its own (the app quit, the program exited).
    Ended(String),
    /// No client sent anything for the configured idle timeout.
    IdleTimeout,
}

/// How long the loop sleeps when nothing is pending.
const IDLE_TICK: Duration = Duration::from_millis(100);

/// Why `use:` in an `act` reads nothing when the server was given no
/// directory for it.
const NO_SCRIPTS: &str = "this server was given no directory to read `use:` files from (ServerConfig::scripts; `rehearse open --scripts DIR`, `rehearse mcp --scripts DIR`), so a client's script cannot read its files";
/// How often pending waits are looked at again.
const WAIT_TICK: Duration = Duration::from_millis(5);

enum WaitKind {
    /// The executor's own `wait-for:`, polled between requests.
    For(Box<WaitStep>),
    Idle {
        quiet: Duration,
    },
}

struct PendingWait {
    job: Job,
    kind: WaitKind,
    started: Instant,
}

pub(crate) struct SessionOwner<'s, S: Served + ?Sized> {
    served: &'s mut S,
    shared: Arc<ServerState>,
    config: ServerConfig,
    /// The sockets, read here while nothing else is to be done.
    reading: Arc<Mutex<SocketReader>>,
    /// Tells the takeover thread when this thread is busy.
    watch: Arc<TakeoverWatch>,
    waker: Waker,
    waits: Vec<PendingWait>,
    /// When the generation last moved or the session was last busy.
    last_change: Instant,
    published: u64,
    /// The last script an `act` parsed, reused for the same text.
    scripts: ScriptCache,
    /// Where failing requests' traces go.
    traces: FailureTraces,
}

/// How long after a request the session's thread keeps looking for the
/// next one without sleeping: waking a sleeping thread costs tens of
/// microseconds on an idle machine (docs/performance.md).
const EAGER_WAKE: Duration = Duration::from_micros(50);

impl<'s, S: Served + ?Sized> SessionOwner<'s, S> {
    pub(crate) fn new(
        served: &'s mut S,
        shared: Arc<ServerState>,
        config: ServerConfig,
        reading: Arc<Mutex<SocketReader>>,
        watch: Arc<TakeoverWatch>,
    ) -> Self {
        let published = served.plane().committed().generation.0;
        let waker = reading.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).waker();
        let traces = config.traces.clone();
        SessionOwner {
            served,
            shared,
            config,
            reading,
            watch,
            waker,
            waits: Vec::new(),
            last_change: Instant::now(),
            published,
            scripts: ScriptCache::default(),
            traces: FailureTraces::new(traces),
        }
    }

    fn generation(&self) -> u64 {
        self.served.plane().committed().generation.0
    }

    /// Publishes the generation for `ping`, and notes when it moved.
    fn publish(&mut self) {
        let generation = self.generation();
        // Busy-ness only matters to an `idle` wait; asking costs a report.
        let busy = !self.waits.is_empty() && self.served.busy();
        if generation != self.published || busy {
            self.last_change = Instant::now();
        }
        self.published = generation;
        self.shared.publish(generation);
    }

    pub(crate) fn run(mut self) -> Result<Stopped, ServeError> {
        let reading = self.reading.clone();
        // When the last request was handled: for a short while after it
        // the thread looks for the next one without sleeping.
        let mut handled: Option<Instant> = None;
        loop {
            let mut sockets = takeover::reclaim(&self.watch, &reading, &self.waker);
            if let Some(why) = self.served.ended() {
                self.shared.close();
                self.finish(&mut sockets);
                return Ok(Stopped::Ended(why));
            }
            // With requests queued, only a look: what needs no session
            // (`ping`, `cancel`) is answered between them.
            let eager = handled.is_some_and(|at| at.elapsed() < EAGER_WAKE);
            let tick = if !sockets.queue.is_empty() || eager {
                Duration::ZERO
            } else if self.waits.is_empty() {
                IDLE_TICK
            } else {
                WAIT_TICK
            };
            let tick = self.served.next_wake().map_or(tick, |wake| wake.min(tick));
            sockets.poll(Some(tick), self.served.input_fd()).map_err(|source| ServeError::Io {
                what: "waiting on the control sockets".into(),
                source,
            })?;
            let job = sockets.queue.pop_front();
            if job.is_none() && eager {
                // Awake, but the core is free for whoever needs it.
                drop(sockets);
                std::thread::yield_now();
                continue;
            }
            // Working: the takeover thread reads the sockets if this lasts.
            drop(sockets);
            self.watch.begin(job.is_some());
            if let Some(job) = job {
                self.handle(job);
                handled = Some(Instant::now());
            }
            if self.shared.is_closed() {
                let mut sockets = takeover::reclaim(&self.watch, &reading, &self.waker);
                self.finish(&mut sockets);
                return Ok(Stopped::Closed);
            }
            self.served.pump()?;
            self.publish();
            self.check_waits();
            if let Some(timeout) = self.config.idle_timeout
                && self.waits.is_empty()
                && self.shared.last_activity().elapsed() >= timeout
            {
                self.shared.close();
                self.served.close();
                let mut sockets = takeover::reclaim(&self.watch, &reading, &self.waker);
                self.finish(&mut sockets);
                return Ok(Stopped::IdleTimeout);
            }
        }
    }

    /// Answers every pending wait and queued request `session-closed`.
    fn finish(&mut self, sockets: &mut MutexGuard<'_, SocketReader>) {
        let generation = self.generation();
        self.shared.publish(generation);
        let closed = || WireError::new(ErrorCode::SessionClosed, "the session is closed");
        for wait in std::mem::take(&mut self.waits) {
            if let WaitKind::For(step) = wait.kind {
                (*step).abandon(self.served.plane_mut(), AutomationError::SessionClosed);
            }
            wait.job.fail(closed(), generation, None);
        }
        while let Some(job) = sockets.queue.pop_front() {
            job.fail(closed(), generation, None);
        }
    }

    fn handle(&mut self, job: Job) {
        if let Some(halt) = job.halt(Instant::now()) {
            job.halted(halt, self.generation());
            return;
        }
        if let Some(error) = self.served.refusal(job.body.op()) {
            return job.fail(error, self.generation(), None);
        }
        match &job.body {
            RequestBody::WaitFor(wait) => {
                let (condition, timeout_ms) = (wait.condition.clone(), wait.timeout_ms);
                return self.begin_wait_for(job, &condition, timeout_ms);
            }
            RequestBody::Idle(idle) => {
                let quiet = idle.quiet_ms.map_or(self.config.default_quiet, Duration::from_millis);
                let kind = WaitKind::Idle { quiet };
                self.waits.push(PendingWait { job, kind, started: Instant::now() });
                return self.check_waits();
            }
            _ => {}
        }
        let outcome = self.answer(&job);
        // Drawn before answered; a failure to draw shows again at the pump.
        let _ = self.served.after_request();
        self.publish();
        match outcome {
            Ok(payload) => job.ok(payload),
            Err(Failure { error, step }) => {
                let trace = self.traces.write(self.served.plane_mut(), &job.id, &error);
                job.fail_traced(error, self.generation(), step, trace);
            }
        }
    }

    /// What the target shows now, committed before it is described.
    fn refresh(&mut self) -> Result<(), Failure> {
        self.served.refresh().map_err(|error| {
            Failure::from(WireError::new(
                ErrorCode::StepFailed,
                format!("bringing the session up to date failed: {error}"),
            ))
        })
    }

    fn answer(&mut self, job: &Job) -> Result<OkReply, Failure> {
        let generation =
            |owner: &Self| Generation { generation: owner.generation(), extra: Extra::new() };
        Ok(match &job.body {
            RequestBody::Act(act) => self.act(job, &act.script)?,
            RequestBody::Snapshot(request) => {
                self.refresh()?;
                let data = snapshot::bytes(&*self.served, request.format)?;
                OkReply::Snapshot(SnapshotData {
                    generation: self.generation(),
                    format: request.format,
                    data: data.into(),
                    extra: Extra::new(),
                })
            }
            RequestBody::State => {
                let unsupported = || {
                    WireError::new(
                        ErrorCode::UnsupportedCapability,
                        "this app exposes no model-plane state",
                    )
                };
                // Refused before anything is brought up to date.
                if self.served.model_state().is_none() {
                    return Err(unsupported().into());
                }
                self.refresh()?;
                let state = self.served.model_state().ok_or_else(unsupported)?;
                OkReply::State(ModelState {
                    generation: self.generation(),
                    state,
                    extra: Extra::new(),
                })
            }
            RequestBody::Resize(size) => {
                let generation =
                    self.one_step(AutomationStep::Resize { cols: size.cols, rows: size.rows })?;
                OkReply::Resize(Resized {
                    generation,
                    cols: size.cols,
                    rows: size.rows,
                    extra: Extra::new(),
                })
            }
            RequestBody::Checkpoint(checkpoint) => self.checkpoint(&checkpoint.name, job.png)?,
            RequestBody::Close => {
                self.served.close();
                self.shared.close();
                OkReply::Close(generation(self))
            }
            RequestBody::Ping => OkReply::Ping(generation(self)),
            RequestBody::PtyStop | RequestBody::PtyStart(_) => {
                crate::restart::answer(&mut *self.served, &job.body, job.deadline)?
            }
            RequestBody::Hello(_)
            | RequestBody::Cancel(_)
            | RequestBody::WaitFor(_)
            | RequestBody::Idle(_) => {
                return Err(WireError::new(
                    ErrorCode::Internal,
                    "this request is never queued as a job",
                )
                .into());
            }
        })
    }

    /// Runs a script step by step, checking the request's cancellation and
    /// deadline between steps (a step itself is never cut in half).
    fn act(&mut self, job: &Job, script: &str) -> Result<OkReply, Failure> {
        let uses = match &self.config.scripts {
            Some(dir) => UseFiles::Below(dir),
            None => UseFiles::Refused(NO_SCRIPTS),
        };
        let parsed = self
            .scripts
            .parse(script, &self.served.plane().check_context(), uses)
            .map_err(|errors| WireError::new(ErrorCode::InvalidScript, errors.to_string()))?;
        let scenario = Scenario::from_script(parsed, None);
        let left = job.deadline.saturating_duration_since(Instant::now());
        for (index, step) in scenario.steps().iter().enumerate() {
            let wait = match &step.step {
                AutomationStep::WaitFor { timeout, .. } => Some(*timeout),
                AutomationStep::Sleep { duration } => Some(*duration),
                _ => None,
            };
            if let Some(wait) = wait.filter(|wait| *wait > left) {
                return Err(WireError::new(
                    ErrorCode::InvalidDeadline,
                    format!(
                        "step {index} `{}` waits {} ms, longer than what is left of the request's deadline ({} ms): it could never finish in time",
                        step.step,
                        wait.as_millis(),
                        left.as_millis()
                    ),
                )
                .with_limit("deadlineMs")
                .into());
            }
        }
        let halt = || job.halt(Instant::now());
        match Runner::new().run_until(self.served.plane_mut(), scenario, halt) {
            Ok(report) => {
                let steps = u32::try_from(report.steps.len()).unwrap_or(u32::MAX);
                Ok(OkReply::Act(Acted {
                    generation: self.generation(),
                    steps,
                    extra: Extra::new(),
                }))
            }
            Err(Halted::Failed(failed)) => {
                let step = u32::try_from(failed.completed.steps.len()).unwrap_or(u32::MAX);
                Err(Failure { error: step_error(&failed.failed), step: Some(step) })
            }
            Err(Halted::Stopped { reason: Halt::Stop(error), .. }) => Err(error.into()),
            Err(Halted::Stopped { reason: Halt::Gone, .. }) => {
                Err(WireError::new(ErrorCode::Cancelled, "the client went away").into())
            }
        }
    }

    fn one_step(&mut self, step: AutomationStep) -> Result<u64, Failure> {
        Runner::new()
            .step(self.served.plane_mut(), step)
            .map(|result| result.generation.0)
            .map_err(|failed| step_error(&failed).into())
    }

    fn checkpoint(&mut self, name: &str, png: bool) -> Result<OkReply, Failure> {
        rehearse_lang::validate_checkpoint_name(name).map_err(|reason| {
            WireError::new(ErrorCode::InvalidScript, format!("checkpoint name {name:?}: {reason}"))
        })?;
        let generation = self.one_step(AutomationStep::Checkpoint { name: name.to_owned() })?;
        let artifacts = snapshot::checkpoint(&*self.served, name, png)?;
        Ok(OkReply::Checkpoint(Checkpointed {
            generation,
            name: name.to_owned(),
            artifacts,
            extra: Extra::new(),
        }))
    }

    fn begin_wait_for(&mut self, job: Job, condition: &str, timeout_ms: u64) {
        let parsed = parse_step_str(&format!("wait-for:{condition},{timeout_ms}"));
        let (condition, timeout) = match parsed.map(|parsed| parsed.step) {
            Ok(AutomationStep::WaitFor { condition, timeout }) => (condition, timeout),
            Ok(AutomationStep::WaitForTerminal { condition, timeout }) => {
                return self.wait_terminal(job, &condition, timeout);
            }
            Ok(other) => {
                let error = WireError::new(
                    ErrorCode::InvalidScript,
                    format!("`{other}` is not a wait condition"),
                );
                return job.fail(error, self.generation(), None);
            }
            Err(error) => {
                let error = WireError::new(
                    ErrorCode::InvalidScript,
                    format!(
                        "condition {condition:?} (PREDICATE,SELECTOR, or a terminal condition such as contains=TEXT,screen or exited,process): {error}"
                    ),
                );
                return job.fail(error, self.generation(), None);
            }
        };
        let plane = self.served.plane_mut();
        let step = match Runner::new().begin_wait(plane, condition, timeout, job.deadline) {
            Ok(step) => Box::new(step),
            Err(failed) => {
                let error = WireError::new(ErrorCode::InvalidScript, failed.error.to_string());
                return job.fail(error, self.generation(), None);
            }
        };
        self.waits.push(PendingWait { job, kind: WaitKind::For(step), started: Instant::now() });
        self.check_waits();
    }

    /// A `wait-for` on the program's screen, scrollback or process: waited
    /// for here, on the terminal, as a `wait-for:` step would be.
    fn wait_terminal(&mut self, job: Job, condition: &TerminalCondition, timeout: Duration) {
        let started = Instant::now();
        let ended = terminal_wait::wait(&mut *self.served, &job, condition, timeout);
        self.publish();
        let generation = self.generation();
        match ended {
            terminal_wait::Ended::Held => {
                let elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
                job.ok(OkReply::WaitFor(Waited { generation, elapsed_ms, extra: Extra::new() }));
            }
            terminal_wait::Ended::Failed(error) => {
                let trace = self.traces.write(self.served.plane_mut(), &job.id, &error);
                job.fail_traced(error, generation, None, trace);
            }
            terminal_wait::Ended::Halted(halt) => job.halted(halt, generation),
        }
    }

    /// Answers every pending wait that holds, timed out, was cancelled or
    /// ran out of deadline; keeps the rest.
    fn check_waits(&mut self) {
        if self.waits.is_empty() {
            // Nothing to look at: asking whether the session is busy costs
            // a report.
            return;
        }
        let now = Instant::now();
        let generation = self.generation();
        let quiet_for = now.saturating_duration_since(self.last_change);
        let busy = self.served.busy();
        let waits = std::mem::take(&mut self.waits);
        for mut wait in waits {
            // Cancelled or gone; running out of time is the wait's own answer.
            if let Some(halt) = wait.job.interrupted() {
                if let WaitKind::For(step) = wait.kind {
                    (*step).abandon(self.served.plane_mut(), AutomationError::Cancelled);
                }
                wait.job.halted(halt, generation);
                continue;
            }
            // A wait on a program stopped under it could never hold.
            if let Some(error) = self.served.refusal(wait.job.body.op()) {
                if let WaitKind::For(step) = wait.kind {
                    let why = AutomationError::NotAvailable {
                        what: "wait-for".into(),
                        reason: error.message.clone(),
                    };
                    (*step).abandon(self.served.plane_mut(), why);
                }
                wait.job.fail(error, generation, None);
                continue;
            }
            let elapsed_ms =
                u64::try_from(now.duration_since(wait.started).as_millis()).unwrap_or(u64::MAX);
            let done = Waited { generation, elapsed_ms, extra: Extra::new() };
            match &mut wait.kind {
                WaitKind::For(step) => match step.poll(self.served.plane_mut()) {
                    None => self.waits.push(wait),
                    Some(Ok(_)) => wait.job.ok(OkReply::WaitFor(done)),
                    Some(Err(failed)) => {
                        let error = wait_error(&failed.error);
                        let plane = self.served.plane_mut();
                        let trace = self.traces.write(plane, &wait.job.id, &error);
                        wait.job.fail_traced(error, generation, None, trace);
                    }
                },
                WaitKind::Idle { quiet } => {
                    if !busy && quiet_for >= *quiet {
                        let mut done = done;
                        if let Some(signal) = self.served.settled_by() {
                            done.extra.insert("settledBy".into(), signal.into());
                        }
                        wait.job.ok(OkReply::Idle(done));
                    } else if now >= wait.job.deadline {
                        // An idle wait runs until its deadline: that is its timeout.
                        wait.job.fail(
                            WireError::new(
                                ErrorCode::WaitTimeout,
                                if quiet.is_zero() {
                                    "the session's screen was not stable before the deadline"
                                        .to_owned()
                                } else {
                                    format!(
                                        "the session was not quiet for {} ms before the deadline",
                                        quiet.as_millis()
                                    )
                                },
                            ),
                            generation,
                            None,
                        );
                    } else {
                        self.waits.push(wait);
                    }
                }
            }
        }
    }
}

/// The wire error for a `wait-for` request that failed: `wait-timeout` with
/// the full diagnostic when it did not hold in time (as the same step
/// through `act` reports it), `invalid-script` for a selector that breaks
/// the rules, else `step-failed`.
fn wait_error(error: &AutomationError) -> WireError {
    let code = match error {
        AutomationError::WaitTimeout(_) => ErrorCode::WaitTimeout,
        AutomationError::InvalidSelector { .. } => ErrorCode::InvalidScript,
        AutomationError::SessionClosed => ErrorCode::SessionClosed,
        _ => ErrorCode::StepFailed,
    };
    WireError::new(code, error.to_string())
}

/// A request's failure: its error and, for a step, the step's index.
struct Failure {
    error: WireError,
    step: Option<u32>,
}

impl From<WireError> for Failure {
    fn from(error: WireError) -> Failure {
        Failure { error, step: None }
    }
}
