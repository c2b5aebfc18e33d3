use rehearse::prelude::*;

// An app that never set `AUTOMATION_IDS`: its ids cannot be checked.
struct Quiet;

impl Component for Quiet {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, _: &mut Ui<'_, ()>) {}
}

fn main() {
    let _ = scenario! {
        app = Quiet;
        click:#save;
        click:#list;
    };
}
