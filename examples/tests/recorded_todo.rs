//! Recorded by `rehearse record` from `todo` in a 80x23 terminal; the compiler
//! checks every step of the `scenario!` below.

use rehearse::prelude::*;
use rehearse::pty::PtySessionOptions;

#[test]
fn recorded() {
    let options = PtySessionOptions::new(env!("CARGO_BIN_EXE_todo")).size(80, 23);
    let mut program = rehearse::control::spawn_app_in_pty(options).expect("the program starts");
    let scenario = scenario! {
        app = rehearse_examples::todo::TodoApp;
        wait-for:exists,#new-todo,5000;
        click:#new-todo;
        type:"Buy milk";
        key:enter;
        wait-for:exists,#item-1,2000;
        checkpoint:checkpoint-1;
        wait-for:text="Buy milk",#item-1,2000;
    };
    if let Err(error) = program.run(scenario) {
        panic!("{error}\nscreen:\n{}", program.pty().screen_text());
    }
}
