//! Which cells of the application layer a render painted, and where
//! memoized bodies painted.
//!
//! The application layer's buffer is kept from frame to frame, so a body
//! carried over finds its cells already in place. The map says which cells
//! the current render has already claimed: a cell it draws on for the first
//! time still shows the previous frame and is blanked first, and a cell the
//! previous frame painted that this one never claims is blanked at the end —
//! so the buffer always ends as a fresh render on a blank buffer would.
//!
//! It also says whether a carried-over body's cells are its own: nothing
//! painted beneath it before it, nothing painted over it after it.

use rehearse_core::semantic::Bounds;

/// What a span of a row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SpanKind {
    /// Ordinary paint.
    Paint,
    /// The whole area of the memoized body with this record index.
    Memo(usize),
}

/// A claimed stretch of one row.
#[derive(Debug, Clone, Copy)]
struct Span {
    left: i32,
    right: i32,
    kind: SpanKind,
}

/// Claimed stretches, by screen row.
#[derive(Debug, Default)]
pub(crate) struct PaintMap {
    rows: Vec<Vec<Span>>,
}

impl PaintMap {
    /// An empty map for `height` rows, reusing `recycled`'s allocations.
    pub(crate) fn new(height: u16, recycled: Option<Self>) -> Self {
        let mut rows = recycled.map(|map| map.rows).unwrap_or_default();
        rows.iter_mut().for_each(Vec::clear);
        rows.resize_with(height.into(), Vec::new);
        Self { rows }
    }

    /// The rows `area` covers, as indices into `rows`.
    fn row_range(&self, area: Bounds) -> std::ops::Range<usize> {
        let top = usize::try_from(area.y.max(0)).unwrap_or(0).min(self.rows.len());
        let bottom = usize::try_from(area.bottom().max(0)).unwrap_or(0).min(self.rows.len());
        top..bottom.max(top)
    }

    /// The spans overlapping `area`.
    fn spans(&self, area: Bounds) -> impl Iterator<Item = &Span> + '_ {
        self.rows[self.row_range(area)]
            .iter()
            .flatten()
            .filter(move |span| span.left < area.right() && area.x < span.right)
    }

    /// Whether anything painted inside `area` already.
    pub(crate) fn is_painted(&self, area: Bounds) -> bool {
        self.spans(area).next().is_some()
    }

    /// The memoized bodies, other than `except`, whose cells `area`
    /// overlaps.
    pub(crate) fn memos_under<'a>(
        &'a self,
        area: Bounds,
        except: impl Fn(usize) -> bool + 'a,
    ) -> impl Iterator<Item = usize> + 'a {
        self.spans(area).filter_map(move |span| match span.kind {
            SpanKind::Memo(memo) if !except(memo) => Some(memo),
            _ => None,
        })
    }

    /// Records ordinary paint, or a memoized body's cells.
    pub(crate) fn paint(&mut self, area: Bounds, memo: Option<usize>) {
        let kind = memo.map_or(SpanKind::Paint, SpanKind::Memo);
        if area.is_empty() {
            return;
        }
        let rows = self.row_range(area);
        for row in &mut self.rows[rows] {
            row.push(Span { left: area.x, right: area.right(), kind });
        }
    }

    /// Calls `gap(row, left, right)` for each stretch of `area` this map has
    /// not claimed yet.
    pub(crate) fn unclaimed(&self, area: Bounds, mut gap: impl FnMut(usize, i32, i32)) {
        if area.is_empty() {
            return;
        }
        let rows = self.row_range(area);
        for (row, spans) in self.rows[rows.clone()].iter().enumerate() {
            gaps(spans, area.x, area.right(), |left, right| gap(rows.start + row, left, right));
        }
    }

    /// Calls `gap(row, left, right)` for each stretch `previous` claimed that
    /// this map does not: cells the previous frame drew that this one never
    /// touched.
    pub(crate) fn released(&self, previous: &Self, mut gap: impl FnMut(usize, i32, i32)) {
        let (mut now, mut before) = (Vec::new(), Vec::new());
        for (row, (spans, spans_before)) in self.rows.iter().zip(&previous.rows).enumerate() {
            // Usually a row claims what it claimed before, in the same order.
            let same = |a: &[Span], b: &[Span]| {
                a.len() == b.len()
                    && a.iter().zip(b).all(|(a, b)| (a.left, a.right) == (b.left, b.right))
            };
            if spans_before.is_empty() || same(spans, spans_before) {
                continue;
            }
            coverage(spans, &mut now);
            coverage(spans_before, &mut before);
            if now != before {
                for &(left, right) in &before {
                    gaps(spans, left, right, |left, right| gap(row, left, right));
                }
            }
        }
    }
}

/// The cells of the application layer changed since the last commit: one
/// stretch of columns per row (a scrollbar redrawn down the side of a list
/// marks one column of each row, not whole rows).
#[derive(Debug, Clone, Default)]
pub(crate) struct Damage {
    /// `left..right` per row; empty when the row is unchanged.
    rows: Vec<std::ops::Range<usize>>,
}

impl Damage {
    /// Every cell of a `width` × `height` area changed.
    pub(crate) fn all(width: u16, height: u16) -> Self {
        Self { rows: vec![0..usize::from(width); usize::from(height)] }
    }

    /// Marks `left..right` of `row` changed.
    pub(crate) fn mark(&mut self, row: usize, left: usize, right: usize) {
        if let Some(changed) = self.rows.get_mut(row)
            && left < right
        {
            *changed = if changed.start >= changed.end {
                left..right
            } else {
                changed.start.min(left)..changed.end.max(right)
            };
        }
    }

    /// Marks the cells of `area` (screen cells, clipped to `width`) changed.
    pub(crate) fn mark_area(&mut self, area: Bounds, width: u16) {
        let clamp = |at: i32| usize::try_from(at.max(0)).unwrap_or(0);
        let (left, right) = (clamp(area.x), clamp(area.right()).min(usize::from(width)));
        for row in clamp(area.y)..clamp(area.bottom()).min(self.rows.len()) {
            self.mark(row, left, right);
        }
    }

    /// The changed stretch of each row that has one.
    pub(crate) fn changed(&self) -> impl Iterator<Item = (usize, std::ops::Range<usize>)> + '_ {
        self.rows
            .iter()
            .enumerate()
            .filter(|(_, columns)| columns.start < columns.end)
            .map(|(row, columns)| (row, columns.clone()))
    }

    /// Forgets every change (after a commit copied them).
    pub(crate) fn clear(&mut self) {
        self.rows.iter_mut().for_each(|range| *range = 0..0);
    }
}

/// The stretches `spans` cover, sorted and merged, into `out`.
fn coverage(spans: &[Span], out: &mut Vec<(i32, i32)>) {
    out.clear();
    out.extend(spans.iter().map(|span| (span.left, span.right)));
    out.sort_unstable();
    let mut merged = 0_usize;
    for at in 0..out.len() {
        let (left, right) = out[at];
        match merged.checked_sub(1).map(|last| &mut out[last]) {
            Some(last) if left <= last.1 => last.1 = last.1.max(right),
            _ => {
                out[merged] = (left, right);
                merged += 1;
            }
        }
    }
    out.truncate(merged);
}

/// Calls `gap` for each stretch of `left..right` no span covers.
fn gaps(spans: &[Span], left: i32, right: i32, mut gap: impl FnMut(i32, i32)) {
    let mut at = left;
    while at < right {
        let covered = spans
            .iter()
            .filter(|span| span.left <= at && at < span.right)
            .map(|span| span.right)
            .max();
        if let Some(end) = covered {
            at = end;
            continue;
        }
        let next = spans
            .iter()
            .filter(|span| span.left > at && span.left < right)
            .map(|span| span.left)
            .min()
            .unwrap_or(right);
        gap(at, next);
        at = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_is_found_by_row_and_column() {
        let mut map = PaintMap::new(10, None);
        map.paint(Bounds::new(0, 2, 10, 1), Some(3));
        map.paint(Bounds::new(20, 2, 5, 2), None);
        assert!(map.is_painted(Bounds::new(5, 2, 1, 1)));
        assert!(!map.is_painted(Bounds::new(10, 2, 10, 1)), "touching is not overlapping");
        assert!(map.is_painted(Bounds::new(22, 3, 1, 1)));
        assert!(!map.is_painted(Bounds::new(0, 4, 30, 5)));
        assert_eq!(map.memos_under(Bounds::new(0, 0, 80, 10), |_| false).collect::<Vec<_>>(), [3]);
        assert_eq!(map.memos_under(Bounds::new(0, 0, 80, 10), |memo| memo == 3).count(), 0);
        let reused = PaintMap::new(4, Some(map));
        assert!(!reused.is_painted(Bounds::new(0, 0, 80, 4)));
    }

    #[test]
    fn unclaimed_stretches_skip_every_span() {
        let mut map = PaintMap::new(2, None);
        map.paint(Bounds::new(2, 0, 3, 1), None);
        map.paint(Bounds::new(4, 0, 2, 1), Some(0));
        map.paint(Bounds::new(9, 0, 1, 2), None);
        let mut gaps = Vec::new();
        map.unclaimed(Bounds::new(0, 0, 12, 2), |row, left, right| gaps.push((row, left, right)));
        assert_eq!(gaps, [(0, 0, 2), (0, 6, 9), (0, 10, 12), (1, 0, 9), (1, 10, 12)]);
    }

    #[test]
    fn damage_keeps_one_stretch_per_row() {
        let mut damage = Damage::all(0, 3);
        damage.clear();
        damage.mark_area(Bounds::new(79, -2, 1, 4), 80);
        damage.mark(0, 10, 20);
        damage.mark_area(Bounds::new(5, 2, 100, 5), 80);
        let changed: Vec<_> = damage.changed().collect();
        assert_eq!(changed, [(0, 10..80), (1, 79..80), (2, 5..80)]);
    }

    #[test]
    fn released_stretches_are_what_the_previous_frame_claimed_alone() {
        let mut before = PaintMap::new(2, None);
        before.paint(Bounds::new(0, 0, 10, 1), Some(1));
        before.paint(Bounds::new(3, 1, 4, 1), None);
        let mut now = PaintMap::new(2, None);
        now.paint(Bounds::new(2, 0, 3, 1), None);
        now.paint(Bounds::new(8, 0, 5, 1), Some(2));
        let mut released = Vec::new();
        now.released(&before, |row, left, right| released.push((row, left, right)));
        assert_eq!(released, [(0, 0, 2), (0, 5, 8), (1, 3, 7)]);
    }
}
