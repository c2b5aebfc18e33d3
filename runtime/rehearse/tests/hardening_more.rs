//! More of issue 16's hostile cases at the session's edges: typed text never
//! quoted by an error, an advance that cannot end, deep trees.

use std::time::Duration;

use ratatui::layout::Rect;
use rehearse::command::{CommandLink, Link};
use rehearse::engine::{MAX_TIMERS_PER_ADVANCE, MAX_TREE_DEPTH};
use rehearse::prelude::*;

/// An app with nothing focusable: a `type:` finds nothing focused.
struct Unfocused;

impl Component for Unfocused {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.draw_with(Rect::new(0, 0, 2, 1), |area, buf| {
            buf[(area.x, area.y)].set_symbol("x");
        });
    }
}

#[test]
fn typing_with_nothing_focused_never_quotes_the_typed_text() {
    let mut session = Session::new(Unfocused, SessionOptions::default().viewport(20, 5));
    let secret = "hunter2-correct-horse";
    let error = session.step(AutomationStep::type_text(secret)).unwrap_err();
    let AutomationError::NotActionable { target, operation, reason } = &error.error else {
        panic!("{error}")
    };
    assert_eq!((target.as_str(), operation.as_str()), ("nothing", "type"));
    assert!(reason.contains("no node holds focus"), "{reason}");
    let inner = [error.error.to_string(), format!("{:?}", error.error)];
    for shown in inner {
        // Not the text, nor any piece of it (the first 40 characters were quoted).
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(!shown.contains("horse"), "{shown}");
    }
}

/// A timer that re-arms itself every millisecond, for ever.
struct Ticker;

#[derive(Debug)]
struct Tick;

impl Component for Ticker {
    type Message = Tick;
    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        ctx.after(Duration::from_millis(1), Tick);
    }
    fn update(&mut self, Tick: Tick, ctx: &mut Context<'_, Self>) {
        ctx.after(Duration::from_millis(1), Tick);
    }
    fn view(&self, _: &mut Ui<'_, Tick>) {}
}

#[test]
fn an_advance_past_a_re_arming_timer_stops_at_the_timer_limit() {
    let mut session = Session::new(Ticker, SessionOptions::default().viewport(20, 5));
    let error = session.step(AutomationStep::advance(Duration::from_millis(u64::MAX))).unwrap_err();
    let AutomationError::AdvanceDidNotConverge { requested, reached, limit, producers } =
        &error.error
    else {
        panic!("{error}")
    };
    assert_eq!(*limit, MAX_TIMERS_PER_ADVANCE);
    assert_eq!(*requested, Duration::from_millis(u64::MAX));
    assert_eq!(*reached, Duration::from_millis(MAX_TIMERS_PER_ADVANCE as u64));
    assert_eq!(producers.len(), 1, "{producers:?}");
    assert!(producers[0].ends_with("Tick (100001×)"), "{producers:?}");
    let message = error.to_string();
    assert!(message.contains("fired more than 100000 timers (MAX_TIMERS_PER_ADVANCE"), "{message}");
    // The session goes on from where the advance stopped.
    session.step(AutomationStep::advance(Duration::from_millis(10))).unwrap();
    assert_eq!(session.now().since_start(), *reached + Duration::from_millis(10));
}

#[test]
fn the_grammar_refuses_a_wait_longer_than_seven_days() {
    let mut session = Session::new(Ticker, SessionOptions::default().viewport(20, 5));
    let error = session.run_script("wait:18446744073709551615").unwrap_err();
    assert!(error.to_string().contains("the limit is 604800000 ms (7 days)"), "{error}");
    assert_eq!(session.now().since_start(), Duration::ZERO, "nothing ran");
}

/// An app that keeps an untracked link in its state.
struct Linked {
    _link: Option<Link<()>>,
}

impl Component for Linked {
    type Message = ();
    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        self._link = Some(ctx.link());
    }
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, _: &mut Ui<'_, ()>) {}
}

#[test]
fn a_wait_timeout_says_an_untracked_link_kept_it_waiting() {
    let mut session =
        Session::new(Linked { _link: None }, SessionOptions::default().viewport(20, 5));
    let wait = AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::id("never")),
        Duration::from_millis(5),
    );
    let error = session.step(wait).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("untracked links may still send"), "{message}");
    assert!(message.contains("an untracked `Link` is alive"), "{message}");
    assert!(message.contains("ctx.tracked_link"), "{message}");
}

/// A chain of `groups` nested groups under the root; the deepest has an id.
struct Deep {
    groups: usize,
}

fn nest(ui: &mut Ui<'_, usize>, left: usize) {
    let mut facts = SemanticFacts::new(SemanticRole::Group);
    if left == 1 {
        facts.automation_id = Some("deepest".into());
    }
    ui.node(Rect::new(0, 0, 4, 1), facts, |ui, _| {
        if left > 1 {
            nest(ui, left - 1);
        }
    });
}

impl Component for Deep {
    type Message = usize;
    fn update(&mut self, groups: usize, _: &mut Context<'_, Self>) {
        self.groups = groups;
    }
    fn view(&self, ui: &mut Ui<'_, usize>) {
        if self.groups > 0 {
            nest(ui, self.groups);
        }
    }
}

/// Runs `body` on a thread with the 2 MiB stack test threads get.
fn on_a_test_thread(body: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(2 << 20).spawn(body).unwrap().join().unwrap();
}

#[test]
fn a_tree_at_the_depth_limit_projects_and_prints_on_a_test_thread() {
    on_a_test_thread(|| {
        // The root is level 1: MAX_TREE_DEPTH - 1 groups reach the limit.
        let groups = MAX_TREE_DEPTH - 1;
        let mut session = Session::new(Deep { groups }, SessionOptions::default().viewport(8, 2));
        let tree = session.tree().clone();
        let deepest = tree.by_id("deepest").expect("the deepest group is in the tree");
        assert!(deepest.children.is_empty());
        assert_eq!(
            tree.path_to(|node| node.automation_id.is_some()).unwrap().matches('>').count(),
            groups
        );
        assert!(tree.to_json().contains("\"deepest\""));
        assert!(tree.to_markdown().contains("#deepest"));
        assert_eq!(&tree, session.tree());
        session.step(AutomationStep::click(Selector::id("deepest"))).unwrap_err();
        drop(tree);
    });
}

#[test]
fn a_tree_past_the_depth_limit_fails_its_commit_cleanly() {
    on_a_test_thread(|| {
        let too_deep = Deep { groups: MAX_TREE_DEPTH };
        let error = Session::try_new(too_deep, SessionOptions::default().viewport(8, 2))
            .err()
            .expect("too deep to start");
        assert!(
            matches!(&error, AutomationError::TreeTooDeep { limit: MAX_TREE_DEPTH, at } if at == "a `group` node #deepest"),
            "{error}"
        );
        assert_eq!(
            error.to_string(),
            "the semantic tree is deeper than the limit of 256 levels (MAX_TREE_DEPTH, docs/limits.md): a `group` node #deepest is at level 257; flatten the view"
        );
        // A running session: the step fails, the committed tree stays.
        let mut session =
            Session::new(Deep { groups: 3 }, SessionOptions::default().viewport(8, 2));
        let before = session.tree().clone();
        let error = session.send(MAX_TREE_DEPTH + 1000).unwrap_err();
        assert!(matches!(error, AutomationError::TreeTooDeep { .. }), "{error}");
        assert_eq!(session.tree(), &before);
        session.send(5).unwrap();
        assert!(session.tree().by_id("deepest").is_some());
    });
}

/// Starts a worker on `Go` that sends `Done` — with `send` or `finish` —
/// and then holds its link until the test lets it go.
struct Worker {
    finish: bool,
    release: Option<std::sync::mpsc::Receiver<()>>,
    done: bool,
}

#[derive(Debug)]
enum Job {
    Go,
    Done,
}

impl Component for Worker {
    type Message = Job;
    fn update(&mut self, job: Job, ctx: &mut Context<'_, Self>) {
        match job {
            Job::Go => {
                let release = self.release.take().expect("one job");
                let finish = self.finish;
                ctx.spawn("worker", move |link: CommandLink<Job>| {
                    if finish {
                        link.finish(Job::Done).unwrap();
                    } else {
                        link.send(Job::Done).unwrap();
                    }
                    // Still alive, link or not, until the test says so.
                    let _ = release.recv();
                });
            }
            Job::Done => self.done = true,
        }
    }
    fn view(&self, ui: &mut Ui<'_, Job>) {
        if self.done {
            let mut facts = SemanticFacts::new(SemanticRole::Status);
            facts.automation_id = Some("done".into());
            ui.leaf(Rect::new(0, 0, 4, 1), facts, |_, _| {});
        }
    }
}

fn worker(finish: bool) -> (Session<Worker>, std::sync::mpsc::Sender<()>) {
    let (release, wait) = std::sync::mpsc::channel();
    let app = Worker { finish, release: Some(wait), done: false };
    (Session::new(app, SessionOptions::default().viewport(8, 2)), release)
}

fn wait_for_done() -> AutomationStep {
    AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::id("done")),
        Duration::from_secs(30),
    )
}

#[test]
fn a_command_that_finishes_with_its_result_is_not_running_once_the_result_is_seen() {
    let (mut session, release) = worker(true);
    session.send(Job::Go).unwrap();
    session.step(wait_for_done()).unwrap();
    // The thread is still alive (blocked on `release`), and that does not matter.
    let idle = session.idle_report();
    assert_eq!(idle.tracked_commands, 0, "{idle}");
    assert!(idle.is_idle());
    drop(release);
}

#[test]
fn a_command_that_only_sent_its_result_runs_until_its_link_is_dropped() {
    let (mut session, release) = worker(false);
    session.send(Job::Go).unwrap();
    session.step(wait_for_done()).unwrap();
    // The thread holds its link (blocked on `release`): still running.
    assert_eq!(session.idle_report().tracked_commands, 1);
    assert_eq!(session.idle_report().running_commands, ["worker"]);
    drop(release);
    let idle = session.wait_for_idle(Duration::from_secs(30), Duration::ZERO).unwrap();
    assert_eq!(idle.tracked_commands, 0, "{idle}");
}

/// An app that hands its own thread a tracked link, and keeps nothing.
struct OwnThread {
    sent: bool,
}

impl Component for OwnThread {
    type Message = ();
    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        let link = ctx.tracked_link("own-thread");
        std::thread::spawn(move || {
            let _ = link.send(());
        });
    }
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.sent = true;
    }
    fn view(&self, _: &mut Ui<'_, ()>) {}
}

#[test]
fn a_tracked_link_lets_a_failing_wait_give_up_once_its_thread_is_done() {
    let mut session = Session::new(OwnThread { sent: false }, SessionOptions::default());
    // Counted as running until the thread drops its link: the wait waits
    // for that (however the thread is scheduled), then gives up at once
    // instead of waiting out its minute.
    let wait = AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::id("never")),
        Duration::from_secs(60),
    );
    let error = session.step(wait).unwrap_err();
    let AutomationError::WaitTimeout(timeout) = &error.error else { panic!("{error}") };
    assert!(timeout.gave_up_early, "{error}");
    assert!(session.app().sent);
    assert!(!timeout.idle.external_links_untracked);
    assert_eq!(session.idle_report().tracked_commands, 0);
}
