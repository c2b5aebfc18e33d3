//! The JSON and Markdown examples in `docs/semantics.md` are the real output
//! of this tree, so the documented shape cannot drift from the code.

use ratatui::layout::Size;
use rehearse::prelude::*;
use rehearse::semantic::{SemanticFacts, resolve_name};

#[derive(Semantic)]
#[semantic(role = text-box, id = "password", masked)]
struct PasswordField<'a> {
    #[semantic(name)]
    label: &'a str,
    #[semantic(value)]
    secret: &'a str,
    #[semantic(focused)]
    focused: bool,
}

#[derive(Semantic)]
#[semantic(role = checkbox, id = "remember")]
struct Remember {
    #[semantic(name)]
    label: &'static str,
    #[semantic(checked)]
    checked: bool,
}

/// A node built from a widget's facts the way the engine projects one: the
/// name by the conventions, then the value, states and actions.
fn node(facts: &SemanticFacts, bounds: Bounds, children: Vec<SemanticNode>) -> SemanticNode {
    let mut node = SemanticNode::new(facts.role, bounds).with_name(resolve_name(facts, &children));
    if let Some(id) = &facts.automation_id {
        node = node.with_id(AutomationId::new(id.clone()).expect("a valid id"));
    }
    if let Some(value) = facts.value.clone() {
        node = node.with_value(value);
    }
    node.states.focused = facts.states.focused;
    node.states.enabled = facts.states.enabled.unwrap_or(true);
    node.states.selected = facts.states.selected;
    node.states.checked = facts.states.checked;
    node.states.scroll = facts.states.scroll;
    node.children = children;
    node.with_actions(facts.effective_actions())
}

fn example() -> SemanticTree {
    let password = PasswordField { label: "Password", secret: "hunter2", focused: true };
    let remember = Remember { label: "Remember me", checked: true }.semantics().disabled(true);
    let search =
        SemanticFacts::new(SemanticRole::TextBox).label("Search").value("", Sensitivity::Public);
    let milk = SemanticFacts::new(SemanticRole::ListItem).label("Milk").selected(true);
    let mut bread = node(
        &SemanticFacts::new(SemanticRole::ListItem).label("Bread"),
        Bounds::new(0, 6, 40, 1),
        vec![],
    );
    // Scrolled out of its list's viewport: laid out, but not visible.
    bread.clipped_bounds = Bounds::empty_at(0, 6);
    bread.in_view = false;
    bread.states.hidden = true;
    bread.states.offscreen = true;
    let list = node(
        // At the top of its two rows.
        &SemanticFacts::new(SemanticRole::List).automation_id("results").scroll(0, 2),
        Bounds::new(0, 5, 40, 1),
        vec![node(&milk, Bounds::new(0, 5, 40, 1), vec![]), bread],
    );
    let mut toast = node(
        &SemanticFacts::new(SemanticRole::Alert).name("Saved"),
        Bounds::new(10, 9, 20, 1),
        vec![],
    );
    toast.overlay_order = Some(1);
    let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 40, 10))
        .with_child(node(&password.semantics(), Bounds::new(0, 1, 30, 1), vec![]))
        .with_child(node(&remember, Bounds::new(0, 2, 20, 1), vec![]))
        .with_child(node(&search, Bounds::new(0, 3, 30, 1), vec![]))
        .with_child(list)
        .with_child(toast);
    SemanticTree::new(Generation(3), Size::new(40, 10), root)
}

fn doc_block(doc: &str, marker: &str) -> String {
    let start = doc.find(marker).unwrap_or_else(|| panic!("{marker} missing from the doc"));
    let fence_start = doc[start..].find("```").expect("an opening fence") + start;
    let body_start = doc[fence_start..].find('\n').expect("a fence line") + fence_start + 1;
    let body_end = doc[body_start..].find("```").expect("a closing fence") + body_start;
    doc[body_start..body_end].to_owned()
}

/// Replaces the body of the fenced block after `marker` with `body`.
fn replace_block(doc: &str, marker: &str, body: &str) -> String {
    let start = doc.find(marker).unwrap_or_else(|| panic!("{marker} missing from the doc"));
    let fence_start = doc[start..].find("```").expect("an opening fence") + start;
    let body_start = doc[fence_start..].find('\n').expect("a fence line") + fence_start + 1;
    let body_end = doc[body_start..].find("```").expect("a closing fence") + body_start;
    format!("{}{body}{}", &doc[..body_start], &doc[body_end..])
}

/// Run with `BLESS_DOCS=1` to rewrite the examples after a deliberate change
/// of the output format.
#[test]
fn json_and_markdown_examples_are_real_output() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/semantics.md");
    let doc = std::fs::read_to_string(path).expect("docs/semantics.md");
    let tree = example();
    let json = tree.to_json();
    let markdown = tree.to_markdown();
    assert!(!json.contains("hunter2") && !markdown.contains("hunter2"), "a masked value leaked");
    if std::env::var_os("BLESS_DOCS").is_some() {
        let doc = replace_block(&doc, "<!-- example: json -->", &json);
        let doc = replace_block(&doc, "<!-- example: markdown -->", &markdown);
        std::fs::write(path, doc).expect("write docs/semantics.md");
        return;
    }
    assert_eq!(doc_block(&doc, "<!-- example: json -->"), json, "the JSON example is stale");
    assert_eq!(doc_block(&doc, "<!-- example: markdown -->"), markdown, "the Markdown is stale");
}
