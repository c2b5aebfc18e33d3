//! A kitchen countdown, written as the smallest ratatui apps are: the whole
//! loop in the closure `ratatui::run` takes, its state in local variables,
//! and a tick whenever a second passes without a key. `src/countdown.rs` is
//! the same app adopted; `docs/adopting.md` shows the diff.
//!
//! Space starts and pauses, `+` and `-` add or take a minute, `r` resets,
//! q or Esc quits.

use std::io;
use std::time::Duration;

use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Gauge, Paragraph};
use rehearse::adopt::{EventSource, Tag};

rehearse::automation_ids! {
    /// The ids the countdown's tags use, shared with its tests.
    pub mod ids {
        /// The clock face.
        CLOCK = "clock";
        /// How much of the time has passed.
        PROGRESS = "progress";
    }
}

const START: u32 = 3 * 60;
const SECOND: Duration = Duration::from_secs(1);

/// Runs the countdown in the terminal.
pub fn main() -> io::Result<()> {
    rehearse::adopt::run(ids::DECLARED, |terminal| {
        let (mut total, mut left, mut running) = (START, START, false);
        loop {
            terminal.draw(|frame| {
                let [clock, bar, help] = Layout::vertical([
                    Constraint::Length(3),
                    Constraint::Length(3),
                    Constraint::Length(1),
                ])
                .areas(frame.area());
                let time = format!("{:02}:{:02}", left / 60, left % 60);
                let state = match (left, running) {
                    (0, _) => "Done!",
                    (_, true) => "Running",
                    (_, false) => "Paused",
                };
                let title = Block::bordered().title(state);
                let face = Paragraph::new(time.as_str()).bold().centered().block(title);
                frame.render_widget(face.tag(|| tags::clock(&time, state)), clock);
                let done = f64::from(total - left) / f64::from(total);
                let gauge = Gauge::default().ratio(done).block(Block::bordered());
                frame.render_widget(gauge.tag(|| tags::progress(done)), bar);
                let keys = "space start/pause · +/- a minute · r reset · q quit";
                frame.render_widget(Line::from(keys).dark_gray(), help);
            })?;
            if !terminal.poll(SECOND)? {
                if running {
                    left -= 1;
                    running = left > 0;
                }
                continue;
            }
            if let Event::Key(key) = terminal.read()?
                && key.kind == KeyEventKind::Press
            {
                match key.code {
                    KeyCode::Char(' ') if left > 0 => running = !running,
                    KeyCode::Char('+') => (total, left) = (total + 60, left + 60),
                    KeyCode::Char('-') if left > 60 => (total, left) = (total - 60, left - 60),
                    KeyCode::Char('r') => (total, left, running) = (START, START, false),
                    KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                    _ => {}
                }
            }
        }
    })
}

/// What the widgets mean, for rehearse: built only while a harness records.
mod tags {
    use rehearse::SemanticRole;
    use rehearse::semantic::SemanticFacts;
    use rehearse::vocabulary::Sensitivity;

    use super::ids;

    pub(super) fn clock(time: &str, state: &str) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Status)
            .automation_id(ids::CLOCK)
            .label(format!("{time} {state}"))
    }

    pub(super) fn progress(done: f64) -> SemanticFacts {
        let percent = format!("{:.0}%", done * 100.0);
        SemanticFacts::new(SemanticRole::ProgressBar)
            .automation_id(ids::PROGRESS)
            .label("Time passed")
            .value(percent, Sensitivity::Public)
    }
}
