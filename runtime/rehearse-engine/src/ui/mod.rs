//! `Ui`: rendering with ratatui while recording what the render means.
//!
//! Every widget added through a [`Ui`] is drawn with ratatui into the
//! frame's buffer and recorded as a semantic node with its layout bounds,
//! its bounds clipped by ancestors and the viewport, its hit area and its
//! handlers. Nesting in the render is nesting in the tree.

mod arena;
mod event;
mod frame_builder;
mod interactive;
mod key;
mod key_scopes;
mod layers;
mod memo;
mod node;
mod node_ref;
mod paint;
mod response;

use std::marker::PhantomData;

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect, Size};
use ratatui::widgets::Widget;

pub(crate) use arena::ROOT;
pub use event::{EventCx, WidgetEvent};
pub(crate) use event::{RawEventCx, WidgetStates, erase};
pub(crate) use frame_builder::Previous;
pub(crate) use frame_builder::{Clip, FrameBuilder, FrameStart, InteractionKeys, Surface};
pub use interactive::{Interactive, InteractiveWidget, NodeInteraction};
pub(crate) use key::NodeKey;
pub(crate) use node::{ClickInheritance, NodeIdx};
pub use node_ref::NodeRef;
pub use response::Response;
pub(crate) use response::click_handler;

use crate::component::Component;
use crate::component::{ChildSlots, Slot};
use crate::envelope::Envelope;
use crate::identity::{ComponentPath, ReconcileKey};
use rehearse_core::LogicalTime;
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::KeyPress;

/// Something that can be shown through a [`Ui`]: the built-in widgets, and
/// any ratatui [`Widget`] that implements [`Semantic`] (derived or by hand).
pub trait View<M> {
    /// Draws itself at `area` and records its semantic nodes.
    fn show(self, area: Rect, ui: &mut Ui<'_, M>);
}

impl<M: Send + 'static, W: Widget + Semantic> View<M> for W {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        ui.leaf(area, facts, |area, buf| self.render(area, buf));
    }
}

/// Renders a component's view: draws ratatui widgets and records the
/// semantic tree. See the [module docs](self).
pub struct Ui<'f, M> {
    frame: &'f mut FrameBuilder,
    children: &'f mut ChildSlots,
    path: &'f ComponentPath,
    area: Rect,
    _message: PhantomData<fn(M)>,
}

impl<'f, M: Send + 'static> Ui<'f, M> {
    pub(crate) fn new(
        frame: &'f mut FrameBuilder,
        children: &'f mut ChildSlots,
        path: &'f ComponentPath,
    ) -> Self {
        let area = frame.take_component_area();
        Self { frame, children, path, area, _message: PhantomData }
    }

    /// The area this component renders into (the viewport for the root).
    pub fn area(&self) -> Rect {
        self.area
    }

    /// The viewport size.
    pub fn viewport(&self) -> Size {
        self.frame.viewport().as_size()
    }

    /// The session's logical time (for animations). Reading it inside a
    /// [`memo`](Self::memo) body makes that body render every time.
    pub fn now(&self) -> LogicalTime {
        self.frame.mark_volatile();
        self.frame.now()
    }

    /// Shows a widget at `area`.
    pub fn add<V: View<M>>(&mut self, area: Rect, view: V) -> Response<'_, 'f, M> {
        let parent = self.frame.current_node();
        let children = self.frame.nodes[parent].children.len();
        let layers = self.frame.layers();
        let (layer, count) = (layers.current(), layers.count());
        let layer_root = layers.root(layer);
        view.show(area, self);
        // Its node is the first it added under the current node, or else
        // the root of an overlay it opened.
        let frame = &*self.frame;
        let child = frame.nodes[parent].children.get(children).copied();
        let layers = frame.layers();
        let overlay = Some(layer)
            .filter(|&layer| layers.root(layer) != layer_root)
            .into_iter()
            .chain(count..layers.count())
            .find_map(|layer| layers.root(layer));
        Response::new(self, child.or(overlay).map(NodeRef))
    }

    /// Draws a ratatui widget with no semantic node of its own (decoration,
    /// or pixels a parent node already describes). Like every widget it
    /// changes only the visible cells of `area`: what it draws past them is
    /// dropped.
    pub fn draw<W: Widget>(&mut self, area: Rect, widget: W) {
        self.frame.draw(area, Clip::Area, |area, buf| widget.render(area, buf));
    }

    /// Draws with a closure on the frame's buffer, clipped like any widget.
    pub fn draw_with(&mut self, area: Rect, render: impl FnOnce(Rect, &mut Buffer)) {
        self.frame.draw(area, Clip::Area, render);
    }

    /// Draws for a built-in widget, which stays inside `area` (tested), so
    /// it skips clipping to it: only the surface clips it.
    pub(crate) fn draw_own(&mut self, area: Rect, render: impl FnOnce(Rect, &mut Buffer)) {
        self.frame.draw(area, Clip::Trusted, render);
    }

    /// Records a leaf node and draws it.
    pub fn leaf(
        &mut self,
        area: Rect,
        facts: SemanticFacts,
        render: impl FnOnce(Rect, &mut Buffer),
    ) -> NodeRef {
        self.leaf_clipped(area, facts, Clip::Area, render)
    }

    /// Records a leaf node for a built-in widget (see [`draw_own`](Self::draw_own)).
    pub(crate) fn leaf_own(
        &mut self,
        area: Rect,
        facts: SemanticFacts,
        render: impl FnOnce(Rect, &mut Buffer),
    ) -> NodeRef {
        self.leaf_clipped(area, facts, Clip::Trusted, render)
    }

    fn leaf_clipped(
        &mut self,
        area: Rect,
        facts: SemanticFacts,
        clip: Clip,
        render: impl FnOnce(Rect, &mut Buffer),
    ) -> NodeRef {
        let idx = self.frame.open_node(area, facts, self.path);
        self.frame.draw(area, clip, render);
        self.frame.close_node(idx);
        NodeRef(idx)
    }

    /// Records a container node; what `body` adds becomes its children.
    pub fn node(
        &mut self,
        area: Rect,
        facts: SemanticFacts,
        body: impl FnOnce(&mut Ui<'_, M>, NodeRef),
    ) -> NodeRef {
        let idx = self.frame.open_node(area, facts, self.path);
        body(self, NodeRef(idx));
        self.frame.close_node(idx);
        NodeRef(idx)
    }

    /// Renders what `body` adds under a reconciliation key, so the nodes keep
    /// their identity (focus, interaction state) when siblings move.
    pub fn keyed(&mut self, key: impl Into<ReconcileKey>, body: impl FnOnce(&mut Ui<'_, M>)) {
        let key = key.into();
        let (parent, scope) = self.open_scope(&key);
        self.frame.enter_scope(parent, scope);
        body(self);
        self.frame.leave_scope();
    }

    /// Renders what `body` adds under a reconciliation key, like
    /// [`keyed`](Self::keyed), and carries it over unchanged from the
    /// previous frame when nothing it depends on changed: its nodes,
    /// handlers, focus entries, caret and drawn cells are reused and `body`
    /// does not run.
    ///
    /// `deps` must cover everything `body` reads from the app and every
    /// value its handlers capture. The runtime adds the rest: `area`, the
    /// scroll position, the layer, the component, and interaction state
    /// (focus, hover, press) and handler activity inside the subtree. `body`
    /// draws only inside `area` (drawing outside it is clipped). A body that
    /// reads the clock, touches nodes outside itself, nests components,
    /// opens overlays or binds keys renders every time, and so does one
    /// whose nodes code outside it reads or changes. [`MemoCheck`](crate::MemoCheck)
    /// tells whether `deps` cover what the body reads.
    ///
    /// ```
    /// use ratatui::layout::Rect;
    /// use rehearse::prelude::*;
    /// use rehearse::widgets::Button;
    ///
    /// struct Row { label: String }
    ///
    /// impl Component for Row {
    ///     type Message = ();
    ///     fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    ///     fn view(&self, ui: &mut Ui<'_, ()>) {
    ///         let area = Rect::new(0, 0, 20, 1);
    ///         ui.memo("row", area, &self.label, |ui| {
    ///             ui.add(area, Button::new(self.label.as_str()).automation_id("row"));
    ///         });
    ///     }
    /// }
    ///
    /// let mut session = Session::new(Row { label: "Save".into() }, SessionOptions::default());
    /// session.step(AutomationStep::drain()).unwrap();
    /// assert!(session.tree().by_id("row").is_some());
    /// ```
    pub fn memo<D: std::hash::Hash + ?Sized>(
        &mut self,
        key: impl Into<ReconcileKey>,
        area: Rect,
        deps: &D,
        body: impl FnOnce(&mut Ui<'_, M>),
    ) {
        let key = key.into();
        let (parent, scope) = self.open_scope(&key);
        self.memo_in(parent, scope, None, area, deps, body);
    }

    /// Carries what `body` adds over unchanged, like [`memo`](Self::memo),
    /// but without a key scope of its own: the nodes inside keep the keys
    /// they would have without it, so grouping siblings (a long list's rows
    /// in chunks) changes nothing but how much a render repeats. `group`
    /// tells the groups under one node apart.
    pub(crate) fn memo_group<D: std::hash::Hash + ?Sized>(
        &mut self,
        group: u64,
        area: Rect,
        deps: &D,
        body: impl FnOnce(&mut Ui<'_, M>),
    ) {
        let parent = self.frame.current_node();
        let scope = self.frame.scope_under(parent);
        // The record's own key, apart from every key scope.
        let record_scope = key::nested_scope(key::GROUP_SCOPE, group);
        self.memo_in(parent, record_scope, Some(scope), area, deps, body);
    }

    /// Renders or carries over a memoized body recorded under `scope`;
    /// `group_in` is the key scope a group's nodes are counted in (a memo
    /// opens `scope` itself instead).
    fn memo_in<D: std::hash::Hash + ?Sized>(
        &mut self,
        parent: NodeIdx,
        scope: u64,
        group_in: Option<u64>,
        area: Rect,
        deps: &D,
        body: impl FnOnce(&mut Ui<'_, M>),
    ) {
        let counted_in = group_in.unwrap_or(scope);
        let outer = self.frame.surface();
        let cells = outer.to_screen(area).intersection(outer.clip);
        // Off, or where carrying over is impossible, the body still renders
        // clipped to its area: the same generation either way.
        let record = self.frame.can_memoize().then(|| {
            let memo_key = frame_builder::MemoKey { parent: self.frame.nodes[parent].key, scope };
            // A group's nodes are numbered after the siblings before it.
            let before = group_in.map(|scope| self.frame.sibling_count(parent, scope));
            let fingerprint =
                memo::fingerprint(&(deps, before), area, self.area, parent, self.frame, self.path);
            (memo_key, fingerprint)
        });
        if let Some((memo_key, fingerprint)) = record {
            if self.frame.replay(memo_key, fingerprint) {
                return;
            }
            self.frame.begin_memo(memo_key, fingerprint, cells, counted_in);
        }
        self.frame.count_body_run();
        self.frame.push_surface(Surface { clip: cells, ..outer });
        if group_in.is_none() {
            self.frame.enter_scope(parent, scope);
        }
        body(self);
        if group_in.is_none() {
            self.frame.leave_scope();
        }
        self.frame.pop_surface();
        if record.is_some() {
            self.frame.end_memo(parent);
        }
    }

    /// Registers a `Ui::keyed` scope under the current node, reporting a key
    /// used twice there. Returns the node and the scope's hash.
    fn open_scope(&mut self, key: &ReconcileKey) -> (NodeIdx, u64) {
        let parent = self.frame.current_node();
        // Scopes opened inside one another under the same node combine.
        let outer = self.frame.open_scope_under(parent);
        let own = key::scope_hash(b"k", key);
        let scope = outer.map_or(own, |outer| key::nested_scope(outer, own));
        if !self.frame.claim_scope(parent, scope) {
            self.frame.report_key_error(format!(
                "reconciliation key {key:?} is used twice among the children of one node; keys must be unique among siblings"
            ));
        }
        (parent, scope)
    }

    /// Mounts (on first render) and renders a nested component under a
    /// sibling-scoped key. Its state survives re-renders; when a render no
    /// longer includes the key, it unmounts exactly once.
    pub fn nest<C: Component>(
        &mut self,
        key: impl Into<ReconcileKey>,
        area: Rect,
        init: impl FnOnce() -> C,
    ) {
        self.frame.mark_volatile();
        let key = key.into();
        if self.children.map.get(&key).is_some_and(|slot| slot.seen && slot.is_mounted()) {
            self.frame.report_key_error(format!(
                "nested component key {key:?} is used twice under {:?}",
                self.path
            ));
            return;
        }
        // The same key with another component type is another component:
        // the old one unmounts (its slot drops) and the new one mounts.
        if self.children.map.get(&key).is_some_and(|slot| !slot.component.as_any().is::<C>())
            && let Some(old) = self.children.map.remove(&key)
        {
            // Before the new one mounts: its own mount effects stay.
            self.frame.effects.forget(&[self.path.child(&key, old.instance)]);
        }
        let effects = &mut self.frame.effects;
        let slot = self
            .children
            .map
            .entry(key.clone())
            .or_insert_with(|| Slot::new(Box::new(init()), effects.new_instance()));
        slot.seen = true;
        let path = self.path.child(&key, slot.instance);
        let now = self.frame.now();
        slot.mount(&mut self.frame.effects, &path, now);
        let parent = self.frame.current_node();
        self.frame.enter_scope(parent, key::scope_hash(b"c", &key));
        self.frame.set_component_area(Some(area));
        slot.render(self.frame, &path);
        self.frame.set_component_area(None);
        self.frame.leave_scope();
    }

    /// Renders `body` in an overlay above all application content. The
    /// portal's facts (a dialog's role, name and id) move onto the first
    /// node the content records; a declaration on the content wins.
    /// A modal overlay traps focus and blocks input to what is below it.
    pub fn overlay(
        &mut self,
        portal: SemanticFacts,
        area: Rect,
        modal: bool,
        body: impl FnOnce(&mut Ui<'_, M>),
    ) {
        self.frame.mark_volatile();
        let previous = self.frame.layers().current();
        self.frame.begin_overlay(portal, area, modal);
        body(self);
        self.frame.end_overlay(previous, self.path);
    }

    /// Renders `body` in a scrolled coordinate space: `body` lays out in a
    /// content area `content_height` rows tall whose top row is shown at the
    /// top of `viewport` after scrolling down by `offset` rows; everything is
    /// clipped to `viewport`. Nodes scrolled out stay in the tree with
    /// zero-area clipped bounds and `in_view = false`.
    pub fn scrolled(
        &mut self,
        viewport: Rect,
        offset: u16,
        content_height: u16,
        body: impl FnOnce(&mut Ui<'_, M>, Rect),
    ) {
        let outer = self.frame.surface();
        let screen = outer.to_screen(viewport);
        let clip = screen.intersection(outer.clip);
        self.frame.push_surface(Surface { dx: outer.dx, dy: outer.dy - i32::from(offset), clip });
        let height = content_height.min(u16::MAX - viewport.y);
        let content = Rect::new(viewport.x, viewport.y, viewport.width, height);
        body(self, content);
        self.frame.pop_surface();
    }

    /// Renders `body` in a panned coordinate space, like
    /// [`scrolled`](Self::scrolled) in both directions: `body` lays out in a
    /// content area of `content` size whose cell (`offset.x`, `offset.y`) is
    /// shown at the top-left of `viewport`; everything is clipped to
    /// `viewport`. Nodes panned out stay in the tree with zero-area clipped
    /// bounds and `in_view = false` (the `PanView` widget).
    pub fn panned(
        &mut self,
        viewport: Rect,
        offset: Position,
        content: Size,
        body: impl FnOnce(&mut Ui<'_, M>, Rect),
    ) {
        let outer = self.frame.surface();
        let screen = outer.to_screen(viewport);
        let clip = screen.intersection(outer.clip);
        self.frame.push_surface(Surface {
            dx: outer.dx - i32::from(offset.x),
            dy: outer.dy - i32::from(offset.y),
            clip,
        });
        let width = content.width.min(u16::MAX - viewport.x);
        let height = content.height.min(u16::MAX - viewport.y);
        body(self, Rect::new(viewport.x, viewport.y, width, height));
        self.frame.pop_surface();
    }

    /// Binds a key for this component: pressed while nothing focused
    /// consumes it, it sends the message. Bindings in a modal overlay take
    /// precedence and block the ones beneath it (an open modal swallows
    /// the app's own shortcuts; see [`on_key_global`](Self::on_key_global)
    /// for the few that must work everywhere); within a layer a nested
    /// component's binding wins over its ancestors', and among bindings of
    /// one component the first registered wins.
    pub fn on_key(&mut self, key: impl Into<KeyPress>, message: impl Fn() -> M + 'static) {
        self.bind(key.into(), message, false);
    }

    /// Binds a key that works whatever is open (quit, help): like
    /// [`on_key`](Self::on_key), but it also fires while a modal dialog
    /// covers this layer. The focused node and the modal's own bindings
    /// for the same key are tried first.
    pub fn on_key_global(&mut self, key: impl Into<KeyPress>, message: impl Fn() -> M + 'static) {
        self.bind(key.into(), message, true);
    }

    fn bind(&mut self, key: KeyPress, message: impl Fn() -> M + 'static, global: bool) {
        self.frame.mark_volatile();
        let owner = self.path.clone();
        let target = owner.clone();
        let make = Box::new(move || Envelope::new(target.clone(), message()));
        self.frame.bind(key, owner, make, global);
    }

    /// Places the terminal cursor (a text field's caret), in the node
    /// coordinate space of this `Ui`; hidden when scrolled out of view.
    pub fn set_cursor(&mut self, col: u16, row: u16) {
        let surface = self.frame.surface();
        let screen = surface.to_screen(Rect::new(col, row, 1, 1));
        if !screen.intersection(surface.clip).is_empty()
            && let Some(rect) = screen.to_rect()
        {
            self.frame.place_cursor(rect.x, rect.y);
        }
    }
}
