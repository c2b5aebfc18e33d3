// `expect-tree:` outlines (a raw string literal, regexes, states, nested
// lines) checked at compile time against `TodoApp`'s ids and matched by the
// session at run time, on the todo example.
use rehearse::prelude::*;
use rehearse::vocabulary::{NodePattern, TextPattern, TreePattern};
use rehearse_examples::todo::TodoApp;

fn main() {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 24));
    let report = session
        .run(scenario! {
            app = TodoApp;
            click:#new-todo; type:"Buy milk"; key:enter;
            click:#new-todo; type:"Walk dog"; key:enter;
            click:#toggle-2;
            expect-tree:#todos,0(r#"
                - list "todos":
                  - list-item "Buy milk":
                    - checkbox [checked=false] [enabled]
                  - list-item /walk/i [selected=false]:
                    - checkbox /dog$/ [checked]
            "#);
            [filters] expect-tree:#filters,0("- tab-list:\n  - tab \"All\" [selected]");
            expect-tree:#new-todo,0("- text-box = /^$/");
        })
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.steps.len(), 10);
    let AutomationStep::ExpectTree { pattern, .. } = &report.steps[9].step else {
        panic!("{:?}", report.steps[9].step)
    };
    assert_eq!(
        **pattern,
        TreePattern::new([NodePattern::new(SemanticRole::TextBox)
            .value(TextPattern::Regex(rehearse::vocabulary::TextRegex::new("^$").unwrap()))])
    );
}
