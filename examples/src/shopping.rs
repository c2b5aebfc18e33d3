//! A shopping list written the way ratatui's own examples are: an `App`
//! struct, `draw(&mut self, frame)`, key and mouse handlers, and a
//! `terminal.draw` loop. docs/adopting.md adopts it line by line, from
//! `examples/shopping_before.rs` to `src/shopping.rs`.
//!
//! Tab moves between the field and the list; Enter adds; Up/Down select;
//! Delete asks to remove; q or Esc quits. The mouse selects and clicks.

use std::io;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind, MouseButton,
    MouseEvent, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::widgets::{Block, Clear, List, ListState, Paragraph};
use ratatui::{Frame, Terminal, backend::Backend};
use rehearse::adopt::{Crossterm, EventSource, Scope, Tag, TagList};

rehearse::automation_ids! {
    /// The ids the shopping list's tags use, shared with its tests.
    pub mod ids for App {
        /// The new-item field.
        NEW_ITEM = "new-item";
        /// The list.
        ITEMS = "items";
        /// The status line.
        STATUS = "status";
        /// The remove confirmation popup.
        CONFIRM = "confirm";
        /// Its yes button.
        YES = "confirm-yes";
        /// Its no button.
        NO = "confirm-no";
    }
}

impl rehearse::DeclaresIds for App {
    const AUTOMATION_IDS: rehearse::AutomationIds = ids::DECLARED;
}

const TICK: Duration = Duration::from_millis(250);
const FLASH: Duration = Duration::from_secs(2);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Focus {
    Input,
    List,
}

/// The shopping list app.
#[derive(Debug)]
pub struct App {
    input: String,
    items: Vec<String>,
    list: ListState,
    focus: Focus,
    confirm: Option<usize>,
    flash: Option<(String, Instant)>,
    areas: [Rect; 4],
    quit: bool,
    now: Instant,
}

impl Default for App {
    fn default() -> Self {
        let items = vec!["Milk".to_owned(), "Eggs".to_owned(), "Bread".to_owned()];
        Self {
            input: String::new(),
            items,
            list: ListState::default().with_selected(Some(0)),
            focus: Focus::Input,
            confirm: None,
            flash: None,
            areas: [Rect::ZERO; 4],
            quit: false,
            now: Instant::now(),
        }
    }
}

impl App {
    /// Runs the app's loop on `terminal`, reading `events`.
    pub fn run<B: Backend<Error = io::Error>>(
        mut self,
        terminal: &mut Terminal<B>,
        events: &mut impl EventSource,
    ) -> io::Result<()> {
        let mut last_tick = events.now();
        while !self.quit {
            terminal.draw(|frame| self.draw(frame))?;
            let timeout = TICK.saturating_sub(events.now() - last_tick);
            if events.poll(timeout)? {
                self.now = events.now();
                match events.read()? {
                    Event::Key(key) if key.kind == KeyEventKind::Press => self.on_key(key),
                    Event::Mouse(mouse) => self.on_mouse(mouse),
                    _ => {}
                }
            }
            self.now = events.now();
            if self.now - last_tick >= TICK {
                last_tick = self.now;
                self.flash.take_if(|(_, at)| self.now - *at >= FLASH);
            }
        }
        Ok(())
    }

    fn draw(&mut self, frame: &mut Frame<'_>) {
        let layout =
            Layout::vertical([Constraint::Length(3), Constraint::Min(3), Constraint::Length(1)]);
        let [input_area, list_area, status_area] = layout.areas(frame.area());
        let focused =
            |focus| if self.focus == focus { Style::new().yellow() } else { Style::new() };
        let input = Paragraph::new(self.input.as_str())
            .block(Block::bordered().title("New item").border_style(focused(Focus::Input)));
        let input = input.tag(|| tags::input(&self.input, self.focus));
        frame.render_widget(input, input_area);
        if self.focus == Focus::Input && self.confirm.is_none() {
            let x = input_area.x + 1 + u16::try_from(self.input.chars().count()).unwrap_or(0);
            frame.set_cursor_position(Position::new(x, input_area.y + 1));
        }
        let block = Block::bordered().title("Shopping list").border_style(focused(Focus::List));
        let list = List::new(self.items.iter().map(String::as_str))
            .block(block.clone())
            .highlight_style(Style::new().reversed())
            .highlight_symbol("> ");
        let list = list.tag_list(|| tags::list(self.focus), || &self.items).block(&block);
        frame.render_stateful_widget(list, list_area, &mut self.list);
        let status = match &self.flash {
            Some((message, _)) => message.clone(),
            None => {
                format!("{} items · Tab switch · Enter add · Del remove · q quit", self.items.len())
            }
        };
        let status_line = Paragraph::new(status.as_str()).dark_gray().tag(|| tags::status(&status));
        frame.render_widget(status_line, status_area);
        self.areas = [input_area, list_area, Rect::ZERO, Rect::ZERO];
        if let Some(index) = self.confirm {
            let area = frame.area().centered(Constraint::Length(30), Constraint::Length(5));
            let [_, buttons] = Layout::vertical([Constraint::Length(2), Constraint::Length(1)])
                .areas(Block::bordered().inner(area));
            let [yes, no] = Layout::horizontal([Constraint::Fill(1); 2]).areas(buttons);
            let _popup = Scope::modal(area, tags::confirm);
            frame.render_widget(Clear, area);
            let question = format!("Remove {}?", self.items[index]);
            let said = || tags::text(&question);
            frame.render_widget(
                Paragraph::new(question.as_str())
                    .block(Block::bordered().title("Confirm"))
                    .tag(said),
                area,
            );
            frame.render_widget(Paragraph::new("[ Yes ]").centered().green().tag(tags::yes), yes);
            frame.render_widget(Paragraph::new("[ No ]").centered().red().tag(tags::no), no);
            self.areas[2..].copy_from_slice(&[yes, no]);
        }
    }

    fn on_key(&mut self, key: KeyEvent) {
        if let Some(index) = self.confirm {
            match key.code {
                KeyCode::Char('y') | KeyCode::Enter => self.remove(index),
                KeyCode::Char('n') | KeyCode::Esc => self.confirm = None,
                _ => {}
            }
            return;
        }
        match (self.focus, key.code) {
            (_, KeyCode::Tab) if self.focus == Focus::Input => self.focus = Focus::List,
            (_, KeyCode::Tab) => self.focus = Focus::Input,
            (Focus::Input, KeyCode::Char(c)) => self.input.push(c),
            (Focus::Input, KeyCode::Backspace) => _ = self.input.pop(),
            (Focus::Input, KeyCode::Enter) => self.add(),
            (Focus::List, KeyCode::Char('q')) | (_, KeyCode::Esc) => self.quit = true,
            (Focus::List, KeyCode::Up) => self.list.select_previous(),
            (Focus::List, KeyCode::Down) => self.list.select_next(),
            (Focus::List, KeyCode::Delete) => self.confirm = self.list.selected(),
            _ => {}
        }
    }

    fn on_mouse(&mut self, mouse: MouseEvent) {
        let at = Position::new(mouse.column, mouse.row);
        let [input, list, yes, no] = self.areas;
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) if self.confirm.is_some() => {
                if yes.contains(at) {
                    self.remove(self.confirm.unwrap_or_default());
                } else if no.contains(at) {
                    self.confirm = None;
                }
            }
            MouseEventKind::Down(MouseButton::Left) if input.contains(at) => {
                self.focus = Focus::Input
            }
            MouseEventKind::Down(MouseButton::Left) if list.contains(at) => {
                self.focus = Focus::List;
                let row = usize::from(mouse.row.saturating_sub(list.y + 1)) + self.list.offset();
                if mouse.row > list.y && row < self.items.len() {
                    self.list.select(Some(row));
                }
            }
            MouseEventKind::ScrollDown if list.contains(at) => self.list.select_next(),
            MouseEventKind::ScrollUp if list.contains(at) => self.list.select_previous(),
            _ => {}
        }
    }

    fn add(&mut self) {
        let item = self.input.trim().to_owned();
        if !item.is_empty() {
            self.flash = Some((format!("Added {item}"), self.now));
            self.items.push(item);
            self.input.clear();
        }
    }

    fn remove(&mut self, index: usize) {
        let item = self.items.remove(index);
        self.flash = Some((format!("Removed {item}"), self.now));
        self.confirm = None;
    }
}

/// Runs the app in the terminal.
pub fn main() -> io::Result<()> {
    let mut terminal = ratatui::init();
    execute!(io::stdout(), EnableMouseCapture)?;
    let result = App::default().run(&mut terminal, &mut Crossterm);
    execute!(io::stdout(), DisableMouseCapture)?;
    ratatui::restore();
    result
}

/// What the widgets mean, for rehearse: built only while a harness records.
mod tags {
    use rehearse::SemanticRole;
    use rehearse::semantic::SemanticFacts;
    use rehearse::vocabulary::Sensitivity;

    use super::{Focus, ids};

    pub(super) fn input(text: &str, focus: Focus) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::TextBox)
            .automation_id(ids::NEW_ITEM)
            .label("New item")
            .value(text, Sensitivity::Public)
            .focused(focus == Focus::Input)
    }

    pub(super) fn list(focus: Focus) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::List)
            .automation_id(ids::ITEMS)
            .label("Shopping list")
            .focused(focus == Focus::List)
    }

    pub(super) fn status(text: &str) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Status).automation_id(ids::STATUS).label(text)
    }

    pub(super) fn confirm() -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Dialog).automation_id(ids::CONFIRM).label("Confirm")
    }

    pub(super) fn text(text: &str) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Text).label(text)
    }

    pub(super) fn yes() -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Button).automation_id(ids::YES).label("Yes")
    }

    pub(super) fn no() -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Button).automation_id(ids::NO).label("No")
    }
}
