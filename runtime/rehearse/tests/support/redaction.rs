//! The random apps and steps of the redaction properties (`redaction.rs`,
//! `redaction_protocol.rs`): a tree of masked, sensitive and public values,
//! steps against it, the secret's forms an output must never hold, and what
//! a failed step may echo of what the test itself wrote.

// Each test includes the whole file and uses what it needs.
#![allow(dead_code)]

use std::time::Duration;

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};
use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::vocabulary::{NodePattern, TextPattern, TreePattern};

#[derive(Debug, Clone)]
pub struct Spec {
    pub role: SemanticRole,
    /// Whether it has an id (`n` and its place in document order: unique).
    pub id: bool,
    pub name: String,
    pub value: Option<(String, Sensitivity)>,
    pub children: Vec<Spec>,
}

/// An app showing one random tree; its values never appear on screen.
pub struct Random {
    pub nodes: Vec<Spec>,
}

fn record(ui: &mut Ui<'_, ()>, spec: &Spec, row: &mut u16) {
    let mut facts = SemanticFacts::new(spec.role).name(spec.name.clone());
    facts.automation_id = spec.id.then(|| format!("n{row}"));
    if let Some((value, sensitivity)) = &spec.value {
        facts = facts.value(value.clone(), *sensitivity);
    }
    let area = Rect::new(0, *row % 10, 20, 1);
    *row += 1;
    if spec.children.is_empty() {
        ui.leaf(area, facts, |_, _| {});
    } else {
        ui.node(area, facts, |ui, _| {
            for child in &spec.children {
                record(ui, child, row);
            }
        });
    }
}

impl Component for Random {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let mut row = 0;
        for spec in &self.nodes {
            record(ui, spec, &mut row);
        }
    }
}

pub const ROLES: [SemanticRole; 6] = [
    SemanticRole::TextBox,
    SemanticRole::Text,
    SemanticRole::Button,
    SemanticRole::Group,
    SemanticRole::ListItem,
    SemanticRole::Status,
];

/// A secret: a marker no name or id can hold, then characters JSON and
/// `Debug` escape.
pub fn secret() -> impl Strategy<Value = String> {
    "[a-z\"\\\\é\n\t{}]{1,8}".prop_map(|tail| format!("ZQX-{tail}"))
}

pub fn spec(secret: String) -> impl Strategy<Value = Spec> {
    let leaf = (0..ROLES.len(), any::<bool>(), "[a-z ]{0,6}", 0..4u8, Just(secret)).prop_map(
        |(role, id, name, value, secret)| Spec {
            role: ROLES[role],
            id,
            name,
            value: match value {
                0 => None,
                1 => Some(("public".to_owned(), Sensitivity::Public)),
                2 => Some((secret, Sensitivity::Masked)),
                _ => Some((format!("{secret}!"), Sensitivity::Sensitive)),
            },
            children: Vec::new(),
        },
    );
    leaf.prop_recursive(3, 12, 3, |inner| {
        (inner.clone(), proptest::collection::vec(inner, 1..3)).prop_map(|(mut node, children)| {
            node.children = children;
            node
        })
    })
}

pub fn step(secret: String) -> impl Strategy<Value = AutomationStep> {
    let id = (0..8u8).prop_map(|n| Selector::id(format!("n{n}")));
    let role = (0..ROLES.len()).prop_map(|at| Selector::role(ROLES[at]));
    let now = Duration::ZERO;
    let s = secret;
    prop_oneof![
        id.clone().prop_map(AutomationStep::click),
        id.clone().prop_map(AutomationStep::focus),
        id.clone().prop_map(AutomationStep::hover),
        (id.clone(), Just(s.clone())).prop_map(move |(sel, s)| AutomationStep::wait_for(
            WaitCondition::new(Predicate::ValueEquals(s), sel),
            now
        )),
        (role.clone(), Just(s.clone())).prop_map(move |(sel, s)| AutomationStep::wait_for(
            WaitCondition::new(Predicate::TextContains(s), sel),
            now
        )),
        Just(s.clone()).prop_map(move |s| AutomationStep::wait_for(
            WaitCondition::new(Predicate::Exists, Selector::text_contains(s)),
            now
        )),
        Just(s.clone()).prop_map(move |s| AutomationStep::wait_for(
            WaitCondition::new(Predicate::Exists, Selector::role(SemanticRole::TextBox).name(s)),
            now
        )),
        (role, 0..4usize).prop_map(move |(sel, n)| AutomationStep::wait_for(
            WaitCondition::new(Predicate::Count(n), sel),
            now
        )),
        // An outline that guesses the secret as a value, and one that never
        // matches (its diff shows the subtree, redacted).
        (id.clone(), Just(s.clone()), 0..ROLES.len()).prop_map(move |(sel, s, at)| {
            let line = NodePattern::new(ROLES[at]).value(TextPattern::exact(s));
            AutomationStep::expect_tree(sel, TreePattern::new([line]), now)
        }),
        (0..ROLES.len(), 0..ROLES.len()).prop_map(move |(of, at)| {
            let sel = Selector::role(ROLES[of]);
            let line = NodePattern::new(ROLES[at]).child(NodePattern::new(SemanticRole::Alert));
            AutomationStep::expect_tree(sel, TreePattern::new([line]), now)
        }),
        Just(s.clone()).prop_map(|s| AutomationStep::click(Selector::text_contains(s))),
        Just(s).prop_map(AutomationStep::type_text),
        (0..1000u32).prop_map(|n| AutomationStep::checkpoint(format!("c{n}"))),
        Just(AutomationStep::key(KeyCode::Tab)),
    ]
}

pub fn case() -> impl Strategy<Value = (String, Vec<Spec>, Vec<AutomationStep>)> {
    secret().prop_flat_map(|secret| {
        (
            Just(secret.clone()),
            proptest::collection::vec(spec(secret.clone()), 1..4),
            proptest::collection::vec(step(secret), 1..7).prop_map(unique_checkpoints),
        )
    })
}

/// The steps with every checkpoint's name made its own (`c17` at index 4
/// becomes `c17-4`): a script naming one checkpoint twice is invalid, and
/// the properties generate only scripts a server runs.
pub fn unique_checkpoints(steps: Vec<AutomationStep>) -> Vec<AutomationStep> {
    steps
        .into_iter()
        .enumerate()
        .map(|(index, step)| match step {
            AutomationStep::Checkpoint { name } => {
                AutomationStep::checkpoint(format!("{name}-{index}"))
            }
            other => other,
        })
        .collect()
}

/// The runner's configuration: `cases` cases from a fixed seed, so every
/// run generates the same cases, and failing cases kept in `regressions`
/// (a file beside the tests, committed) and replayed first on every run.
/// `PROPTEST_RNG_SEED` does not move it: a property is the same on every
/// machine.
pub fn config(cases: u32, regressions: &'static str) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x5EED_0022),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(regressions))),
        ..Config::default()
    }
}

/// The secret as it may appear in an output: raw, JSON-escaped and
/// Debug-escaped (inside quotes in both).
pub fn forms(secret: &str) -> Vec<String> {
    let json = serde_json::to_string(secret).unwrap();
    let debug = format!("{secret:?}");
    vec![
        secret.to_owned(),
        json[1..json.len() - 1].to_owned(),
        debug[1..debug.len() - 1].to_owned(),
    ]
}

/// How a step's own condition and selector are spelled in an error.
pub fn echoes(step: &AutomationStep) -> Vec<String> {
    let mut echoes = Vec::new();
    let selector = match step {
        AutomationStep::WaitFor { condition, .. } => {
            echoes.push(condition.to_string());
            echoes.push(format!("{condition:?}"));
            echoes.push(format!("{:?}", condition.predicate));
            Some(&condition.selector)
        }
        AutomationStep::Click { target, .. } => Some(target),
        // The outline as written, whole and line by line (a diff and a
        // reason quote its lines), as `Display`, `Debug` and JSON spell it.
        AutomationStep::ExpectTree { target, pattern, .. } => {
            echoes.push(step.to_string());
            echoes.push(format!("{step:?}"));
            echoes.push(format!("{pattern:?}"));
            for (_, line) in pattern.lines() {
                let line = line.line();
                let debug = format!("{line:?}");
                let json = serde_json::to_string(&line).unwrap();
                echoes.push(debug[1..debug.len() - 1].to_owned());
                echoes.push(json[1..json.len() - 1].to_owned());
                echoes.push(line);
            }
            Some(target)
        }
        _ => None,
    };
    if let Some(selector) = selector {
        echoes.push(selector.to_string());
        echoes.push(format!("{selector:?}"));
    }
    // Longest first, so a spelling inside another is removed after it.
    echoes.sort_by_key(|echo| std::cmp::Reverse(echo.len()));
    echoes
}

pub fn leaks(forms: &[String], output: &str) -> bool {
    forms.iter().any(|form| output.contains(form.as_str()))
}

/// How many cases a property runs: `REHEARSE_REDACTION_CASES` when set,
/// else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("REHEARSE_REDACTION_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(default)
}
