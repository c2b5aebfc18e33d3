//! Scopes: a container node and what is rendered inside it.
//!
//! Nesting in the tree follows the render: every tag rendered while a
//! scope is open becomes its child. [`FrameExt::scope`] is the usual
//! spelling inside `terminal.draw(|frame| …)`; [`scope`] does the same
//! where only a `Buffer` is at hand (inside a widget's own `render`).

use ratatui::Frame;
use ratatui::layout::Rect;
use rehearse_core::semantic::{Bounds, SemanticFacts};

use crate::record::Open;

/// Opens a scope at `area` for the duration of `body`: a node with the
/// facts `facts` builds (lazily: only while a harness records), parent of
/// every tag rendered inside `body`.
pub fn scope<R>(area: Rect, facts: impl FnOnce() -> SemanticFacts, body: impl FnOnce() -> R) -> R {
    let _open = Open::scope(facts, Bounds::from(area), false);
    body()
}

/// Like [`scope`], for content drawn over the app (a popup): its node is a
/// root of its own after the app's content, as the engine publishes an
/// overlay (`overlay_order` 1 for the first one rendered).
pub fn overlay<R>(
    area: Rect,
    facts: impl FnOnce() -> SemanticFacts,
    body: impl FnOnce() -> R,
) -> R {
    let _open = Open::scope(facts, Bounds::from(area), true);
    body()
}

/// Scopes on ratatui's own `Frame`.
///
/// ```
/// use ratatui::{Terminal, backend::TestBackend, widgets::{Block, Paragraph}};
/// use rehearse_adopt::{FrameExt, Tag};
/// use rehearse_core::semantic::SemanticFacts;
/// use rehearse_lang::SemanticRole;
///
/// let mut terminal = Terminal::new(TestBackend::new(20, 5)).unwrap();
/// terminal.draw(|frame| {
///     let area = frame.area();
///     frame.scope(area, || SemanticFacts::new(SemanticRole::Group).name("Cart"), |frame| {
///         frame.render_widget(Block::bordered().title("Cart"), area);
///         let inner = Block::bordered().inner(area);
///         let text = Paragraph::new("3 items").tag(|| SemanticFacts::new(SemanticRole::Text));
///         frame.render_widget(text, inner);
///     });
/// }).unwrap();
/// ```
pub trait FrameExt {
    /// Opens a scope at `area` while `body` renders: see [`scope`].
    fn scope<R>(
        &mut self,
        area: Rect,
        facts: impl FnOnce() -> SemanticFacts,
        body: impl FnOnce(&mut Self) -> R,
    ) -> R;

    /// Renders `body` as an overlay at `area`: see [`overlay`].
    fn overlay<R>(
        &mut self,
        area: Rect,
        facts: impl FnOnce() -> SemanticFacts,
        body: impl FnOnce(&mut Self) -> R,
    ) -> R;
}

impl FrameExt for Frame<'_> {
    fn scope<R>(
        &mut self,
        area: Rect,
        facts: impl FnOnce() -> SemanticFacts,
        body: impl FnOnce(&mut Self) -> R,
    ) -> R {
        scope(area, facts, || body(self))
    }

    fn overlay<R>(
        &mut self,
        area: Rect,
        facts: impl FnOnce() -> SemanticFacts,
        body: impl FnOnce(&mut Self) -> R,
    ) -> R {
        overlay(area, facts, || body(self))
    }
}
