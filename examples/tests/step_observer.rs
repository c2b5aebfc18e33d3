//! One observer seam for every plane and every front-end: a `StepObserver`
//! set on a session sees each step begin and end (with its index, label,
//! plane, generations and outcome), what happened within it (the target,
//! the inputs, how the plane settled, each wait evaluation), every commit
//! and every checkpoint — on the engine, an adopted app, a program in a
//! PTY, and over the control socket (`act` and `wait-for`).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use rehearse::adopt::{Harness, HarnessOptions};
use rehearse::engine::{
    Checkpoint, CheckpointSink, CommittedFrame, Outcome, SinkHost, StepEnded, StepNote,
    StepObserver, StepStarted,
};
use rehearse::prelude::*;
use rehearse::vocabulary::Secret;
use rehearse_examples::todo::{TodoApp, ids};

/// Every event an observer heard, as one line each.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<String>>>);

impl Log {
    fn push(&self, line: String) {
        self.0.lock().unwrap().push(line);
    }

    fn lines(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }

    /// The lines from the start of the step with `serial` to its end.
    fn step(&self, serial: u64) -> Vec<String> {
        let lines = self.lines();
        let start = format!("start #{serial} ");
        let end = format!("end #{serial} ");
        let from = lines.iter().position(|line| line.starts_with(&start)).expect("it started");
        let to = lines.iter().position(|line| line.starts_with(&end)).expect("it ended");
        assert!(from < to, "{lines:#?}");
        lines[from..=to].to_vec()
    }
}

impl StepObserver for Log {
    fn step_started(&mut self, step: &StepStarted<'_>) {
        let label = step.label.map(|label| format!(" [{label}]")).unwrap_or_default();
        self.push(format!(
            "start #{} step {}{label} on {} at gen {}",
            step.serial, step.index, step.plane, step.generation.0
        ));
    }

    fn noted(&mut self, note: &StepNote<'_>) {
        self.push(match note {
            StepNote::Guard { held } => format!("guard held={held}"),
            StepNote::Target { node, point, .. } => {
                format!("target {} at {},{}", node.label(), point.0, point.1)
            }
            StepNote::Point { col, row } => format!("point {col},{row}"),
            StepNote::Input(input) => format!("input {input:?}"),
            StepNote::Secret(secret) => format!("secret {secret}"),
            StepNote::Wrote { bytes: Some(_), len } => format!("wrote {len} bytes"),
            StepNote::Wrote { bytes: None, len } => format!("wrote {len} bytes (withheld)"),
            StepNote::Settled(settled) => format!("settled {settled:?}"),
            StepNote::WaitEvaluated { condition, held, matches, .. } => {
                format!("wait {condition} held={held} matches={matches}")
            }
            StepNote::TerminalCondition { condition, held } => {
                format!("terminal {condition} held={held}")
            }
            StepNote::Ended { status } => format!("ended {status}"),
            _ => "another note".to_owned(),
        });
    }

    fn committed(&mut self, frame: &CommittedFrame) {
        self.push(format!("commit gen {}", frame.generation.0));
    }

    fn checkpointed(&mut self, checkpoint: &Checkpoint<'_>, outcome: Result<(), &AutomationError>) {
        self.push(format!(
            "checkpoint {} diagnostic={} ok={}",
            checkpoint.name,
            checkpoint.diagnostic,
            outcome.is_ok()
        ));
    }

    fn step_ended(&mut self, step: &StepEnded<'_>) {
        let outcome = match step.outcome {
            Ok(Outcome::Ran(generation)) => format!("ran gen {}", generation.0),
            Ok(Outcome::Skipped(_)) => "skipped".to_owned(),
            Err(error) => format!("failed: {}", error.to_string().lines().next().unwrap_or("")),
        };
        self.push(format!(
            "end #{} step {} `{}` {outcome} at gen {}",
            step.serial, step.index, step.source.spelling, step.generation.0
        ));
    }
}

/// A sink that keeps nothing.
struct Nowhere;

impl CheckpointSink for Nowhere {
    fn record(&mut self, _: &Checkpoint<'_>) -> Result<(), AutomationError> {
        Ok(())
    }
}

#[test]
fn on_the_engine_every_step_is_seen_from_its_start_to_its_end() {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(60, 16));
    session.add_checkpoint_sink(Nowhere);
    let log = Log::default();
    session.observe(log.clone());
    let before = session.generation().0;
    session
        .run_script(
            "[focus-the-field] click:#new-todo\n\
             type:ab\n\
             when(exists,#new-todo) key:enter\n\
             wait-for:exists,text~\"ab\",500\n\
             checkpoint:added",
        )
        .unwrap();

    let click = log.step(1);
    assert_eq!(click[0], format!("start #1 step 0 [focus-the-field] on engine at gen {before}"));
    assert!(
        click[1].starts_with("target text-box \"What needs doing?\" #new-todo at "),
        "{click:#?}"
    );
    let (col, row) = click[1].rsplit(' ').next().unwrap().split_once(',').unwrap();
    let inputs: Vec<_> = ["Moved", "Down(Left)", "Up(Left)"]
        .iter()
        .map(|kind| format!("input Pointer {{ kind: {kind}, col: {col}, row: {row} }}"))
        .collect();
    assert_eq!(click[2..5], inputs[..], "{click:#?}");
    let after = before + 1;
    assert_eq!(
        click[5..],
        [
            "settled Drained".to_owned(),
            format!("commit gen {after}"),
            format!(
                "end #1 step 0 `[focus-the-field] click:#new-todo` ran gen {after} at gen {after}"
            ),
        ]
    );
    assert_eq!(log.step(2)[1], "input Text(\"ab\")");
    assert_eq!(log.step(3)[1..3], ["guard held=true".to_owned(), "input Key(KeyPress { code: Enter, modifiers: Modifiers { ctrl: false, alt: false, shift: false } })".to_owned()]);
    assert!(
        log.step(4).contains(&"wait exists,text~ab held=true matches=2".to_owned()),
        "{:#?}",
        log.step(4)
    );
    let checkpoint = log.step(5);
    assert!(checkpoint.contains(&"checkpoint added diagnostic=false ok=true".to_owned()));

    // A wait that cannot hold: every evaluation, the diagnostic checkpoint,
    // and the failure it ends with.
    let condition = WaitCondition::new(Predicate::Exists, Selector::id("toggle-9"));
    session.step(AutomationStep::wait_for(condition, Duration::from_millis(20))).unwrap_err();
    let failed = log.step(6);
    assert!(failed.contains(&"wait exists,#toggle-9 held=false matches=0".to_owned()));
    let generation = session.generation().0;
    assert!(
        failed.contains(&format!("checkpoint diagnostic-{generation} diagnostic=true ok=true"))
    );
    assert!(failed.last().unwrap().contains("failed: gave up after"), "{failed:#?}");
}

#[test]
fn an_adopted_app_notes_how_it_settled() {
    use rehearse_examples::shopping::{App, ids as shop};
    let options = HarnessOptions::default().viewport(60, 16).declared(shop::DECLARED);
    let mut harness =
        Harness::start(options, |terminal, events| App::default().run(terminal, events))
            .expect("the app starts");
    let log = Log::default();
    harness.observe(log.clone());
    harness.run_script("type:Apples\nkey:enter").unwrap();
    let typed = log.step(1);
    assert!(typed[0].starts_with("start #1 step 0 on adopt"), "{typed:#?}");
    assert_eq!(typed[1], "input Text(\"Apples\")");
    assert!(typed.contains(&"settled AppBlocked".to_owned()), "{typed:#?}");
    assert!(log.step(2).last().unwrap().contains("`key:enter` ran"), "{:#?}", log.step(2));
}

#[test]
fn a_program_in_a_pty_notes_what_it_wrote_and_how_it_settled_never_a_secret() {
    let options = rehearse_pty::PtySessionOptions::new(env!("CARGO_BIN_EXE_todo"))
        .size(80, 24)
        .marker("a-token-only-this-test-knows", "todo-1")
        .quiet_window(None);
    let mut terminal = rehearse_pty::Terminal::spawn(options).expect("the todo binary starts");
    let log = Log::default();
    terminal.observe(log.clone());
    terminal
        .run_script(
            "wait-for:exists,text~\"What needs doing?\",10000\nclick:text~\"What needs doing?\"",
        )
        .unwrap();
    let click = log.step(2);
    assert!(click[0].starts_with("start #2 step 1 on terminal"), "{click:#?}");
    assert!(click.iter().any(|line| line.starts_with("wrote ") && !line.ends_with("(withheld)")));
    assert!(click.iter().any(|line| line.starts_with("settled Marker")), "{click:#?}");
    // A secret typed: its reference and how many bytes, never its text.
    let secret = std::env::var("HOME").expect("HOME is set");
    terminal.step(AutomationStep::type_secret(Secret::env("HOME"))).unwrap();
    let typed = log.step(3);
    assert!(typed.contains(&format!("secret {}", Secret::env("HOME"))), "{typed:#?}");
    assert!(typed.contains(&format!("wrote {} bytes (withheld)", secret.len())), "{typed:#?}");
    assert!(log.lines().iter().all(|line| !line.contains(&secret)), "{:#?}", log.lines());
}

#[test]
fn over_the_control_socket_act_and_wait_for_are_observed_steps() {
    use std::os::unix::fs::PermissionsExt;

    use rehearse::control::protocol::{
        ErrorCode,
        message::{Act, OkReply, RequestBody, WaitFor},
    };
    use rehearse::control::{Client, ClientError, ServedApp, Server, ServerConfig};
    use rehearse::time::ClockMode;

    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let socket = dir.path().join("todo.sock");
    let log = Log::default();
    let (ready, bound) = std::sync::mpsc::channel();
    let server = {
        let (socket, log) = (socket.clone(), log.clone());
        std::thread::spawn(move || {
            let options = SessionOptions::default().viewport(60, 16).clock(ClockMode::Realtime);
            let mut app = ServedApp::start(TodoApp::default(), options).unwrap();
            app.engine_mut().commit_record_mut().observe(log);
            let server = Server::bind(ServerConfig::new(&socket)).unwrap();
            ready.send(()).unwrap();
            server.serve(&mut app).unwrap()
        })
    };
    bound.recv().unwrap();
    let mut client = Client::connect(&socket).unwrap();
    let act = RequestBody::Act(Act { script: format!("click:#{}; type:ab", ids::NEW_TODO) });
    let OkReply::Act(acted) = client.request(act, 10_000).unwrap() else { panic!("act") };
    assert_eq!(acted.steps, 2);
    let wait = |condition: &str, timeout_ms| {
        RequestBody::WaitFor(WaitFor { condition: condition.into(), timeout_ms })
    };
    client.request(wait("exists,#new-todo", 1_000), 2_000).unwrap();
    let refused = client.request(wait("exists,#toggle-9", 30), 1_000).unwrap_err();
    let ClientError::Refused(refused) = refused else { panic!("{refused}") };
    assert_eq!(refused.code, ErrorCode::WaitTimeout);
    client.request(RequestBody::Close, 5_000).unwrap();
    server.join().unwrap();

    assert!(log.step(1)[0].starts_with("start #1 step 0 on engine"));
    assert!(log.step(1).last().unwrap().contains("`click:#new-todo` ran"));
    assert!(log.step(2).last().unwrap().contains("`type:ab` ran"));
    let held = log.step(3);
    assert!(held.contains(&"wait exists,#new-todo held=true matches=1".to_owned()), "{held:#?}");
    assert!(held.last().unwrap().contains("`wait-for:exists,#new-todo,1000` ran"), "{held:#?}");
    let timed_out = log.step(4);
    assert!(timed_out.last().unwrap().contains("failed: timed out after 30 ms"), "{timed_out:#?}");
}
