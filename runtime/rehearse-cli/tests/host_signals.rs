//! The host and its program under real signals: SIGTERM, SIGINT or SIGHUP
//! to a host does what `close` does (the program stopped, the files and
//! sockets gone); a host killed outright (SIGKILL) takes its program with
//! it, even one that ignores the terminal's hangup; and a host started
//! from a shell that ignores SIGINT, SIGQUIT and SIGHUP (a background job)
//! still starts its program with them at their defaults, so Ctrl+C stops a
//! foreground job.

use crate::support;

use std::process::Command;
use std::time::Duration;

use rustix::process::{Pid, Signal, kill_process};
use support::{Runtime, children_named, exited_within, host_pid};

const BOUND: Duration = Duration::from_secs(20);

fn signal(pid: u32, signal: Signal) {
    kill_process(Pid::from_raw(pid as i32).unwrap(), signal).unwrap();
}

#[test]
fn sigterm_sigint_and_sighup_to_a_host_close_its_session() {
    for (stop, name) in [(Signal::TERM, "TERM"), (Signal::INT, "INT"), (Signal::HUP, "HUP")] {
        let runtime = Runtime::new();
        let id = runtime.ok(&["open", "--exec", "/bin/cat"]).trim().to_owned();
        let host = host_pid(&runtime);
        let [program] = children_named(host, "cat")[..] else { panic!("one cat under {host}") };
        signal(host, stop);
        assert!(exited_within(host, BOUND), "SIG{name}: the host did not exit");
        assert!(exited_within(program, BOUND), "SIG{name}: the program outlived its host");
        // Only the note of how the session ended stays: no discovery
        // file, no socket.
        let mut left: Vec<String> = std::fs::read_dir(runtime.sessions())
            .unwrap()
            .flatten()
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, [format!("{id}.ended"), "latest.ended".into()], "SIG{name}");
        let error = runtime.fails(&["snapshot"], 2);
        assert!(error.contains(&format!("the host was stopped by SIG{name}")), "{error}");
    }
}

#[test]
fn a_host_killed_outright_takes_its_program_with_it() {
    let runtime = Runtime::new();
    // A program that ignores the hangup its terminal sends when the host's
    // end closes: only the watchdog stops it.
    runtime.ok(&["open", "--exec", "sh -c 'trap \"\" HUP; exec sleep 1000'"]);
    let host = host_pid(&runtime);
    let [program] = children_named(host, "sleep")[..] else { panic!("one sleep under {host}") };
    signal(host, Signal::KILL);
    assert!(exited_within(host, BOUND), "SIGKILL did not end the host");
    let gone = exited_within(program, BOUND);
    if !gone {
        signal(program, Signal::KILL); // leave nothing behind, then fail
    }
    assert!(gone, "the program outlived its killed host");
    // The files the killed host could not remove go at the next verb.
    let error = runtime.fails(&["snapshot"], 2);
    assert!(error.contains("is gone"), "{error}");
}

#[test]
fn a_host_started_ignoring_sigint_still_lets_ctrl_c_stop_a_foreground_job() {
    let runtime = Runtime::new();
    let output = Command::new("/bin/sh")
        .args([
            "-c",
            "trap '' INT QUIT HUP; exec \"$0\" open --exec 'bash --norc --noprofile -i'",
            env!("CARGO_BIN_EXE_rehearse"),
        ])
        .env("XDG_RUNTIME_DIR", runtime.dir.path())
        .env("PS1", "READY> ")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    runtime.ok(&["act", "key:enter; wait-for:contains=READY>,screen,10000"]);
    runtime
        .ok(&["act", "type:\"sleep 1000\"; key:enter; wait-for:contains=sleep 1000,screen,10000"]);
    runtime.ok(&["act", "key:ctrl+c; wait-for:contains=^C,screen,10000"]);
    // Typed while the job still ran, this would reach the job, not bash.
    runtime.ok(&[
        "act",
        "type:\"echo status=$?\"; key:enter; wait-for:contains=status=130,screen,10000",
    ]);
    // The host itself was started ignoring SIGINT, and a SIGINT stops it.
    let host = host_pid(&runtime);
    signal(host, Signal::INT);
    assert!(exited_within(host, BOUND), "SIGINT did not stop the host");
}
