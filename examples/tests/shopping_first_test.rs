//! An adopted app's first test, whole: the shopping list's own loop run by
//! the harness, a scenario checked at compile time against the ids it
//! declares, and the tree asserted on. `docs/adopting.md` shows this file
//! as it is.

use rehearse::adopt::{Harness, HarnessOptions};
use rehearse::prelude::*;
use rehearse_examples::shopping::{App, ids};

#[test]
fn adds_an_item() {
    let options = HarnessOptions::default().viewport(60, 16).declared(ids::DECLARED);
    let mut harness = Harness::start(options, |terminal, events| {
        // The app's own loop, on the harness's terminal and events.
        App::default().run(terminal, events)
    })
    .expect("the app starts and blocks waiting for input");
    harness
        .run(scenario! {
            app = App;
            click:#new-item;
            type:"Apples";
            key:enter;
            wait-for:text="Added Apples",#status,0;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", harness.tree().to_markdown()));
    let items = harness.tree().by_id(ids::ITEMS).expect("the list is tagged");
    let names: Vec<&str> = items.children.iter().map(|item| item.name.as_str()).collect();
    assert_eq!(names, ["Milk", "Eggs", "Bread", "Apples"]);
}
