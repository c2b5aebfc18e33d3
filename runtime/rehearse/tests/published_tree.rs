//! The tree a program publishes is read strictly: the program under test
//! is the untrusted side. A hostile server on a real Unix socket answers
//! every `json` snapshot [`SocketTreeSource`] asks for with a tree of its choice;
//! a tree with a repeated id, an unknown key, clipped bounds outside the
//! viewport or more nodes than `MAX_PUBLISHED_NODES` fails the fetch,
//! naming why, and a well-formed one reads.

use std::io::{Read, Write};
use std::os::unix::net::UnixListener;
use std::thread::JoinHandle;

use rehearse::control::SocketTreeSource;
use rehearse::control::protocol::{
    frame::FrameDecoder,
    limits::Limits,
    message::{Bytes, OkReply, Reply, RequestBody, SnapshotData, encode_reply, request_from_frame},
    vocabulary::SnapshotFormat,
};
use rehearse::semantic::MAX_PUBLISHED_NODES;
use rehearse_core::TreeSource;

/// A server on `socket` that answers each snapshot on one connection with
/// `tree` as its JSON.
fn hostile(listener: UnixListener, tree: String) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let Ok((mut stream, _)) = listener.accept() else { return };
        let limits = Limits::default();
        let mut decoder = FrameDecoder::requests(&limits);
        let mut buffer = vec![0; 64 * 1024];
        loop {
            let Ok(read) = stream.read(&mut buffer) else { return };
            if read == 0 {
                return;
            }
            for frame in decoder.feed(&buffer[..read]).unwrap() {
                let request = request_from_frame(&frame).unwrap();
                assert!(matches!(request.body, RequestBody::Snapshot(_)), "{request:?}");
                let data = SnapshotData {
                    generation: 1,
                    format: SnapshotFormat::Json,
                    data: Bytes::from(tree.clone().into_bytes()),
                    extra: Default::default(),
                };
                let reply = Reply::ok(request.id, OkReply::Snapshot(data));
                stream.write_all(&encode_reply(&reply, &limits).unwrap()).unwrap();
            }
        }
    })
}

/// What fetching `tree` from a hostile server gives.
fn fetched(tree: String) -> Result<usize, String> {
    let dir = tempfile::tempdir().unwrap();
    let socket = dir.path().join("app.sock");
    let server = hostile(UnixListener::bind(&socket).unwrap(), tree);
    let mut source = SocketTreeSource::new(&socket);
    let fetched = source.fetch().map(|tree| tree.expect("it serves").len());
    drop(source);
    server.join().unwrap();
    fetched.map_err(|error| error.to_string())
}

fn node(extra: &str) -> String {
    format!(r#"{{"role": "button", "bounds": {{"x": 1, "y": 1, "width": 4, "height": 1}}{extra}}}"#)
}

fn tree(children: &[String]) -> String {
    format!(
        r#"{{"generation": 1, "viewport": {{"cols": 20, "rows": 5}}, "root": {{"role": "application", "bounds": {{"x": 0, "y": 0, "width": 20, "height": 5}}, "children": [{}]}}}}"#,
        children.join(",")
    )
}

#[test]
fn a_well_formed_tree_reads() {
    let children = [node(r#", "id": "save""#), node(r#", "id": "quit""#)];
    assert_eq!(fetched(tree(&children)), Ok(3));
}

#[test]
fn a_repeated_id_is_refused() {
    let error = fetched(tree(&[node(r#", "id": "save""#), node(r#", "id": "save""#)])).unwrap_err();
    assert!(error.contains("root/1 has an invalid id `save`"), "{error}");
    assert!(error.contains("root/0 has it too"), "{error}");
}

#[test]
fn an_unknown_key_is_refused() {
    let error = fetched(tree(&[node(r#", "onclick": "rm -rf ~""#)])).unwrap_err();
    assert!(error.contains("unknown field `onclick`"), "{error}");
}

#[test]
fn clipped_bounds_outside_the_viewport_are_refused() {
    let outside = r#", "clipped_bounds": {"x": 30, "y": 1, "width": 4, "height": 1}"#;
    let error = fetched(tree(&[node(outside)])).unwrap_err();
    assert!(error.contains("outside the viewport, 20x5"), "{error}");
}

#[test]
fn more_nodes_than_the_limit_are_refused() {
    let children = vec![node(""); MAX_PUBLISHED_NODES];
    let error = fetched(tree(&children)).unwrap_err();
    assert!(error.contains("more than 50000 nodes (MAX_PUBLISHED_NODES"), "{error}");
}
