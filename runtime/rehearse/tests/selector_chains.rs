//! Chained selectors on the engine: `A >> B` finds B among the descendants
//! of A's one match, `>> nth=N` picks one of several matches, in clicks and
//! waits alike; an ambiguous action says how to pick.

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::Button;

/// Two columns, each with a "Move" button; a click records which.
#[derive(Default)]
struct Board {
    moved: Vec<&'static str>,
}

impl Component for Board {
    type Message = &'static str;

    fn update(&mut self, column: &'static str, _: &mut Context<'_, Self>) {
        self.moved.push(column);
    }

    fn view(&self, ui: &mut Ui<'_, &'static str>) {
        for (at, column) in ["todo", "done"].into_iter().enumerate() {
            let x = u16::try_from(at).unwrap() * 20;
            let facts = SemanticFacts::new(SemanticRole::Group)
                .name(column)
                .automation_id(format!("col-{column}"));
            ui.node(Rect::new(x, 0, 20, 4), facts, |ui, _| {
                ui.add(Rect::new(x + 1, 1, 10, 1), Button::new("Move").on_click(move || column));
            });
        }
    }
}

fn session() -> Session<Board> {
    Session::new(Board::default(), SessionOptions::default().viewport(40, 4))
}

#[test]
fn a_chain_clicks_the_button_inside_its_scope() {
    let mut session = session();
    session
        .run(scenario! {
            click:#col-done >> @button="Move";
            click:@button="Move" >> nth=0;
            click:@group >> nth=1 >> @button;
            wait-for:count=1,#col-todo >> @button,0;
            wait-for:missing,#col-todo >> text~"nothing",0;
        })
        .unwrap();
    assert_eq!(session.app().moved, ["done", "todo", "done"]);
}

#[test]
fn an_ambiguous_action_says_how_to_pick_one() {
    let mut session = session();
    let error = session.run_script("click:@button=Move").unwrap_err();
    let rehearse::script::ScriptRunError::Failed(failed) = error else { panic!("{error}") };
    let message = failed.failed.error.to_string();
    assert!(message.contains("matches 2 nodes"), "{message}");
    assert!(message.contains("`>> nth=N`"), "{message}");
    // An ambiguous scope names the scope, not the whole chain.
    let error = session.run_script("click:@group >> @button").unwrap_err();
    let rehearse::script::ScriptRunError::Failed(failed) = error else { panic!("{error}") };
    let message = failed.failed.error.to_string();
    assert!(message.starts_with("`@group` matches 2 nodes"), "{message}");
    // An index past the matches matches nothing.
    let error = session.run_script("click:@button >> nth=2").unwrap_err();
    let rehearse::script::ScriptRunError::Failed(failed) = error else { panic!("{error}") };
    assert!(
        matches!(failed.failed.error, AutomationError::NoMatch { .. }),
        "{:?}",
        failed.failed.error
    );
    assert!(session.app().moved.is_empty());
}
