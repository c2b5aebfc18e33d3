// `id` on a field: &str, String, AutomationId, and Options of them.
use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = list-item)]
struct Item<'a> {
    #[semantic(id)]
    id: &'a str,
    #[semantic(name)]
    title: String,
}

#[derive(Semantic)]
#[semantic(role = row)]
struct Row {
    #[semantic(id)]
    id: Option<String>,
}

#[derive(Semantic)]
#[semantic(role = tab)]
struct Tab(#[semantic(id)] AutomationId, #[semantic(name)] &'static str);

#[derive(Semantic)]
#[semantic(role = cell)]
struct Cell<'a>(#[semantic(id)] Option<&'a str>);

fn main() {
    let facts = Item { id: "item-3", title: "Milk".to_owned() }.semantics();
    assert_eq!(facts.automation_id.as_deref(), Some("item-3"));
    assert_eq!(facts.label.as_deref(), Some("Milk"));
    // A dynamic id is not a static one.
    assert_eq!(Item::AUTOMATION_ID, None);

    assert_eq!(
        Row { id: Some("row-1".to_owned()) }.semantics().automation_id.as_deref(),
        Some("row-1")
    );
    assert_eq!(Row { id: None }.semantics().automation_id, None);

    let tab = Tab(AutomationId::from_static("tab-home"), "Home").semantics();
    assert_eq!(tab.automation_id.as_deref(), Some("tab-home"));
    assert_eq!(tab.label.as_deref(), Some("Home"));

    assert_eq!(Cell(Some("c1")).semantics().automation_id.as_deref(), Some("c1"));
    assert_eq!(Cell(None).semantics().automation_id, None);
}
