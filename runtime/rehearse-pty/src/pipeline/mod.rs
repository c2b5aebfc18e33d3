//! The artifact pipeline: files the program wrote, captured as named
//! artifacts (`download`), new artifacts made from them by external commands
//! (`transform`), references to them in later text
//! (`${artifacts.NAME.path}`), and the program's CPU and resident memory
//! sampled over the run (`monitor`). See `docs/terminal.md`.
//!
//! [`Pipeline`] holds one run's artifacts and monitor; [`crate::Terminal`]
//! owns one and exposes it (`download`, `transform`, `substitute`,
//! `monitor`, ...).

mod command;
mod download;
mod error;
mod monitor;
mod placeholder;
mod procfs;
mod registry;
mod report;
mod transform;
mod workdir;

use std::path::Path;
use std::time::Duration;

pub use error::PipelineError;
pub use monitor::{MONITOR_THREAD_NAME, Monitor};
pub use placeholder::OUT;
pub use registry::{Artifact, ArtifactOrigin};
pub use report::{MonitorEnd, MonitorReport, MonitorSample, Spread};
pub use transform::{DEFAULT_TRANSFORM_TIMEOUT, Transform};

use self::registry::Registry;
use self::workdir::WorkDir;
use crate::session::PtySession;

/// The largest artifact, in bytes: 64 MiB. A download of a larger file, a
/// transform whose output grows past it, fail with
/// [`PipelineError::TooLarge`] before anything is registered (a copy is
/// read in memory, then written atomically).
pub const MAX_ARTIFACT_BYTES: u64 = 64 * 1024 * 1024;

/// The shortest monitor interval: 10 ms.
pub const MIN_MONITOR_INTERVAL: Duration = Duration::from_millis(10);

/// The longest monitor interval: 1 hour.
pub const MAX_MONITOR_INTERVAL: Duration = Duration::from_secs(3600);

/// The most samples one monitor keeps: 100,000 (about 17 minutes at
/// 10 ms, 2.8 hours at 100 ms). It stops sampling there, with
/// [`MonitorEnd::SampleLimit`].
pub const MAX_MONITOR_SAMPLES: usize = 100_000;

/// One run's artifacts and monitor.
///
/// The artifacts go into a directory chosen with [`set_dir`](Self::set_dir),
/// else into a private temporary one removed when the pipeline drops.
/// Dropping it stops the monitor's thread and joins it.
#[derive(Debug)]
pub struct Pipeline {
    registry: Registry,
    workdir: WorkDir,
    monitor: Option<Monitor>,
}

impl Default for Pipeline {
    fn default() -> Self {
        Self::new()
    }
}

impl Pipeline {
    /// An empty pipeline writing into a private temporary directory.
    pub fn new() -> Self {
        Self { registry: Registry::new(), workdir: WorkDir::default(), monitor: None }
    }

    /// Remembers the program's working directory now (relative downloads
    /// resolve against it once the program has ended). Call it as soon as
    /// the program has started.
    pub fn observe(&mut self, session: &PtySession) {
        self.workdir.observe(session);
    }

    /// Chooses the artifacts directory (made absolute, created on first
    /// use, kept afterwards; a file of the same name from an earlier run is
    /// replaced). Use a directory of its own: checkpoint files beside them
    /// (`NAME.txt`, ...) could share a name.
    ///
    /// # Errors
    ///
    /// [`PipelineError::Directory`] once an artifact is registered, or for
    /// a path that is not UTF-8 or cannot be made absolute.
    pub fn set_dir(&mut self, dir: impl AsRef<Path>) -> Result<(), PipelineError> {
        self.registry.set_dir(dir.as_ref())
    }

    /// The artifacts directory, once chosen or created.
    pub fn dir(&self) -> Option<&Path> {
        self.registry.current_dir()
    }

    /// Every artifact, in the order registered.
    pub fn artifacts(&self) -> &[Artifact] {
        self.registry.all()
    }

    /// The artifact called `name`.
    pub fn artifact(&self, name: &str) -> Option<&Artifact> {
        self.registry.get(name)
    }

    /// Copies the file the program wrote at `source` (absolute, or relative
    /// to the program's working directory: read from `/proc/PID/cwd` while
    /// it runs, the last one seen once it has ended) into the artifacts
    /// directory as artifact `name`, atomically.
    ///
    /// # Errors
    ///
    /// [`PipelineError::InvalidName`], [`PipelineError::Duplicate`],
    /// [`PipelineError::SourceMissing`] naming the resolved path,
    /// [`PipelineError::NotAFile`], [`PipelineError::TooLarge`] over
    /// [`MAX_ARTIFACT_BYTES`], [`PipelineError::NoWorkingDirectory`],
    /// [`PipelineError::Directory`], [`PipelineError::Io`]. Nothing is
    /// registered on an error.
    pub fn download(
        &mut self,
        session: &PtySession,
        source: impl AsRef<Path>,
        name: &str,
    ) -> Result<&Artifact, PipelineError> {
        let source = source.as_ref();
        let target = self.registry.reserve(name)?;
        let (resolved, base) = self.workdir.resolve(session, source)?;
        let bytes = download::copy(source, &resolved, base, &target, MAX_ARTIFACT_BYTES)?;
        Ok(self.registry.register(Artifact {
            name: name.to_owned(),
            path: target,
            bytes,
            origin: ArtifactOrigin::Download { source: resolved.display().to_string() },
        }))
    }

    /// Runs a transform and registers what it produced.
    ///
    /// # Errors
    ///
    /// The name errors of [`download`](Self::download),
    /// [`PipelineError::UnknownArtifact`] and
    /// [`PipelineError::MalformedReference`] for its placeholders,
    /// [`PipelineError::TransformSpawn`], [`PipelineError::TransformFailed`]
    /// (a non-zero exit, a signal, no file at `${out}`: with the end of its
    /// standard error), [`PipelineError::TransformTimeout`],
    /// [`PipelineError::TooLarge`], [`PipelineError::Io`].
    pub fn transform(&mut self, transform: &Transform) -> Result<&Artifact, PipelineError> {
        transform.run(&mut self.registry, MAX_ARTIFACT_BYTES)
    }

    /// Expands every `${artifacts.NAME.path}` in `text` to that artifact's
    /// absolute path. Any other `${…}` is left as it is.
    ///
    /// # Errors
    ///
    /// [`PipelineError::UnknownArtifact`] listing the known names,
    /// [`PipelineError::MalformedReference`].
    pub fn substitute(&self, text: &str) -> Result<String, PipelineError> {
        placeholder::expand(text, |name, reference| self.registry.lookup(name, reference), None)
    }

    /// Like [`substitute`](Self::substitute), each path escaped for a
    /// regular expression (`regex::escape`: a path's `.` matches only a
    /// dot), for a `matches` wait.
    ///
    /// # Errors
    ///
    /// As [`substitute`](Self::substitute).
    pub fn substitute_regex(&self, pattern: &str) -> Result<String, PipelineError> {
        placeholder::expand_escaped(
            pattern,
            |name, reference| self.registry.lookup(name, reference),
            None,
            regex::escape,
        )
    }

    /// Starts sampling the program every `interval`.
    ///
    /// # Errors
    ///
    /// [`PipelineError::MonitorRunning`] while a monitor samples (a
    /// finished one is replaced), and what [`Monitor::start`] fails with.
    pub fn start_monitor(
        &mut self,
        session: &PtySession,
        interval: Duration,
    ) -> Result<&Monitor, PipelineError> {
        if let Some(monitor) = &self.monitor
            && monitor.is_sampling()
        {
            return Err(PipelineError::MonitorRunning { interval: monitor.interval() });
        }
        self.monitor = None;
        Ok(self.monitor.insert(Monitor::start(session, interval)?))
    }

    /// The monitor, running or finished, if one was started.
    pub fn monitor(&self) -> Option<&Monitor> {
        self.monitor.as_ref()
    }

    /// Stops the monitor (joining its thread) and returns its report.
    pub fn stop_monitor(&mut self) -> Option<MonitorReport> {
        self.monitor.take().map(Monitor::stop)
    }
}
