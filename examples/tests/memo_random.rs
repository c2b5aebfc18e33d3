//! Memoized rows stay honest under long random step sequences: the todo app
//! driven by seeded random clicks, hovers, keys, scrolling, typing,
//! deleting, filtering and resizing commits the same generations with
//! memoizing on and off — the same tree, buffer, interaction state, caret
//! and app state after every step, and the same errors.
//!
//! The steps come from a small inline PRNG with fixed seeds, so every run is
//! the same. A mismatch names the seed, the step and its index, and prints
//! the steps as a script, shrunk to a shorter sequence that still fails.

use rehearse::prelude::*;
use rehearse::{MemoCheck, engine::MemoMismatch, engine::RenderStats};
use rehearse_examples::todo::{TodoApp, ids};

#[path = "../../runtime/rehearse/tests/support/rng.rs"]
mod rng;
use rng::Rng;

// --- Two sessions, compared after every step ------------------------------

/// One random run: the app, where it starts, the sizes it resizes among,
/// how many steps, and the seed.
#[derive(Clone, Copy, Debug)]
struct Run {
    items: usize,
    sizes: [(u16, u16); 3],
    steps: usize,
    seed: u64,
}

impl Run {
    /// How the run builds its app.
    fn app(&self) -> impl Fn() -> TodoApp + use<> {
        let items = self.items;
        move || TodoApp::with_items(items)
    }

    fn options(&self) -> SessionOptions {
        let (cols, rows) = self.sizes[0];
        SessionOptions::default().viewport(cols, rows)
    }

    /// The app with memoizing on and off, compared after every step (the
    /// frames, and the todos too).
    fn start(&self) -> MemoCheck<TodoApp> {
        self.try_start().unwrap_or_else(|mismatch| panic!("{self:?}: {mismatch}"))
    }

    fn try_start(&self) -> Result<MemoCheck<TodoApp>, MemoMismatch> {
        MemoCheck::new(self.app(), self.options())?.compare_apps(same_todos)
    }
}

use crate::todos;
use todos::same_todos;

// --- Choosing steps -------------------------------------------------------

fn click(id: impl Into<String>) -> AutomationStep {
    AutomationStep::click(Selector::id(id.into()))
}

/// What the next steps can aim at, read from the plain session's commit.
struct Scene {
    /// Ids of the todos whose rows are in view.
    in_view: Vec<u64>,
    /// One past the largest todo id so far, and a few more (ids never
    /// created yet, or deleted, make steps that fail).
    id_bound: u64,
    modal: bool,
    list_focused: bool,
    cols: u16,
    rows: u16,
}

impl Scene {
    fn of(session: &Session<TodoApp>, items: usize) -> Self {
        let tree = session.tree();
        let in_view = tree
            .nodes()
            .filter(|node| node.in_view)
            .filter_map(|node| {
                node.automation_id.as_ref()?.as_str().strip_prefix("item-")?.parse().ok()
            })
            .collect();
        let largest = session.app().todos().iter().map(|todo| todo.id).max().unwrap_or(0);
        let viewport = session.frame().viewport;
        Self {
            in_view,
            id_bound: largest.max(items as u64) + 4,
            modal: tree.by_id(ids::CONFIRM).is_some(),
            list_focused: tree.by_id(ids::LIST).is_some_and(SemanticNode::is_focused),
            cols: viewport.width,
            rows: viewport.height,
        }
    }

    /// A todo id: usually one whose row is in view, sometimes any id at
    /// all (scrolled out, deleted or never created).
    fn todo(&self, rng: &mut Rng) -> u64 {
        if !self.in_view.is_empty() && rng.chance(80) {
            rng.pick(&self.in_view)
        } else {
            1 + rng.below(self.id_bound as usize) as u64
        }
    }

    /// The rows the list occupies: below the input (3) and the filters (1),
    /// above the status line.
    fn list_row(&self, rng: &mut Rng) -> u16 {
        let height = self.rows.saturating_sub(5).max(1);
        4 + rng.below(usize::from(height)) as u16
    }
}

const KEYS: [KeyCode; 11] = [
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::Char(' '),
    KeyCode::Delete,
    KeyCode::Enter,
    KeyCode::Tab,
    KeyCode::BackTab,
];

const WORDS: [&str; 8] = ["milk", "eggs", "Call Bo", "x", "tea", "  ", "Walk the dog", "é"];

/// The next action: one step, or a few (typing a title and submitting it).
fn next_steps(rng: &mut Rng, scene: &Scene, run: &Run) -> Vec<AutomationStep> {
    use AutomationStep as S;
    use ScrollDirection::{Down, Up};
    if scene.modal {
        match rng.below(10) {
            0..=2 => return vec![click(ids::CONFIRM_YES)],
            3..=5 => return vec![click(ids::CONFIRM_NO)],
            6 => return vec![S::key(KeyCode::Esc)],
            7 => {
                return vec![S::hover(Selector::id(
                    rng.pick(&[ids::CONFIRM_YES, ids::CONFIRM_NO]),
                ))];
            }
            // Anything else: mostly blocked by the dialog.
            _ => {}
        }
    }
    let choice = rng.weighted(&[
        (0, 16), // toggle
        (1, 5),  // delete
        (2, 7),  // item
        (3, 6),  // hover
        (4, 4),  // focus the list
        (5, 20), // keys
        (6, 9),  // scroll
        (7, 3),  // scrollbar
        (8, 5),  // add a todo
        (9, 3),  // filter
        (10, 2), // resize
        (11, 3), // drain
        (12, 2), // a point anywhere
        (13, 2), // focus next / prev
        (14, 2), // typing with the list (or nothing editable) focused
    ]);
    match choice {
        0 => vec![click(ids::toggle(scene.todo(rng)))],
        1 => vec![click(ids::delete(scene.todo(rng)))],
        2 => vec![click(ids::item(scene.todo(rng)))],
        3 => {
            let id = scene.todo(rng);
            let target = match rng.below(4) {
                0 => ids::toggle(id),
                1 => ids::delete(id),
                2 => ids::item(id),
                _ => rng.pick(&[ids::NEW_TODO, ids::STATUS, ids::LIST]).to_owned(),
            };
            vec![S::hover(Selector::id(target))]
        }
        4 => vec![S::focus(Selector::id(ids::LIST))],
        5 => {
            // Keys mostly where they do something: the focused list.
            let mut steps = Vec::new();
            if !scene.list_focused && rng.chance(50) {
                steps.push(S::focus(Selector::id(ids::LIST)));
            }
            steps.push(S::key(rng.pick(&KEYS)));
            steps
        }
        6 => {
            let direction = if rng.chance(60) { Down } else { Up };
            (0..1 + rng.below(3))
                .map(|_| S::scroll_at(Selector::id(ids::LIST), direction))
                .collect()
        }
        7 => vec![S::click(Selector::point(scene.cols - 1, scene.list_row(rng)))],
        8 => {
            let focus = if rng.chance(50) {
                click(ids::NEW_TODO)
            } else {
                S::focus(Selector::id(ids::NEW_TODO))
            };
            let mut steps = vec![focus, S::type_text(rng.pick(&WORDS))];
            if rng.chance(20) {
                steps.push(S::key(KeyCode::Backspace));
            }
            if rng.chance(85) {
                steps.push(S::key(KeyCode::Enter));
            }
            steps
        }
        9 => vec![click(ids::filter(rng.pick(&["all", "all", "active", "done"])))],
        10 => {
            let (cols, rows) = rng.pick(&run.sizes);
            vec![S::resize(cols, rows)]
        }
        12 => {
            let point = Selector::point(
                rng.below(usize::from(scene.cols)) as u16,
                rng.below(usize::from(scene.rows)) as u16,
            );
            vec![if rng.chance(50) { S::click(point) } else { S::hover(point) }]
        }
        13 => vec![if rng.chance(60) { S::focus_next() } else { S::focus_prev() }],
        14 => vec![S::type_text(rng.pick(&[" ", "a", "  "]))],
        _ => vec![S::drain()],
    }
}

// --- Running, and reporting a failure --------------------------------------

/// How a random run went.
#[derive(Debug, Default)]
struct Outcome {
    steps: Vec<AutomationStep>,
    /// What memoizing saved: bodies the memoized session ran and carried
    /// over, and bodies the plain one ran.
    stats: [RenderStats; 2],
    ok: usize,
    failed: usize,
    modals: usize,
    added: usize,
    deleted: usize,
    toggled: usize,
}

/// Generates `run.steps` random steps (choosing each from what the plain
/// session shows), runs them on both sessions and compares after each.
fn random_run(run: &Run) -> Outcome {
    let mut rng = Rng::new(run.seed);
    let mut check = run.start();
    let mut outcome = Outcome::default();
    while outcome.steps.len() < run.steps {
        let scene = Scene::of(check.plain(), run.items);
        for step in next_steps(&mut rng, &scene, run) {
            let before: Vec<_> = check.plain().app().todos().to_vec();
            outcome.steps.push(step.clone());
            match check.step(&step) {
                Ok(Ok(_)) => outcome.ok += 1,
                Ok(Err(_)) => outcome.failed += 1,
                Err(mismatch) => fail(run, &outcome.steps, &mismatch),
            }
            let after = check.plain().app().todos();
            outcome.added += usize::from(after.len() > before.len());
            outcome.deleted += usize::from(after.len() < before.len());
            outcome.toggled += usize::from(
                after.len() == before.len()
                    && after.iter().zip(&before).any(|(a, b)| a.done != b.done),
            );
            outcome.modals +=
                usize::from(!scene.modal && Scene::of(check.plain(), run.items).modal);
        }
    }
    outcome.stats = [check.memoized().render_stats(), check.plain().render_stats()];
    outcome
}

fn script(steps: &[AutomationStep]) -> String {
    steps.iter().enumerate().map(|(at, step)| format!("  {at:>4}  {step}\n")).collect()
}

/// Panics with the mismatch (which names the failing step and its index),
/// the steps shrunk to a shorter sequence that still fails, and all steps.
fn fail(run: &Run, steps: &[AutomationStep], mismatch: &MemoMismatch) -> ! {
    let shrunk = MemoCheck::shrink_with(|| run.try_start(), steps, 40_000);
    let shrunk_mismatch = run.start().run(&shrunk).map_or_else(
        |mismatch| mismatch.to_string(),
        |()| String::from("— no, the replay agrees (not reproduced)"),
    );
    panic!(
        "memoized and plain sessions disagree: seed {seed}, {items} items at {cols}x{rows}, \
         {mismatch}\n\n\
         shrunk to {n} steps (start from TodoApp::with_items({items}) at {cols}x{rows}):\n{short}\
         which fails {shrunk_mismatch}\n\nall {all} steps:\n{long}",
        seed = run.seed,
        items = run.items,
        cols = run.sizes[0].0,
        rows = run.sizes[0].1,
        n = shrunk.len(),
        short = script(&shrunk),
        all = steps.len(),
        long = script(steps),
    );
}

/// Runs every seed and checks that each run did what it was meant to: most
/// steps succeeded, rows changed in every way, and the memoized session
/// carried over (it ran far fewer memoized bodies than the plain one).
fn check(items: usize, sizes: [(u16, u16); 3], steps: usize, seeds: &[u64]) {
    for &seed in seeds {
        let run = Run { items, sizes, steps, seed };
        let outcome = random_run(&run);
        let summary = format!(
            "{run:?}: {} ok, {} failed the same way, {} dialogs, {} added, {} deleted, {} toggled, {:?}",
            outcome.ok,
            outcome.failed,
            outcome.modals,
            outcome.added,
            outcome.deleted,
            outcome.toggled,
            outcome.stats
        );
        println!("{summary}");
        assert!(outcome.ok * 3 >= outcome.steps.len() * 2, "mostly steps that work: {summary}");
        assert!(outcome.failed > 0, "some steps fail (gone or scrolled-out rows): {summary}");
        assert!(
            outcome.modals > 0 && outcome.added > 0 && outcome.deleted > 0 && outcome.toggled > 20,
            "the walk changes rows in every way: {summary}"
        );
        let [memoized, plain] = outcome.stats;
        assert_eq!(plain.bodies_carried, 0, "{summary}");
        assert!(
            memoized.bodies_carried > 0 && memoized.bodies_run * 3 < plain.bodies_run,
            "the memoized session carried rows over: {summary}"
        );
    }
}

#[test]
fn random_steps_on_sixty_todos_commit_the_same_generations() {
    check(60, [(80, 24), (100, 30), (60, 16)], 450, &[1, 2]);
}

#[test]
fn random_steps_on_two_hundred_todos_commit_the_same_generations() {
    check(200, [(120, 40), (80, 24), (100, 50)], 450, &[3, 4]);
}

#[test]
fn random_steps_on_two_hundred_todos_in_a_small_viewport_commit_the_same_generations() {
    check(200, [(80, 24), (120, 40), (70, 20)], 450, &[5]);
}

#[test]
fn the_random_comparison_reports_a_difference() {
    // The comparison itself is not vacuous: two apps that really differ (one
    // holds a todo the other does not) are reported, frames and todos.
    let run = Run { items: 6, sizes: [(60, 16); 3], steps: 0, seed: 0 };
    let made = std::cell::Cell::new(run.items);
    let differing = || {
        made.set(made.get() + 1);
        TodoApp::with_items(made.get())
    };
    let Err(mismatch) = MemoCheck::new(differing, run.options()) else {
        panic!("7 and 8 todos make different frames");
    };
    assert_eq!(mismatch.step, None);
    assert!(mismatch.difference.starts_with("the semantic trees differ"), "{mismatch}");
    assert!(mismatch.difference.contains("item-8"), "{mismatch}");
    let difference =
        same_todos(&TodoApp::with_items(7), &TodoApp::with_items(8)).expect_err("the todos differ");
    assert!(difference.contains("Todo 8"), "{difference}");
    assert_eq!(same_todos(&TodoApp::with_items(8), &TodoApp::with_items(8)), Ok(()));
}
