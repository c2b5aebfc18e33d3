//! The terminal plane's own steps, written in the one language and run
//! through the shared executor: `paste:`, `send:`, `mouse:` and the waits
//! on the screen, the scrollback, the process and idleness — against the
//! echo fixture (exact bytes) and `bash --norc` (scrollback, exit codes).

use crate::common;

use common::{PROMPT, fixture};
use rehearse_core::{AutomationError, ScriptRunError};
use rehearse_pty::{PtySessionOptions, Terminal};

/// Every byte the echo fixture reported reading, as hex, in order.
fn echoed(terminal: &Terminal) -> String {
    let pty = terminal.pty();
    let all = pty.scrollback_text() + "\n" + &pty.screen_text();
    all.lines().filter_map(|line| line.strip_prefix("in: ")).collect::<Vec<_>>().join(" ")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

/// The step's failure, for a script that must fail.
fn failure(result: Result<rehearse_core::RunReport, ScriptRunError>) -> (usize, AutomationError) {
    match result {
        Err(ScriptRunError::Failed(error)) => (error.failed.index, error.failed.error),
        Err(ScriptRunError::Invalid(errors)) => panic!("the script does not parse: {errors}"),
        Ok(report) => panic!("the script passed: {report:?}"),
        Err(other) => panic!("{other}"),
    }
}

#[test]
fn paste_send_and_mouse_write_exactly_the_bytes_the_program_asked_for() {
    let mut terminal =
        Terminal::spawn(PtySessionOptions::new(fixture("echo")).size(200, 24)).unwrap();
    // Each wait names the running byte count the fixture prints, so every
    // step's bytes are known to have arrived before the next is written.
    let script = r#"
        wait-for:contains=ready,screen,10000
        paste:"hi there"
        wait-for:contains=total=20,history,10000
        send:"\e[A\r"
        wait-for:contains=total=24,history,10000
        mouse:3,4,right,press
        wait-for:contains=total=33,history,10000
        mouse:3,4,right,release
        wait-for:contains=total=42,history,10000
        mouse:9,0,wheel-up
        wait-for:contains=total=53,history,10000
        mouse:1,1
        wait-for:contains=total=71,history,10000
        wait-for:quiet=20,process,10000
        wait-for:lacks=zzz,screen,10000
    "#;
    let report = terminal.run_script(script).unwrap();
    assert_eq!(report.steps.len(), 15);
    let expected = [
        &b"\x1b[200~hi there\x1b[201~"[..],
        b"\x1b[A\r",
        b"\x1b[<2;4;5M",
        b"\x1b[<2;4;5m",
        b"\x1b[<64;10;1M",
        b"\x1b[<0;2;2M\x1b[<0;2;2m",
    ]
    .concat();
    assert_eq!(echoed(&terminal), hex(&expected));
}

#[test]
fn bash_scrolls_into_the_scrollback_and_exits_with_its_code() {
    let mut terminal = Terminal::spawn(common::bash()).unwrap();
    let script = format!(
        r#"
        wait-for:contains={PROMPT},screen,10000
        type:"seq 1 40\n"
        wait-for:lines-at-least=17,scrollback,10000
        wait-for:contains=40,screen,10000
        wait-for:matches="(?m)^1$",scrollback,10000
        wait-for:lines-between=17..40,scrollback,10000
        wait-for:equals="1",history,1
        "#
    );
    // `equals` compares the whole text: the history is far more than "1".
    let (index, error) = failure(terminal.run_script(&script));
    assert_eq!(index, 6);
    let AutomationError::ScreenTimeout { condition, screen, .. } = &error else {
        panic!("{error:?}")
    };
    assert_eq!(condition, "equals=1,history");
    assert!(screen.contains("40"), "the timeout shows the screen: {screen}");

    let report = terminal
        .run_script(
            "type:\"exit 3\\n\"\nwait-for:exit-code=3,process,10000\nwait-for:exited,process,10000",
        )
        .unwrap();
    assert_eq!(report.steps.len(), 3);
}

#[test]
fn a_screen_wait_on_a_program_that_exits_fails_naming_the_exit() {
    let mut terminal = Terminal::spawn(common::bash()).unwrap();
    let script = format!(
        "wait-for:contains={PROMPT},screen,10000\ntype:\"exit 7\\n\"\nwait-for:contains=never-shown,screen,60000"
    );
    let (index, error) = failure(terminal.run_script(&script));
    assert_eq!(index, 2);
    assert!(
        matches!(&error, AutomationError::TargetEnded { status, before } if status == "exit code 7" && before.contains("contains=never-shown,screen")),
        "{error:?}"
    );
    // Waiting for another code fails at once, naming the real one.
    let (_, error) = failure(terminal.run_script("wait-for:exit-code=0,process,60000"));
    assert!(
        matches!(&error, AutomationError::TargetEnded { status, .. } if status == "exit code 7"),
        "{error}"
    );
}

#[test]
fn guards_read_the_settled_screen_and_the_process() {
    let mut terminal = Terminal::spawn(common::bash()).unwrap();
    let script = format!(
        r#"
        wait-for:contains={PROMPT},screen,10000
        [ran] when(contains={PROMPT},screen) type:"echo yes-$((1+1))\n"
        wait-for:contains=yes-2,screen,10000
        [skipped] when(contains=no-such-prompt,screen) type:"echo no-$((1+1))\n"
        when(exited,process) type:"echo gone\n"
        when(lines=0,scrollback) type:"echo scrollback-empty\n"
        wait-for:contains=scrollback-empty,screen,10000
        "#
    );
    let report = terminal.run_script(&script).unwrap();
    let skipped: Vec<(String, bool)> =
        report.steps.iter().map(|step| (step.name(), step.skipped)).collect();
    assert_eq!(
        skipped,
        [
            ("0".into(), false),
            ("ran".into(), false),
            ("2".into(), false),
            ("skipped".into(), true),
            ("4".into(), true),
            ("5".into(), false),
            ("6".into(), false),
        ]
    );
    let screen = terminal.pty().screen_text();
    assert!(!screen.contains("no-2") && !screen.contains("gone"), "{screen}");
}

#[test]
fn a_batch_is_one_write_and_waits_once() {
    let mut terminal =
        Terminal::spawn(PtySessionOptions::new(fixture("echo")).size(200, 24)).unwrap();
    let report = terminal
        .run_script(
            r#"wait-for:contains=ready,screen,10000
            batch:(type:ab; key:enter; send:"\e[A"; mouse:0,0,wheel-down; wait-for:contains=total=16,history,10000)"#,
        )
        .unwrap();
    assert_eq!(report.steps.len(), 2);
    // One write, so the fixture read it in one read: one `in:` line.
    let pty = terminal.pty();
    let all = pty.scrollback_text() + "\n" + &pty.screen_text();
    let reads: Vec<&str> = all.lines().filter_map(|line| line.strip_prefix("in: ")).collect();
    assert_eq!(reads, [hex(b"ab\r\x1b[A\x1b[<65;1;1M").as_str()]);
}

#[test]
fn download_transform_and_monitor_are_steps() {
    let dir = tempfile::tempdir().unwrap();
    let mut terminal = Terminal::spawn(common::bash().current_dir(dir.path())).unwrap();
    let out = tempfile::tempdir().unwrap();
    terminal.artifacts_dir(out.path()).unwrap();
    let script = format!(
        r#"
        wait-for:contains={PROMPT},screen,10000
        monitor:50
        type:"printf 'milk\neggs\n' > list.txt && echo wrote-list\n"
        wait-for:matches="(?m)^wrote-list",screen,10000
        wait-for:quiet=50,process,10000
        download:list.txt,list
        transform:upper,sed,s/milk/MILK/,${{artifacts.list.path}}
        transform:copy,cp,${{artifacts.list.path}},${{out}}
        type:"cat ${{artifacts.upper.path}}\n"
        wait-for:contains=MILK,screen,10000
        "#
    );
    // The file is written before the download reads it (`wrote-list` comes
    // after it: a quiet moment alone proves nothing on a loaded machine);
    // `sed`'s standard output is `upper`; `cp` writes `copy` to `${out}`; the
    // program reads an artifact through `${artifacts.upper.path}`.
    let report = terminal.run_script(&script);
    let report = match report {
        Ok(report) => report,
        Err(error) => panic!("{error}"),
    };
    assert_eq!(report.steps.len(), 10);
    let list = std::fs::read_to_string(terminal.artifact("list").unwrap().path.clone()).unwrap();
    assert_eq!(list, "milk\neggs\n");
    let copy = std::fs::read_to_string(terminal.artifact("copy").unwrap().path.clone()).unwrap();
    assert_eq!(copy, list);
    // The monitor samples on its own thread: wait for its first sample
    // (a loaded machine may schedule it late), then the report has it.
    let monitor = terminal.pipeline().monitor().expect("the monitor step started one");
    assert!(monitor.wait_until(common::TIMEOUT, |report| !report.samples.is_empty()).is_some());
    assert!(terminal.monitor_report().is_some_and(|report| !report.samples.is_empty()));
}

#[test]
fn a_screen_that_never_settles_fails_the_step_with_a_settle_timeout() {
    // Writes without a pause, a new number each time, and sends no marker
    // and no frame end; with the stability window off only a signal could
    // settle it, so it never settles.
    let program = "i=0; while :; do i=$((i+1)); echo $i; done";
    let options = PtySessionOptions::new("sh").args(["-c", program]).quiet_window(None);
    let mut terminal =
        Terminal::spawn(options).unwrap().settle_timeout(std::time::Duration::from_millis(300));
    let (index, error) = failure(terminal.run_script("drain"));
    assert_eq!(index, 0);
    let AutomationError::SettleTimeout { waiting_for, .. } = &error else { panic!("{error:?}") };
    assert_eq!(waiting_for, "a settled screen");
    let message = error.to_string();
    assert!(message.starts_with("timed out after"), "{message}");
    assert!(message.contains("--- screen ---"), "{message}");
}

#[test]
fn screen_waits_see_the_spaces_a_program_wrote_at_the_end_of_a_line() {
    // A real prompt that ends in a space, then a line without one.
    let program = r#"printf '> '; read line; printf 'got %s\n' "$line"; read rest"#;
    let options = PtySessionOptions::new("sh").args(["-c", program]).size(40, 5);
    let mut terminal = Terminal::spawn(options).unwrap();
    let report = terminal
        .run_script(
            r#"
            wait-for:matches="^> ",screen,10000
            wait-for:matches="(?m)^> $",history,10000
            wait-for:contains="> ",screen,10000
            wait-for:equals=">",screen,10000
            type:"milk\n"
            wait-for:matches="(?m)^got milk$",screen,10000
            "#,
        )
        .unwrap();
    assert_eq!(report.steps.len(), 6);
    // Cells the program never wrote are no text: a `$` still ends the line.
    let (index, error) =
        failure(terminal.run_script(r#"wait-for:matches="(?m)^got milk +",screen,1"#));
    assert_eq!(index, 0);
    assert!(matches!(error, AutomationError::ScreenTimeout { .. }), "{error:?}");
}
