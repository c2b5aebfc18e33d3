//! Dropping a session, an error and a panic each kill the program's whole
//! session (bash's background jobs, in process groups of their own, included)
//! and reap it: counted by session and process group from `/proc/*/stat`.

use crate::common;

use std::time::Duration;

use common::{PROMPT, TIMEOUT, bash, members};
use rehearse_pty::{PtyError, PtySession, PtySessionOptions, ScreenCondition, TextMatch};

/// Starts bash with a background `sleep` job; returns the session, bash's
/// pid (its session id) and the process groups in use.
fn bash_with_a_job() -> (PtySession, i32, Vec<i32>) {
    let session = PtySession::spawn(bash()).unwrap();
    session.wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    session.type_text("sleep 1000 & echo JOB=$!\r").unwrap();
    session.wait_screen(&ScreenCondition::matches(r"JOB=\d+").unwrap(), TIMEOUT).unwrap();
    let sid = i32::try_from(session.pid()).unwrap();
    let screen = session.screen_text();
    let job: i32 =
        regex::Regex::new(r"JOB=(\d+)").unwrap().captures(&screen).unwrap()[1].parse().unwrap();
    let procs = members(sid, &[]);
    let bash_proc = procs.iter().find(|p| p.pid == sid).expect("bash is in its own session");
    assert_eq!(bash_proc.pgid, sid, "bash leads its own process group");
    let job_proc = procs.iter().find(|p| p.pid == job).expect("the job is in bash's session");
    let pgids = vec![sid, job_proc.pgid];
    assert!(members(sid, &pgids).len() >= 2, "bash and its job run: {procs:?}");
    (session, sid, pgids)
}

fn assert_all_gone(sid: i32, pgids: &[i32]) {
    let left = members(sid, pgids);
    assert!(left.is_empty(), "processes left behind (zombies included): {left:?}");
}

#[test]
fn dropping_the_session_kills_and_reaps_everything() {
    let (session, sid, pgids) = bash_with_a_job();
    drop(session);
    assert_all_gone(sid, &pgids);
}

#[test]
fn closing_the_session_reports_the_kill() {
    let (session, sid, pgids) = bash_with_a_job();
    let exit = session.close().expect("an exit status");
    assert_eq!(exit.signal, Some(9), "{exit}");
    assert_all_gone(sid, &pgids);
}

#[test]
fn an_error_path_kills_and_reaps_everything() {
    let mut seen = None;
    let run = |seen: &mut Option<(i32, Vec<i32>)>| -> Result<(), PtyError> {
        let (session, sid, pgids) = bash_with_a_job();
        *seen = Some((sid, pgids));
        session
            .wait_screen(&ScreenCondition::contains("never printed"), Duration::from_millis(300))?;
        Ok(())
    };
    let error = run(&mut seen).unwrap_err();
    assert!(matches!(error, PtyError::Timeout { .. }), "{error}");
    let (sid, pgids) = seen.unwrap();
    assert_all_gone(sid, &pgids);
}

#[test]
fn a_panic_kills_and_reaps_everything() {
    let seen = std::sync::Mutex::new(None);
    let result = std::panic::catch_unwind(|| {
        let (_session, sid, pgids) = bash_with_a_job();
        *seen.lock().unwrap() = Some((sid, pgids));
        panic!("a test fails while the program runs");
    });
    assert!(result.is_err());
    let (sid, pgids) = seen.lock().unwrap().take().unwrap();
    assert_all_gone(sid, &pgids);
}

#[test]
fn a_program_that_cannot_start_is_a_clear_error() {
    let error = PtySession::spawn(PtySessionOptions::new("/nonexistent/rehearse-no-such-program"))
        .unwrap_err();
    let text = error.to_string();
    assert!(matches!(error, PtyError::Spawn { .. }), "{text}");
    assert!(text.contains("/nonexistent/rehearse-no-such-program"), "{text}");
}

#[test]
fn a_zero_size_is_refused_before_anything_starts() {
    let error = PtySession::spawn(PtySessionOptions::new("true").size(0, 10)).unwrap_err();
    assert!(matches!(error, PtyError::InvalidSize { cols: 0, rows: 10 }), "{error}");
    let _ = TextMatch::Contains(String::new());
}
