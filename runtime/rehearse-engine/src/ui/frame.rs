//! `FrameBuilder`: what one render pass records — raw nodes, layers,
//! handlers, focus order, key bindings — and the clipped drawing underneath.

use fixedbitset::FixedBitSet;
use rustc_hash::FxHashMap;

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;

use crate::effects::Effects;
use crate::identity::ComponentPath;
use crate::ui::arena::Arena;
use crate::ui::event::{ErasedHandler, WidgetStates};
use crate::ui::memo::{ActiveMemo, MemoKey, MemoRecord, Previous};
use crate::ui::paint::{Damage, PaintMap};
use rehearse_core::LogicalTime;
use rehearse_core::semantic::{Bounds, SemanticFacts};
use rehearse_lang::{KeyPress, SemanticRole};

/// Index of a raw node in the session's node arena. Internal: never
/// public, never serialized.
pub(crate) type NodeIdx = usize;

pub(crate) use super::arena::ROOT;

/// A node's identity across renders: a hash of its automation id, or of its
/// parent's key, key scope and index among siblings. Hashing instead of
/// building path strings keeps a render free of per-node formatting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct NodeKey(u64);

impl NodeKey {
    const ROOT: Self = Self(0xcbf2_9ce4_8422_2325);

    fn of_id(id: &str) -> Self {
        Self(fnv(fnv(Self::ROOT.0, b"#"), id.as_bytes()))
    }

    fn child(self, scope: u64, index: usize) -> Self {
        let mixed = fnv(fnv(self.0, &scope.to_le_bytes()), &(index as u64).to_le_bytes());
        Self(mixed)
    }

    #[cfg(test)]
    pub(crate) const fn test(key: u64) -> Self {
        Self(key)
    }

    /// The identity a projected node carries.
    pub(crate) const fn identity(self) -> rehearse_core::semantic::NodeIdentity {
        rehearse_core::semantic::NodeIdentity(self.0)
    }

    /// The key behind a projected node's identity.
    pub(crate) const fn of_identity(identity: rehearse_core::semantic::NodeIdentity) -> Self {
        Self(identity.0)
    }
}

/// The key scope of overlay roots under their anchor node.
const OVERLAY_SCOPE: u64 = 0x6f76_6572_6c61_7973;

/// Where the records of memoized groups (`Ui::memo_group`) are kept apart
/// from key scopes.
pub(crate) const GROUP_SCOPE: u64 = 0x6772_6f75_7073_2121;

/// A key scope (`Ui::keyed`, nested components) as a hash.
pub(crate) fn scope_hash(kind: &[u8], key: &crate::identity::ReconcileKey) -> u64 {
    let mut state = fnv(NodeKey::ROOT.0, kind);
    key.fingerprint(|bytes| state = fnv(state, bytes));
    state
}

/// A scope nested in `outer` under the same parent node.
pub(crate) fn nested_scope(outer: u64, inner: u64) -> u64 {
    fnv(outer, &inner.to_le_bytes())
}

/// FNV-1a, continuing from `state`.
fn fnv(mut state: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        state ^= u64::from(byte);
        state = state.wrapping_mul(0x0000_0100_0000_01b3);
    }
    state
}

/// A cell no overlay drew on. Overlay layers start filled with it, so
/// compositing copies exactly the cells an overlay painted (including cells
/// it cleared).
const UNPAINTED: Cell = Cell::new("\u{FFFF}");

/// How far a drawing widget is trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Clip {
    /// Anything it draws outside its area (a widget of the app's) is
    /// dropped.
    Area,
    /// It stays inside its area (a built-in widget): drawn on the layer at
    /// once when fully visible.
    Trusted,
}

/// Pointer policy of a node.
#[derive(Default)]
pub(crate) struct PointerPolicy {
    /// Takes every click inside its area instead of its descendants.
    pub(crate) capture_click: bool,
    /// Accepts the pointer only on these cells (screen coordinates);
    /// `None` accepts its whole visible area.
    pub(crate) hit_cells: Option<Vec<Bounds>>,
    /// Cells (screen coordinates) where the node itself takes the press
    /// before its children, such as a scrollbar column.
    pub(crate) own_cells: Vec<Bounds>,
    /// Cells (screen coordinates) outside which neither the node nor any
    /// node under it takes the pointer.
    pub(crate) subtree_cells: Option<Vec<Bounds>>,
}

impl PointerPolicy {
    pub(crate) fn accepts(&self, col: i32, row: i32) -> bool {
        self.hit_cells.as_ref().is_none_or(|cells| cells.iter().any(|cell| cell.contains(col, row)))
    }
}

/// How a node may inherit Click from its only child.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ClickInheritance {
    /// Clicks are its own business (or it has none).
    None,
    /// A wrapper (drag source, drop target, pan view, single-child frame):
    /// Click when its only child accepts clicks at the wrapper's centre.
    FromOnlyChild,
}

/// One node as the render recorded it, before projection.
pub(crate) struct RawNode {
    pub(crate) facts: SemanticFacts,
    pub(crate) layout: Bounds,
    pub(crate) clip: Bounds,
    pub(crate) parent: Option<NodeIdx>,
    pub(crate) children: Vec<NodeIdx>,
    pub(crate) layer: usize,
    pub(crate) key: NodeKey,
    pub(crate) owner: ComponentPath,
    pub(crate) focusable: bool,
    pub(crate) handlers: Vec<ErasedHandler>,
    pub(crate) pointer: PointerPolicy,
    pub(crate) inheritance: ClickInheritance,
    pub(crate) overlay_order: Option<u32>,
    /// Render inference is allowed: a leaf with no name may take the text it
    /// drew as its name (name-from-content and text roles only).
    pub(crate) infer_name: bool,
    /// What a drag starting here carries.
    pub(crate) drag_payload: Option<String>,
    /// The stamp of the rendering of the memoized subtree this node is the
    /// only root of (unique to that rendering): it travels with the node
    /// when the subtree is carried over, and the projection of the subtree
    /// can be reused while it stays the same.
    pub(crate) memo: Option<u64>,
    /// For a top-level node of a memoized subtree: how far away (in slots)
    /// the next one is.
    pub(crate) next_root: isize,
    /// Recorded by a memoized body (it travels with the body).
    pub(crate) in_memo: bool,
}

impl RawNode {
    /// A node with `facts` and `key` and nothing else yet.
    pub(crate) fn new(facts: SemanticFacts, key: NodeKey) -> Self {
        Self {
            infer_name: facts.name.is_none() && facts.label.is_none(),
            facts,
            layout: Bounds::default(),
            clip: Bounds::default(),
            parent: None,
            children: Vec::new(),
            layer: 0,
            key,
            owner: ComponentPath::default(),
            focusable: false,
            handlers: Vec::new(),
            pointer: PointerPolicy::default(),
            inheritance: ClickInheritance::None,
            overlay_order: None,
            drag_payload: None,
            memo: None,
            next_root: 0,
            in_memo: false,
        }
    }
}

/// One paint layer: the application, or one overlay.
pub(crate) struct Layer {
    pub(crate) buffer: Buffer,
    pub(crate) root: Option<NodeIdx>,
    pub(crate) modal: bool,
}

/// A coordinate space: where virtual coordinates land on screen and what
/// is visible. Scroll views push one for their content.
#[derive(Clone, Copy)]
pub(crate) struct Surface {
    pub(crate) dx: i32,
    pub(crate) dy: i32,
    pub(crate) clip: Bounds,
}

impl Surface {
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
}

/// Portal facts waiting for the overlay content's first node.
pub(crate) struct PendingPortal {
    pub(crate) facts: SemanticFacts,
    pub(crate) area: Rect,
    pub(crate) order: u32,
    /// The node the overlay was declared under: the overlay root's key
    /// derives from it, so showing one overlay never re-keys another.
    pub(crate) anchor: NodeIdx,
}

#[derive(Clone)]
pub(crate) enum ParentSlot {
    Node(NodeIdx),
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
    pub(crate) viewport: Rect,
    pub(crate) now: LogicalTime,
    /// The session's nodes: this frame's live ones and older garbage.
    pub(crate) nodes: Arena,
    pub(crate) layers: Vec<Layer>,
    pub(crate) current_layer: usize,
    pub(crate) parents: Vec<ParentSlot>,
    pub(crate) surfaces: Vec<Surface>,
    pub(crate) pending_portal: Vec<PendingPortal>,
    pub(crate) bindings: Vec<Binding>,
    pub(crate) effects: Effects,
    pub(crate) states: WidgetStates,
    pub(crate) interaction: InteractionKeys,
    /// Key scopes (`Ui::keyed`, nested components): the segment prefix
    /// for nodes opened directly under a parent.
    pub(crate) key_scopes: Vec<(NodeIdx, u64)>,
    sibling_counters: FxHashMap<(NodeIdx, u64), usize>,
    /// Keys used twice under one parent (`Ui::nest`/`Ui::keyed`), reported at commit.
    pub(crate) key_errors: Vec<String>,
    /// The area the next nested component renders into.
    pub(crate) component_area: Option<Rect>,
    /// Where the terminal cursor goes, if a widget placed it.
    pub(crate) cursor: Option<(u16, u16)>,
    /// The frame was committed.
    pub(crate) composited: bool,
    /// Nested components unmounted during this pass.
    pub(crate) removed_components: Vec<ComponentPath>,
    /// `Ui::keyed` scopes opened in this pass, by parent node.
    pub(crate) used_scopes: rustc_hash::FxHashSet<(NodeIdx, u64)>,
    /// Two live nodes have the same key (the same automation id).
    pub(crate) duplicate: bool,
    /// A node was recorded with an id that breaks the id rules.
    pub(crate) invalid_id: bool,
    /// Whether memoized bodies may be carried over from the previous frame.
    pub(crate) memoize: bool,
    /// What the previous frame offers memoized bodies.
    pub(crate) previous: Option<Previous>,
    /// The arena is the previous frame's: unchanged subtrees stay in place.
    pub(crate) shared_arena: bool,
    /// The previous frame's memo records already carried over (with the
    /// records inside them), by index.
    pub(crate) carried: FixedBitSet,
    /// Memoized subtrees recorded in this pass, in document order.
    pub(crate) memos: Vec<MemoRecord>,
    /// Memoized bodies being recorded, innermost last.
    pub(crate) memo_stack: Vec<ActiveMemo>,
    /// Counts reads a memoized body cannot be carried over across.
    pub(crate) volatile: std::cell::Cell<u64>,
    /// Counts `set_cursor` calls.
    pub(crate) cursor_sets: u64,
    /// The last memo stamp handed out (carried from frame to frame).
    pub(crate) stamps: u64,
    /// Where this render claimed the application layer.
    pub(crate) paint: PaintMap,
    /// Where the previous render claimed it: what this one must blank if
    /// it does not claim it too.
    previous_paint: Option<PaintMap>,
    /// Cells of the application layer changed since the last commit.
    damage: Damage,
    /// Allocations handed on to the next frame.
    spare: Spare,
    /// Memoized bodies this render ran.
    pub(crate) bodies_run: u64,
    /// Memoized bodies this render carried over without running them.
    pub(crate) bodies_carried: u64,
    /// Nodes memoized bodies recorded that code outside those bodies read
    /// or changed in this render (see `touch`).
    pub(crate) touched_from_outside: std::cell::RefCell<Vec<NodeIdx>>,
    /// A buffer of the viewport's size widgets draw on (see `draw`).
    scratch: Option<Buffer>,
    /// The last hit test on this frame: the cell and what it reached.
    pub(crate) last_hit: std::cell::Cell<Option<(i32, i32, Option<NodeIdx>)>>,
}

/// Allocations a frame hands on to the next one.
#[derive(Default)]
struct Spare {
    memos: Vec<MemoRecord>,
    memo_index: FxHashMap<MemoKey, usize>,
    paint: Option<PaintMap>,
    carried: FixedBitSet,
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
        let mut sibling_counters = FxHashMap::default();
        let mut used_scopes = rustc_hash::FxHashSet::default();
        let mut stamps = 0;
        if let Some(previous) = previous.as_mut() {
            let old = &mut previous.frame;
            spare = std::mem::take(&mut old.spare);
            stamps = old.stamps;
            sibling_counters = std::mem::take(&mut old.sibling_counters);
            sibling_counters.clear();
            used_scopes = std::mem::take(&mut old.used_scopes);
            used_scopes.clear();
            let buffer = std::mem::take(&mut old.layers[0].buffer);
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
        let Spare { mut memos, memo_index, paint, mut carried, scratch: spare_scratch } = spare;
        carried.clear();
        carried.grow(previous.as_ref().map_or(0, |previous| previous.frame.memos.len()));
        memos.clear();
        if let Some(previous) = previous.as_mut() {
            previous.index = memo_index;
        }
        Self {
            viewport,
            now,
            nodes,
            layers: vec![Layer { buffer, root: Some(ROOT), modal: false }],
            current_layer: 0,
            parents: vec![ParentSlot::Node(ROOT)],
            surfaces: vec![Surface { dx: 0, dy: 0, clip: Bounds::from(viewport) }],
            pending_portal: Vec::new(),
            bindings: Vec::new(),
            effects: Effects::default(),
            states,
            interaction,
            key_scopes: Vec::new(),
            sibling_counters,
            key_errors: Vec::new(),
            component_area: None,
            cursor: None,
            composited: false,
            removed_components: Vec::new(),
            used_scopes,
            duplicate: false,
            invalid_id: false,
            memoize,
            previous,
            shared_arena,
            carried,
            memos,
            memo_stack: Vec::new(),
            volatile: std::cell::Cell::new(0),
            cursor_sets: 0,
            stamps,
            paint: PaintMap::new(viewport.height, paint),
            previous_paint,
            damage,
            spare: Spare::default(),
            last_hit: std::cell::Cell::new(None),
            scratch: spare_scratch,
            touched_from_outside: std::cell::RefCell::default(),
            bodies_run: 0,
            bodies_carried: 0,
        }
    }

    /// Whether the next frame may carry this one's memoized subtrees over:
    /// a frame that failed on its keys is rendered afresh, so the failure is
    /// found again (or fixed) rather than carried along.
    fn may_be_carried_over(&self) -> bool {
        self.key_errors.is_empty() && !self.duplicate
    }

    /// Notes paint on the application layer at `area` (screen cells): a
    /// finished memoized body painted over is not carried over next time.
    fn note_paint(&mut self, area: Bounds) {
        let active = &self.memo_stack;
        let mut covered = Vec::new();
        covered
            .extend(self.paint.memos_under(area, |memo| active.iter().any(|a| a.record == memo)));
        for memo in covered {
            // A carried-over record's inner ones have no paint of their own.
            let inner = memo + 1..memo + 1 + self.memos[memo].inner;
            for at in std::iter::once(memo).chain(inner) {
                if at == memo || !self.memos[at].cells.intersection(area).is_empty() {
                    self.memos[at].painted_over = true;
                    // What is drawn over its nodes may be what names them.
                    self.restamp(at);
                }
            }
        }
        self.paint.paint(area, None);
    }

    /// Blanks the cells of `area` (screen cells) this render has not claimed
    /// yet — they still show the previous frame — marking what changed.
    pub(crate) fn blank_unclaimed(&mut self, area: Bounds) {
        let buffer = &mut self.layers[0].buffer;
        let (content, damage) = (&mut buffer.content, &mut self.damage);
        let width = usize::from(buffer.area.width);
        self.paint
            .unclaimed(area, |row, left, right| blank(content, damage, width, row, left, right));
    }

    /// Blanks the cells of `area` this render has not claimed yet, for a
    /// widget about to draw there. The caller marks the whole area changed,
    /// so unlike [`blank_unclaimed`](Self::blank_unclaimed) this resets
    /// without comparing each cell (that costs ~10% of a click step).
    fn clear_for_drawing(&mut self, area: Bounds) {
        let content = &mut self.layers[0].buffer.content;
        let width = usize::from(self.viewport.width);
        self.paint.unclaimed(area, |row, left, right| {
            let clamp = |at: i32| usize::try_from(at).unwrap_or(0).min(width);
            let start = row * width;
            content[start + clamp(left)..start + clamp(right)].iter_mut().for_each(Cell::reset);
        });
    }

    /// Ends drawing: cells the previous frame drew and this one never
    /// claimed are blanked, as on a fresh buffer. Hands the previous frame's
    /// allocations on.
    pub(crate) fn finish_drawing(&mut self) {
        if let Some(previous) = self.previous_paint.take() {
            let buffer = &mut self.layers[0].buffer;
            let width = usize::from(buffer.area.width);
            let (content, damage) = (&mut buffer.content, &mut self.damage);
            self.paint.released(&previous, |row, left, right| {
                blank(content, damage, width, row, left, right);
            });
            self.spare.paint = Some(previous);
        }
        self.forget_memos_touched_from_outside();
        if let Some(previous) = self.previous.take() {
            let mut old = previous.frame;
            self.spare.memos = std::mem::take(&mut old.memos);
            self.spare.memo_index = previous.index;
            self.spare.memo_index.clear();
            self.spare.carried = std::mem::take(&mut old.carried);
        }
        self.spare.scratch = self.scratch.take();
        #[cfg(debug_assertions)]
        self.check_unclaimed_cells_are_blank();
    }

    /// Debug builds check what keeping the buffer across frames relies on:
    /// a cell this render did not claim is blank, as on a fresh buffer.
    #[cfg(debug_assertions)]
    fn check_unclaimed_cells_are_blank(&self) {
        let buffer = &self.layers[0].buffer;
        let width = usize::from(buffer.area.width);
        self.paint.unclaimed(Bounds::from(buffer.area), |row, left, right| {
            for column in usize::try_from(left).unwrap_or(0)..usize::try_from(right).unwrap_or(0) {
                assert!(
                    buffer.content[row * width + column] == BLANK,
                    "cell {column},{row} was claimed by no widget in this frame but is not blank"
                );
            }
        });
    }

    /// Indexes a node by its key, noting a key seen twice.
    pub(crate) fn index_key(&mut self, key: NodeKey, idx: NodeIdx) {
        if self.nodes.index_key(key, idx).is_some() {
            self.duplicate = true;
        }
    }

    /// The key scope nodes opened directly under `parent` are in now.
    pub(crate) fn scope_under(&self, parent: NodeIdx) -> u64 {
        self.key_scopes
            .iter()
            .rev()
            .find(|(owner, _)| *owner == parent)
            .map_or(0, |(_, scope)| *scope)
    }

    /// How many nodes were opened under `parent` in key scope `scope`.
    pub(crate) fn sibling_count(&self, parent: NodeIdx, scope: u64) -> usize {
        self.sibling_counters.get(&(parent, scope)).copied().unwrap_or(0)
    }

    pub(crate) fn set_sibling_count(&mut self, parent: NodeIdx, scope: u64, count: usize) {
        self.sibling_counters.insert((parent, scope), count);
    }

    pub(crate) fn surface(&self) -> Surface {
        *self.surfaces.last().expect("the viewport surface is never popped")
    }

    fn current_parent(&self) -> ParentSlot {
        self.parents.last().cloned().expect("the root parent is never popped")
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
        node.layer = self.current_layer;
        node.owner = owner.clone();
        node.overlay_order = overlay_order;
        node.in_memo = !self.memo_stack.is_empty();
        self.nodes.push(node);
        match parent {
            Some(parent) => self.nodes[parent].children.push(idx),
            None => {
                self.layers[self.current_layer].root = Some(idx);
                let top = self.parents.len() - 1;
                self.parents[top] = ParentSlot::Node(idx);
            }
        }
        // A hoisted overlay root also replaced the portal slot above, so it
        // stays the parent of later top-level content in the overlay.
        self.parents.push(ParentSlot::Node(idx));
        idx
    }

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
            let counter = self.sibling_counters.entry((anchor, OVERLAY_SCOPE)).or_insert(0);
            let index = *counter;
            *counter += 1;
            return self.nodes[anchor].key.child(OVERLAY_SCOPE, index);
        };
        let scope = self.scope_under(parent_idx);
        let counter = self.sibling_counters.entry((parent_idx, scope)).or_insert(0);
        let index = *counter;
        *counter += 1;
        self.nodes[parent_idx].key.child(scope, index)
    }

    /// Draws with ratatui at `area` (virtual coordinates), changing only
    /// the cells of `area` the current surface shows (with `Clip::Trusted`,
    /// a widget known to stay inside its area draws on the layer at once):
    /// not at all when hidden.
    pub(crate) fn draw(&mut self, area: Rect, clip: Clip, render: impl FnOnce(Rect, &mut Buffer)) {
        let surface = self.surface();
        let screen = surface.to_screen(area);
        let visible = screen.intersection(surface.clip);
        if visible.is_empty() || screen.is_empty() {
            return;
        }
        if self.current_layer == 0 {
            self.clear_for_drawing(visible);
            self.note_paint(visible);
            self.damage.mark_area(visible, self.viewport.width);
        }
        if clip == Clip::Trusted
            && visible == screen
            && let Some(rect) = screen.to_rect()
        {
            render(rect, &mut self.layers[self.current_layer].buffer);
            return;
        }
        let viewport = self.viewport;
        let inside =
            |rect: &Rect| rect.right() <= viewport.right() && rect.bottom() <= viewport.bottom();
        if let (Some(rect), Some(shown)) = (screen.to_rect().filter(inside), visible.to_rect()) {
            // The widget draws on a scratch buffer that holds the cells it
            // may change, so what it draws anywhere else (past its area, or
            // past a clip) is dropped: a widget changes only its own cells.
            let mut scratch = match self.scratch.take() {
                Some(scratch) if scratch.area == viewport => scratch,
                _ => Buffer::empty(viewport),
            };
            let buffer = &mut self.layers[self.current_layer].buffer;
            swap_cells(buffer, &mut scratch, shown);
            render(rect, &mut scratch);
            swap_cells(buffer, &mut scratch, shown);
            self.scratch = Some(scratch);
            return;
        }
        // Laid out partly above or left of the screen (scrolled): drawn at
        // the origin of a buffer of its own, and copied through the clip.
        let buffer = &mut self.layers[self.current_layer].buffer;
        let scratch_area = Rect::new(0, 0, area.width, area.height);
        let mut scratch = Buffer::empty(scratch_area);
        render(scratch_area, &mut scratch);
        for row in visible.y..visible.bottom() {
            for col in visible.x..visible.right() {
                let (sx, sy) = ((col - screen.x) as u16, (row - screen.y) as u16);
                let (Ok(col), Ok(row)) = (u16::try_from(col), u16::try_from(row)) else { continue };
                if let (Some(source), Some(target)) =
                    (scratch.cell((sx, sy)), buffer.cell_mut((col, row)))
                {
                    *target = source.clone();
                }
            }
        }
    }

    /// Starts an overlay layer: content drawn until `end_overlay` paints
    /// above everything before it.
    pub(crate) fn begin_overlay(&mut self, facts: SemanticFacts, area: Rect, modal: bool) {
        self.layers.push(Layer {
            buffer: Buffer::filled(self.viewport, UNPAINTED),
            root: None,
            modal,
        });
        // Layer 0 is the application, so an overlay's layer is its stacking order.
        let layer = self.layers.len() - 1;
        let order = u32::try_from(layer).unwrap_or(u32::MAX);
        self.current_layer = layer;
        self.surfaces.push(Surface { dx: 0, dy: 0, clip: Bounds::from(self.viewport) });
        let anchor = self.current_node();
        self.pending_portal.push(PendingPortal { facts, area, order, anchor });
        self.parents.push(ParentSlot::Portal);
    }

    pub(crate) fn end_overlay(&mut self, previous_layer: usize, owner: &ComponentPath) {
        if matches!(self.parents.last(), Some(ParentSlot::Portal)) {
            // The content recorded no node: the portal's declaration is the node.
            let area = self.pending_portal.last().map(|portal| portal.area).unwrap_or_default();
            let idx = self.open_node(area, SemanticFacts::new(SemanticRole::Generic), owner);
            self.close_node(idx);
        }
        // Pop the slot the hoisted root left behind.
        if let Some(ParentSlot::Node(idx)) = self.parents.last()
            && self.nodes[*idx].overlay_order.is_some()
        {
            self.parents.pop();
        }
        self.surfaces.pop();
        self.current_layer = previous_layer;
    }

    /// Brings `committed` (the last committed frame's buffer) up to this
    /// frame: the application layer with every overlay painted over it, in
    /// stacking order. Copies only the rows that changed since the last
    /// commit when neither frame has overlays (`overlays_before` says
    /// whether the last committed one had).
    pub(crate) fn composite_into(&mut self, committed: &mut Buffer, overlays_before: bool) {
        self.composited = true;
        let app = &self.layers[0].buffer;
        if overlays_before || self.layers.len() > 1 || committed.area != app.area {
            committed.clone_from(app);
            self.paint_overlays(committed);
        } else {
            let width = usize::from(app.area.width);
            for (row, columns) in self.damage.changed() {
                let cells = row * width + columns.start..row * width + columns.end;
                committed.content[cells.clone()].clone_from_slice(&app.content[cells]);
            }
        }
        self.damage.clear();
        debug_assert!(
            *committed == self.composite_copy(),
            "the committed buffer missed a change the damage map did not record"
        );
    }

    /// The composited frame, leaving the layers in place (for a diagnostic
    /// snapshot of a frame that is not committed).
    pub(crate) fn composite_copy(&self) -> Buffer {
        let mut out = self.layers[0].buffer.clone();
        self.paint_overlays(&mut out);
        out
    }

    fn paint_overlays(&self, out: &mut Buffer) {
        for layer in &self.layers[1..] {
            for (target, source) in out.content.iter_mut().zip(&layer.buffer.content) {
                if source.symbol() != UNPAINTED.symbol() {
                    *target = source.clone();
                }
            }
        }
    }

    /// The text a node drew on its own layer inside its clipped bounds,
    /// box-drawing glyphs removed and whitespace collapsed.
    pub(crate) fn drawn_text(&self, idx: NodeIdx) -> String {
        let node = &self.nodes[idx];
        let buffer = &self.layers[node.layer].buffer;
        let mut text = String::new();
        let clip = node.clip;
        for row in clip.y..clip.bottom() {
            for col in clip.x..clip.right() {
                let (Ok(col), Ok(row)) = (u16::try_from(col), u16::try_from(row)) else { continue };
                if let Some(cell) = buffer.cell((col, row)) {
                    let symbol = cell.symbol();
                    if symbol == UNPAINTED.symbol() {
                        text.push(' ');
                    } else {
                        text.extend(symbol.chars().map(|c| if is_decoration(c) { ' ' } else { c }));
                    }
                }
            }
            text.push(' ');
        }
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }
}

/// Swaps the cells of `area` between two buffers of the same area.
fn swap_cells(a: &mut Buffer, b: &mut Buffer, area: Rect) {
    let width = usize::from(a.area.width);
    for row in area.top()..area.bottom() {
        let start = usize::from(row) * width + usize::from(area.x);
        let cells = start..start + usize::from(area.width);
        a.content[cells.clone()].swap_with_slice(&mut b.content[cells]);
    }
}

/// Blanks `left..right` (clamped to the row) of `row` in a buffer's
/// `content` of `width` columns, marking the cells that were not blank.
fn blank(
    content: &mut [Cell],
    damage: &mut Damage,
    width: usize,
    row: usize,
    left: i32,
    right: i32,
) {
    let clamp = |at: i32| usize::try_from(at).unwrap_or(0).min(width);
    let start = row * width;
    for (column, cell) in content[start + clamp(left)..start + clamp(right)].iter_mut().enumerate()
    {
        if *cell != BLANK {
            cell.reset();
            let column = clamp(left) + column;
            damage.mark(row, column, column + 1);
        }
    }
}

/// What a reset cell is.
const BLANK: Cell = Cell::EMPTY;

/// Box drawing, block elements and similar glyphs that frame content
/// rather than say anything.
fn is_decoration(c: char) -> bool {
    matches!(c, '\u{2500}'..='\u{259F}' | '\u{25A0}'..='\u{25FF}')
}

/// The portal's role, name and id move onto the hoisted content; a
/// declaration on the content itself wins. A content role of `generic` or
/// `group` is no declaration: those are what undeclared containers get.
fn hoist(portal: SemanticFacts, mut content: SemanticFacts) -> SemanticFacts {
    if matches!(content.role, SemanticRole::Generic | SemanticRole::Group) {
        content.role = portal.role;
        if content.actions.is_none() {
            content.actions = portal.actions;
        }
    }
    if content.name.is_none() && content.label.is_none() {
        content.name = portal.name;
        content.label = portal.label;
    }
    if content.automation_id.is_none() {
        content.automation_id = portal.automation_id;
    }
    content
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hoisting_moves_the_portal_declaration_and_content_wins() {
        let portal =
            SemanticFacts::new(SemanticRole::Dialog).name("Delete?").automation_id("confirm");
        let merged = hoist(portal.clone(), SemanticFacts::new(SemanticRole::Group));
        assert_eq!(merged.role, SemanticRole::Dialog);
        assert_eq!(merged.name.as_deref(), Some("Delete?"));
        assert_eq!(merged.automation_id.as_deref(), Some("confirm"));
        let own = SemanticFacts::new(SemanticRole::Alert).label("Careful").automation_id("mine");
        let merged = hoist(portal, own);
        assert_eq!(merged.role, SemanticRole::Alert);
        assert_eq!(merged.label.as_deref(), Some("Careful"));
        assert_eq!(merged.name, None);
        assert_eq!(merged.automation_id.as_deref(), Some("mine"));
    }
}
