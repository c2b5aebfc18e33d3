//! Choosing the walk's steps: weighted clicks, hovers, typing, keys,
//! scrolling, the clock, drags, resizes, aimed at the app's ids (rows in view
//! mostly, sometimes rows scrolled out or gone).

use std::time::Duration;

use rehearse::prelude::*;

use super::lab::LabApp;
use super::rng::Rng;
use super::walk::Run;

// --- Choosing steps -------------------------------------------------------

/// Buttons by id, weighted by how often a click on them is chosen.
const BUTTONS: [(&str, usize); 23] = [
    ("inc", 6),
    ("shrink", 4),
    ("grow", 3),
    ("move", 4),
    ("shade", 3),
    ("cover", 3),
    ("open", 6),
    ("insert", 5),
    ("remove", 4),
    ("rotate", 4),
    ("reverse", 3),
    ("timer", 6),
    ("pan", 3),
    ("dup", 1),
    ("inner", 3),
    ("mover", 3),
    ("deep", 2),
    ("dialog-inc", 1),
    ("dialog-close", 1),
    ("page", 3),
    ("counter", 2),
    ("flip", 4),
    ("pick", 3),
];

/// Other ids hover and focus aim at.
const OTHERS: [&str; 17] = [
    "header",
    "cover-text",
    "outer",
    "ticks",
    "badge-0",
    "note",
    "clock",
    "under",
    "over",
    "rows",
    "shelf",
    "deeper",
    "search",
    "search-state",
    "page-text",
    "hotkey",
    "lab",
];

const KEYS: [KeyCode; 16] = [
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::Enter,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Backspace,
    KeyCode::Esc,
    KeyCode::F(2),
    KeyCode::F(3),
    KeyCode::F(4),
];

const WORDS: [&str; 6] = ["a", "memo", "xyz", "+", "long note text", " "];

/// A row id: usually of a row in view, sometimes of any row (scrolled out
/// or not) or of one that does not exist (removed, never created, or a
/// shelf item without an id).
fn entry_id(rng: &mut Rng, session: &Session<LabApp>) -> String {
    if rng.chance(60) {
        let in_view: Vec<&str> = session
            .tree()
            .nodes()
            .filter(|node| node.in_view)
            .filter_map(|node| node.automation_id.as_ref().map(AutomationId::as_str))
            .filter(|id| ["row-", "toggle-", "shelf-"].iter().any(|prefix| id.starts_with(prefix)))
            .collect();
        if !in_view.is_empty() {
            return rng.pick(&in_view).to_owned();
        }
    }
    let lab = &session.app().lab;
    let in_rows = rng.chance(65);
    let list = if in_rows { &lab.rows } else { &lab.shelf };
    let key = match list.len() {
        n if n > 0 && rng.chance(85) => list[rng.below(n)].key,
        _ => 1 + rng.below(lab.next_key as usize + 3) as u64,
    };
    match (in_rows, rng.below(3)) {
        (false, _) => format!("shelf-{key}"),
        (true, 0) => format!("row-{key}"),
        (true, _) => format!("toggle-{key}"),
    }
}

/// The next action: one step, or a few (typing into the note).
pub fn next_steps(rng: &mut Rng, session: &Session<LabApp>, run: &Run) -> Vec<AutomationStep> {
    use AutomationStep as S;
    let lab = &session.app().lab;
    let viewport = session.frame().viewport;
    let choice = rng.weighted(&[
        ("button", 30),
        ("entry", 14),
        ("hover", 8),
        ("type", 7),
        ("keys", 14),
        ("scroll", 6),
        ("advance", 6),
        ("point", 3),
        ("focus", 4),
        ("resize", 2),
        ("drain", 4),
        ("drag", 3),
        ("right", 1),
        ("close", if lab.modal { 30 } else { 0 }),
        ("undup", if lab.dup { 20 } else { 0 }),
    ]);
    match choice {
        "button" => vec![S::click(Selector::id(rng.weighted(&BUTTONS)))],
        "entry" => vec![S::click(Selector::id(entry_id(rng, session)))],
        "hover" => {
            let target = match rng.below(3) {
                0 => entry_id(rng, session),
                1 => rng.weighted(&BUTTONS).to_owned(),
                _ => rng.pick(&OTHERS).to_owned(),
            };
            vec![S::hover(Selector::id(target))]
        }
        "type" => {
            let mut steps = Vec::new();
            if rng.chance(70) {
                let field = Selector::id(rng.pick(&["note", "note", "search"]));
                steps.push(if rng.chance(50) { S::click(field) } else { S::focus(field) });
            }
            steps.push(S::type_text(rng.pick(&WORDS)));
            if rng.chance(30) {
                steps.push(S::key(rng.pick(&[KeyCode::Left, KeyCode::Left, KeyCode::Backspace])));
            }
            if rng.chance(25) {
                steps.push(S::key(KeyCode::Enter));
            }
            steps
        }
        "keys" => {
            let mut steps = Vec::new();
            if rng.chance(40) {
                let target = rng.pick(&["rows", "rows", "shelf", "note", "search"]);
                steps.push(S::focus(Selector::id(target)));
            }
            steps.push(if rng.chance(8) {
                S::key(KeyPress::char('+'))
            } else {
                S::key(rng.pick(&KEYS))
            });
            steps
        }
        "scroll" => {
            let target = rng.pick(&["rows", "rows", "shelf", "deep"]);
            let direction =
                if rng.chance(55) { ScrollDirection::Down } else { ScrollDirection::Up };
            (0..1 + rng.below(3)).map(|_| S::scroll_at(Selector::id(target), direction)).collect()
        }
        "advance" => vec![S::advance(Duration::from_millis(50 * (1 + rng.below(12)) as u64))],
        "point" => {
            let col = rng.below(usize::from(viewport.width)) as u16;
            let row = rng.below(usize::from(viewport.height)) as u16;
            vec![if rng.chance(60) {
                S::click(Selector::point(col, row))
            } else {
                S::hover(Selector::point(col, row))
            }]
        }
        "focus" => vec![match rng.below(3) {
            0 => S::focus_next(),
            1 => S::focus_prev(),
            _ => S::focus(Selector::id(rng.weighted(&BUTTONS))),
        }],
        "drag" => {
            // Mostly from a row's toggle, the drag source.
            let toggles: Vec<&str> = session
                .tree()
                .nodes()
                .filter(|node| node.in_view)
                .filter_map(|node| node.automation_id.as_ref().map(AutomationId::as_str))
                .filter(|id| id.starts_with("toggle-"))
                .collect();
            let from = if toggles.is_empty() || rng.chance(20) {
                entry_id(rng, session)
            } else {
                rng.pick(&toggles).to_owned()
            };
            let to = if rng.chance(60) { "page".to_owned() } else { entry_id(rng, session) };
            vec![S::drag(Selector::id(from), Selector::id(to))]
        }
        "right" => vec![S::right_click(Selector::id(rng.weighted(&BUTTONS)))],
        "resize" => {
            let (cols, rows) = rng.pick(&run.sizes);
            vec![S::resize(cols, rows)]
        }
        "close" => vec![match rng.below(20) {
            0..=4 => S::key(KeyCode::Esc),
            5..=9 => S::click(Selector::id("dialog-close")),
            10..=16 => S::click(Selector::id("dialog-inc")),
            _ => S::hover(Selector::id("dialog-inc")),
        }],
        // While the id is duplicated every commit fails: click the button
        // again (the last good commit still shows it).
        "undup" => vec![S::click(Selector::id("dup"))],
        _ => vec![S::drain()],
    }
}
