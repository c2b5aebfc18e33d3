//! [`ServedHarness`]: a plain ratatui app adopted with [`crate::adopt`],
//! served over its socket — off screen, or from its real terminal while a
//! person watches — so `#id` and `@role` reach the real binary.

use std::time::Duration;

use rehearse_adopt::{Harness, HarnessBackend, HarnessEvents, HarnessOptions};
use rehearse_control::{Served, Server, ServerConfig};
use rehearse_core::artifacts::Artifacts;
use rehearse_core::{AutomationError, AutomationIds, ClockMode, Plane};
use rehearse_protocol::vocabulary::ServerRole;

use super::env::{Automation, serve_error};

/// How often the server looks whether the app drew on its own (its timer,
/// a person's input) while no request arrives.
const FRAME_TICK: Duration = Duration::from_millis(10);

/// An adopted app's harness as a served session: the app's own loop on its
/// thread, each frame it draws by itself committed between requests.
pub struct ServedHarness {
    harness: Harness,
    /// The loop runs on the thread that will end the process when the
    /// session closes (`rehearse::adopt::run`): closing leaves its reads
    /// alone, so it never sees the harness go.
    loop_outlives_close: bool,
}

impl std::fmt::Debug for ServedHarness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServedHarness").field("harness", &self.harness).finish()
    }
}

impl ServedHarness {
    /// Serves `harness`.
    pub fn new(harness: Harness) -> Self {
        Self { harness, loop_outlives_close: false }
    }

    /// Serves `harness`, whose loop runs on a thread the server's thread
    /// ends the process from when the session closes.
    pub(crate) fn hosting(harness: Harness) -> Self {
        Self { loop_outlives_close: true, ..Self::new(harness) }
    }

    /// The harness, to add checkpoint sinks or commit hooks before serving.
    pub fn harness_mut(&mut self) -> &mut Harness {
        &mut self.harness
    }
}

impl Served for ServedHarness {
    fn plane(&self) -> &dyn Plane {
        self.harness.plane()
    }

    fn plane_mut(&mut self) -> &mut dyn Plane {
        self.harness.plane_mut()
    }

    fn role(&self) -> ServerRole {
        ServerRole::App
    }

    fn pump(&mut self) -> Result<(), AutomationError> {
        // Only a settled app is committed here, without waiting: the
        // server's thread never waits on an app that is still reacting (the
        // next tick sees its frame).
        self.harness.commit_if_settled().map(|_| ())
    }

    fn refresh(&mut self) -> Result<(), AutomationError> {
        // A frame is on the screen (its marker went out with it) before the
        // app has finished its turn: a snapshot waits for that turn, bounded
        // by the settle timeout, so it describes the frame a driver saw.
        if self.harness.has_new_frame() && !self.harness.is_settled() {
            let _ = self.harness.plane_mut().settle();
        }
        self.pump()
    }

    fn next_wake(&self) -> Option<Duration> {
        Some(FRAME_TICK)
    }

    fn busy(&self) -> bool {
        !self.harness.is_settled()
    }

    fn ended(&self) -> Option<String> {
        self.harness.ended()
    }

    fn close(&mut self) {
        if !self.loop_outlives_close {
            self.harness.close();
        }
    }
}

/// Serves an adopted app when the automation variables ask for it
/// (`REHEARSE_CONTROL`, and `REHEARSE_AUTOMATION_HEADLESS=1` for off
/// screen; see [`Automation`]); returns `false` at once when they do not,
/// so the app runs as it always did:
///
/// ```no_run
/// # use std::io;
/// # use ratatui::{Terminal, backend::Backend};
/// # use rehearse::adopt::EventSource;
/// # #[derive(Default)] struct App;
/// # impl App { fn run<B: Backend<Error = io::Error>>(self, _: &mut Terminal<B>, _: &mut impl EventSource) -> io::Result<()> { Ok(()) } }
/// fn main() -> io::Result<()> {
///     if rehearse::control::serve_adopted(rehearse::AutomationIds::UNDECLARED, |terminal, events| {
///         App::default().run(terminal, events)
///     })? {
///         return Ok(());
///     }
///     let mut terminal = ratatui::init();
///     let result = App::default().run(&mut terminal, &mut rehearse::adopt::Crossterm);
///     ratatui::restore();
///     result
/// }
/// ```
///
/// The app's loop runs on its own thread against the harness's backend
/// and events, under the wall clock. Off screen it has the viewport's
/// size and prints `rehearse: serving SOCKET (rehearse/1)` on standard
/// error once its socket answers; from the real terminal it draws there
/// (with the render-commit marker when the environment carries its key)
/// and a person's input reaches it too. Either way it serves until a
/// client closes the session or the app's loop ends, and `checkpoint:`
/// writes under `REHEARSE_AUTOMATION_ARTIFACTS` when it is set. The
/// terminal's modes are the app's: it turns on mouse capture or bracketed
/// paste by writing them to `terminal.backend_mut()` (as its own `main`
/// writes them to standard output), and nothing else is turned on — a
/// paste reaches an app that reads only keys as keys.
///
/// # Errors
///
/// An automation variable with a bad value, the socket's failures, what
/// starting the app fails with, and the app's loop failing or panicking by
/// itself, as [`std::io::Error`]s that name them.
pub fn serve_adopted<F, T, E>(declared: AutomationIds, app: F) -> std::io::Result<bool>
where
    F: FnOnce(&mut ratatui::Terminal<HarnessBackend>, &mut HarnessEvents) -> Result<T, E>
        + Send
        + 'static,
    T: Send + 'static,
    E: std::fmt::Display,
{
    let io = |error: AutomationError| match error {
        AutomationError::Io(error) => error,
        other => std::io::Error::other(other.to_string()),
    };
    let Some(automation) = Automation::from_env().map_err(io)? else {
        return Ok(false);
    };
    automation.serve_adopted(declared, app).map_err(io)?;
    Ok(true)
}

impl Automation {
    /// Starts an adopted app — off screen at the viewport, or in the real
    /// terminal — under the wall clock and serves it until a client closes
    /// it or its loop ends.
    ///
    /// # Errors
    ///
    /// What starting the app fails with, the socket's failures, what the
    /// session fails with outside a request, and
    /// [`AutomationError::TargetEnded`] naming how the app's loop failed or
    /// panicked by itself.
    pub fn serve_adopted<F, T, E>(
        self,
        declared: AutomationIds,
        app: F,
    ) -> Result<rehearse_control::Stopped, AutomationError>
    where
        F: FnOnce(&mut ratatui::Terminal<HarnessBackend>, &mut HarnessEvents) -> Result<T, E>
            + Send
            + 'static,
        T: Send + 'static,
        E: std::fmt::Display,
    {
        let server = Server::bind(ServerConfig::new(&self.socket)).map_err(serve_error)?;
        let sink = match &self.artifacts {
            Some(dir) => Some(Artifacts::new(dir).check()?),
            None => None,
        };
        let mut options = HarnessOptions::default().declared(declared).clock(ClockMode::Realtime);
        // Served: recorded only when REHEARSE_TRACE asks (docs/trace.md).
        options.trace = rehearse_core::trace::TraceMode::served();
        let harness = if self.headless {
            let (cols, rows) = self.viewport;
            Harness::start(options.viewport(cols, rows), app)?
        } else {
            Harness::start_in_terminal(options, app)?
        };
        let mut served = ServedHarness::new(harness);
        if let Some(sink) = sink {
            served.harness_mut().add_checkpoint_sink(sink);
        }
        if self.headless {
            // The one line a launcher waits for, as an engine app prints it.
            eprintln!("rehearse: serving {} (rehearse/1)", self.socket.display());
        }
        let stopped = server.serve(&mut served).map_err(serve_error)?;
        // An app whose loop failed or panicked fails the process, as it
        // would have without the harness.
        match served.harness.failure() {
            Some(failure) => Err(AutomationError::TargetEnded {
                status: failure,
                before: "the session was closed".into(),
            }),
            None => Ok(stopped),
        }
    }
}
