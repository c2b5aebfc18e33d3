//! Lifecycle under failure and shutdown: components that panic, work that
//! outlives its session, links the runtime does not track.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::Button;
use rehearse::widgets::Text;
use rehearse::{command::CommandLink, command::Link, command::SessionClosed};
// end moved-in imports

type Log = Arc<Mutex<Vec<String>>>;

/// A child that records its unmount.
struct Child {
    name: &'static str,
    log: Log,
}

impl Component for Child {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(ui.area(), Button::<()>::new(self.name));
    }
    fn unmount(&mut self) {
        self.log.lock().unwrap().push(format!("unmount {}", self.name));
    }
}

/// A parent whose update panics on demand, and whose unmount panics too
/// when asked (the children must still unmount).
struct Fragile {
    log: Log,
    panic_in_unmount: bool,
}

#[derive(Debug)]
enum FragileMsg {
    Boom,
}

impl Component for Fragile {
    type Message = FragileMsg;
    fn update(&mut self, msg: FragileMsg, _: &mut Context<'_, Self>) {
        match msg {
            FragileMsg::Boom => panic!("update exploded"),
        }
    }
    fn view(&self, ui: &mut Ui<'_, FragileMsg>) {
        for (row, name) in ["left", "right"].into_iter().enumerate() {
            let log = self.log.clone();
            ui.nest(name, Rect::new(0, row as u16, 10, 1), move || Child { name, log });
        }
        ui.add(
            Rect::new(0, 2, 10, 1),
            Button::new("boom").automation_id("boom").on_click(|| FragileMsg::Boom),
        );
    }
    fn unmount(&mut self) {
        self.log.lock().unwrap().push("unmount parent".into());
        if self.panic_in_unmount {
            panic!("unmount exploded too");
        }
    }
}

fn count(log: &Log, entry: &str) -> usize {
    log.lock().unwrap().iter().filter(|line| *line == entry).count()
}

#[test]
fn a_panic_in_update_closes_the_session_and_unmounts_everything_once() {
    for panic_in_unmount in [false, true] {
        let log: Log = Arc::default();
        let app = Fragile { log: log.clone(), panic_in_unmount };
        let mut session = Session::new(app, SessionOptions::default().viewport(10, 3));
        let error = session.step(AutomationStep::click(Selector::id("boom"))).unwrap_err();
        let AutomationError::ComponentPanicked(message) = &error.error else { panic!("{error}") };
        assert_eq!(message, "update exploded");
        for entry in ["unmount left", "unmount right", "unmount parent"] {
            assert_eq!(count(&log, entry), 1, "{entry} with panic_in_unmount={panic_in_unmount}");
        }
        let later = session.step(AutomationStep::drain()).unwrap_err();
        assert!(matches!(later.error, AutomationError::SessionClosed), "{later}");
        drop(session);
        assert_eq!(log.lock().unwrap().len(), 3, "dropping does not unmount again");
    }
}

/// Where the command reports what it saw when it finally sent: the send's
/// result and whether it had been cancelled.
type Outcome = mpsc::Sender<(Result<(), SessionClosed>, bool)>;

/// Starts a command that waits for the test's go-ahead, then reports.
struct Patient {
    go: Arc<Mutex<Option<mpsc::Receiver<()>>>>,
    outcome: Outcome,
    link: Option<Link<PatientMsg>>,
    received: u32,
}

#[derive(Debug)]
enum PatientMsg {
    Start,
    Done,
    Hold,
}

impl Component for Patient {
    type Message = PatientMsg;
    fn update(&mut self, msg: PatientMsg, ctx: &mut Context<'_, Self>) {
        match msg {
            PatientMsg::Start => {
                let go = self.go.lock().unwrap().take().expect("started once");
                let outcome = self.outcome.clone();
                ctx.spawn("patient", move |link: CommandLink<PatientMsg>| {
                    let _ = go.recv();
                    let sent = link.send(PatientMsg::Done);
                    let _ = outcome.send((sent, link.is_cancelled()));
                });
            }
            PatientMsg::Done => self.received += 1,
            PatientMsg::Hold => self.link = Some(ctx.link()),
        }
    }
    fn view(&self, ui: &mut Ui<'_, PatientMsg>) {
        ui.add(
            Rect::new(0, 0, 10, 1),
            Button::new("start").automation_id("start").on_click(|| PatientMsg::Start),
        );
        ui.add(
            Rect::new(0, 1, 10, 1),
            Button::new("hold").automation_id("hold").on_click(|| PatientMsg::Hold),
        );
    }
}

#[test]
fn shutdown_rejects_late_messages_and_cancels_tracked_work() {
    let (go, wait) = mpsc::channel();
    let (outcome, report) = mpsc::channel();
    let app = Patient { go: Arc::new(Mutex::new(Some(wait))), outcome, link: None, received: 0 };
    let mut session = Session::new(app, SessionOptions::default().viewport(10, 2));
    session.step(AutomationStep::click(Selector::id("start"))).unwrap();
    assert_eq!(session.idle_report().tracked_commands, 1);
    session.engine_mut().close();
    go.send(()).unwrap();
    let (sent, cancelled) =
        report.recv_timeout(Duration::from_secs(10)).expect("the command finished");
    assert_eq!(sent, Err(SessionClosed), "the late message is rejected");
    assert!(cancelled, "the command was told to stop");
    assert_eq!(session.app().received, 0, "nothing reached the closed session");
}

#[test]
fn a_tracked_command_finishing_is_seen_by_wait_for_idle() {
    let (go, wait) = mpsc::channel();
    let (outcome, _report) = mpsc::channel();
    let app = Patient { go: Arc::new(Mutex::new(Some(wait))), outcome, link: None, received: 0 };
    let mut session = Session::new(app, SessionOptions::default().viewport(10, 2));
    session.step(AutomationStep::click(Selector::id("start"))).unwrap();
    let error =
        session.wait_for_idle(Duration::from_millis(30), Duration::from_millis(5)).unwrap_err();
    let AutomationError::IdleTimeout { idle, .. } = &error else { panic!("{error}") };
    assert_eq!(idle.running_commands, ["patient"]);
    go.send(()).unwrap();
    let idle = session.wait_for_idle(Duration::from_secs(10), Duration::from_millis(5)).unwrap();
    assert!(idle.is_idle());
    assert_eq!(session.app().received, 1);
}

#[test]
fn untracked_links_are_reported_as_a_boundary() {
    let (_go, wait) = mpsc::channel();
    let (outcome, _report) = mpsc::channel();
    let app = Patient { go: Arc::new(Mutex::new(Some(wait))), outcome, link: None, received: 0 };
    let mut session = Session::new(app, SessionOptions::default().viewport(10, 2));
    assert!(!session.idle_report().external_links_untracked);
    session.step(AutomationStep::click(Selector::id("hold"))).unwrap();
    let idle = session.idle_report();
    assert!(idle.external_links_untracked);
    assert!(idle.is_idle(), "idle as far as tracked work goes");
    assert!(idle.to_string().contains("untracked links may still send"), "{idle}");
    // A message through the link arrives at the next drain.
    session.app().link.as_ref().unwrap().send(PatientMsg::Done).unwrap();
    session.drain_ready().unwrap();
    assert_eq!(session.app().received, 1);
}

/// A nested worker: the first one mounted starts a command that waits for
/// a gate, and hands out an untracked link; every one logs its messages.
struct Worker {
    log: Log,
    gate: Option<mpsc::Receiver<()>>,
    links: Arc<Mutex<Vec<Link<WorkerMsg>>>>,
}

#[derive(Debug)]
enum WorkerMsg {
    Done,
}

impl Component for Worker {
    type Message = WorkerMsg;
    fn update(&mut self, msg: WorkerMsg, _: &mut Context<'_, Self>) {
        self.log.lock().unwrap().push(format!("{msg:?}"));
    }
    fn view(&self, ui: &mut Ui<'_, WorkerMsg>) {
        ui.add(ui.area(), Button::<WorkerMsg>::new("worker"));
    }
    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        self.links.lock().unwrap().push(ctx.link());
        if let Some(gate) = self.gate.take() {
            let log = self.log.clone();
            ctx.spawn("gated", move |link: CommandLink<WorkerMsg>| {
                let _ = gate.recv();
                let cancelled = link.is_cancelled();
                let sent = link.send(WorkerMsg::Done).is_ok();
                log.lock().unwrap().push(format!("command: cancelled {cancelled}, sent {sent}"));
            });
        }
    }
}

/// Shows or hides the worker under one key.
struct Host {
    show: bool,
    log: Log,
    gate: Arc<Mutex<Option<mpsc::Receiver<()>>>>,
    links: Arc<Mutex<Vec<Link<WorkerMsg>>>>,
}

impl Component for Host {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.show = !self.show;
    }
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(
            Rect::new(0, 0, 10, 1),
            Button::new("toggle").automation_id("toggle").on_click(|| ()),
        );
        if self.show {
            let (log, gate, links) = (self.log.clone(), self.gate.clone(), self.links.clone());
            ui.nest("worker", Rect::new(0, 1, 10, 1), move || Worker {
                log,
                gate: gate.lock().unwrap().take(),
                links,
            });
        }
    }
}

#[test]
fn work_addressed_to_an_unmounted_component_never_reaches_its_successor() {
    let (open, gate) = mpsc::channel();
    let log: Log = Arc::default();
    let links = Arc::default();
    let host = Host {
        show: true,
        log: log.clone(),
        gate: Arc::new(Mutex::new(Some(gate))),
        links: Arc::clone(&links),
    };
    let mut session = Session::new(host, SessionOptions::default().viewport(10, 3));
    let toggle = AutomationStep::click(Selector::id("toggle"));
    // The first worker unmounts; a second one mounts under the same key.
    session.step(toggle.clone()).unwrap();
    session.step(toggle).unwrap();
    assert_eq!(links.lock().unwrap().len(), 2, "two workers mounted");

    // The first worker's command was told to stop: its send is refused.
    open.send(()).unwrap();
    session.wait_for_idle(Duration::from_secs(10), Duration::from_millis(1)).unwrap();
    assert_eq!(count(&log, "command: cancelled true, sent false"), 1, "{:?}", log.lock().unwrap());

    // The first worker's untracked link still sends: the message is late,
    // and the second worker (same type, same place) never sees it.
    let first = links.lock().unwrap()[0].clone();
    first.send(WorkerMsg::Done).unwrap();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(count(&log, "Done"), 0, "{:?}", log.lock().unwrap());
    assert_eq!(session.engine().late_messages(), 1);

    // The second worker's own link reaches it.
    let second = links.lock().unwrap()[1].clone();
    second.send(WorkerMsg::Done).unwrap();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(count(&log, "Done"), 1, "{:?}", log.lock().unwrap());
}

struct First;
struct Second;

impl Component for First {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(ui.area(), Text::new("first").automation_id("first"));
    }
}

impl Component for Second {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(ui.area(), Text::new("second").automation_id("second"));
    }
}

struct Switcher {
    second: bool,
}

impl Component for Switcher {
    type Message = bool;
    fn update(&mut self, second: bool, _: &mut Context<'_, Self>) {
        self.second = second;
    }
    fn view(&self, ui: &mut Ui<'_, bool>) {
        let area = Rect::new(0, 0, 10, 1);
        if self.second {
            ui.nest("child", area, || Second);
        } else {
            ui.nest("child", area, || First);
        }
    }
}

#[test]
fn the_same_key_with_another_component_type_mounts_the_new_component() {
    let mut session =
        Session::new(Switcher { second: false }, SessionOptions::default().viewport(10, 1));
    assert!(session.tree().by_id("first").is_some());
    session.send(true).unwrap();
    assert!(session.tree().by_id("second").is_some());
    assert!(session.tree().by_id("first").is_none());
}

struct Exploding;

impl Component for Exploding {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(ui.area(), Text::new("boom").automation_id("boom"))
            .on_click(|| panic!("handler exploded"));
    }
}

#[test]
fn a_panicking_event_handler_fails_the_step_instead_of_unwinding() {
    let mut session = Session::new(Exploding, SessionOptions::default().viewport(10, 1));
    session.engine_mut().handle_event(&Event::FocusGained).unwrap();
    let error = session
        .engine_mut()
        .handle_event(&Event::Mouse(ratatui::crossterm::event::MouseEvent {
            kind: ratatui::crossterm::event::MouseEventKind::Down(
                ratatui::crossterm::event::MouseButton::Left,
            ),
            column: 1,
            row: 0,
            modifiers: ratatui::crossterm::event::KeyModifiers::NONE,
        }))
        .and_then(|()| {
            session.engine_mut().handle_event(&Event::Mouse(
                ratatui::crossterm::event::MouseEvent {
                    kind: ratatui::crossterm::event::MouseEventKind::Up(
                        ratatui::crossterm::event::MouseButton::Left,
                    ),
                    column: 1,
                    row: 0,
                    modifiers: ratatui::crossterm::event::KeyModifiers::NONE,
                },
            ))
        })
        .unwrap_err();
    assert!(
        matches!(&error, AutomationError::ComponentPanicked(message) if message == "handler exploded"),
        "{error}"
    );
    assert!(session.engine().is_closed());
}

struct Keyed {
    keys: Vec<ReconcileKey>,
}

impl Component for Keyed {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        for (row, key) in self.keys.iter().enumerate() {
            ui.keyed(key.clone(), |ui| {
                ui.add(Rect::new(0, row as u16, 10, 1), Text::new("x"));
            });
        }
    }
}

#[test]
fn reconciliation_keys_must_be_unique_and_keep_their_kind() {
    let twice = Keyed { keys: vec![ReconcileKey::from("a"), ReconcileKey::from("a")] };
    let error =
        Session::try_new(twice, SessionOptions::default().viewport(10, 2)).err().expect("fails");
    assert!(error.to_string().contains("used twice"), "{error}");
    let kinds = Keyed { keys: vec![ReconcileKey::from(3u64), ReconcileKey::from("3")] };
    assert!(Session::try_new(kinds, SessionOptions::default().viewport(10, 2)).is_ok());
}

type MountLog = Arc<Mutex<Vec<&'static str>>>;

/// A root whose `mount` panics.
struct BadMount {
    log: MountLog,
}

impl Component for BadMount {
    type Message = ();
    fn mount(&mut self, _: &mut Context<'_, Self>) {
        self.log.lock().unwrap().push("mount");
        panic!("mount exploded");
    }
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, _: &mut Ui<'_, ()>) {
        self.log.lock().unwrap().push("view");
    }
    fn unmount(&mut self) {
        self.log.lock().unwrap().push("unmount");
    }
}

#[test]
fn a_panic_in_the_roots_mount_is_the_component_panicked_error() {
    let log: MountLog = Arc::default();
    let error = Session::try_new(BadMount { log: log.clone() }, SessionOptions::default())
        .err()
        .expect("the mount panicked");
    let AutomationError::ComponentPanicked(message) = &error else { panic!("{error}") };
    assert_eq!(message, "mount exploded");
    assert_eq!(*log.lock().unwrap(), ["mount", "unmount"], "unmounted exactly once, never viewed");
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

/// Starts a worker on `Go` that sends `Done` — with `send` or `finish` —
/// and then holds its link until the test lets it go.
struct FinishingWorker {
    finish: bool,
    release: Option<std::sync::mpsc::Receiver<()>>,
    done: bool,
}

#[derive(Debug)]
enum Job {
    Go,
    Done,
}

impl Component for FinishingWorker {
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

fn worker(finish: bool) -> (Session<FinishingWorker>, std::sync::mpsc::Sender<()>) {
    let (release, wait) = std::sync::mpsc::channel();
    let app = FinishingWorker { finish, release: Some(wait), done: false };
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

/// Counts Enter presses; Ctrl+Q quits.
#[derive(Default)]
struct Quitter {
    presses: usize,
}

impl Component for Quitter {
    type Message = bool;
    fn update(&mut self, quit: bool, ctx: &mut Context<'_, Self>) {
        if quit {
            ctx.quit();
        } else {
            self.presses += 1;
        }
    }
    fn view(&self, ui: &mut Ui<'_, bool>) {
        ui.add(ui.area(), Text::new(format!("{} presses", self.presses)));
        ui.on_key(KeyPress::from(KeyCode::Enter), || false);
        ui.on_key("ctrl+q".parse::<KeyPress>().unwrap(), || true);
    }
}

#[test]
fn the_step_after_the_app_quit_fails_with_a_closed_session_error() {
    let mut session = Session::new(Quitter::default(), SessionOptions::default().viewport(20, 2));
    session.step(AutomationStep::key(KeyCode::Enter)).unwrap();
    let quit = session.step(AutomationStep::key("ctrl+q".parse::<KeyPress>().unwrap()));
    assert!(quit.is_ok(), "the step that quits completes: {quit:?}");
    assert!(session.quit_requested());
    let generation = session.generation();

    let error = session.step(AutomationStep::key(KeyCode::Enter)).unwrap_err();
    assert!(matches!(error.error, AutomationError::AppQuit), "{error}");
    assert!(error.to_string().contains("the app quit (it called `ctx.quit()`)"), "{error}");
    assert!(session.send(false).is_err());
    assert!(session.drain_ready().is_err());
    assert_eq!(session.app().presses, 1, "nothing after the quit reached the app");
    assert_eq!(session.generation(), generation, "and nothing was committed");
    assert!(session.tree().containing_text("1 presses").len() == 1);
}
