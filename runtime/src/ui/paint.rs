//! Which cells of the application layer a render painted, and where
//! memoized bodies painted: a carried-over body reuses its cells only when
//! they are its own — nothing was painted beneath it before it, nothing
//! painted over it after it.

use crate::semantic::Bounds;

/// A painted stretch of one row.
#[derive(Debug, Clone, Copy)]
struct Span {
    left: i32,
    right: i32,
    /// The memoized body whose cells these are (its whole area), or `None`
    /// for ordinary paint.
    memo: Option<usize>,
}

/// Painted stretches, by screen row.
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

    /// The spans overlapping `area`.
    fn spans(&self, area: Bounds) -> impl Iterator<Item = &Span> + '_ {
        let top = usize::try_from(area.y.max(0)).unwrap_or(0);
        let bottom = usize::try_from(area.bottom().max(0)).unwrap_or(0).min(self.rows.len());
        self.rows
            .get(top..bottom.max(top))
            .unwrap_or_default()
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
        self.spans(area).filter_map(move |span| span.memo.filter(|&memo| !except(memo)))
    }

    /// Records ordinary paint, or a memoized body's cells.
    pub(crate) fn paint(&mut self, area: Bounds, memo: Option<usize>) {
        if area.is_empty() {
            return;
        }
        let top = usize::try_from(area.y.max(0)).unwrap_or(0);
        let bottom = usize::try_from(area.bottom().max(0)).unwrap_or(0).min(self.rows.len());
        for row in self.rows.get_mut(top..bottom.max(top)).unwrap_or_default() {
            row.push(Span { left: area.x, right: area.right(), memo });
        }
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
}
