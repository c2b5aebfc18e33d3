// A plain ratatui app adopted in place is no `Component`: it declares its
// ids with `rehearse::DeclaresIds`, and `scenario!` checks them as it does
// an engine app's — a misspelled id is an error on the id, with the
// declared one it resembles, and so is a key the app refuses.
use rehearse::prelude::*;

mod shop {
    rehearse::automation_ids! {
        pub mod ids for App {
            NEW_ITEM = "new-item";
            ITEMS = "items";
            refuse f6;
        }
    }

    /// The app's own state; its `run` draws with ratatui.
    pub struct App;

    impl rehearse::DeclaresIds for App {
        const AUTOMATION_IDS: rehearse::AutomationIds = ids::DECLARED;
    }
}

fn main() {
    let _ = scenario! {
        app = shop::App;
        click:#new-itme;
        key:f6;
        wait-for:exists,#items,500;
    };
}
