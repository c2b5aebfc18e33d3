//! `FrameBuilder`: what one render pass records — raw nodes, layers,
//! handlers, focus order, key bindings — and the clipped drawing underneath.
//!
//! The builder ties together concerns that each keep their own invariants
//! behind private fields: the node arena (`ui/arena.rs`), key scopes
//! (`ui/key_scopes.rs`), layers and compositing (`ui/layers.rs`), claimed
//! cells and damage (`ui/paint.rs`) and the memo carry state
//! (`memo_carry.rs`, which holds the previous frame). Here live the nesting
//! of what is being recorded (open nodes, coordinate spaces) and the
//! frame's own facts; `draw.rs` draws clipped and keeps the kept buffer
//! equal to a fresh render's, `portal.rs` opens and closes overlays.
//!
//! The memo carry state and the paint map are visible to `ui/memo/`, which
//! carries subtrees over; five fields are read by the engine, the runtime
//! and components (`nodes`, `cursor`, `composited`, `effects`,
//! `removed_components`); everything else is private to this folder.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::effects::Effects;
use crate::identity::ComponentPath;
use crate::ui::arena::{Arena, ROOT};
use crate::ui::event::WidgetStates;
use crate::ui::key::{NodeKey, OVERLAY_SCOPE};
use crate::ui::key_scopes::KeyScopes;
use crate::ui::layers::Layers;
use crate::ui::node::{NodeIdx, RawNode};
use crate::ui::paint::{Damage, PaintMap};
use rehearse_core::LogicalTime;
use rehearse_core::semantic::{Bounds, SemanticFacts};
use rehearse_lang::{KeyPress, SemanticRole};

mod draw;
mod memo_carry;
mod portal;

pub(crate) use draw::Clip;
pub(crate) use memo_carry::Previous;
pub(in crate::ui) use memo_carry::{
    ActiveMemo, MemoCarry, MemoKey, MemoRecord, Slots, holds, segments,
};

use portal::{PendingPortal, hoist};

/// A coordinate space: where virtual coordinates land on screen and what
/// is visible. Scroll views push one for their content.
#[derive(Clone, Copy)]
pub(crate) struct Surface {
    pub(crate) dx: i32,
    pub(crate) dy: i32,
    pub(crate) clip: Bounds,
}

impl Surface {
    /// The screen cells `area` (in this space's coordinates) covers.
    pub(crate) fn to_screen(self, area: Rect) -> Bounds {
        Bounds::new(
            i32::from(area.x) + self.dx,
            i32::from(area.y) + self.dy,
            area.width,
            area.height,
        )
    }
}

/// A key binding registered during the render.
pub(crate) struct Binding {
    pub(crate) key: KeyPress,
    pub(crate) layer: usize,
    pub(crate) owner: ComponentPath,
    pub(crate) make: Box<dyn Fn() -> crate::envelope::Envelope>,
    /// Fires even while a modal layer above its own is open.
    pub(crate) global: bool,
}

/// What nodes recorded now hang from.
#[derive(Clone)]
pub(super) enum ParentSlot {
    Node(NodeIdx),
    /// An overlay whose content has not recorded its first node yet.
    Portal,
}

/// Read-only interaction state widgets render from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct InteractionKeys {
    pub(crate) focused: Option<NodeKey>,
    pub(crate) hovered: Option<NodeKey>,
    pub(crate) pressed: Option<NodeKey>,
}

/// Everything one render pass records.
pub(crate) struct FrameBuilder {
    viewport: Rect,
    now: LogicalTime,
    /// The session's nodes: this frame's live ones and older garbage.
    pub(in crate::ui) nodes: Arena,
    layers: Layers,
    /// Open nodes (and overlays waiting for a root), innermost last.
    parents: Vec<ParentSlot>,
    /// Coordinate spaces, innermost last; the viewport's at the bottom.
    surfaces: Vec<Surface>,
    pending_portal: Vec<PendingPortal>,
    bindings: Vec<Binding>,
    /// The session's message queue and timers, moved in for the pass.
    pub(in crate::ui) effects: Effects,
    states: WidgetStates,
    interaction: InteractionKeys,
    scopes: KeyScopes,
    /// Keys used twice under one parent (`Ui::nest`/`Ui::keyed`), reported at commit.
    key_errors: Vec<String>,
    /// The area the next nested component renders into.
    component_area: Option<Rect>,
    /// Where the terminal cursor goes, if a widget placed it.
    pub(in crate::ui) cursor: Option<(u16, u16)>,
    /// The frame was committed.
    composited: bool,
    /// Nested components unmounted during this pass.
    removed_components: Vec<ComponentPath>,
    /// Two live nodes have the same key (the same automation id).
    duplicate: bool,
    /// A node was recorded with an id that breaks the id rules.
    invalid_id: bool,
    /// What memoized bodies carry over, and what this pass recorded of them.
    pub(super) memo: MemoCarry,
    /// Where this render claimed the application layer.
    pub(super) paint: PaintMap,
    /// Where the previous render claimed it: what this one must blank if
    /// it does not claim it too.
    previous_paint: Option<PaintMap>,
    /// Cells of the application layer changed since the last commit.
    damage: Damage,
    /// Allocations handed on to the next frame.
    spare: Spare,
    /// A buffer of the viewport's size widgets draw on (see `draw`).
    scratch: Option<Buffer>,
    /// The last hit test on this frame: the cell and what it reached.
    last_hit: std::cell::Cell<Option<(i32, i32, Option<NodeIdx>)>>,
}

/// Allocations a frame hands on to the next one (the memo carry state
/// hands on its own).
#[derive(Default)]
struct Spare {
    paint: Option<PaintMap>,
    scratch: Option<Buffer>,
}

/// What a new frame starts from.
#[derive(Default)]
pub(crate) struct FrameStart {
    /// The previous frame, for its buffer, its nodes and memoized bodies.
    pub(crate) previous: Option<Previous>,
    /// Whether memoized bodies may be carried over.
    pub(crate) memoize: bool,
}

/// Garbage slots an arena may hold beyond its live nodes before a frame
/// starts a fresh one.
const ARENA_SLACK: usize = 1024;

impl FrameBuilder {
    /// A frame of `viewport` at `now`, rendering from the widget `states`
    /// and `interaction` the session keeps, starting from `start`.
    pub(crate) fn new(
        viewport: Rect,
        now: LogicalTime,
        states: WidgetStates,
        interaction: InteractionKeys,
        start: FrameStart,
    ) -> Self {
        let FrameStart { mut previous, memoize } = start;
        // The application layer is drawn into the previous frame's buffer:
        // carried-over cells are already in place.
        let mut kept = None;
        let mut spare = Spare::default();
        let mut scopes = KeyScopes::default();
        let mut recycled = None;
        if let Some(previous) = previous.as_mut() {
            let old = &mut previous.frame;
            spare = std::mem::take(&mut old.spare);
            recycled = Some(old.memo.hand_on());
            scopes = std::mem::take(&mut old.scopes).recycle();
            let buffer = old.layers.take_app();
            // Without memoizing, every render starts on a blank buffer: a
            // plain session is the reference a memoizing one is checked
            // against (`MemoCheck`), kept buffer and damage included.
            if buffer.area == viewport && memoize {
                let paint = std::mem::take(&mut old.paint);
                // Cleared at each commit: rows changed since the last one.
                let damage = std::mem::take(&mut old.damage);
                kept = Some((buffer, paint, damage));
            }
        }
        let carry = memoize
            && kept.is_some()
            && previous.as_ref().is_some_and(|previous| previous.frame.may_be_carried_over());
        if !carry {
            previous = None;
        }
        let shared_arena = previous.as_ref().is_some_and(|previous| {
            let arena = &previous.frame.nodes;
            arena.garbage() <= arena.live_count() + ARENA_SLACK
        });
        let mut nodes = match previous.as_mut() {
            Some(previous) if shared_arena => std::mem::take(&mut previous.frame.nodes),
            Some(previous) => Arena::with_capacity(previous.frame.nodes.live_count()),
            None => Arena::default(),
        };
        nodes.begin_frame();
        let mut root = RawNode::new(SemanticFacts::new(SemanticRole::Application), NodeKey::ROOT);
        root.layout = Bounds::from(viewport);
        root.clip = Bounds::from(viewport);
        root.infer_name = false;
        nodes.set_root(root);
        let (buffer, previous_paint, damage) = match kept {
            Some((buffer, paint, damage)) => (buffer, Some(paint), damage),
            None => (Buffer::empty(viewport), None, Damage::all(viewport.width, viewport.height)),
        };
        let Spare { paint, scratch } = spare;
        let memo = MemoCarry::start(recycled.unwrap_or_default(), memoize, previous, shared_arena);
        Self {
            viewport,
            now,
            nodes,
            layers: Layers::new(buffer),
            parents: vec![ParentSlot::Node(ROOT)],
            surfaces: vec![Surface { dx: 0, dy: 0, clip: Bounds::from(viewport) }],
            pending_portal: Vec::new(),
            bindings: Vec::new(),
            effects: Effects::default(),
            states,
            interaction,
            scopes,
            key_errors: Vec::new(),
            component_area: None,
            cursor: None,
            composited: false,
            removed_components: Vec::new(),
            duplicate: false,
            invalid_id: false,
            memo,
            paint: PaintMap::new(viewport.height, paint),
            previous_paint,
            damage,
            spare: Spare::default(),
            last_hit: std::cell::Cell::new(None),
            scratch,
        }
    }

    /// Whether the next frame may carry this one's memoized subtrees over:
    /// a frame that failed on its keys is rendered afresh, so the failure is
    /// found again (or fixed) rather than carried along.
    fn may_be_carried_over(&self) -> bool {
        self.key_errors.is_empty() && !self.duplicate
    }

    /// The viewport the frame renders.
    pub(crate) fn viewport(&self) -> Rect {
        self.viewport
    }

    /// The logical time the frame renders at.
    pub(crate) fn now(&self) -> LogicalTime {
        self.now
    }

    /// The frame's layers.
    pub(crate) fn layers(&self) -> &Layers {
        &self.layers
    }

    /// The key bindings registered, in order.
    pub(crate) fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    /// Registers a key binding on the current layer; a `global` one fires
    /// through modal layers above it.
    pub(crate) fn bind(
        &mut self,
        key: KeyPress,
        owner: ComponentPath,
        make: Box<dyn Fn() -> crate::envelope::Envelope>,
        global: bool,
    ) {
        let layer = self.layers.current();
        self.bindings.push(Binding { key, layer, owner, make, global });
    }

    /// The focused, hovered and pressed nodes widgets render from.
    pub(crate) fn interaction(&self) -> &InteractionKeys {
        &self.interaction
    }

    /// The framework-kept state of the node with `key`, created with
    /// `Default` the first time.
    pub(crate) fn state_mut<T: Default + 'static>(&mut self, key: NodeKey) -> &mut T {
        self.states.get_or_default::<T>(key)
    }

    /// Hands the widget states back to the session.
    pub(crate) fn take_states(&mut self) -> WidgetStates {
        std::mem::take(&mut self.states)
    }

    /// The render's key errors, in the order they were found.
    pub(crate) fn key_errors(&self) -> &[String] {
        &self.key_errors
    }

    /// Reports a key error (found again at commit); the memoized bodies
    /// around it render every time.
    pub(crate) fn report_key_error(&mut self, error: String) {
        self.mark_volatile();
        self.key_errors.push(error);
    }

    /// Whether two live nodes have the same key.
    pub(crate) fn has_duplicate(&self) -> bool {
        self.duplicate
    }

    /// Whether a node was recorded with an id that breaks the id rules.
    pub(crate) fn has_invalid_id(&self) -> bool {
        self.invalid_id
    }

    /// Sets the area the next nested component renders into.
    pub(crate) fn set_component_area(&mut self, area: Option<Rect>) {
        self.component_area = area;
    }

    /// The area a component starting to render gets: the one set for it,
    /// or the viewport for the root.
    pub(crate) fn take_component_area(&mut self) -> Rect {
        self.component_area.take().unwrap_or(self.viewport)
    }

    /// Places the terminal cursor at a screen cell.
    pub(crate) fn place_cursor(&mut self, col: u16, row: u16) {
        self.cursor = Some((col, row));
        // Counted only when placed: a memo body replays a caret it placed.
        self.memo.note_caret();
    }

    /// What the last hit test at `col`, `row` reached, if the last one was
    /// at that cell (a rendered frame never changes).
    pub(crate) fn cached_hit(&self, col: i32, row: i32) -> Option<Option<NodeIdx>> {
        let (at_col, at_row, target) = self.last_hit.get()?;
        ((at_col, at_row) == (col, row)).then_some(target)
    }

    /// Remembers what a hit test at `col`, `row` reached.
    pub(crate) fn remember_hit(&self, col: i32, row: i32, target: Option<NodeIdx>) {
        self.last_hit.set(Some((col, row, target)));
    }

    /// Opens a key scope for the nodes recorded directly under `parent`.
    pub(crate) fn enter_scope(&mut self, parent: NodeIdx, scope: u64) {
        self.scopes.enter(parent, scope);
    }

    /// Closes the innermost key scope.
    pub(crate) fn leave_scope(&mut self) {
        self.scopes.leave();
    }

    /// The key scope open under `parent`, if one is.
    pub(crate) fn open_scope_under(&self, parent: NodeIdx) -> Option<u64> {
        self.scopes.open_under(parent)
    }

    /// The key scope nodes opened directly under `parent` are in now.
    pub(crate) fn scope_under(&self, parent: NodeIdx) -> u64 {
        self.scopes.scope_under(parent)
    }

    /// Notes a `Ui::keyed` scope used under `parent`: `false` when it
    /// already was in this render.
    pub(crate) fn claim_scope(&mut self, parent: NodeIdx, scope: u64) -> bool {
        self.scopes.claim(parent, scope)
    }

    /// How many nodes were opened under `parent` in key scope `scope`.
    pub(crate) fn sibling_count(&self, parent: NodeIdx, scope: u64) -> usize {
        self.scopes.count(parent, scope)
    }

    /// Sets how many nodes were opened under `parent` in key scope `scope`
    /// (a memoized body carried over counts its nodes without opening them).
    pub(super) fn set_sibling_count(&mut self, parent: NodeIdx, scope: u64, count: usize) {
        self.scopes.set_count(parent, scope, count);
    }

    /// Notes that two live nodes have the same key (found when carrying
    /// nodes over).
    pub(super) fn note_duplicate(&mut self) {
        self.duplicate = true;
    }

    /// Indexes a node by its key, noting a key seen twice.
    pub(super) fn index_key(&mut self, key: NodeKey, idx: NodeIdx) {
        if self.nodes.index_key(key, idx).is_some() {
            self.duplicate = true;
        }
    }

    /// The innermost coordinate space.
    #[inline]
    pub(crate) fn surface(&self) -> Surface {
        *self.surfaces.last().expect("the viewport surface is never popped")
    }

    /// Makes `surface` the coordinate space until [`pop_surface`](Self::pop_surface).
    pub(crate) fn push_surface(&mut self, surface: Surface) {
        self.surfaces.push(surface);
    }

    /// Returns to the coordinate space around the innermost one.
    pub(crate) fn pop_surface(&mut self) {
        self.surfaces.pop();
    }

    fn current_parent(&self) -> ParentSlot {
        self.parents.last().cloned().expect("the root parent is never popped")
    }

    /// Whether what is recorded now hangs from an ordinary node (not an
    /// overlay waiting for its root).
    pub(super) fn under_node(&self) -> bool {
        matches!(self.parents.last(), Some(ParentSlot::Node(_)))
    }

    /// The innermost open node.
    pub(crate) fn current_node(&self) -> NodeIdx {
        self.parents
            .iter()
            .rev()
            .find_map(|slot| match slot {
                ParentSlot::Node(idx) => Some(*idx),
                ParentSlot::Portal => None,
            })
            .unwrap_or(ROOT)
    }

    /// Records a node at `area` (virtual coordinates) under the current
    /// parent and makes it the current parent. Close it with
    /// [`close_node`](Self::close_node).
    pub(crate) fn open_node(
        &mut self,
        area: Rect,
        mut facts: SemanticFacts,
        owner: &ComponentPath,
    ) -> NodeIdx {
        let surface = self.surface();
        let layout = surface.to_screen(area);
        let mut overlay_order = None;
        let mut anchor = ROOT;
        let parent_slot = self.current_parent();
        let parent = match parent_slot {
            ParentSlot::Node(idx) => Some(idx),
            ParentSlot::Portal => {
                // The overlay content's first node becomes the overlay root,
                // carrying the portal's declaration where the content has none.
                let portal = self.pending_portal.pop().expect("a portal slot has pending facts");
                facts = hoist(portal.facts, facts);
                overlay_order = Some(portal.order);
                anchor = portal.anchor;
                None
            }
        };
        let mut clip = layout.intersection(surface.clip);
        if let Some(parent) = parent
            && parent != ROOT
        {
            clip = clip.intersection(self.nodes[parent].clip);
            if clip.is_empty() {
                clip = Bounds::empty_at(clip.x, clip.y);
            }
        }
        let idx = self.nodes.len();
        if let Some(id) = &facts.automation_id
            && rehearse_lang::validate_automation_id(id).is_err()
        {
            // Reported at commit; a memoized body holding it is never
            // carried over, so the report never goes missing.
            self.invalid_id = true;
            self.mark_volatile();
        }
        let key = self.stable_key(parent, anchor, &facts);
        self.index_key(key, idx);
        let mut node = RawNode::new(facts, key);
        node.layout = layout;
        node.clip = clip;
        node.parent = parent;
        node.layer = self.layers.current();
        node.owner = owner.clone();
        node.overlay_order = overlay_order;
        node.in_memo = self.memo.recording();
        self.nodes.push(node);
        match parent {
            Some(parent) => self.nodes[parent].children.push(idx),
            None => {
                self.layers.set_current_root(idx);
                let top = self.parents.len() - 1;
                self.parents[top] = ParentSlot::Node(idx);
            }
        }
        // A hoisted overlay root also replaced the portal slot above, so it
        // stays the parent of later top-level content in the overlay.
        self.parents.push(ParentSlot::Node(idx));
        idx
    }

    /// Closes node `idx`, if it is the innermost open one.
    pub(crate) fn close_node(&mut self, idx: NodeIdx) {
        if let Some(ParentSlot::Node(top)) = self.parents.last()
            && *top == idx
        {
            self.parents.pop();
        }
    }

    /// A key that stays the same across renders for the same widget: the
    /// automation id if it has one, else the parent's key, the key scope and
    /// the index among siblings of that scope.
    fn stable_key(
        &mut self,
        parent: Option<NodeIdx>,
        anchor: NodeIdx,
        facts: &SemanticFacts,
    ) -> NodeKey {
        if let Some(id) = &facts.automation_id {
            return NodeKey::of_id(id);
        }
        let Some(parent_idx) = parent else {
            // An overlay root: counted among the overlays declared under its
            // anchor, apart from the anchor's ordinary children.
            let index = self.scopes.next_index(anchor, OVERLAY_SCOPE);
            return self.nodes[anchor].key.child(OVERLAY_SCOPE, index);
        };
        let scope = self.scopes.scope_under(parent_idx);
        let index = self.scopes.next_index(parent_idx, scope);
        self.nodes[parent_idx].key.child(scope, index)
    }

    /// Brings `committed` (the last committed frame's buffer) up to this
    /// frame: the application layer with every overlay painted over it, in
    /// stacking order. Copies only the cells that changed since the last
    /// commit when neither frame has overlays (`overlays_before` says
    /// whether the last committed one had).
    /// Returns the rows that changed, when only they were copied.
    pub(crate) fn composite_into(
        &mut self,
        committed: &mut Buffer,
        overlays_before: bool,
    ) -> Option<Vec<u16>> {
        self.composited = true;
        self.layers.composite_into(committed, overlays_before, &mut self.damage)
    }

    /// The composited frame, leaving the layers in place (for a diagnostic
    /// snapshot of a frame that is not committed).
    pub(crate) fn composite_copy(&self) -> Buffer {
        self.layers.composite_copy()
    }

    /// The text a node drew on its own layer inside its clipped bounds,
    /// box-drawing glyphs removed and whitespace collapsed.
    pub(crate) fn drawn_text(&self, idx: NodeIdx) -> String {
        let node = &self.nodes[idx];
        self.layers.drawn_text(node.layer, node.clip)
    }
}

/// What the engine and the runtime read or hand over, outside `ui`.
impl FrameBuilder {
    /// The frame's nodes.
    pub(crate) fn nodes(&self) -> &Arena {
        &self.nodes
    }

    /// Where a widget placed the terminal cursor, if one did.
    pub(crate) fn cursor(&self) -> Option<(u16, u16)> {
        self.cursor
    }

    /// Whether the layers were composited since the last render.
    pub(crate) fn is_composited(&self) -> bool {
        self.composited
    }

    /// The runtime's effects, lent to the frame while the view runs.
    pub(crate) fn effects_mut(&mut self) -> &mut Effects {
        &mut self.effects
    }

    /// A nested component that unmounted during this render.
    pub(crate) fn note_removed_component(&mut self, path: ComponentPath) {
        self.removed_components.push(path);
    }

    /// The nested components that unmounted during this render.
    pub(crate) fn take_removed_components(&mut self) -> Vec<ComponentPath> {
        std::mem::take(&mut self.removed_components)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A 10x4 frame that memoizes, after `previous`.
    pub(in crate::ui) fn frame(previous: Option<Previous>) -> FrameBuilder {
        let start = FrameStart { previous, memoize: true };
        let (states, keys) = (WidgetStates::default(), InteractionKeys::default());
        FrameBuilder::new(Rect::new(0, 0, 10, 4), LogicalTime::default(), states, keys, start)
    }

    /// Records a leaf with `facts` at `area` under the current node.
    pub(in crate::ui) fn leaf(
        frame: &mut FrameBuilder,
        area: Rect,
        facts: SemanticFacts,
    ) -> NodeIdx {
        let idx = frame.open_node(area, facts, &ComponentPath::root());
        frame.draw(area, Clip::Trusted, |area, buf| {
            buf.set_string(area.x, area.y, "x", ratatui::style::Style::default());
        });
        frame.close_node(idx);
        idx
    }

    #[test]
    fn nodes_nest_are_clipped_by_their_parent_and_keyed_by_scope_and_index() {
        let mut frame = frame(None);
        let owner = ComponentPath::root();
        let group = SemanticFacts::new(SemanticRole::Group);
        let text = || SemanticFacts::new(SemanticRole::Text);
        let a = frame.open_node(Rect::new(0, 0, 10, 2), group, &owner);
        assert_eq!(frame.current_node(), a);
        let b = leaf(&mut frame, Rect::new(8, 0, 5, 1), text());
        frame.enter_scope(a, 42);
        let c = leaf(&mut frame, Rect::new(0, 1, 5, 1), text());
        frame.leave_scope();
        let d = leaf(&mut frame, Rect::new(0, 1, 5, 1), text().automation_id("d"));
        let e = leaf(&mut frame, Rect::new(0, 1, 5, 1), text());
        frame.close_node(a);
        assert_eq!(frame.current_node(), ROOT);
        assert_eq!(frame.nodes[ROOT].children, [a]);
        assert_eq!(frame.nodes[a].children, [b, c, d, e]);
        assert_eq!(frame.nodes[b].parent, Some(a));
        // Laid out past its parent's right edge: clipped there.
        assert_eq!(frame.nodes[b].layout, Bounds::new(8, 0, 5, 1));
        assert_eq!(frame.nodes[b].clip, Bounds::new(8, 0, 2, 1));
        let parent = frame.nodes[a].key;
        assert_eq!(frame.nodes[b].key, parent.child(0, 0));
        assert_eq!(frame.nodes[c].key, parent.child(42, 0));
        assert_eq!(frame.nodes[d].key, NodeKey::of_id("d"), "an id is the key");
        assert_eq!(frame.nodes[e].key, parent.child(0, 1), "an id takes no index");
        assert_eq!(frame.nodes.find(&parent.child(42, 0)), Some(c));
        assert!(!frame.has_duplicate() && !frame.has_invalid_id());
    }

    #[test]
    fn an_id_seen_twice_or_breaking_the_rules_is_noted_for_the_commit() {
        let mut frame = frame(None);
        let text = || SemanticFacts::new(SemanticRole::Text);
        leaf(&mut frame, Rect::new(0, 0, 5, 1), text().automation_id("same"));
        assert!(!frame.has_duplicate());
        leaf(&mut frame, Rect::new(0, 1, 5, 1), text().automation_id("same"));
        assert!(frame.has_duplicate());
        assert!(!frame.has_invalid_id());
        leaf(&mut frame, Rect::new(0, 2, 5, 1), text().automation_id("no spaces"));
        assert!(frame.has_invalid_id());
    }

    #[test]
    fn a_frame_hands_its_buffer_and_the_need_to_blank_on_to_the_next() {
        let mut first = frame(None);
        leaf(&mut first, Rect::new(0, 0, 1, 1), SemanticFacts::new(SemanticRole::Text));
        first.finish_drawing();
        let mut committed = Buffer::empty(Rect::ZERO);
        first.composite_into(&mut committed, false);
        assert_eq!(committed[(0, 0)].symbol(), "x");
        // The next frame draws nothing: the cell it no longer claims is
        // blanked and copied into the committed buffer.
        let mut second = frame(Some(Previous::new(Box::new(first), Vec::new())));
        second.finish_drawing();
        second.composite_into(&mut committed, false);
        assert_eq!(committed, Buffer::empty(Rect::new(0, 0, 10, 4)));
    }
}
