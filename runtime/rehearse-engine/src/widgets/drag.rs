//! `DragSource` and `DropTarget`: drag and drop between wrapped content.

use ratatui::layout::Rect;

use crate::ui::{NodeRef, Ui, WidgetEvent};
use crate::widgets::{Common, ValueCallback, common_builders};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::SemanticRole;

/// Wraps content that can be dragged: a left press anywhere on it starts a
/// drag carrying the payload, and releasing over a [`DropTarget`] (outside
/// the source) delivers it there.
///
/// Shown with [`show`](Self::show); what the body adds becomes its
/// children. It draws nothing and records a `generic` node with the Drag
/// action. It has no click behaviour of its own: with exactly one child
/// that accepts clicks at its centre it supports Click too, and a click
/// (press and release on the same spot) still reaches that child.
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::{DragSource, Text};
/// fn view(ui: &mut Ui<'_, ()>) {
///     DragSource::new("card-7").automation_id("card").show(ui, ui.area(), |ui, area| {
///         ui.add(area, Text::new("Card 7"));
///     });
/// }
/// ```
#[derive(Debug, Clone)]
pub struct DragSource {
    common: Common,
    payload: String,
}

impl DragSource {
    /// A source whose drags carry `payload`.
    pub fn new(payload: impl Into<String>) -> Self {
        Self { common: Common::default(), payload: payload.into() }
    }

    common_builders! {
        /// The source's own label: its accessible name.
        label,
        /// Sets the automation id.
        automation_id,
    }

    /// Records the source at `area` with `body` as its content. Returns its
    /// node.
    pub fn show<M: Send + 'static>(
        self,
        ui: &mut Ui<'_, M>,
        area: Rect,
        body: impl FnOnce(&mut Ui<'_, M>, Rect),
    ) -> NodeRef {
        let node = ui.node(area, self.semantics(), |ui, _| body(ui, area));
        ui.drag_payload(node, self.payload);
        ui.inherit_click_from_only_child(node);
        node
    }
}

impl Semantic for DragSource {
    fn semantics(&self) -> SemanticFacts {
        self.common.facts(SemanticRole::Generic)
    }
}

/// Wraps content that accepts drops: a drag from a [`DragSource`] released
/// over it (or over anything inside it that does not take the drop itself)
/// sends `on_drop` with the payload.
///
/// Shown with [`show`](Self::show); what the body adds becomes its
/// children. It draws nothing and records a `generic` node. It has no
/// click behaviour of its own: with exactly one child that accepts clicks
/// at its centre it supports Click, and the click reaches that child.
pub struct DropTarget<M> {
    common: Common,
    on_drop: Option<ValueCallback<String, M>>,
}

impl<M> Default for DropTarget<M> {
    fn default() -> Self {
        Self { common: Common::switchable(), on_drop: None }
    }
}

impl<M> DropTarget<M> {
    /// A drop target that ignores drops until given [`on_drop`](Self::on_drop).
    pub fn new() -> Self {
        Self::default()
    }

    common_builders! {
        /// The target's own label: its accessible name.
        label,
        /// Sets the automation id.
        automation_id,
        /// Enables or disables the target (and its content). A disabled target
        /// swallows drops without sending anything.
        enabled,
    }

    /// The message a drop sends, given the source's payload.
    #[must_use]
    pub fn on_drop(mut self, message: impl Fn(String) -> M + 'static) -> Self {
        self.on_drop = Some(Box::new(message));
        self
    }
}

impl<M> Semantic for DropTarget<M> {
    fn semantics(&self) -> SemanticFacts {
        self.common.facts(SemanticRole::Generic)
    }
}

impl<M: Send + 'static> DropTarget<M> {
    /// Records the target at `area` with `body` as its content. Returns its
    /// node.
    pub fn show(
        self,
        ui: &mut Ui<'_, M>,
        area: Rect,
        body: impl FnOnce(&mut Ui<'_, M>, Rect),
    ) -> NodeRef {
        let node = ui.node(area, self.semantics(), |ui, _| body(ui, area));
        ui.inherit_click_from_only_child(node);
        if let (true, Some(on_drop)) = (self.common.is_enabled(), self.on_drop) {
            ui.on_event(node, move |event, cx| match event {
                WidgetEvent::Drop { payload } => {
                    cx.emit(on_drop(payload.clone()));
                    true
                }
                _ => false,
            });
        }
        node
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::identity;

    #[test]
    fn a_source_is_a_named_generic_node_with_no_enabled_state() {
        let facts = DragSource::new("card-7").label("Card 7").automation_id("card").semantics();
        assert_eq!(identity(&facts), (SemanticRole::Generic, Some("Card 7"), Some("card")));
        assert_eq!(facts.states.enabled, None);
        assert_eq!((facts.name, facts.actions), (None, None));
    }

    #[test]
    fn a_target_reports_whether_it_takes_drops() {
        let target = DropTarget::<()>::new().label("Done").automation_id("done");
        let facts = target.semantics();
        assert_eq!((facts.role, facts.label.as_deref()), (SemanticRole::Generic, Some("Done")));
        assert_eq!(facts.automation_id.as_deref(), Some("done"));
        assert_eq!(facts.states.enabled, Some(true));
        let disabled = DropTarget::<()>::new().enabled(false).semantics();
        assert_eq!((disabled.label, disabled.states.enabled), (None, Some(false)));
    }
}
