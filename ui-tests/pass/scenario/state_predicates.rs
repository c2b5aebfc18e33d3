// Waits on what a node reports: checked, modal, and where a list is
// scrolled, on the todo example.
use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

fn main() {
    let mut session =
        Session::new(TodoApp::with_items(50), SessionOptions::default().viewport(80, 24));
    let report = session
        .run(scenario! {
            app = TodoApp;
            wait-for:scroll=0,#todos,0;
            wait-for:scroll-extent=50,#todos,0;
            wait-for:checked=false,#toggle-1,0;
            click:#toggle-1;
            wait-for:checked,#toggle-1,0;
            wait-for:checked=true,#toggle-1,0;
            wait-for:modal=false,#todos,0;
            click:#delete-1;
            wait-for:modal,#confirm-delete,0;
            wait-for:modal=true,@dialog,0;
            click:#confirm-no;
            wait-for:missing,#confirm-delete,0;
        })
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.steps.len(), 12);
    assert_eq!(report.steps[6].source.spelling, "wait-for:modal=false,#todos,0");
}
