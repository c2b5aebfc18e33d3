//! How a server is configured: where its socket is, its limits, how long it
//! waits for a client before it stops.

use std::path::PathBuf;
use std::time::Duration;

use rehearse_protocol::limits::Limits;

/// The quiet window an `idle` request uses when it names none.
pub const DEFAULT_QUIET: Duration = Duration::from_millis(50);

/// A server's configuration.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The socket's path. Its directory is created owner-only when missing
    /// and must be enterable by the owner alone when present.
    pub socket: PathBuf,
    /// The wire's limits (the defaults are the ceilings).
    pub limits: Limits,
    /// Stop serving (and close the session) after this long without a
    /// request; `None` serves until `close` or the session ends.
    pub idle_timeout: Option<Duration>,
    /// The quiet window of an `idle` request that names none.
    pub default_quiet: Duration,
    /// How long a reply may wait for a client that does not read before
    /// its connection is dropped.
    pub write_timeout: Duration,
    /// The directory `use:` in an `act` script reads below (relative paths
    /// only, no `..`, links resolved and checked); `None` refuses every
    /// `use:`, saying why. A client's script never reads this process's
    /// other files.
    pub scripts: Option<PathBuf>,
    /// The directory the traces of failing requests (`act`, `wait-for`)
    /// are written into, one directory each (`3-a1/` for the third
    /// failure, request `a1`), when the session records a trace; the
    /// error reply names the files relative to it (`trace`). `None`
    /// writes none and names none.
    pub traces: Option<PathBuf>,
}

impl ServerConfig {
    /// A server at `socket` with the default limits, no idle timeout.
    pub fn new(socket: impl Into<PathBuf>) -> ServerConfig {
        ServerConfig {
            socket: socket.into(),
            limits: Limits::default(),
            idle_timeout: None,
            default_quiet: DEFAULT_QUIET,
            write_timeout: Duration::from_secs(10),
            scripts: None,
            traces: None,
        }
    }

    /// The same with a directory the traces of failing requests go to.
    #[must_use]
    pub fn traces(mut self, dir: Option<PathBuf>) -> ServerConfig {
        self.traces = dir;
        self
    }

    /// The same with a directory `use:` in an `act` reads below.
    #[must_use]
    pub fn scripts(mut self, dir: Option<PathBuf>) -> ServerConfig {
        self.scripts = dir;
        self
    }

    /// The same with `limits`.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> ServerConfig {
        self.limits = limits;
        self
    }

    /// The same with an idle timeout.
    #[must_use]
    pub fn idle_timeout(mut self, timeout: Option<Duration>) -> ServerConfig {
        self.idle_timeout = timeout;
        self
    }
}
