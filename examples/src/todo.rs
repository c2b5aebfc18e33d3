//! A todo list: a new-todo field that adds on Enter, items you can toggle
//! done, filters (all / active / done), delete with a confirmation dialog,
//! counts in a status line, and a list that scrolls when it holds many items.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use rehearse::prelude::*;
use rehearse::widgets::{Button, List, ListItem, Modal, Status, Tabs, TextInput, theme};

/// The automation ids the todo app uses, shared by its view and its tests.
pub mod ids {
    /// The new-todo field.
    pub const NEW_TODO: &str = "new-todo";
    /// The list of todos.
    pub const LIST: &str = "todos";
    /// The filter tab strip.
    pub const FILTERS: &str = "filters";
    /// The status line.
    pub const STATUS: &str = "status";
    /// The delete confirmation dialog.
    pub const CONFIRM: &str = "confirm-delete";
    /// Its confirm button.
    pub const CONFIRM_YES: &str = "confirm-yes";
    /// Its cancel button.
    pub const CONFIRM_NO: &str = "confirm-no";

    /// The list item of the todo with this id.
    pub fn item(id: u64) -> String {
        format!("item-{id}")
    }

    /// The done toggle of the todo with this id.
    pub fn toggle(id: u64) -> String {
        format!("toggle-{id}")
    }

    /// The delete button of the todo with this id.
    pub fn delete(id: u64) -> String {
        format!("delete-{id}")
    }

    /// The tab of a filter: `filter-all`, `filter-active`, `filter-done`.
    pub fn filter(filter: super::Filter) -> &'static str {
        match filter {
            super::Filter::All => "filter-all",
            super::Filter::Active => "filter-active",
            super::Filter::Done => "filter-done",
        }
    }
}

/// One todo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Todo {
    /// Stable id (never reused).
    pub id: u64,
    /// What to do.
    pub title: String,
    /// Whether it is done.
    pub done: bool,
}

/// Which todos the list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Filter {
    /// Every todo.
    #[default]
    All,
    /// Todos not done.
    Active,
    /// Todos done.
    Done,
}

impl Filter {
    /// Every filter, in tab order.
    pub const ALL: [Filter; 3] = [Filter::All, Filter::Active, Filter::Done];

    /// The tab title.
    pub fn title(self) -> &'static str {
        match self {
            Self::All => "All",
            Self::Active => "Active",
            Self::Done => "Done",
        }
    }

    fn shows(self, todo: &Todo) -> bool {
        match self {
            Self::All => true,
            Self::Active => !todo.done,
            Self::Done => todo.done,
        }
    }
}

/// The app state.
#[derive(Debug, Default)]
pub struct TodoApp {
    draft: String,
    todos: Vec<Todo>,
    filter: Filter,
    selected: Option<usize>,
    confirm_delete: Option<u64>,
    next_id: u64,
}

/// What the todo app reacts to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// The new-todo field changed.
    Draft(String),
    /// Add the draft as a todo.
    Add,
    /// Flip a todo's done state.
    Toggle(u64),
    /// Ask before deleting a todo.
    AskDelete(u64),
    /// Delete the todo the dialog asks about.
    ConfirmDelete,
    /// Close the dialog without deleting.
    CancelDelete,
    /// Show another filter.
    Filter(Filter),
    /// Select the visible item at this index.
    Select(usize),
    /// Ask to delete the selected item.
    DeleteSelected,
    /// Flip the selected item's done state.
    ToggleSelected,
    /// Leave the app.
    Quit,
}

impl TodoApp {
    /// An app holding `count` todos titled `Todo 1` .. `Todo N`, every
    /// third one done.
    pub fn with_items(count: usize) -> Self {
        let mut app = Self::default();
        for n in 1..=count {
            app.push(format!("Todo {n}"), n % 3 == 0);
        }
        app
    }

    fn push(&mut self, title: String, done: bool) {
        self.next_id += 1;
        self.todos.push(Todo { id: self.next_id, title, done });
    }

    /// Every todo, in order.
    pub fn todos(&self) -> &[Todo] {
        &self.todos
    }

    /// The current filter.
    pub fn filter(&self) -> Filter {
        self.filter
    }

    /// The todos the current filter shows.
    pub fn visible(&self) -> Vec<&Todo> {
        self.todos.iter().filter(|todo| self.filter.shows(todo)).collect()
    }

    /// How many todos are not done.
    pub fn remaining(&self) -> usize {
        self.todos.iter().filter(|todo| !todo.done).count()
    }

    fn status_line(&self) -> String {
        let left = self.remaining();
        let noun = if left == 1 { "item" } else { "items" };
        format!(
            "{left} {noun} left · {} done · {} total",
            self.todos.len() - left,
            self.todos.len()
        )
    }
}

impl Component for TodoApp {
    type Message = Msg;

    fn update(&mut self, msg: Msg, ctx: &mut Context<'_, Self>) {
        match msg {
            Msg::Draft(draft) => self.draft = draft,
            Msg::Add => {
                let title = self.draft.trim().to_owned();
                if !title.is_empty() {
                    self.push(title, false);
                    self.draft.clear();
                }
            }
            Msg::Toggle(id) => {
                if let Some(todo) = self.todos.iter_mut().find(|todo| todo.id == id) {
                    todo.done = !todo.done;
                }
            }
            Msg::AskDelete(id) => self.confirm_delete = Some(id),
            Msg::ConfirmDelete => {
                if let Some(id) = self.confirm_delete.take() {
                    self.todos.retain(|todo| todo.id != id);
                    let visible = self.visible().len();
                    self.selected =
                        self.selected.filter(|_| visible > 0).map(|at| at.min(visible - 1));
                }
            }
            Msg::CancelDelete => self.confirm_delete = None,
            Msg::Filter(filter) => {
                self.filter = filter;
                self.selected = None;
            }
            Msg::Select(index) => self.selected = Some(index),
            Msg::DeleteSelected => {
                if let Some(todo) = self.selected.and_then(|at| self.visible().get(at).copied()) {
                    self.confirm_delete = Some(todo.id);
                }
            }
            Msg::ToggleSelected => {
                if let Some(id) =
                    self.selected.and_then(|at| self.visible().get(at).map(|todo| todo.id))
                {
                    ctx.send(Msg::Toggle(id));
                }
            }
            Msg::Quit => ctx.quit(),
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        ui.on_key("ctrl+q".parse::<KeyPress>().expect("a valid key"), || Msg::Quit);
        let [input, filters, list, status] = Layout::vertical([
            Constraint::Length(3),
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
        ])
        .areas(ui.area());

        ui.add(
            input,
            TextInput::new(self.draft.as_str())
                .placeholder("What needs doing?")
                .automation_id(ids::NEW_TODO)
                .on_change(Msg::Draft)
                .on_submit(|_| Msg::Add),
        );
        self.filters(ui, filters);
        self.list(ui, list);
        ui.add(status, Status::new(self.status_line()).automation_id(ids::STATUS));
        if let Some(todo) =
            self.confirm_delete.and_then(|id| self.todos.iter().find(|t| t.id == id))
        {
            self.confirm(ui, todo);
        }
    }
}

impl TodoApp {
    fn filters(&self, ui: &mut Ui<'_, Msg>, area: Rect) {
        let selected = Filter::ALL.iter().position(|&filter| filter == self.filter);
        ui.add(
            area,
            Tabs::new(Filter::ALL.map(Filter::title))
                .label("Filter")
                .automation_id(ids::FILTERS)
                .tab_ids(Filter::ALL.map(ids::filter))
                .selected(selected)
                .on_select(|index| Msg::Filter(Filter::ALL[index])),
        );
    }

    fn list(&self, ui: &mut Ui<'_, Msg>, area: Rect) {
        let items = self
            .visible()
            .into_iter()
            .map(|todo| {
                let (id, done, title) = (todo.id, todo.done, todo.title.as_str());
                ListItem::custom(move |ui: &mut Ui<'_, Msg>, row: Rect| {
                    let [toggle, label, delete] = Layout::horizontal([
                        Constraint::Length(4),
                        Constraint::Fill(1),
                        Constraint::Length(3),
                    ])
                    .areas(row);
                    ui.add(toggle, DoneToggle { label: title, done, id: ids::toggle(id) })
                        .on_click(move || Msg::Toggle(id));
                    let style = if done {
                        Modifier::CROSSED_OUT | Modifier::DIM
                    } else {
                        Modifier::empty()
                    };
                    ui.draw(label, Line::styled(title, style));
                    ui.add(
                        delete,
                        Button::new("✕")
                            .automation_id(ids::delete(id))
                            .on_click(move || Msg::AskDelete(id)),
                    );
                })
                .label(title)
                .automation_id(ids::item(id))
                .key(id)
            })
            .collect();
        List::new()
            .automation_id(ids::LIST)
            .selected(self.selected)
            .on_select(Msg::Select)
            .show(ui, area, items);
        ui.on_key(KeyPress::from(KeyCode::Delete), || Msg::DeleteSelected);
        ui.on_key(KeyPress::char(' '), || Msg::ToggleSelected);
    }

    fn confirm(&self, ui: &mut Ui<'_, Msg>, todo: &Todo) {
        Modal::new(format!("Delete “{}”?", todo.title))
            .automation_id(ids::CONFIRM)
            .size(44, 7)
            .on_dismiss(|| Msg::CancelDelete)
            .show(ui, |ui, inner| {
                let [message, buttons] =
                    Layout::vertical([Constraint::Length(2), Constraint::Length(3)]).areas(inner);
                ui.add(message, rehearse::widgets::Text::new("This cannot be undone."));
                let [yes, no] =
                    Layout::horizontal([Constraint::Fill(1), Constraint::Fill(1)]).areas(buttons);
                ui.add(
                    yes,
                    Button::new("Delete")
                        .automation_id(ids::CONFIRM_YES)
                        .on_click(|| Msg::ConfirmDelete),
                );
                ui.add(
                    no,
                    Button::new("Cancel")
                        .automation_id(ids::CONFIRM_NO)
                        .on_click(|| Msg::CancelDelete),
                );
            });
    }
}

/// The done toggle of one todo: an app-defined widget. ratatui draws it;
/// the derive says what it means (a checkbox named by its todo).
#[derive(Semantic)]
#[semantic(role = checkbox)]
struct DoneToggle<'a> {
    #[semantic(name)]
    label: &'a str,
    #[semantic(checked)]
    done: bool,
    #[semantic(id)]
    id: String,
}

impl Widget for DoneToggle<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mark = if self.done { "[x]" } else { "[ ]" };
        Line::from(Span::styled(mark, if self.done { theme::ACCENT } else { theme::NORMAL }))
            .render(area, buf);
    }
}
