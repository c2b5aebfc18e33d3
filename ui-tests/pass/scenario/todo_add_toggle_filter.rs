// A real scenario against the todo example, checked against its declared
// ids at compile time and asserted at run time.
use rehearse::prelude::*;
use rehearse_examples::todo::{Filter, TodoApp, ids};

fn main() {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 24));
    let report = session
        .run(scenario! {
            app = TodoApp;
            click:#new-todo;
            type:"Buy milk";
            key:enter;
            click:#new-todo; type:"Walk dog"; key:enter;
            wait-for:count=2,@list-item,0;
            click:#toggle-1;
            click:#filter-active;
            wait-for:count=1,@list-item,0;
            checkpoint:active;
        })
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.steps.len(), 11);
    assert_eq!(report.last_generation(), Some(session.generation()));
    assert_eq!(session.app().filter(), Filter::Active);
    let titles: Vec<&str> =
        session.app().visible().iter().map(|todo| todo.title.as_str()).collect();
    assert_eq!(titles, ["Walk dog"]);
    assert_eq!(session.tree().by_id(ids::STATUS).unwrap().name, "1 item left · 1 done · 2 total");
}
