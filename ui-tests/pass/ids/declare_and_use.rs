// Everything `automation_ids!` declares: constants, families with `{n}`
// and `{name}` (numbered when repeated), refused keys, widget ids, and the
// wiring check of `for App`.
use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = button, id = "save")]
struct SaveButton;

rehearse::automation_ids! {
    /// The editor's ids.
    pub mod ids for Editor {
        /// The text area.
        TEXT = "text";
        STATUS = "status-line";
        fn row = "row-{n}";
        fn cell = "row-{n}-col-{n}";
        fn tab = "tab:{name}";
        refuse f6, ctrl+s;
        refuse ";";
        widget SaveButton;
    }
}

struct Editor;

impl Component for Editor {
    type Message = ();
    const AUTOMATION_IDS: rehearse::AutomationIds = ids::DECLARED;
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, _: &mut Ui<'_, ()>) {}
}

fn main() {
    assert_eq!(ids::TEXT, "text");
    assert_eq!(ids::STATUS, "status-line");
    assert_eq!(ids::row(7), "row-7");
    assert_eq!(ids::cell(2, 30), "row-2-col-30");
    assert_eq!(ids::tab("logs.v2"), "tab:logs.v2");
    let declared = ids::DECLARED.declared().unwrap();
    assert_eq!(
        declared.entries(),
        ["text", "status-line", "row-{n}", "row-{n}-col-{n}", "tab:{name}", "save"]
    );
    for id in ["text", "row-12", "row-1-col-2", "tab:x", "save"] {
        assert!(ids::DECLARED.contains(id), "{id}");
    }
    assert!(!ids::DECLARED.contains("row-x"));
    let refused: Vec<String> =
        ids::DECLARED.refused_keys().iter().map(ToString::to_string).collect();
    assert_eq!(refused, ["f6", "ctrl+s", ";"]);
    // A family function checks (in debug builds) that it built a member.
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let misuse = std::panic::catch_unwind(|| ids::row("seven"));
    std::panic::set_hook(quiet);
    assert!(misuse.is_err());
    // Scenarios check against all of it, widget ids included.
    let scenario = scenario! { app = Editor; click:#save; click:#row-3-col-4; key:ctrl+a; };
    assert_eq!(scenario.len(), 3);
    assert_eq!(<SaveButton as Semantic>::AUTOMATION_ID, Some("save"));
}
