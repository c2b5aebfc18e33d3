//! The control plane's round trips: a `ping` over the socket, and a click
//! over the socket beside the same click in process (`click_step` in
//! `benches/engine.rs`), on the todo example at 120x40 holding 200 items.
//!
//! `cargo bench -p rehearse-examples --bench control` prints the figures
//! recorded in docs/performance.md. The app is served on a thread of this
//! process, over a real Unix socket, exactly as `REHEARSE_CONTROL` serves it.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::sync::mpsc;

use divan::{Bencher, black_box};
use rehearse::control::protocol::message::{Act, OkReply, RequestBody};
use rehearse::control::{Client, ServedApp, Server, ServerConfig};
use rehearse::prelude::*;
use rehearse_examples::todo::{TodoApp, ids};

fn main() {
    divan::main();
}

/// A todo app with 200 items served on its own thread; closed when dropped.
struct Served {
    _dir: tempfile::TempDir,
    socket: PathBuf,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Served {
    fn start() -> Served {
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        let socket = dir.path().join("todo.sock");
        let (ready, bound) = mpsc::channel();
        let path = socket.clone();
        let thread = std::thread::spawn(move || {
            let options = SessionOptions::default().viewport(120, 40);
            let mut app = ServedApp::start(TodoApp::with_items(200), options).unwrap();
            let server = Server::bind(ServerConfig::new(&path)).unwrap();
            ready.send(()).unwrap();
            server.serve(&mut app).unwrap();
        });
        bound.recv().unwrap();
        Served { _dir: dir, socket, thread: Some(thread) }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ =
            Client::connect(&self.socket).and_then(|mut c| c.request(RequestBody::Close, 5_000));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// `ping`: answered from the published generation as soon as it is read
/// (by the app's thread, which reads the socket while it waits), without
/// running anything in the session.
#[divan::bench]
fn ping_round_trip(bencher: Bencher<'_, '_>) {
    let served = Served::start();
    let mut client = Client::connect(&served.socket).unwrap();
    bencher.bench_local(|| black_box(client.request(RequestBody::Ping, 5_000).unwrap()));
}

/// `act` with one click: parsed and checked against the app's declared ids,
/// run on the app's thread through the shared runner, answered with the
/// generation.
#[divan::bench]
fn click_over_socket(bencher: Bencher<'_, '_>) {
    let served = Served::start();
    let mut client = Client::connect(&served.socket).unwrap();
    let click = RequestBody::Act(Act { script: format!("click:#{}", ids::toggle(1)) });
    bencher.bench_local(|| match client.request(click.clone(), 5_000).unwrap() {
        OkReply::Act(acted) => black_box(acted.generation),
        other => panic!("{other:?}"),
    });
}

/// The same click in process, for the ratio (as `click_step` in the engine
/// bench).
#[divan::bench]
fn click_in_process(bencher: Bencher<'_, '_>) {
    let mut session =
        Session::new(TodoApp::with_items(200), SessionOptions::default().viewport(120, 40));
    let click = AutomationStep::click(Selector::id(ids::toggle(1)));
    bencher.bench_local(|| black_box(session.step(click.clone()).unwrap()));
}
