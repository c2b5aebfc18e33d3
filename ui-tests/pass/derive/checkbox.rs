// A named struct with a role, a static id, a label field and a checked flag.
use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = checkbox, id = "done")]
struct DoneToggle<'a> {
    #[semantic(name)]
    label: &'a str,
    #[semantic(checked)]
    done: bool,
    // Unannotated fields publish nothing.
    #[allow(dead_code)]
    hover: bool,
}

fn main() {
    let facts = DoneToggle { label: "Buy milk", done: true, hover: true }.semantics();
    assert_eq!(facts.role, SemanticRole::Checkbox);
    assert_eq!(facts.name, None);
    assert_eq!(facts.label.as_deref(), Some("Buy milk"));
    assert_eq!(facts.value, None);
    assert_eq!(facts.states.checked, Some(Checked::True));
    assert_eq!(facts.states.focused, None, "a state that is not reported stays None");
    assert_eq!(facts.states.selected, None);
    assert_eq!(facts.automation_id.as_deref(), Some("done"));
    assert_eq!(facts.actions, None, "no `actions` key keeps the role's defaults");
    assert!(facts.effective_actions().contains(SemanticAction::Toggle));
    assert_eq!(DoneToggle::AUTOMATION_ID, Some("done"));

    let unchecked = DoneToggle { label: "Walk", done: false, hover: false }.semantics();
    assert_eq!(unchecked.states.checked, Some(Checked::False));
}
