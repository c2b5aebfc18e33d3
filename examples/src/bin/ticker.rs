//! A stopwatch that ticks every millisecond above a text field, in a real
//! terminal: an app whose timer commits all the time, so a driver's input
//! is often followed by a timer's commit before the app reads it. The
//! terminal plane's settle tests run it (see `tests/ticker_in_a_pty.rs`).
//! Ctrl+C quits.

use std::time::Duration;

use ratatui::layout::{Constraint, Layout};
use rehearse::live::{TerminalOptions, run};
use rehearse::prelude::*;
use rehearse::widgets::{Text, TextInput};

/// How often the stopwatch ticks.
const TICK: Duration = Duration::from_millis(1);

#[derive(Default)]
struct Ticker {
    ticks: u64,
    note: String,
}

enum Msg {
    Tick,
    Note(String),
}

impl Component for Ticker {
    type Message = Msg;

    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        ctx.focus(Selector::id("note"));
        ctx.after(TICK, Msg::Tick);
    }

    fn update(&mut self, msg: Msg, ctx: &mut Context<'_, Self>) {
        match msg {
            Msg::Tick => {
                self.ticks += 1;
                ctx.after(TICK, Msg::Tick);
            }
            Msg::Note(note) => self.note = note,
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        let [clock, note] =
            Layout::vertical([Constraint::Length(1), Constraint::Length(3)]).areas(ui.area());
        ui.add(clock, Text::new(format!("ticks: {}", self.ticks)));
        ui.add(
            note,
            TextInput::new(self.note.as_str())
                .label("Note")
                .automation_id("note")
                .on_change(Msg::Note),
        );
    }
}

fn main() -> Result<(), rehearse::AutomationError> {
    run(Ticker::default(), TerminalOptions::default())
}
