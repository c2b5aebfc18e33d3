use rehearse::prelude::*;

// An app that never set `AUTOMATION_IDS`: its ids cannot be checked. One
// error for the call, on the header's type.
mod apps {
    use rehearse::prelude::*;

    pub struct Quiet;

    impl Component for Quiet {
        type Message = ();
        fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
        fn view(&self, _: &mut Ui<'_, ()>) {}
    }
}

fn main() {
    let _ = scenario! {
        app = apps::Quiet;
        click:#save;
        click:#list;
    };
}
