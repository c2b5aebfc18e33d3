//! Step labels and `when(...)` guards on the engine: a label names the step
//! in results and failures instead of its index; a guard that does not hold
//! skips its step (reported as skipped, nothing committed), one that holds
//! runs it.

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::Button;

/// A counter button, and a dialog that shows while `dialog` is set.
#[derive(Default)]
struct Counter {
    clicks: u32,
    dialog: bool,
}

impl Component for Counter {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.clicks += 1;
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(Rect::new(0, 0, 10, 1), Button::new("Add").automation_id("add").on_click(|| ()));
        if self.dialog {
            ui.add(Rect::new(0, 2, 10, 1), Button::new("Close").automation_id("close"));
        }
    }
}

#[test]
fn a_guard_that_does_not_hold_skips_its_step() {
    let mut session = Session::new(Counter::default(), SessionOptions::default().viewport(20, 5));
    let report = session
        .run_script(
            "[first] when(exists,#add) click:#add\n\
             [never] when(exists,#close) click:#add\n\
             when(missing,#close) click:#add",
        )
        .unwrap();
    assert_eq!(session.app().clicks, 2, "the guarded-out click did not run");
    let skipped: Vec<bool> = report.steps.iter().map(|step| step.skipped).collect();
    assert_eq!(skipped, [false, true, false]);
    // A skipped step commits nothing: it leaves the generation before it.
    assert_eq!(report.steps[1].generation, report.steps[0].generation);
    assert!(report.steps[2].generation > report.steps[1].generation);
    assert_eq!(report.steps[0].name(), "first");
    assert_eq!(report.steps[2].name(), "2");
    assert!(
        report.steps[1].to_string().starts_with("step never ")
            && report.steps[1].to_string().contains("skipped (its guard did not hold)"),
        "{}",
        report.steps[1]
    );
}

#[test]
fn a_failure_names_the_step_by_its_label() {
    let mut session = Session::new(Counter::default(), SessionOptions::default().viewport(20, 5));
    let error = session.run_script("click:#add\n[open_dialog] click:#close").unwrap_err();
    let rehearse::script::ScriptRunError::Failed(failed) = error else { panic!("{error}") };
    assert_eq!(failed.failed.index, 1);
    assert_eq!(failed.failed.name(), "open_dialog");
    let shown = failed.failed.to_string();
    assert!(shown.starts_with("step open_dialog "), "{shown}");
    assert!(shown.contains("[open_dialog] click:#close"), "{shown}");
}

#[test]
fn a_terminal_guard_is_not_available_on_the_engine() {
    let mut session = Session::new(Counter::default(), SessionOptions::default().viewport(20, 5));
    let error = session.run_script("when(contains=Add,screen) click:#add").unwrap_err();
    let rehearse::script::ScriptRunError::Failed(failed) = error else { panic!("{error}") };
    assert!(
        matches!(&failed.failed.error, AutomationError::NotAvailable { what, .. } if what == "contains=Add,screen"),
        "{:?}",
        failed.failed.error
    );
    assert_eq!(session.app().clicks, 0);
}
