//! When a trace is recorded and kept, where it goes, and how big it may
//! grow: [`TraceMode`], [`TraceOptions`], [`TraceLimits`].

use std::fmt;
use std::path::PathBuf;

/// Whether a session records a trace, and when it keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TraceMode {
    /// Record nothing. Every hook returns at once.
    Off,
    /// Record every step and write the trace when a run ends, passed or
    /// failed.
    On,
    /// Record every step; write the trace only when a step fails (as
    /// Playwright's `retain-on-failure`). The default, see
    /// [`DEFAULT`](Self::DEFAULT).
    RetainOnFailure,
}

impl Default for TraceMode {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl TraceMode {
    /// The environment variable that selects the mode: `off`, `on` or
    /// `retain-on-failure`, for sessions whose options choose none, so a
    /// `cargo test` run can turn traces on or off without a code change.
    pub const ENV: &'static str = "REHEARSE_TRACE";

    /// The mode when neither the options nor the environment choose one:
    /// `retain-on-failure`, since recording is cheap (a traced click on the
    /// todo app's 200 items costs 1.25 times an untraced one, within the
    /// goal of 1.3; docs/performance.md) and a failure then names its
    /// trace. A session served over a control socket records only when
    /// asked ([`served`](Self::served)).
    pub const DEFAULT: Self = Self::RetainOnFailure;

    /// The mode a session served over a control socket records in when
    /// its host was given no trace directory: `REHEARSE_TRACE`'s when it is
    /// set (`None`: the environment decides), else `off` — a served
    /// session may run for days, and nothing would write what it records.
    pub fn served() -> Option<Self> {
        std::env::var_os(Self::ENV).is_none().then_some(Self::Off)
    }

    /// The mode's spelling.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Off => "off",
            Self::On => "on",
            Self::RetainOnFailure => "retain-on-failure",
        }
    }

    /// Parses a mode; empty is the [default](Self::DEFAULT).
    ///
    /// # Errors
    ///
    /// The value, for anything but `off`, `on`, `retain-on-failure` or empty.
    pub fn parse(value: &str) -> Result<Self, String> {
        match value {
            "" => Ok(Self::DEFAULT),
            "off" => Ok(Self::Off),
            "on" => Ok(Self::On),
            "retain-on-failure" => Ok(Self::RetainOnFailure),
            other => Err(other.to_owned()),
        }
    }

    /// The mode `REHEARSE_TRACE` selects, if it is set.
    ///
    /// # Errors
    ///
    /// The value, when it is not a mode (or not Unicode).
    pub fn from_env() -> Result<Option<Self>, String> {
        match std::env::var(Self::ENV) {
            Ok(value) => Self::parse(&value).map(Some),
            Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(value)) => Err(value.to_string_lossy().into_owned()),
        }
    }

    /// Whether steps are recorded at all.
    pub const fn records(self) -> bool {
        !matches!(self, Self::Off)
    }

    /// Whether a run that ended this way keeps its trace.
    pub const fn keeps(self, failed: bool) -> bool {
        match self {
            Self::Off => false,
            Self::On => true,
            Self::RetainOnFailure => failed,
        }
    }
}

impl fmt::Display for TraceMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How large a trace may grow. Past a bound the oldest steps are dropped —
/// the newest are kept — and the trace says so (`truncated`). See
/// `docs/limits.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TraceLimits {
    /// The most steps kept.
    pub steps: usize,
    /// The most distinct screens kept.
    pub screens: usize,
    /// About the most bytes the trace's tables (lines, nodes, steps) may
    /// take, as `trace.json` would write them.
    pub bytes: usize,
}

impl TraceLimits {
    /// 10,000 steps, 5,000 distinct screens, 32 MiB.
    pub const DEFAULT: Self = Self { steps: 10_000, screens: 5_000, bytes: 32 << 20 };
}

impl Default for TraceLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// What a session's trace does: its mode, where it is written, what it is
/// called, how large it may grow.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct TraceOptions {
    /// The mode the options ask for; when they ask for none,
    /// `REHEARSE_TRACE` chooses, and without it [`TraceMode::DEFAULT`].
    pub mode: Option<TraceMode>,
    /// The directory to write `trace.json`, `trace.md` and `trace.html`
    /// into. By default `target/rehearse/traces/<title>/` (the cargo target
    /// directory of the running test), `-2`, `-3`… added when another
    /// session of the same process took it.
    pub dir: Option<PathBuf>,
    /// What ran (a test's name, a script). By default the name of the
    /// current thread, which `cargo test` names after the test.
    pub title: Option<String>,
    /// The bounds.
    pub limits: TraceLimits,
}

impl TraceOptions {
    /// Options with nothing chosen: the environment or the defaults decide.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks for `mode` (over `REHEARSE_TRACE`).
    #[must_use]
    pub fn mode(mut self, mode: TraceMode) -> Self {
        self.mode = Some(mode);
        self
    }

    /// Writes into `dir`.
    #[must_use]
    pub fn dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.dir = Some(dir.into());
        self
    }

    /// Calls the run `title`.
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Bounds the trace.
    #[must_use]
    pub fn limits(mut self, limits: TraceLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The mode in force: the options', else `REHEARSE_TRACE`'s, else the
    /// default (as a baseline's explicit mode wins over
    /// `REHEARSE_SNAPSHOT`).
    ///
    /// # Errors
    ///
    /// The environment's value when it is read and is not a mode.
    pub fn resolved_mode(&self) -> Result<TraceMode, String> {
        match self.mode {
            Some(mode) => Ok(mode),
            None => Ok(TraceMode::from_env()?.unwrap_or(TraceMode::DEFAULT)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_parse_and_keep() {
        assert_eq!(TraceMode::parse("on"), Ok(TraceMode::On));
        assert_eq!(TraceMode::parse(""), Ok(TraceMode::DEFAULT));
        assert_eq!(TraceMode::parse("yes"), Err("yes".to_owned()));
        assert!(TraceMode::RetainOnFailure.keeps(true));
        assert!(!TraceMode::RetainOnFailure.keeps(false));
        assert!(TraceMode::On.keeps(false));
        assert!(!TraceMode::Off.records());
    }
}
