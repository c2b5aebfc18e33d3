//! An app served over its socket unmounts exactly once when the server
//! shuts down — a client's `close`, the idle timeout, or the app quitting
//! on its own — and dropping it afterwards does not unmount it again.

use std::os::unix::fs::PermissionsExt;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rehearse::control::protocol::message::{Act, RequestBody};
use rehearse::control::{Client, ServedApp, Server, ServerConfig, Stopped};
use rehearse::prelude::*;
use rehearse::widgets::Text;

/// Counts its unmounts; quits on `q`.
struct Counted(Arc<AtomicUsize>);

impl Component for Counted {
    type Message = ();

    fn update(&mut self, (): (), ctx: &mut Context<'_, Self>) {
        ctx.quit();
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.on_key_global("q".parse::<KeyPress>().expect("a key"), || ());
        ui.add(ui.area(), Text::new("counted"));
    }

    fn unmount(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

/// Serves a fresh app, with `client` speaking to it from another thread;
/// returns why serving stopped, and the unmounts counted once it had and
/// once the app was dropped.
fn serve(
    idle: Option<Duration>,
    client: impl FnOnce(Client) + Send + 'static,
) -> (Stopped, usize, usize) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let socket = dir.path().join("app.sock");
    let unmounts = Arc::new(AtomicUsize::new(0));
    let mut app =
        ServedApp::start(Counted(unmounts.clone()), SessionOptions::default().viewport(20, 2))
            .unwrap();
    let server = Server::bind(ServerConfig::new(&socket).idle_timeout(idle)).unwrap();
    // Bound: the client connects at once (a connection queues until served).
    let connected = Client::connect(&socket).unwrap();
    let speaking = std::thread::spawn(move || client(connected));
    let stopped = server.serve(&mut app).unwrap();
    let served = unmounts.load(Ordering::SeqCst);
    drop(app);
    speaking.join().unwrap();
    (stopped, served, unmounts.load(Ordering::SeqCst))
}

#[test]
fn a_clients_close_unmounts_the_app_once() {
    let (stopped, served, dropped) = serve(None, |mut client| {
        client.request(RequestBody::Close, 5_000).unwrap();
    });
    assert_eq!(stopped, Stopped::Closed);
    assert_eq!((served, dropped), (1, 1));
}

#[test]
fn the_idle_timeout_unmounts_the_app_once() {
    let (stopped, served, dropped) = serve(Some(Duration::from_millis(50)), drop);
    assert_eq!(stopped, Stopped::IdleTimeout);
    assert_eq!((served, dropped), (1, 1));
}

#[test]
fn an_app_that_quits_unmounts_once() {
    let (stopped, served, dropped) = serve(None, |mut client| {
        let _ = client.request(RequestBody::Act(Act { script: "key:q".into() }), 5_000);
    });
    assert!(matches!(stopped, Stopped::Ended(_)), "{stopped:?}");
    assert!(served <= 1, "{served}");
    assert_eq!(dropped, 1);
}
