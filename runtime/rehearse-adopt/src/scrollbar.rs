//! A ratatui `Scrollbar` with its `ScrollbarState`: where the region it
//! scrolls is scrolled, published on that region.
//!
//! A scrollbar is not a node of its own (the engine's `ScrollView` draws
//! its scrollbar as part of itself): the tag sets the scroll position of
//! the innermost open scope — the region the app tagged with
//! `frame.scope(area, || facts, |frame| …)`, in which it renders the
//! content and the scrollbar — to the state's position, of its content
//! length, in whatever units the app counts them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{ScrollbarState, StatefulWidget};
use rehearse_core::semantic::ScrollPosition;

use crate::record;

/// A scrollbar that publishes its state's position on the region it
/// scrolls, made by [`TagScrollbar::tag_scrollbar`]; render it with
/// `render_stateful_widget` and its own `ScrollbarState`.
#[derive(Debug, Clone)]
#[must_use = "a tag does nothing until it is rendered"]
pub struct TaggedScrollbar<W> {
    scrollbar: W,
}

/// The content length `state` holds. ratatui 0.30 keeps it private, but
/// moving a copy to its last position reveals it (`length - 1`, or 0 for
/// both 0 and 1), and a copy given that length again equals the state
/// only when it was the length.
fn content_length(state: ScrollbarState) -> usize {
    let mut last = state;
    last.last();
    let length = last.get_position().saturating_add(1);
    if state.content_length(length) == state { length } else { 0 }
}

impl<W: StatefulWidget<State = ScrollbarState>> StatefulWidget for TaggedScrollbar<W> {
    type State = ScrollbarState;

    fn render(self, area: Rect, buf: &mut Buffer, state: &mut ScrollbarState) {
        self.scrollbar.render(area, buf, state);
        if record::active() {
            let scroll = ScrollPosition::from_counts(state.get_position(), content_length(*state));
            record::scroll_innermost(scroll);
        }
    }
}

/// Tags a scrollbar (ratatui's `Scrollbar`, or any stateful widget over a
/// `ScrollbarState`): rendered inside a scope, it publishes the state's
/// position and content length as that scope's scroll position. Outside
/// every scope there is no region to publish it on, and it publishes
/// nothing.
///
/// ```
/// use ratatui::widgets::{Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState};
/// use rehearse_adopt::{FrameExt, TagScrollbar};
/// use rehearse_core::semantic::SemanticFacts;
/// use rehearse_lang::SemanticRole;
///
/// let lines: Vec<String> = (0..50).map(|at| format!("line {at}")).collect();
/// let offset = 10;
/// let mut state = ScrollbarState::new(lines.len()).position(offset);
/// # let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(20, 5)).unwrap();
/// # terminal.draw(|frame| {
/// let area = frame.area();
/// frame.scope(area, || SemanticFacts::new(SemanticRole::ScrollView).automation_id("log"), |frame| {
///     let text = Paragraph::new(lines.join("\n")).scroll((offset as u16, 0));
///     frame.render_widget(text, area);
///     let bar = Scrollbar::new(ScrollbarOrientation::VerticalRight).tag_scrollbar();
///     frame.render_stateful_widget(bar, area, &mut state);
/// });
/// # }).unwrap();
/// ```
pub trait TagScrollbar: StatefulWidget<State = ScrollbarState> + Sized {
    /// This scrollbar, publishing its state on the enclosing scope.
    fn tag_scrollbar(self) -> TaggedScrollbar<Self> {
        TaggedScrollbar { scrollbar: self }
    }
}

impl<W: StatefulWidget<State = ScrollbarState>> TagScrollbar for W {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_content_length_is_read_back_from_the_state() {
        for length in [0, 1, 2, 7, 500] {
            let state = ScrollbarState::new(length).position(1).viewport_content_length(3);
            assert_eq!(content_length(state), length, "a length of {length}");
        }
    }
}
