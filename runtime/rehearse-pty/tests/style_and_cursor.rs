//! Style and cursor predicates on a program in a PTY: `fg=`, `bg=`, `bold`,
//! `italic`, `underline` and `reverse` on the characters `text~` matched
//! (bash's `printf` writing SGR escapes), and `visible`, `hidden` and
//! `at=COLxROW` on the cursor.

use crate::common;

use common::PROMPT;
use rehearse_core::{AutomationError, ScriptRunError};
use rehearse_pty::Terminal;

/// Prints `Fail: disk full now` styled: `Fail` bold red (SGR 31, index 1),
/// `disk` underlined on green, `full` in palette colour 196, `now`
/// reversed in #1e1e2e. The words are typed as `F''ail` and so on, so the
/// command line bash echoes never holds them.
const PRINT: &str = r#"type:"printf '\\e[1;31m%s\\e[0m: \\e[4;42m%s\\e[0m \\e[38;5;196m%s\\e[0m \\e[7;38;2;30;30;46m%s\\e[0m\\n' F''ail d''isk f''ull n''ow\n""#;

fn printed() -> Terminal {
    let mut terminal = Terminal::spawn(common::bash()).unwrap();
    let script = format!(
        "wait-for:contains={PROMPT},screen,10000\n{PRINT}\nwait-for:contains=Fail: disk full now,screen,10000"
    );
    terminal.run_script(&script).unwrap_or_else(|error| panic!("{error}"));
    terminal
}

/// The step's failure, for a script that must fail.
fn failure(result: Result<rehearse_core::RunReport, ScriptRunError>) -> AutomationError {
    match result {
        Err(ScriptRunError::Failed(error)) => error.failed.error,
        Err(other) => panic!("{other}"),
        Ok(report) => panic!("the script passed: {report:?}"),
    }
}

#[test]
fn the_matched_characters_have_the_style_each_predicate_asks_for() {
    let mut terminal = printed();
    let script = r#"
        wait-for:fg=red,text~Fail,10000
        wait-for:fg=idx1,text~Fail,10000
        wait-for:bold,text~Fail,10000
        wait-for:bold=true,text~Fail,10000
        wait-for:italic=false,text~Fail,10000
        wait-for:bg=default,text~Fail,10000
        wait-for:bg=reset,text~Fail,10000
        wait-for:bg=green,text~disk,10000
        wait-for:underline,text~disk,10000
        wait-for:bold=false,text~disk,10000
        wait-for:fg=idx196,text~full,10000
        wait-for:fg=#1E1E2E,text~/n.w/,10000
        wait-for:reverse,text~now,10000
        wait-for:reverse=false,text~"disk full",10000
    "#;
    let report = terminal.run_script(script).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.steps.len(), 14);
}

#[test]
fn a_style_that_does_not_hold_says_what_the_cells_had() {
    let mut terminal = printed();
    let error = failure(terminal.run_script("wait-for:fg=green,text~Fail,300"));
    let AutomationError::WaitTimeout(timeout) = &error else { panic!("{error:?}") };
    assert_eq!(timeout.condition.to_string(), "fg=green,text~Fail");
    let why = timeout.last_matches.join("; ");
    assert!(why.contains(": fg was red at 0,"), "{why}");
    assert!(why.contains("(4 of 4 cells)"), "{why}");
    // The matched text only: `disk` is underlined, the `: ` before it not.
    let error = failure(terminal.run_script("wait-for:underline,text~\": disk\",300"));
    let message = error.to_string();
    assert!(message.contains("was not underline at 4,"), "{message}");
    assert!(message.contains("(2 of 6 cells)"), "{message}");
    // A text nothing shows fails as a selector that matched nothing.
    let error = failure(terminal.run_script("wait-for:bold,text~absent,300"));
    assert!(error.to_string().contains("the selector matched nothing"), "{error}");
}

#[test]
fn a_guard_reads_the_style_of_the_settled_screen() {
    let mut terminal = printed();
    let report = terminal
        .run_script(
            r#"
            [red] when(fg=red,text~Fail) type:"echo red-$((1+1))\n"
            wait-for:contains=red-2,screen,10000
            [blue] when(fg=blue,text~Fail) type:"echo blue-$((1+1))\n"
            "#,
        )
        .unwrap_or_else(|error| panic!("{error}"));
    let skipped: Vec<(String, bool)> =
        report.steps.iter().map(|step| (step.name(), step.skipped)).collect();
    assert_eq!(skipped, [("red".into(), false), ("1".into(), false), ("blue".into(), true)]);
}

#[test]
fn the_cursor_is_waited_for_where_it_is_and_whether_it_shows() {
    let mut terminal = Terminal::spawn(common::bash()).unwrap();
    // After the prompt `READY$ ` the cursor is on its first row, column 7.
    let script = format!(
        r#"
        wait-for:contains={PROMPT},screen,10000
        wait-for:at=7x0,cursor,10000
        wait-for:visible,cursor,10000
        when(hidden,cursor) type:"echo was-hidden\n"
        type:"printf '\\e[?25l'\n"
        wait-for:hidden,cursor,10000
        when(visible,cursor) type:"echo was-visible\n"
        type:"printf '\\e[?25h'\n"
        wait-for:visible,cursor,10000
        "#
    );
    let report = terminal.run_script(&script).unwrap_or_else(|error| panic!("{error}"));
    let skipped: Vec<bool> = report.steps.iter().map(|step| step.skipped).collect();
    assert_eq!(skipped, [false, false, false, true, false, false, true, false, false]);
    let error = failure(terminal.run_script("wait-for:at=0x20,cursor,300"));
    let AutomationError::ScreenTimeout { condition, screen, .. } = &error else {
        panic!("{error:?}")
    };
    assert_eq!(condition, "at=0x20,cursor");
    let cursor = terminal.pty().cursor();
    let said = format!("(the cursor was at {}x{}, shown)", cursor.col, cursor.row);
    assert!(screen.ends_with(&said), "{screen}");
}
