//! After the program of an open session ends (the app quits, the shell
//! exits), a verb says the session ended and how — not "no session" or
//! "unexpected end of file" — whether its host is still going or gone.

use crate::support;

use support::{Runtime, exited_within, host_pid, todo};

const BOUND: std::time::Duration = std::time::Duration::from_secs(20);

#[test]
fn after_the_app_quits_wait_says_the_program_exited_and_how() {
    let runtime = Runtime::new();
    let id = runtime.ok(&["open", "--exec", todo().to_str().unwrap()]).trim().to_owned();
    runtime.ok(&["wait"]);
    let host = host_pid(&runtime);
    // The todo app quits on Ctrl+Q; the request may be answered, or cut
    // off by the quit — and then it says why.
    let quit = runtime.rehearse(&["send", "Ctrl+Q"]);
    let said = String::from_utf8_lossy(&quit.stderr);
    assert!(quit.status.success() || said.contains("has ended"), "{said}");
    // At once, while the host may still be going, and once it is gone.
    for _ in 0..2 {
        let error = runtime.fails(&["wait"], 2);
        assert!(
            error.contains(&format!("session {id} has ended: the program exited (exit code 0)")),
            "{error}"
        );
        assert!(exited_within(host, BOUND), "the host outlived its program");
    }
    let error = runtime.fails(&["snapshot", "--session", &id], 2);
    assert!(error.contains("has ended: the program exited"), "{error}");
}

#[test]
fn after_the_shell_exits_every_verb_says_how_it_ended() {
    let runtime = Runtime::new();
    let id = runtime.ok(&["open", "--exec", "bash --norc --noprofile"]).trim().to_owned();
    let host = host_pid(&runtime);
    runtime.ok(&["send", "--text", "exit 3", "Enter"]);
    assert!(exited_within(host, BOUND), "the host outlived its program");
    for verb in [&["wait"][..], &["snapshot"], &["act", "key:enter"], &["send", "Enter"]] {
        let error = runtime.fails(verb, 2);
        assert!(
            error.contains(&format!("session {id} has ended: the program exited (exit code 3)")),
            "{verb:?}: {error}"
        );
    }
    // A new session is the most recent one: the old record no longer speaks for it.
    runtime.ok(&["open", "--exec", "/bin/cat"]);
    runtime.ok(&["snapshot"]);
}
