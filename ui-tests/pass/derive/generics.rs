// Lifetimes, type parameters and where-clauses carry over; fields of a
// generic type get the bounds they need.
use std::borrow::Cow;
use std::fmt::Debug;

use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = button)]
struct Labeled<'a, T, Extra: Debug = ()>
where
    T: Clone,
{
    #[semantic(name)]
    label: T,
    #[semantic(value)]
    note: Option<Cow<'a, str>>,
    #[allow(dead_code)]
    extra: Extra,
}

#[derive(Semantic)]
#[semantic(role = link)]
struct Linked<I> {
    #[semantic(id)]
    id: I,
}

fn main() {
    let borrowed = Labeled { label: "Save", note: None, extra: () }.semantics();
    assert_eq!(borrowed.label.as_deref(), Some("Save"));
    assert_eq!(borrowed.value, None);

    let owned =
        Labeled { label: String::from("Open"), note: Some(Cow::Borrowed("ctrl+o")), extra: 7u8 }
            .semantics();
    assert_eq!(owned.label.as_deref(), Some("Open"));
    assert_eq!(owned.value, Some(SemanticValue::public("ctrl+o")));

    assert_eq!(Linked { id: "docs" }.semantics().automation_id.as_deref(), Some("docs"));
    assert_eq!(
        Linked { id: Some(String::from("x")) }.semantics().automation_id.as_deref(),
        Some("x")
    );
}
