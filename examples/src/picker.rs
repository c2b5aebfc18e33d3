//! Pick an ice-cream flavour: a loop that returns what was picked, which
//! `main` prints once the terminal is restored — type to narrow the list,
//! Up and Down to move, Enter to pick, Esc to pick nothing.
//! `src/picker.rs` is the same app adopted; `docs/adopting.md` shows the
//! diff.

use std::io;

use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Style, Stylize};
use ratatui::widgets::{Block, List, ListState, Paragraph};
use rehearse::adopt::{AdoptedTerminal, EventSource, Tag, TagList};

rehearse::automation_ids! {
    /// The ids the picker's tags use, shared with its tests.
    pub mod ids {
        /// The field that narrows the list.
        FILTER = "filter";
        /// The flavours shown.
        FLAVOURS = "flavours";
    }
}

const FLAVOURS: [&str; 6] =
    ["Vanilla", "Chocolate", "Pistachio", "Lemon", "Mango", "Stracciatella"];

/// Lets the user pick a flavour: the one picked, or `None`.
pub fn pick(terminal: &mut AdoptedTerminal) -> io::Result<Option<&'static str>> {
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
            frame.render_widget(typed.bold().tag(|| tags::filter(&filter)), field);
            let menu = List::new(shown.clone()).highlight_style(Style::new().reversed());
            let menu = menu.block(Block::bordered());
            let menu = menu.tag_list(tags::flavours, || shown.clone()).block(Block::bordered());
            frame.render_stateful_widget(menu, rest, &mut list);
            let width = u16::try_from(filter.chars().count()).unwrap_or(u16::MAX);
            frame.set_cursor_position((field.x + 1 + width, field.y + 1));
        })?;
        if let Event::Key(key) = terminal.read()? {
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

/// Runs the picker in the terminal and prints what was picked.
pub fn main() -> io::Result<()> {
    match rehearse::adopt::run(ids::DECLARED, pick)? {
        Some(flavour) => println!("One scoop of {flavour}, please."),
        None => println!("Nothing picked."),
    }
    Ok(())
}

/// What the widgets mean, for rehearse: built only while a harness records.
mod tags {
    use rehearse::SemanticRole;
    use rehearse::semantic::SemanticFacts;
    use rehearse::vocabulary::Sensitivity;

    use super::ids;

    pub(super) fn filter(text: &str) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::TextBox)
            .automation_id(ids::FILTER)
            .label("Flavour")
            .value(text, Sensitivity::Public)
            .focused(true)
    }

    pub(super) fn flavours() -> SemanticFacts {
        SemanticFacts::new(SemanticRole::List).automation_id(ids::FLAVOURS).label("Flavours")
    }
}
