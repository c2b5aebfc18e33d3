//! An invalid argument — a usage error clap finds, a size no screen may
//! have, a script too large to read or to send — exits 4 and starts
//! nothing, with the error saying what was wrong; `--help` and
//! `--version` still print and exit 0.

use crate::support;

use support::{Runtime, todo};

/// A program that does not exist: an argument refused before anything
/// starts exits 4, where starting it would have exited 2.
const MISSING: &str = "/nonexistent/program";

#[test]
fn usage_errors_exit_4_and_say_what_clap_said() {
    let runtime = Runtime::new();
    let error = runtime.fails(&["render", "--exec", MISSING, "--size", "0x3"], 4);
    assert!(error.contains("invalid value '0x3' for '--size") && error.contains("COLSxROWS"));
    let error = runtime.fails(&["snapshot", "--bogus"], 4);
    assert!(error.contains("unexpected argument '--bogus'"), "{error}");
    let error = runtime.fails(&["run", "script.rehearse"], 4);
    assert!(error.contains("Usage: rehearse run <SCRIPTS>... -- <COMMAND>..."), "{error}");
    let error = runtime.fails(&["wait", "--timeout-ms", "soon"], 4);
    assert!(error.contains("invalid value 'soon'"), "{error}");
    let error = runtime.fails(&[], 4);
    assert!(error.contains("Usage: rehearse <COMMAND>"), "{error}");
    // What clap checks by hand and what it checks itself agree.
    let error = runtime.fails(&["pty-start", "--timeout-ms", "0"], 4);
    assert!(error.contains("1 to 55000 ms"), "{error}");
}

#[test]
fn help_and_version_print_on_standard_output_and_exit_0() {
    let runtime = Runtime::new();
    let help = runtime.ok(&["--help"]);
    assert!(help.contains("Usage: rehearse <COMMAND>") && help.contains("pty-start"), "{help}");
    let help = runtime.ok(&["render", "--help"]);
    assert!(help.contains("--size <SIZE>"), "{help}");
    let version = runtime.ok(&["--version"]);
    assert_eq!(version, format!("rehearse {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn a_size_over_the_cell_limit_is_refused_before_anything_starts() {
    let runtime = Runtime::new();
    for verb in [&["render", "--exec", MISSING][..], &["open", "--exec", MISSING]] {
        let error = runtime.fails(&[verb, &["--size", "65535x65535"]].concat(), 4);
        assert!(
            error.contains("the size is too large: a 65535x65535 screen is 4294836225 cells")
                && error.contains("limit of 1048576 cells (MAX_SCREEN_CELLS"),
            "{error}"
        );
        assert!(!error.contains("not a rehearse app"), "{error}");
    }
    let script = runtime.dir.path().join("s.rehearse");
    std::fs::write(&script, "key:enter\n").unwrap();
    let script = script.to_str().unwrap();
    let error = runtime.fails(&["run", script, "--size", "2048x1024", "--", MISSING], 4);
    assert!(error.contains("2097152 cells"), "{error}");
    // No session was started, so none was left behind.
    assert!(!runtime.sessions().join("latest.json").exists());
}

#[test]
fn a_script_over_1_mib_is_refused_naming_the_file_its_size_and_the_limit() {
    let runtime = Runtime::new();
    let limit = 1024 * 1024;
    // Comment lines, then a step: the script parses whatever its size.
    let script = |bytes: usize| {
        let step = "key:enter\n";
        let mut text = String::new();
        while text.len() + step.len() < bytes {
            let line = (bytes - step.len() - text.len()).min(1000);
            text.push_str(&"#".repeat(line - 1));
            text.push('\n');
        }
        text.push_str(step);
        assert_eq!(text.len(), bytes);
        text
    };
    let at_limit = runtime.dir.path().join("at-limit.rehearse");
    std::fs::write(&at_limit, script(limit)).unwrap();
    // At the limit it is read and parsed; then the program fails to start.
    let error = runtime.fails(&["run", at_limit.to_str().unwrap(), "--", MISSING], 2);
    assert!(error.contains("could not start"), "{error}");
    let over = runtime.dir.path().join("over.rehearse");
    std::fs::write(&over, script(limit + 1)).unwrap();
    let error = runtime.fails(&["run", over.to_str().unwrap(), "--", MISSING], 4);
    assert!(
        error.contains(&format!("{} is 1048577 bytes", over.display()))
            && error.contains("at most 1048576 bytes (1 MiB, MAX_INCLUDE_BYTES")
            && error.contains("nothing ran"),
        "{error}"
    );
    // A file that reports no size is read no further than the limit.
    let error = runtime.fails(&["run", "/dev/zero", "--", MISSING], 4);
    assert!(error.contains("/dev/zero is more than 1048576 bytes when read"), "{error}");
}

#[test]
fn a_script_too_large_for_one_request_to_an_app_is_refused_unsent() {
    let runtime = Runtime::new();
    let todo = todo().to_str().unwrap();
    // 70,000 bytes: under the 1 MiB file limit, over the 64 KiB request
    // that carries a script to an app.
    let script = runtime.dir.path().join("long.rehearse");
    std::fs::write(&script, format!("#{}\nkey:enter\n", "x".repeat(70_000))).unwrap();
    let script = script.to_str().unwrap();
    let error = runtime.fails(&["run", script, "--", todo], 4);
    assert!(
        error.contains("too large to send, so nothing was sent")
            && error.contains("over the limit of 65536 bytes (maxRequestBytes)")
            && error.contains("--plane terminal"),
        "{error}"
    );
    // In a PTY the script is not sent anywhere: it runs.
    runtime.ok(&["run", script, "--plane", "terminal", "--", todo]);
}
