//! `use:` in `scenario!` and in script files: a shared script's steps are
//! read (at compile time in `scenario!`), checked and spliced in, each step
//! keeping its own file, line and column as its origin.

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::Button;

#[derive(Default)]
struct Counter {
    clicks: u32,
}

impl Component for Counter {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.clicks += 1;
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(Rect::new(0, 0, 10, 1), Button::new("Add").automation_id("add").on_click(|| ()));
    }
}

#[test]
fn scenario_splices_a_shared_script_read_at_compile_time() {
    let mut session = Session::new(Counter::default(), SessionOptions::default().viewport(20, 3));
    let steps = scenario! {
        // Relative to this file, as `include_str!`'s path is.
        use:"scripts/guarded_clicks.steps";
        click:#add;
    };
    assert_eq!(steps.len(), 3);
    let report = session.run(steps).unwrap();
    assert_eq!(session.app().clicks, 3);
    // The spliced steps name the file and line they were written on.
    let origin = report.steps[1].source.origin.as_ref().unwrap();
    assert!(
        origin.file.as_deref().is_some_and(|file| file.ends_with("common/click_again.steps")),
        "{origin:?}"
    );
    assert_eq!((origin.line, origin.column), (1, 1));
    let first = report.steps[0].source.origin.as_ref().unwrap();
    assert!(
        first.file.as_deref().is_some_and(|f| f.ends_with("guarded_clicks.steps")),
        "{first:?}"
    );
    assert_eq!(first.line, 2);
}

#[test]
fn a_script_file_includes_relative_to_itself() {
    let script = rehearse::script::parse_script_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scripts/guarded_clicks.steps"
    ))
    .unwrap();
    let mut session = Session::new(Counter::default(), SessionOptions::default().viewport(20, 3));
    session.run(Scenario::from_script(script, None)).unwrap();
    assert_eq!(session.app().clicks, 2);
}
