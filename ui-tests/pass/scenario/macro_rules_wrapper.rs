// A `macro_rules!` wrapper may pass fragments through: a `$text:literal`
// arrives in an invisible group and is still a string literal.
use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

macro_rules! add_todo {
    ($title:literal) => {
        scenario! {
            app = TodoApp;
            click:#new-todo;
            type:$title;
            key:enter;
        }
    };
}

fn main() {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 24));
    session.run(add_todo!("Buy milk")).unwrap();
    session.run(add_todo!("Walk dog")).unwrap();
    let titles: Vec<&str> = session.app().todos().iter().map(|todo| todo.title.as_str()).collect();
    assert_eq!(titles, ["Buy milk", "Walk dog"]);
    assert_eq!(add_todo!("x").steps()[1].source.spelling, r#"type:"x""#);
}
