//! `SessionEngine`: lifecycle, viewport, draining to a fixed point,
//! semantic projection, duplicate-id validation and committed generations.

mod dispatch;
pub(crate) mod hit;
mod idle;
mod options;
mod plane;
mod projection;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::clock::SessionClock;
use crate::component::Component;
use crate::runtime::RuntimeCore;
use crate::ui::{
    FrameBuilder, FrameStart, InteractionKeys, NodeIdx, NodeKey, Previous, WidgetStates,
};
use projection::Reusable;
use rehearse_core::AutomationError;
use rehearse_core::semantic::{Generation, SemanticNode, SemanticTree};
use rehearse_core::{Checkpoint, CheckpointSink, CommitHook, CommittedFrame, InteractionState};
use rehearse_core::{ClockMode, LogicalTime};
use rehearse_lang::MouseButton;

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

#[derive(Default)]
struct Interaction {
    focused: Option<NodeKey>,
    hovered: Option<NodeKey>,
    pressed: Option<(NodeKey, MouseButton)>,
    drag: Option<Drag>,
    /// Focus to restore when a modal closes, innermost last.
    focus_stack: Vec<Option<NodeKey>>,
    /// How many modal layers the last render had.
    modal_depth: usize,
}

struct Drag {
    source: NodeKey,
    payload: String,
}

/// Owns a mounted component and everything around it: lifecycle, viewport,
/// clock, draining, projection and the committed generations. One UI thread
/// performs every operation.
pub struct SessionEngine<C: Component> {
    core: RuntimeCore<C>,
    clock: SessionClock,
    limits: DrainLimits,
    viewport: Rect,
    states: WidgetStates,
    interaction: Interaction,
    frame: Option<FrameBuilder>,
    committed: Option<CommittedFrame>,
    /// The focused, hovered and pressed nodes the committed interaction
    /// state describes.
    described: [Option<NodeKey>; 3],
    generation: Generation,
    hooks: Vec<Box<dyn CommitHook>>,
    sinks: Vec<Box<dyn CheckpointSink>>,
    checkpoints: Vec<(String, Generation)>,
    closed: bool,
    /// Fail commits whose tree holds ids the app does not declare.
    strict_ids: bool,
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

impl<C: Component> SessionEngine<C> {
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
            viewport: Rect::new(0, 0, viewport.width, viewport.height),
            states: WidgetStates::default(),
            interaction: Interaction::default(),
            frame: None,
            committed: None,
            described: [None; 3],
            generation: Generation(0),
            hooks: Vec::new(),
            sinks: Vec::new(),
            checkpoints: Vec::new(),
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

    /// Registers a hook told about every later commit.
    pub fn add_commit_hook(&mut self, hook: impl CommitHook + 'static) {
        self.hooks.push(Box::new(hook));
    }

    /// Adds a checkpoint sink; it receives every later checkpoint.
    pub fn add_checkpoint_sink(&mut self, sink: impl CheckpointSink + 'static) {
        self.sinks.push(Box::new(sink));
    }

    pub(crate) fn add_boxed_commit_hook(&mut self, hook: Box<dyn CommitHook>) {
        self.hooks.push(hook);
    }

    pub(crate) fn add_boxed_checkpoint_sink(&mut self, sink: Box<dyn CheckpointSink>) {
        self.sinks.push(sink);
    }

    /// Every checkpoint recorded so far, with its generation, in order.
    pub fn checkpoints(&self) -> &[(String, Generation)] {
        &self.checkpoints
    }

    /// Feeds the committed generation to every sink under `name`.
    pub(crate) fn record_checkpoint(
        &mut self,
        name: &str,
        diagnostic: bool,
    ) -> Result<(), AutomationError> {
        let frame = self.committed.as_ref().expect("a started engine has committed");
        let checkpoint = Checkpoint::new(name, frame, diagnostic);
        for sink in &mut self.sinks {
            sink.record(&checkpoint)?;
        }
        // Listed only once every sink has it.
        self.checkpoints.push((name.to_owned(), self.generation));
        Ok(())
    }

    /// The root component.
    pub fn app(&self) -> &C {
        self.core.app()
    }

    /// The last committed generation.
    pub fn committed(&self) -> &CommittedFrame {
        self.committed.as_ref().expect("a started engine has committed at least once")
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

    /// Whether the app asked to quit.
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
        self.ensure_open()?;
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
        self.ensure_open()?;
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
            .filter_map(|key| frame.nodes.find(&key))
            .collect();
        Some(Previous::new(frame, stale))
    }

    /// Runs app code (`update`, `view`). A panic closes the session —
    /// every component unmounts exactly once — and becomes
    /// [`AutomationError::ComponentPanicked`] instead of unwinding through
    /// the caller.
    fn guarded<T>(&mut self, run: impl FnOnce(&mut Self) -> T) -> Result<T, AutomationError> {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(self))) {
            Ok(value) => Ok(value),
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|message| (*message).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic with a non-text payload".to_owned());
                self.close();
                Err(AutomationError::ComponentPanicked(message))
            }
        }
    }

    /// Moves what worker threads and links sent into the message queue.
    fn collect_inbound(&mut self) {
        let mut arrived = Vec::new();
        self.core.effects.commands.try_collect(&mut arrived);
        self.core.effects.queue.extend(arrived);
    }

    fn fix_focus(&mut self) -> bool {
        let before = self.interaction.focused;
        let modal_depth = self.frame().layers().modal_count();
        while modal_depth > self.interaction.modal_depth {
            // A modal opened: remember focus, move it into the modal.
            self.interaction.focus_stack.push(self.interaction.focused.take());
            self.interaction.modal_depth += 1;
            self.interaction.focused =
                self.focusables().first().map(|&idx| self.frame().nodes[idx].key);
        }
        while modal_depth < self.interaction.modal_depth {
            // A modal closed: restore the focus it took, by key.
            self.interaction.modal_depth -= 1;
            self.interaction.focused = self.interaction.focus_stack.pop().flatten();
        }
        if let Some(key) = self.interaction.focused
            && self.find_key(key).is_none_or(|idx| !self.can_focus(idx))
        {
            self.interaction.focused = None;
        }
        if self.interaction.hovered.is_some_and(|key| self.find_key(key).is_none()) {
            self.interaction.hovered = None;
        }
        before != self.interaction.focused
    }

    /// The raw node with this stable key in the current frame.
    fn find_key(&self, key: NodeKey) -> Option<NodeIdx> {
        self.frame().nodes.find(&key)
    }

    /// The focus order of the current frame: enabled focusable nodes in
    /// document order (application content, then overlays in stacking
    /// order), only inside the topmost modal overlay when one is open.
    fn focusables(&self) -> Vec<NodeIdx> {
        let frame = self.frame();
        let mut order = Vec::new();
        let mut stack: Vec<NodeIdx> = frame.layers().roots_from(0).rev().collect();
        while let Some(idx) = stack.pop() {
            let node = &frame.nodes[idx];
            if node.focusable && self.can_focus(idx) {
                order.push(idx);
            }
            stack.extend(node.children.iter().rev());
        }
        order
    }

    /// Whether a raw node can hold focus now: focusable, enabled with all
    /// its ancestors, and not beneath an open modal.
    fn can_focus(&self, idx: NodeIdx) -> bool {
        let frame = self.frame();
        let floor = frame.layers().modal_floor();
        frame.nodes[idx].focusable && frame.nodes[idx].layer >= floor && self.enabled(idx)
    }

    /// Whether a raw node and all its ancestors are enabled.
    fn enabled(&self, idx: NodeIdx) -> bool {
        let frame = self.frame();
        let mut current = Some(idx);
        while let Some(node) = current {
            if frame.nodes[node].facts.states.enabled == Some(false) {
                return false;
            }
            current = frame.nodes[node].parent;
        }
        true
    }

    fn focused_idx(&self) -> Option<NodeIdx> {
        self.interaction.focused.and_then(|key| self.find_key(key))
    }

    /// Drains ready work to a bounded fixed point: messages, timers due at
    /// the current logical time, renders, focus requests.
    pub(crate) fn settle(&mut self) -> Result<(), AutomationError> {
        let mut delivered = 0usize;
        let mut renders = 0usize;
        // Few message types per app: a list beats a map (no hasher state,
        // no allocation until a message arrives).
        let mut producers: Vec<(&'static str, usize)> = Vec::new();
        loop {
            let now = self.clock.now();
            self.collect_inbound();
            while let Some(type_name) = self.guarded(|engine| engine.core.deliver_next(now))? {
                delivered += 1;
                match producers.iter_mut().find(|(name, _)| *name == type_name) {
                    Some((_, count)) => *count += 1,
                    None => producers.push((type_name, 1)),
                }
                if delivered > self.limits.messages {
                    return Err(not_converged(delivered, renders, producers));
                }
            }
            let mut fired = false;
            while let Some(envelope) = self.core.effects.timers.pop_due(now) {
                self.core.effects.queue.push_back(envelope);
                fired = true;
            }
            if fired {
                continue;
            }
            renders += 1;
            if renders > self.limits.renders {
                return Err(not_converged(delivered, renders, producers));
            }
            let mut focus_moved = self.render()?;
            focus_moved |= self.apply_focus_requests();
            if !focus_moved
                && self.core.effects.queue.is_empty()
                && self.core.effects.timers.count_due(now) == 0
            {
                return Ok(());
            }
        }
    }

    fn apply_focus_requests(&mut self) -> bool {
        let requests = std::mem::take(&mut self.core.effects.focus_requests);
        if requests.is_empty() {
            return false;
        }
        let Ok(projection) = projection::project(self.frame(), self.generation, self.focused_idx())
        else {
            return false;
        };
        let mut moved = false;
        for selector in requests {
            if let Ok(node) = projection.tree.resolve(&selector)
                && let Some(idx) = self.raw_of(node)
                && self.can_focus(idx)
            {
                self.interaction.focused = Some(self.frame().nodes[idx].key);
                moved = true;
            }
        }
        moved
    }

    /// Projects the current frame and commits it as the next generation.
    pub(crate) fn commit(&mut self) -> Result<Generation, AutomationError> {
        if self.restyle || self.frame.as_ref().is_none_or(|frame| frame.composited) {
            self.settle()?;
        }
        if self.frame().has_duplicate() && self.frame().bodies_carried() > 0 {
            // Two nodes with one key beside carried-over bodies: render
            // afresh (nothing is carried after a duplicate), so the
            // failure is reported as a fresh render reports it — a
            // reconciliation key used twice is seen when its scope opens.
            self.render()?;
        }
        let generation = self.generation.next();
        let frame = self.frame();
        // A frame that will commit can reuse the projection of unchanged
        // memoized subtrees, taken out of the tree it replaces. One that may
        // fail is projected whole, so the committed tree stays intact.
        let will_commit = frame.key_errors().is_empty()
            && !frame.has_duplicate()
            && !frame.has_invalid_id()
            && (!self.strict_ids || all_declared::<C>(frame));
        let wanted = self.interaction_keys();
        let focused = self.focused_idx();
        let mut projection = match self.committed.as_mut() {
            Some(committed) if will_commit => {
                let memos = std::mem::take(&mut self.projected_memos);
                let mut reusable = Reusable::take_from(&mut committed.tree, memos);
                let frame = self.frame();
                projection::project_reusing(
                    frame,
                    generation,
                    focused,
                    wanted,
                    Some(&mut reusable),
                )?
            }
            _ => projection::project_reusing(self.frame(), generation, focused, wanted, None)?,
        };
        if self.strict_ids {
            check_declared::<C>(&projection.tree)?;
        }
        self.stats.nodes_projected += projection.nodes_projected;
        let frame = self.frame.as_mut().expect("rendered before commit");
        let mut buffer = self
            .committed
            .as_mut()
            .map(|committed| std::mem::take(&mut committed.buffer))
            .unwrap_or_else(|| Buffer::empty(Rect::ZERO));
        frame.composite_into(&mut buffer, self.committed_overlays);
        self.committed_overlays = frame.layers().has_overlays();
        let frame = &*frame;
        let cursor = frame.cursor;
        let before = self.committed.as_ref().map(|committed| &committed.interaction);
        let before = [
            before.and_then(|was| was.focused.clone()),
            before.and_then(|was| was.hovered.clone()),
            before.and_then(|was| was.pressed.clone()),
        ];
        let mut fresh = std::mem::take(&mut projection.labels);
        let [focused, hovered, pressed] = std::array::from_fn(|at| {
            let key = wanted[at].filter(|key| frame.nodes.find(key).is_some())?;
            // Projected afresh, or in a subtree reused unchanged from the
            // tree that described it last time.
            fresh[at].take().or_else(|| {
                let described = self.described[at] == Some(key);
                before[at].clone().filter(|_| described).or_else(|| {
                    projection.tree.by_identity(key.identity()).map(SemanticNode::label)
                })
            })
        });
        let interaction = InteractionState::new(focused, hovered, pressed);
        self.described = wanted;
        self.states.retain(|key| frame.nodes.find(key).is_some());
        self.generation = generation;
        self.projected_memos = projection.memos;
        let mut committed =
            CommittedFrame::new(generation, self.viewport.as_size(), projection.tree, buffer);
        committed.interaction = interaction;
        committed.cursor = cursor;
        committed.time = self.clock.now();
        for hook in &mut self.hooks {
            hook.committed(&committed);
        }
        self.committed = Some(committed);
        Ok(generation)
    }

    /// The node of the current frame behind a node of a projected tree;
    /// `None` when it is no longer rendered.
    fn raw_of(&self, node: &SemanticNode) -> Option<NodeIdx> {
        self.find_key(NodeKey::of_identity(node.identity))
    }

    /// The focused, hovered and pressed nodes' keys.
    fn interaction_keys(&self) -> [Option<NodeKey>; 3] {
        let pressed = self.interaction.pressed.map(|(key, _)| key);
        [self.interaction.focused, self.interaction.hovered, pressed]
    }

    /// Changes the viewport, keeping the mounted app, and renders.
    pub(crate) fn set_viewport(&mut self, cols: u16, rows: u16) -> Result<(), AutomationError> {
        options::check_viewport(cols, rows)?;
        self.viewport = Rect::new(0, 0, cols, rows);
        Ok(())
    }
}

impl<C: Component> Drop for SessionEngine<C> {
    fn drop(&mut self) {
        self.close();
    }
}

/// Strict mode, on the raw frame: whether every id is one the app declares.
fn all_declared<C: Component>(frame: &FrameBuilder) -> bool {
    let declared = C::AUTOMATION_IDS;
    declared.declared().is_none()
        || frame
            .nodes
            .live()
            .filter_map(|node| node.facts.automation_id.as_deref())
            .all(|id| declared.contains(id))
}

/// Strict mode: every id in the tree is one the app declares.
fn check_declared<C: Component>(tree: &SemanticTree) -> Result<(), AutomationError> {
    let declared = C::AUTOMATION_IDS;
    if declared.declared().is_none() {
        return Ok(());
    }
    for node in tree.nodes() {
        if let Some(id) = &node.automation_id
            && !declared.contains(id.as_str())
        {
            return Err(AutomationError::UndeclaredAutomationId {
                id: id.to_string(),
                path: tree.path_to(|candidate| std::ptr::eq(candidate, node)).unwrap_or_default(),
                app: std::any::type_name::<C>(),
                closest: declared.closest(id.as_str()).map(|closest| format!("`{closest}`")),
            });
        }
    }
    Ok(())
}

fn not_converged(
    delivered: usize,
    renders: usize,
    mut producers: Vec<(&'static str, usize)>,
) -> AutomationError {
    producers.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let producers = if producers.is_empty() {
        vec!["renders kept moving focus or scheduling work".to_owned()]
    } else {
        producers.into_iter().take(3).map(|(name, count)| format!("{name} ({count}×)")).collect()
    };
    AutomationError::DrainDidNotConverge { delivered, renders, producers }
}
