//! Golden baselines: a checkpoint sink that compares each checkpoint's
//! formats with committed goldens, under a closed manifest.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::atomic::{is_temp_file, write_atomic};
use super::diff::describe;
use super::encode::encode_all;
use super::screen::Screen;
use super::sink::validate_name;
use crate::error::AutomationError;
use crate::format::Format;
use crate::{Checkpoint, CheckpointSink, CommittedFrame, SinkHost};

/// What a baseline does with its goldens, from `REHEARSE_SNAPSHOT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SnapshotMode {
    /// Compare with the goldens and never write (the default, and CI's).
    #[default]
    Compare,
    /// Write new and changed goldens, delete stale ones; then review the
    /// diff and commit it.
    Update,
}

impl SnapshotMode {
    /// The environment variable that selects the mode.
    pub const ENV: &'static str = "REHEARSE_SNAPSHOT";

    /// The mode `REHEARSE_SNAPSHOT` selects: unset or empty is `compare`.
    ///
    /// # Errors
    ///
    /// [`AutomationError::UnknownSnapshotMode`] for any other value, listing
    /// the valid modes.
    pub fn from_env() -> Result<Self, AutomationError> {
        match std::env::var(Self::ENV) {
            Ok(value) => Self::parse(&value),
            Err(std::env::VarError::NotPresent) => Ok(Self::Compare),
            Err(std::env::VarError::NotUnicode(value)) => {
                Err(AutomationError::UnknownSnapshotMode {
                    value: value.to_string_lossy().into_owned(),
                })
            }
        }
    }

    /// Parses a mode: `compare`, `update`, or empty (`compare`).
    ///
    /// # Errors
    ///
    /// [`AutomationError::UnknownSnapshotMode`] for anything else.
    pub fn parse(value: &str) -> Result<Self, AutomationError> {
        match value {
            "" | "compare" => Ok(Self::Compare),
            "update" => Ok(Self::Update),
            other => Err(AutomationError::UnknownSnapshotMode { value: other.to_owned() }),
        }
    }

    /// The mode's name.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Compare => "compare",
            Self::Update => "update",
        }
    }
}

/// Compares checkpoints with committed goldens in one directory that
/// belongs to one test: `{dir}/{checkpoint}.{ext}` per format.
///
/// - `compare` (default): a missing golden ([`AutomationError::MissingGolden`])
///   or a different one ([`AutomationError::BaselineMismatch`], with a
///   readable diff) does not stop the scenario: every checkpoint runs, and
///   [`finish`](Self::finish) fails with one
///   [`AutomationError::GoldensDiffer`] listing every checkpoint and format
///   that did not match, each with its diff (soft goldens, like insta's
///   pending snapshots and Playwright's `expect.soft`).
///   [`stop_at_first`](Self::stop_at_first) fails the checkpoint step
///   itself instead. Nothing is ever written.
/// - `update`: new and changed goldens are written (atomically), unchanged
///   ones left alone, stale ones deleted by [`finish`](Self::finish).
///
/// The manifest is closed: the goldens in the directory are exactly what
/// the test's checkpoints produce. [`finish`](Self::finish) fails on
/// *stale* goldens — files no checkpoint produced — in compare mode. A
/// test cannot forget it: dropping an unfinished baseline runs the same
/// check and panics on failure (unless the thread is already panicking).
/// Diagnostic checkpoints (taken to explain a failure) are not compared.
///
/// ```no_run
/// use rehearse::artifacts::{Baseline, Format};
/// # use rehearse::prelude::*;
/// # struct App;
/// # impl Component for App { type Message = (); fn update(&mut self, _: (), _: &mut Context<'_, Self>) {} fn view(&self, _: &mut Ui<'_, ()>) {} }
/// // Fails here, before any step, when REHEARSE_SNAPSHOT holds a bad mode.
/// let baseline = Baseline::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/goldens/app/starts"))
///     .expect("REHEARSE_SNAPSHOT is compare or update")
///     .formats([Format::Styled, Format::Markdown]);
/// let mut session = Session::new(App, SessionOptions::default().viewport(40, 10));
/// baseline.attach(&mut session);
/// session.run([AutomationStep::checkpoint("start")]).expect("matches its goldens");
/// baseline.finish().expect("no missing or stale goldens");
/// ```
#[derive(Debug)]
pub struct Baseline {
    state: Rc<RefCell<State>>,
    finished: bool,
}

#[derive(Debug)]
struct State {
    dir: PathBuf,
    mode: SnapshotMode,
    formats: Vec<Format>,
    /// Checkpoint names seen.
    names: BTreeSet<String>,
    /// Golden file names produced.
    produced: BTreeSet<String>,
    /// Golden file names written (update mode).
    written: Vec<String>,
    /// Fail the checkpoint at its first mismatch instead of at `finish`.
    stop_at_first: bool,
    /// Mismatches and missing goldens found so far (soft mode).
    failures: Vec<AutomationError>,
}

/// The checkpoint sink half of a [`Baseline`]; add it to a session with
/// `session.add_checkpoint_sink(baseline.sink())` (or use
/// [`Baseline::attach`]).
#[derive(Debug, Clone)]
pub struct BaselineSink {
    state: Rc<RefCell<State>>,
}

impl Baseline {
    /// The formats compared when none are chosen.
    pub const DEFAULT_FORMATS: [Format; 2] = [Format::Styled, Format::Markdown];

    /// A baseline over `dir` in the mode `REHEARSE_SNAPSHOT` selects,
    /// comparing the [default formats](Self::DEFAULT_FORMATS).
    ///
    /// # Errors
    ///
    /// [`AutomationError::UnknownSnapshotMode`] for a bad mode, so a test
    /// fails before its first step runs.
    pub fn new(dir: impl Into<PathBuf>) -> Result<Self, AutomationError> {
        Ok(Self::with_mode(dir, SnapshotMode::from_env()?))
    }

    /// A baseline over `dir` in an explicit mode (ignores the environment).
    pub fn with_mode(dir: impl Into<PathBuf>, mode: SnapshotMode) -> Self {
        Self {
            state: Rc::new(RefCell::new(State {
                dir: dir.into(),
                mode,
                formats: Self::DEFAULT_FORMATS.to_vec(),
                names: BTreeSet::new(),
                produced: BTreeSet::new(),
                written: Vec::new(),
                stop_at_first: false,
                failures: Vec::new(),
            })),
            finished: false,
        }
    }

    /// Compares these formats (duplicates dropped, order kept).
    #[must_use]
    pub fn formats(self, formats: impl IntoIterator<Item = Format>) -> Self {
        {
            let mut state = self.state.borrow_mut();
            state.formats.clear();
            for format in formats {
                if !state.formats.contains(&format) {
                    state.formats.push(format);
                }
            }
        }
        self
    }

    /// With `true`, a missing or different golden fails its checkpoint
    /// step at once, stopping the scenario there; by default (`false`) the
    /// scenario goes on and [`finish`](Self::finish) reports every one.
    #[must_use]
    pub fn stop_at_first(self, stop: bool) -> Self {
        self.state.borrow_mut().stop_at_first = stop;
        self
    }

    /// Mismatches and missing goldens found so far (soft mode), each with
    /// its diff; [`finish`](Self::finish) reports them.
    pub fn failures(&self) -> Vec<String> {
        self.state.borrow().failures.iter().map(ToString::to_string).collect()
    }

    /// The mode.
    pub fn mode(&self) -> SnapshotMode {
        self.state.borrow().mode
    }

    /// The golden directory.
    pub fn dir(&self) -> PathBuf {
        self.state.borrow().dir.clone()
    }

    /// The sink to add to a session.
    pub fn sink(&self) -> BaselineSink {
        BaselineSink { state: Rc::clone(&self.state) }
    }

    /// Adds this baseline's sink to `session`.
    pub fn attach(&self, session: &mut (impl SinkHost + ?Sized)) {
        session.commit_record_mut().add_checkpoint_sink(self.sink());
    }

    /// Compares (or updates) the goldens of one checkpoint directly.
    ///
    /// # Errors
    ///
    /// As the sink: an invalid or repeated name, an unsupported format, a
    /// missing or different golden, I/O.
    pub fn check(&self, name: &str, frame: &CommittedFrame) -> Result<(), AutomationError> {
        self.state.borrow_mut().check(name, frame)
    }

    /// Golden files written so far (update mode), by file name.
    pub fn written(&self) -> Vec<String> {
        self.state.borrow().written.clone()
    }

    /// Closes the manifest: goldens in the directory that no checkpoint
    /// produced are stale — an error in compare mode, deleted in update
    /// mode — and reports every golden that did not match.
    ///
    /// # Errors
    ///
    /// [`AutomationError::GoldensDiffer`] listing every missing or
    /// different golden (with its diff) and the stale ones, when any
    /// checkpoint did not match; otherwise [`AutomationError::StaleGoldens`]
    /// listing the stale goldens; or I/O.
    pub fn finish(mut self) -> Result<(), AutomationError> {
        self.finished = true;
        self.state.borrow_mut().close()
    }
}

impl Drop for Baseline {
    fn drop(&mut self) {
        if !self.finished && !std::thread::panicking() {
            self.finished = true;
            if let Err(error) = self.state.borrow_mut().close() {
                panic!("baseline dropped without finish(): {error}");
            }
        }
    }
}

impl State {
    fn check(&mut self, name: &str, frame: &CommittedFrame) -> Result<(), AutomationError> {
        validate_name(name)?;
        if !self.names.insert(name.to_owned()) {
            return Err(AutomationError::InvalidCheckpointName {
                name: name.to_owned(),
                reason: "this test already recorded a checkpoint with that name; golden names must be unique within a baseline".to_owned(),
            });
        }
        let artifacts = encode_all(&self.formats, frame)?;
        // Goldens this checkpoint did not match, in format order.
        let mut failures = Vec::new();
        for artifact in &artifacts {
            self.produced.insert(artifact.format.file_name(name));
        }
        let screen = Screen::from_frame(frame);
        for artifact in artifacts {
            let file = artifact.format.file_name(name);
            let golden = self.dir.join(&file);
            let existing = match fs::read(&golden) {
                Ok(bytes) => Some(bytes),
                Err(error) if error.kind() == io::ErrorKind::NotFound => None,
                Err(error) => return Err(io_error(&golden, error)),
            };
            match (self.mode, existing) {
                (SnapshotMode::Compare, None) => {
                    failures.push(AutomationError::MissingGolden {
                        checkpoint: name.to_owned(),
                        format: artifact.format,
                        golden,
                    });
                }
                (SnapshotMode::Compare, Some(existing)) => {
                    if let Some(diff) =
                        describe(artifact.format, &existing, &artifact.bytes, &screen)
                    {
                        failures.push(AutomationError::BaselineMismatch {
                            checkpoint: name.to_owned(),
                            format: artifact.format,
                            golden,
                            diff,
                        });
                    }
                }
                (SnapshotMode::Update, existing) => {
                    if existing.as_deref() != Some(artifact.bytes.as_slice()) {
                        fs::create_dir_all(&self.dir)
                            .map_err(|error| io_error(&self.dir, error))?;
                        write_atomic(&golden, &artifact.bytes)
                            .map_err(|error| io_error(&golden, error))?;
                        self.written.push(file);
                    }
                }
            }
        }
        // Stop at the first, or note them all and let the scenario go on
        // (soft goldens): `finish` reports every one.
        if self.stop_at_first && !failures.is_empty() {
            return Err(failures.swap_remove(0));
        }
        self.failures.extend(failures);
        Ok(())
    }

    /// The goldens in the directory (by format extension) that no
    /// checkpoint produced.
    fn stale(&self) -> Result<Vec<String>, AutomationError> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(io_error(&self.dir, error)),
        };
        let mut stale = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|error| io_error(&self.dir, error))?;
            if !entry.file_type().map_err(|error| io_error(&entry.path(), error))?.is_file() {
                continue;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_temp_file(&name) || Format::of_file_name(&name).is_none() {
                continue;
            }
            if !self.produced.contains(&name) {
                stale.push(name);
            }
        }
        stale.sort();
        Ok(stale)
    }

    fn close(&mut self) -> Result<(), AutomationError> {
        let stale = self.stale()?;
        if !self.failures.is_empty() {
            let mut failures = std::mem::take(&mut self.failures);
            if !stale.is_empty() && self.mode == SnapshotMode::Compare {
                failures
                    .push(AutomationError::StaleGoldens { dir: self.dir.clone(), files: stale });
            }
            return Err(AutomationError::GoldensDiffer { dir: self.dir.clone(), failures });
        }
        if stale.is_empty() {
            return Ok(());
        }
        match self.mode {
            SnapshotMode::Compare => {
                Err(AutomationError::StaleGoldens { dir: self.dir.clone(), files: stale })
            }
            SnapshotMode::Update => {
                for file in stale {
                    let path = self.dir.join(file);
                    fs::remove_file(&path).map_err(|error| io_error(&path, error))?;
                }
                Ok(())
            }
        }
    }
}

fn io_error(path: &Path, error: io::Error) -> AutomationError {
    AutomationError::Io(io::Error::new(error.kind(), format!("{}: {error}", path.display())))
}

impl CheckpointSink for BaselineSink {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        if checkpoint.diagnostic {
            return Ok(());
        }
        self.state.borrow_mut().check(checkpoint.name, checkpoint.frame)
    }
}
