//! `rehearse review` in a real terminal: the binary runs in a PTY driven by
//! rehearse's terminal plane, lists the pending goldens a failing
//! comparison left, accepts one and rejects the other on the keys it
//! shows, and quits; `--accept-all` and `--reject-all` do the same for
//! scripts.

use std::fs;
use std::process::Command;

use rehearse_pty::{PtySessionOptions, Terminal};

const BIN: &str = env!("CARGO_BIN_EXE_rehearse");

fn pending_pair(root: &std::path::Path) {
    fs::write(root.join("start.txt"), "Sign in\nuser: ada\n").unwrap();
    fs::write(root.join("start.txt.new"), "Sign in\nuser: grace\n").unwrap();
    fs::write(root.join("end.md.new"), "- application\n  - heading \"Welcome\"\n").unwrap();
}

#[test]
fn a_person_reviews_pending_goldens_with_the_keys_it_shows() {
    let dir = tempfile::tempdir().unwrap();
    pending_pair(dir.path());
    let options = PtySessionOptions::new(BIN)
        .args(["review", dir.path().to_str().unwrap()])
        .env("REHEARSE_TRACE", "off")
        .size(100, 20);
    let mut terminal = Terminal::spawn(options).unwrap();
    terminal
        .run_script(
            r#"
            wait-for:contains="a accept · r reject · s skip",screen,10000
            wait-for:contains="2 pending goldens",screen,5000
            wait-for:contains="no golden yet: 2 lines",screen,5000
            wait-for:contains="+   - heading \"Welcome\"",screen,5000
            key:a
            wait-for:contains="1 accepted, 0 rejected, 1 left",screen,5000
            wait-for:contains="grace",screen,5000
            wait-for:contains="cells changed",screen,5000
            key:r
            wait-for:contains="1 accepted, 1 rejected, 0 left",screen,5000
            key:q
            wait-for:exit-code=0,process,5000
            "#,
        )
        .unwrap_or_else(|error| panic!("{error}\n{}", terminal.pty().screen_text()));
    // Rejected: the golden stays; accepted: the pending file is the golden.
    assert_eq!(fs::read_to_string(dir.path().join("start.txt")).unwrap(), "Sign in\nuser: ada\n");
    assert!(!dir.path().join("start.txt.new").exists());
    assert!(fs::read_to_string(dir.path().join("end.md")).unwrap().contains("Welcome"));
    assert!(!dir.path().join("end.md.new").exists());
}

#[test]
fn accept_all_and_reject_all_need_no_terminal() {
    let dir = tempfile::tempdir().unwrap();
    pending_pair(dir.path());
    let output = Command::new(BIN)
        .args(["review", "--reject-all"])
        .arg(dir.path().join("start.txt"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("rejected 1 pending golden"), "{stdout}");
    assert!(!dir.path().join("start.txt.new").exists());
    assert!(dir.path().join("end.md.new").exists(), "only the path given");

    let output =
        Command::new(BIN).args(["review", "--accept-all"]).arg(dir.path()).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("accepted 1 pending golden"));
    assert!(dir.path().join("end.md").exists());

    let output = Command::new(BIN)
        .args(["review", "--accept-all", "--reject-all"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(4), "conflicting flags are a usage error");
    let output =
        Command::new(BIN).args(["review"]).arg(dir.path().join("missing")).output().unwrap();
    assert_eq!(output.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&output.stderr).contains("missing"));
}
