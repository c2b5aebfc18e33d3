//! The background host of `rehearse open`: holds a program in a PTY
//! through the terminal plane and serves it over the control protocol
//! until a client closes it, the program exits, or nobody asked anything
//! for the idle timeout. It never outlives its program.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use rehearse_control::{Client, Served, Server, ServerConfig};
use rehearse_core::artifacts::Screen;
use rehearse_core::{AutomationError, Plane};
use rehearse_protocol::{PROTOCOL_VERSION, ServerRole};
use rehearse_pty::{PtySessionOptions, Terminal};

use crate::discovery::{self, Discovery};
use crate::exit::Failure;

/// A program in a PTY as a served session.
pub struct HostedProgram {
    terminal: Terminal,
    closed: bool,
    /// The session's discovery file, rewritten when the program turns out
    /// to be a rehearse app serving the socket the host offered it.
    discovery: Discovery,
    dir: PathBuf,
    offered: PathBuf,
}

impl HostedProgram {
    /// Notes the app's socket once it answers there.
    fn adopt_app_socket(&mut self) {
        if self.discovery.app.is_some() || !self.offered.exists() {
            return;
        }
        if Client::connect(&self.offered).is_ok() {
            self.discovery.app = Some(self.offered.clone());
            let _ = self.discovery.republish(&self.dir);
        }
    }

    /// Whether the screen shows something the committed generation does not.
    fn changed(&self) -> bool {
        let now = Screen::from_buffer(&self.terminal.pty().buffer());
        let committed = Screen::from_frame(self.terminal.frame());
        now.text().to_string() != committed.text().to_string()
    }
}

impl Served for HostedProgram {
    fn plane(&self) -> &dyn Plane {
        self.terminal.plane()
    }

    fn plane_mut(&mut self) -> &mut dyn Plane {
        self.terminal.plane_mut()
    }

    fn role(&self) -> ServerRole {
        ServerRole::Host
    }

    fn pump(&mut self) -> Result<(), AutomationError> {
        if self.closed {
            return Ok(());
        }
        self.adopt_app_socket();
        if !self.changed() {
            return Ok(());
        }
        // A program that never stops writing must not stop the host: the
        // screen is committed as it is when it does not settle.
        let _ = self.terminal.plane_mut().settle();
        self.terminal.plane_mut().commit().map(|_| ())
    }

    fn next_wake(&self) -> Option<Duration> {
        None
    }

    fn busy(&self) -> bool {
        self.changed()
    }

    fn semantic(&self) -> bool {
        false
    }

    fn settled_by(&self) -> Option<&'static str> {
        Some(if self.terminal.pty().last_marker_revision().is_some() {
            "marker"
        } else {
            "quiet-window"
        })
    }

    fn terminal_golden(&self) -> Option<String> {
        Some(self.terminal.pty().terminal_golden())
    }

    fn ended(&self) -> Option<String> {
        if self.closed {
            return Some("closed".into());
        }
        self.terminal.pty().exit_status().map(|status| format!("the program exited ({status})"))
    }

    fn close(&mut self) {
        self.closed = true;
    }
}

/// What the host is asked to run.
pub struct HostArgs {
    /// The session's id.
    pub id: String,
    /// The command line, run by `/bin/sh -c 'exec …'`.
    pub exec: String,
    /// The terminal's size.
    pub size: (u16, u16),
    /// Stop after this long without a request.
    pub idle_timeout: Duration,
}

/// Runs the host: prints `ready <id>` (or `error: …`) on standard output
/// once, then serves until the session ends.
pub fn run(args: HostArgs) -> Result<(), Failure> {
    let announce = |line: String| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    match start(&args) {
        Ok((server, mut hosted)) => {
            announce(format!("ready {}", args.id));
            let outcome = server.serve(&mut hosted);
            hosted.discovery.remove(&hosted.dir);
            let _ = std::fs::remove_file(&hosted.offered);
            drop(hosted); // kills and reaps the program's whole session
            outcome.map(|_| ()).map_err(|error| Failure::runtime(error.to_string()))
        }
        Err(failure) => {
            announce(format!("error: {}", failure.message));
            Err(failure)
        }
    }
}

/// A fresh secret for the render-commit marker: 16 random bytes, in hex.
pub fn marker_token() -> Result<String, Failure> {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut random| random.read_exact(&mut bytes))
        .map_err(|error| {
            Failure::runtime(format!("reading /dev/urandom for the marker token: {error}"))
        })?;
    Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}

type Started = (Server, HostedProgram);

fn start(args: &HostArgs) -> Result<Started, Failure> {
    let started_at = discovery::now_ms();
    let dir = discovery::dir()?;
    let socket = dir.join(format!("{}.sock", args.id));
    let offered = dir.join(format!("{}.app.sock", args.id));
    // A rehearse app announces each commit with the render-commit marker
    // under this key, so its screen settles exactly; any other program
    // ignores the variables and settles on a quiet window.
    let options = PtySessionOptions::new("/bin/sh")
        .args(["-c".to_owned(), format!("exec {}", args.exec)])
        .size(args.size.0, args.size.1)
        .marker(marker_token()?, args.id.clone())
        // A rehearse app serves this socket from the terminal too: its tree
        // and model plane become reachable.
        .env("REHEARSE_CONTROL", &offered);
    let terminal = Terminal::spawn(options)
        .map_err(|error| Failure::runtime(format!("`{}` could not start: {error}", args.exec)))?;
    let config = ServerConfig::new(&socket).idle_timeout(Some(args.idle_timeout));
    let server = Server::bind(config).map_err(|error| Failure::runtime(error.to_string()))?;
    let discovery = Discovery {
        id: args.id.clone(),
        socket,
        pid: std::process::id(),
        started_at,
        protocol: PROTOCOL_VERSION.into(),
        app: None,
    };
    let mut hosted = HostedProgram { terminal, closed: false, discovery, dir, offered };
    // A rehearse app binds the offered socket before its first frame, and
    // announces that frame with a marker: once the start has gone quiet,
    // a program that sent one serves its socket already. (One slower to
    // start is found by the pump later.)
    let _ = hosted.terminal.pty().wait_idle(Duration::from_millis(120), Duration::from_secs(5));
    if hosted.terminal.pty().last_marker_revision().is_some() {
        hosted.adopt_app_socket();
    }
    hosted.discovery.publish(&hosted.dir)?;
    Ok((server, hosted))
}
