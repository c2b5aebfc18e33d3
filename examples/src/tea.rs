//! A tea timer: pick a tea, start steeping, watch a countdown on the
//! session clock, and get a dialog when the tea is ready. The app that
//! `docs/app.md` builds from nothing to tested.

use std::time::Duration;

use rehearse::AutomationIds;
use rehearse::prelude::*;
use rehearse::ratatui::layout::{Constraint, Layout, Rect};
use rehearse::widgets::{Button, Heading, List, ListItem, Modal, ProgressBar, Status, Text};

rehearse::automation_ids! {
    /// The automation ids the tea timer uses, shared by its view and its
    /// tests.
    pub mod ids for TeaTimer {
        /// The list of teas.
        TEAS = "teas";
        /// The tea in row `n` of the list.
        fn tea = "tea-{n}";
        /// Starts steeping the selected tea.
        START = "start";
        /// Stops steeping.
        CANCEL = "cancel";
        /// How far the steeping is.
        PROGRESS = "progress";
        /// The status line.
        STATUS = "status";
        /// The dialog that says the tea is ready.
        READY = "ready";
        /// Its button.
        OK = "ok";
    }
}

/// One tea and how long it steeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tea {
    /// What it is called.
    pub name: &'static str,
    /// How long it steeps.
    pub steep: Duration,
}

/// The countdown of the tea being steeped.
#[derive(Debug)]
struct Steeping {
    /// The tea, by its row.
    tea: usize,
    /// What is left of its steeping time.
    left: Duration,
    /// The timer that ticks next, so cancelling can stop it.
    tick: TimerId,
}

/// The app: the teas, which one is selected, the steeping under way, and
/// the dialog's text once a tea is ready.
#[derive(Debug)]
pub struct TeaTimer {
    teas: Vec<Tea>,
    selected: usize,
    steeping: Option<Steeping>,
    ready: Option<String>,
    brewed: u32,
}

/// Everything the tea timer reacts to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// A tea was selected in the list.
    Select(usize),
    /// Start steeping the selected tea.
    Start,
    /// One second of steeping passed.
    Tick,
    /// Stop steeping.
    Cancel,
    /// The note for the ready dialog, written off the UI thread.
    Noted(String),
    /// Close the ready dialog.
    Dismiss,
    /// Leave the app.
    Quit,
}

/// The countdown's step.
const SECOND: Duration = Duration::from_secs(1);

impl Default for TeaTimer {
    fn default() -> Self {
        let tea = |name, seconds| Tea { name, steep: Duration::from_secs(seconds) };
        Self::new(vec![tea("Green", 120), tea("Black", 240), tea("Rooibos", 300)])
    }
}

impl TeaTimer {
    /// A timer offering `teas`, the first one selected.
    pub fn new(teas: Vec<Tea>) -> Self {
        Self { teas, selected: 0, steeping: None, ready: None, brewed: 0 }
    }

    /// How many teas were brewed to the end.
    pub fn brewed(&self) -> u32 {
        self.brewed
    }

    /// Whether a tea is steeping.
    pub fn is_steeping(&self) -> bool {
        self.steeping.is_some()
    }
}

impl Component for TeaTimer {
    type Message = Msg;
    const AUTOMATION_IDS: AutomationIds = ids::DECLARED;

    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        ctx.focus(Selector::id(ids::TEAS));
    }

    fn update(&mut self, msg: Msg, ctx: &mut Context<'_, Self>) {
        match msg {
            Msg::Select(row) if self.steeping.is_none() => self.selected = row,
            Msg::Select(_) => {}
            Msg::Start if self.steeping.is_none() => {
                let left = self.teas[self.selected].steep;
                let tick = ctx.after(SECOND, Msg::Tick);
                self.steeping = Some(Steeping { tea: self.selected, left, tick });
                ctx.focus(Selector::id(ids::CANCEL));
            }
            Msg::Start => {}
            Msg::Tick => self.tick(ctx),
            Msg::Cancel => {
                if let Some(steeping) = self.steeping.take() {
                    ctx.cancel_timer(steeping.tick);
                    ctx.focus(Selector::id(ids::START));
                }
            }
            Msg::Noted(note) => self.ready = Some(note),
            Msg::Dismiss => {
                self.ready = None;
                ctx.focus(Selector::id(ids::TEAS));
            }
            Msg::Quit => ctx.quit(),
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        ui.on_key_global("ctrl+q".parse::<KeyPress>().expect("a valid key"), || Msg::Quit);
        ui.on_key(KeyPress::char('s'), || Msg::Start);
        let [title, teas, progress, buttons, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1),
            Constraint::Length(3),
            Constraint::Length(1),
        ])
        .areas(ui.area());
        ui.add(title, Heading::new("Tea timer"));
        self.tea_list(ui, teas);
        self.countdown(ui, progress);
        self.buttons(ui, buttons);
        let brewed = format!("{} brewed", self.brewed);
        ui.add(status, Status::new(brewed).automation_id(ids::STATUS));
        if let Some(note) = &self.ready {
            Modal::new("Tea is ready")
                .automation_id(ids::READY)
                .size(36, 7)
                .on_dismiss(|| Msg::Dismiss)
                .show(ui, |ui, inner| {
                    let [text, ok] =
                        Layout::vertical([Constraint::Length(2), Constraint::Length(3)])
                            .areas(inner);
                    ui.add(text, Text::new(note.as_str()));
                    ui.add(ok, Button::new("OK").automation_id(ids::OK).on_click(|| Msg::Dismiss));
                });
        }
    }
}

impl TeaTimer {
    /// Start, or Cancel while a tea steeps.
    fn buttons(&self, ui: &mut Ui<'_, Msg>, area: Rect) {
        let [start, cancel] =
            Layout::horizontal([Constraint::Length(12), Constraint::Length(12)]).areas(area);
        let idle = self.steeping.is_none();
        ui.add(
            start,
            Button::new("Start").automation_id(ids::START).enabled(idle).on_click(|| Msg::Start),
        );
        ui.add(
            cancel,
            Button::new("Cancel")
                .automation_id(ids::CANCEL)
                .enabled(!idle)
                .on_click(|| Msg::Cancel),
        );
    }

    /// How far the steeping is, as a progress bar with a value (`"25%"`).
    fn countdown(&self, ui: &mut Ui<'_, Msg>, area: Rect) {
        let ratio = self.steeping.as_ref().map_or(0.0, |steeping| {
            let total = self.teas[steeping.tea].steep.as_secs_f64();
            1.0 - steeping.left.as_secs_f64() / total
        });
        ui.add(area, ProgressBar::new(ratio).label("Steeping").automation_id(ids::PROGRESS));
    }

    /// One second passed: count down, or finish and have the note written.
    fn tick(&mut self, ctx: &mut Context<'_, Self>) {
        let Some(steeping) = &mut self.steeping else { return };
        steeping.left = steeping.left.saturating_sub(SECOND);
        if !steeping.left.is_zero() {
            steeping.tick = ctx.after(SECOND, Msg::Tick);
            return;
        }
        let name = self.teas[steeping.tea].name;
        self.steeping = None;
        self.brewed += 1;
        let brewed = self.brewed;
        // Work off the UI thread (a stand-in for I/O: a log, a sound) that
        // reports back with a message; the session tracks it until it ends.
        ctx.spawn("note", move |link| {
            let note = format!("{name} is ready (cup {brewed})");
            let _ = link.finish(Msg::Noted(note));
        });
    }

    /// The teas, memoized: rendered again only when what they show changed.
    fn tea_list(&self, ui: &mut Ui<'_, Msg>, area: Rect) {
        let labels: Vec<String> = self
            .teas
            .iter()
            .map(|tea| format!("{} · {} min", tea.name, tea.steep.as_secs() / 60))
            .collect();
        ui.memo("teas", area, &(&labels, self.selected), |ui| {
            let items = labels
                .iter()
                .enumerate()
                .map(|(row, label)| ListItem::new(label.as_str()).automation_id(ids::tea(row)))
                .collect();
            List::new()
                .automation_id(ids::TEAS)
                .name("Teas")
                .selected(Some(self.selected))
                .on_select(Msg::Select)
                .on_activate(|_| Msg::Start)
                .show(ui, area, items);
        });
    }
}
