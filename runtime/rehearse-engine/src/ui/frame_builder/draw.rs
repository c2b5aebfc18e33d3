//! Drawing: a widget changes only the visible cells of its own area.
//!
//! An app's widget or drawing closure draws on a scratch buffer of the
//! viewport's size into which exactly those cells are swapped (and swapped
//! back after), so whatever it draws past its area or past a clip is
//! dropped; a built-in widget, which stays inside its area, draws on the
//! layer at once when fully visible; one laid out partly above or left of
//! the screen draws at the origin of a buffer of its own that is copied
//! through the clip; one fully clipped is not drawn.
//!
//! The application layer's buffer is kept across renders. A render blanks a
//! cell the first time it claims it and, at its end, blanks the cells the
//! previous render claimed and this one did not — so the buffer always ends
//! as a fresh render on a blank buffer would — recording what changed as
//! [`Damage`].

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;

use super::FrameBuilder;
use crate::ui::paint::Damage;
use rehearse_core::semantic::Bounds;

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

impl FrameBuilder {
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
        let viewport = self.viewport();
        if self.layers.current() == 0 {
            self.clear_for_drawing(visible);
            self.note_paint(visible);
            self.damage.mark_area(visible, viewport.width);
        }
        if clip == Clip::Trusted
            && visible == screen
            && let Some(rect) = screen.to_rect()
        {
            render(rect, self.layers.current_buffer_mut());
            return;
        }
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
            let buffer = self.layers.current_buffer_mut();
            swap_cells(buffer, &mut scratch, shown);
            render(rect, &mut scratch);
            swap_cells(buffer, &mut scratch, shown);
            self.scratch = Some(scratch);
            return;
        }
        // Laid out partly above or left of the screen (scrolled): drawn at
        // the origin of a buffer of its own, and copied through the clip.
        let buffer = self.layers.current_buffer_mut();
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

    /// Blanks the cells of `area` (screen cells) this render has not claimed
    /// yet — they still show the previous frame — marking what changed.
    pub(in crate::ui) fn blank_unclaimed(&mut self, area: Bounds) {
        let buffer = self.layers.app_mut();
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
        let width = usize::from(self.viewport().width);
        let content = &mut self.layers.app_mut().content;
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
            let buffer = self.layers.app_mut();
            let width = usize::from(buffer.area.width);
            let (content, damage) = (&mut buffer.content, &mut self.damage);
            self.paint.released(&previous, |row, left, right| {
                blank(content, damage, width, row, left, right);
            });
            self.spare.paint = Some(previous);
        }
        self.forget_memos_touched_from_outside();
        self.memo.release_previous();
        self.spare.scratch = self.scratch.take();
        #[cfg(debug_assertions)]
        self.check_unclaimed_cells_are_blank();
    }

    /// Debug builds check what keeping the buffer across frames relies on:
    /// a cell this render did not claim is blank, as on a fresh buffer.
    #[cfg(debug_assertions)]
    fn check_unclaimed_cells_are_blank(&self) {
        let buffer = self.layers.app();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swapping_exchanges_exactly_the_cells_of_the_area() {
        let area = Rect::new(0, 0, 4, 2);
        let mut a = Buffer::filled(area, Cell::new("a"));
        let mut b = Buffer::filled(area, Cell::new("b"));
        swap_cells(&mut a, &mut b, Rect::new(1, 1, 2, 1));
        let row = |buffer: &Buffer, y| (0..4).map(|x| buffer[(x, y)].symbol()).collect::<String>();
        assert_eq!((row(&a, 0), row(&a, 1)), ("aaaa".into(), "abba".into()));
        assert_eq!((row(&b, 0), row(&b, 1)), ("bbbb".into(), "baab".into()));
    }

    #[test]
    fn blanking_marks_only_the_cells_that_were_not_blank() {
        let area = Rect::new(0, 0, 5, 1);
        let mut buffer = Buffer::empty(area);
        buffer.set_string(1, 0, "x", ratatui::style::Style::default());
        buffer.set_string(3, 0, "y", ratatui::style::Style::default());
        let mut damage = Damage::all(5, 1);
        damage.clear();
        // Clamped to the row: -2..4 is 0..4.
        blank(&mut buffer.content, &mut damage, 5, 0, -2, 4);
        assert_eq!(buffer, Buffer::empty(area));
        assert_eq!(damage.changed().collect::<Vec<_>>(), [(0, 1..4)]);
    }
}
