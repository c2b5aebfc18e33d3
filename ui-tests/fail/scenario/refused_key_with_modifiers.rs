use rehearse::prelude::*;

rehearse::automation_ids! {
    mod ids for Editor {
        TEXT = "text";
        // Ctrl+S writes a file.
        refuse ctrl+s;
    }
}

struct Editor;

impl Component for Editor {
    type Message = ();
    const AUTOMATION_IDS: rehearse::AutomationIds = ids::DECLARED;
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, _: &mut Ui<'_, ()>) {}
}

// Keys compare after normalization: `Ctrl+S` is `ctrl+s`; plain `s` is fine.
fn main() {
    let _ = scenario! {
        app = Editor;
        click:#text;
        key:s;
        key:Ctrl+S;
    };
}
