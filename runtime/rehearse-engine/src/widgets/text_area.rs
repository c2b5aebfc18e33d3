//! `TextArea`: a multi-line text field.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use crate::ui::{EventCx, Ui, View, WidgetEvent};
use crate::widgets::{Common, ValueCallback, common_builders, rounded_border, theme};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{KeyCode, KeyPress, MouseButton, ScrollDirection, SemanticRole, Sensitivity};

/// The caret and the view, kept by the framework across renders.
#[derive(Debug, Default, Clone, Copy)]
struct Caret {
    /// Characters before the caret.
    at: usize,
    /// Whether the caret was placed by the user (otherwise it follows the end).
    placed: bool,
    /// The column Up and Down aim for, kept across short lines.
    goal: Option<usize>,
    /// The first line shown.
    scroll: usize,
    /// The wheel moved the view: do not snap back to the caret until it moves.
    free: bool,
}

/// A multi-line text field. The app owns the value; every edit sends
/// `on_change` with the new value.
///
/// Enter inserts a newline, arrows move the caret (Up and Down keep the
/// column), Home/End go to the start and end of the line, PageUp/PageDown
/// move by a screenful, Backspace and Delete join lines. The view scrolls
/// vertically to keep the caret visible (and horizontally when a line is
/// wider than the field); the mouse wheel scrolls it freely until the caret
/// moves again. A left press places the caret. Tab is left alone, so focus
/// traversal still works.
///
/// Three rows or more draw a bordered field with the label as its title.
/// Publishes role `text-area`, the label (or the placeholder) as its name
/// and the text as a public value, `""` when empty.
pub struct TextArea<M> {
    common: Common,
    value: String,
    on_change: Option<ValueCallback<String, M>>,
}

impl<M> TextArea<M> {
    /// A field showing `value`.
    pub fn new(value: impl Into<String>) -> Self {
        Self { common: Common::switchable(), value: value.into(), on_change: None }
    }

    common_builders! {
        /// The field's label (its accessible name and border title).
        label,
        /// Text shown while empty (the name when there is no label).
        placeholder,
        /// Sets the automation id.
        automation_id,
        /// Enables or disables the field.
        enabled,
    }

    /// The message an edit sends, given the new value.
    #[must_use]
    pub fn on_change(mut self, message: impl Fn(String) -> M + 'static) -> Self {
        self.on_change = Some(Box::new(message));
        self
    }
}

impl<M> Semantic for TextArea<M> {
    fn semantics(&self) -> SemanticFacts {
        let facts = self.common.facts(SemanticRole::TextArea);
        facts.value(self.value.as_str(), Sensitivity::Public)
    }
}

/// Row and column (in characters) of the caret at `at`.
fn position(chars: &[char], at: usize) -> (usize, usize) {
    let before = &chars[..at.min(chars.len())];
    let row = before.iter().filter(|&&c| c == '\n').count();
    let col = before.iter().rev().take_while(|&&c| c != '\n').count();
    (row, col)
}

/// The caret index at `row`, `col`, the column clamped to the line and a
/// row past the end giving the end of the text.
fn index_at(chars: &[char], row: usize, col: usize) -> usize {
    let mut start = 0;
    for _ in 0..row {
        match chars[start..].iter().position(|&c| c == '\n') {
            Some(newline) => start += newline + 1,
            None => return chars.len(),
        }
    }
    let len = chars[start..].iter().take_while(|&&c| c != '\n').count();
    start + col.min(len)
}

/// What a render knows that the handler needs.
struct Layout {
    bordered: bool,
    height: usize,
    lines: usize,
    hskip: usize,
    scroll: usize,
}

impl<M: Send + 'static> View<M> for TextArea<M> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let node = ui.node(area, facts, |_, _| {});
        ui.no_inferred_name(node);
        let chars: Vec<char> = self.value.chars().collect();
        let lines: Vec<&str> = self.value.split('\n').collect();
        let bordered = area.height >= 3 && area.width >= 3;
        let inner = if bordered { Block::bordered().inner(area) } else { area };
        let height = usize::from(inner.height.max(1));
        let width = usize::from(inner.width.max(1));
        let caret = {
            let caret = ui.state::<Caret>(node);
            if !caret.placed || caret.at > chars.len() {
                caret.at = chars.len();
                caret.placed = false;
            }
            let (row, _) = position(&chars, caret.at);
            if !caret.free {
                if row < caret.scroll {
                    caret.scroll = row;
                } else if row >= caret.scroll + height {
                    caret.scroll = row + 1 - height;
                }
            }
            caret.scroll = caret.scroll.min(lines.len().saturating_sub(height));
            *caret
        };
        // Scrolled by lines.
        ui.publish_scroll(node, caret.scroll, lines.len());
        let (row, col) = position(&chars, caret.at);
        let hskip = (col + 1).saturating_sub(width);
        let focused = ui.is_focused(node);
        let border = theme::border(focused, self.common.is_enabled());
        let text_style = if self.common.is_enabled() { theme::NORMAL } else { theme::DISABLED };
        let empty = chars.is_empty();
        let label = self.common.label.clone();
        let placeholder = self.common.placeholder.clone();
        ui.draw_own(area, |area, buf| {
            if bordered {
                rounded_border(label.as_deref(), border).render(area, buf);
            }
            if empty {
                let placeholder = placeholder.unwrap_or_default();
                Line::from(Span::styled(placeholder, theme::PLACEHOLDER)).render(inner, buf);
                return;
            }
            for (shown, line) in lines.iter().skip(caret.scroll).take(height).enumerate() {
                let visible: String = line.chars().skip(hskip).take(width).collect();
                let y = inner.y + u16::try_from(shown).unwrap_or(u16::MAX);
                Line::styled(visible, text_style)
                    .render(Rect::new(inner.x, y, inner.width, 1), buf);
            }
        });
        if !self.common.is_enabled() {
            return;
        }
        if focused && row >= caret.scroll && row < caret.scroll + height {
            let to_u16 = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
            let x =
                inner.x.saturating_add(to_u16(col - hskip)).min(inner.right().saturating_sub(1));
            let y = inner.y.saturating_add(to_u16(row - caret.scroll));
            ui.set_cursor(x, y);
        }
        ui.make_focusable(node);
        let layout = Layout { bordered, height, lines: lines.len(), hskip, scroll: caret.scroll };
        let value = self.value;
        let on_change = self.on_change;
        ui.on_event(node, move |event, cx| match event {
            WidgetEvent::Key(key) => edit(key, &value, &layout, on_change.as_deref(), cx),
            WidgetEvent::Press { button: MouseButton::Left, col, row } => {
                let chars: Vec<char> = value.chars().collect();
                let bounds = cx.bounds();
                let inset = i32::from(layout.bordered);
                let line = (i32::from(*row) - bounds.y - inset).max(0) as usize + layout.scroll;
                let column = (i32::from(*col) - bounds.x - inset).max(0) as usize + layout.hskip;
                let at = index_at(&chars, line, column);
                let caret = cx.state::<Caret>();
                *caret = Caret { at, placed: at != chars.len(), goal: None, free: false, ..*caret };
                true
            }
            WidgetEvent::Scroll { direction, .. } => {
                let max = layout.lines.saturating_sub(layout.height);
                let caret = cx.state::<Caret>();
                caret.scroll = match direction {
                    ScrollDirection::Up => caret.scroll.saturating_sub(1),
                    ScrollDirection::Down => (caret.scroll + 1).min(max),
                };
                caret.free = true;
                true
            }
            _ => false,
        });
    }
}

/// Applies one key to the text and the caret; `false` for keys the field
/// does not use (they bubble).
fn edit<M: Send + 'static>(
    key: &KeyPress,
    value: &str,
    layout: &Layout,
    on_change: Option<&dyn Fn(String) -> M>,
    cx: &mut EventCx<'_, M>,
) -> bool {
    if key.modifiers.ctrl || key.modifiers.alt {
        return false;
    }
    let mut chars: Vec<char> = value.chars().collect();
    let caret = *cx.state::<Caret>();
    let at = caret.at.min(chars.len());
    let (row, col) = position(&chars, at);
    let goal = caret.goal.unwrap_or(col);
    let mut keep_goal = false;
    let (edited, new_at) = match key.code {
        KeyCode::Char(character) => {
            chars.insert(at, character);
            (true, at + 1)
        }
        KeyCode::Enter => {
            chars.insert(at, '\n');
            (true, at + 1)
        }
        KeyCode::Backspace if at > 0 => {
            chars.remove(at - 1);
            (true, at - 1)
        }
        KeyCode::Delete if at < chars.len() => {
            chars.remove(at);
            (true, at)
        }
        KeyCode::Backspace | KeyCode::Delete => (false, at),
        KeyCode::Left => (false, at.saturating_sub(1)),
        KeyCode::Right => (false, (at + 1).min(chars.len())),
        KeyCode::Home => (false, index_at(&chars, row, 0)),
        KeyCode::End => (false, index_at(&chars, row, usize::MAX)),
        KeyCode::Up | KeyCode::PageUp => {
            keep_goal = true;
            let by = if key.code == KeyCode::Up { 1 } else { layout.height };
            if row == 0 {
                (false, 0)
            } else {
                (false, index_at(&chars, row.saturating_sub(by), goal))
            }
        }
        KeyCode::Down | KeyCode::PageDown => {
            keep_goal = true;
            let by = if key.code == KeyCode::Down { 1 } else { layout.height };
            if row + 1 >= layout.lines {
                (false, chars.len())
            } else {
                (false, index_at(&chars, row + by, goal))
            }
        }
        _ => return false,
    };
    *cx.state::<Caret>() = Caret {
        at: new_at,
        placed: new_at != chars.len(),
        goal: keep_goal.then_some(goal),
        scroll: caret.scroll,
        free: false,
    };
    if edited && let Some(on_change) = on_change {
        cx.emit(on_change(chars.into_iter().collect()));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::identity;

    #[test]
    fn a_text_area_publishes_where_it_is_scrolled_in_lines() {
        use crate::widgets::testing::{node, session};
        use rehearse_core::semantic::ScrollPosition;
        // Ten lines through two rows, the caret on the last: eight above.
        let session = session(|ui| {
            let value = (0..10).map(|at| format!("line {at}")).collect::<Vec<_>>().join("\n");
            ui.add(Rect::new(0, 0, 30, 2), TextArea::new(value).automation_id("notes"));
        });
        assert_eq!(node(&session, "notes").states.scroll, Some(ScrollPosition::new(8, 10)));
    }

    #[test]
    fn positions_and_indices_round_trip() {
        let chars: Vec<char> = "ab\n\ncdef".chars().collect();
        assert_eq!(position(&chars, 0), (0, 0));
        assert_eq!(position(&chars, 2), (0, 2));
        assert_eq!(position(&chars, 3), (1, 0));
        assert_eq!(position(&chars, 4), (2, 0));
        assert_eq!(position(&chars, 8), (2, 4));
        assert_eq!(index_at(&chars, 0, 9), 2);
        assert_eq!(index_at(&chars, 1, 5), 3);
        assert_eq!(index_at(&chars, 2, 3), 7);
        assert_eq!(index_at(&chars, 7, 0), 8);
    }

    #[test]
    fn an_empty_area_publishes_an_empty_public_value_named_by_its_placeholder() {
        let facts = TextArea::<()>::new("").placeholder("Notes").automation_id("notes").semantics();
        assert_eq!(identity(&facts), (SemanticRole::TextArea, Some("Notes"), Some("notes")));
        let value = facts.value.expect("a text area has a value");
        assert_eq!((value.text(), value.sensitivity()), (Some(""), Sensitivity::Public));
        let labelled = TextArea::<()>::new("a\nb").label("Body").placeholder("Notes");
        let facts = labelled.enabled(false).semantics();
        assert_eq!(facts.label.as_deref(), Some("Body"));
        assert_eq!(facts.states.enabled, Some(false));
        assert_eq!(facts.value.unwrap().text(), Some("a\nb"));
    }
}
