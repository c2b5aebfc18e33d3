//! `type:` and `paste:` on an adopted app deliver what a terminal would:
//! for each typed character a key (a tab is the Tab key, which moves this
//! form's focus as the real binary's does in a PTY; a line break is Enter;
//! a control character the ctrl+key that sends it), and a paste as one
//! `Event::Paste` only when the app turned bracketed paste on — as keys
//! otherwise.

use std::io;

use ratatui::Terminal;
use ratatui::crossterm::event::{EnableBracketedPaste, Event, KeyCode, KeyModifiers};
use ratatui::crossterm::execute;
use ratatui::layout::{Constraint, Layout};
use ratatui::widgets::Paragraph;
use rehearse_adopt::{EventSource, Harness, HarnessBackend, HarnessOptions, Tag};
use rehearse_core::semantic::SemanticFacts;
use rehearse_lang::{AutomationStep, SemanticRole, Sensitivity};

/// A form with two fields: characters go into the focused one, Tab moves
/// focus, Ctrl+U clears the focused field, Enter submits (the status line
/// says what was submitted), and a bracketed paste goes into the focused
/// field whole.
fn form(terminal: &mut Terminal<HarnessBackend>, events: &mut impl EventSource) -> io::Result<()> {
    let mut fields = [String::new(), String::new()];
    let mut focus = 0;
    let mut submitted = String::new();
    loop {
        terminal.draw(|frame| {
            let rows = Layout::vertical([Constraint::Length(1); 3]).split(frame.area());
            for (at, (id, label)) in
                [("first", "First name"), ("last", "Last name")].into_iter().enumerate()
            {
                let field = Paragraph::new(fields[at].as_str()).tag(|| {
                    SemanticFacts::new(SemanticRole::TextBox)
                        .automation_id(id)
                        .label(label)
                        .value(&fields[at], Sensitivity::Public)
                        .focused(focus == at)
                });
                frame.render_widget(field, rows[at]);
            }
            let status = Paragraph::new(submitted.as_str()).tag(|| {
                SemanticFacts::new(SemanticRole::Status).automation_id("status").label(&submitted)
            });
            frame.render_widget(status, rows[2]);
        })?;
        let key = match events.read()? {
            Event::Key(key) => key,
            Event::Paste(text) => {
                fields[focus].push_str(&text);
                submitted = "pasted".to_owned();
                continue;
            }
            _ => continue,
        };
        match key.code {
            KeyCode::Char('u') if key.modifiers == KeyModifiers::CONTROL => fields[focus].clear(),
            KeyCode::Char(character) => fields[focus].push(character),
            KeyCode::Tab => focus = (focus + 1) % 2,
            KeyCode::Enter => submitted = format!("{} {}", fields[0], fields[1]),
            KeyCode::Esc => return Ok(()),
            _ => {}
        }
    }
}

fn start() -> Harness {
    Harness::start(HarnessOptions::default().viewport(30, 3), form).expect("starts")
}

/// The form, after turning bracketed paste on as it would in a terminal.
fn start_bracketed() -> Harness {
    Harness::start(HarnessOptions::default().viewport(30, 3), |terminal, events| {
        execute!(terminal.backend_mut(), EnableBracketedPaste)?;
        form(terminal, events)
    })
    .expect("starts")
}

fn value(harness: &Harness, id: &str) -> String {
    let node = harness.tree().by_id(id).unwrap_or_else(|| panic!("#{id}"));
    node.value.as_ref().and_then(|value| value.text()).unwrap_or_default().to_owned()
}

#[test]
fn a_typed_tab_is_the_tab_key_and_moves_focus_between_fields() {
    let mut harness = start();
    harness.step(AutomationStep::type_text("Ada\tLovelace\n")).expect("types");
    assert_eq!(value(&harness, "first"), "Ada");
    assert_eq!(value(&harness, "last"), "Lovelace");
    assert_eq!(harness.tree().by_id("status").expect("the status").name, "Ada Lovelace");
    assert!(harness.tree().by_id("last").expect("the field").is_focused());
}

#[test]
fn a_typed_control_character_is_its_ctrl_key() {
    let mut harness = start();
    // U+0015 is what a terminal sends for Ctrl+U: it clears the field.
    harness.step(AutomationStep::type_text("typo\u{15}Ada")).expect("types");
    assert_eq!(value(&harness, "first"), "Ada");
}

#[test]
fn a_paste_into_an_app_that_did_not_ask_for_bracketed_paste_arrives_as_keys() {
    let mut harness = start();
    harness.run_script("paste:\"Ada\\tLovelace\\n\"").expect("pastes");
    assert_eq!(value(&harness, "first"), "Ada");
    assert_eq!(value(&harness, "last"), "Lovelace");
    assert_eq!(harness.tree().by_id("status").expect("the status").name, "Ada Lovelace");
}

#[test]
fn a_paste_into_an_app_that_turned_bracketed_paste_on_is_one_paste_event() {
    let mut harness = start_bracketed();
    harness.run_script("paste:\"Ada\\tLovelace\\n\"").expect("pastes");
    assert_eq!(value(&harness, "first"), "Ada\tLovelace\n");
    assert_eq!(value(&harness, "last"), "");
    assert_eq!(harness.tree().by_id("status").expect("the status").name, "pasted");
}
