//! `RadioGroup`: mutually exclusive options.

use std::rc::Rc;

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::ui::{Ui, View, WidgetEvent};
use crate::widgets::{ValueCallback, interaction_style, step_selection, theme, with_id};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{ActionSet, KeyCode, MouseButton, SemanticRole};

/// A set of mutually exclusive options, one per row: `(•) Small`,
/// `( ) Large`.
///
/// Records a `radio-group` node (named by its [`label`](Self::label), never
/// by its options) with one `radio` child per option, named by the option
/// and `checked` true on the selected one, false on the others. The group
/// is focusable: Up/Down (and Left/Right, Home/End) move the selection and
/// send `on_select`. Clicking a radio sends `on_select` with its index.
///
/// Radios get automation ids from [`option_ids`](Self::option_ids), given in
/// option order.
///
/// ```
/// use rehearse::widgets::RadioGroup;
/// enum Msg { Size(usize) }
/// let sizes = RadioGroup::new(["Small", "Medium", "Large"])
///     .label("Size")
///     .selected(Some(1))
///     .automation_id("size")
///     .option_ids(["size-s", "size-m", "size-l"])
///     .on_select(Msg::Size);
/// # let _ = sizes;
/// ```
pub struct RadioGroup<M> {
    options: Vec<String>,
    selected: Option<usize>,
    label: Option<String>,
    id: Option<String>,
    option_ids: Vec<String>,
    enabled: bool,
    on_select: Option<ValueCallback<usize, M>>,
}

impl<M> RadioGroup<M> {
    /// A group of options (their labels, in order), none selected.
    pub fn new(options: impl IntoIterator<Item = impl Into<String>>) -> Self {
        Self {
            options: options.into_iter().map(Into::into).collect(),
            selected: None,
            label: None,
            id: None,
            option_ids: Vec::new(),
            enabled: true,
            on_select: None,
        }
    }

    /// The selected option's index (`None` selects none; an index past the
    /// end selects none).
    #[must_use]
    pub fn selected(mut self, selected: impl Into<Option<usize>>) -> Self {
        self.selected = selected.into();
        self
    }

    /// The group's label: its accessible name. It is not drawn; put a
    /// heading or a titled [`Frame`](crate::widgets::Frame) next to it.
    #[must_use]
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Sets the group's automation id.
    #[must_use]
    pub fn automation_id(mut self, id: impl Into<String>) -> Self {
        self.id = Some(id.into());
        self
    }

    /// Automation ids for the radios, in option order. Options past the end
    /// of the list get none.
    #[must_use]
    pub fn option_ids(mut self, ids: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.option_ids = ids.into_iter().map(Into::into).collect();
        self
    }

    /// Enables or disables the group and every radio in it.
    #[must_use]
    pub fn enabled(mut self, enabled: bool) -> Self {
        self.enabled = enabled;
        self
    }

    /// The message a selection sends, given the option's index. Without it
    /// the radios publish no Click or Toggle action.
    #[must_use]
    pub fn on_select(mut self, message: impl Fn(usize) -> M + 'static) -> Self {
        self.on_select = Some(Box::new(message));
        self
    }

    fn selection(&self) -> Option<usize> {
        self.selected.filter(|&at| at < self.options.len())
    }

    /// The facts of the radio for option `at`.
    fn radio_facts(&self, at: usize) -> SemanticFacts {
        let mut facts = SemanticFacts::new(SemanticRole::Radio)
            .label(self.options[at].as_str())
            .checked(self.selection() == Some(at));
        if self.on_select.is_none() {
            facts = facts.actions(ActionSet::EMPTY);
        }
        with_id(facts, self.option_ids.get(at).map(String::as_str))
    }
}

impl<M> Semantic for RadioGroup<M> {
    fn semantics(&self) -> SemanticFacts {
        let facts = SemanticFacts::new(SemanticRole::RadioGroup)
            .label(self.label.as_deref())
            .enabled(self.enabled);
        with_id(facts, self.id.as_deref())
    }
}

impl<M: Send + 'static> View<M> for RadioGroup<M> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let enabled = self.enabled;
        let selected = self.selection();
        let radios: Vec<SemanticFacts> =
            (0..self.options.len()).map(|at| self.radio_facts(at)).collect();
        let on_select: Option<Rc<dyn Fn(usize) -> M>> = self.on_select.map(Rc::from);
        let options = self.options;
        let group = ui.node(area, facts, |ui, group| {
            let group_focused = ui.is_focused(group);
            for (at, facts) in radios.into_iter().enumerate() {
                let Ok(offset) = u16::try_from(at) else { break };
                let row = Rect::new(area.x, area.y.saturating_add(offset), area.width, 1);
                let radio = ui.node(row, facts, |ui, radio| {
                    let mut style = interaction_style(ui, radio, enabled);
                    if enabled && group_focused && selected == Some(at) {
                        style = theme::FOCUSED;
                    }
                    let mark = if selected == Some(at) { "(•)" } else { "( )" };
                    let text = format!("{mark} {}", options[at]);
                    if offset < area.height {
                        ui.draw_own(row, |row, buf| Line::styled(text, style).render(row, buf));
                    }
                });
                if let (true, Some(on_select)) = (enabled, &on_select) {
                    let on_select = on_select.clone();
                    ui.on_event(radio, move |event, cx| match event {
                        WidgetEvent::Click { button: MouseButton::Left, .. } => {
                            cx.emit(on_select(at));
                            true
                        }
                        _ => false,
                    });
                }
            }
        });
        if !enabled {
            return;
        }
        ui.make_focusable(group);
        if let Some(on_select) = on_select {
            let len = options.len();
            ui.on_event(group, move |event, cx| {
                let WidgetEvent::Key(key) = event else { return false };
                let moved = step_selection(key, selected, len, KeyCode::Up, KeyCode::Down, 0)
                    .or_else(|| {
                        step_selection(key, selected, len, KeyCode::Left, KeyCode::Right, 0)
                    });
                match moved {
                    Some(next) => {
                        cx.emit(on_select(next));
                        true
                    }
                    None => false,
                }
            });
        }
    }
}
