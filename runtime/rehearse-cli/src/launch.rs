//! Starting a rehearse app off screen for one verb: the automation
//! variables, a private socket, and the line the app prints once its
//! socket answers — never a fixed sleep.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use rehearse_control::Client;

use crate::exit::Failure;

/// A rehearse app running off screen, killed and reaped when dropped.
pub struct App {
    child: Child,
    /// The client connected to its socket.
    pub client: Client,
    _dir: PrivateDir,
}

/// A private temporary directory, removed when dropped.
pub struct PrivateDir(pub PathBuf);

impl PrivateDir {
    /// A new directory only this user can enter.
    pub fn new(prefix: &str) -> Result<PrivateDir, Failure> {
        use std::os::unix::fs::DirBuilderExt;
        let base = std::env::temp_dir();
        for attempt in 0..100u32 {
            let path = base.join(format!("{prefix}-{}-{attempt}", std::process::id()));
            match std::fs::DirBuilder::new().mode(0o700).create(&path) {
                Ok(()) => return Ok(PrivateDir(path)),
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(error) => {
                    return Err(Failure::runtime(format!("creating {}: {error}", path.display())));
                }
            }
        }
        Err(Failure::runtime(format!("no free directory name under {}", base.display())))
    }
}

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What a launch reports when the program does not serve.
pub enum Launch {
    /// The app serves its socket.
    Serving(App),
    /// The program ended or stayed silent: it is not a rehearse app.
    NotAnApp(String),
}

/// The command line `exec` through the shell, so `--exec "todo 3"` works
/// and the app is the shell's own process.
pub fn shell(exec: &str) -> Command {
    let mut command = Command::new("/bin/sh");
    command.arg("-c").arg(format!("exec {exec}"));
    command
}

/// Starts `command` with the automation variables and waits (at most
/// `timeout`) for it to say its socket answers.
pub fn launch(
    mut command: Command,
    size: (u16, u16),
    artifacts: Option<&Path>,
    timeout: Duration,
) -> Result<Launch, Failure> {
    let dir = PrivateDir::new("rehearse-render")?;
    let socket = dir.0.join("app.sock");
    command
        .env("REHEARSE_AUTOMATION_HEADLESS", "1")
        .env("REHEARSE_CONTROL", &socket)
        .env("REHEARSE_AUTOMATION_VIEWPORT", format!("{}x{}", size.0, size.1))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(artifacts) = artifacts {
        command.env("REHEARSE_AUTOMATION_ARTIFACTS", artifacts);
    }
    let mut child = command
        .spawn()
        .map_err(|error| Failure::runtime(format!("the program could not start: {error}")))?;
    let stderr = child.stderr.take().expect("stderr is piped");
    let (said, heard) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stderr).lines();
        let first = lines.next().and_then(Result::ok);
        let _ = said.send(first);
        // Keep draining so the app never blocks on a full pipe.
        for _ in lines {}
    });
    let heard = heard.recv_timeout(timeout);
    if let Ok(Some(line)) = &heard
        && line.starts_with("rehearse: serving")
    {
        let client =
            Client::connect(&socket).map_err(|error| Failure::runtime(error.to_string()))?;
        return Ok(Launch::Serving(App { child, client, _dir: dir }));
    }
    let _ = child.kill();
    let _ = child.wait();
    Ok(Launch::NotAnApp(match heard {
        Ok(Some(line)) => format!("its first line on standard error was {line:?}"),
        Ok(None) => "it ended or closed standard error without announcing a control socket".into(),
        Err(_) => format!("it did not announce a control socket within {} ms", timeout.as_millis()),
    }))
}

impl App {
    /// Closes the session and waits for the app to exit.
    pub fn close(mut self) -> Result<(), Failure> {
        self.client.request(rehearse_protocol::message::RequestBody::Close, 5_000)?;
        self.child.wait().map_err(|error| Failure::runtime(error.to_string()))?;
        Ok(())
    }
}

impl Drop for App {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
