//! One UI two ways: a plain ratatui app adopted with tags (the adopt
//! plane) and the same widgets, areas and facts built on `Component` (the
//! engine plane) publish the same tree — roles, names, values, states, ids,
//! bounds, clipping, actions — including a `#[derive(Semantic)]` widget, a
//! `List` with its `ListState`, a masked value and a popup overlay.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Block, Clear, List, ListState, Paragraph, StatefulWidget, Widget};
use rehearse::adopt::{EventSource, FrameExt, Harness, HarnessOptions, Tag, TagList};
use rehearse::prelude::*;

/// A checkbox the app owns, saying what it means with the derive.
#[derive(Semantic, Clone, Copy)]
#[semantic(role = checkbox, id = "remember")]
struct Remember {
    #[semantic(name)]
    label: &'static str,
    #[semantic(checked)]
    on: bool,
}

impl Widget for Remember {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mark = if self.on { "[x]" } else { "[ ]" };
        Paragraph::new(format!("{mark} {}", self.label)).render(area, buf);
    }
}

/// What the screen shows.
#[derive(Clone)]
struct Model {
    pin: String,
    items: Vec<&'static str>,
    selected: usize,
    popup: bool,
}

const SIZE: (u16, u16) = (30, 12);

struct Areas {
    pin: Rect,
    remember: Rect,
    list: Rect,
    status: Rect,
    popup: Rect,
    question: Rect,
    yes: Rect,
}

fn areas(screen: Rect) -> Areas {
    let [pin, remember, list, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(screen);
    let popup = Rect::new(5, 4, 20, 4);
    let inner = Block::bordered().inner(popup);
    let [question, yes] = Layout::vertical([Constraint::Length(1); 2]).areas(inner);
    Areas { pin, remember, list, status, popup, question, yes }
}

fn pin_facts(model: &Model) -> SemanticFacts {
    SemanticFacts::new(SemanticRole::TextBox)
        .automation_id("pin")
        .label("PIN")
        .value(&model.pin, Sensitivity::Masked)
        .focused(true)
}

fn list_facts() -> SemanticFacts {
    SemanticFacts::new(SemanticRole::List).automation_id("fruit").label("Fruit")
}

fn status_facts(model: &Model) -> SemanticFacts {
    let text = format!("{} fruit", model.items.len());
    SemanticFacts::new(SemanticRole::Status).automation_id("status").label(text)
}

fn dialog_facts() -> SemanticFacts {
    SemanticFacts::new(SemanticRole::Dialog).automation_id("confirm").label("Confirm")
}

fn button_facts() -> SemanticFacts {
    SemanticFacts::new(SemanticRole::Button).automation_id("yes").label("Yes")
}

fn list_block() -> Block<'static> {
    Block::bordered().title("Fruit")
}

const REMEMBER: Remember = Remember { label: "Remember me", on: true };

/// The adopted app: the model drawn with ratatui and tags, until Esc.
fn adopted(
    model: Model,
) -> impl FnOnce(
    &mut Terminal<rehearse::adopt::HarnessBackend>,
    &mut rehearse::adopt::HarnessEvents,
) -> io::Result<()> {
    move |terminal, events| run(terminal, events, model)
}

fn run<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
    model: Model,
) -> io::Result<()> {
    let mut state = ListState::default().with_selected(Some(model.selected));
    loop {
        terminal.draw(|frame| {
            let at = areas(frame.area());
            let masked = "*".repeat(model.pin.len());
            frame.render_widget(Paragraph::new(masked).tag(|| pin_facts(&model)), at.pin);
            frame.render_widget(REMEMBER.semantic(), at.remember);
            let block = list_block();
            let list = List::new(model.items.clone()).block(block.clone());
            let list = list.tag_list(list_facts, || model.items.clone()).block(&block);
            frame.render_stateful_widget(list, at.list, &mut state);
            let status = Paragraph::new(format!("{} fruit", model.items.len()));
            frame.render_widget(status.tag(|| status_facts(&model)), at.status);
            if model.popup {
                frame.overlay(at.popup, dialog_facts, |frame| {
                    frame.render_widget(Clear, at.popup);
                    frame.render_widget(Block::bordered(), at.popup);
                    let question = Paragraph::new("Sure?")
                        .tag(|| SemanticFacts::new(SemanticRole::Text).label("Sure?"));
                    frame.render_widget(question, at.question);
                    frame.render_widget(Paragraph::new("[Yes]").tag(button_facts), at.yes);
                });
            }
        })?;
        if let Event::Key(_) = events.read()? {
            return Ok(());
        }
    }
}

/// The same UI on the engine.
struct OnEngine(Model);

impl Component for OnEngine {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}

    fn view(&self, ui: &mut Ui<'_, ()>) {
        let model = &self.0;
        let at = areas(Rect::new(0, 0, SIZE.0, SIZE.1));
        let masked = "*".repeat(model.pin.len());
        ui.leaf(at.pin, pin_facts(model), |area, buf| Paragraph::new(masked).render(area, buf));
        ui.leaf(at.remember, REMEMBER.semantics(), |area, buf| REMEMBER.render(area, buf));
        let block = list_block();
        let inner = block.inner(at.list);
        ui.node(at.list, list_facts(), |ui, list| {
            let mut state = ListState::default().with_selected(Some(model.selected));
            ui.draw_with(at.list, |area, buf| {
                StatefulWidget::render(
                    List::new(model.items.clone()).block(block),
                    area,
                    buf,
                    &mut state,
                );
            });
            // The rows live in the list's inner area, scrolled by the
            // offset ratatui settled on, as the adopt plane lays them out.
            // Where it is scrolled, in items, as a tagged list publishes it.
            ui.publish_scroll(list, state.offset(), model.items.len());
            let offset = u16::try_from(state.offset()).expect("a small offset");
            let height = u16::try_from(model.items.len()).expect("a few items");
            ui.scrolled(inner, offset, height, |ui, content| {
                for (index, item) in model.items.iter().enumerate() {
                    let facts = SemanticFacts::new(SemanticRole::ListItem)
                        .label(*item)
                        .selected(index == model.selected);
                    let y = content.y + u16::try_from(index).expect("a few items");
                    ui.leaf(Rect::new(content.x, y, content.width, 1), facts, |_, _| {});
                }
            });
        });
        let status = Paragraph::new(format!("{} fruit", model.items.len()));
        ui.leaf(at.status, status_facts(model), |area, buf| status.render(area, buf));
        if model.popup {
            ui.overlay(dialog_facts(), at.popup, false, |ui| {
                ui.node(at.popup, dialog_facts(), |ui, _| {
                    ui.draw(at.popup, Block::bordered());
                    let text = SemanticFacts::new(SemanticRole::Text).label("Sure?");
                    ui.leaf(at.question, text, |area, buf| {
                        Paragraph::new("Sure?").render(area, buf)
                    });
                    ui.leaf(at.yes, button_facts(), |area, buf| {
                        Paragraph::new("[Yes]").render(area, buf)
                    });
                });
            });
        }
    }
}

fn both(model: Model) -> (SemanticTree, SemanticTree) {
    let options = HarnessOptions::default().viewport(SIZE.0, SIZE.1);
    let harness = Harness::start(options, adopted(model.clone())).expect("the adopted app starts");
    let session = Session::new(OnEngine(model), SessionOptions::default().viewport(SIZE.0, SIZE.1));
    (harness.tree().clone(), session.tree().clone())
}

#[test]
fn the_adopted_tree_matches_the_engine_tree() {
    let model = Model {
        pin: "4711".into(),
        items: vec!["Apple", "Banana", "Cherry"],
        selected: 1,
        popup: false,
    };
    let (adopted, engine) = both(model);
    assert_eq!(
        adopted.root,
        engine.root,
        "adopted:\n{}\nengine:\n{}",
        adopted.to_markdown(),
        engine.to_markdown()
    );
    let remember = adopted.by_id("remember").expect("the derived widget is in the tree");
    assert_eq!(remember.states.checked, Some(Checked::True));
    assert_eq!(remember.name, "Remember me");
    assert!(
        adopted
            .by_id("pin")
            .is_some_and(|pin| pin.value.as_ref().is_some_and(SemanticValue::is_redacted))
    );
}

#[test]
fn with_a_popup_open_the_trees_still_match() {
    let model = Model {
        pin: String::new(),
        items: vec!["Apple", "Banana", "Cherry", "Damson", "Elder", "Fig", "Grape", "Hazel"],
        selected: 7,
        popup: true,
    };
    let (adopted, engine) = both(model);
    assert_eq!(
        adopted.root,
        engine.root,
        "adopted:\n{}\nengine:\n{}",
        adopted.to_markdown(),
        engine.to_markdown()
    );
    assert_eq!(adopted.by_id("confirm").and_then(|dialog| dialog.overlay_order), Some(1));
}

#[test]
fn a_click_on_a_node_the_popup_covers_fails_in_the_same_words_on_both_planes() {
    let model = Model {
        pin: String::new(),
        items: vec!["Apple", "Banana", "Cherry"],
        selected: 0,
        popup: true,
    };
    let options = HarnessOptions::default().viewport(SIZE.0, SIZE.1);
    let mut harness = Harness::start(options, adopted(model.clone())).expect("starts");
    let mut session =
        Session::new(OnEngine(model), SessionOptions::default().viewport(SIZE.0, SIZE.1));
    // Banana's row runs under the popup's top border.
    let click = || scenario! { click:@list-item="Banana"; };
    let adopted = harness.run(click()).expect_err("the popup covers the row").failed.error;
    let engine = session.run(click()).expect_err("the popup covers the row").failed.error;
    assert_eq!(adopted.to_string(), engine.to_string());
    assert_eq!(
        engine.to_string(),
        "list-item \"Banana\" cannot take `click`: a pointer at its centre (14,4) reaches dialog \"Confirm\" #confirm, not it (something drawn over it covers it there, or it takes no pointer there)"
    );
}
