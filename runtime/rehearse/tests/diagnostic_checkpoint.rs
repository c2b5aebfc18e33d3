//! A wait that times out records a diagnostic checkpoint when checkpoint
//! sinks are configured: the timeout names it, every sink receives it
//! marked diagnostic, and the artifacts are written — on the engine and on
//! the terminal plane (a real program in a real PTY).

use std::cell::RefCell;
use std::rc::Rc;

use rehearse::artifacts::{Artifacts, Format};
use rehearse::prelude::*;
use rehearse::pty::{PtySessionOptions, Terminal};
use rehearse::widgets::Text;

/// Remembers each checkpoint's name and whether it was a diagnostic.
struct Recorder(Rc<RefCell<Vec<(String, bool)>>>);

impl rehearse::engine::CheckpointSink for Recorder {
    fn record(
        &mut self,
        checkpoint: &rehearse::engine::Checkpoint<'_>,
    ) -> Result<(), AutomationError> {
        self.0.borrow_mut().push((checkpoint.name.to_owned(), checkpoint.diagnostic));
        Ok(())
    }
}

struct Label;

impl Component for Label {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(ui.area(), Text::new("only this"));
    }
}

/// The diagnostic checkpoint a timed-out wait named.
fn named(error: &AutomationError) -> String {
    let AutomationError::WaitTimeout(timeout) = error else { panic!("a wait timeout: {error}") };
    let name = timeout.diagnostic_checkpoint.clone().expect("a diagnostic checkpoint is named");
    assert!(error.to_string().contains(&format!("diagnostic checkpoint: {name}")), "{error}");
    name
}

#[test]
fn the_engine_records_a_diagnostic_checkpoint_when_a_wait_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let seen = Rc::new(RefCell::new(Vec::new()));
    let mut session = Session::new(Label, SessionOptions::default().viewport(20, 2));
    session.add_checkpoint_sink(Recorder(seen.clone()));
    session.add_checkpoint_sink(Artifacts::new(dir.path()).formats([Format::Text]));
    let failed = session.step(AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::id("never")),
        std::time::Duration::from_millis(20),
    ));
    let name = named(&failed.unwrap_err().error);
    assert!(name.starts_with("diagnostic-"), "{name}");
    assert_eq!(*seen.borrow(), [(name.clone(), true)]);
    let text = std::fs::read_to_string(dir.path().join(format!("{name}.txt"))).unwrap();
    assert!(text.contains("only this"), "{text}");
}

#[test]
fn without_sinks_no_diagnostic_checkpoint_is_named() {
    let mut session = Session::new(Label, SessionOptions::default().viewport(20, 2));
    let failed = session.step(AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::id("never")),
        std::time::Duration::from_millis(20),
    ));
    let AutomationError::WaitTimeout(timeout) = &failed.unwrap_err().error else { panic!() };
    assert_eq!(timeout.diagnostic_checkpoint, None);
}

#[test]
fn the_terminal_plane_records_one_for_a_program() {
    let dir = tempfile::tempdir().unwrap();
    let mut terminal = Terminal::spawn(PtySessionOptions::new("/bin/cat").size(30, 4)).unwrap();
    terminal.add_artifacts(Artifacts::new(dir.path()).formats([Format::Text])).unwrap();
    terminal.run_script("type:\"typed here\"").unwrap();
    let failed = terminal.run_script("wait-for:exists,text~\"never-shown\",100").unwrap_err();
    let rehearse::script::ScriptRunError::Failed(failed) = failed else { panic!("{failed}") };
    let name = named(&failed.failed.error);
    let text = std::fs::read_to_string(dir.path().join(format!("{name}.txt"))).unwrap();
    assert!(text.contains("typed here"), "{text}");
}
