// `wait` advances the controlled clock; `wait-for` waits without moving it.
use std::time::Duration;

use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

fn main() {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default());
    let start = session.now();
    session
        .run(scenario! {
            app = TodoApp;
            wait:1500;
            wait;
            wait-for:exists,#new-todo,0;
            sleep:1;
        })
        .unwrap();
    assert_eq!(session.now().since_start() - start.since_start(), Duration::from_millis(1750));
}
