//! A notes browser that exercises time: a debounced search box, a save that
//! runs on a worker thread, a spinner that animates while it runs, and a
//! toast that expires after three seconds — all on the session clock.

use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use ratatui::layout::{Constraint, Layout, Rect};
use rehearse::command::CommandLink;
use rehearse::prelude::*;
use rehearse::time::TimerId;
use rehearse::widgets::{Button, List, ListItem, Status, TextInput, Toast};

/// How long the search waits for typing to pause.
pub const DEBOUNCE: Duration = Duration::from_millis(300);
/// How long the "Saved" toast stays.
pub const TOAST: Duration = Duration::from_secs(3);
/// How often the spinner moves while saving.
pub const SPIN: Duration = Duration::from_millis(100);

const SPINNER: [&str; 4] = ["⠋", "⠙", "⠸", "⠴"];

/// The automation ids the notes app uses.
pub mod ids {
    /// The search box.
    pub const SEARCH: &str = "search";
    /// The list of matching notes.
    pub const NOTES: &str = "notes";
    /// The save button.
    pub const SAVE: &str = "save";
    /// The status line.
    pub const STATUS: &str = "status";
    /// The "Saved" toast.
    pub const TOAST: &str = "toast";
}

/// The app state.
#[derive(Debug)]
pub struct NotesApp {
    notes: Vec<String>,
    query: String,
    applied: String,
    debounce: Option<TimerId>,
    searches: u32,
    saving: bool,
    spinner: usize,
    status: String,
    toast: Option<u32>,
    toasts: u32,
    store: PathBuf,
    latency: Duration,
    gate: Option<SaveGate>,
}

/// Holds every save's worker until it is opened — a save that takes as
/// long as a test needs, with no clock involved (`NotesApp::gated`).
#[derive(Debug, Clone, Default)]
pub struct SaveGate(Arc<(Mutex<bool>, Condvar)>);

impl SaveGate {
    /// A closed gate.
    pub fn new() -> Self {
        Self::default()
    }

    /// Lets every held and later save through.
    pub fn open(&self) {
        let (open, changed) = &*self.0;
        *open.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = true;
        changed.notify_all();
    }

    fn pass(&self) {
        let (open, changed) = &*self.0;
        let guard = open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let _open = changed
            .wait_while(guard, |open| !*open)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
    }
}

/// What the notes app reacts to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// The search box changed.
    Query(String),
    /// Typing paused: filter with the query.
    Search,
    /// Start saving.
    Save,
    /// The spinner's tick.
    Spin,
    /// The worker wrote this many notes (or failed with a reason).
    Saved(Result<usize, String>),
    /// A toast's time is up.
    ToastExpired(u32),
}

impl NotesApp {
    /// An app with `notes`, saving to `store` after a simulated `latency`
    /// (the worker really writes the file, one note a line).
    pub fn new(notes: Vec<String>, store: PathBuf, latency: Duration) -> Self {
        Self {
            notes,
            query: String::new(),
            applied: String::new(),
            debounce: None,
            searches: 0,
            saving: false,
            spinner: 0,
            status: "Ready".into(),
            toast: None,
            toasts: 0,
            store,
            latency,
            gate: None,
        }
    }

    /// The same app whose saves also wait for `gate` to open.
    #[must_use]
    pub fn gated(mut self, gate: SaveGate) -> Self {
        self.gate = Some(gate);
        self
    }

    /// An app with ten sample notes saving to a file in the temp directory.
    pub fn sample() -> Self {
        let notes = [
            "Buy milk",
            "Call the plumber",
            "Book flights",
            "Renew passport",
            "Water the plants",
            "Write the report",
            "Milk the cow",
            "Plan the offsite",
            "Fix the bike",
            "Read a book",
        ];
        let store = std::env::temp_dir().join(format!("rehearse-notes-{}.txt", std::process::id()));
        Self::new(notes.map(String::from).to_vec(), store, Duration::from_millis(400))
    }

    /// The notes the applied search shows.
    pub fn visible(&self) -> Vec<&str> {
        let needle = self.applied.to_lowercase();
        self.notes
            .iter()
            .map(String::as_str)
            .filter(|note| note.to_lowercase().contains(&needle))
            .collect()
    }

    /// How many times the search ran (debounced: once per pause).
    pub fn searches(&self) -> u32 {
        self.searches
    }

    /// Whether a save is running.
    pub fn is_saving(&self) -> bool {
        self.saving
    }
}

impl Component for NotesApp {
    type Message = Msg;

    fn update(&mut self, msg: Msg, ctx: &mut Context<'_, Self>) {
        match msg {
            Msg::Query(query) => {
                self.query = query;
                if let Some(timer) = self.debounce.take() {
                    ctx.cancel_timer(timer);
                }
                self.debounce = Some(ctx.after(DEBOUNCE, Msg::Search));
            }
            Msg::Search => {
                self.debounce = None;
                self.applied = self.query.clone();
                self.searches += 1;
            }
            Msg::Save if !self.saving => {
                self.saving = true;
                self.status = "Saving".into();
                let notes = self.notes.clone();
                let store = self.store.clone();
                let (latency, gate) = (self.latency, self.gate.clone());
                ctx.spawn("save-notes", move |link: CommandLink<Msg>| {
                    std::thread::sleep(latency);
                    if let Some(gate) = gate {
                        gate.pass();
                    }
                    let written = std::fs::write(&store, notes.join("\n"))
                        .map(|()| notes.len())
                        .map_err(|error| error.to_string());
                    // The result and the command's end arrive together.
                    let _ = link.finish(Msg::Saved(written));
                });
                ctx.after(SPIN, Msg::Spin);
            }
            Msg::Save => {}
            Msg::Spin if self.saving => {
                self.spinner = (self.spinner + 1) % SPINNER.len();
                ctx.after(SPIN, Msg::Spin);
            }
            Msg::Spin => {}
            Msg::Saved(result) => {
                self.saving = false;
                self.status = match result {
                    Ok(count) => format!("Saved {count} notes"),
                    Err(reason) => format!("Save failed: {reason}"),
                };
                self.toasts += 1;
                self.toast = Some(self.toasts);
                ctx.after(TOAST, Msg::ToastExpired(self.toasts));
            }
            Msg::ToastExpired(toast) => {
                if self.toast == Some(toast) {
                    self.toast = None;
                }
            }
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        let [search, list, bar] =
            Layout::vertical([Constraint::Length(3), Constraint::Fill(1), Constraint::Length(3)])
                .areas(ui.area());
        ui.add(
            search,
            TextInput::new(self.query.as_str())
                .label("Search")
                .automation_id(ids::SEARCH)
                .on_change(Msg::Query),
        );
        let items = self.visible().into_iter().map(ListItem::new).collect();
        List::new().automation_id(ids::NOTES).show(ui, list, items);
        let [button, status] =
            Layout::horizontal([Constraint::Length(12), Constraint::Fill(1)]).areas(bar);
        ui.add(
            button,
            Button::new("Save")
                .automation_id(ids::SAVE)
                .enabled(!self.saving)
                .on_click(|| Msg::Save),
        );
        let status_text = if self.saving {
            format!("{} {}", SPINNER[self.spinner], self.status)
        } else {
            self.status.clone()
        };
        let status_row = Rect { y: status.y + 1, height: 1, ..status };
        ui.add(status_row, Status::new(status_text).automation_id(ids::STATUS));
        if self.toast.is_some() {
            let toast = Toast::new("Saved").automation_id(ids::TOAST);
            let area = toast.area_in(ui.area());
            ui.add(area, toast);
        }
    }
}
