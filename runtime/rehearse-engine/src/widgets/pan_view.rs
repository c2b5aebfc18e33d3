//! `PanView`: a viewport onto content larger than it.

use ratatui::layout::{Position, Rect, Size};
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::ui::{NodeRef, Ui, WidgetEvent};
use crate::widgets::{Common, common_builders, theme};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{KeyCode, ScrollDirection, SemanticRole};

/// Wraps content of a fixed size larger than the viewport and pans over it.
///
/// Shown with [`show`](Self::show): the body lays out in a content area of
/// the given size and is rendered through [`Ui::panned`], clipped to the
/// view; content panned out stays in the tree with zero-area clipped
/// bounds and `in_view == false`. The offset lives in framework state.
///
/// The view is focusable. Arrow keys pan by one cell, PageUp/PageDown by a
/// screenful, Home/End jump to the top and bottom, and the mouse wheel pans
/// vertically; keys it does not use (or that would pan past an edge)
/// bubble on. Keys a focused child does not consume reach the view too.
/// While focused it marks the edges that have more content with arrows.
///
/// Records a `scroll-view` node (named by its [`label`](Self::label)). It
/// has no click behaviour of its own: with exactly one child that accepts
/// clicks at its centre it supports Click, and the click reaches that
/// child.
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::{PanView, Text};
/// use ratatui::layout::Size;
/// fn view(ui: &mut Ui<'_, ()>) {
///     PanView::new(Size::new(200, 80)).automation_id("map").show(ui, ui.area(), |ui, content| {
///         ui.add(content, Text::new("a very large map"));
///     });
/// }
/// ```
#[derive(Debug, Clone)]
pub struct PanView {
    common: Common,
    content: Size,
}

impl PanView {
    /// A view onto content of `content` size.
    pub fn new(content: Size) -> Self {
        Self { common: Common::switchable(), content }
    }

    common_builders! {
        /// The view's own label: its accessible name.
        label,
        /// Sets the automation id.
        automation_id,
        /// Enables or disables the view and its content.
        enabled,
    }

    /// Records the view at `area`; `body` renders the content into the
    /// content area (the view's top-left corner, at the content size),
    /// panned by the current offset. Returns the view's node.
    pub fn show<M: Send + 'static>(
        self,
        ui: &mut Ui<'_, M>,
        area: Rect,
        body: impl FnOnce(&mut Ui<'_, M>, Rect),
    ) -> NodeRef {
        let max = Position::new(
            self.content.width.saturating_sub(area.width),
            self.content.height.saturating_sub(area.height),
        );
        let content = self.content;
        let node = ui.node(area, self.semantics(), |ui, node| {
            let offset = {
                let offset = ui.state::<Position>(node);
                offset.x = offset.x.min(max.x);
                offset.y = offset.y.min(max.y);
                *offset
            };
            ui.panned(area, offset, content, body);
            if ui.is_focused(node) && !area.is_empty() {
                let (left, top) = (area.x, area.y);
                let (right, bottom) = (area.right() - 1, area.bottom() - 1);
                let marks = [
                    (offset.y > 0, right, top, "▲"),
                    (offset.y < max.y, right, bottom, "▼"),
                    (offset.x > 0, left, bottom, "◀"),
                    (offset.x < max.x, right.saturating_sub(1).max(left), bottom, "▶"),
                ];
                for (more, x, y, mark) in marks {
                    if more {
                        ui.draw_own(Rect::new(x, y, 1, 1), |cell, buf| {
                            Line::styled(mark, theme::FOCUSED).render(cell, buf);
                        });
                    }
                }
            }
        });
        ui.inherit_click_from_only_child(node);
        if !self.common.is_enabled() {
            return node;
        }
        ui.make_focusable(node);
        let page = area.height.max(1);
        ui.on_event(node, move |event, cx| {
            let offset = *cx.state::<Position>();
            let next = match event {
                WidgetEvent::Key(key) if key.modifiers.is_empty() => match key.code {
                    KeyCode::Up => Position { y: offset.y.saturating_sub(1), ..offset },
                    KeyCode::Down => {
                        Position { y: offset.y.saturating_add(1).min(max.y), ..offset }
                    }
                    KeyCode::Left => Position { x: offset.x.saturating_sub(1), ..offset },
                    KeyCode::Right => {
                        Position { x: offset.x.saturating_add(1).min(max.x), ..offset }
                    }
                    KeyCode::PageUp => Position { y: offset.y.saturating_sub(page), ..offset },
                    KeyCode::PageDown => {
                        Position { y: offset.y.saturating_add(page).min(max.y), ..offset }
                    }
                    KeyCode::Home => Position { y: 0, ..offset },
                    KeyCode::End => Position { y: max.y, ..offset },
                    _ => return false,
                },
                WidgetEvent::Scroll { direction: ScrollDirection::Up, .. } => {
                    Position { y: offset.y.saturating_sub(1), ..offset }
                }
                WidgetEvent::Scroll { direction: ScrollDirection::Down, .. } => {
                    Position { y: offset.y.saturating_add(1).min(max.y), ..offset }
                }
                _ => return false,
            };
            if next == offset {
                // At the edge: a wheel notch is still the view's, a key bubbles on.
                return matches!(event, WidgetEvent::Scroll { .. });
            }
            *cx.state::<Position>() = next;
            true
        });
        node
    }
}

impl Semantic for PanView {
    fn semantics(&self) -> SemanticFacts {
        self.common.facts(SemanticRole::ScrollView)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::identity;

    #[test]
    fn a_pan_view_is_a_named_scroll_view() {
        let view = PanView::new(Size::new(200, 80)).label("Map").automation_id("map");
        let facts = view.semantics();
        assert_eq!(identity(&facts), (SemanticRole::ScrollView, Some("Map"), Some("map")));
        assert_eq!((facts.states.enabled, facts.actions), (Some(true), None));
        assert_eq!(view.enabled(false).semantics().states.enabled, Some(false));
    }
}
