//! The terminal plane as a [`Plane`]: the one executor in `rehearse-core`
//! runs steps against a program in a PTY through this.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use rehearse_core::semantic::{Bounds, Generation, SemanticNode, SemanticTree};
use rehearse_core::wait::IdleReport;
use rehearse_core::{
    AutomationError, CommitRecord, CommittedFrame, Input, LogicalTime, Pending, Plane, PlaneKind,
    Settled, SinkHost, StepNote, TerminalPlane, TreeSource,
};
use rehearse_lang::{Selector, SemanticRole};

use super::screen::{LineMap, Snapshotter, TreeBuilder, redact_lines, with_emulator_state};
use crate::error::PtyError;
use crate::session::PtySession;

/// Why `#id`, `@role`, `focus:` and the semantic formats fail here.
pub(crate) const NO_TREE: &str = "a program publishes no semantic tree (a rehearse app or an adopted app started with `rehearse::control::spawn_app_in_pty` does); select screen text with `text~\"…\"` or a cell with `col,row`";

/// The default bound on one settle.
pub(crate) const DEFAULT_SETTLE_TIMEOUT: Duration = Duration::from_secs(10);

/// The terminal plane as a [`Plane`]: a program in a PTY with the
/// executor's view of it — the commit record (the committed frame, the
/// sinks and hooks), the screen's line maps, the input not yet written, the
/// artifact pipeline, the program's tree source. A [`Terminal`](crate::Terminal)
/// drives one (reach it with [`Driver::plane`](rehearse_core::Driver::plane));
/// it is public so front-ends can serve it as a `dyn Plane`.
pub struct PtyPlane {
    pub(crate) pty: PtySession,
    /// The run's artifacts and monitor (`download:`, `transform:`,
    /// `monitor:`, `${artifacts.NAME.path}`).
    pub(crate) pipeline: crate::pipeline::Pipeline,
    pub(super) record: CommitRecord,
    lines: Vec<LineMap>,
    started: Instant,
    pub(crate) settle_timeout: Duration,
    /// Input was written since the screen last settled.
    pub(super) unsettled: bool,
    /// Input a step delivered that has not been written yet: a step's
    /// inputs (a click's move, press and release) leave in one write when the
    /// step settles, so the program reads them together and answers with one
    /// frame, as it would a fast typist's.
    unwritten: Vec<u8>,
    /// A secret is among the unwritten input: an observer hears only how
    /// many bytes were written.
    unwritten_secret: bool,
    /// The output count the last wait evaluation saw.
    seen_outputs: u64,
    /// The screen tree as of the last settle a wait saw, which is what a
    /// wait evaluates: never a screen read while output was still arriving;
    /// with the cells it was read from (what a style predicate reads).
    settled_tree: Option<(SemanticTree, Buffer)>,
    /// Re-reads only what changed at each commit.
    snapshotter: Snapshotter,
    /// Where the program's own tree comes from, when it publishes one.
    pub(crate) tree_source: Option<Box<dyn TreeSource>>,
    /// The committed tree is the program's own, not the screen's lines.
    published: bool,
    /// What the step being run observed before it acted ([`Plane::observe`]):
    /// a pointer's target is resolved and reached on it. Gone at the commit.
    observed: Option<Observed>,
}

/// A stable screen a step observed without committing it.
struct Observed {
    tree: SemanticTree,
    cells: Buffer,
    lines: Vec<LineMap>,
    /// The tree is the program's own.
    published: bool,
}

impl PtyPlane {
    /// Wraps a running session and commits generation 1: the screen as it
    /// is now (not settled: the program may not have drawn yet).
    pub(crate) fn new(pty: PtySession) -> Self {
        let started = Instant::now();
        // A placeholder the first snapshot replaces whole.
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 0, 0));
        let tree = SemanticTree::new(Generation(1), Size::ZERO, root);
        let committed =
            CommittedFrame::new(Generation(1), Size::ZERO, tree, Buffer::empty(Rect::ZERO));
        let mut pipeline = crate::pipeline::Pipeline::new();
        pipeline.observe(&pty);
        let mut plane = Self {
            pty,
            pipeline,
            record: CommitRecord::new(committed),
            lines: Vec::new(),
            started,
            settle_timeout: DEFAULT_SETTLE_TIMEOUT,
            unsettled: false,
            unwritten: Vec::new(),
            unwritten_secret: false,
            seen_outputs: 0,
            settled_tree: None,
            snapshotter: Snapshotter::default(),
            tree_source: None,
            published: false,
            observed: None,
        };
        plane.take_snapshot(Generation(1), LogicalTime::ZERO);
        plane
    }

    /// Renumbers the committed generation as `generation`, so later commits
    /// count on from there (a program started again continues its host's
    /// numbering: a client never sees a generation go back).
    pub(crate) fn renumber(&mut self, generation: Generation) {
        let committed = self.record.frame_mut();
        committed.generation = generation;
        committed.tree.generation = generation;
        self.settled_tree = None;
    }

    /// Makes the committed frame what the screen shows now, as `generation`:
    /// the last frame renumbered when the grid has not changed since (no
    /// output, no resize), else with the rows that changed read again.
    ///
    /// A checkpoint's commit ([`CommitRecord::checkpointing`]) while a sink
    /// writes a terminal format ([`CommitRecord::needs_terminal`]) also
    /// gets the terminal state of the same instant; other commits none.
    fn take_snapshot(&mut self, generation: Generation, time: LogicalTime) {
        let Self { pty, snapshotter, record, lines, .. } = self;
        let needs_terminal = record.checkpointing() && record.needs_terminal().is_some();
        let committed = record.frame_mut();
        let (taken, terminal) = with_emulator_state(pty, needs_terminal, |emulator, epoch| {
            if snapshotter.unchanged(epoch) {
                return false;
            }
            let screen = snapshotter.take(emulator, epoch, &mut committed.buffer, generation);
            let (rows, cols) = emulator.size();
            committed.viewport = Size::new(cols, rows);
            committed.tree = screen.tree;
            *lines = screen.lines;
            let cursor = emulator.cursor();
            committed.cursor = cursor.visible.then_some((cursor.col, cursor.row));
            true
        });
        committed.terminal = terminal.map(Arc::new);
        if taken {
            // A tree read afresh: what was typed as a secret is hidden in it.
            redact_lines(&mut committed.tree, lines, &pty.typed_secrets());
        }
        committed.generation = generation;
        committed.tree.generation = generation;
        committed.time = time;
    }

    /// Makes the committed tree the program's own when it publishes one
    /// now, else the screen's (read again if the program's was committed).
    /// When reading the program's tree fails, the screen's is committed and
    /// the error returned.
    fn publish(&mut self) -> Result<(), AutomationError> {
        if self.tree_source.is_none() {
            return Ok(());
        }
        let fetched = self.program_tree();
        match fetched {
            Ok(Some(tree)) => {
                self.record.frame_mut().tree = tree;
                self.published = true;
                return Ok(());
            }
            Ok(None) | Err(_) if self.published => {
                self.published = false;
                self.snapshotter.forget_epoch();
                let (generation, time) = (self.frame().generation, self.frame().time);
                self.take_snapshot(generation, time);
            }
            _ => {}
        }
        fetched.map(drop)
    }

    /// The tree the program publishes now, numbered as the committed
    /// generation; `None` without a source or while it publishes none.
    fn program_tree(&mut self) -> Result<Option<SemanticTree>, AutomationError> {
        let generation = self.frame().generation;
        let Some(source) = &mut self.tree_source else { return Ok(None) };
        let secrets = self.pty.typed_secrets();
        Ok(source.fetch()?.map(|mut tree| {
            tree.generation = generation;
            // A field the app shows what was typed into: hidden as on screen.
            secrets.redact_tree(&mut tree);
            tree
        }))
    }

    /// Takes what the screen shows now as the step's observation and returns
    /// its tree: the program's own when it publishes one, else the screen's.
    fn observe_now(&mut self) -> Result<SemanticTree, AutomationError> {
        let (tree, cells, lines, published) = match self.program_tree()? {
            Some(tree) => (tree, self.cells_now(), Vec::new(), true),
            None => {
                let (frame, lines) = self.screen_now(false);
                (frame.tree, frame.buffer, lines, false)
            }
        };
        self.observed = Some(Observed { tree: tree.clone(), cells, lines, published });
        Ok(tree)
    }

    /// What the screen shows now (its terminal state if asked), what was
    /// typed as a secret hidden in its tree.
    fn screen_now(&self, needs_terminal: bool) -> (CommittedFrame, Vec<LineMap>) {
        let (mut frame, mut lines) =
            snapshot(&self.pty, self.frame().generation, self.now(), needs_terminal);
        redact_lines(&mut frame.tree, &mut lines, &self.pty.typed_secrets());
        (frame, lines)
    }

    /// The tree a pointer's target is reached on, its line maps, and whether
    /// it is the program's own: the step's observation, else the committed.
    fn target_view(&self) -> (&SemanticTree, &[LineMap], bool) {
        match &self.observed {
            Some(observed) => (&observed.tree, &observed.lines, observed.published),
            None => (&self.frame().tree, &self.lines, self.published),
        }
    }

    /// The tree a wait evaluates now — the program's own when it publishes
    /// one, else the screen's — and the screen's cells.
    fn settled(&mut self) -> Result<(SemanticTree, Buffer), AutomationError> {
        if let Some(tree) = self.program_tree()? {
            return Ok((tree, self.cells_now()));
        }
        let (frame, _) = self.screen_now(false);
        Ok((frame.tree, frame.buffer))
    }

    /// The screen's cells now, without a screen tree (the program's serves).
    fn cells_now(&self) -> Buffer {
        self.pty.with_emulator(crate::artifacts::to_buffer)
    }

    /// Queues input bytes for the next [`flush_input`](Self::flush_input),
    /// marking the screen unsettled. An ended program fails here, as the
    /// write would.
    fn write(&mut self, bytes: &[u8]) -> Result<(), AutomationError> {
        if bytes.is_empty() {
            return Ok(());
        }
        if let Some(status) = self.pty.exit_status() {
            return Err(automation_error(PtyError::Ended(status), "the input reached it"));
        }
        self.unsettled = true;
        self.unwritten.extend_from_slice(bytes);
        Ok(())
    }

    /// Writes the queued input in one write.
    pub(super) fn flush_input(&mut self) -> Result<(), AutomationError> {
        if self.unwritten.is_empty() {
            return Ok(());
        }
        let bytes = std::mem::take(&mut self.unwritten);
        let secret = std::mem::take(&mut self.unwritten_secret);
        let written = (!secret).then_some(bytes.as_slice());
        self.record.note(StepNote::Wrote { bytes: written, len: bytes.len() });
        self.pty.write(&bytes).map_err(|error| automation_error(error, "the input reached it"))
    }

    /// Waits for a settled screen, bounded by the settle timeout.
    pub(super) fn settle_now(&mut self) -> Result<(), AutomationError> {
        self.flush_input()?;
        let outcome = self
            .pty
            .wait_settled(self.settle_timeout)
            .map_err(|error| automation_error(error, "the screen settled"))?;
        self.unsettled = false;
        if let Some(settled) = settled(outcome.settle) {
            self.record.note(StepNote::Settled(settled));
        }
        Ok(())
    }

    /// Commits the screen once it settles within `within`, or as it is
    /// then: for a front-end between steps (a host showing a program that
    /// never stops writing), where no step waits on the settle.
    pub(crate) fn commit_within(
        &mut self,
        within: Duration,
    ) -> Result<Generation, AutomationError> {
        self.flush_input()?;
        // Not settling is no failure here; an ended program commits its
        // final screen.
        let _ = self.pty.wait_settled(within);
        self.unsettled = false;
        self.commit()
    }

    /// Commits the screen as it is, without waiting for it to settle, when
    /// output arrived since the last commit: a wait that failed judged that
    /// screen, and its error shows it; its trace and diagnostic checkpoint
    /// show the same (they read the committed frame), not the screen of the
    /// step before it.
    pub(crate) fn commit_what_was_judged(&mut self) {
        if self.pty.outputs() == self.seen_outputs {
            return;
        }
        // A commit settles first on a program with an exact signal; the
        // wait already spent its time, so this one takes the screen as it is.
        let unsettled = std::mem::replace(&mut self.unsettled, false);
        // The wait's error is what the step reports; a tree that could not be
        // read is in the committed frame's place as in any commit.
        let _ = self.commit();
        self.unsettled = unsettled;
    }

    /// The centre of the span `locate` finds on a screen line's node (the
    /// text it names, not the whole line); the node's own point when the
    /// program published its tree (its nodes are not the screen's lines) or
    /// the span is not found.
    fn reach_on_line(
        &self,
        node: &SemanticNode,
        operation: &str,
        locate: impl FnOnce(&LineMap) -> Option<(u16, u16)>,
    ) -> Result<(u16, u16), AutomationError> {
        let (_, lines, published) = self.target_view();
        if published {
            return self.reach(node, operation);
        }
        let line = usize::try_from(node.identity.0).ok().and_then(|index| lines.get(index));
        match line.and_then(|line| locate(line).map(|span| (line.row, span))) {
            Some((row, (col, width))) => Ok((col + width.saturating_sub(1) / 2, row)),
            None => self.reach(node, operation),
        }
    }

    /// The last committed frame.
    pub(crate) fn frame(&self) -> &CommittedFrame {
        self.record.frame()
    }
}

/// The committed frame of what `pty` shows now, with its line maps: the
/// buffer and the screen tree from one pass over the grid.
fn snapshot(
    pty: &PtySession,
    generation: Generation,
    time: LogicalTime,
    needs_terminal: bool,
) -> (CommittedFrame, Vec<LineMap>) {
    let ((mut frame, lines), terminal) = with_emulator_state(pty, needs_terminal, |emulator, _| {
        let (rows, cols) = emulator.size();
        let mut buffer = Buffer::empty(Rect::new(0, 0, cols, rows));
        let mut tree = TreeBuilder::new(cols, rows);
        for row in 0..rows {
            emulator.visit_row(row, &mut |col, text, width, style| {
                crate::artifacts::set_cell(&mut buffer, col, row, text, width, style);
                tree.cell(col, text, width);
            });
            tree.end_row(row);
        }
        let screen = tree.finish(generation);
        let mut frame = CommittedFrame::new(generation, Size::new(cols, rows), screen.tree, buffer);
        let cursor = emulator.cursor();
        frame.cursor = cursor.visible.then_some((cursor.col, cursor.row));
        frame.time = time;
        (frame, screen.lines)
    });
    frame.terminal = terminal.map(Arc::new);
    (frame, lines)
}

/// How a settle the session reported reads for an observer.
fn settled(settle: crate::settle::Settle) -> Option<Settled> {
    use crate::settle::Settle;
    Some(match settle {
        Settle::Marker { revision, acknowledged } => Settled::Marker { revision, acknowledged },
        Settle::SyncEnd => Settled::SynchronizedFrame,
        Settle::Quiet(window) => Settled::QuietWindow(window),
        Settle::BurstEnd => Settled::BurstEnd,
        Settle::Exited => Settled::Ended,
        Settle::NotNeeded => return None,
    })
}

/// A terminal-plane error as the shared automation error; `before` says what
/// the step still needed when the program turned out to have ended.
pub(crate) fn automation_error(error: PtyError, before: &str) -> AutomationError {
    match error {
        PtyError::Ended(status) | PtyError::TargetExited { status, .. } => {
            AutomationError::TargetEnded { status: status.to_string(), before: before.to_owned() }
        }
        PtyError::InvalidSize { cols, rows } => AutomationError::InvalidViewport { cols, rows },
        PtyError::Io(error) => AutomationError::Io(error),
        PtyError::Timeout { condition, elapsed, screen } => AutomationError::SettleTimeout {
            waiting_for: condition,
            waited: elapsed,
            detail: format!("\n--- screen ---\n{screen}\n--------------"),
        },
        other => AutomationError::NotActionable {
            target: "the program".into(),
            operation: before.to_owned(),
            reason: other.to_string(),
        },
    }
}

impl SinkHost for PtyPlane {
    fn commit_record(&self) -> &CommitRecord {
        &self.record
    }

    fn commit_record_mut(&mut self) -> &mut CommitRecord {
        &mut self.record
    }
}

impl Plane for PtyPlane {
    fn kind(&self) -> PlaneKind {
        PlaneKind::Terminal
    }

    fn ensure_open(&self) -> Result<(), AutomationError> {
        // An ended program's final screen can still be read, checkpointed
        // and waited on; input and resizes fail with `TargetEnded`.
        Ok(())
    }

    fn reach(&self, node: &SemanticNode, operation: &str) -> Result<(u16, u16), AutomationError> {
        let (col, row) = node.clipped_bounds.centre();
        let (cols, rows) = self.pty.size();
        let point = match (u16::try_from(col), u16::try_from(row)) {
            (Ok(col), Ok(row)) if col < cols && row < rows => (col, row),
            _ => {
                return Err(AutomationError::NotActionable {
                    target: node.label(),
                    operation: operation.to_owned(),
                    reason: "it is not on the screen".into(),
                });
            }
        };
        let (tree, _, published) = self.target_view();
        if published {
            // The program's tree says what is on top there (a popup over
            // the node takes the click, as the engine's hit test finds).
            let top = tree.topmost_at(point.0, point.1);
            let within = top.is_some_and(|top| {
                node.descendants().any(|inner| inner.identity.0 == top.identity.0)
            });
            if !within {
                let reached = top.map_or_else(|| "nothing".to_owned(), SemanticNode::label);
                return Err(AutomationError::covered(node.label(), operation, point, &reached));
            }
        }
        Ok(point)
    }

    fn reach_text(
        &self,
        node: &SemanticNode,
        text: &str,
        operation: &str,
    ) -> Result<(u16, u16), AutomationError> {
        self.reach_on_line(node, operation, |line| line.locate(&node.name, text))
    }

    fn reach_match(
        &self,
        node: &SemanticNode,
        found: std::ops::Range<usize>,
        operation: &str,
    ) -> Result<(u16, u16), AutomationError> {
        self.reach_on_line(node, operation, |line| line.locate_span(&node.name, found))
    }

    fn check_selector(&self, selector: &Selector) -> Result<(), AutomationError> {
        if self.tree_source.is_some() {
            // Resolved against the program's tree once it publishes it; a
            // wait waits for it, another step finds no match until then.
            return Ok(());
        }
        // Every segment of a chain (`text~Todo >> #card` needs ids too).
        for segment in selector.segments() {
            if let Selector::Id(_) | Selector::Role { .. } | Selector::RoleNameMatches { .. } =
                segment
            {
                return Err(AutomationError::NotAvailable {
                    what: segment.to_string(),
                    reason: NO_TREE.into(),
                });
            }
        }
        Ok(())
    }

    fn observe(
        &mut self,
        target: Option<&Selector>,
    ) -> Result<Option<SemanticTree>, AutomationError> {
        self.flush_input()?;
        // With an exact signal every input step waited for it: the committed
        // tree is what the program answered.
        if self.pty.settles_exactly() {
            return Ok(None);
        }
        // Actionable as Playwright has it: the target on a stable screen. A
        // target not there once the screen is stable is waited for while
        // the program goes on writing; the screen staying unchanged for the
        // whole quiet window (the longest the stability window grows) says
        // it is not coming, and the step resolves it then (failing with
        // what is there).
        let started = Instant::now();
        loop {
            let left = self.settle_timeout.saturating_sub(started.elapsed());
            self.pty
                .wait_settled(left)
                .map_err(|error| automation_error(error, "the screen settled"))?;
            let tree = self.observe_now()?;
            let absent = target.is_some_and(|selector| {
                matches!(
                    rehearse_core::resolve(&tree, selector),
                    Err(AutomationError::NoMatch { .. })
                )
            });
            let Some(window) = self.pty.quiet_window().filter(|_| absent) else {
                return Ok(Some(tree));
            };
            let seen = self.pty.outputs();
            let left = self.settle_timeout.saturating_sub(started.elapsed());
            let (outputs, _) = self.pty.await_settled_output(seen, window.min(left));
            if outputs == seen || self.pty.ended().is_some() {
                return Ok(Some(tree));
            }
        }
    }

    fn reach_point(&self, col: u16, row: u16) -> Result<(), AutomationError> {
        let (cols, rows) = self.pty.size();
        if col < cols && row < rows {
            Ok(())
        } else {
            Err(AutomationError::NoMatch {
                selector: Selector::point(col, row),
                hint: Some(format!("the screen is {cols}x{rows}")),
            })
        }
    }

    fn deliver(&mut self, input: Input<'_>) -> Result<(), AutomationError> {
        self.unwritten_secret |= matches!(input, Input::Secret(_));
        if let Input::Secret(secret) = input {
            // Every screen shown from now on hides it.
            self.pty.note_secret(secret);
        }
        let delivered = self.input_bytes(input).and_then(|bytes| self.write(&bytes));
        if delivered.is_err() {
            // What the step delivered before it failed still reaches the
            // program, as each input did when written at once.
            let _ = self.flush_input();
        }
        delivered
    }

    fn deliver_all(&mut self, inputs: &[Input<'_>]) -> Result<(), AutomationError> {
        // Queued together, so the batch leaves in one write when the step
        // settles, as a terminal sends a burst.
        for &input in inputs {
            self.deliver(input)?;
        }
        Ok(())
    }
    fn advance(&mut self, duration: Duration) -> Result<(), AutomationError> {
        // Time on a program is real: `wait:` lets wall time pass, like `sleep:`.
        self.sleep(duration)
    }

    fn sleep(&mut self, duration: Duration) -> Result<(), AutomationError> {
        self.flush_input()?;
        std::thread::sleep(duration);
        self.settle_now()
    }

    fn resize(&mut self, cols: u16, rows: u16) -> Result<(), AutomationError> {
        if rehearse_core::check_screen_size(cols, rows).is_err() {
            return Err(AutomationError::ViewportTooLarge {
                cols,
                rows,
                limit: rehearse_core::MAX_SCREEN_CELLS,
            });
        }
        if let Some(status) = self.pty.exit_status() {
            return Err(AutomationError::TargetEnded {
                status: status.to_string(),
                before: "the resize reached it".into(),
            });
        }
        self.flush_input()?;
        self.unsettled = true;
        self.pty
            .resize(cols, rows)
            .map_err(|error| automation_error(error, "the resize reached it"))
    }

    fn settle(&mut self) -> Result<(), AutomationError> {
        self.settle_now()
    }

    fn commit(&mut self) -> Result<Generation, AutomationError> {
        self.flush_input()?;
        // What a wait or the step's observation saw is older than what this
        // commit takes.
        self.settled_tree = None;
        self.observed = None;
        // With an exact signal (the marker, synchronized output) an input
        // step's generation shows what its input did. Without one the step
        // returns once its bytes are written: its generation is the screen
        // as it is then, and what judges the screen waits for what it needs
        // (waits, observations, checkpoints, guards).
        if self.unsettled && self.pty.settles_exactly() {
            self.settle_now()?;
        }
        let generation = self.frame().generation.next();
        // Counted before the snapshot: output after this is unseen.
        self.seen_outputs = self.pty.outputs();
        let time = self.now();
        self.take_snapshot(generation, time);
        if self.record.is_observed()
            && let Some(status) = self.pty.exit_status()
        {
            self.record.note(StepNote::Ended { status: &status.to_string() });
        }
        // The commit stands (its hooks hear of it) even when the program's
        // tree could not be read; the step fails with why.
        let published = self.publish();
        self.record.announce();
        published.map(|()| generation)
    }

    fn now(&self) -> LogicalTime {
        LogicalTime(self.started.elapsed())
    }

    fn pending(&self) -> Pending {
        // Output the last evaluation has not seen can still change the tree,
        // even from a program that has ended.
        let unseen = self.pty.outputs() > self.seen_outputs;
        match self.pty.ended() {
            Some(status) if !unseen => {
                Pending::new(IdleReport::default(), false).ended(status.to_string())
            }
            _ => Pending::new(IdleReport::default(), true),
        }
    }

    fn await_change(&mut self, timeout: Duration) -> Result<(), AutomationError> {
        self.flush_input()?;
        let (outputs, settled) = self.pty.await_settled_output(self.seen_outputs, timeout);
        self.seen_outputs = outputs;
        if settled {
            self.unsettled = false;
            self.settled_tree = Some(self.settled()?);
        }
        Ok(())
    }

    fn current_tree(&self) -> Result<SemanticTree, AutomationError> {
        // A wait that timed out while output was still arriving evaluates
        // the last settled screen, never a half-drawn one.
        Ok(self.settled_tree.as_ref().map_or_else(|| self.frame().tree.clone(), |s| s.0.clone()))
    }

    fn current_cells(&mut self) -> Result<Buffer, AutomationError> {
        // Drawn with the tree a wait or a guard judged: the last settle's,
        // else the step's observation, else the committed frame.
        let observed = self.observed.as_ref().map(|observed| &observed.cells);
        let settled = self.settled_tree.as_ref().map(|settled| &settled.1);
        Ok(settled.or(observed).unwrap_or(&self.frame().buffer).clone())
    }

    fn terminal(&mut self) -> Option<&mut dyn TerminalPlane> {
        Some(self)
    }

    fn current_frame(&mut self) -> Result<CommittedFrame, AutomationError> {
        let _ = self.flush_input();
        // What the screen shows now, under the last committed generation's
        // number (nothing is committed).
        let needs_terminal = self.record.needs_terminal().is_some();
        Ok(self.screen_now(needs_terminal).0)
    }
}
