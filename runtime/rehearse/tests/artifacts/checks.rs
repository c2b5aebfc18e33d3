//! The terminal's own formats and the theme-neutral check on the engine
//! plane: `terminal` and `scrollback` are refused naming the plane and the
//! formats it has, before anything is written; the theme check reads the
//! rendered grid, which every plane has.

use rehearse::artifacts::{Artifacts, Baseline, Check, Checks, Format, SnapshotMode};
use rehearse::prelude::*;

use crate::support::{files, fill, scratch, session};

#[test]
fn the_terminal_formats_are_refused_on_the_engine_naming_the_plane() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("refused");
    for format in [Format::Terminal, Format::Scrollback] {
        let mut session = session();
        let baseline = Baseline::with_mode(&dir, SnapshotMode::Update).formats([format]);
        baseline.attach(&mut session);
        session.add_checkpoint_sink(Artifacts::new(&dir).formats([Format::Text, format]));
        fill(&mut session);
        let failed = session.step(AutomationStep::checkpoint("filled")).unwrap_err();
        let message = failed.to_string();
        assert!(matches!(failed.error, AutomationError::NotAvailable { .. }), "{message}");
        for named in [
            format!("the `{format}` checkpoint format"),
            "the engine plane".to_owned(),
            "json, markdown, text, styled, cells and png".to_owned(),
        ] {
            assert!(message.contains(&named), "{named} in: {message}");
        }
        baseline.finish().unwrap();
    }
    assert!(!dir.exists(), "nothing was written, the text of the same sink neither");
}

#[test]
fn the_theme_neutral_check_lists_the_cells_of_an_engine_screen() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("checked");
    let mut session = session();
    session.add_checkpoint_sink(
        Artifacts::new(&dir).formats([Format::Styled]).checks([Check::ThemeNeutral]),
    );
    fill(&mut session);
    let failed = session.step(AutomationStep::checkpoint("filled")).unwrap_err();
    let message = failed.to_string();
    let AutomationError::NotThemeNeutral { violations, .. } = &failed.error else {
        panic!("{message}")
    };
    assert!(!violations.is_empty());
    // The form's colour line (row 7): an RGB foreground, an extended background.
    for expected in ["row 7 col", "fg=#12abef (rgb-fg)", "bg=idx17 (extended index 17 > 15)"] {
        assert!(message.contains(expected), "{expected} in: {message}");
    }
    // The file shows the screen that failed.
    assert_eq!(files(&dir), ["filled.styled.txt"]);

    // The sink alone, on a fresh session: the same verdict.
    let mut fresh = crate::support::session();
    fresh.add_checkpoint_sink(Checks::new([Check::ThemeNeutral, Check::ThemeNeutral]));
    fill(&mut fresh);
    let failed = fresh.step(AutomationStep::checkpoint("again")).unwrap_err();
    assert!(matches!(failed.error, AutomationError::NotThemeNeutral { .. }), "{failed}");
}
