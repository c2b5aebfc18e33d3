//! Seeded random walks over the lab app with memoizing on and off, compared
//! after every step: how a run is set up, what it counts, how a mismatch is
//! reported (shrunk to a short script), and the walks themselves.

use rehearse::prelude::*;
use rehearse::{MemoCheck, engine::MemoMismatch};

use super::lab::{LabApp, Shape};
use super::rng::Rng;
use super::runs::Runs;
use super::steps::next_steps;

// --- Two sessions, compared after every step ------------------------------

/// One random run: how the app is built, where it starts, the sizes it
/// resizes among, how many steps, and the seed.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub shape: Shape,
    pub sizes: [(u16, u16); 3],
    pub steps: usize,
    pub seed: u64,
}

impl Run {
    /// How the run builds its app: each with a run counter of its own.
    fn app(&self) -> impl Fn() -> LabApp + use<> {
        let shape = self.shape;
        move || LabApp::new(&Runs::default(), shape)
    }

    fn options(&self) -> SessionOptions {
        let (cols, rows) = self.sizes[0];
        SessionOptions::default().viewport(cols, rows)
    }

    /// The app with memoizing on and off, compared after every step (the
    /// frames, and `Lab` too).
    fn start(&self) -> MemoCheck<LabApp> {
        self.try_start().unwrap_or_else(|mismatch| panic!("{self:?}: {mismatch}"))
    }

    fn try_start(&self) -> Result<MemoCheck<LabApp>, MemoMismatch> {
        MemoCheck::new(self.app(), self.options())?.compare_apps(same_lab)
    }
}

/// The app state the two sessions must agree on (not the run counters).
fn same_lab(memoized: &LabApp, plain: &LabApp) -> Result<(), String> {
    let (a, b) = (&memoized.lab, &plain.lab);
    if a == b { Ok(()) } else { Err(format!("\n  memoizing: {a:?}\n  plain:     {b:?}")) }
}

// --- Running, and reporting a failure --------------------------------------

#[derive(Debug, Default)]
struct Outcome {
    steps: Vec<AutomationStep>,
    runs: [usize; 2],
    ok: usize,
    failed: usize,
    reorders: usize,
    modals: usize,
    ticks: u32,
}

fn random_run(run: &Run) -> Outcome {
    let mut rng = Rng::new(run.seed);
    let mut check = run.start();
    let mut outcome = Outcome::default();
    let keys = |check: &MemoCheck<LabApp>| -> Vec<u64> {
        let lab = &check.plain().app().lab;
        lab.rows.iter().chain(&lab.shelf).map(|entry| entry.key).collect()
    };
    while outcome.steps.len() < run.steps {
        for step in next_steps(&mut rng, check.plain(), run) {
            let (before, modal) = (keys(&check), check.plain().app().lab.modal);
            outcome.steps.push(step.clone());
            match check.step(&step) {
                Ok(Ok(_)) => outcome.ok += 1,
                Ok(Err(_)) => outcome.failed += 1,
                Err(mismatch) => fail(run, &outcome.steps, &mismatch),
            }
            outcome.reorders += usize::from(keys(&check) != before);
            outcome.modals += usize::from(!modal && check.plain().app().lab.modal);
        }
    }
    outcome.runs = [check.memoized().app().runs.get(), check.plain().app().runs.get()];
    outcome.ticks = check.plain().app().lab.ticks;
    outcome
}

/// Shrinks a failing walk within a budget of replayed steps.
fn shrink(run: &Run, steps: &[AutomationStep]) -> Vec<AutomationStep> {
    MemoCheck::shrink_with(|| run.try_start(), steps, 100_000)
}

/// How a replay of `steps` on a fresh pair ends: `Err` with the mismatch
/// when they disagree.
fn replay(run: &Run, steps: &[AutomationStep]) -> Result<(), MemoMismatch> {
    run.start().run(steps)
}

fn script(steps: &[AutomationStep]) -> String {
    steps.iter().enumerate().map(|(at, step)| format!("  {at:>4}  {step}\n")).collect()
}

/// Panics with the mismatch (which names the failing step and its index),
/// the steps shrunk to a shorter sequence that still fails, and all steps.
fn fail(run: &Run, steps: &[AutomationStep], mismatch: &MemoMismatch) -> ! {
    let shrunk = shrink(run, steps);
    let shrunk_mismatch = replay(run, &shrunk).map_or_else(
        |mismatch| mismatch.to_string(),
        |()| String::from("— no, the replay agrees (not reproduced)"),
    );
    panic!(
        "memoized and plain sessions disagree: {run:?}, {mismatch}\n\n\
         shrunk to {n} steps:\n{short}which fails {shrunk_mismatch}\n\n\
         all {all} steps:\n{long}",
        n = shrunk.len(),
        short = script(&shrunk),
        all = steps.len(),
        long = script(steps),
    );
}

const SIZES: [(u16, u16); 3] = [(52, 24), (60, 26), (44, 22)];

/// Runs `run` and checks that the walk did what it was meant to: most steps
/// succeeded, rows moved, timers fired, and the memoized session carried
/// bodies over (far fewer of them ran).
fn check(run: Run) {
    let outcome = random_run(&run);
    let summary = format!(
        "{run:?}: {} ok, {} failed the same way, {} reorders, {} dialogs, {} ticks, runs {:?}",
        outcome.ok, outcome.failed, outcome.reorders, outcome.modals, outcome.ticks, outcome.runs
    );
    println!("{summary}");
    assert!(outcome.ok * 3 >= outcome.steps.len() * 2, "mostly steps that work: {summary}");
    assert!(outcome.failed > 0, "some steps fail: {summary}");
    assert!(
        outcome.reorders > 20 && outcome.ticks > 3,
        "the walk reaches every part of the app: {summary}"
    );
    assert!(outcome.modals > 3, "the dialog opens: {summary}");
    let [memoized, plain] = outcome.runs;
    assert!(memoized * 3 < plain, "the memoized session carried bodies over: {summary}");
}

#[test]
fn random_steps_inside_a_group_commit_the_same_generations() {
    let shape = Shape { wrap: true, dishonest: false };
    for seed in [11, 12] {
        check(Run { shape, sizes: SIZES, steps: 800, seed });
    }
}

#[test]
fn random_steps_at_the_root_commit_the_same_generations() {
    // Memos straight under the root, beside the modal's overlay root (see
    // the regression test in `regression.rs`).
    let shape = Shape { wrap: false, dishonest: false };
    for seed in [13, 14] {
        check(Run { shape, sizes: SIZES, steps: 800, seed });
    }
}

#[test]
fn the_random_comparison_catches_a_memo_that_leaves_out_a_dependency() {
    // The badges memo of the dishonest variant leaves `count` out of its
    // deps: once carried over it shows stale badges, and the random walk
    // must notice.
    let shape = Shape { wrap: true, dishonest: true };
    let run = Run { shape, sizes: SIZES, steps: 300, seed: 11 };
    let mut rng = Rng::new(run.seed);
    let mut check = run.start();
    let mut steps = Vec::new();
    let caught = 'walk: loop {
        for step in next_steps(&mut rng, check.plain(), &run) {
            steps.push(step.clone());
            if let Err(mismatch) = check.step(&step) {
                break 'walk Some(mismatch);
            }
        }
        if steps.len() >= run.steps {
            break None;
        }
    };
    let mismatch = caught.expect("the stale memo is caught within the walk");
    // The step just taken shows the stale badges.
    let difference = &mismatch.difference;
    assert!(
        difference.contains("badge") || difference.starts_with("the buffers differ"),
        "{mismatch}"
    );
    // And the shrinker cuts the walk to a short reproduction.
    let shrunk = shrink(&run, &steps);
    assert!(replay(&run, &shrunk).is_err(), "shrunk to:\n{}", script(&shrunk));
    assert!(shrunk.len() <= 4, "shrunk to:\n{}", script(&shrunk));
}
