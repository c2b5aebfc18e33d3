//! Paint layers and compositing: layer 0 is the application, each overlay
//! (`Ui::overlay`) paints on a layer of its own above it, and a commit
//! composites them in stacking order.
//!
//! An overlay's buffer starts filled with a marker cell, so compositing
//! copies exactly the cells the overlay painted (including cells it
//! cleared). The application layer's buffer is kept across renders; when
//! neither the last committed frame nor this one has overlays, a commit
//! copies only the cells that changed ([`Damage`]).

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;

use super::arena::ROOT;
use super::node::NodeIdx;
use super::paint::Damage;
use rehearse_core::semantic::Bounds;

/// A cell no overlay drew on. Overlay layers start filled with it, so
/// compositing copies exactly the cells an overlay painted (including cells
/// it cleared).
const UNPAINTED: Cell = Cell::new("\u{FFFF}");

/// One paint layer: the application, or one overlay.
struct Layer {
    buffer: Buffer,
    /// The node the layer's content hangs from (an overlay's is its first
    /// node, once recorded).
    root: Option<NodeIdx>,
    /// Blocks input to and focus in the layers beneath it.
    modal: bool,
}

/// The layers of one frame, in stacking order, and the one being drawn on.
pub(crate) struct Layers {
    layers: Vec<Layer>,
    current: usize,
}

impl Layers {
    /// The application layer alone, drawn on `app` (rooted at the root).
    pub(super) fn new(app: Buffer) -> Self {
        Self { layers: vec![Layer { buffer: app, root: Some(ROOT), modal: false }], current: 0 }
    }

    /// The layer being drawn on: 0 for the application, an overlay's
    /// stacking order for an overlay.
    pub(crate) fn current(&self) -> usize {
        self.current
    }

    /// Makes `layer` the one drawn on (back to the one around an overlay).
    pub(super) fn set_current(&mut self, layer: usize) {
        self.current = layer;
    }

    /// How many layers there are, the application's included.
    pub(crate) fn count(&self) -> usize {
        self.layers.len()
    }

    /// Whether an overlay is open.
    pub(crate) fn has_overlays(&self) -> bool {
        self.layers.len() > 1
    }

    /// The root of `layer`, if it has one yet.
    pub(crate) fn root(&self, layer: usize) -> Option<NodeIdx> {
        self.layers[layer].root
    }

    /// Makes `idx` the root of the layer being drawn on.
    pub(super) fn set_current_root(&mut self, idx: NodeIdx) {
        self.layers[self.current].root = Some(idx);
    }

    /// The roots of the layers from `from` up, in stacking order.
    pub(crate) fn roots_from(&self, from: usize) -> impl DoubleEndedIterator<Item = NodeIdx> + '_ {
        self.layers[from..].iter().filter_map(|layer| layer.root)
    }

    /// The roots of the layers from `from` up, in stacking order, each with
    /// its layer.
    pub(crate) fn roots_with_layers_from(
        &self,
        from: usize,
    ) -> impl Iterator<Item = (usize, NodeIdx)> + '_ {
        self.layers.iter().enumerate().skip(from).filter_map(|(at, layer)| Some((at, layer.root?)))
    }

    /// The roots of every layer, topmost first, each with whether it is
    /// modal (nothing beneath a modal layer takes the pointer).
    pub(crate) fn top_down(&self) -> impl Iterator<Item = (Option<NodeIdx>, bool)> + '_ {
        self.layers.iter().rev().map(|layer| (layer.root, layer.modal))
    }

    /// The lowest layer that takes input: the topmost modal one, else the
    /// application.
    pub(crate) fn modal_floor(&self) -> usize {
        self.layers.iter().rposition(|layer| layer.modal).unwrap_or(0)
    }

    /// Whether `layer` was opened as modal.
    pub(crate) fn is_modal(&self, layer: usize) -> bool {
        self.layers.get(layer).is_some_and(|layer| layer.modal)
    }

    /// How many modal layers are open.
    pub(crate) fn modal_count(&self) -> usize {
        self.layers.iter().filter(|layer| layer.modal).count()
    }

    /// Opens an overlay above every layer so far, its buffer of `viewport`
    /// size unpainted, and draws on it. Returns its layer (its stacking
    /// order).
    pub(super) fn open_overlay(&mut self, viewport: Rect, modal: bool) -> usize {
        self.layers.push(Layer { buffer: Buffer::filled(viewport, UNPAINTED), root: None, modal });
        self.current = self.layers.len() - 1;
        self.current
    }

    /// The buffer of the layer being drawn on.
    pub(super) fn current_buffer_mut(&mut self) -> &mut Buffer {
        &mut self.layers[self.current].buffer
    }

    /// The application layer's buffer (read by debug builds' checks).
    #[cfg(any(debug_assertions, test))]
    pub(super) fn app(&self) -> &Buffer {
        &self.layers[0].buffer
    }

    /// The application layer's buffer, to change.
    pub(super) fn app_mut(&mut self) -> &mut Buffer {
        &mut self.layers[0].buffer
    }

    /// Takes the application layer's buffer (for the next frame to keep).
    pub(super) fn take_app(&mut self) -> Buffer {
        std::mem::take(&mut self.layers[0].buffer)
    }

    /// Brings `committed` (the last committed frame's buffer) up to this
    /// frame: the application layer with every overlay painted over it, in
    /// stacking order. Copies only the cells `damage` holds (and clears it)
    /// when neither frame has overlays (`overlays_before` says whether the
    /// last committed one had).
    pub(super) fn composite_into(
        &self,
        committed: &mut Buffer,
        overlays_before: bool,
        damage: &mut Damage,
    ) -> Option<Vec<u16>> {
        let app = &self.layers[0].buffer;
        let mut rows = None;
        if overlays_before || self.has_overlays() || committed.area != app.area {
            committed.clone_from(app);
            self.paint_overlays(committed);
        } else {
            let width = usize::from(app.area.width);
            let mut changed = Vec::new();
            for (row, columns) in damage.changed() {
                let cells = row * width + columns.start..row * width + columns.end;
                committed.content[cells.clone()].clone_from_slice(&app.content[cells]);
                changed.push(u16::try_from(row).unwrap_or(u16::MAX));
            }
            rows = Some(changed);
        }
        damage.clear();
        debug_assert!(
            *committed == self.composite_copy(),
            "the committed buffer missed a change the damage map did not record"
        );
        rows
    }

    /// The composited frame, leaving the layers in place.
    pub(super) fn composite_copy(&self) -> Buffer {
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

    /// The text drawn on `layer` inside `clip`, box-drawing glyphs removed
    /// and whitespace collapsed (cells an overlay did not paint are blank).
    pub(super) fn drawn_text(&self, layer: usize, clip: Bounds) -> String {
        let buffer = &self.layers[layer].buffer;
        let mut text = String::new();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn area() -> Rect {
        Rect::new(0, 0, 6, 2)
    }

    fn app(text: &str) -> Buffer {
        let mut buffer = Buffer::empty(area());
        buffer.set_string(0, 0, text, ratatui::style::Style::default());
        buffer
    }

    #[test]
    fn an_overlay_covers_only_the_cells_it_painted_and_stacks_in_order() {
        let mut layers = Layers::new(app("abcdef"));
        assert_eq!((layers.count(), layers.current(), layers.has_overlays()), (1, 0, false));
        assert_eq!(layers.open_overlay(area(), false), 1);
        layers.current_buffer_mut().set_string(1, 0, "XY", ratatui::style::Style::default());
        // A cell it cleared counts as painted.
        layers.current_buffer_mut()[(4, 0)].reset();
        assert_eq!(layers.open_overlay(area(), false), 2);
        layers.current_buffer_mut().set_string(2, 0, "Z", ratatui::style::Style::default());
        let out = layers.composite_copy();
        let row: String = (0..6).map(|col| out[(col, 0)].symbol().to_owned()).collect();
        assert_eq!(row, "aXZd f");
        assert_eq!(layers.drawn_text(1, Bounds::new(0, 0, 6, 1)), "XY");
        assert_eq!(layers.drawn_text(0, Bounds::new(0, 0, 6, 2)), "abcdef");
    }

    #[test]
    fn without_overlays_a_commit_copies_only_the_damaged_cells() {
        let mut layers = Layers::new(app("abcdef"));
        let mut committed = Buffer::empty(area());
        let mut damage = Damage::all(6, 2);
        layers.composite_into(&mut committed, false, &mut damage);
        assert_eq!(committed, layers.composite_copy());
        layers.app_mut().set_string(0, 1, "new", ratatui::style::Style::default());
        let mut damage = Damage::all(6, 2);
        damage.clear();
        damage.mark(1, 0, 3);
        layers.composite_into(&mut committed, false, &mut damage);
        assert_eq!(committed, *layers.app());
        assert_eq!(damage.changed().count(), 0, "cleared");
    }

    #[test]
    fn the_topmost_modal_layer_is_the_floor_of_input() {
        let mut layers = Layers::new(app(""));
        assert_eq!((layers.modal_floor(), layers.modal_count()), (0, 0));
        layers.open_overlay(area(), true);
        layers.set_current_root(7);
        layers.open_overlay(area(), false);
        assert_eq!((layers.modal_floor(), layers.modal_count()), (1, 1));
        layers.set_current(0);
        assert_eq!(layers.current(), 0);
        assert_eq!(layers.roots_from(0).collect::<Vec<_>>(), [ROOT, 7]);
        assert_eq!(layers.roots_from(1).collect::<Vec<_>>(), [7]);
        let top: Vec<_> = layers.top_down().collect();
        assert_eq!(top, [(None, false), (Some(7), true), (Some(ROOT), false)]);
    }

    #[test]
    fn decoration_is_not_text() {
        let mut layers = Layers::new(app("│ok─┐"));
        layers.app_mut().set_string(0, 1, " x ", ratatui::style::Style::default());
        assert_eq!(layers.drawn_text(0, Bounds::new(0, 0, 6, 2)), "ok x");
    }
}
