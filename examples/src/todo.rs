//! A todo list: a new-todo field that adds on Enter, items you can toggle
//! done, filters (all / active / done), delete with a confirmation dialog,
//! counts in a status line, and a list that scrolls when it holds many items.
//! F6 copies the visible list to the system clipboard, which is why the app
//! refuses F6 in automation.

use std::fmt;
use std::io::{self, Write};

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use rehearse::AutomationIds;
use rehearse::prelude::*;
use rehearse::widgets::{Button, List, ListItem, Modal, Status, Tabs, TextInput, theme};

rehearse::automation_ids! {
    /// The automation ids the todo app uses, shared by its view and its
    /// tests: `scenario! { app = TodoApp; ... }` rejects any other id at
    /// compile time.
    pub mod ids for TodoApp {
        /// The new-todo field.
        NEW_TODO = "new-todo";
        /// The list of todos.
        LIST = "todos";
        /// The filter tab strip.
        FILTERS = "filters";
        /// The status line.
        STATUS = "status";
        /// The delete confirmation dialog.
        CONFIRM = "confirm-delete";
        /// Its confirm button.
        CONFIRM_YES = "confirm-yes";
        /// Its cancel button.
        CONFIRM_NO = "confirm-no";
        /// The list item of the todo with this id.
        fn item = "item-{n}";
        /// The done toggle of the todo with this id.
        fn toggle = "toggle-{n}";
        /// The delete button of the todo with this id.
        fn delete = "delete-{n}";
        /// The tab of a filter: `filter-all`, `filter-active`, `filter-done`
        /// (a [`Filter`](super::Filter) displays as its name).
        fn filter = "filter-{name}";
        /// F6 copies the visible list to the system clipboard (an OSC 52
        /// escape on stdout): a side effect outside the app that a test
        /// must never trigger.
        refuse f6;
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
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

/// The filter's name in ids: `all`, `active`, `done` (so
/// `ids::filter(Filter::Done)` is `filter-done`).
impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::All => "all",
            Self::Active => "active",
            Self::Done => "done",
        })
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
    /// Copy the visible todos to the system clipboard (F6).
    CopyList,
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
    const AUTOMATION_IDS: AutomationIds = ids::DECLARED;

    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        // Start where a person starts: typing a new todo.
        ctx.focus(Selector::id(ids::NEW_TODO));
    }

    fn model_state(&self) -> Option<serde_json::Value> {
        let items: Vec<_> = self
            .todos
            .iter()
            .map(|todo| serde_json::json!({"id": todo.id, "title": todo.title, "done": todo.done}))
            .collect();
        let visible: Vec<u64> = self.visible().iter().map(|todo| todo.id).collect();
        Some(serde_json::json!({
            "filter": self.filter.title().to_lowercase(),
            "draft": self.draft,
            "items": items,
            "visible": visible,
            "remaining": self.remaining(),
            "confirmDelete": self.confirm_delete,
        }))
    }

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
            Msg::CopyList => {
                let titles: Vec<&str> =
                    self.visible().into_iter().map(|todo| todo.title.as_str()).collect();
                // Best effort: a terminal without OSC 52 ignores it.
                let _ = copy_to_clipboard(&mut std::io::stdout(), &titles.join("\n"));
            }
            Msg::Quit => ctx.quit(),
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        ui.on_key_global("ctrl+q".parse::<KeyPress>().expect("a valid key"), || Msg::Quit);
        // Refused in automation (`ids::DECLARED`): it writes the clipboard.
        ui.on_key(KeyPress::from(KeyCode::F(6)), || Msg::CopyList);
        let [input, filters, list, status] = Layout::vertical([
            Constraint::Length(3),
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
        ])
        .areas(ui.area());

        // Each part renders again only when what it shows changed.
        ui.memo("input", input, &self.draft, |ui| {
            ui.add(
                input,
                TextInput::new(self.draft.as_str())
                    .placeholder("What needs doing?")
                    .automation_id(ids::NEW_TODO)
                    .on_change(Msg::Draft)
                    .on_submit(|_| Msg::Add),
            );
        });
        ui.memo("filters", filters, &self.filter, |ui| self.filters(ui, filters));
        self.list(ui, list);
        let counts = (self.remaining(), self.todos.len());
        ui.memo("status", status, &counts, |ui| {
            ui.add(status, Status::new(self.status_line()).automation_id(ids::STATUS));
        });
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
        let visible = self.visible();
        List::new()
            .automation_id(ids::LIST)
            .selected(self.selected)
            .on_select(Msg::Select)
            // Rows are built only when their todo changed: a click builds one.
            .show_lazy(
                ui,
                area,
                visible.len(),
                |at| {
                    (
                        ReconcileKey::from(visible[at].id),
                        (visible[at].done, visible[at].title.as_str()),
                    )
                },
                |at| Self::row(visible[at].id, visible[at].done, visible[at].title.as_str()),
            );
        ui.on_key(KeyPress::from(KeyCode::Delete), || Msg::DeleteSelected);
        ui.on_key(KeyPress::char(' '), || Msg::ToggleSelected);
    }

    /// One todo's row: its done toggle, its title, its delete button.
    fn row(id: u64, done: bool, title: &str) -> ListItem<'_, Msg> {
        ListItem::custom(move |ui: &mut Ui<'_, Msg>, row: Rect| {
            let [toggle, label, delete] = Layout::horizontal([
                Constraint::Length(4),
                Constraint::Fill(1),
                Constraint::Length(3),
            ])
            .areas(row);
            ui.add(toggle, DoneToggle { label: title, done, id: ids::toggle(id) })
                .on_click(move || Msg::Toggle(id));
            let style =
                if done { Modifier::CROSSED_OUT | Modifier::DIM } else { Modifier::empty() };
            ui.draw(label, Line::styled(title, style));
            ui.add(
                delete,
                Button::new("✕")
                    .name(format!("Delete “{title}”"))
                    .automation_id(ids::delete(id))
                    .on_click(move || Msg::AskDelete(id)),
            );
        })
        .label(title)
        .automation_id(ids::item(id))
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

/// Writes `text` to the system clipboard of the terminal behind `out` with
/// an OSC 52 escape (`ESC ] 52 ; c ; BASE64 BEL`), the way terminal apps copy
/// over SSH.
///
/// ```
/// let mut out = Vec::new();
/// rehearse_examples::todo::copy_to_clipboard(&mut out, "Buy milk").unwrap();
/// assert_eq!(out, b"\x1b]52;c;QnV5IG1pbGs=\x07");
/// ```
///
/// # Errors
///
/// What writing to `out` fails with.
pub fn copy_to_clipboard(out: &mut impl Write, text: &str) -> io::Result<()> {
    write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes()))?;
    out.flush()
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut encoded = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let group = chunk
            .iter()
            .enumerate()
            .fold(0u32, |group, (at, &byte)| group | (u32::from(byte) << (16 - 8 * at)));
        for index in 0..4 {
            if index <= chunk.len() {
                let sextet = (group >> (18 - 6 * index)) & 0x3f;
                encoded.push(char::from(ALPHABET[sextet as usize]));
            } else {
                encoded.push('=');
            }
        }
    }
    encoded
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
