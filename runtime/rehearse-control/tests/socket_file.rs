//! The socket file a server made is its own to remove, and only that one:
//! a served app over a real socket, whose path another listener takes
//! while it runs (a second server started on the same path after the
//! first one's file was removed). When the first stops, the second's
//! socket stays and still answers.

use crate::support;

use std::os::unix::fs::FileTypeExt;
use std::os::unix::net::{UnixListener, UnixStream};

use rehearse::control::Stopped;
use support::Served;

#[test]
fn a_stopping_server_removes_its_own_socket() {
    let served = Served::todo();
    let path = served.path().to_path_buf();
    assert_eq!(served.close(), Stopped::Closed);
    assert!(std::fs::symlink_metadata(&path).is_err(), "its socket is removed");
}

#[test]
fn a_stopping_server_leaves_a_socket_that_replaced_its_own() {
    let mut served = Served::todo();
    let path = served.path().to_path_buf();
    let client = served.client();
    std::fs::remove_file(&path).unwrap();
    let other = UnixListener::bind(&path).unwrap();
    assert_eq!(served.close_through(client), Stopped::Closed);
    let meta = std::fs::symlink_metadata(&path).expect("the other socket is still there");
    assert!(meta.file_type().is_socket());
    let _connected = UnixStream::connect(&path).unwrap();
    assert!(other.accept().is_ok(), "the other listener still answers there");
}
