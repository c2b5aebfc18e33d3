//! Scopes: a container node and what is rendered inside it.
//!
//! Nesting in the tree follows the render: every tag rendered while a
//! scope is open becomes its child. [`FrameExt::scope`] is the usual
//! spelling inside `terminal.draw(|frame| …)`; [`scope`] does the same
//! where only a `Buffer` is at hand (inside a widget's own `render`).

use ratatui::Frame;
use ratatui::layout::Rect;
use rehearse_core::semantic::{Bounds, SemanticFacts};

use crate::record::{Layer, Open};

/// Opens a scope at `area` for the duration of `body`: a node with the
/// facts `facts` builds (lazily: only while a harness records), parent of
/// every tag rendered inside `body`.
pub fn scope<R>(area: Rect, facts: impl FnOnce() -> SemanticFacts, body: impl FnOnce() -> R) -> R {
    let _open = Open::scope(facts, Bounds::from(area), Layer::Content);
    body()
}

/// Like [`scope`], for content drawn over the app (a popup): its node is a
/// root of its own after the app's content, as the engine publishes an
/// overlay (`overlay_order` 1 for the first one rendered). It makes nothing
/// inert: use it for a toast or a dropdown, [`modal`] for a dialog that
/// takes the app's input while it is open.
pub fn overlay<R>(
    area: Rect,
    facts: impl FnOnce() -> SemanticFacts,
    body: impl FnOnce() -> R,
) -> R {
    let _open = Open::scope(facts, Bounds::from(area), Layer::Overlay);
    body()
}

/// Like [`overlay`], for a modal dialog (a confirmation the app answers
/// before anything else): while it is rendered, every node beneath it —
/// the app's content and lower overlays — is `inert`, as the engine
/// publishes what lies under its `Modal`, so selectors pass over them and
/// no step acts on them.
pub fn modal<R>(area: Rect, facts: impl FnOnce() -> SemanticFacts, body: impl FnOnce() -> R) -> R {
    let _open = Open::scope(facts, Bounds::from(area), Layer::Modal);
    body()
}

/// An open scope that closes when it drops: what renders meanwhile nests
/// under its node. The same as [`scope`] and [`overlay`] without a closure,
/// so adopting an app does not re-indent its drawing code:
///
/// ```
/// use ratatui::layout::Rect;
/// use rehearse_adopt::Scope;
/// use rehearse_core::semantic::SemanticFacts;
/// use rehearse_lang::SemanticRole;
///
/// let area = Rect::new(10, 5, 30, 6);
/// let _popup = Scope::overlay(area, || SemanticFacts::new(SemanticRole::Dialog).label("Confirm"));
/// // frame.render_widget(Clear, area); … the popup's widgets nest under it.
/// ```
#[must_use = "the scope closes when this guard drops: bind it to a name such as `_popup`"]
pub struct Scope {
    /// Closes the scope when dropped.
    _open: Open,
}

impl std::fmt::Debug for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scope").finish_non_exhaustive()
    }
}

impl Scope {
    /// Opens a scope at `area` (its facts built only while a harness
    /// records) until the guard drops.
    pub fn open(area: Rect, facts: impl FnOnce() -> SemanticFacts) -> Self {
        Self { _open: Open::scope(facts, Bounds::from(area), Layer::Content) }
    }

    /// Opens an overlay at `area` until the guard drops (see [`overlay`]).
    pub fn overlay(area: Rect, facts: impl FnOnce() -> SemanticFacts) -> Self {
        Self { _open: Open::scope(facts, Bounds::from(area), Layer::Overlay) }
    }

    /// Opens a modal overlay at `area` until the guard drops (see
    /// [`modal`]): what lies beneath it is inert.
    pub fn modal(area: Rect, facts: impl FnOnce() -> SemanticFacts) -> Self {
        Self { _open: Open::scope(facts, Bounds::from(area), Layer::Modal) }
    }
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

    /// Renders `body` as a modal overlay at `area`, making what lies
    /// beneath it inert: see [`modal`].
    fn modal<R>(
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

    fn modal<R>(
        &mut self,
        area: Rect,
        facts: impl FnOnce() -> SemanticFacts,
        body: impl FnOnce(&mut Self) -> R,
    ) -> R {
        modal(area, facts, || body(self))
    }
}
