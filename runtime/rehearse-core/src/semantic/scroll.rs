//! Where a scrollable node stands: its scroll offset and extent.

use std::fmt;

/// How far a scrollable node (a scroll view, a list, a table, a scrollbar)
/// is scrolled, in the units of its content — rows for one that scrolls
/// vertically, items for a list of taller items, whatever a ratatui
/// `ScrollbarState` counts for a scrollbar.
///
/// `offset` is how many units lie before the first one shown (0 at the
/// top); `extent` is the content's whole length in the same units. Both
/// are what the widget itself keeps: a node publishes them only when its
/// widget knows them, never from what was drawn. A node that scrolls both
/// ways publishes the axis its widget scrolls by.
///
/// ```
/// use rehearse_core::semantic::ScrollPosition;
/// let position = ScrollPosition::new(3, 20);
/// assert_eq!((position.offset, position.extent), (3, 20));
/// assert_eq!(position.to_string(), "3 of 20");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ScrollPosition {
    /// How many units of content lie before the first one shown.
    pub offset: u64,
    /// The content's whole length, in the same units.
    pub extent: u64,
}

impl ScrollPosition {
    /// A scroll position: `offset` units scrolled past, of `extent`.
    pub const fn new(offset: u64, extent: u64) -> Self {
        Self { offset, extent }
    }

    /// A position from `usize` counts (ratatui's), which always fit.
    pub fn from_counts(offset: usize, extent: usize) -> Self {
        let wide = |count: usize| u64::try_from(count).unwrap_or(u64::MAX);
        Self::new(wide(offset), wide(extent))
    }
}

impl fmt::Display for ScrollPosition {
    /// `offset of extent`, as the Markdown projection prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {}", self.offset, self.extent)
    }
}
