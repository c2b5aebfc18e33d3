//! The deterministic render (a pure function of factory, size and key
//! script), key scripts that fail hard, and viewport matrices.

use std::fs;

use ratatui::layout::Size;
use rehearse::artifacts::{Format, Matrix, Screen, parse_key_script, render, render_screen};
use rehearse::prelude::*;

use crate::support::{Form, files, scratch};

// ---------------------------------------------------------------- render and matrices

#[test]
fn render_is_a_pure_function_of_factory_size_and_script() {
    let a = render(Form::default, Size::new(40, 12), "Tab A d a").unwrap();
    let b = render(Form::default, Size::new(40, 12), "tab A d a").unwrap();
    assert_eq!(a, b);
    let text = Screen::from_buffer(&a).text().to_string();
    assert!(text.contains("Ada"), "{text}");
    assert_ne!(a, render(Form::default, Size::new(40, 12), "").unwrap());
    let screen = render_screen(Form::default, Size::new(40, 12), "Tab A d a").unwrap();
    assert_eq!(screen.to_buffer(), a);
    assert!(screen.cursor().is_some());
}

#[test]
fn key_scripts_fail_hard_on_unknown_and_refused_keys() {
    assert_eq!(parse_key_script("Down Down Enter Shift+Tab F5").unwrap().len(), 5);
    let error = render(Form::default, Size::new(40, 12), "Down Dwn Enter").unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("key script token 2 `Dwn`: unknown key `Dwn`; did you mean `down`?"),
        "{error}"
    );
    let error = render(Form::default, Size::new(40, 12), "Down F6").unwrap_err();
    assert!(
        error.to_string().contains("token 2 `F6`") && error.to_string().contains("refuses `f6`"),
        "{error}"
    );
}

#[test]
fn a_matrix_replays_the_scenario_per_viewport_from_a_fresh_app() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("matrix");
    let scenario = [
        AutomationStep::click(Selector::id("name")),
        AutomationStep::type_text("Ada"),
        AutomationStep::checkpoint("filled"),
        AutomationStep::resize(60, 20),
        AutomationStep::checkpoint("resized"),
    ];
    let runs = Matrix::new(Form::default)
        .viewports([(40, 12), (80, 24)])
        .formats([Format::Text, Format::Markdown])
        .run(scenario.clone(), &dir)
        .unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0].dir, dir.join("40x12"));
    assert_eq!(files(&dir.join("80x24")), ["filled.md", "filled.txt", "resized.md", "resized.txt"]);
    let small = fs::read_to_string(dir.join("40x12/filled.txt")).unwrap();
    let large = fs::read_to_string(dir.join("80x24/filled.txt")).unwrap();
    assert_eq!((small.lines().count(), large.lines().count()), (12, 24));
    // Each viewport typed into a fresh app; resize kept the mounted one.
    for viewport in ["40x12", "80x24"] {
        let resized = fs::read_to_string(dir.join(viewport).join("resized.md")).unwrap();
        assert!(
            resized.contains("viewport 60x20") && resized.contains("value=\"Ada\""),
            "{resized}"
        );
    }
    let failing =
        rehearse::artifacts::matrix(Form::default, [(40, 12), (0, 5)], scenario, &dir).unwrap_err();
    assert_eq!(failing.passed.len(), 1);
    assert!(
        failing.to_string().contains("1 of 2 viewports failed:\n  at 0x5: the app did not start"),
        "{failing}"
    );
}
