// An explicit name wins over the label and content; naming resolves as the
// runtime's conventions say.
use rehearse::prelude::*;
use rehearse::semantic::resolve_name;

#[derive(Semantic)]
#[semantic(role = button, name = "Save file")]
struct SaveButton;

#[derive(Semantic)]
#[semantic(role = button, id = "close")]
struct CloseButton {
    #[semantic(name)]
    label: Option<&'static str>,
}

#[derive(Semantic)]
#[semantic(role = dialog, name = "")]
struct Unnamed;

fn main() {
    let child = SemanticNode::new(SemanticRole::Text, Bounds::default()).with_name("content");
    assert_eq!(resolve_name(&SaveButton.semantics(), &[child.clone()]), "Save file");
    // No label: a button is named from content, then from its id.
    let close = CloseButton { label: None }.semantics();
    assert_eq!(close.label, None);
    assert_eq!(resolve_name(&close, &[child.clone()]), "content");
    assert_eq!(resolve_name(&close, &[]), "close");
    let labeled = CloseButton { label: Some("Close") }.semantics();
    assert_eq!(resolve_name(&labeled, &[child.clone()]), "Close");
    // A deliberate empty name is kept.
    assert_eq!(Unnamed.semantics().name.as_deref(), Some(""));
    assert_eq!(resolve_name(&Unnamed.semantics(), &[child]), "");
}
