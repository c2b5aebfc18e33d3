//! A small adopted app for the crate's tests: a masked PIN field and a
//! public field, a list, and a counter; all through tags and the shim.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::{Constraint, Layout};
use ratatui::widgets::{Block, List, ListState, Paragraph};
use rehearse_adopt::{EventSource, FrameExt, Tag, TagList};
use rehearse_core::semantic::SemanticFacts;
use rehearse_lang::{SemanticRole, Sensitivity};

/// The secret the PIN field holds in every test.
pub const SECRET: &str = "4711";

/// Runs the app: typing goes into the PIN field; Down moves the list.
pub fn run<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
) -> io::Result<()> {
    let mut pin = String::new();
    let items = ["Alpha", "Beta", "Gamma"];
    let mut state = ListState::default().with_selected(Some(0));
    loop {
        terminal.draw(|frame| {
            let [form, list_area] =
                Layout::vertical([Constraint::Length(2), Constraint::Fill(1)]).areas(frame.area());
            frame.scope(
                form,
                || SemanticFacts::new(SemanticRole::Group).name("Login"),
                |frame| {
                    let [pin_area, user_area] =
                        Layout::vertical([Constraint::Length(1); 2]).areas(form);
                    let masked = "*".repeat(pin.chars().count());
                    let field = Paragraph::new(masked).tag(|| {
                        SemanticFacts::new(SemanticRole::TextBox)
                            .automation_id("pin")
                            .label("PIN")
                            .value(&pin, Sensitivity::Masked)
                            .focused(true)
                    });
                    frame.render_widget(field, pin_area);
                    let user = Paragraph::new("ada").tag(|| {
                        SemanticFacts::new(SemanticRole::TextBox)
                            .automation_id("user")
                            .label("User")
                            .value("ada", Sensitivity::Public)
                    });
                    frame.render_widget(user, user_area);
                },
            );
            let block = Block::bordered().title("Things");
            let list = List::new(items).block(block.clone()).highlight_symbol(">");
            let list = list
                .tag_list(
                    || SemanticFacts::new(SemanticRole::List).automation_id("things"),
                    || items,
                )
                .block(&block);
            frame.render_stateful_widget(list, list_area, &mut state);
        })?;
        if let Event::Key(key) = events.read()? {
            match key.code {
                KeyCode::Char(c) => pin.push(c),
                KeyCode::Down => state.select_next(),
                KeyCode::Esc => return Ok(()),
                _ => {}
            }
        }
    }
}
