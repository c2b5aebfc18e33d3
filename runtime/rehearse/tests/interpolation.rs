//! `{expr}` in `scenario!`: Rust values go where a step takes an id, a
//! name, text, a value, a count, a duration, a size or a point; the step is
//! parsed with them when it runs, its spelling shows them, and a value that
//! makes it invalid fails that step with the grammar's own message.

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::{Button, TextInput};

/// Three buttons `card-0`..`card-2` and a title field.
#[derive(Default)]
struct Cards {
    clicked: Vec<usize>,
    title: String,
}

enum Msg {
    Clicked(usize),
    Title(String),
}

impl Component for Cards {
    type Message = Msg;

    fn update(&mut self, msg: Msg, _: &mut Context<'_, Self>) {
        match msg {
            Msg::Clicked(card) => self.clicked.push(card),
            Msg::Title(title) => self.title = title,
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        for card in 0..3_u16 {
            let index = usize::from(card);
            ui.add(
                Rect::new(0, card, 12, 1),
                Button::new(format!("Card {card}"))
                    .automation_id(card_id(index))
                    .on_click(move || Msg::Clicked(index)),
            );
        }
        ui.add(
            Rect::new(0, 4, 20, 1),
            TextInput::new(self.title.clone()).automation_id("title").on_change(Msg::Title),
        );
    }
}

fn card_id(n: usize) -> String {
    format!("card-{n}")
}

fn session() -> Session<Cards> {
    Session::new(Cards::default(), SessionOptions::default().viewport(20, 6))
}

#[test]
fn values_go_into_ids_text_counts_durations_and_points() {
    let mut session = session();
    let title = "Buy milk; then bread";
    let cards = 3;
    for n in [2, 0] {
        session.run(scenario! { click:#{card_id(n)}; }).unwrap();
    }
    let (col, row, timeout) = (1_u16, 1_u16, 500);
    let report = session
        .run(scenario! {
            click:{col},{row};
            click:@button={format!("Card {}", 0)};
            click:#title;
            type:{title};
            wait-for:count={cards},@button,{timeout};
            wait-for:value={title},#title,{timeout};
        })
        .unwrap();
    assert_eq!(session.app().clicked, [2, 0, 1, 0]);
    assert_eq!(session.app().title, title);
    // The spellings show the values the steps ran with, quoted as needed.
    let spellings: Vec<&str> =
        report.steps.iter().map(|step| step.source.spelling.as_ref()).collect();
    assert_eq!(
        spellings,
        [
            "click:1,1",
            r#"click:@button="Card 0""#,
            "click:#title",
            r#"type:"Buy milk; then bread""#,
            "wait-for:count=3,@button,500",
            r#"wait-for:value="Buy milk; then bread",#title,500"#,
        ]
    );
    assert_eq!(report.steps[3].step, AutomationStep::type_text(title));
}

#[test]
fn a_value_that_makes_the_step_invalid_fails_when_it_runs() {
    let mut session = session();
    let id = "card 1";
    let error = session.run(scenario! { click:#card-0; click:#{id}; click:#card-2; }).unwrap_err();
    assert_eq!(error.completed.steps.len(), 1, "the first step ran");
    assert_eq!(error.failed.index, 1);
    let AutomationError::InvalidStep { spelling, reason } = &error.failed.error else {
        panic!("{:?}", error.failed.error)
    };
    assert_eq!(spelling, "click:#card 1");
    assert!(reason.contains("automation id `card 1` has ' '"), "{reason}");
    assert_eq!(session.app().clicked, [0], "nothing ran after the invalid step");
}

#[test]
fn a_bare_value_cannot_add_structure_to_a_step() {
    let mut session = session();
    let id = "card-0 >> nth=0";
    let error = session.run(scenario! { click:#{id}; }).unwrap_err();
    let AutomationError::InvalidStep { reason, .. } = &error.failed.error else {
        panic!("{:?}", error.failed.error)
    };
    assert!(reason.contains("may not hold `>`"), "{reason}");
    assert!(session.app().clicked.is_empty());
}
