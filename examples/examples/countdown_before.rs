//! A kitchen countdown, written as the smallest ratatui apps are: the whole
//! loop in the closure `ratatui::run` takes, its state in local variables,
//! and a tick whenever a second passes without a key. `src/countdown.rs` is
//! the same app adopted; `docs/adopting.md` shows the diff.
//!
//! Space starts and pauses, `+` and `-` add or take a minute, `r` resets,
//! q or Esc quits.

use std::io;
use std::time::Duration;

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Gauge, Paragraph};

const START: u32 = 3 * 60;
const SECOND: Duration = Duration::from_secs(1);

fn main() -> io::Result<()> {
    ratatui::run(|terminal| {
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
                frame.render_widget(face, clock);
                let done = f64::from(total - left) / f64::from(total);
                let gauge = Gauge::default().ratio(done).block(Block::bordered());
                frame.render_widget(gauge, bar);
                let keys = "space start/pause · +/- a minute · r reset · q quit";
                frame.render_widget(Line::from(keys).dark_gray(), help);
            })?;
            if !event::poll(SECOND)? {
                if running {
                    left -= 1;
                    running = left > 0;
                }
                continue;
            }
            if let Event::Key(key) = event::read()?
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
