// Names, texts and values matched by regular expressions (`/…/`, `/…/i`):
// each pattern is checked at compile time and matched by the session at run
// time, on the todo example.
use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

fn main() {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 24));
    let report = session
        .run(scenario! {
            app = TodoApp;
            click:#new-todo; type:"Buy milk"; key:enter;
            click:#new-todo; type:"Walk dog"; key:enter;
            wait-for:count=2,@checkbox=/"^(Buy|Walk) "/,0;
            click:@checkbox=/"milk$"/;
            wait-for:text=/r"^1 items? left · 1 done"/,#status,0;
            // Case counts unless the pattern says `i`.
            wait-for:count=0,@button=/"^delete"/,0;
            click:@button=/"^delete .walk"/i;
            wait-for:exists,@dialog=/"Walk dog"/,0;
            // Beneath the open dialog the rows' buttons are inert: one match.
            click:@button=/"^Delete$"/;
            wait-for:missing,text~/"^Walk"/,0;
            wait-for:exists,#todos>>text~/r"(?i)BUY \w+"/,0;
        })
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.steps.len(), 15);
    let titles: Vec<&str> =
        session.app().visible().iter().map(|todo| todo.title.as_str()).collect();
    assert_eq!(titles, ["Buy milk"]);
    assert_eq!(
        report.steps[6].source.spelling,
        r#"wait-for:count=2,@checkbox=/"^(Buy|Walk) "/,0"#,
        "the spelling as written"
    );
}
