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

// Glyphrun's `c-s` is `ctrl+s`: refused, underlined where it is written.
fn main() {
    let _ = scenario! {
        app = Editor;
        click:#text;
        key:s;
        key:c-s;
    };
}
