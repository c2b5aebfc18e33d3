//! The facts a parsed step carries: where its verb, ids, roles, keys and
//! checkpoint names are, and which action each selector slot needs.

use crate::role::SemanticRole;
use crate::script::*;

use super::support::named;

#[test]
fn facts_locate_ids_roles_keys_and_checkpoints() {
    let parsed = parse_step_str("drag:#card-1>@list=Done").unwrap();
    assert_eq!(parsed.facts.verb, Verb::Drag);
    assert_eq!(parsed.facts.verb_range, LocRange::new(Loc(0), Loc(3)));
    assert_eq!(parsed.facts.range, LocRange::new(Loc(0), Loc(22)));
    let [from, to] = &parsed.facts.selectors[..] else { panic!("{:?}", parsed.facts) };
    assert_eq!(from.slot, SelectorSlot::DragFrom);
    assert_eq!(from.range, LocRange::new(Loc(5), Loc(11)));
    assert_eq!(from.id, Some(Spanned::new("card-1".to_owned(), LocRange::new(Loc(6), Loc(11)))));
    assert_eq!(to.slot, SelectorSlot::DragTo);
    assert_eq!(to.role, Some(Spanned::new(SemanticRole::List, LocRange::new(Loc(14), Loc(17)))));
    assert_eq!(to.selector, named(SemanticRole::List, "Done"));

    let parsed = parse_step_str("key: ctrl+n").unwrap();
    assert_eq!(parsed.facts.key.unwrap().range, LocRange::new(Loc(5), Loc(10)));
    let parsed = parse_step_str("checkpoint:saved").unwrap();
    assert_eq!(parsed.facts.checkpoint.unwrap().value, "saved");
    let parsed = parse_step_str("wait-for:exists,#a,5").unwrap();
    assert_eq!(parsed.facts.selectors[0].slot, SelectorSlot::WaitFor);
    assert_eq!(parse_step_str("focus:next").unwrap().facts.selectors, []);
    assert_eq!(
        parse_step_str("click:@button").unwrap().facts.selectors[0].slot.required_action(),
        Some(crate::action::SemanticAction::Click)
    );
}
