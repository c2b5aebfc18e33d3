//! Pick an ice-cream flavour: a loop that returns what was picked, which
//! `main` prints once the terminal is restored — type to narrow the list,
//! Up and Down to move, Enter to pick, Esc to pick nothing.
//! `src/picker.rs` is the same app adopted; `docs/adopting.md` shows the
//! diff.

use std::io;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event, KeyCode};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Style, Stylize};
use ratatui::widgets::{Block, List, ListState, Paragraph};

const FLAVOURS: [&str; 6] =
    ["Vanilla", "Chocolate", "Pistachio", "Lemon", "Mango", "Stracciatella"];

fn pick(terminal: &mut DefaultTerminal) -> io::Result<Option<&'static str>> {
    let mut filter = String::new();
    let mut list = ListState::default().with_selected(Some(0));
    loop {
        let wanted = filter.to_lowercase();
        let shown: Vec<&str> =
            FLAVOURS.into_iter().filter(|name| name.to_lowercase().contains(&wanted)).collect();
        terminal.draw(|frame| {
            let [field, rest] =
                Layout::vertical([Constraint::Length(3), Constraint::Fill(1)]).areas(frame.area());
            let title = "Flavour (Enter picks, Esc picks nothing)";
            let typed = Paragraph::new(filter.as_str()).block(Block::bordered().title(title));
            frame.render_widget(typed.bold(), field);
            let menu = List::new(shown.clone()).highlight_style(Style::new().reversed());
            let menu = menu.block(Block::bordered());
            frame.render_stateful_widget(menu, rest, &mut list);
            let width = u16::try_from(filter.chars().count()).unwrap_or(u16::MAX);
            frame.set_cursor_position((field.x + 1 + width, field.y + 1));
        })?;
        if let Event::Key(key) = event::read()? {
            match key.code {
                KeyCode::Enter => return Ok(list.selected().and_then(|at| shown.get(at).copied())),
                KeyCode::Esc => return Ok(None),
                KeyCode::Up => list.select_previous(),
                KeyCode::Down => list.select_next(),
                KeyCode::Backspace => _ = filter.pop(),
                KeyCode::Char(typed) => filter.push(typed),
                _ => {}
            }
            if matches!(key.code, KeyCode::Backspace | KeyCode::Char(_)) {
                list.select_first();
            }
        }
    }
}

fn main() -> io::Result<()> {
    match ratatui::run(pick)? {
        Some(flavour) => println!("One scoop of {flavour}, please."),
        None => println!("Nothing picked."),
    }
    Ok(())
}
