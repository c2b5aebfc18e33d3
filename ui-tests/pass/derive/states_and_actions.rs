// Every widget-reported state flag, `checked` in its three types, keys split
// over several attributes, and `actions` replacing the role's defaults.
use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = tree-item)]
#[semantic(actions = [click, expand])]
struct Node {
    #[semantic(name)]
    label: String,
    #[semantic(focused)]
    focused: bool,
    #[semantic(disabled)]
    disabled: bool,
    #[semantic(selected)]
    selected: bool,
    #[semantic(expanded)]
    open: bool,
    #[semantic(checked)]
    checked: Option<bool>,
}

#[derive(Semantic)]
#[semantic(role = text-box)]
struct Field<'a> {
    #[semantic(value)]
    text: &'a str,
    #[semantic(readonly)]
    locked: bool,
}

#[derive(Semantic)]
#[semantic(role = checkbox, actions = [])]
struct ReadOnly {
    #[semantic(checked)]
    state: Checked,
    #[semantic(enabled)]
    enabled: bool,
}

fn main() {
    let facts = Node {
        label: "src".to_owned(),
        focused: true,
        disabled: true,
        selected: false,
        open: true,
        checked: None,
    }
    .semantics();
    assert_eq!(facts.states.focused, Some(true));
    assert_eq!(facts.states.enabled, Some(false), "disabled reports enabled = false");
    assert_eq!(facts.states.selected, Some(false), "false is reported, not dropped");
    assert_eq!(facts.states.expanded, Some(true));
    assert_eq!(facts.states.checked, Some(Checked::Mixed), "None is mixed");
    let actions = facts.effective_actions();
    assert_eq!(actions, ActionSet::from_slice(&[SemanticAction::Click, SemanticAction::Expand]));
    assert!(!actions.contains(SemanticAction::Collapse), "the list replaces the defaults");

    let read_only = ReadOnly { state: Checked::True, enabled: true }.semantics();
    assert_eq!(read_only.states.checked, Some(Checked::True));
    assert_eq!(read_only.states.enabled, Some(true));
    assert_eq!(read_only.actions, Some(ActionSet::EMPTY));
    assert!(read_only.effective_actions().is_empty());

    let field = Field { text: "fixed", locked: true }.semantics();
    assert_eq!(field.states.readonly, Some(true));
    let open = Field { text: "", locked: false }.semantics();
    assert_eq!(open.states.readonly, Some(false), "false is reported, not dropped");
}
