use rehearse::prelude::*;

rehearse::automation_ids! {
    mod ids for Shell {
        PROMPT = "prompt";
        // `;` separates commands: the app runs what follows it.
        refuse ";";
        // F6 copies to the system clipboard.
        refuse f6;
    }
}

struct Shell;

impl Component for Shell {
    type Message = ();
    const AUTOMATION_IDS: rehearse::AutomationIds = ids::DECLARED;
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, _: &mut Ui<'_, ()>) {}
}

// Typing presses a key per character, so a refused key cannot be typed
// either: not behind a guard, nor inside a batch, where each is underlined
// at the input that presses it.
fn main() {
    let _ = scenario! {
        app = Shell;
        click:#prompt;
        type:"ls; rm -rf";
        when(exists,#prompt) type:"cd; ls";
        batch:(type:"pwd; id"; key:enter);
        batch:(key:tab; key:f6; type:"ok");
    };
}
