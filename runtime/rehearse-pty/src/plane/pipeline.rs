//! The artifact pipeline on a [`Terminal`]: `download`, `transform`,
//! `${artifacts.NAME.path}` and `monitor` (see [`crate::pipeline`]).

use std::path::Path;
use std::time::Duration;

use super::Terminal;
use crate::pipeline::{Artifact, Monitor, MonitorReport, Pipeline, PipelineError, Transform};

impl Terminal {
    /// Chooses the directory the run's artifacts go into (made absolute,
    /// created on first use, kept). Without one they go into a private
    /// temporary directory removed when the terminal drops.
    ///
    /// # Errors
    ///
    /// [`PipelineError::Directory`] once an artifact is registered, or for
    /// a path that is not UTF-8.
    pub fn artifacts_dir(&mut self, dir: impl AsRef<Path>) -> Result<(), PipelineError> {
        self.plane_mut().pipeline.set_dir(dir)
    }

    /// Captures a file the program wrote as artifact `name`: `source` is
    /// absolute or relative to the program's working directory (its
    /// current one while it runs: a shell's `cd` counts). Copied
    /// atomically, at most [`MAX_ARTIFACT_BYTES`](crate::pipeline::MAX_ARTIFACT_BYTES).
    ///
    /// # Errors
    ///
    /// See [`Pipeline::download`]: a missing file names the path it
    /// resolved to; a name breaking the checkpoint rules or already taken.
    pub fn download(
        &mut self,
        source: impl AsRef<Path>,
        name: &str,
    ) -> Result<&Artifact, PipelineError> {
        let plane = self.plane_mut();
        plane.pipeline.download(&plane.pty, source, name)
    }

    /// Runs `command` with `args` (no shell; `${artifacts.NAME.path}` and
    /// `${out}` expanded in each) to produce artifact `name`: the file it
    /// writes to `${out}`, or its standard output when no argument names
    /// `${out}`. It runs in the test process's working directory, killed
    /// after [`DEFAULT_TRANSFORM_TIMEOUT`](crate::pipeline::DEFAULT_TRANSFORM_TIMEOUT);
    /// [`run_transform`](Self::run_transform) chooses both.
    ///
    /// # Errors
    ///
    /// See [`Pipeline::transform`]: a failure reports the exit status and
    /// the end of the command's standard error.
    pub fn transform<I, S>(
        &mut self,
        name: &str,
        command: &str,
        args: I,
    ) -> Result<&Artifact, PipelineError>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.plane_mut().pipeline.transform(&Transform::new(name, command).args(args))
    }

    /// Runs a [`Transform`] (its working directory and timeout chosen).
    ///
    /// # Errors
    ///
    /// As [`transform`](Self::transform).
    pub fn run_transform(&mut self, transform: &Transform) -> Result<&Artifact, PipelineError> {
        self.plane_mut().pipeline.transform(transform)
    }

    /// Expands every `${artifacts.NAME.path}` in `text` (for `send:`,
    /// `type:` and waits); any other `${…}` is left as it is.
    ///
    /// # Errors
    ///
    /// [`PipelineError::UnknownArtifact`] listing the known names,
    /// [`PipelineError::MalformedReference`].
    pub fn substitute(&self, text: &str) -> Result<String, PipelineError> {
        self.plane().pipeline.substitute(text)
    }

    /// Like [`substitute`](Self::substitute), each path escaped for a
    /// regular expression, for a wait that `matches` a pattern.
    ///
    /// # Errors
    ///
    /// As [`substitute`](Self::substitute).
    pub fn substitute_regex(&self, pattern: &str) -> Result<String, PipelineError> {
        self.plane().pipeline.substitute_regex(pattern)
    }

    /// The artifact called `name`.
    pub fn artifact(&self, name: &str) -> Option<&Artifact> {
        self.plane().pipeline.artifact(name)
    }

    /// Every artifact of the run, in the order registered.
    pub fn artifacts(&self) -> &[Artifact] {
        self.plane().pipeline.artifacts()
    }

    /// Starts sampling the program's CPU and resident memory every
    /// `interval` on a background thread, until
    /// [`stop_monitor`](Self::stop_monitor), the program's exit, or the
    /// terminal's drop.
    ///
    /// # Errors
    ///
    /// [`PipelineError::InvalidInterval`], [`PipelineError::MonitorRunning`],
    /// [`PipelineError::ProgramEnded`], [`PipelineError::Thread`].
    pub fn monitor(&mut self, interval: Duration) -> Result<&Monitor, PipelineError> {
        let plane = self.plane_mut();
        plane.pipeline.start_monitor(&plane.pty, interval)
    }

    /// The monitor's report so far, if one was started.
    pub fn monitor_report(&self) -> Option<MonitorReport> {
        self.plane().pipeline.monitor().map(Monitor::report)
    }

    /// Stops the monitor, joins its thread, and returns its report.
    pub fn stop_monitor(&mut self) -> Option<MonitorReport> {
        self.plane_mut().pipeline.stop_monitor()
    }

    /// The run's artifacts and monitor.
    pub fn pipeline(&self) -> &Pipeline {
        &self.plane().pipeline
    }
}
