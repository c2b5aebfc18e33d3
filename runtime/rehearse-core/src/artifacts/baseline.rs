//! Golden baselines: a checkpoint sink that compares each checkpoint's
//! formats with committed goldens, under a closed manifest.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::atomic::{is_temp_file, write_atomic};
use super::check::{Check, Checks};
use super::diff::describe;
use super::encode::{encode_all_hiding, hiding_secrets};
use super::screen::Screen;
use super::sink::validate_name;
use crate::error::AutomationError;
use crate::format::{Format, pending_path};
use crate::golden_report::{self, GoldenResult, GoldenStatus};
use crate::redact::TypedSecrets;
use crate::{Checkpoint, CheckpointSink, CommittedFrame, SinkHost};

/// What a baseline does with its goldens (as insta's `INSTA_UPDATE`): a
/// mode given to [`Baseline::with_mode`] wins; otherwise `REHEARSE_SNAPSHOT`
/// chooses; otherwise [`Auto`](Self::Auto).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SnapshotMode {
    /// Compare; on a mismatch or a missing golden, write the actual output
    /// beside the golden as a pending file (`NAME.FORMAT.new`) for
    /// `rehearse review` — except under `CI=true`, where it only compares
    /// (the default).
    #[default]
    Auto,
    /// Compare with the goldens and never write.
    Compare,
    /// Write new and changed goldens, delete stale ones; then review the
    /// diff and commit it.
    Update,
    /// Compare, and write pending files for every mismatch and missing
    /// golden, under CI too.
    New,
}

impl SnapshotMode {
    /// The environment variable that selects the mode.
    pub const ENV: &'static str = "REHEARSE_SNAPSHOT";

    /// The mode `REHEARSE_SNAPSHOT` selects: unset or empty is `auto`.
    ///
    /// # Errors
    ///
    /// [`AutomationError::UnknownSnapshotMode`] for any other value, listing
    /// the valid modes.
    pub fn from_env() -> Result<Self, AutomationError> {
        match std::env::var(Self::ENV) {
            Ok(value) => Self::parse(&value),
            Err(std::env::VarError::NotPresent) => Ok(Self::Auto),
            Err(std::env::VarError::NotUnicode(value)) => {
                Err(AutomationError::UnknownSnapshotMode {
                    value: value.to_string_lossy().into_owned(),
                })
            }
        }
    }

    /// Parses a mode: `auto`, `compare`, `update`, `new`, or empty (`auto`).
    ///
    /// # Errors
    ///
    /// [`AutomationError::UnknownSnapshotMode`] for anything else.
    pub fn parse(value: &str) -> Result<Self, AutomationError> {
        match value {
            "" | "auto" => Ok(Self::Auto),
            "compare" => Ok(Self::Compare),
            "update" => Ok(Self::Update),
            "new" => Ok(Self::New),
            other => Err(AutomationError::UnknownSnapshotMode { value: other.to_owned() }),
        }
    }

    /// The mode's name.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Compare => "compare",
            Self::Update => "update",
            Self::New => "new",
        }
    }

    /// Whether a mismatch or a missing golden writes a pending file here:
    /// `new` always, `auto` unless `CI` is `true` (or `1`).
    pub fn writes_pending(self) -> bool {
        match self {
            Self::New => true,
            Self::Auto => !under_ci(),
            Self::Compare | Self::Update => false,
        }
    }
}

/// Whether `CI` says this is a CI run (`true` or `1`, any case).
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| value.eq_ignore_ascii_case("true") || value == "1")
}

/// Compares checkpoints with committed goldens in one directory that
/// belongs to one test: `{dir}/{checkpoint}.{ext}` per format.
///
/// - `auto` (default), `compare`, `new`: a missing golden
///   ([`AutomationError::MissingGolden`]) or a different one
///   ([`AutomationError::BaselineMismatch`], with a readable diff) does not
///   stop the scenario: every checkpoint runs, and
///   [`finish`](Self::finish) fails with one
///   [`AutomationError::GoldensDiffer`] listing every checkpoint and format
///   that did not match, each with its diff (soft goldens, like Playwright's
///   `expect.soft`). [`stop_at_first`](Self::stop_at_first) fails the
///   checkpoint step itself instead. A golden is never overwritten, and the
///   actual output is never lost: `auto` (outside `CI=true`) and `new`
///   write it beside the golden as a pending file, `NAME.FORMAT.new`
///   ([`pending_path`]), for `rehearse review` (as insta's `.snap.new`);
///   a golden that matches again removes its stale pending file. `compare`
///   writes nothing.
/// - `update`: new and changed goldens are written (atomically), unchanged
///   ones left alone, pending files removed, stale goldens deleted by
///   [`finish`](Self::finish).
///
/// The manifest is closed: the goldens in the directory are exactly what
/// the test's checkpoints produce. [`finish`](Self::finish) fails on
/// *stale* goldens — files no checkpoint produced — except in update mode. A
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
///     .expect("REHEARSE_SNAPSHOT is a snapshot mode")
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
    /// Checks each checkpoint makes before it is compared.
    checks: Checks,
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
                checks: Checks::default(),
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

    /// Makes these checks at every checkpoint (duplicates dropped) before
    /// comparing it: a screen that fails one fails the checkpoint step at
    /// once with what the check found (soft goldens or not), and nothing is
    /// compared or written for it — no golden updated, no pending file
    /// ([`Check`], docs/artifacts.md).
    #[must_use]
    pub fn checks(self, checks: impl IntoIterator<Item = Check>) -> Self {
        self.state.borrow_mut().checks = Checks::new(checks);
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
        self.state.borrow_mut().check(name, frame, None)
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
    /// Compares (or updates) checkpoint `name` of `frame`, with what was
    /// typed as `secrets` hidden in every format but PNG and in the diffs.
    fn check(
        &mut self,
        name: &str,
        frame: &CommittedFrame,
        secrets: Option<&TypedSecrets>,
    ) -> Result<(), AutomationError> {
        validate_name(name)?;
        if !self.names.insert(name.to_owned()) {
            return Err(AutomationError::InvalidCheckpointName {
                name: name.to_owned(),
                reason: "this test already recorded a checkpoint with that name; golden names must be unique within a baseline".to_owned(),
            });
        }
        // Its goldens are this test's, checked or not: never stale.
        for format in &self.formats {
            self.produced.insert(format.file_name(name));
        }
        self.checks.run(name, &frame.buffer)?;
        let hidden = hiding_secrets(frame, secrets);
        let artifacts = encode_all_hiding(&self.formats, frame, &hidden)?;
        // Goldens this checkpoint did not match, in format order.
        let mut failures = Vec::new();
        let screen = Screen::from_frame(&hidden);
        for artifact in artifacts {
            let file = artifact.format.file_name(name);
            let golden = self.dir.join(&file);
            let existing = match fs::read(&golden) {
                Ok(bytes) => Some(bytes),
                Err(error) if error.kind() == io::ErrorKind::NotFound => None,
                Err(error) => return Err(io_error(&golden, error)),
            };
            let pending = pending_path(&golden);
            let status = match (self.mode, existing) {
                (SnapshotMode::Update, existing) => {
                    let status = if existing.as_deref() == Some(artifact.bytes.as_slice()) {
                        GoldenStatus::Matched
                    } else {
                        fs::create_dir_all(&self.dir)
                            .map_err(|error| io_error(&self.dir, error))?;
                        write_atomic(&golden, &artifact.bytes)
                            .map_err(|error| io_error(&golden, error))?;
                        self.written.push(file);
                        GoldenStatus::Written
                    };
                    remove_pending(&pending)?;
                    report(name, artifact.format, status, &golden, None, None);
                    continue;
                }
                (_, None) => {
                    let pending = self.keep_pending(&pending, &artifact.bytes)?;
                    report(
                        name,
                        artifact.format,
                        GoldenStatus::Missing,
                        &golden,
                        pending.as_deref(),
                        None,
                    );
                    failures.push(AutomationError::MissingGolden {
                        checkpoint: name.to_owned(),
                        format: artifact.format,
                        golden,
                        pending: pending.is_some(),
                    });
                    continue;
                }
                (_, Some(existing)) => {
                    describe(artifact.format, &existing, &artifact.bytes, &screen)
                }
            };
            match status {
                None => {
                    if self.mode.writes_pending() {
                        remove_pending(&pending)?;
                    }
                    report(name, artifact.format, GoldenStatus::Matched, &golden, None, None);
                }
                Some(diff) => {
                    let pending = self.keep_pending(&pending, &artifact.bytes)?;
                    report(
                        name,
                        artifact.format,
                        GoldenStatus::Differs,
                        &golden,
                        pending.as_deref(),
                        Some(&diff),
                    );
                    failures.push(AutomationError::BaselineMismatch {
                        checkpoint: name.to_owned(),
                        format: artifact.format,
                        golden,
                        diff,
                        pending: pending.is_some(),
                    });
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

    /// Writes `bytes` as the pending file at `path` when the mode writes
    /// pending files; returns its path then.
    fn keep_pending(&self, path: &Path, bytes: &[u8]) -> Result<Option<PathBuf>, AutomationError> {
        if !self.mode.writes_pending() {
            return Ok(None);
        }
        fs::create_dir_all(&self.dir).map_err(|error| io_error(&self.dir, error))?;
        write_atomic(path, bytes).map_err(|error| io_error(path, error))?;
        Ok(Some(path.to_path_buf()))
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
            if !stale.is_empty() && self.mode != SnapshotMode::Update {
                failures
                    .push(AutomationError::StaleGoldens { dir: self.dir.clone(), files: stale });
            }
            return Err(AutomationError::GoldensDiffer { dir: self.dir.clone(), failures });
        }
        if stale.is_empty() {
            return Ok(());
        }
        match self.mode {
            SnapshotMode::Auto | SnapshotMode::Compare | SnapshotMode::New => {
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

/// Removes a pending file left by an earlier run, if there is one.
fn remove_pending(path: &Path) -> Result<(), AutomationError> {
    match fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(io_error(path, error)),
    }
}

/// Tells whoever records the step (the trace) how a golden compared.
fn report(
    checkpoint: &str,
    format: Format,
    status: GoldenStatus,
    golden: &Path,
    pending: Option<&Path>,
    diff: Option<&str>,
) {
    golden_report::report(|| GoldenResult {
        checkpoint: checkpoint.to_owned(),
        format,
        status,
        golden: golden.to_path_buf(),
        pending: pending.map(Path::to_path_buf),
        diff: diff.map(str::to_owned),
    });
}

fn io_error(path: &Path, error: io::Error) -> AutomationError {
    AutomationError::Io(io::Error::new(error.kind(), format!("{}: {error}", path.display())))
}

impl CheckpointSink for BaselineSink {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        if checkpoint.diagnostic {
            return Ok(());
        }
        self.state.borrow_mut().check(checkpoint.name, checkpoint.frame, checkpoint.secrets)
    }

    fn needs_terminal(&self) -> Option<Format> {
        self.state.borrow().formats.iter().copied().find(|format| format.needs_terminal())
    }
}
