//! A tally counter, written as many ratatui apps are: the loop right in
//! `main` between `ratatui::init` and `ratatui::restore`, its state in local
//! variables, and the mouse turned on around it. `src/tally.rs` is the same
//! app adopted; `docs/adopting.md` shows the diff.
//!
//! Up and Down (or a click) pick a row, `+` and `-` count, q quits.

use std::io;

use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event, KeyCode};
use ratatui::crossterm::event::{MouseButton, MouseEventKind};
use ratatui::crossterm::execute;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::widgets::{Block, List, ListState};
use rehearse::adopt::{EventSource, Tag, TagList};

rehearse::automation_ids! {
    /// The ids the tally's tags use, shared with its tests.
    pub mod ids {
        /// The list of things counted.
        COUNTS = "counts";
        /// The total.
        TOTAL = "total";
    }
}

/// Runs the tally in the terminal.
pub fn main() -> io::Result<()> {
    let mut terminal = rehearse::adopt::init(ids::DECLARED)?;
    execute!(terminal.backend_mut(), EnableMouseCapture)?;
    let mut counts = [("Birds", 0_u32), ("Cars", 0), ("Clouds", 0), ("Dogs", 0)];
    let mut list = ListState::default().with_selected(Some(0));
    let mut rows = Rect::ZERO;
    loop {
        terminal.draw(|frame| {
            let [top, bottom] =
                Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(frame.area());
            rows = Block::bordered().inner(top);
            let lines = counts.map(|(name, count)| format!("{name:<8}{count:>5}"));
            let items = List::new(lines.clone()).block(Block::bordered().title("Tally"));
            let items = items.highlight_style(Style::new().reversed());
            let items = items.tag_list(tags::counts, || lines.clone()).block(Block::bordered());
            frame.render_stateful_widget(items, top, &mut list);
            let total = format!("{} counted", counts.iter().map(|(_, n)| n).sum::<u32>());
            frame.render_widget(total.as_str().dark_gray().tag(|| tags::total(&total)), bottom);
        })?;
        let row = list.selected().unwrap_or(0).min(counts.len() - 1);
        match terminal.read()? {
            Event::Key(key) => match key.code {
                KeyCode::Up => list.select_previous(),
                KeyCode::Down => list.select_next(),
                KeyCode::Char('+') => counts[row].1 += 1,
                KeyCode::Char('-') => counts[row].1 = counts[row].1.saturating_sub(1),
                KeyCode::Char('q') | KeyCode::Esc => break,
                _ => {}
            },
            Event::Mouse(mouse)
                if mouse.kind == MouseEventKind::Down(MouseButton::Left)
                    && rows.contains(Position::new(mouse.column, mouse.row)) =>
            {
                let picked = usize::from(mouse.row - rows.y) + list.offset();
                list.select(Some(picked.min(counts.len() - 1)));
            }
            _ => {}
        }
    }
    execute!(terminal.backend_mut(), DisableMouseCapture)?;
    rehearse::adopt::restore();
    Ok(())
}

/// What the widgets mean, for rehearse: built only while a harness records.
mod tags {
    use rehearse::SemanticRole;
    use rehearse::semantic::SemanticFacts;

    use super::ids;

    pub(super) fn counts() -> SemanticFacts {
        SemanticFacts::new(SemanticRole::List).automation_id(ids::COUNTS).label("Tally")
    }

    pub(super) fn total(text: &str) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Status).automation_id(ids::TOTAL).label(text)
    }
}
