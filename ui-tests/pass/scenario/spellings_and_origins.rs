// Each step remembers how it was written (free text quoted) and the file,
// line and column of its first token; failures name them.
use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

fn main() {
    let line = line!();
    let scenario = scenario! {
        click:#new-todo;
          type:"Buy milk";
        wait-for:text="milk",#todos,500; key:enter;
    };
    let sources: Vec<String> =
        scenario.steps().iter().map(|step| step.source.to_string()).collect();
    let file = file!();
    assert_eq!(
        sources,
        [
            format!("`click:#new-todo` ({file}:{}:9)", line + 2),
            format!("`type:\"Buy milk\"` ({file}:{}:11)", line + 3),
            format!("`wait-for:text=\"milk\",#todos,500` ({file}:{}:9)", line + 4),
            format!("`key:enter` ({file}:{}:42)", line + 4),
        ]
    );
    // The spelling is script syntax: a text script reads it back the same.
    for step in scenario.steps() {
        let parsed = rehearse::script::parse_step_str(&step.source.spelling).unwrap();
        assert_eq!(parsed.step, step.step);
    }
    // A failing step names its spelling and place.
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 24));
    let here = line!() + 1;
    let error = session.run(scenario! { click:#nowhere; }).unwrap_err();
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("step 0 `click:#nowhere` ({file}:{here}:41)")),
        "{message}"
    );
}
