use rehearse::prelude::*;

// `for App` promises `App` uses these declarations; it does not.
rehearse::automation_ids! {
    pub mod ids for App {
        SAVE = "save";
    }
}

struct App;

impl Component for App {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, _: &mut Ui<'_, ()>) {}
}

fn main() {
    let _ = ids::SAVE;
}
