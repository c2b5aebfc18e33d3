//! `ScrollView`: a viewport onto taller content.

use ratatui::layout::Rect;
use ratatui::widgets::{Scrollbar, ScrollbarOrientation, ScrollbarState, StatefulWidget};

use crate::ui::{NodeRef, Ui, WidgetEvent};
use crate::widgets::{Common, common_builders, theme};
use rehearse_lang::{ScrollDirection, SemanticRole};

/// The memo group of a scrollbar, apart from any group of the content.
const SCROLLBAR_GROUP: u64 = u64::MAX;

/// How far one wheel notch scrolls.
pub(crate) const WHEEL_ROWS: u16 = 3;

/// The scroll offset the framework keeps for a scrolling node.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ScrollOffset {
    pub(crate) rows: u16,
}

impl ScrollOffset {
    /// The offset clamped so the last page is the lowest one can scroll to.
    pub(crate) fn clamped(self, content: u16, viewport: u16) -> Self {
        Self { rows: self.rows.min(content.saturating_sub(viewport)) }
    }
}

/// A viewport onto content taller than its area. The wheel scrolls it; a
/// scrollbar on the right takes presses on its column. Content scrolled
/// out of view stays in the semantic tree with zero-area clipped bounds and
/// `in_view == false` (and the `offscreen` state).
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::{ScrollView, Text};
/// use ratatui::layout::Rect;
///
/// struct Log;
/// impl Component for Log {
///     type Message = ();
///     fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
///     fn view(&self, ui: &mut Ui<'_, ()>) {
///         ScrollView::new().automation_id("log").show(ui, ui.area(), 50, |ui, content| {
///             for row in 0..50 {
///                 let line = Rect::new(content.x, content.y + row, content.width, 1);
///                 ui.add(line, Text::new(format!("line {row}")).automation_id(format!("line-{row}")));
///             }
///         });
///     }
/// }
///
/// let mut session = Session::new(Log, SessionOptions::default().viewport(20, 5));
/// assert!(session.tree().by_id("line-0").unwrap().in_view);
/// assert!(!session.tree().by_id("line-9").unwrap().in_view);
/// session.step(AutomationStep::scroll_at(Selector::id("log"), ScrollDirection::Down)).unwrap();
/// assert!(!session.tree().by_id("line-0").unwrap().in_view);
/// assert!(session.tree().by_id("line-5").unwrap().in_view);
/// ```
#[derive(Debug, Clone, Default)]
pub struct ScrollView {
    common: Common,
}

impl ScrollView {
    /// A scroll view.
    pub fn new() -> Self {
        Self::default()
    }

    common_builders! {
        /// Sets the automation id.
        automation_id,
        /// Sets an accessible name.
        name,
    }

    /// Renders `body` into content `content_height` rows tall, shown through
    /// `area`. `body` gets the content area in content coordinates.
    pub fn show<M: Send + 'static>(
        self,
        ui: &mut Ui<'_, M>,
        area: Rect,
        content_height: u16,
        body: impl FnOnce(&mut Ui<'_, M>, Rect),
    ) -> NodeRef {
        let facts = self.common.facts(SemanticRole::ScrollView);
        ui.node(area, facts, |ui, node| {
            scroll_body(ui, node, area, content_height, body);
        })
    }
}

/// The scrolling machinery shared by `ScrollView`, `List` and `Table`:
/// clamps the framework-kept offset, renders `body` through a scrolled
/// surface, publishes where it is scrolled (rows of content), draws a
/// scrollbar when the content overflows, and handles the wheel and presses
/// on the scrollbar column. Returns the offset used.
pub(crate) fn scroll_body<M: Send + 'static>(
    ui: &mut Ui<'_, M>,
    node: NodeRef,
    area: Rect,
    content_height: u16,
    body: impl FnOnce(&mut Ui<'_, M>, Rect),
) -> u16 {
    let overflow = content_height > area.height;
    let viewport =
        if overflow { Rect { width: area.width.saturating_sub(1), ..area } } else { area };
    let offset = {
        let state = ui.state::<ScrollOffset>(node);
        *state = state.clamped(content_height, area.height);
        state.rows
    };
    ui.scrolled(viewport, offset, content_height, body);
    ui.publish_scroll(node, usize::from(offset), usize::from(content_height));
    if overflow {
        let bar = Rect { x: area.right().saturating_sub(1), width: 1, ..area };
        // Drawn again only when it moves.
        ui.memo_group(SCROLLBAR_GROUP, bar, &(content_height, offset), |ui| {
            ui.draw_own(bar, |bar, buf| {
                let mut state =
                    ScrollbarState::new(usize::from(content_height.saturating_sub(area.height)))
                        .position(usize::from(offset))
                        .viewport_content_length(usize::from(area.height));
                Scrollbar::new(ScrollbarOrientation::VerticalRight)
                    .thumb_style(theme::ACCENT)
                    .render(bar, buf, &mut state);
            });
        });
        ui.own_cells(node, [bar]);
    }
    let height = area.height;
    ui.on_event(node, move |event, cx| {
        // Events come in screen coordinates; `area` is in the coordinates of
        // whatever surface this node sits on (it may itself be scrolled).
        let bounds = cx.bounds();
        let (top, bar_col) = (bounds.y, bounds.right() - 1);
        let state = cx.state::<ScrollOffset>();
        match event {
            WidgetEvent::Scroll { direction, .. } => {
                state.rows = match direction {
                    ScrollDirection::Up => state.rows.saturating_sub(WHEEL_ROWS),
                    ScrollDirection::Down => state.rows.saturating_add(WHEEL_ROWS),
                };
                *state = state.clamped(content_height, height);
                true
            }
            // A press on the scrollbar column jumps there, proportionally.
            WidgetEvent::Press { col, row, .. } if overflow && i32::from(*col) == bar_col => {
                let span = u32::from(content_height.saturating_sub(height));
                let along = u32::try_from(i32::from(*row) - top).unwrap_or(0);
                let rows = along * span / u32::from(height.saturating_sub(1).max(1));
                state.rows = u16::try_from(rows).unwrap_or(u16::MAX);
                *state = state.clamped(content_height, height);
                true
            }
            _ => false,
        }
    });
    offset
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::{node, session};
    use rehearse_core::semantic::ScrollPosition;
    use rehearse_lang::{AutomationStep, Predicate, Selector, WaitCondition};

    #[test]
    fn a_scroll_view_is_named_explicitly_and_keeps_what_scrolls_out_in_the_tree() {
        let session = session(|ui| {
            ScrollView::new().automation_id("log").name("Log").show(ui, ui.area(), 20, |ui, at| {
                let last = Rect { y: at.y + 19, height: 1, ..at };
                ui.add(last, crate::widgets::Text::new("last").automation_id("last"));
            });
        });
        let log = node(&session, "log");
        assert_eq!((log.role, log.name.as_str()), (SemanticRole::ScrollView, "Log"));
        assert!(!node(&session, "last").in_view);
    }

    #[test]
    fn a_scroll_view_publishes_its_offset_and_extent_in_rows() {
        let mut session = session(|ui| {
            ScrollView::new().automation_id("log").show(ui, ui.area(), 20, |_, _| {});
        });
        let at = |session: &crate::Session<_>| node(session, "log").states.scroll;
        assert_eq!(at(&session), Some(ScrollPosition::new(0, 20)));
        let down = AutomationStep::scroll_at(Selector::id("log"), ScrollDirection::Down);
        session.step(down).unwrap();
        assert_eq!(at(&session), Some(ScrollPosition::new(u64::from(WHEEL_ROWS), 20)));
        // Eight rows shown of twenty: twelve is as far as it goes.
        for _ in 0..5 {
            let down = AutomationStep::scroll_at(Selector::id("log"), ScrollDirection::Down);
            session.step(down).unwrap();
        }
        assert_eq!(at(&session), Some(ScrollPosition::new(12, 20)));
        // A test waits on both numbers: `scroll=12` and `scroll-extent=20`.
        let wait = |predicate| {
            let condition = WaitCondition::new(predicate, Selector::id("log"));
            AutomationStep::wait_for(condition, std::time::Duration::ZERO)
        };
        session.step(wait(Predicate::ScrollOffset(12))).unwrap();
        session.step(wait(Predicate::ScrollExtent(20))).unwrap();
        assert!(session.step(wait(Predicate::ScrollOffset(0))).is_err());
    }

    #[test]
    fn the_offset_stops_at_the_last_page() {
        assert_eq!(ScrollOffset { rows: 30 }.clamped(20, 8), ScrollOffset { rows: 12 });
        assert_eq!(ScrollOffset { rows: 5 }.clamped(4, 8), ScrollOffset { rows: 0 });
    }
}
