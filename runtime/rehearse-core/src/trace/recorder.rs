//! [`Tracer`]: the recorder a session's driver sets as its plane's
//! [`StepObserver`](crate::StepObserver) (`trace/observe.rs` turns what the
//! seam tells into these calls). Off, it watches nothing; on, it captures
//! what changed and keeps the newest steps within the bounds.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Instant;

use rehearse_lang::{AutomationStep, FocusTarget, MouseButton, Secret, Selector};

use crate::CommittedFrame;
use crate::error::AutomationError;
use crate::executor::resolve;
use crate::input::{Input, PointerKind};
use crate::note::TraceNote;
use crate::scenario::StepSource;
use crate::semantic::{SemanticNode, SemanticTree};
use crate::trace::capture::Tables;
use crate::trace::files::{claim, default_dir, default_title, write_trace};
use crate::trace::mode::{TraceLimits, TraceMode, TraceOptions};
use crate::trace::model::{
    CheckpointRecord, ErrorRecord, GenerationSpan, GoldenRecord, InputRecord, LogicalSpan,
    OriginRecord, SettleRecord, StepRecord, StepStatus, TargetRecord, TraceDocument, TraceOutcome,
    Truncation, WaitRecord, WallSpan,
};

/// Records a session's steps for its trace: a
/// [`StepObserver`](crate::StepObserver) that a [`Driver`](crate::Driver)
/// sets on its plane ([`Driver::trace`](crate::Driver::trace)). Each step's
/// start and end, what the executor and the plane note within it, its
/// commits, checkpoints and golden comparisons become one step record;
/// when a run ends the driver asks it
/// ([`run_ended`](crate::StepObserver::run_ended)), and it writes the trace
/// when the mode keeps it ([`finish`](Self::finish)). In mode `off` it
/// watches nothing, and a failure's note says how to turn it on.
#[derive(Debug)]
pub struct Tracer {
    state: State,
}

#[derive(Debug)]
enum State {
    /// No trace at all, and nothing to say about it (a runner that serves
    /// requests over a socket).
    Off,
    /// The mode is `off`: failures say how to turn it on.
    Disabled,
    /// `REHEARSE_TRACE` holds something that is not a mode: the first step
    /// fails saying so.
    Invalid(String),
    Recording(Box<Recording>),
}

#[derive(Debug)]
struct Recording {
    mode: TraceMode,
    title: String,
    plane: &'static str,
    dir: Option<PathBuf>,
    /// The directory this recording writes into, once it has written.
    claimed: Option<PathBuf>,
    limits: TraceLimits,
    started: Instant,
    steps: VecDeque<StepRecord>,
    /// The steps begun and not ended, the newest last (a `wait-for` may
    /// stay pending on a served session while other steps run).
    current: Vec<Current>,
    tables: Tables,
    /// What the session typed as secrets, to redact from every file.
    secrets: Vec<String>,
    dropped: usize,
    truncation: Option<String>,
    /// Steps recorded since the trace was last written.
    unwritten: bool,
}

#[derive(Debug)]
struct Current {
    /// The serial its start carried.
    serial: u64,
    record: StepRecord,
    started: Instant,
}

impl Default for Tracer {
    fn default() -> Self {
        Self::off()
    }
}

impl Tracer {
    /// A tracer that records nothing and says nothing about it.
    pub const fn off() -> Self {
        Self { state: State::Off }
    }

    /// A tracer for a session on `plane` (`engine`, `adopted`,
    /// `terminal`), in the mode `REHEARSE_TRACE` or the options choose.
    pub fn new(plane: &'static str, options: TraceOptions) -> Self {
        let mode = match options.resolved_mode() {
            Ok(mode) => mode,
            Err(value) => return Self { state: State::Invalid(value) },
        };
        if !mode.records() {
            return Self { state: State::Disabled };
        }
        Self {
            state: State::Recording(Box::new(Recording {
                mode,
                title: options.title.unwrap_or_else(default_title),
                plane,
                dir: options.dir,
                claimed: None,
                limits: options.limits,
                started: Instant::now(),
                steps: VecDeque::new(),
                current: Vec::new(),
                tables: Tables::default(),
                secrets: Vec::new(),
                dropped: 0,
                truncation: None,
                unwritten: false,
            })),
        }
    }

    /// Whether steps are being recorded.
    #[inline]
    pub fn is_recording(&self) -> bool {
        matches!(self.state, State::Recording(_))
    }

    /// The mode, `None` when `REHEARSE_TRACE` held no mode.
    pub fn mode(&self) -> Option<TraceMode> {
        match &self.state {
            State::Off | State::Disabled => Some(TraceMode::Off),
            State::Invalid(_) => None,
            State::Recording(recording) => Some(recording.mode),
        }
    }

    /// The error every step fails with when `REHEARSE_TRACE` holds no mode.
    pub fn invalid_mode(&self) -> Option<AutomationError> {
        match &self.state {
            State::Invalid(value) => {
                Some(AutomationError::UnknownTraceMode { value: value.clone() })
            }
            _ => None,
        }
    }

    #[inline]
    fn recording(&mut self) -> Option<&mut Recording> {
        match &mut self.state {
            State::Recording(recording) => Some(recording),
            _ => None,
        }
    }

    #[inline]
    fn current(&mut self) -> Option<&mut Current> {
        self.recording().and_then(|recording| recording.current.last_mut())
    }

    /// Step `index` (`serial`, as the observer seam numbers it) starts
    /// from `frame`.
    pub(crate) fn begin_step(
        &mut self,
        serial: u64,
        index: usize,
        label: Option<&str>,
        frame: &CommittedFrame,
    ) {
        let Some(recording) = self.recording() else { return };
        let screen_before = recording.tables.screens.capture(frame);
        let started = Instant::now();
        let record = StepRecord {
            index,
            label: label.map(str::to_owned),
            spelling: String::new(),
            origin: None,
            status: StepStatus::Unfinished,
            logical: LogicalSpan { start_ms: millis(frame.time.0), duration_ms: 0 },
            wall: WallSpan {
                start_us: micros(started.duration_since(recording.started)),
                duration_us: 0,
            },
            generation: GenerationSpan { before: frame.generation.0, after: frame.generation.0 },
            settle: None,
            inputs: Vec::new(),
            target: None,
            waits: Vec::new(),
            screen_before: Some(screen_before),
            screen: None,
            tree: None,
            checkpoints: Vec::new(),
            error: None,
            exit: None,
        };
        recording.current.push(Current { serial, record, started });
    }

    /// The step delivered `input` (never a secret's text: see
    /// [`secret`](Self::secret)).
    pub(crate) fn input(&mut self, input: &Input<'_>) {
        let Some(current) = self.current() else { return };
        let record = match *input {
            Input::Pointer { kind, col, row } => {
                let (action, button) = pointer_kind(kind);
                InputRecord::Pointer {
                    action: action.to_owned(),
                    button: button.map(|button| button_name(button).to_owned()),
                    col,
                    row,
                }
            }
            Input::Key(key) => InputRecord::Key { key: key.to_string() },
            Input::Text(text) => InputRecord::Text { text: text.to_owned() },
            Input::Focus(target) => InputRecord::Focus {
                target: match target {
                    FocusTarget::Next => "next".to_owned(),
                    FocusTarget::Prev => "prev".to_owned(),
                    FocusTarget::Selector(selector) => selector.to_string(),
                },
            },
            Input::Paste(text) => InputRecord::Paste { text: text.to_owned() },
            Input::Raw(text) => InputRecord::Raw { text: text.escape_default().to_string() },
            // A secret the seam could not name: never its text.
            Input::Secret(_) => InputRecord::Secret { reference: "<secret>".into() },
        };
        current.record.inputs.push(record);
    }

    /// The step typed `secret`: recorded as its reference, and its text
    /// redacted from every file of the trace.
    pub(crate) fn secret(&mut self, secret: &Secret) {
        let Some(recording) = self.recording() else { return };
        if let Ok(text) = secret.reveal()
            && !text.is_empty()
            && !recording.secrets.iter().any(|known| *known == *text)
        {
            recording.secrets.push(text.into_owned());
        }
        let Some(current) = recording.current.last_mut() else { return };
        current.record.inputs.push(InputRecord::Secret { reference: secret.to_string() });
    }

    /// The step's target resolved to `node` of `tree` (by `selector`, when
    /// known), and a pointer goes to `hit`. The first target a step
    /// resolves is kept (a drag's source).
    pub(crate) fn target(
        &mut self,
        selector: Option<&Selector>,
        node: Option<(&SemanticNode, &SemanticTree)>,
        hit: Option<(u16, u16)>,
    ) {
        let Some(current) = self.current() else { return };
        if current.record.target.is_none() {
            current.record.target = Some(target_record(selector, node, hit));
        }
    }

    /// A wait's condition was evaluated on `generation`.
    pub(crate) fn wait_evaluated(&mut self, generation: u64, holds: bool, why: Option<String>) {
        let Some(current) = self.current() else { return };
        current.record.waits.push(WaitRecord { generation, holds, why });
    }

    /// A condition on a program's screen was evaluated on what it shows
    /// (after the last generation the step committed).
    pub(crate) fn terminal_evaluated(&mut self, holds: bool, why: Option<String>) {
        let Some(current) = self.current() else { return };
        let generation = current.record.generation.after;
        current.record.waits.push(WaitRecord { generation, holds, why });
    }

    /// The plane settled this way after the step's input.
    pub(crate) fn settled(&mut self, settle: SettleRecord) {
        let Some(current) = self.current() else { return };
        current.record.settle = Some(settle);
    }

    /// A generation committed. Only the last a step commits is captured,
    /// when it ends (and the one a step starts from): what this one
    /// changed is only gathered, so that capture re-reads only those rows.
    pub(crate) fn committed(&mut self, frame: &CommittedFrame) {
        let Some(recording) = self.recording() else { return };
        recording.tables.screens.committed(frame);
        if let Some(current) = recording.current.last_mut() {
            current.record.generation.after = frame.generation.0;
        }
    }

    /// The step took checkpoint `name`.
    pub(crate) fn checkpoint(&mut self, name: &str) {
        let Some(current) = self.current() else { return };
        current
            .record
            .checkpoints
            .push(CheckpointRecord { name: name.to_owned(), goldens: Vec::new() });
    }

    /// A checkpoint of the step was compared with its golden.
    pub(crate) fn golden(&mut self, checkpoint: &str, golden: GoldenRecord) {
        let Some(current) = self.current() else { return };
        let checkpoints = &mut current.record.checkpoints;
        match checkpoints.iter_mut().rfind(|taken| taken.name == checkpoint) {
            Some(taken) => taken.goldens.push(golden),
            None => checkpoints
                .push(CheckpointRecord { name: checkpoint.to_owned(), goldens: vec![golden] }),
        }
    }

    /// The program ended during the step (`exit code 3`, `signal 9`).
    pub(crate) fn exited(&mut self, status: &str) {
        let Some(current) = self.current() else { return };
        current.record.exit = Some(status.to_owned());
    }

    /// Step `serial` ended: `status`, `error` when it failed, `step` and
    /// `source` as results name them (a guess at a secret already
    /// withheld), `frame` the generation it left. A step that never
    /// reached its target (it failed first: the node is disabled, covered,
    /// out of view) still records what its selector resolves to.
    pub(crate) fn end_step(
        &mut self,
        serial: u64,
        status: StepStatus,
        (step, source): (&AutomationStep, &StepSource),
        frame: &CommittedFrame,
        error: Option<&AutomationError>,
    ) {
        let Some(recording) = self.recording() else { return };
        let Some(at) = recording.current.iter().rposition(|current| current.serial == serial)
        else {
            return;
        };
        let Current { mut record, started, .. } = recording.current.remove(at);
        record.status = status;
        record.spelling = source.spelling.to_string();
        record.origin = source.origin.as_ref().map(|origin| OriginRecord {
            file: origin.file.as_ref().map(ToString::to_string),
            line: origin.line,
            column: origin.column,
        });
        let selector = target_selector(step);
        match (&mut record.target, selector) {
            (Some(target), Some(selector)) if target.selector.is_empty() => {
                target.selector = selector.to_string();
            }
            (None, Some(selector)) if !matches!(selector, Selector::Point { .. }) => {
                if let Ok(node) = resolve(&frame.tree, selector) {
                    record.target =
                        Some(target_record(Some(selector), Some((node, &frame.tree)), None));
                }
            }
            _ => {}
        }
        record.wall.duration_us = micros(started.elapsed());
        record.logical.duration_ms = millis(frame.time.0).saturating_sub(record.logical.start_ms);
        record.generation.after = frame.generation.0;
        let (screen, tree) = recording.tables.capture(frame);
        record.screen = Some(screen);
        record.tree = Some(tree);
        if let Some(error) = error {
            if let AutomationError::TargetEnded { status, .. } = error {
                record.exit.get_or_insert_with(|| status.clone());
            }
            record.error = Some(error_record(error));
        }
        recording.steps.push_back(record);
        recording.unwritten = true;
        recording.bound();
    }

    /// The trace as a document, with what it holds so far.
    pub fn document(&self) -> Option<TraceDocument> {
        match &self.state {
            State::Recording(recording) => Some(recording.document()),
            _ => None,
        }
    }

    /// A run ended, `failed` or not: writes the trace when the mode keeps
    /// it, and says what became of it.
    pub fn finish(&mut self, failed: bool) -> Option<TraceNote> {
        match &mut self.state {
            State::Off | State::Invalid(_) => None,
            State::Disabled => Some(TraceNote::Off),
            State::Recording(recording) => {
                if !recording.mode.keeps(failed) {
                    return None;
                }
                Some(recording.write())
            }
        }
    }
}

impl Tracer {
    /// A request a server ran failed: writes what was recorded so far
    /// into `dir` when the mode keeps failures (every recording mode does),
    /// and says where.
    pub fn write_failure(&mut self, dir: &std::path::Path) -> Option<TraceNote> {
        let State::Recording(recording) = &mut self.state else { return None };
        if !recording.mode.keeps(true) {
            return None;
        }
        Some(match write_trace(dir, &recording.document()) {
            Ok(paths) => TraceNote::Written(paths),
            Err(error) => {
                TraceNote::NotWritten { dir: dir.to_path_buf(), error: error.to_string() }
            }
        })
    }
}

impl Drop for Tracer {
    fn drop(&mut self) {
        if let State::Recording(recording) = &mut self.state
            && recording.mode == TraceMode::On
            && recording.unwritten
        {
            let _ = recording.write();
        }
    }
}

impl Recording {
    fn document(&self) -> TraceDocument {
        let mut document = TraceDocument::new(self.title.clone(), self.plane);
        self.tables.document(&self.steps, &self.secrets, &mut document);
        document.failed_step =
            document.steps.iter().rposition(|step| step.status == StepStatus::Failed);
        if document.failed_step.is_some() {
            document.outcome = TraceOutcome::Failed;
        }
        document.truncated = self
            .truncation
            .as_ref()
            .map(|reason| Truncation { dropped_steps: self.dropped, reason: reason.clone() });
        document
    }

    fn write(&mut self) -> TraceNote {
        let dir = match &self.claimed {
            Some(dir) => dir.clone(),
            None => {
                let wanted = self.dir.clone().unwrap_or_else(|| default_dir(&self.title));
                let dir = claim(&wanted);
                self.claimed = Some(dir.clone());
                dir
            }
        };
        self.unwritten = false;
        match write_trace(&dir, &self.document()) {
            Ok(paths) => TraceNote::Written(paths),
            Err(error) => TraceNote::NotWritten { dir, error: error.to_string() },
        }
    }

    /// Drops the oldest steps past a bound.
    fn bound(&mut self) {
        let limits = self.limits;
        let mut reason = None;
        while self.steps.len() > limits.steps.max(1) {
            self.steps.pop_front();
            self.dropped += 1;
            reason = Some(format!("steps: {}", limits.steps));
        }
        if self.tables.bytes() > limits.bytes || self.tables.screen_count() > limits.screens {
            let why = if self.tables.bytes() > limits.bytes {
                format!("bytes: {}", limits.bytes)
            } else {
                format!("screens: {}", limits.screens)
            };
            // Keep the newest three quarters of the steps, then drop what
            // they no longer reference.
            let drop = (self.steps.len() / 4).max(1).min(self.steps.len().saturating_sub(1));
            self.steps.drain(..drop);
            self.dropped += drop;
            self.tables.compact(&mut self.steps);
            reason = Some(why);
        }
        if let Some(reason) = reason {
            self.truncation = Some(reason);
        }
    }
}

/// The error as the trace records it: the message and what it suggests.
fn error_record(error: &AutomationError) -> ErrorRecord {
    let message = error.to_string();
    let mut suggestions = Vec::new();
    if let AutomationError::NoMatch { hint: Some(hint), .. } = error {
        suggestions.push(hint.clone());
    }
    let mut rest = message.as_str();
    while let Some(at) = rest.find("did you mean ") {
        let after = &rest[at + "did you mean ".len()..];
        let end = after.find('?').unwrap_or(after.len());
        let suggestion = after[..end].trim().to_owned();
        if !suggestion.is_empty() && !suggestions.contains(&suggestion) {
            suggestions.push(suggestion);
        }
        rest = &after[end..];
    }
    ErrorRecord { message, suggestions }
}

/// The selector of the node a step acts on, when it has one.
fn target_selector(step: &AutomationStep) -> Option<&Selector> {
    match step.parts().2 {
        AutomationStep::Click { target, .. }
        | AutomationStep::Hover { target }
        | AutomationStep::Scroll { target: Some(target), .. } => Some(target),
        AutomationStep::Drag { from, .. } => Some(from),
        AutomationStep::Focus { target: FocusTarget::Selector(selector) } => Some(selector),
        _ => None,
    }
}

/// A target as the trace records it: what `selector` (when known) resolved
/// to — `node` of its tree — and the cell a pointer went to.
fn target_record(
    selector: Option<&Selector>,
    node: Option<(&SemanticNode, &SemanticTree)>,
    hit: Option<(u16, u16)>,
) -> TargetRecord {
    let path =
        node.and_then(|(node, tree)| tree.path_to(|candidate| std::ptr::eq(candidate, node)));
    let node = node.map(|(node, _)| node);
    TargetRecord {
        selector: selector.map(ToString::to_string).unwrap_or_default(),
        path,
        role: node.map(|node| node.role.as_str().to_owned()),
        name: node.map(|node| node.name.clone()).filter(|name| !name.is_empty()),
        id: node.and_then(|node| node.automation_id.as_ref()).map(|id| id.as_str().to_owned()),
        bounds: node.map(|node| {
            let b = node.clipped_bounds;
            [b.x, b.y, i32::from(b.width), i32::from(b.height)]
        }),
        hit: hit.map(|(col, row)| [col, row]),
        on_top: None,
    }
}

fn pointer_kind(kind: PointerKind) -> (&'static str, Option<MouseButton>) {
    match kind {
        PointerKind::Moved => ("move", None),
        PointerKind::Down(button) => ("down", Some(button)),
        PointerKind::Up(button) => ("up", Some(button)),
        PointerKind::Drag(button) => ("drag", Some(button)),
        PointerKind::ScrollUp => ("scroll-up", None),
        PointerKind::ScrollDown => ("scroll-down", None),
    }
}

fn button_name(button: MouseButton) -> &'static str {
    match button {
        MouseButton::Left => "left",
        MouseButton::Right => "right",
        MouseButton::Middle => "middle",
    }
}

fn millis(duration: std::time::Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

fn micros(duration: std::time::Duration) -> u64 {
    u64::try_from(duration.as_micros()).unwrap_or(u64::MAX)
}
