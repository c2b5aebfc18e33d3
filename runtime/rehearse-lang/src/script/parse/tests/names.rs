//! Every name of the closed vocabularies the grammar reads: keys (in any
//! case, with modifiers, round-tripping), roles and predicates.

use crate::key::{KeyCode, KeyPress, Modifiers};
use crate::role::SemanticRole;
use crate::script::*;
use crate::step::AutomationStep;
use crate::wait::Predicate;

use super::support::{named, role, step, wait_for};

#[test]
fn every_key_round_trips() {
    let mut keys: Vec<KeyPress> = Vec::new();
    for character in (' '..='~').chain(['é', '€', '\u{a0}', '\t']) {
        for modifiers in [
            Modifiers::NONE,
            Modifiers::CTRL,
            Modifiers::ALT,
            Modifiers::SHIFT,
            Modifiers { ctrl: true, alt: true, shift: true },
        ] {
            keys.push(KeyPress::new(KeyCode::Char(character), modifiers));
        }
    }
    for name in KeyCode::names() {
        let key: KeyPress = name.parse().unwrap();
        keys.push(key);
        keys.push(KeyPress::new(key.code, Modifiers::CTRL));
        keys.push(KeyPress::new(key.code, Modifiers::SHIFT));
    }
    for key in keys {
        let expected = AutomationStep::key(key);
        let shown = expected.to_string();
        assert_eq!(step(&shown), expected, "{shown:?}");
        assert_eq!(
            parse_script(&shown).map(Script::into_automation_steps),
            Ok(vec![expected]),
            "{shown:?}"
        );
    }
}

#[test]
fn every_key_name_parses_in_any_case() {
    for name in KeyCode::names() {
        let expected = AutomationStep::key(name.parse::<KeyPress>().unwrap());
        assert_eq!(step(&format!("key:{name}")), expected);
        assert_eq!(step(&format!("key:{}", name.to_uppercase())), expected);
        let shifted = KeyPress::new(name.parse::<KeyPress>().unwrap().code, Modifiers::SHIFT);
        assert_eq!(step(&format!("key:Shift+{name}")), AutomationStep::key(shifted));
    }
    assert_eq!(step("key:F1"), AutomationStep::key(KeyCode::F(1)));
    assert_eq!(step("key:f12"), AutomationStep::key(KeyCode::F(12)));
    assert_eq!(step("key:Space"), AutomationStep::key(KeyPress::char(' ')));
}

#[test]
fn every_role_and_predicate_parses() {
    for &role_name in SemanticRole::ALL {
        assert_eq!(step(&format!("hover:@{role_name}")), AutomationStep::hover(role(role_name)));
        assert_eq!(
            step(&format!("wait-for:exists,@{role_name}=x,1")),
            wait_for(Predicate::Exists, named(role_name, "x"), 1)
        );
    }
    for &name in crate::wait::PredicateName::ALL {
        let spelled = match name.argument() {
            crate::wait::PredicateArgument::None
            | crate::wait::PredicateArgument::OptionalBool
            | crate::wait::PredicateArgument::OptionalChecked => name.as_str().to_owned(),
            crate::wait::PredicateArgument::Text => format!("{name}=x"),
            crate::wait::PredicateArgument::Count => format!("{name}=2"),
            crate::wait::PredicateArgument::Color => format!("{name}=red"),
        };
        let parsed = step(&format!("wait-for:{spelled},#a,1"));
        let AutomationStep::WaitFor { condition, .. } = parsed else { panic!("{spelled}") };
        assert_eq!(condition.predicate.name(), name);
        assert_eq!(condition.predicate.to_string(), spelled);
    }
}
