//! `Engine`: lifecycle, viewport, draining to a fixed point,
//! semantic projection, duplicate-id validation and committed generations.

mod commit;
mod dispatch;
pub(crate) mod hit;
mod idle;
mod interaction;
mod options;
mod plane;
mod projection;
mod settle;

use interaction::{Drag, Interaction};

use ratatui::layout::Rect;

use crate::clock::SessionClock;
use crate::component::Component;
use crate::runtime::RuntimeCore;
use crate::ui::{FrameBuilder, FrameStart, InteractionKeys, NodeKey, Previous, WidgetStates};
use rehearse_core::AutomationError;
use rehearse_core::semantic::Generation;
use rehearse_core::semantic::{Bounds, SemanticNode, SemanticTree};
use rehearse_core::{
    AutomationIds, ClockMode, CommitRecord, CommittedFrame, LogicalTime, SinkHost,
};
use rehearse_lang::SemanticRole;

pub use options::SessionOptions;
pub use plane::StepOutcome;

/// Limits that keep a misbehaving app from hanging a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrainLimits {
    /// Messages delivered in one drain before it fails.
    pub messages: usize,
    /// Renders in one drain before it fails.
    pub renders: usize,
}

impl Default for DrainLimits {
    fn default() -> Self {
        Self { messages: 10_000, renders: 64 }
    }
}

/// How much rendering memoized bodies ([`Ui::memo`](crate::Ui::memo),
/// lazy list rows and the groups a long list puts them in) saved since the
/// session started. A body carried over carries the bodies inside it.
///
/// ```
/// use ratatui::layout::Rect;
/// use rehearse::prelude::*;
/// use rehearse::widgets::Text;
///
/// struct Label;
/// impl Component for Label {
///     type Message = ();
///     fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
///     fn view(&self, ui: &mut Ui<'_, ()>) {
///         let area = Rect::new(0, 0, 10, 1);
///         ui.memo("label", area, &(), |ui| {
///             ui.add(area, Text::new("same"));
///         });
///     }
/// }
///
/// let mut session = Session::new(Label, SessionOptions::default());
/// session.step(AutomationStep::drain()).unwrap();
/// let stats = session.render_stats();
/// assert_eq!(stats.bodies_run, 1, "only the first render ran it");
/// assert!(stats.bodies_carried >= 1);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RenderStats {
    /// Renders of the whole view.
    pub renders: u64,
    /// Memoized bodies that ran.
    pub bodies_run: u64,
    /// Memoized bodies carried over from the render before without running.
    pub bodies_carried: u64,
    /// Semantic nodes projected afresh for committed trees; the rest of
    /// each tree was reused from the tree it replaced.
    pub nodes_projected: u64,
}

/// Owns a mounted component and everything around it: lifecycle, viewport,
/// clock, draining, projection and the committed generations. One UI thread
/// performs every operation.
pub struct Engine<C: Component> {
    core: RuntimeCore<C>,
    clock: SessionClock,
    limits: DrainLimits,
    viewport: Rect,
    states: WidgetStates,
    interaction: Interaction,
    frame: Option<FrameBuilder>,
    /// The committed generation, its hooks, sinks and checkpoints (a
    /// placeholder until the first commit).
    record: CommitRecord,
    /// The focused, hovered and pressed nodes the committed interaction
    /// state describes.
    described: [Option<NodeKey>; 3],
    generation: Generation,
    closed: bool,
    /// Fail commits whose tree holds ids the app does not declare.
    strict_ids: bool,
    /// The ids and refused keys the app declares (`C::AUTOMATION_IDS`),
    /// which text scripts are checked against.
    declared: AutomationIds,
    /// Interaction state changed since the last render (hover, press, focus
    /// moves that sent no message): render before the next commit.
    restyle: bool,
    /// Carry unchanged memoized subtrees over from frame to frame.
    memoize: bool,
    /// Nodes whose handlers ran since the last render.
    touched: Vec<NodeKey>,
    /// The last committed generation had overlays.
    committed_overlays: bool,
    /// What memoized bodies saved so far.
    stats: RenderStats,
    /// Where the committed tree holds memoized subtrees.
    projected_memos: projection::ProjectedMemos,
}

impl<C: Component> Engine<C> {
    /// Mounts `app` at `viewport`, drains and commits the first generation.
    ///
    /// # Errors
    ///
    /// Whatever the first commit fails with (duplicate ids, a drain that
    /// does not converge, a zero-sized viewport); the app is unmounted again.
    /// A viewport over [`MAX_SCREEN_CELLS`](rehearse_core::MAX_SCREEN_CELLS)
    /// fails with [`AutomationError::ViewportTooLarge`] before anything
    /// mounts; a panic in `mount` (like one in `update` or `view`) with
    /// [`AutomationError::ComponentPanicked`], everything unmounted once.
    pub fn start(app: C, options: SessionOptions) -> Result<Self, AutomationError> {
        let viewport = options.viewport_size();
        options::check_viewport(viewport.width, viewport.height)?;
        let mut engine = Self {
            core: RuntimeCore::new(app),
            clock: SessionClock::new(options.clock_mode()),
            limits: options.limits(),
            strict_ids: options.is_strict(),
            declared: C::AUTOMATION_IDS,
            viewport: Rect::new(0, 0, viewport.width, viewport.height),
            states: WidgetStates::default(),
            interaction: Interaction::default(),
            frame: None,
            record: CommitRecord::new(placeholder(viewport)),
            described: [None; 3],
            generation: Generation(0),
            closed: false,
            restyle: false,
            memoize: options.is_memoizing(),
            touched: Vec::new(),
            committed_overlays: false,
            stats: RenderStats::default(),
            projected_memos: projection::ProjectedMemos::default(),
        };
        let now = engine.clock.now();
        engine.guarded(|engine| engine.core.mount(now))?;
        engine.settle()?;
        engine.commit()?;
        Ok(engine)
    }

    /// The root component.
    pub fn app(&self) -> &C {
        self.core.app()
    }

    /// The last committed generation.
    pub fn committed(&self) -> &CommittedFrame {
        self.record.frame()
    }

    /// What memoized bodies saved since the session started.
    pub fn render_stats(&self) -> RenderStats {
        self.stats
    }

    /// The last committed generation's number.
    pub fn generation(&self) -> Generation {
        self.generation
    }

    /// The session's logical time.
    pub fn now(&self) -> LogicalTime {
        self.clock.now()
    }

    /// The clock mode, fixed at start.
    pub fn clock_mode(&self) -> ClockMode {
        self.clock.mode()
    }

    /// Whether the app asked to quit (`ctx.quit()`). The step that quit
    /// completes; later steps, [`send`](Self::send) and
    /// [`drain`](Self::drain) fail with [`AutomationError::AppQuit`]; the
    /// committed generation and the app stay readable.
    pub fn quit_requested(&self) -> bool {
        self.core.effects.quit
    }

    /// Whether the session is closed.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Messages that arrived for components no longer mounted (dropped).
    pub fn late_messages(&self) -> usize {
        self.core.effects.dropped_late
    }

    /// Sends a message to the root component, drains and commits.
    ///
    /// # Errors
    ///
    /// [`AutomationError::SessionClosed`], or what draining and committing fail with.
    pub fn send(&mut self, message: C::Message) -> Result<Generation, AutomationError> {
        self.ensure_running()?;
        self.core.send(message);
        self.settle()?;
        self.commit()
    }

    /// Drains ready work (messages, timers now due) to a fixed point,
    /// without committing.
    ///
    /// # Errors
    ///
    /// [`AutomationError::SessionClosed`], or a drain that does not converge.
    pub fn drain(&mut self) -> Result<(), AutomationError> {
        self.ensure_running()?;
        self.settle()
    }

    /// Whether anything is runnable now: queued messages (including what
    /// commands and links sent), timers due, or an interaction change still
    /// to render. Hosts use it to skip idle renders.
    pub fn has_ready_work(&mut self) -> bool {
        self.collect_inbound();
        let now = self.clock.now();
        !self.core.effects.queue.is_empty()
            || self.core.effects.timers.count_due(now) > 0
            || self.restyle
    }

    /// How long until the next timer is due, if one is pending.
    pub fn until_next_timer(&self) -> Option<std::time::Duration> {
        let due = self.core.effects.timers.next_due()?;
        Some(due.0.saturating_sub(self.clock.now().0))
    }

    /// Unmounts everything, exactly once. Later operations fail with
    /// [`AutomationError::SessionClosed`].
    pub fn close(&mut self) {
        if !self.closed {
            self.closed = true;
            self.core.effects.commands.shut_down();
            self.core.unmount();
        }
    }

    fn ensure_open(&self) -> Result<(), AutomationError> {
        if self.closed { Err(AutomationError::SessionClosed) } else { Ok(()) }
    }

    /// Open, and the app has not quit: a new step, message or drain may
    /// start.
    fn ensure_running(&self) -> Result<(), AutomationError> {
        self.ensure_open()?;
        if self.quit_requested() { Err(AutomationError::AppQuit) } else { Ok(()) }
    }

    fn frame(&self) -> &FrameBuilder {
        self.frame.as_ref().expect("rendered at least once")
    }

    /// Renders once into a fresh frame and fixes up focus for modals that
    /// opened or closed and for a focused node that vanished. Returns
    /// whether focus changed (the caller renders again so styles follow).
    fn render(&mut self) -> Result<bool, AutomationError> {
        let keys = InteractionKeys {
            focused: self.interaction.focused,
            hovered: self.interaction.hovered,
            pressed: self.interaction.pressed.map(|(key, _)| key),
        };
        let start = FrameStart { previous: self.previous_frame(&keys), memoize: self.memoize };
        let mut frame = FrameBuilder::new(
            self.viewport,
            self.clock.now(),
            std::mem::take(&mut self.states),
            keys,
            start,
        );
        self.guarded(|engine| engine.core.render(&mut frame))?;
        frame.finish_drawing();
        self.stats.renders += 1;
        self.stats.bodies_run += frame.bodies_run();
        self.stats.bodies_carried += frame.bodies_carried();
        self.states = frame.take_states();
        self.frame = Some(frame);
        self.restyle = false;
        Ok(self.fix_focus())
    }

    /// The current frame, offered to the next render (its buffer, its
    /// nodes, its memoized bodies) with the nodes that changed since.
    fn previous_frame(&mut self, keys: &InteractionKeys) -> Option<Previous> {
        let touched = std::mem::take(&mut self.touched);
        let frame = Box::new(self.frame.take()?);
        let was = frame.interaction();
        let changed =
            [(was.focused, keys.focused), (was.hovered, keys.hovered), (was.pressed, keys.pressed)];
        let stale = changed
            .into_iter()
            .filter(|(before, now)| before != now)
            .flat_map(|(before, now)| [before, now])
            .flatten()
            .chain(touched)
            .filter_map(|key| frame.nodes().find(&key))
            .collect();
        Some(Previous::new(frame, stale))
    }

    /// Changes the viewport, keeping the mounted app, and renders.
    pub(crate) fn set_viewport(&mut self, cols: u16, rows: u16) -> Result<(), AutomationError> {
        options::check_viewport(cols, rows)?;
        self.viewport = Rect::new(0, 0, cols, rows);
        Ok(())
    }
}

/// What the record holds until the first commit replaces it.
fn placeholder(viewport: ratatui::layout::Size) -> CommittedFrame {
    let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 0, 0));
    let tree = SemanticTree::new(Generation(0), viewport, root);
    CommittedFrame::new(Generation(0), viewport, tree, ratatui::buffer::Buffer::empty(Rect::ZERO))
}

impl<C: Component> SinkHost for Engine<C> {
    fn commit_record(&self) -> &CommitRecord {
        &self.record
    }

    fn commit_record_mut(&mut self) -> &mut CommitRecord {
        &mut self.record
    }
}

impl<C: Component> Drop for Engine<C> {
    fn drop(&mut self) {
        self.close();
    }
}
