//! [`CommitRecord`]: the one place a plane's generations are committed and
//! who hears of them — the committed frame, the commit hooks, the
//! checkpoint sinks, the checkpoints taken, the diagnostic checkpoint a
//! failure leaves, and the [`StepObserver`] that watches every step. Every
//! plane holds one; [`SinkHost`] reaches it from any session.

use crate::committed::{Checkpoint, CheckpointSink, CommitHook, CommittedFrame};
use crate::error::AutomationError;
use crate::golden_report;
use crate::note::TraceNote;
use crate::observe::{StepNote, StepObserver};
use crate::redact::TypedSecrets;
use crate::semantic::Generation;

/// A plane's committed generation and everything told about it.
///
/// A plane builds each generation its own way and hands it here
/// ([`commit`](Self::commit)), or patches the committed frame in place
/// ([`frame_mut`](Self::frame_mut)) and then [`announce`](Self::announce)s
/// it; hooks hear of every commit, in the order they were added. A
/// checkpoint hands the committed frame to every sink in order (the first
/// error fails it, earlier sinks' files stay written) and is listed once
/// every sink has it.
pub struct CommitRecord {
    frame: CommittedFrame,
    sinks: Vec<Box<dyn CheckpointSink>>,
    hooks: Vec<Box<dyn CommitHook>>,
    checkpoints: Vec<(String, Generation)>,
    observer: Option<Box<dyn StepObserver>>,
    /// Whether the observer watches ([`StepObserver::is_watching`], asked
    /// once when it was set).
    watching: bool,
    /// Steps begun under observation, to number the next.
    steps_observed: u64,
    /// The commit being made is a checkpoint step's.
    checkpointing: bool,
    /// What the plane typed as secrets, asked at each checkpoint.
    secrets: Option<Box<dyn Fn() -> TypedSecrets>>,
}

impl std::fmt::Debug for CommitRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommitRecord")
            .field("generation", &self.frame.generation)
            .field("sinks", &self.sinks.len())
            .field("hooks", &self.hooks.len())
            .field("checkpoints", &self.checkpoints)
            .field("observed", &self.watching)
            .finish_non_exhaustive()
    }
}

impl CommitRecord {
    /// A record whose committed frame is `frame` (a plane's first
    /// generation, or a placeholder its first commit replaces); nobody is
    /// told of it.
    pub fn new(frame: CommittedFrame) -> Self {
        Self {
            frame,
            sinks: Vec::new(),
            hooks: Vec::new(),
            checkpoints: Vec::new(),
            observer: None,
            watching: false,
            steps_observed: 0,
            checkpointing: false,
            secrets: None,
        }
    }

    /// Says where to ask what the plane typed as secrets: every sink is
    /// handed them with each checkpoint ([`Checkpoint::secrets`]) and
    /// hides them in what it writes or compares (all but pixels). A plane
    /// driving a program in a terminal sets it; a later call replaces it.
    pub fn hide_typed_secrets(&mut self, secrets: impl Fn() -> TypedSecrets + 'static) {
        self.secrets = Some(Box::new(secrets));
    }

    /// What the plane typed as secrets now, when it typed any.
    fn typed_secrets(&self) -> Option<TypedSecrets> {
        self.secrets.as_ref().map(|source| source()).filter(|secrets| !secrets.is_empty())
    }

    /// The last committed generation.
    #[inline]
    pub fn frame(&self) -> &CommittedFrame {
        &self.frame
    }

    /// The committed frame, for a plane that builds the next generation
    /// from it in place (reusing its buffer or tree); the plane
    /// [`announce`](Self::announce)s it once it is whole.
    #[inline]
    pub fn frame_mut(&mut self) -> &mut CommittedFrame {
        &mut self.frame
    }

    /// Commits `frame` as the last generation and tells every hook.
    pub fn commit(&mut self, frame: CommittedFrame) {
        self.frame = frame;
        self.announce();
    }

    /// Tells every hook about the committed frame as it is now: after a
    /// plane committed it in place.
    pub fn announce(&mut self) {
        for hook in &mut self.hooks {
            hook.committed(&self.frame);
        }
        if let (frame, Some(observer)) = self.frame_and_observer() {
            observer.committed(frame);
        }
    }

    /// Hands the committed generation to every sink under `name` (already
    /// validated), then lists it.
    ///
    /// # Errors
    ///
    /// The first sink's error; the checkpoint is not listed then.
    pub fn checkpoint(&mut self, name: &str) -> Result<(), AutomationError> {
        let secrets = self.typed_secrets();
        let checkpoint = Checkpoint::new(name, &self.frame, false).with_secrets(secrets.as_ref());
        match self.observer.as_deref_mut().filter(|_| self.watching) {
            None => record(&mut self.sinks, &checkpoint)?,
            Some(observer) => {
                // What the baselines compared reaches the observer too.
                let (recorded, goldens) =
                    golden_report::collect(|| record(&mut self.sinks, &checkpoint));
                observer.checkpointed(&checkpoint, recorded.as_ref().copied());
                for golden in &goldens {
                    observer.noted(&StepNote::Golden(golden));
                }
                recorded?;
            }
        }
        // Listed only once every sink has it.
        self.checkpoints.push((name.to_owned(), self.frame.generation));
        Ok(())
    }

    /// Hands `frame` — what the plane shows now, which may be newer than
    /// the committed generation — to every sink as a diagnostic checkpoint
    /// named for the committed generation (`diagnostic-7`), and returns
    /// that name; a sink's failure is reported in the name (`diagnostic-7
    /// (not recorded: …)`) rather than replacing the failure it explains.
    /// Not listed among [`checkpoints`](Self::checkpoints).
    pub fn diagnostic(&mut self, frame: &CommittedFrame) -> String {
        let name = format!("diagnostic-{}", self.frame.generation);
        let secrets = self.typed_secrets();
        let checkpoint = Checkpoint::new(&name, frame, true).with_secrets(secrets.as_ref());
        let recorded = record(&mut self.sinks, &checkpoint);
        if let Some(observer) = self.watcher() {
            observer.checkpointed(&checkpoint, recorded.as_ref().copied());
        }
        match recorded {
            Ok(()) => name,
            Err(error) => format!("{name} (not recorded: {error})"),
        }
    }

    /// The first format a sink needs the program's terminal for
    /// ([`CheckpointSink::needs_terminal`]): a plane holding a program in a
    /// terminal fills [`CommittedFrame::terminal`] at a checkpoint's commit
    /// then ([`checkpointing`](Self::checkpointing)) and in the frame of a
    /// diagnostic checkpoint; the executor refuses a checkpoint on a plane
    /// without one.
    pub fn needs_terminal(&self) -> Option<crate::format::Format> {
        self.sinks.iter().find_map(|sink| sink.needs_terminal())
    }

    /// Whether the commit the plane is making is a `checkpoint:` step's (the
    /// executor says so around that one commit): a plane fills
    /// [`CommittedFrame::terminal`] for that commit only, so the steps
    /// between checkpoints pay nothing for it.
    #[inline]
    pub fn checkpointing(&self) -> bool {
        self.checkpointing
    }

    /// Says whether the next commits are a `checkpoint:` step's (the
    /// executor sets it before that step's commit and clears it after).
    pub fn set_checkpointing(&mut self, checkpointing: bool) {
        self.checkpointing = checkpointing;
    }

    /// Whether any sink takes checkpoints (a diagnostic checkpoint is only
    /// worth taking then).
    pub fn has_sinks(&self) -> bool {
        !self.sinks.is_empty()
    }

    /// Adds a checkpoint sink; it receives every later checkpoint.
    pub fn add_checkpoint_sink(&mut self, sink: impl CheckpointSink + 'static) {
        self.sinks.push(Box::new(sink));
    }

    /// Adds a boxed checkpoint sink.
    pub fn add_boxed_checkpoint_sink(&mut self, sink: Box<dyn CheckpointSink>) {
        self.sinks.push(sink);
    }

    /// Registers a hook told about every later commit.
    pub fn on_commit(&mut self, hook: impl CommitHook + 'static) {
        self.hooks.push(Box::new(hook));
    }

    /// Registers a boxed hook.
    pub fn add_boxed_commit_hook(&mut self, hook: Box<dyn CommitHook>) {
        self.hooks.push(hook);
    }

    /// Every checkpoint recorded so far, with its generation, in order.
    pub fn checkpoints(&self) -> &[(String, Generation)] {
        &self.checkpoints
    }

    /// Sets the observer told about every later step, note, commit and
    /// checkpoint (replacing one set before: a session's trace, unless it
    /// is set again).
    pub fn observe(&mut self, observer: impl StepObserver + 'static) {
        self.observe_boxed(Box::new(observer));
    }

    /// Sets a boxed observer.
    pub fn observe_boxed(&mut self, observer: Box<dyn StepObserver>) {
        self.watching = observer.is_watching();
        self.observer = Some(observer);
    }

    /// Takes the observer away (nothing is observed from then on).
    pub fn take_observer(&mut self) -> Option<Box<dyn StepObserver>> {
        self.watching = false;
        self.observer.take()
    }

    /// Whether an observer watches: what to note is built only then.
    #[inline]
    pub fn is_observed(&self) -> bool {
        self.watching
    }

    /// The observer, when one watches.
    #[inline]
    pub fn observer(&mut self) -> Option<&mut (dyn StepObserver + 'static)> {
        self.watcher()
    }

    #[inline]
    fn watcher(&mut self) -> Option<&mut (dyn StepObserver + 'static)> {
        if self.watching { self.observer.as_deref_mut() } else { None }
    }

    /// The error every step fails with before it runs, when the observer
    /// (watching or not) refuses steps ([`StepObserver::refusal`]).
    pub fn refusal(&self) -> Option<AutomationError> {
        self.observer.as_ref().and_then(|observer| observer.refusal())
    }

    /// Tells the observer (watching or not) that a run ended, `failed` or
    /// not, and returns what it made of it ([`StepObserver::run_ended`]).
    pub fn run_ended(&mut self, failed: bool) -> Option<TraceNote> {
        self.observer.as_mut().and_then(|observer| observer.run_ended(failed))
    }

    /// Tells the observer, when one watches, that a request a server ran
    /// failed, and returns where it wrote its trace
    /// ([`StepObserver::request_failed`]).
    pub fn request_failed(&mut self, dir: &std::path::Path) -> Option<TraceNote> {
        self.watcher().and_then(|observer| observer.request_failed(dir))
    }

    /// The serial number of a step that begins under observation: unique
    /// per plane, in the order steps begin.
    pub(crate) fn next_step_serial(&mut self) -> u64 {
        self.steps_observed += 1;
        self.steps_observed
    }

    /// The committed frame and the observer, when one watches: to note
    /// something about a node of the committed tree.
    #[inline]
    pub fn frame_and_observer(
        &mut self,
    ) -> (&CommittedFrame, Option<&mut (dyn StepObserver + 'static)>) {
        let observer = if self.watching { self.observer.as_deref_mut() } else { None };
        (&self.frame, observer)
    }

    /// Tells the observer, when one watches, what happened within the
    /// current step.
    #[inline]
    pub fn note(&mut self, note: StepNote<'_>) {
        if let Some(observer) = self.watcher() {
            observer.noted(&note);
        }
    }
}

/// Hands `checkpoint` to every sink in order; the first error stops it.
fn record(
    sinks: &mut [Box<dyn CheckpointSink>],
    checkpoint: &Checkpoint<'_>,
) -> Result<(), AutomationError> {
    for sink in sinks {
        sink.record(checkpoint)?;
    }
    Ok(())
}

/// Something that commits generations into a [`CommitRecord`]: every
/// [`Plane`](crate::Plane), every session that drives one. Baselines and
/// recorders attach through it.
pub trait SinkHost {
    /// Where its generations are committed.
    fn commit_record(&self) -> &CommitRecord;

    /// Where its generations are committed, to add sinks and hooks.
    fn commit_record_mut(&mut self) -> &mut CommitRecord;
}

/// A session that is a [`Driver`](crate::Driver) with more beside it (it
/// dereferences to the driver), or a reference to a plane, is a [`SinkHost`] through what
/// it dereferences to.
impl<T> SinkHost for T
where
    T: std::ops::DerefMut + ?Sized,
    T::Target: SinkHost,
{
    fn commit_record(&self) -> &CommitRecord {
        (**self).commit_record()
    }

    fn commit_record_mut(&mut self) -> &mut CommitRecord {
        (**self).commit_record_mut()
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use ratatui::buffer::Buffer;
    use ratatui::layout::{Rect, Size};
    use rehearse_lang::SemanticRole;

    use super::*;
    use crate::semantic::{Bounds, SemanticNode, SemanticTree};

    fn frame(generation: u64) -> CommittedFrame {
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 1, 1));
        let tree = SemanticTree::new(Generation(generation), Size::new(1, 1), root);
        CommittedFrame::new(
            Generation(generation),
            Size::new(1, 1),
            tree,
            Buffer::empty(Rect::ZERO),
        )
    }

    /// A sink that remembers what it got, or fails.
    struct Remember(Rc<RefCell<Vec<(String, bool)>>>, bool);

    impl CheckpointSink for Remember {
        fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
            if self.1 {
                return Err(AutomationError::Render("the disk is full".into()));
            }
            self.0.borrow_mut().push((checkpoint.name.to_owned(), checkpoint.diagnostic));
            Ok(())
        }
    }

    #[test]
    fn hooks_hear_of_every_commit_and_sinks_of_every_checkpoint_in_order() {
        let mut record = CommitRecord::new(frame(0));
        let heard = Rc::new(RefCell::new(Vec::new()));
        let seen = Rc::clone(&heard);
        record.on_commit(move |frame: &CommittedFrame| seen.borrow_mut().push(frame.generation));
        let got = Rc::new(RefCell::new(Vec::new()));
        record.add_checkpoint_sink(Remember(Rc::clone(&got), false));
        record.commit(frame(1));
        record.frame_mut().generation = Generation(2);
        record.announce();
        record.checkpoint("after").expect("recorded");
        assert_eq!(*heard.borrow(), [Generation(1), Generation(2)]);
        assert_eq!(*got.borrow(), [("after".to_owned(), false)]);
        assert_eq!(record.checkpoints(), [("after".to_owned(), Generation(2))]);
        assert_eq!(record.diagnostic(&frame(3)), "diagnostic-2");
        assert_eq!(got.borrow()[1], ("diagnostic-2".to_owned(), true));
    }

    #[test]
    fn a_failing_sink_fails_the_checkpoint_and_only_names_itself_in_a_diagnostic() {
        let mut record = CommitRecord::new(frame(4));
        record.add_checkpoint_sink(Remember(Rc::default(), true));
        assert!(record.checkpoint("x").is_err());
        assert!(record.checkpoints().is_empty(), "listed only once every sink has it");
        let name = record.diagnostic(&frame(4));
        assert!(name.starts_with("diagnostic-4 (not recorded: "), "{name}");
    }
}
