//! `pty-stop` and `pty-start` on a rehearse app serving itself: it has no
//! program to stop, so it never grants `pty-restart`, the requests are
//! refused at the gate, and the session is untouched.

use crate::support;

use std::time::Duration;

use rehearse::SessionOptions;
use rehearse::control::ServedApp;
use rehearse::time::ClockMode;
use rehearse_control::{ClientError, Served as _};
use rehearse_examples::todo::TodoApp;
use rehearse_protocol::{
    ErrorCode,
    message::{PtyStart, RequestBody},
};
use support::Served;

#[test]
fn an_app_never_grants_pty_restart_and_refuses_both_requests_unchanged() {
    let served = Served::todo();
    let before = served.ping();
    let mut client = served.client();
    let ack = client.hello(&["pty-restart", "model-state"]).unwrap();
    let granted: Vec<&str> = ack.capabilities.iter().map(|c| c.as_str()).collect();
    assert_eq!(granted, ["model-state"], "an app has no program to restart");
    for body in [RequestBody::PtyStop, RequestBody::PtyStart(PtyStart::default())] {
        let op = body.op();
        match client.request(body, 5_000) {
            Err(ClientError::Refused(error)) => {
                assert_eq!(error.code, ErrorCode::UnsupportedCapability, "{op}");
                assert!(error.message.contains("pty-restart"), "{}", error.message);
            }
            other => panic!("{op}: expected a refusal, got {other:?}"),
        }
    }
    assert_eq!(served.ping(), before, "the session is untouched");
}

#[test]
fn a_served_app_asked_directly_says_it_has_no_program() {
    let options = SessionOptions::default().viewport(40, 10).clock(ClockMode::Realtime);
    let mut app = ServedApp::start(TodoApp::default(), options).unwrap();
    assert!(!app.restartable());
    let error = app.stop_program().unwrap_err();
    assert_eq!(error.code, ErrorCode::UnsupportedCapability);
    assert!(error.message.contains("`pty-stop` needs a program"), "{}", error.message);
    let error = app.start_program(Duration::from_millis(10)).unwrap_err();
    assert!(error.message.contains("`pty-start` needs a program"), "{}", error.message);
    assert!(app.refusal(rehearse_protocol::vocabulary::Op::Act).is_none());
}
