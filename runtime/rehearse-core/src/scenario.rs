//! `Scenario`: a sequence of steps that remembers how each was written, and
//! `AutomationIds`: the ids and refused keys an app declares.

use std::borrow::Cow;
use std::fmt;

use rehearse_lang::AutomationStep;
use rehearse_lang::KeyPress;
use rehearse_lang::script::{CheckContext, DeclaredIds, Script};

/// The automation ids an app uses and the keys automation must never press.
///
/// Declared once (usually with `rehearse::automation_ids!`) and shared by
/// the view, which renders with the ids, and the tests: `scenario!` with
/// `app = TodoApp;` rejects an undeclared id or a refused key at compile
/// time, a text script at parse time, and a session in strict mode fails
/// any commit whose tree holds an id the app does not declare.
///
/// ```
/// use rehearse::{AutomationIds, KeyCode, KeyPress, Modifiers};
///
/// const IDS: AutomationIds = AutomationIds::new(&["new-todo", "item-{n}"])
///     .refusing(&[KeyPress { code: KeyCode::F(6), modifiers: Modifiers::NONE }]);
/// assert!(IDS.contains("item-12"));
/// assert!(!IDS.contains("item-x"));
/// assert_eq!(IDS.closest("new-tood"), Some("new-todo"));
/// assert!(IDS.refuses(&"f6".parse().unwrap()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AutomationIds {
    declared: Option<DeclaredIds<'static>>,
    refused_keys: &'static [KeyPress],
}

impl AutomationIds {
    /// The app declares nothing: every id is accepted, no key is refused.
    pub const UNDECLARED: Self = Self { declared: None, refused_keys: &[] };

    /// These exact ids and families (`item-{n}` matches `item-` and one or
    /// more digits; `row-{name}` matches one or more id characters).
    pub const fn new(ids: &'static [&'static str]) -> Self {
        Self { declared: Some(DeclaredIds::new(ids)), refused_keys: &[] }
    }

    /// Also refuse these keys: they have effects outside the app (spawning
    /// processes, writing the clipboard) that automation must not trigger.
    #[must_use]
    pub const fn refusing(mut self, keys: &'static [KeyPress]) -> Self {
        self.refused_keys = keys;
        self
    }

    /// The declarations, if the app made any.
    pub const fn declared(&self) -> Option<&DeclaredIds<'static>> {
        self.declared.as_ref()
    }

    /// The refused keys.
    pub const fn refused_keys(&self) -> &'static [KeyPress] {
        self.refused_keys
    }

    /// Whether `id` is declared (always true when the app declares nothing).
    pub fn contains(&self, id: &str) -> bool {
        self.declared.is_none_or(|declared| declared.contains(id))
    }

    /// The declared id closest to `id`, if one is close.
    pub fn closest(&self, id: &str) -> Option<&'static str> {
        self.declared.and_then(|declared| declared.closest(id))
    }

    /// Whether automation may not press `key`.
    pub fn refuses(&self, key: &KeyPress) -> bool {
        self.refused_keys.contains(key)
    }

    /// What a text script is checked against for this app: its declared
    /// ids (when it declares any) and its refused keys.
    pub fn check_context(&self) -> CheckContext<'_> {
        let context = CheckContext::new().refused_keys(self.refused_keys);
        match &self.declared {
            Some(ids) => context.declared_ids(ids),
            None => context,
        }
    }
}

/// Where a step was written: a Rust source position (`scenario!`) or a
/// line and column in a script.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    /// The file, when known.
    pub file: Option<Cow<'static, str>>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{file}:{}:{}", self.line, self.column),
            None => write!(f, "line {}, column {}", self.line, self.column),
        }
    }
}

/// How a step was written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StepSource {
    /// The spelling as written (for steps built in code, the canonical one).
    pub spelling: Cow<'static, str>,
    /// Where it was written, when known.
    pub origin: Option<Origin>,
}

impl StepSource {
    /// The canonical spelling of a step built in code.
    pub fn of(step: &AutomationStep) -> Self {
        Self { spelling: Cow::Owned(step.to_string()), origin: None }
    }
}

impl fmt::Display for StepSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`", self.spelling)?;
        if let Some(origin) = &self.origin {
            write!(f, " ({origin})")?;
        }
        Ok(())
    }
}

/// One step of a scenario with its source.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ScenarioStep {
    /// The typed step.
    pub step: AutomationStep,
    /// How and where it was written.
    pub source: StepSource,
    /// Why the step is not valid, for a `scenario!` step whose interpolated
    /// values made it invalid (`click:#{id}` with an id holding a space):
    /// it fails with this when it runs, and `step` is a stand-in.
    pub invalid: Option<String>,
}

impl ScenarioStep {
    /// A step with how and where it was written.
    pub fn new(step: AutomationStep, source: StepSource) -> Self {
        Self { step, source, invalid: None }
    }
}

/// One piece of a `scenario!` step with interpolated values: the step's
/// written text around them, and each value as it goes in.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Interpolated {
    /// Written text, as the script spelling has it.
    Written(&'static str),
    /// A value that stands bare: an id, a number, a size, a point.
    Bare(String),
    /// A value that stands as free text: quoted as a script quotes it.
    Text(String),
}

/// A sequence of steps, each remembering how it was written, so a failure
/// can name the spelling and its place.
///
/// `scenario! { ... }` produces one (with file, line and column of every
/// step); so does a parsed text script; a `Vec` or array of
/// [`AutomationStep`]s converts into one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scenario {
    steps: Vec<ScenarioStep>,
}

impl Scenario {
    /// An empty scenario.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a step built in code.
    #[must_use]
    pub fn step(mut self, step: AutomationStep) -> Self {
        let source = StepSource::of(&step);
        self.steps.push(ScenarioStep::new(step, source));
        self
    }

    /// Appends a step with how and where it was written (what `scenario!`
    /// expands to).
    #[must_use]
    pub fn step_at(
        mut self,
        step: AutomationStep,
        spelling: &'static str,
        file: &'static str,
        line: u32,
        column: u32,
    ) -> Self {
        let origin = Some(Origin { file: Some(Cow::Borrowed(file)), line, column });
        self.steps.push(ScenarioStep::new(
            step,
            StepSource { spelling: Cow::Borrowed(spelling), origin },
        ));
        self
    }

    /// Appends a step written with interpolated values (what `scenario!`
    /// expands `click:#{id}` to): the values go into the written text, and
    /// the text is parsed now, with the grammar both front-ends use. A step
    /// the values make invalid fails with the grammar's message when it
    /// runs, not here.
    #[doc(hidden)]
    #[must_use]
    pub fn step_interpolated(
        mut self,
        pieces: &[Interpolated],
        file: &'static str,
        line: u32,
        column: u32,
    ) -> Self {
        let spelling: String = pieces
            .iter()
            .map(|piece| match piece {
                Interpolated::Written(text) => Cow::Borrowed(*text),
                Interpolated::Bare(value) => Cow::Borrowed(value.as_str()),
                Interpolated::Text(value) => Cow::Owned(rehearse_lang::script::quote(value)),
            })
            .collect();
        let origin = Some(Origin { file: Some(Cow::Borrowed(file)), line, column });
        // A bare value stands for one id or number: it may not add
        // structure (`todos >> nth=0`, `1,2`) to the step.
        let unfit = pieces.iter().find_map(|piece| match piece {
            Interpolated::Bare(value)
                if value.is_empty() || value.contains(|c| ">,;()\"@#~=[]{}".contains(c)) =>
            {
                Some(format!(
                    "the value `{value}` stands where the step takes one id or number; it may not hold `>`, `,`, `;`, `(`, `)`, quotes, `@`, `#`, `~`, `=`, brackets or braces, which would change the step"
                ))
            }
            _ => None,
        });
        let (step, invalid) = match unfit {
            Some(reason) => (AutomationStep::drain(), Some(reason)),
            None => match rehearse_lang::script::parse_step_str(&spelling) {
                Ok(parsed) => (parsed.step, None),
                Err(error) => (AutomationStep::drain(), Some(error.message)),
            },
        };
        let source = StepSource { spelling: Cow::Owned(spelling), origin };
        self.steps.push(ScenarioStep { step, source, invalid });
        self
    }

    /// A scenario from a parsed script; `file` names it in messages.
    pub fn from_script(script: Script, file: Option<Cow<'static, str>>) -> Self {
        let steps = script
            .steps
            .into_iter()
            .map(|step| {
                ScenarioStep::new(
                    step.step,
                    StepSource {
                        spelling: Cow::Owned(step.source),
                        origin: Some(Origin {
                            // A step a `use:` brought in names its own file.
                            file: step.file.map(Cow::Owned).or_else(|| file.clone()),
                            line: u32::try_from(step.line).unwrap_or(u32::MAX),
                            column: u32::try_from(step.column).unwrap_or(u32::MAX),
                        }),
                    },
                )
            })
            .collect();
        Self { steps }
    }

    /// The steps.
    pub fn steps(&self) -> &[ScenarioStep] {
        &self.steps
    }

    /// The typed steps alone.
    pub fn automation_steps(&self) -> impl Iterator<Item = &AutomationStep> {
        self.steps.iter().map(|step| &step.step)
    }

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether there are no steps.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}

impl IntoIterator for Scenario {
    type Item = ScenarioStep;
    type IntoIter = std::vec::IntoIter<ScenarioStep>;

    fn into_iter(self) -> Self::IntoIter {
        self.steps.into_iter()
    }
}

impl From<Vec<AutomationStep>> for Scenario {
    fn from(steps: Vec<AutomationStep>) -> Self {
        steps.into_iter().fold(Self::new(), Self::step)
    }
}

impl<const N: usize> From<[AutomationStep; N]> for Scenario {
    fn from(steps: [AutomationStep; N]) -> Self {
        steps.into_iter().fold(Self::new(), Self::step)
    }
}

impl From<AutomationStep> for Scenario {
    fn from(step: AutomationStep) -> Self {
        Self::new().step(step)
    }
}

impl From<Script> for Scenario {
    fn from(script: Script) -> Self {
        Self::from_script(script, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rehearse_lang::Selector;

    #[test]
    fn sources_name_the_spelling_and_the_place() {
        let scenario = Scenario::new().step(AutomationStep::drain()).step_at(
            AutomationStep::click(Selector::id("save")),
            "click:#save",
            "tests/todo.rs",
            12,
            9,
        );
        let sources: Vec<String> =
            scenario.steps().iter().map(|step| step.source.to_string()).collect();
        assert_eq!(sources, ["`drain`", "`click:#save` (tests/todo.rs:12:9)"]);
    }

    #[test]
    fn scripts_keep_line_and_column() {
        let script = rehearse_lang::script::parse_script("drain\n  click:#save").unwrap();
        let scenario = Scenario::from_script(script, Some("smoke.rehearse".into()));
        assert_eq!(scenario.steps()[1].source.to_string(), "`click:#save` (smoke.rehearse:2:3)");
        assert_eq!(scenario.len(), 2);
    }

    #[test]
    fn undeclared_apps_accept_everything() {
        assert!(AutomationIds::UNDECLARED.contains("anything"));
        assert_eq!(AutomationIds::UNDECLARED.closest("x"), None);
        assert!(!AutomationIds::UNDECLARED.refuses(&KeyPress::char('a')));
    }
}
