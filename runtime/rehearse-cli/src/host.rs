//! The background host of `rehearse open`: holds a program in a PTY
//! through the terminal plane and serves it over the control protocol
//! until a client closes it, the program exits, or nobody asked anything
//! for the idle timeout, or a stop signal (SIGTERM, SIGINT, SIGHUP) says
//! so. It never outlives its program, and its watchdog sees to it that the
//! program never outlives the host, even one killed outright.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rehearse_control::{Client, Served, Server, ServerConfig};
use rehearse_core::artifacts::Screen;
use rehearse_core::{AutomationError, Plane};
use rehearse_protocol::{
    ErrorCode, PROTOCOL_VERSION, WireError,
    message::{PtyStarted, PtyStopped},
    vocabulary::{Op, ServerRole},
};
use rehearse_pty::Terminal;

use crate::discovery::{self, Discovery};
use crate::exit::Failure;
use crate::program::Program;
use crate::stop_signals::StopSignals;
use crate::stopped::{STOPPED, StoppedPlane};
use crate::watchdog::Watchdog;

/// How long the host lets a changed screen stay unstable before it commits
/// it as it is, between requests: longer than the longest stability window
/// (120 ms), so a program that pauses settles first. The host never blocks
/// on it: it wakes when the screen would be stable, or at this bound.
const PUMP_SETTLE: Duration = Duration::from_millis(300);

/// The program of a host: running in its PTY, or stopped on purpose.
pub enum Held {
    /// Running (or ended on its own, which ends the session).
    Running(Box<Terminal>),
    /// Stopped by `pty-stop`; `pty-start` starts it again.
    Stopped(Box<StoppedPlane>),
}

/// A program in a PTY as a served session.
pub struct HostedProgram {
    pub(crate) held: Held,
    closed: bool,
    /// The session's discovery file, rewritten when the program turns out
    /// to be a rehearse app serving the socket the host offered it (and
    /// when that app is stopped).
    pub(crate) discovery: Discovery,
    pub(crate) dir: PathBuf,
    /// How to start the program again.
    pub(crate) program: Program,
    /// Since when the screen has shown something the committed generation
    /// does not, while it is not yet stable.
    pub(crate) changed_since: Option<Instant>,
    /// SIGTERM, SIGINT and SIGHUP, which end the session as `close` does.
    signals: StopSignals,
    /// Kills the program if the host is killed outright.
    pub(crate) watchdog: Option<Watchdog>,
}

impl HostedProgram {
    /// Notes the app's socket once it answers there.
    pub(crate) fn adopt_app_socket(&mut self) {
        let offered = &self.program.offered;
        if self.discovery.app.is_some() || !offered.exists() {
            return;
        }
        if Client::connect(offered).is_ok() {
            self.discovery.app = Some(offered.clone());
            let _ = self.discovery.republish(&self.dir);
        }
    }

    /// The running program's terminal.
    pub(crate) fn terminal(&self) -> Option<&Terminal> {
        match &self.held {
            Held::Running(terminal) => Some(terminal),
            Held::Stopped(_) => None,
        }
    }

    /// How soon the running program's screen is stable if nothing more
    /// arrives (zero: now); `None` while only a signal can settle it.
    fn stable_in(&self) -> Option<Duration> {
        self.terminal().and_then(|terminal| terminal.pty().stable_in())
    }

    /// Whether the screen shows something the committed generation does not.
    fn changed(&self) -> bool {
        let Some(terminal) = self.terminal() else { return false };
        let now = Screen::from_buffer(&terminal.pty().buffer());
        let committed = Screen::from_frame(terminal.frame());
        now.text().to_string() != committed.text().to_string()
    }
}

impl Served for HostedProgram {
    fn plane(&self) -> &dyn Plane {
        match &self.held {
            Held::Running(terminal) => terminal.plane(),
            Held::Stopped(stopped) => stopped.as_ref(),
        }
    }

    fn plane_mut(&mut self) -> &mut dyn Plane {
        match &mut self.held {
            Held::Running(terminal) => terminal.plane_mut(),
            Held::Stopped(stopped) => stopped.as_mut(),
        }
    }

    fn role(&self) -> ServerRole {
        ServerRole::Host
    }

    fn pump(&mut self) -> Result<(), AutomationError> {
        // A stop signal ends the session at the loop's next look at `ended`.
        if self.signals.received().is_some() || self.closed || self.terminal().is_none() {
            return Ok(());
        }
        self.adopt_app_socket();
        if !self.changed() {
            self.changed_since = None;
            return Ok(());
        }
        // Committed once stable, never waited for here: the thread goes on
        // serving and wakes when the screen would be stable (`next_wake`).
        // A program that never stops writing must not stop the host: its
        // screen is committed as it is once it has been changing for
        // `PUMP_SETTLE` — also after a step that failed waiting for a settle.
        let since = *self.changed_since.get_or_insert_with(Instant::now);
        let stable = self.stable_in().is_some_and(|left| left.is_zero());
        if !stable && since.elapsed() < PUMP_SETTLE {
            return Ok(());
        }
        self.changed_since = None;
        let Held::Running(terminal) = &mut self.held else { return Ok(()) };
        terminal.commit_within(Duration::ZERO).map(|_| ())
    }

    fn refresh(&mut self) -> Result<(), AutomationError> {
        // A snapshot judges a stable screen: wait for it (bounded), then
        // commit what the screen shows.
        if self.closed || (!self.changed() && self.stable_in().is_some_and(|left| left.is_zero())) {
            return self.pump();
        }
        self.changed_since = None;
        let Held::Running(terminal) = &mut self.held else { return Ok(()) };
        terminal.commit_within(PUMP_SETTLE).map(|_| ())
    }

    fn next_wake(&self) -> Option<Duration> {
        // When a changed screen would be stable, or be committed as it is.
        let since = self.changed_since?;
        let bound = PUMP_SETTLE.saturating_sub(since.elapsed());
        Some(self.stable_in().map_or(bound, |left| left.min(bound)))
    }

    fn input_fd(&self) -> Option<std::os::fd::BorrowedFd<'_>> {
        // A stop signal wakes the server's thread at once.
        Some(self.signals.fd())
    }

    fn busy(&self) -> bool {
        // Input not yet answered, output still arriving, or a screen not yet
        // committed: an `idle` request waits until the screen is stable (the
        // window adapted to the program, or its exact signal) and committed.
        self.terminal().is_some()
            && (self.changed() || !self.stable_in().is_some_and(|left| left.is_zero()))
    }

    fn semantic(&self) -> bool {
        false
    }

    fn settled_by(&self) -> Option<&'static str> {
        let terminal = self.terminal()?;
        Some(if terminal.pty().last_marker_revision().is_some() {
            "marker"
        } else {
            "quiet-window"
        })
    }

    fn terminal_golden(&self) -> Option<String> {
        Some(match &self.held {
            Held::Running(terminal) => terminal.pty().terminal_golden(),
            Held::Stopped(stopped) => stopped.golden.clone(),
        })
    }

    fn ended(&self) -> Option<String> {
        if self.closed {
            return Some("closed".into());
        }
        let why = match self.signals.stopped_by() {
            Some(signal) => format!("the host was stopped by {signal}"),
            // A program stopped on purpose has not ended: the session waits
            // for `pty-start`, `close` or the idle timeout.
            None => format!("the program exited ({})", self.terminal()?.pty().exit_status()?),
        };
        // Kept before the connections close, so a client whose request the
        // end broke finds why.
        crate::ended::record(&self.dir, &self.discovery.id, &why);
        Some(why)
    }

    fn close(&mut self) {
        self.closed = true;
    }

    fn restartable(&self) -> bool {
        true
    }

    fn refusal(&self, op: Op) -> Option<WireError> {
        let needs_program = !matches!(
            op,
            Op::Hello | Op::Ping | Op::Cancel | Op::Close | Op::PtyStop | Op::PtyStart
        );
        (needs_program && self.terminal().is_none())
            .then(|| WireError::new(ErrorCode::ProgramStopped, format!("`{op}`: {STOPPED}")))
    }

    fn stop_program(&mut self) -> Result<PtyStopped, WireError> {
        Ok(self.stop())
    }

    fn start_program(&mut self, timeout: Duration) -> Result<PtyStarted, WireError> {
        self.start(timeout)
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
    /// The directory `use:` in an `act` reads below (none: refused).
    pub scripts: Option<PathBuf>,
    /// Where failing requests' traces go (none: recorded only when
    /// `REHEARSE_TRACE` asks, and never named in a reply).
    pub traces: Option<PathBuf>,
}

/// Runs the host: prints `ready <id>` (or `error: …`) on standard output
/// once, then serves until the session ends.
pub fn run(args: HostArgs) -> Result<(), Failure> {
    let announce = |line: String| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    // Caught from here on: a stop signal before the session serves ends it
    // as soon as it does.
    let signals = StopSignals::catch()
        .map_err(|error| Failure::runtime(format!("catching the stop signals: {error}")));
    match signals.and_then(|signals| start(&args, signals)) {
        Ok((server, mut hosted)) => {
            announce(format!("ready {}", args.id));
            let outcome = server.serve(&mut hosted);
            if let Ok(rehearse_control::Stopped::IdleTimeout) = &outcome {
                let why = format!(
                    "its host stopped after {} ms without a request (--idle-timeout-ms)",
                    args.idle_timeout.as_millis()
                );
                crate::ended::record(&hosted.dir, &hosted.discovery.id, &why);
            }
            hosted.discovery.remove(&hosted.dir);
            let _ = std::fs::remove_file(&hosted.program.offered);
            let watchdog = hosted.watchdog.take();
            drop(hosted); // kills and reaps the program's whole session
            if let Some(watchdog) = watchdog {
                watchdog.finish();
            }
            outcome.map(|_| ()).map_err(|error| Failure::runtime(error.to_string()))
        }
        Err(failure) => {
            announce(format!("error: {}", failure.message));
            Err(failure)
        }
    }
}

type Started = (Server, HostedProgram);

fn start(args: &HostArgs, signals: StopSignals) -> Result<Started, Failure> {
    let started_at = discovery::now_ms();
    let dir = discovery::dir()?;
    let socket = dir.join(format!("{}.sock", args.id));
    let program = Program {
        id: args.id.clone(),
        exec: args.exec.clone(),
        offered: dir.join(format!("{}.app.sock", args.id)),
        traces: args.traces.clone(),
    };
    let mut watchdog = Watchdog::start()?;
    let terminal = program.spawn(args.size, None)?;
    watchdog.watch(terminal.pty().pid());
    let mut config = ServerConfig::new(&socket)
        .idle_timeout(Some(args.idle_timeout))
        .scripts(args.scripts.clone())
        .traces(args.traces.clone());
    // An `idle` request without a window of its own waits for the program's
    // stable screen (`busy`), no longer.
    config.default_quiet = Duration::ZERO;
    let server = Server::bind(config).map_err(|error| Failure::runtime(error.to_string()))?;
    let discovery = Discovery {
        id: args.id.clone(),
        socket,
        pid: std::process::id(),
        started_at,
        protocol: PROTOCOL_VERSION.into(),
        app: None,
        traces: args.traces.clone(),
    };
    let held = Held::Running(Box::new(terminal));
    let mut hosted = HostedProgram {
        held,
        closed: false,
        discovery,
        dir,
        program,
        changed_since: None,
        signals,
        watchdog: Some(watchdog),
    };
    hosted.await_first_screen(Duration::from_secs(5), false);
    // A program that ended as it started (a missing binary, a crash) opens
    // no session: `open` fails saying how it ended, as `pty-start` does.
    if let Some(terminal) = hosted.terminal()
        && let Some(status) = terminal.pty().exit_status()
    {
        let cols = usize::from(terminal.pty().size().0);
        let screen = crate::last_screen::last_lines(&terminal.pty().screen_text(), cols);
        return Err(Failure::runtime(format!(
            "`{}` ended as it started ({status}), so no session was opened. Its screen ended with: {screen}",
            args.exec
        )));
    }
    hosted.discovery.publish(&hosted.dir)?;
    Ok((server, hosted))
}
