//! The automation variables: whether an app serves a control socket
//! instead of (or beside) drawing in its terminal.

use std::path::PathBuf;

use rehearse_control::{Server, ServerConfig, Stopped};
use rehearse_core::artifacts::{Artifacts, Format};
use rehearse_core::{AutomationError, ClockMode, DEFAULT_VIEWPORT, SinkHost};
use rehearse_engine::{Component, SessionOptions};

use rehearse_engine::live::TerminalOptions;

use super::app::ServedApp;
use super::live_app::WatchedApp;

/// What a `checkpoint:` writes under `REHEARSE_AUTOMATION_ARTIFACTS`: the
/// semantic tree (JSON, Markdown), the screen (text, cells) and its picture
/// (PNG, in a build that has it) — what `rehearse run --out` writes for an
/// app (docs/cli.md).
fn automation_formats() -> impl Iterator<Item = Format> {
    [Format::Json, Format::Markdown, Format::Text, Format::Cells, Format::Png]
        .into_iter()
        .filter(|format| format.is_available())
}

/// The socket to serve: `REHEARSE_CONTROL=/path/app.sock`.
pub const CONTROL: &str = "REHEARSE_CONTROL";
/// Run off screen: `REHEARSE_AUTOMATION_HEADLESS=1`.
pub const HEADLESS: &str = "REHEARSE_AUTOMATION_HEADLESS";
/// The off-screen viewport: `REHEARSE_AUTOMATION_VIEWPORT=120x40`.
pub const VIEWPORT: &str = "REHEARSE_AUTOMATION_VIEWPORT";
/// Where `checkpoint:` writes: `REHEARSE_AUTOMATION_ARTIFACTS=dir`.
pub const ARTIFACTS: &str = "REHEARSE_AUTOMATION_ARTIFACTS";

/// What the automation variables ask for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Automation {
    /// The socket to serve.
    pub socket: PathBuf,
    /// The viewport (columns, rows).
    pub viewport: (u16, u16),
    /// Where checkpoints write, when they do.
    pub artifacts: Option<PathBuf>,
    /// Off screen (`REHEARSE_AUTOMATION_HEADLESS=1`), or in the real
    /// terminal while serving.
    pub headless: bool,
}

fn invalid(message: String) -> AutomationError {
    AutomationError::Io(std::io::Error::new(std::io::ErrorKind::InvalidInput, message))
}

impl Automation {
    /// Reads the variables: `None` when none of them is set.
    ///
    /// # Errors
    ///
    /// A variable with a bad value, or `REHEARSE_AUTOMATION_HEADLESS=1`
    /// without a socket, naming the variable and what is valid.
    pub fn from_env() -> Result<Option<Automation>, AutomationError> {
        let var = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
        Self::from_vars(var(CONTROL), var(HEADLESS), var(VIEWPORT), var(ARTIFACTS))
    }

    /// [`from_env`](Self::from_env) over given values (each `None` when unset).
    ///
    /// # Errors
    ///
    /// As [`from_env`](Self::from_env).
    pub fn from_vars(
        control: Option<std::ffi::OsString>,
        headless: Option<std::ffi::OsString>,
        viewport: Option<std::ffi::OsString>,
        artifacts: Option<std::ffi::OsString>,
    ) -> Result<Option<Automation>, AutomationError> {
        let headless = match headless.as_ref().map(|value| value.to_string_lossy()) {
            None => false,
            Some(value) if value == "1" => true,
            Some(value) if value == "0" => false,
            Some(value) => {
                return Err(invalid(format!("{HEADLESS}={value:?} is not 1 or 0")));
            }
        };
        let Some(socket) = control else {
            if headless {
                return Err(invalid(format!(
                    "{HEADLESS}=1 needs {CONTROL}=/path/app.sock: a headless app is driven through its socket"
                )));
            }
            return Ok(None);
        };
        let viewport = match viewport {
            None => (DEFAULT_VIEWPORT.width, DEFAULT_VIEWPORT.height),
            Some(value) => parse_size(&value.to_string_lossy()).ok_or_else(|| {
                invalid(format!(
                    "{VIEWPORT}={:?} is not COLSxROWS with both at least 1 (for example 120x40)",
                    value.to_string_lossy()
                ))
            })?,
        };
        Ok(Some(Automation {
            socket: PathBuf::from(socket),
            viewport,
            artifacts: artifacts.map(PathBuf::from),
            headless,
        }))
    }

    /// Mounts `app` — off screen (at the viewport) or in the real terminal
    /// (at its size) — and serves it until a client closes it or it quits.
    /// Time is real.
    ///
    /// # Errors
    ///
    /// What mounting fails with, the socket's failures, and what the
    /// session fails with outside a request.
    pub fn serve<C: Component>(
        self,
        app: C,
        options: TerminalOptions,
    ) -> Result<Stopped, AutomationError> {
        // Bound first: once the app shows its first frame, the socket answers.
        let server = Server::bind(ServerConfig::new(&self.socket)).map_err(serve_error)?;
        let sink = match &self.artifacts {
            Some(dir) => Some(Artifacts::new(dir).formats(automation_formats()).check()?),
            None => None,
        };
        if !self.headless {
            let mut watched = WatchedApp::start(app, options)?;
            if let Some(sink) = sink {
                watched.engine_mut().commit_record_mut().add_checkpoint_sink(sink);
            }
            return server.serve(&mut watched).map_err(serve_error);
        }
        let (cols, rows) = self.viewport;
        let options = SessionOptions::default().viewport(cols, rows).clock(ClockMode::Realtime);
        let mut served = ServedApp::start(app, options)?;
        if let Some(sink) = sink {
            served.engine_mut().commit_record_mut().add_checkpoint_sink(sink);
        }
        // The one line a launcher waits for: the socket answers from now on.
        // (Not in a real terminal: the person's screen is the app's.)
        eprintln!("rehearse: serving {} (rehearse/1)", self.socket.display());
        server.serve(&mut served).map_err(serve_error)
    }
}

pub(super) fn serve_error(error: rehearse_control::ServeError) -> AutomationError {
    match error {
        rehearse_control::ServeError::Session(error) => error,
        other => AutomationError::Io(std::io::Error::other(other.to_string())),
    }
}

/// `COLSxROWS`, both at least 1.
pub(crate) fn parse_size(text: &str) -> Option<(u16, u16)> {
    let (cols, rows) = text.trim().split_once(['x', 'X'])?;
    let (cols, rows) = (cols.parse().ok()?, rows.parse().ok()?);
    (cols > 0 && rows > 0).then_some((cols, rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(text: &str) -> Option<std::ffi::OsString> {
        Some(text.into())
    }

    #[test]
    fn nothing_set_is_no_automation() {
        assert_eq!(Automation::from_vars(None, None, None, None).unwrap(), None);
    }

    #[test]
    fn headless_with_a_socket_serves_at_the_asked_viewport() {
        let automation = Automation::from_vars(os("/s/app.sock"), os("1"), os("120x40"), os("out"))
            .unwrap()
            .unwrap();
        assert_eq!(automation.viewport, (120, 40));
        assert_eq!(automation.socket, PathBuf::from("/s/app.sock"));
        assert_eq!(automation.artifacts, Some(PathBuf::from("out")));
        assert!(automation.headless);
    }

    #[test]
    fn a_socket_without_headless_serves_from_the_real_terminal() {
        let automation =
            Automation::from_vars(os("/s/app.sock"), None, None, None).unwrap().unwrap();
        assert!(!automation.headless);
    }

    #[test]
    fn bad_values_are_refused_naming_the_variable() {
        let cases = [
            (
                os("/s"),
                os("1"),
                os("120by40"),
                "REHEARSE_AUTOMATION_VIEWPORT=\"120by40\" is not COLSxROWS",
            ),
            (os("/s"), os("1"), os("0x40"), "both at least 1"),
            (os("/s"), os("yes"), None, "REHEARSE_AUTOMATION_HEADLESS=\"yes\" is not 1 or 0"),
            (None, os("1"), None, "needs REHEARSE_CONTROL"),
        ];
        for (control, headless, viewport, message) in cases {
            let error = Automation::from_vars(control, headless, viewport, None).unwrap_err();
            assert!(error.to_string().contains(message), "{error}");
        }
    }
}
