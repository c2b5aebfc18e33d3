//! `MouseRegion`: per-cell hit areas and click capture for wrapped content.

use ratatui::layout::{Position, Rect};

use crate::ui::{NodeRef, Ui, WidgetEvent};
use crate::widgets::{Common, ValueCallback, common_builders, own_click};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{MouseButton, SemanticRole};

/// Shapes how the pointer reaches wrapped content.
///
/// - [`hit_test`](Self::hit_test): the region and everything in it accept
///   the pointer only on the given cells. Elsewhere a pointer passes
///   through to whatever is beneath, and automation refuses a click whose
///   centre point falls outside them (it never searches for another point).
/// - [`capture_click`](Self::capture_click): the region takes every click
///   inside it (inside its cells, with `hit_test`) before its descendants
///   and sends a message; its content can no longer be clicked.
/// - [`on_click`](Self::on_click) / [`on_click_at`](Self::on_click_at):
///   clicks its content does not consume bubble up to the region and send
///   a message.
///
/// With none of the click handlers it is a plain wrapper: it supports
/// Click only when its only child accepts the click at the region's centre.
///
/// Shown with [`show`](Self::show); what the body adds becomes its
/// children. It draws nothing and records a `generic` node.
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::{Button, MouseRegion};
/// use ratatui::layout::Rect;
/// enum Msg { Knob }
/// fn view(ui: &mut Ui<'_, Msg>) {
///     // Only the left half of the button is live.
///     let area = Rect::new(0, 0, 10, 3);
///     MouseRegion::new().hit_test([Rect::new(0, 0, 5, 3)]).show(ui, area, |ui, area| {
///         ui.add(area, Button::new("Knob").on_click(|| Msg::Knob));
///     });
/// }
/// ```
pub struct MouseRegion<M> {
    common: Common,
    cells: Option<Vec<Rect>>,
    capture: bool,
    on_click: Option<ValueCallback<Position, M>>,
}

impl<M> Default for MouseRegion<M> {
    fn default() -> Self {
        Self { common: Common::switchable(), cells: None, capture: false, on_click: None }
    }
}

impl<M: 'static> MouseRegion<M> {
    /// A region accepting the pointer everywhere in its area, with no
    /// click behaviour of its own.
    pub fn new() -> Self {
        Self::default()
    }

    common_builders! {
        /// The region's own label: its accessible name.
        label,
        /// Sets the automation id.
        automation_id,
        /// Enables or disables the region and its content.
        enabled,
    }

    /// Accept the pointer only on these cells (in the same coordinates as
    /// the area given to [`show`](Self::show)), for the region and all its
    /// content.
    #[must_use]
    pub fn hit_test(mut self, cells: impl IntoIterator<Item = Rect>) -> Self {
        self.cells = Some(cells.into_iter().collect());
        self
    }

    /// Take every left click inside the region before its descendants and
    /// send this message.
    #[must_use]
    pub fn capture_click(mut self, on_click: impl Fn() -> M + 'static) -> Self {
        self.capture = true;
        self.on_click = Some(Box::new(move |_| on_click()));
        self
    }

    /// Send this message for left clicks inside the region that its content
    /// does not consume.
    #[must_use]
    pub fn on_click(mut self, on_click: impl Fn() -> M + 'static) -> Self {
        self.on_click = Some(Box::new(move |_| on_click()));
        self
    }

    /// Like [`on_click`](Self::on_click), given where the click landed
    /// relative to the region's top-left cell.
    #[must_use]
    pub fn on_click_at(mut self, on_click: impl Fn(Position) -> M + 'static) -> Self {
        self.on_click = Some(Box::new(on_click));
        self
    }
}

impl<M> Semantic for MouseRegion<M> {
    fn semantics(&self) -> SemanticFacts {
        own_click(self.common.facts(SemanticRole::Generic), self.on_click.is_some())
    }
}

impl<M: Send + 'static> MouseRegion<M> {
    /// Records the region at `area` with `body` as its content, then applies
    /// its pointer policy to the region and everything the body recorded.
    /// Returns the region's node.
    pub fn show(
        self,
        ui: &mut Ui<'_, M>,
        area: Rect,
        body: impl FnOnce(&mut Ui<'_, M>, Rect),
    ) -> NodeRef {
        let node = ui.node(area, self.semantics(), |ui, _| body(ui, area));
        if let Some(cells) = self.cells {
            ui.hit_cells_subtree(node, cells);
        }
        if self.capture {
            ui.capture_click(node);
        }
        match self.on_click {
            Some(on_click) if self.common.is_enabled() => {
                ui.on_event(node, move |event, cx| match event {
                    WidgetEvent::Click { button: MouseButton::Left, col, row } => {
                        let bounds = cx.bounds();
                        let at = Position::new(
                            u16::try_from(i32::from(*col) - bounds.x).unwrap_or(0),
                            u16::try_from(i32::from(*row) - bounds.y).unwrap_or(0),
                        );
                        cx.emit(on_click(at));
                        true
                    }
                    _ => false,
                });
            }
            Some(_) => {}
            None => ui.inherit_click_from_only_child(node),
        }
        node
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::identity;
    use rehearse_lang::{ActionSet, SemanticAction};

    #[test]
    fn a_plain_region_keeps_its_roles_defaults() {
        let facts = MouseRegion::<()>::new().label("Map").automation_id("map").semantics();
        assert_eq!(identity(&facts), (SemanticRole::Generic, Some("Map"), Some("map")));
        assert_eq!((facts.states.enabled, facts.actions), (Some(true), None));
    }

    #[test]
    fn a_region_with_a_click_of_its_own_supports_click_alone() {
        let click = Some(ActionSet::from_slice(&[SemanticAction::Click]));
        assert_eq!(MouseRegion::new().on_click(|| ()).semantics().actions, click);
        assert_eq!(MouseRegion::new().capture_click(|| ()).semantics().actions, click);
        assert_eq!(MouseRegion::new().on_click_at(|_| ()).semantics().actions, click);
        let disabled = MouseRegion::<()>::new().enabled(false).semantics();
        assert_eq!(disabled.states.enabled, Some(false));
    }
}
