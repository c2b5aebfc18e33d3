//! `MemoCheck`: do a view's memoized bodies say everything they depend on?
//!
//! A memoized body ([`Ui::memo`](crate::Ui::memo), a lazy list row) is
//! carried over while its deps are unchanged. A body that reads something
//! its deps leave out shows stale content after that thing changes — a bug
//! no single session can see, because the stale frame is all it has. Two
//! sessions of the same app, one memoizing and one not, stepped together,
//! see it: they must commit the same generations after every step.

use std::fmt;

use ratatui::buffer::Buffer;

use crate::component::Component;
use crate::{Session, SessionOptions};
use rehearse_core::semantic::SemanticTree;
use rehearse_core::trace::TraceMode;
use rehearse_core::{StepError, StepResult};
use rehearse_lang::AutomationStep;

/// Two sessions of one app — one memoizing, one not — stepped together
/// and compared after every step: the same result (or the same error), the
/// same semantic tree, buffer, interaction state and caret, and optionally
/// the same app state.
///
/// ```
/// use ratatui::layout::Rect;
/// use rehearse::prelude::*;
/// use rehearse::widgets::{Button, Text};
/// use rehearse::MemoCheck;
///
/// #[derive(Default)]
/// struct Counter { clicks: u32 }
///
/// impl Component for Counter {
///     type Message = ();
///     fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
///         self.clicks += 1;
///     }
///     fn view(&self, ui: &mut Ui<'_, ()>) {
///         let label = Rect::new(0, 0, 20, 1);
///         // Honest: the body reads `clicks`, and `clicks` is its deps.
///         ui.memo("label", label, &self.clicks, |ui| {
///             ui.add(label, Text::new(format!("{} clicks", self.clicks)).automation_id("count"));
///         });
///         ui.add(Rect::new(0, 1, 10, 1), Button::new("+1").automation_id("inc").on_click(|| ()));
///     }
/// }
///
/// let options = SessionOptions::default().viewport(20, 4);
/// let mut check = MemoCheck::new(Counter::default, options).expect("the first frames agree");
/// let click = AutomationStep::click(Selector::id("inc"));
/// check.run(&[click.clone(), click]).expect("memoizing changes nothing");
/// assert_eq!(check.memoized().tree().by_id("count").unwrap().name, "2 clicks");
/// ```
pub struct MemoCheck<C: Component> {
    memoized: Session<C>,
    plain: Session<C>,
    steps: usize,
    same_app: Option<AppCheck<C>>,
}

type AppCheck<C> = Box<dyn Fn(&C, &C) -> Result<(), String>>;

/// How the memoizing and the plain session disagree, and after which step.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoMismatch {
    /// The step after which they disagree, with its zero-based index;
    /// `None` when their first generations already differ.
    pub step: Option<(usize, AutomationStep)>,
    /// What differs, with both sides.
    pub difference: String,
}

impl fmt::Display for MemoMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.step {
            Some((index, step)) => write!(f, "after step {index} `{step}`: ")?,
            None => f.write_str("at the start: ")?,
        }
        write!(
            f,
            "{}\n(a memoized body reads something its deps leave out, or the engine carried \
             over what it should not)",
            self.difference
        )
    }
}

impl std::error::Error for MemoMismatch {}

impl<C: Component> MemoCheck<C> {
    /// Mounts two apps made by `make`, one memoizing and one not (whatever
    /// `options` says about memoizing), and compares their first
    /// generations.
    ///
    /// # Errors
    ///
    /// [`MemoMismatch`] when the first generations differ.
    ///
    /// # Panics
    ///
    /// When an app cannot start (see [`Session::new`]).
    pub fn new(make: impl Fn() -> C, options: SessionOptions) -> Result<Self, MemoMismatch> {
        let check = Self {
            memoized: Session::new(make(), options.memoize(true)),
            // The twin it is compared with keeps no trace of its own.
            plain: Session::new(make(), options.memoize(false).trace(TraceMode::Off)),
            steps: 0,
            same_app: None,
        };
        check.compare().map_err(|difference| MemoMismatch { step: None, difference })?;
        Ok(check)
    }

    /// Also compares the two apps — now, and after every step: `same`
    /// returns what differs. (Their states part only when a handler inside
    /// a stale body sends a stale message.)
    ///
    /// # Errors
    ///
    /// [`MemoMismatch`] when the apps already differ.
    pub fn compare_apps(
        mut self,
        same: impl Fn(&C, &C) -> Result<(), String> + 'static,
    ) -> Result<Self, MemoMismatch> {
        self.same_app = Some(Box::new(same));
        self.compare().map_err(|difference| MemoMismatch { step: None, difference })?;
        Ok(self)
    }

    /// The memoizing session.
    pub fn memoized(&self) -> &Session<C> {
        &self.memoized
    }

    /// The session that renders everything every time.
    pub fn plain(&self) -> &Session<C> {
        &self.plain
    }

    /// Runs `step` on both sessions and compares what they committed.
    /// Returns the memoizing session's result when both agree — both
    /// succeeded with the same generation, or both failed with the same
    /// error.
    ///
    /// A panic inside a session (a bug) is reported as a mismatch, not
    /// propagated.
    ///
    /// # Errors
    ///
    /// [`MemoMismatch`] naming the step and what differs.
    pub fn step(
        &mut self,
        step: &AutomationStep,
    ) -> Result<Result<StepResult, StepError>, MemoMismatch> {
        let index = self.steps;
        self.steps += 1;
        let mismatch =
            |difference: String| MemoMismatch { step: Some((index, step.clone())), difference };
        let memoized = guarded(|| self.memoized.step(step.clone()))
            .map_err(|panic| mismatch(format!("the memoizing session panicked: {panic}")))?;
        let plain = guarded(|| self.plain.step(step.clone()))
            .map_err(|panic| mismatch(format!("the plain session panicked: {panic}")))?;
        let agree = match (&memoized, &plain) {
            (Ok(a), Ok(b)) => a.generation == b.generation,
            // What the failure says, not where each session's trace went.
            (Err(a), Err(b)) => (a.index, a.error.to_string()) == (b.index, b.error.to_string()),
            _ => false,
        };
        if !agree {
            return Err(mismatch(format!(
                "the step's results differ\n  memoizing: {}\n  plain:     {}",
                outcome(&memoized),
                outcome(&plain)
            )));
        }
        self.compare().map_err(mismatch)?;
        Ok(memoized)
    }

    /// Runs every step, stopping at the first mismatch (steps that fail the
    /// same way in both sessions are fine).
    ///
    /// # Errors
    ///
    /// The first [`MemoMismatch`].
    pub fn run(&mut self, steps: &[AutomationStep]) -> Result<(), MemoMismatch> {
        steps.iter().try_for_each(|step| self.step(step).map(drop))
    }

    /// A shorter list of steps that still ends in a mismatch, for a report
    /// someone can read: steps are removed, a chunk at a time down to single
    /// steps, while replaying what is left on fresh sessions still
    /// disagrees. Gives up shortening after replaying `budget` steps.
    /// Returns `steps` unchanged when they do not end in a mismatch, and no
    /// steps when the first generations already differ.
    ///
    /// A panic inside a session is a mismatch; the standard panic hook
    /// still prints it on every replay that reaches it.
    pub fn shrink(
        make: impl Fn() -> C,
        options: SessionOptions,
        steps: &[AutomationStep],
        budget: usize,
    ) -> Vec<AutomationStep> {
        Self::shrink_with(|| Self::new(&make, options), steps, budget)
    }

    /// Like [`shrink`](Self::shrink), replaying on checks that `start`
    /// makes — for a check configured further, such as one that
    /// [compares the apps](Self::compare_apps).
    pub fn shrink_with(
        start: impl Fn() -> Result<Self, MemoMismatch>,
        steps: &[AutomationStep],
        mut budget: usize,
    ) -> Vec<AutomationStep> {
        // How many of `steps` a replay takes until it disagrees: 0 when the
        // start already does.
        let failing = |steps: &[AutomationStep]| -> Option<usize> {
            let mut check = match start() {
                Ok(check) => check,
                Err(_) => return Some(0),
            };
            steps.iter().position(|step| check.step(step).is_err()).map(|at| at + 1)
        };
        let Some(needed) = failing(steps) else { return steps.to_vec() };
        if needed == 0 {
            return Vec::new();
        }
        let mut steps = steps[..needed].to_vec();
        loop {
            let before = steps.len();
            let mut chunk = steps.len().div_ceil(2);
            loop {
                let mut at = 0;
                while at < steps.len() && budget > 0 {
                    let rest = &steps[(at + chunk).min(steps.len())..];
                    let candidate: Vec<_> = steps[..at].iter().chain(rest).cloned().collect();
                    budget = budget.saturating_sub(candidate.len().max(1));
                    match failing(&candidate) {
                        // Keep it, cut after the step that now disagrees.
                        Some(needed) => steps = candidate[..needed].to_vec(),
                        // Windows overlap by half, so a pair of steps
                        // that must go together is removed together.
                        None => at += chunk.div_ceil(2),
                    }
                }
                if chunk == 1 || budget == 0 {
                    break;
                }
                chunk = chunk.div_ceil(2);
            }
            if steps.len() == before || budget == 0 {
                return steps;
            }
        }
    }

    /// What differs between the two sessions' committed generations.
    fn compare(&self) -> Result<(), String> {
        let (a, b) = (self.memoized.frame(), self.plain.frame());
        if a.tree != b.tree {
            return Err(tree_difference(&a.tree, &b.tree));
        }
        if a.buffer != b.buffer {
            return Err(buffer_difference(&a.buffer, &b.buffer));
        }
        if a.interaction != b.interaction {
            return Err(format!(
                "the interaction states differ\n  memoizing: {:?}\n  plain:     {:?}",
                a.interaction, b.interaction
            ));
        }
        if a.cursor != b.cursor {
            return Err(format!(
                "the carets differ: memoizing {:?}, plain {:?}",
                a.cursor, b.cursor
            ));
        }
        match &self.same_app {
            Some(same) => same(self.memoized.app(), self.plain.app())
                .map_err(|difference| format!("the app states differ: {difference}")),
            None => Ok(()),
        }
    }
}

fn outcome(result: &Result<StepResult, StepError>) -> String {
    match result {
        Ok(done) => format!("committed generation {}", done.generation),
        Err(error) => format!("failed: {error}"),
    }
}

/// Where two trees first differ, with both trees: as Markdown, or in full
/// when they differ only in what the Markdown leaves out (actions, whether
/// a node is actionable, states that are false).
fn tree_difference(a: &SemanticTree, b: &SemanticTree) -> String {
    let (mut left, mut right) = (a.to_markdown(), b.to_markdown());
    if left == right {
        (left, right) = (format!("{a:#?}"), format!("{b:#?}"));
    }
    let first = left.lines().zip(right.lines()).enumerate().find(|(_, (l, r))| l != r).map_or_else(
        || "the end (one is longer)".to_owned(),
        |(at, (l, r))| format!("line {at}:\n  memoizing: {l}\n  plain:     {r}"),
    );
    format!(
        "the semantic trees differ, first at {first}\n--- memoizing\n{left}\n--- plain\n{right}"
    )
}

/// The first cells that differ, each with both rows as text.
fn buffer_difference(a: &Buffer, b: &Buffer) -> String {
    if a.area != b.area {
        return format!("the buffers differ in size: memoizing {:?}, plain {:?}", a.area, b.area);
    }
    let row = |buffer: &Buffer, y: u16| -> String {
        (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect()
    };
    let mut report = String::from("the buffers differ");
    let cells = (0..a.area.height).flat_map(|y| (0..a.area.width).map(move |x| (x, y)));
    for (x, y) in cells.filter(|&at| a[at] != b[at]).take(8) {
        report.push_str(&format!(
            "\n  cell ({x}, {y}): memoizing {:?}, plain {:?}\n    memoizing row: {:?}\n    plain row:     {:?}",
            a[(x, y)],
            b[(x, y)],
            row(a, y),
            row(b, y)
        ));
    }
    report
}

/// Runs `run`, turning a panic into its message.
fn guarded<T>(run: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|text| (*text).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic with a non-text payload".to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::{Button, Text};
    use crate::{Context, Ui};
    use ratatui::layout::Rect;
    use rehearse_core::semantic::SemanticFacts;
    use rehearse_lang::{ActionSet, SemanticRole};
    use rehearse_lang::{AutomationStep, Selector};
    use std::cell::Cell;
    use std::rc::Rc;

    /// A label memoized on nothing although it shows a count: dishonest.
    struct Stale {
        clicks: Rc<Cell<u32>>,
    }

    impl Component for Stale {
        type Message = ();
        fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
            self.clicks.set(self.clicks.get() + 1);
        }
        fn view(&self, ui: &mut Ui<'_, ()>) {
            let label = Rect::new(0, 0, 20, 1);
            ui.memo("label", label, &(), |ui| {
                ui.add(
                    label,
                    Text::new(format!("{} clicks", self.clicks.get())).automation_id("n"),
                );
            });
            ui.add(Rect::new(0, 1, 10, 1), Button::new("+1").automation_id("inc").on_click(|| ()));
        }
    }

    fn stale() -> Stale {
        Stale { clicks: Rc::default() }
    }

    #[test]
    fn a_body_that_hides_a_dependency_is_caught_at_the_step_that_shows_it() {
        let options = SessionOptions::default().viewport(20, 4);
        let mut check = MemoCheck::new(stale, options).expect("the first frames agree");
        let steps = [
            AutomationStep::drain(),
            AutomationStep::click(Selector::id("inc")),
            AutomationStep::drain(),
        ];
        let mismatch = check.run(&steps).expect_err("the label goes stale");
        assert_eq!(mismatch.step.as_ref().map(|(index, _)| *index), Some(1));
        assert!(mismatch.difference.starts_with("the semantic trees differ"), "{mismatch}");
        assert!(mismatch.difference.contains("1 clicks"), "{mismatch}");
        assert!(mismatch.to_string().starts_with("after step 1 `click:#inc`"), "{mismatch}");
    }

    /// A button that loses its Click action after the first click, inside a
    /// body memoized on nothing: the Markdown of the two trees is the same.
    struct LosesClick {
        clicks: u32,
    }

    impl Component for LosesClick {
        type Message = ();
        fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
            self.clicks += 1;
        }
        fn view(&self, ui: &mut Ui<'_, ()>) {
            let area = Rect::new(0, 0, 10, 1);
            ui.memo("button", area, &(), |ui| {
                let facts = SemanticFacts::new(SemanticRole::Button).automation_id("b");
                let facts = if self.clicks > 0 { facts.actions(ActionSet::EMPTY) } else { facts };
                ui.leaf(area, facts, |_, _| {});
            });
            ui.add(Rect::new(0, 1, 10, 1), Button::new("+1").automation_id("inc").on_click(|| ()));
        }
    }

    #[test]
    fn trees_differing_beyond_their_markdown_are_shown_in_full() {
        let options = SessionOptions::default().viewport(20, 4);
        let mut check = MemoCheck::new(|| LosesClick { clicks: 0 }, options).unwrap();
        let mismatch = check.step(&AutomationStep::click(Selector::id("inc"))).unwrap_err();
        let difference = &mismatch.difference;
        assert!(difference.starts_with("the semantic trees differ, first at line"), "{difference}");
        assert!(difference.contains("actions"), "{difference}");
    }

    #[test]
    fn shrinking_keeps_only_the_steps_the_mismatch_needs() {
        let options = SessionOptions::default().viewport(20, 4);
        let drain = AutomationStep::drain();
        let click = AutomationStep::click(Selector::id("inc"));
        let steps = [drain.clone(), drain.clone(), click.clone(), drain.clone(), click];
        let shrunk = MemoCheck::shrink(stale, options, &steps, 1_000);
        assert_eq!(shrunk, [AutomationStep::click(Selector::id("inc"))]);
        // Steps that agree come back as they are.
        assert_eq!(MemoCheck::shrink(stale, options, std::slice::from_ref(&drain), 1_000), [drain]);
    }

    #[test]
    fn shrinking_a_mismatch_at_the_start_needs_no_steps() {
        // Two apps that differ before any step (the second starts a click
        // ahead): no step is needed to show it.
        let made = Cell::new(0);
        let differing = || {
            made.set(made.get() + 1);
            Stale { clicks: Rc::new(Cell::new(made.get())) }
        };
        let options = SessionOptions::default().viewport(20, 4);
        let steps = [AutomationStep::drain(), AutomationStep::click(Selector::id("inc"))];
        assert_eq!(MemoCheck::shrink(differing, options, &steps, 1_000), []);
        assert_eq!(MemoCheck::shrink(differing, options, &[], 1_000), []);
    }

    #[test]
    fn app_states_are_compared_when_asked() {
        let options = SessionOptions::default().viewport(20, 4);
        let check = MemoCheck::new(stale, options).expect("the first frames agree");
        let Err(mismatch) = check.compare_apps(|_, _| Err("never the same".into())) else {
            panic!("the apps are compared at once");
        };
        assert_eq!(mismatch.step, None);
        assert_eq!(mismatch.difference, "the app states differ: never the same");
        // And after every step, also while shrinking: here the apps count
        // as different once the button was clicked.
        let start = || {
            MemoCheck::new(stale, options)?.compare_apps(|memoized, _| {
                match memoized.clicks.get() {
                    0 => Ok(()),
                    n => Err(format!("{n} clicks")),
                }
            })
        };
        let steps = [
            AutomationStep::drain(),
            AutomationStep::click(Selector::id("inc")),
            AutomationStep::drain(),
        ];
        let mut check = start().expect("no clicks yet");
        check.step(&steps[0]).expect("still no clicks").expect("a drain succeeds");
        let mismatch = check.step(&steps[1]).expect_err("a click");
        assert!(mismatch.difference.contains("differ"), "{mismatch}");
        assert_eq!(MemoCheck::shrink_with(start, &steps, 100), [steps[1].clone()]);
    }
}
