//! What the artifact tests share: a small form app to checkpoint, a scratch
//! directory, and a session with the form filled in.

use std::fs;
use std::path::Path;

use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use rehearse::artifacts::Format;
use rehearse::prelude::*;
use rehearse::widgets::{Heading, Status, TextInput};
use rehearse::{AutomationIds, engine::CommittedFrame};

/// A small form: a heading, a name field, a masked PIN field, a line with
/// colours and a wide glyph, a status bar.
#[derive(Default)]
pub struct Form {
    name: String,
    pin: String,
}

#[derive(Debug)]
pub enum Msg {
    Name(String),
    Pin(String),
}

impl Component for Form {
    type Message = Msg;
    const AUTOMATION_IDS: AutomationIds = AutomationIds::new(&["name", "pin", "status"])
        .refusing(&[KeyPress { code: KeyCode::F(6), modifiers: Modifiers::NONE }]);

    fn update(&mut self, msg: Msg, _: &mut Context<'_, Self>) {
        match msg {
            Msg::Name(name) => self.name = name,
            Msg::Pin(pin) => self.pin = pin,
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        let [title, name, pin, line, _, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(3),
            Constraint::Length(3),
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
        ])
        .areas(ui.area());
        ui.add(title, Heading::new("Profile"));
        ui.add(
            name,
            TextInput::new(self.name.as_str())
                .label("Name")
                .automation_id("name")
                .on_change(Msg::Name),
        );
        ui.add(
            pin,
            TextInput::new(self.pin.as_str())
                .label("PIN")
                .masked(true)
                .automation_id("pin")
                .on_change(Msg::Pin),
        );
        ui.draw(
            line,
            Line::from(vec![
                Span::styled("中文", Style::new().fg(Color::Rgb(0x12, 0xab, 0xef))),
                Span::styled(
                    " idx ",
                    Style::new().bg(Color::Indexed(17)).add_modifier(Modifier::ITALIC),
                ),
                Span::styled(
                    "ul",
                    Style::new().underline_color(Color::Red).add_modifier(Modifier::UNDERLINED),
                ),
            ]),
        );
        ui.add(status, Status::new(format!("{} chars", self.name.len())).automation_id("status"));
    }
}

/// A fresh temporary directory, removed when the returned guard drops;
/// tests write into a not-yet-existing directory inside it, so creating
/// it is part of what they check.
pub fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("rehearse-test-").tempdir().expect("a temporary directory")
}

pub fn files(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> =
        entries.map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

pub fn session() -> Session<Form> {
    Session::new(Form::default(), SessionOptions::default().viewport(40, 12))
}

pub fn fill(session: &mut Session<Form>) {
    session
        .run([
            AutomationStep::click(Selector::id("name")),
            AutomationStep::type_text("Ada"),
            AutomationStep::click(Selector::id("pin")),
            AutomationStep::type_text("4321"),
        ])
        .expect("the form fills");
}

pub fn frame_after_fill() -> CommittedFrame {
    let mut session = session();
    fill(&mut session);
    session.frame().clone()
}

pub fn text_formats() -> Vec<Format> {
    vec![Format::Json, Format::Markdown, Format::Text, Format::Styled, Format::Cells]
}
