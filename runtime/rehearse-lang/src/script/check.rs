//! Semantic checks over a parsed sequence of steps, shared by both
//! front-ends: run time for text scripts, compile time for `scenario!`.
//!
//! Each check reports located [`GrammarError`]s:
//!
//! - **Actions** ([`ErrorKind::UnsupportedAction`]): a role selector whose
//!   role cannot, by [`SemanticRole::default_actions`], take the action the
//!   step needs. Clicks (`click`, `rclick`, `mclick`) need `click`, `focus:`
//!   needs `focus`, the source of `drag:` needs `drag`
//!   ([`SelectorSlot::required_action`]). `hover:`, `scroll:` (the wheel
//!   reaches the scrollable ancestor), a drag's drop target and `wait-for:`
//!   need none. Only role selectors are checked: an `#id`, `text~` or point
//!   selector says nothing about the role before the step runs.
//! - **Typing** ([`ErrorKind::TextNotAccepted`]): `type:` goes to the
//!   focused node. When the last step that moved focus was `click:@role` or
//!   `focus:@role`, that role must take text, as the engine requires:
//!   [`SemanticRole::accepts_text`] or a default `set-value` action
//!   (text-box, text-area, combo-box, slider, terminal). `key:`, `rclick:`,
//!   `mclick:`, `drag:`, `focus:next`/`prev` and clicks or focuses on
//!   non-role selectors make the focused role unknown, and nothing is
//!   reported until focus is known again.
//! - **Checkpoints** ([`ErrorKind::DuplicateCheckpoint`]): a name used twice.
//! - **Refused keys** ([`ErrorKind::RefusedKey`]): a `key:` the app refuses
//!   (its side-effecting keys), from [`CheckContext::refused_keys`].
//! - **Planes** ([`ErrorKind::WrongPlane`]): with [`CheckContext::plane`],
//!   a step the plane cannot take (see [`plane_errors`]).
//! - **Declared ids** ([`ErrorKind::UndeclaredId`]): with
//!   [`CheckContext::declared_ids`], every `#id` must be declared, exactly or
//!   by a family; the closest declaration is suggested.

use std::collections::HashMap;

use crate::key::KeyPress;
use crate::role::SemanticRole;
use crate::script::declared::DeclaredIds;
use crate::script::error::{ErrorKind, GrammarError};
use crate::script::facts::{ParsedStep, SelectorSlot};
use crate::script::family::is_family;
use crate::script::lines::Lines;
use crate::script::plane_check::{PlaneName, plane_errors};
use crate::script::source::LocRange;
use crate::step::AutomationStep;
use crate::step::MouseButton;
use crate::verb::Verb;

/// What the checks know about the app the steps run against.
#[derive(Debug, Clone, Copy, Default)]
pub struct CheckContext<'a> {
    /// The automation ids the app declares; `None` skips the id check.
    pub declared_ids: Option<&'a DeclaredIds<'a>>,
    /// Keys the app refuses to be pressed by automation.
    pub refused_keys: &'a [KeyPress],
    /// The plane the steps run on; `None` leaves what the plane cannot do
    /// to run time.
    pub plane: Option<PlaneName>,
}

impl<'a> CheckContext<'a> {
    /// No declared ids and no refused keys: only the checks that need no
    /// knowledge of the app run.
    pub const fn new() -> Self {
        Self { declared_ids: None, refused_keys: &[], plane: None }
    }

    /// The context with the plane the steps run on: steps it cannot take
    /// are [`ErrorKind::WrongPlane`] errors before anything runs.
    #[must_use]
    pub const fn plane(mut self, plane: PlaneName) -> Self {
        self.plane = Some(plane);
        self
    }

    /// The context with the app's declared ids.
    #[must_use]
    pub const fn declared_ids(mut self, ids: &'a DeclaredIds<'a>) -> Self {
        self.declared_ids = Some(ids);
        self
    }

    /// The context with the keys the app refuses.
    #[must_use]
    pub const fn refused_keys(mut self, keys: &'a [KeyPress]) -> Self {
        self.refused_keys = keys;
        self
    }
}

/// The role of the node the last focus-moving step targeted.
#[derive(Debug, Clone, Copy)]
enum Focus {
    Unknown,
    Role { role: SemanticRole, selector: LocRange, origin: u32 },
}

/// Runs the checks step by step, so a front-end can tell it about steps that
/// failed to parse ([`Checker::unknown_step`]) instead of checking across
/// them as if they were not there.
#[derive(Debug)]
pub struct Checker<'a> {
    context: CheckContext<'a>,
    /// Every checkpoint name seen, with where it was first recorded.
    /// By lowercased name: the name as written and where.
    checkpoints: HashMap<String, (String, LocRange, u32)>,
    focus: Focus,
    focus_step: String,
    errors: Vec<GrammarError>,
    /// Which text the steps come from (a script reader numbers its files):
    /// a remembered place carries it, so an error's related place can be
    /// found in another file than the error's.
    origin: u32,
    /// The errors (by index) whose related place is in another text, and
    /// which.
    foreign: HashMap<usize, u32>,
    /// The texts read so far, by origin (a script reader keeps them here,
    /// where every file's steps are checked).
    pub(crate) texts: Vec<Lines>,
}

impl<'a> Checker<'a> {
    /// A checker with nothing seen yet.
    pub fn new(context: &CheckContext<'a>) -> Self {
        Self {
            context: *context,
            checkpoints: HashMap::new(),
            focus: Focus::Unknown,
            focus_step: String::new(),
            errors: Vec::new(),
            origin: 0,
            foreign: HashMap::new(),
            texts: Vec::new(),
        }
    }

    /// The steps checked from now on come from text number `origin`;
    /// returns the number before.
    pub(crate) fn set_origin(&mut self, origin: u32) -> u32 {
        std::mem::replace(&mut self.origin, origin)
    }

    /// The text the related place of error number `index` is in, when it
    /// is not the text the error is in.
    pub(crate) fn related_origin(&self, index: usize) -> Option<u32> {
        self.foreign.get(&index).copied()
    }

    /// Records `error`, whose related place is in text `origin`.
    fn push_related(&mut self, error: GrammarError, origin: u32) {
        if origin != self.origin {
            self.foreign.insert(self.errors.len(), origin);
        }
        self.errors.push(error);
    }

    /// A step that did not parse: whatever it did to focus is unknown.
    pub fn unknown_step(&mut self) {
        self.focus = Focus::Unknown;
    }

    /// Checks the next step; returns the errors it found.
    pub fn step(&mut self, parsed: &ParsedStep) -> &[GrammarError] {
        let first_new = self.errors.len();
        let facts = &parsed.facts;
        self.declared(parsed);
        if let Some(plane) = self.context.plane {
            self.errors.extend(plane_errors(parsed, plane));
        }
        for selector in &facts.selectors {
            let (Some(role), Some(action)) = (&selector.role, selector.slot.required_action())
            else {
                continue;
            };
            let supported = role.value.default_actions();
            if supported.contains(action) {
                continue;
            }
            let names: Vec<String> = supported.iter().map(|a| format!("`{a}`")).collect();
            let supports = match names.split_last() {
                None => "supports no actions".to_owned(),
                Some((last, [])) => format!("supports only {last}"),
                Some((last, init)) => format!("supports only {} and {last}", init.join(", ")),
            };
            self.errors.push(GrammarError::new(
                ErrorKind::UnsupportedAction,
                selector.range,
                format!(
                    "`{}` needs a node that supports `{action}`, but a `{}` {supports} by default",
                    facts.verb, role.value
                ),
            ));
        }
        if let Some(key) = &facts.key {
            self.pressed(key.value, key.range);
        }
        // What the step presses without a `key:` of its own: the text a
        // `type:` (guarded or not) types, and what a batch's inputs press.
        match parsed.step.parts().2 {
            AutomationStep::Type { text } => self.typed(text, facts.range),
            AutomationStep::Batch { inputs, .. } => {
                // Each at the input that presses it.
                for (index, input) in inputs.iter().enumerate() {
                    let at = facts.inputs.get(index);
                    match input {
                        AutomationStep::Key { key } => {
                            let range = at.and_then(|at| at.key.as_ref()).map(|key| key.range);
                            self.pressed(*key, range.unwrap_or(facts.range));
                        }
                        AutomationStep::Type { text } => {
                            self.typed(text, at.map_or(facts.range, |at| at.range));
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        if let Some(name) = &facts.checkpoint {
            // Case-insensitively: on Windows and macOS `Home.md` and
            // `home.md` are one file.
            match self.checkpoints.get(&name.value.to_ascii_lowercase()) {
                Some((first_name, first, origin)) => {
                    let message = if *first_name == name.value {
                        format!(
                            "checkpoint `{}` is recorded twice; checkpoint names are unique in a script because artifacts are named after them",
                            name.value
                        )
                    } else {
                        format!(
                            "checkpoint `{}` differs from checkpoint `{first_name}` only in case; on a case-insensitive filesystem (Windows, macOS) their artifacts would be one file, so names are unique ignoring case",
                            name.value
                        )
                    };
                    let error =
                        GrammarError::new(ErrorKind::DuplicateCheckpoint, name.range, message)
                            .with_related(*first);
                    let origin = *origin;
                    self.push_related(error, origin);
                }
                None => {
                    self.checkpoints.insert(
                        name.value.to_ascii_lowercase(),
                        (name.value.clone(), name.range, self.origin),
                    );
                }
            }
        }
        self.typing(parsed);
        &self.errors[first_new..]
    }

    /// Whether the app refuses `key` (its modifiers and code, whatever
    /// else the spelling carried).
    fn refuses(&self, key: KeyPress) -> bool {
        let pressed = KeyPress::new(key.code, key.modifiers);
        self.context.refused_keys.iter().any(|k| KeyPress::new(k.code, k.modifiers) == pressed)
    }

    /// A `key:` (or a batch's) presses `key`, written at `range`.
    fn pressed(&mut self, key: KeyPress, range: LocRange) {
        if self.refuses(key) {
            let pressed = KeyPress::new(key.code, key.modifiers);
            self.errors.push(GrammarError::new(
                ErrorKind::RefusedKey,
                range,
                format!(
                    "the app refuses `{pressed}` (a key with side effects outside the app); automation cannot press it"
                ),
            ));
        }
    }

    /// Typing `text` presses a key per character ([`KeyPress::typed`]: a
    /// line break is Enter, a tab is Tab).
    fn typed(&mut self, text: &str, range: LocRange) {
        let mut reported: Vec<KeyPress> = Vec::new();
        for character in text.chars() {
            let pressed = KeyPress::typed(character);
            if reported.contains(&pressed) || !self.refuses(pressed) {
                continue;
            }
            reported.push(pressed);
            self.errors.push(GrammarError::new(
                ErrorKind::RefusedKey,
                range,
                format!(
                    "the app refuses `{pressed}` (a key with side effects outside the app), and typing this text would press it"
                ),
            ));
        }
    }

    fn declared(&mut self, parsed: &ParsedStep) {
        let Some(declared) = self.context.declared_ids else { return };
        for id in parsed.facts.selectors.iter().filter_map(|s| s.id.as_ref()) {
            if declared.contains(&id.value) {
                continue;
            }
            let closest = declared.closest(&id.value);
            let hint = closest.map(|c| format!("; did you mean `#{c}`?")).unwrap_or_default();
            let listed: Vec<&str> = declared.entries().iter().copied().take(12).collect();
            let more = if declared.entries().len() > listed.len() { ", ..." } else { "" };
            let message = format!(
                "`#{}` is not an automation id the app declares{hint} (declared: {}{more})",
                id.value,
                if listed.is_empty() { "none".to_owned() } else { listed.join(", ") }
            );
            // Only an exact id is a replacement; a family is a hint.
            let suggestions = closest.filter(|c| !is_family(c));
            self.errors.push(
                GrammarError::new(ErrorKind::UndeclaredId, id.range, message)
                    .with_suggestions(suggestions),
            );
        }
    }

    fn typing(&mut self, parsed: &ParsedStep) {
        let facts = &parsed.facts;
        match facts.verb {
            Verb::Type => {
                if let Focus::Role { role, selector, origin } = self.focus
                    && !role.takes_typing()
                {
                    self.push_related(
                        GrammarError::new(
                            ErrorKind::TextNotAccepted,
                            facts.range,
                            format!(
                                "`type` types into the focused node, but the last step that moved focus (`{}`) targets a `{role}`, which does not take text; click or focus a {} first",
                                self.focus_step,
                                SemanticRole::typing_roles_phrase()
                            ),
                        )
                        .with_related(selector),
                        origin,
                    );
                }
            }
            // A guarded step may not run: focus after it is unknown.
            Verb::Click | Verb::Focus if facts.guarded => {
                self.focus = Focus::Unknown;
            }
            Verb::Click | Verb::Focus => {
                let left = facts.verb == Verb::Focus
                    || facts
                        .selectors
                        .iter()
                        .any(|s| s.slot == SelectorSlot::Click(MouseButton::Left));
                self.focus =
                    match facts.selectors.first().and_then(|s| Some((s.role.as_ref()?, s.range))) {
                        Some((role, selector)) if left => {
                            Focus::Role { role: role.value, selector, origin: self.origin }
                        }
                        _ => Focus::Unknown,
                    };
                self.focus_step = parsed.step.to_string();
            }
            Verb::RightClick
            | Verb::MiddleClick
            | Verb::Key
            | Verb::Drag
            | Verb::Mouse
            | Verb::Send
            | Verb::Paste
            | Verb::Batch => {
                self.focus = Focus::Unknown;
            }
            _ => {}
        }
    }

    /// Every error found so far.
    pub fn errors(&self) -> &[GrammarError] {
        &self.errors
    }

    /// Every error found, in step order.
    pub fn finish(self) -> Vec<GrammarError> {
        self.errors
    }
}

/// Runs every check over `steps` in order.
///
/// ```
/// use rehearse_lang::script::{check_steps, chars, parse_step, CheckContext, ErrorKind};
/// let steps: Vec<_> = ["click:@button", "type:x"]
///     .iter()
///     .map(|text| parse_step(&chars(text, 0)).unwrap())
///     .collect();
/// let errors = check_steps(&steps, &CheckContext::new());
/// assert_eq!(errors[0].kind, ErrorKind::TextNotAccepted);
/// ```
pub fn check_steps(steps: &[ParsedStep], context: &CheckContext<'_>) -> Vec<GrammarError> {
    let mut checker = Checker::new(context);
    for step in steps {
        checker.step(step);
    }
    checker.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::parse::parse_step;
    use crate::script::source::{Loc, chars};

    /// Parses each step with locations offset by 100 per step, so ranges
    /// tell steps apart.
    fn parsed(steps: &[&str]) -> Vec<ParsedStep> {
        steps
            .iter()
            .enumerate()
            .map(|(index, text)| {
                parse_step(&chars(text, 100 * index as u32))
                    .unwrap_or_else(|error| panic!("{text}: {error}"))
            })
            .collect()
    }

    fn kinds(steps: &[&str], context: &CheckContext<'_>) -> Vec<ErrorKind> {
        check_steps(&parsed(steps), context).into_iter().map(|e| e.kind).collect()
    }

    #[test]
    fn duplicate_checkpoints_are_found_in_linear_time() {
        // 30,000 distinct names: a scan of every earlier step compares
        // 4.5 * 10^8 pairs (about 8 s in a debug build); a lookup per step
        // takes milliseconds. (No clock here: the suite's run time shows a
        // regression; the map in `Checker` is what keeps it linear.)
        const STEPS: usize = 30_000;
        let mut steps: Vec<ParsedStep> = (0..STEPS)
            .map(|index| parse_step(&chars(&format!("checkpoint:c{index}"), 0)).unwrap())
            .collect();
        steps.push(parse_step(&chars("checkpoint:c77", 0)).unwrap());
        let errors = check_steps(&steps, &CheckContext::new());
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].kind, ErrorKind::DuplicateCheckpoint);
    }

    #[test]
    fn roles_must_support_the_action() {
        let context = CheckContext::new();
        let error = &check_steps(&parsed(&["click:@progress-bar"]), &context)[0];
        assert_eq!(error.kind, ErrorKind::UnsupportedAction);
        assert_eq!(error.range, LocRange::new(Loc(6), Loc(18)));
        assert_eq!(
            error.message,
            "`click` needs a node that supports `click`, but a `progress-bar` supports no actions by default"
        );
        let error = &check_steps(&parsed(&["focus:@text"]), &context)[0];
        assert_eq!(error.kind, ErrorKind::UnsupportedAction);
        let error = &check_steps(&parsed(&["rclick:@list=Todos"]), &context)[0];
        assert!(
            error.message.contains("supports only `focus` and `scroll` by"),
            "{}",
            error.message
        );
        assert_eq!(kinds(&["drag:@button>#x"], &context), [ErrorKind::UnsupportedAction]);
        assert_eq!(kinds(&["mclick:@dialog"], &context), [ErrorKind::UnsupportedAction]);
        // Slots that need no action, and selectors without a role.
        for fine in [
            "click:@button",
            "focus:@text-box",
            "drag:@slider>@progress-bar",
            "hover:@progress-bar",
            "scroll:@button,down",
            "wait-for:exists,@progress-bar,100",
            "click:#anything",
            "click:text~x",
            "click:1,2",
        ] {
            assert_eq!(kinds(&[fine], &context), [], "{fine}");
        }
    }

    #[test]
    fn type_needs_a_text_target_when_focus_is_known() {
        let context = CheckContext::new();
        let errors = check_steps(&parsed(&["click:@button", "type:x"]), &context);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].kind, ErrorKind::TextNotAccepted);
        assert_eq!(errors[0].range, LocRange::new(Loc(100), Loc(105)));
        assert_eq!(errors[0].related, Some(LocRange::new(Loc(6), Loc(12))));
        assert!(errors[0].message.contains("(`click:@button`) targets a `button`"));
        for fine in [
            &["click:@text-box", "type:x"][..],
            &["focus:@combo-box", "type:x"],
            &["click:@slider", "type:5"],
            &["click:@terminal", "type:ls"],
            &["type:x"],
            &["click:@button", "key:tab", "type:x"],
            &["click:@button", "focus:next", "type:x"],
            &["click:@button", "click:#field", "type:x"],
            &["click:@button", "rclick:@text-box", "type:x"],
            &["focus:@button", "focus:@text-area", "type:x"],
        ] {
            assert_eq!(kinds(fine, &context), [], "{fine:?}");
        }
        // Steps that do not move focus keep what is known.
        assert_eq!(
            kinds(&["focus:@button", "wait:10", "hover:#x", "type:x"], &context),
            [ErrorKind::TextNotAccepted]
        );
        let mut checker = Checker::new(&context);
        for step in parsed(&["click:@button"]) {
            checker.step(&step);
        }
        checker.unknown_step();
        assert!(checker.step(&parsed(&["type:x"])[0]).is_empty());
        assert!(checker.errors().is_empty());
    }

    #[test]
    fn checkpoint_names_are_unique() {
        let errors = check_steps(
            &parsed(&["checkpoint:a", "checkpoint:b", "checkpoint:a"]),
            &CheckContext::new(),
        );
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].kind, ErrorKind::DuplicateCheckpoint);
        assert_eq!(errors[0].range, LocRange::new(Loc(211), Loc(211)));
        assert_eq!(errors[0].related, Some(LocRange::new(Loc(11), Loc(11))));
    }

    #[test]
    fn checkpoint_names_are_unique_ignoring_case() {
        let errors = check_steps(
            &parsed(&["checkpoint:Home", "checkpoint:b", "checkpoint:HOME"]),
            &CheckContext::new(),
        );
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].kind, ErrorKind::DuplicateCheckpoint);
        assert!(
            errors[0].message.starts_with(
                "checkpoint `HOME` differs from checkpoint `Home` only in case; on a case-insensitive filesystem"
            ),
            "{}",
            errors[0].message
        );
        assert_eq!(errors[0].related, Some(LocRange::new(Loc(11), Loc(14))));
    }

    #[test]
    fn refused_keys_are_errors() {
        let refused: Vec<KeyPress> =
            ["f4", "f6", "ctrl+q"].iter().map(|k| k.parse().unwrap()).collect();
        let context = CheckContext::new().refused_keys(&refused);
        let errors = check_steps(&parsed(&["key:F4", "key:f5", "key:Ctrl+Q"]), &context);
        assert_eq!(errors.iter().map(|e| e.kind).collect::<Vec<_>>(), [ErrorKind::RefusedKey; 2]);
        assert_eq!(errors[0].range, LocRange::new(Loc(4), Loc(5)));
        assert!(errors[1].message.contains("`ctrl+q`"), "{}", errors[1].message);
    }

    #[test]
    fn typed_text_may_not_press_a_refused_key() {
        let refused: Vec<KeyPress> = [";", "enter"].iter().map(|k| k.parse().unwrap()).collect();
        let context = CheckContext::new().refused_keys(&refused);
        let errors = check_steps(&parsed(&["type:\"a;b;c\nd\"", "type:abc"]), &context);
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(messages[0].contains("`;`") && messages[0].contains("typing"), "{messages:?}");
        assert!(messages[1].contains("`enter`"), "{messages:?}");
    }

    #[test]
    fn guarded_typing_and_batches_may_not_press_a_refused_key() {
        let refused: Vec<KeyPress> = ["f6", ";"].iter().map(|k| k.parse().unwrap()).collect();
        let context = CheckContext::new().refused_keys(&refused);
        let steps = [
            "when(exists,#a) type:\"x;y\"",
            "batch:(key:f6; type:\"a;b\"; wait-for:quiet=50,process,500)",
            "batch:(key:f5; type:ab)",
        ];
        // Lexed as a script lexes them: the quotes hold the `;`.
        let steps: Vec<ParsedStep> = steps
            .iter()
            .map(|text| crate::script::parse_step_str(text).unwrap_or_else(|e| panic!("{e}")))
            .collect();
        let errors = check_steps(&steps, &context);
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(messages.len(), 3, "{messages:?}");
        assert!(messages[0].contains("`;`") && messages[0].contains("typing"), "{messages:?}");
        assert!(messages[1].contains("`f6`"), "{messages:?}");
        assert!(messages[2].contains("`;`"), "{messages:?}");
        // Each underlined where it is pressed, inside the batch: where its
        // range starts (a range ends at the start of its last lexeme).
        let source = "batch:(key:f6; type:\"a;b\"; wait-for:quiet=50,process,500)";
        let from = |error: &GrammarError| {
            let start = (error.range.start.0 - steps[1].facts.range.start.0) as usize;
            &source[start..]
        };
        assert!(from(&errors[1]).starts_with("f6;"), "{}", from(&errors[1]));
        assert!(from(&errors[2]).starts_with("type:\"a;b\"; wait"), "{}", from(&errors[2]));
    }

    #[test]
    fn ids_must_be_declared() {
        let ids = DeclaredIds::new(&["new-todo", "item-{n}", "status"]);
        let context = CheckContext::new().declared_ids(&ids);
        let errors = check_steps(
            &parsed(&[
                "click:#new-todoo",
                "click:#item-3",
                "drag:#item-1>#itme-2",
                "wait-for:exists,#statu,5",
                "click:#zzz",
            ]),
            &context,
        );
        let summary: Vec<(LocRange, Vec<String>)> =
            errors.iter().map(|e| (e.range, e.suggestions.clone())).collect();
        assert_eq!(
            summary,
            [
                (LocRange::new(Loc(7), Loc(15)), vec!["new-todo".to_owned()]),
                (LocRange::new(Loc(214), Loc(219)), vec![]),
                (LocRange::new(Loc(317), Loc(321)), vec!["status".to_owned()]),
                (LocRange::new(Loc(407), Loc(409)), vec![]),
            ]
        );
        assert!(errors[0].message.starts_with(
            "`#new-todoo` is not an automation id the app declares; did you mean `#new-todo`?"
        ));
        assert!(errors[1].message.contains("did you mean `#item-{n}`?"), "{}", errors[1].message);
        assert!(errors[3].message.ends_with("(declared: new-todo, item-{n}, status)"));
        // Without declared ids, nothing is checked.
        assert_eq!(kinds(&["click:#zzz"], &CheckContext::new()), []);
    }
}
