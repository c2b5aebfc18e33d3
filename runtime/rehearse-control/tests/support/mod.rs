//! An app (the todo example unless told) served in-process on a thread of its own, over a real socket
//! in a private temporary directory.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::JoinHandle;

use rehearse::SessionOptions;
use rehearse::control::{Client, ServedApp, Server, ServerConfig, Stopped};
use rehearse::time::ClockMode;
use rehearse_examples::todo::TodoApp;
use rehearse_protocol::{
    limits::Limits,
    message::{OkReply, RequestBody},
};

/// A temporary directory only this user can enter, removed when dropped.
pub fn private_dir() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    dir
}

/// A served todo app; closed (and its thread joined) when dropped.
pub struct Served {
    pub dir: tempfile::TempDir,
    pub socket: PathBuf,
    thread: Option<JoinHandle<Result<Stopped, String>>>,
}

impl Served {
    pub fn todo() -> Served {
        Served::todo_with(Limits::default())
    }

    pub fn todo_with(limits: Limits) -> Served {
        Served::app_with(TodoApp::default, limits)
    }

    /// Any app, made on the server's thread (it never crosses threads).
    pub fn app_with<C: rehearse::Component>(make: fn() -> C, limits: Limits) -> Served {
        let dir = private_dir();
        let socket = dir.path().join("app.sock");
        let (ready, bound) = mpsc::channel();
        let path = socket.clone();
        let thread = std::thread::spawn(move || {
            let options = SessionOptions::default().viewport(60, 16).clock(ClockMode::Realtime);
            let mut app = ServedApp::start(make(), options).map_err(|e| e.to_string())?;
            let server = Server::bind(ServerConfig::new(&path).limits(limits));
            let server = match server {
                Ok(server) => {
                    ready.send(Ok(())).unwrap();
                    server
                }
                Err(error) => {
                    ready.send(Err(error.to_string())).unwrap();
                    return Err("not bound".into());
                }
            };
            server.serve(&mut app).map_err(|e| e.to_string())
        });
        bound.recv().unwrap().expect("the server binds");
        Served { dir, socket, thread: Some(thread) }
    }

    pub fn client(&self) -> Client {
        let client = Client::connect(&self.socket).unwrap();
        client.set_read_timeout(Some(std::time::Duration::from_secs(30))).unwrap();
        client
    }

    /// The generation a `ping` on a fresh connection reports.
    pub fn ping(&self) -> u64 {
        match self.client().request(RequestBody::Ping, 5_000).unwrap() {
            OkReply::Ping(generation) => generation.generation,
            other => panic!("ping answered {other:?}"),
        }
    }

    /// Closes the session and waits for the server to stop.
    pub fn close(mut self) -> Stopped {
        self.client().request(RequestBody::Close, 5_000).unwrap();
        self.thread.take().unwrap().join().unwrap().unwrap()
    }

    /// Closes the session through `client` (connected earlier: the path
    /// may name another socket by now) and waits for the server to stop;
    /// its directory stays until this is dropped.
    pub fn close_through(&mut self, mut client: Client) -> Stopped {
        client.request(RequestBody::Close, 5_000).unwrap();
        self.thread.take().unwrap().join().unwrap().unwrap()
    }

    pub fn path(&self) -> &Path {
        &self.socket
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            if let Ok(mut client) = Client::connect(&self.socket) {
                let _ = client.request(RequestBody::Close, 5_000);
            }
            let _ = thread.join();
        }
    }
}
