//! `TextInput`: a single-line text field, optionally masked.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use crate::ui::{Ui, View, WidgetEvent};
use crate::widgets::{Common, ValueCallback, common_builders, rounded_border, theme};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{KeyCode, SemanticAction, SemanticRole, Sensitivity};

/// The caret position, kept by the framework across renders.
#[derive(Debug, Default, Clone, Copy)]
struct Caret {
    /// Characters before the caret.
    at: usize,
    /// Whether the caret was placed by the user (otherwise it follows the end).
    placed: bool,
}

/// A single-line text field. The app owns the value; typing sends
/// `on_change` with the new value, Enter sends `on_submit`.
///
/// A masked field draws `•` for each character and publishes its value as
/// [`Sensitivity::Masked`], so no semantic output ever contains it. A
/// read-only field ([`TextInput::read_only`]) still takes focus and moves
/// its caret, but no key edits it: it publishes the `readonly` state and
/// no `set-value` action.
pub struct TextInput<M> {
    common: Common,
    value: String,
    masked: bool,
    read_only: bool,
    on_change: Option<ValueCallback<String, M>>,
    on_submit: Option<ValueCallback<String, M>>,
}

impl<M> TextInput<M> {
    /// A field showing `value`.
    pub fn new(value: impl Into<String>) -> Self {
        Self {
            common: Common::switchable(),
            value: value.into(),
            masked: false,
            read_only: false,
            on_change: None,
            on_submit: None,
        }
    }

    common_builders! {
        /// The field's label (its accessible name and border title).
        label,
        /// Text shown while empty (the name when there is no label).
        placeholder,
        /// Sets the automation id.
        automation_id,
    }

    /// Masks the value on screen and in every semantic output (passwords).
    #[must_use]
    pub fn masked(mut self, masked: bool) -> Self {
        self.masked = masked;
        self
    }

    /// Makes the field read-only: shown and focusable, but no key edits it
    /// (Enter still submits), and it publishes the `readonly` state.
    #[must_use]
    pub fn read_only(mut self, read_only: bool) -> Self {
        self.read_only = read_only;
        self
    }

    common_builders! {
        /// Enables or disables the field.
        enabled,
    }

    /// The message an edit sends, given the new value.
    #[must_use]
    pub fn on_change(mut self, message: impl Fn(String) -> M + 'static) -> Self {
        self.on_change = Some(Box::new(message));
        self
    }

    /// The message Enter sends, given the value.
    #[must_use]
    pub fn on_submit(mut self, message: impl Fn(String) -> M + 'static) -> Self {
        self.on_submit = Some(Box::new(message));
        self
    }
}

impl<M> Semantic for TextInput<M> {
    fn semantics(&self) -> SemanticFacts {
        let sensitivity = if self.masked { Sensitivity::Masked } else { Sensitivity::Public };
        let facts = self.common.facts(SemanticRole::TextBox);
        let facts = facts.value(self.value.as_str(), sensitivity);
        if self.read_only {
            let actions = SemanticRole::TextBox.default_actions().without(SemanticAction::SetValue);
            facts.readonly(true).actions(actions)
        } else {
            facts
        }
    }
}

impl<M: Send + 'static> View<M> for TextInput<M> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let node = ui.node(area, facts, |_, _| {});
        ui.no_inferred_name(node);
        let length = self.value.chars().count();
        let caret = {
            let caret = ui.state::<Caret>(node);
            if !caret.placed || caret.at > length {
                *caret = Caret { at: length, placed: false };
            }
            *caret
        };
        let focused = ui.is_focused(node);
        let style = theme::border(focused, self.common.is_enabled());
        let shown: String = if self.masked { "•".repeat(length) } else { self.value.clone() };
        let bordered = area.height >= 3;
        let inner = if bordered { Block::bordered().inner(area) } else { area };
        // Keep the caret visible: scroll horizontally when the text is wider.
        let width = usize::from(inner.width.max(1));
        let skip = (caret.at + 1).saturating_sub(width);
        let visible: String = shown.chars().skip(skip).collect();
        let label = self.common.label.clone();
        let placeholder = self.common.placeholder.clone();
        ui.draw_own(area, |area, buf| {
            if bordered {
                rounded_border(label.as_deref(), style).render(area, buf);
            }
            let line = if length == 0 {
                Line::from(Span::styled(placeholder.unwrap_or_default(), theme::PLACEHOLDER))
            } else {
                Line::from(Span::styled(
                    visible,
                    if self.common.is_enabled() { theme::NORMAL } else { theme::DISABLED },
                ))
            };
            line.render(inner, buf);
        });
        if !self.common.is_enabled() {
            return;
        }
        if focused {
            let col = inner.x
                + u16::try_from(caret.at - skip)
                    .unwrap_or(u16::MAX)
                    .min(inner.width.saturating_sub(1));
            ui.set_cursor(col, inner.y);
        }
        ui.make_focusable(node);
        let value = self.value;
        let on_change = self.on_change;
        let on_submit = self.on_submit;
        let read_only = self.read_only;
        ui.on_event(node, move |event, cx| {
            let WidgetEvent::Key(key) = event else { return false };
            if key.modifiers.ctrl || key.modifiers.alt {
                return false;
            }
            let mut chars: Vec<char> = value.chars().collect();
            let caret = *cx.state::<Caret>();
            let at = caret.at.min(chars.len());
            let (new_value, new_at) = match key.code {
                // A read-only field leaves its edit keys to whoever is above.
                KeyCode::Char(_) | KeyCode::Backspace | KeyCode::Delete if read_only => {
                    return false;
                }
                KeyCode::Char(character) => {
                    chars.insert(at, character);
                    (Some(chars.iter().collect::<String>()), at + 1)
                }
                KeyCode::Backspace if at > 0 => {
                    chars.remove(at - 1);
                    (Some(chars.iter().collect()), at - 1)
                }
                KeyCode::Delete if at < chars.len() => {
                    chars.remove(at);
                    (Some(chars.iter().collect()), at)
                }
                KeyCode::Backspace | KeyCode::Delete => (None, at),
                KeyCode::Left => (None, at.saturating_sub(1)),
                KeyCode::Right => (None, (at + 1).min(chars.len())),
                KeyCode::Home => (None, 0),
                KeyCode::End => (None, chars.len()),
                KeyCode::Enter => {
                    return match &on_submit {
                        Some(on_submit) => {
                            cx.emit(on_submit(value.clone()));
                            true
                        }
                        None => false,
                    };
                }
                _ => return false,
            };
            *cx.state::<Caret>() = Caret { at: new_at, placed: new_at != chars.len() };
            if let (Some(new_value), Some(on_change)) = (new_value, &on_change) {
                cx.emit(on_change(new_value));
            }
            true
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_named_by_its_label_else_its_placeholder() {
        let facts = TextInput::<()>::new("milk").placeholder("Add a todo").semantics();
        assert_eq!(facts.role, SemanticRole::TextBox);
        assert_eq!(facts.label.as_deref(), Some("Add a todo"));
        let value = facts.value.expect("a text box has a value");
        assert_eq!((value.text(), value.sensitivity()), (Some("milk"), Sensitivity::Public));
        assert_eq!(facts.states.enabled, Some(true));
        let labelled = TextInput::<()>::new("").label("Todo").placeholder("Add a todo");
        let facts = labelled.automation_id("new").enabled(false).semantics();
        assert_eq!(facts.label.as_deref(), Some("Todo"));
        assert_eq!(facts.automation_id.as_deref(), Some("new"));
        assert_eq!(facts.states.enabled, Some(false));
        assert_eq!(
            facts.value.and_then(|value| value.text().map(str::to_owned)),
            Some(String::new())
        );
    }

    #[test]
    fn a_read_only_field_says_so_and_offers_no_set_value() {
        let facts = TextInput::<()>::new("v1.2").label("Version").read_only(true).semantics();
        assert_eq!(facts.states.readonly, Some(true));
        let actions = facts.effective_actions();
        assert!(!actions.contains(SemanticAction::SetValue));
        assert!(actions.contains(SemanticAction::Focus));
        let editable = TextInput::<()>::new("v1.2").label("Version").semantics();
        assert_eq!(editable.states.readonly, None, "only a read-only field reports it");
        assert!(editable.effective_actions().contains(SemanticAction::SetValue));
    }

    #[test]
    fn typing_into_a_read_only_field_changes_nothing() {
        use crate::{Component, Context, Session, SessionOptions};
        use rehearse_lang::{AutomationStep, Predicate, Selector, WaitCondition};
        struct Form(String);
        impl Component for Form {
            type Message = String;
            fn update(&mut self, value: String, _: &mut Context<'_, Self>) {
                self.0 = value;
            }
            fn view(&self, ui: &mut Ui<'_, String>) {
                let field = TextInput::new(self.0.as_str()).automation_id("v").read_only(true);
                ui.add(ui.area(), field.on_change(|value| value));
            }
        }
        let options = SessionOptions::default().viewport(20, 1);
        let mut session = Session::new(Form("fixed".into()), options);
        let field = session.tree().by_id("v").unwrap();
        assert_eq!(
            field.markdown_line(),
            "text-box \"v\" #v value=\"fixed\" [readonly] at 0,0 20x1"
        );
        session.step(AutomationStep::focus(Selector::id("v"))).unwrap();
        session.step(AutomationStep::type_text("x")).unwrap();
        session.step(AutomationStep::key(KeyCode::Backspace)).unwrap();
        let field = session.tree().by_id("v").unwrap();
        assert_eq!(field.value.as_ref().and_then(|value| value.text()), Some("fixed"));
        // A test waits on it: `readonly` holds, `readonly=false` does not.
        let wait = |readonly: bool| {
            let condition = WaitCondition::new(Predicate::ReadOnly(readonly), Selector::id("v"));
            AutomationStep::wait_for(condition, std::time::Duration::ZERO)
        };
        session.step(wait(true)).unwrap();
        assert!(session.step(wait(false)).is_err());
    }

    #[test]
    fn a_masked_field_never_publishes_its_text() {
        let facts = TextInput::<()>::new("hunter2").label("Password").masked(true).semantics();
        let value = facts.value.expect("a masked field still has a value");
        assert_eq!((value.text(), value.sensitivity()), (None, Sensitivity::Masked));
        assert!(!format!("{value:?}").contains("hunter2"));
    }
}
