//! Tags: a widget and what it means, rendered with plain
//! `Frame::render_widget` / `render_stateful_widget`.
//!
//! A tag renders exactly as the widget it wraps. While a harness records
//! (on its app thread) it also records a node at the area it is rendered
//! into; otherwise it renders the widget and nothing else: the facts are a
//! closure that is never called.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{StatefulWidget, Widget};
use rehearse_core::semantic::{Bounds, Semantic, SemanticFacts};

use crate::record::{self, Layer};

/// A widget with its meaning: renders as `widget`, records `facts()` at the
/// area when a harness records. Made by [`Tag::tag`] and [`Tag::semantic`].
#[derive(Debug, Clone)]
#[must_use = "a tag does nothing until it is rendered"]
pub struct Tagged<W, F> {
    widget: W,
    facts: F,
}

/// Records a leaf at `area` when this thread records.
#[inline]
fn leaf(facts: impl FnOnce() -> SemanticFacts, area: Rect) {
    if record::active() {
        let bounds = Bounds::from(area);
        record::push(facts(), bounds, bounds, Layer::Content);
    }
}

impl<W: Widget, F: FnOnce() -> SemanticFacts> Widget for Tagged<W, F> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        leaf(self.facts, area);
        self.widget.render(area, buf);
    }
}

impl<W: StatefulWidget, F: FnOnce() -> SemanticFacts> StatefulWidget for Tagged<W, F> {
    type State = W::State;

    fn render(self, area: Rect, buf: &mut Buffer, state: &mut Self::State) {
        leaf(self.facts, area);
        self.widget.render(area, buf, state);
    }
}

/// Tags any ratatui widget (or anything else rendered with
/// `render_widget` / `render_stateful_widget`) with what it means.
///
/// ```
/// use rehearse_adopt::Tag;
/// use rehearse_core::semantic::SemanticFacts;
/// use rehearse_lang::{SemanticRole, Sensitivity};
/// use ratatui::widgets::Paragraph;
///
/// let input = String::from("milk");
/// // The closure runs only while a harness records.
/// let tagged = Paragraph::new(input.as_str()).tag(|| {
///     SemanticFacts::new(SemanticRole::TextBox)
///         .automation_id("input")
///         .label("New item")
///         .value(&input, Sensitivity::Public)
///         .focused(true)
/// });
/// # let _ = tagged;
/// ```
pub trait Tag: Sized {
    /// This widget with the facts `facts` builds, lazily: they are built
    /// only while a harness records.
    fn tag<F: FnOnce() -> SemanticFacts>(self, facts: F) -> Tagged<Self, F> {
        Tagged { widget: self, facts }
    }

    /// This widget tagged with its own [`Semantic`] facts (a
    /// `#[derive(Semantic)]` struct that is also a ratatui widget); they
    /// are read only while a harness records.
    fn semantic(self) -> SemanticWidget<Self>
    where
        Self: Semantic,
    {
        SemanticWidget(self)
    }
}

impl<W> Tag for W {}

/// A widget that says what it means itself ([`Semantic`]), made by
/// [`Tag::semantic`].
#[derive(Debug, Clone)]
#[must_use = "a tag does nothing until it is rendered"]
pub struct SemanticWidget<W>(W);

impl<W: Widget + Semantic> Widget for SemanticWidget<W> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        leaf(|| self.0.semantics(), area);
        self.0.render(area, buf);
    }
}

impl<W: StatefulWidget + Semantic> StatefulWidget for SemanticWidget<W> {
    type State = W::State;

    fn render(self, area: Rect, buf: &mut Buffer, state: &mut Self::State) {
        leaf(|| self.0.semantics(), area);
        self.0.render(area, buf, state);
    }
}
