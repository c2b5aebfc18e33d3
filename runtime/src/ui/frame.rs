//! `FrameBuilder`: what one render pass records — raw nodes, layers,
//! handlers, focus order, key bindings — and the clipped drawing underneath.

use rustc_hash::FxHashMap;

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;

use crate::clock::LogicalTime;
use crate::component::ComponentPath;
use crate::runtime::Effects;
use crate::semantic::{Bounds, SemanticFacts};
use crate::ui::event::{ErasedHandler, WidgetStates};
use crate::ui::memo::{ActiveMemo, MemoKey, MemoRecord, Previous};
use crate::ui::paint::PaintMap;
use crate::{KeyPress, SemanticRole};

/// Index of a raw node in the frame's arena. Internal: never public, never
/// serialized.
pub(crate) type NodeIdx = usize;

/// The root node of every frame: the synthetic application node.
pub(crate) const ROOT: NodeIdx = 0;

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
}

/// The key scope of overlay roots under their anchor node.
const OVERLAY_SCOPE: u64 = 0x6f76_6572_6c61_7973;

/// A key scope (`Ui::keyed`, nested components) as a hash.
pub(crate) fn scope_hash(kind: &[u8], key: &crate::component::Key) -> u64 {
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
    /// The memoized subtree this node is the only root of (an index into
    /// the frame's records).
    pub(crate) memo: Option<usize>,
}

/// The nodes of one frame, by index. A node the next frame carried over
/// is taken out, leaving a hole: moving it is cheaper than copying it, and
/// the hole costs nothing to drop. Only a frame that is no longer rendered
/// into has holes, and only its memo code looks at it.
#[derive(Default)]
pub(crate) struct RawNodes(Vec<Option<RawNode>>);

impl RawNodes {
    fn with_capacity(capacity: usize) -> Self {
        Self(Vec::with_capacity(capacity))
    }

    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    pub(crate) fn push(&mut self, node: RawNode) {
        self.0.push(Some(node));
    }

    /// Moves a node out (for the next frame).
    pub(crate) fn take(&mut self, idx: NodeIdx) -> Option<RawNode> {
        self.0.get_mut(idx)?.take()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &RawNode> {
        self.0.iter().flatten()
    }
}

impl std::ops::Index<NodeIdx> for RawNodes {
    type Output = RawNode;

    fn index(&self, idx: NodeIdx) -> &RawNode {
        self.0[idx].as_ref().expect("a node of the frame being read was not carried away")
    }
}

impl std::ops::IndexMut<NodeIdx> for RawNodes {
    fn index_mut(&mut self, idx: NodeIdx) -> &mut RawNode {
        self.0[idx].as_mut().expect("a node of the frame being read was not carried away")
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
    pub(crate) make: Box<dyn Fn() -> crate::runtime::Envelope>,
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
    pub(crate) nodes: RawNodes,
    pub(crate) layers: Vec<Layer>,
    pub(crate) current_layer: usize,
    pub(crate) parents: Vec<ParentSlot>,
    pub(crate) surfaces: Vec<Surface>,
    pub(crate) pending_portal: Vec<PendingPortal>,
    pub(crate) focus_order: Vec<NodeIdx>,
    pub(crate) bindings: Vec<Binding>,
    pub(crate) effects: Effects,
    pub(crate) states: WidgetStates,
    pub(crate) interaction: InteractionKeys,
    /// Key scopes (`Ui::keyed`, nested components): the segment prefix
    /// for nodes opened directly under a parent.
    pub(crate) key_scopes: Vec<(NodeIdx, u64)>,
    sibling_counters: FxHashMap<(NodeIdx, u64), usize>,
    /// Every node rendered in this pass, by key.
    pub(crate) keys: FxHashMap<NodeKey, NodeIdx>,
    /// Keys used twice under one parent (`Ui::nest`/`Ui::keyed`), reported at commit.
    pub(crate) key_errors: Vec<String>,
    /// The area the next nested component renders into.
    pub(crate) component_area: Option<Rect>,
    /// Where the terminal cursor goes, if a widget placed it.
    pub(crate) cursor: Option<(u16, u16)>,
    /// The layers were handed out by `take_composite`.
    pub(crate) composited: bool,
    /// Nested components unmounted during this pass.
    pub(crate) removed_components: Vec<ComponentPath>,
    /// `Ui::keyed` scopes opened in this pass, by parent node.
    pub(crate) used_scopes: rustc_hash::FxHashSet<(NodeIdx, u64)>,
    /// Two nodes with the same key (the same automation id), first seen.
    pub(crate) duplicate: Option<(NodeIdx, NodeIdx)>,
    /// A node was recorded with an id that breaks the id rules.
    pub(crate) invalid_id: bool,
    /// Whether memoized bodies may be carried over from the previous frame.
    pub(crate) memoize: bool,
    /// What the previous frame offers memoized bodies.
    pub(crate) previous: Option<Previous>,
    /// Memoized subtrees recorded in this pass, in document order.
    pub(crate) memos: Vec<MemoRecord>,
    pub(crate) memo_index: FxHashMap<MemoKey, usize>,
    /// Memoized bodies being recorded, innermost last.
    pub(crate) memo_stack: Vec<ActiveMemo>,
    /// Counts reads a memoized body cannot be carried over across.
    pub(crate) volatile: std::cell::Cell<u64>,
    /// Counts `set_cursor` calls.
    pub(crate) cursor_sets: u64,
    /// The last memo stamp handed out (carried from frame to frame).
    pub(crate) stamps: u64,
    /// Rows of the application layer that still show an older frame.
    pub(crate) stale_rows: Vec<bool>,
    /// Where this render painted the application layer.
    pub(crate) paint: PaintMap,
}

/// What a new frame starts from.
#[derive(Default)]
pub(crate) struct FrameStart {
    /// The previous frame and its cells, for memoized bodies.
    pub(crate) previous: Option<Previous>,
    /// A buffer of the viewport's size to draw the application into.
    pub(crate) buffer: Option<Buffer>,
    /// Whether memoized bodies may be carried over.
    pub(crate) memoize: bool,
}

impl FrameBuilder {
    pub(crate) fn new(
        viewport: Rect,
        now: LogicalTime,
        states: WidgetStates,
        interaction: InteractionKeys,
        start: FrameStart,
    ) -> Self {
        let FrameStart { mut previous, buffer, memoize } = start;
        // A recycled buffer still shows an old frame: each row is blanked
        // when first drawn on, or at the end of the render.
        let (buffer, stale_rows) = match buffer {
            Some(buffer) if buffer.area == viewport => (buffer, vec![true; viewport.height.into()]),
            _ => (Buffer::empty(viewport), Vec::new()),
        };
        // Reuse the previous frame's allocations.
        let recycled_paint =
            previous.as_mut().map(|previous| std::mem::take(&mut previous.frame.paint));
        let paint = PaintMap::new(viewport.height, recycled_paint);
        let (keys, nodes, stamps, sibling_counters, used_scopes) = match previous.as_mut() {
            Some(previous) => {
                let old = &mut previous.frame;
                let nodes = RawNodes::with_capacity(old.nodes.len());
                let mut keys = std::mem::take(&mut old.keys);
                keys.clear();
                let mut counters = std::mem::take(&mut old.sibling_counters);
                counters.clear();
                let mut scopes = std::mem::take(&mut old.used_scopes);
                scopes.clear();
                (keys, nodes, old.stamps, counters, scopes)
            }
            None => (
                FxHashMap::default(),
                RawNodes::default(),
                0,
                FxHashMap::default(),
                Default::default(),
            ),
        };
        let mut nodes = nodes;
        let root = RawNode {
            facts: SemanticFacts::new(SemanticRole::Application),
            layout: Bounds::from(viewport),
            clip: Bounds::from(viewport),
            parent: None,
            children: Vec::new(),
            layer: 0,
            key: NodeKey::ROOT,
            owner: ComponentPath::root(),
            focusable: false,
            handlers: Vec::new(),
            pointer: PointerPolicy::default(),
            inheritance: ClickInheritance::None,
            overlay_order: None,
            infer_name: false,
            drag_payload: None,
            memo: None,
        };
        nodes.push(root);
        Self {
            viewport,
            now,
            nodes,
            layers: vec![Layer { buffer, root: Some(ROOT), modal: false }],
            current_layer: 0,
            parents: vec![ParentSlot::Node(ROOT)],
            surfaces: vec![Surface { dx: 0, dy: 0, clip: Bounds::from(viewport) }],
            pending_portal: Vec::new(),
            focus_order: Vec::new(),
            bindings: Vec::new(),
            effects: Effects::default(),
            states,
            interaction,
            key_scopes: Vec::new(),
            sibling_counters,
            keys,
            key_errors: Vec::new(),
            component_area: None,
            cursor: None,
            composited: false,
            removed_components: Vec::new(),
            used_scopes,
            duplicate: None,
            invalid_id: false,
            memoize,
            previous,
            memos: Vec::new(),
            memo_index: FxHashMap::default(),
            memo_stack: Vec::new(),
            volatile: std::cell::Cell::new(0),
            cursor_sets: 0,
            stamps,
            stale_rows,
            paint,
        }
    }

    /// Notes paint on the application layer at `area` (screen cells): a
    /// finished memoized body painted over is not carried over next time.
    fn note_paint(&mut self, area: Bounds) {
        let active = &self.memo_stack;
        let records = &mut self.memos;
        for memo in self.paint.memos_under(area, |memo| active.iter().any(|a| a.record == memo)) {
            records[memo].painted_over = true;
        }
        self.paint.paint(area, None);
    }

    /// Blanks the rows of the application layer in `rows` that still show
    /// an older frame, before something draws on them.
    pub(crate) fn claim_rows(&mut self, rows: std::ops::Range<i32>) {
        let buffer = &mut self.layers[0].buffer;
        let width = usize::from(buffer.area.width);
        for row in rows {
            let Ok(row) = usize::try_from(row) else { continue };
            if let Some(stale) = self.stale_rows.get_mut(row)
                && std::mem::take(stale)
            {
                buffer.content[row * width..(row + 1) * width].iter_mut().for_each(Cell::reset);
            }
        }
    }

    /// Ends drawing: rows nothing drew on are blank.
    pub(crate) fn finish_drawing(&mut self) {
        let rows = i32::try_from(self.stale_rows.len()).unwrap_or(i32::MAX);
        self.claim_rows(0..rows);
    }

    /// Indexes a node by its key, noting the first key seen twice.
    pub(crate) fn index_key(&mut self, key: NodeKey, idx: NodeIdx) {
        if let Some(first) = self.keys.insert(key, idx)
            && self.duplicate.is_none()
        {
            self.duplicate = Some((first, idx));
        }
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
        self.nodes.push(RawNode {
            infer_name: facts.name.is_none() && facts.label.is_none(),
            facts,
            layout,
            clip,
            parent,
            children: Vec::new(),
            layer: self.current_layer,
            key,
            owner: owner.clone(),
            focusable: false,
            handlers: Vec::new(),
            pointer: PointerPolicy::default(),
            inheritance: ClickInheritance::None,
            overlay_order,
            drag_payload: None,
            memo: None,
        });
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
        let scope = self
            .key_scopes
            .iter()
            .rev()
            .find(|(owner, _)| *owner == parent_idx)
            .map(|(_, scope)| *scope)
            .unwrap_or(0);
        let counter = self.sibling_counters.entry((parent_idx, scope)).or_insert(0);
        let index = *counter;
        *counter += 1;
        self.nodes[parent_idx].key.child(scope, index)
    }

    /// The cells the next frame's memoized bodies copy from, when this frame
    /// kept them (it was not composited, or had overlays).
    pub(crate) fn take_application_cells(&mut self) -> Option<Buffer> {
        let buffer = std::mem::take(&mut self.layers[0].buffer);
        (!buffer.area.is_empty()).then_some(buffer)
    }

    /// Draws with ratatui at `area` (virtual coordinates), clipped to the
    /// current surface: directly when fully visible, through a scratch
    /// buffer when partly visible, not at all when hidden.
    pub(crate) fn draw(&mut self, area: Rect, render: impl FnOnce(Rect, &mut Buffer)) {
        let surface = self.surface();
        let screen = surface.to_screen(area);
        let visible = screen.intersection(surface.clip);
        if visible.is_empty() || screen.is_empty() {
            return;
        }
        if self.current_layer == 0 {
            self.claim_rows(visible.y..visible.bottom());
            self.note_paint(visible);
        }
        let buffer = &mut self.layers[self.current_layer].buffer;
        if visible == screen
            && let Some(rect) = screen.to_rect()
        {
            render(rect, buffer);
            return;
        }
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

    /// Paints every overlay over the application, in stacking order, and
    /// hands out the result. The layer buffers are spent afterwards: a
    /// frame is projected before it is composited, never after.
    pub(crate) fn take_composite(&mut self) -> Buffer {
        self.composited = true;
        if self.layers.len() > 1 {
            // The application layer stays: the next frame's memoized bodies
            // copy their cells from it, not from overlay paint.
            return self.composite_copy();
        }
        std::mem::take(&mut self.layers[0].buffer)
    }

    /// The composited frame, leaving the layers in place (for a diagnostic
    /// snapshot of a frame that is not committed).
    pub(crate) fn composite_copy(&self) -> Buffer {
        self.paint_overlays(self.layers[0].buffer.clone())
    }

    fn paint_overlays(&self, mut out: Buffer) -> Buffer {
        for layer in &self.layers[1..] {
            for (target, source) in out.content.iter_mut().zip(&layer.buffer.content) {
                if source.symbol() != UNPAINTED.symbol() {
                    *target = source.clone();
                }
            }
        }
        out
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
