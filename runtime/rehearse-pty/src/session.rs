//! The session: a program in a PTY, its emulator, the reader thread that
//! feeds it (and answers terminal queries at once), input, resize and
//! cleanup. Waits are in `wait.rs`.

use std::ffi::OsString;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Instant;

use rehearse_core::marker::{MarkerKey, MarkerVerifier, SESSION_ENV, TOKEN_ENV};
use rehearse_lang::KeyPress;

use crate::artifacts::asciicast::Recorder;
use crate::emulator::{CursorState, Emulator, QueryColors, TermEvent, Vt100Emulator};
use crate::encode as encoders;
use crate::encode::{InputModes, MouseInput};
use crate::error::{ExitInfo, PtyError};
use crate::process::{self, Spawn};
use crate::settle::{SettlePolicy, SettleTracker};

/// The default size, as Glyphrun and termwright use: 100 columns, 30 rows —
/// the toolkit's one default ([`rehearse_core::DEFAULT_VIEWPORT`], and the
/// `rehearse` CLI's and MCP's).
pub const DEFAULT_SIZE: (u16, u16) =
    (rehearse_core::DEFAULT_VIEWPORT.width, rehearse_core::DEFAULT_VIEWPORT.height);

/// The default scrollback length, in lines.
pub const DEFAULT_SCROLLBACK: usize = 1000;

/// How to start a [`PtySession`].
#[derive(Clone)]
pub struct PtySessionOptions {
    program: OsString,
    args: Vec<OsString>,
    env: Vec<(OsString, OsString)>,
    cwd: Option<PathBuf>,
    cols: u16,
    rows: u16,
    scrollback: usize,
    settle: SettlePolicy,
    marker: Option<(String, String)>,
    record: bool,
    record_input: bool,
    colors: QueryColors,
}

/// The token and the environment's values stay out of `Debug`: they may be
/// secrets (the marker's token is one).
impl std::fmt::Debug for PtySessionOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let env: Vec<_> = self.env.iter().map(|(key, _)| (key, "<redacted>")).collect();
        f.debug_struct("PtySessionOptions")
            .field("program", &self.program)
            .field("args", &self.args)
            .field("env", &env)
            .field("cwd", &self.cwd)
            .field("size", &(self.cols, self.rows))
            .field("scrollback", &self.scrollback)
            .field("settle", &self.settle)
            .field("marker", &self.marker.as_ref().map(|(_, session)| ("<redacted>", session)))
            .field("record", &self.record)
            .field("record_input", &self.record_input)
            .finish_non_exhaustive()
    }
}

/// A terminal size both dimensions of which are at least 1 and whose cells
/// stay within the shared screen limit (the engine's viewport and every
/// golden reader use the same one).
fn check_size(cols: u16, rows: u16) -> Result<(), PtyError> {
    if cols == 0 || rows == 0 || rehearse_core::check_screen_size(cols, rows).is_err() {
        return Err(PtyError::InvalidSize { cols, rows });
    }
    Ok(())
}

impl PtySessionOptions {
    /// Options to run `program` (looked up on `PATH` like
    /// `std::process::Command`) at 100×30, 1000 lines of scrollback, the
    /// default settle policy, no marker key, recording off.
    pub fn new(program: impl Into<OsString>) -> Self {
        Self {
            program: program.into(),
            args: Vec::new(),
            env: Vec::new(),
            cwd: None,
            cols: DEFAULT_SIZE.0,
            rows: DEFAULT_SIZE.1,
            scrollback: DEFAULT_SCROLLBACK,
            settle: SettlePolicy::default(),
            marker: None,
            record: false,
            record_input: false,
            colors: QueryColors::default(),
        }
    }

    /// Adds an argument.
    #[must_use]
    pub fn arg(mut self, arg: impl Into<OsString>) -> Self {
        self.args.push(arg.into());
        self
    }

    /// Adds arguments.
    #[must_use]
    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets an environment variable for the program, on top of the inherited
    /// environment and `TERM=xterm-256color` (which this can override).
    #[must_use]
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.env.push((key.into(), value.into()));
        self
    }

    /// The working directory.
    #[must_use]
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cwd = Some(dir.into());
        self
    }

    /// The terminal size, set before the program starts.
    #[must_use]
    pub fn size(mut self, cols: u16, rows: u16) -> Self {
        self.cols = cols;
        self.rows = rows;
        self
    }

    /// How many scrollback lines to keep.
    #[must_use]
    pub fn scrollback(mut self, lines: usize) -> Self {
        self.scrollback = lines;
        self
    }

    /// The settle policy.
    #[must_use]
    pub fn settle(mut self, policy: SettlePolicy) -> Self {
        self.settle = policy;
        self
    }

    /// The quiet window (`None` switches it off: waits settle on signals only).
    #[must_use]
    pub fn quiet_window(mut self, window: Option<std::time::Duration>) -> Self {
        self.settle.quiet_window = window;
        self
    }

    /// The render-commit marker key: the program gets `REHEARSE_TOKEN` and
    /// `REHEARSE_SESSION`, and verified markers settle waits.
    #[must_use]
    pub fn marker(mut self, token: impl Into<String>, session: impl Into<String>) -> Self {
        self.marker = Some((token.into(), session.into()));
        self
    }

    /// Records the PTY output with its timing for an asciicast. Like a
    /// screenshot, a recording shows whatever the screen shows (an app that
    /// echoes a secret); render-commit markers are taken out of it.
    #[must_use]
    pub fn record(mut self, record: bool) -> Self {
        self.record = record;
        self
    }

    /// Also records what is written to the program (`"i"` events). Off by
    /// default: typed input holds what a screen never shows, such as a
    /// password typed at a prompt that does not echo it.
    #[must_use]
    pub fn record_input(mut self, record_input: bool) -> Self {
        self.record_input = record_input;
        self
    }

    /// The colours reported to OSC 10/11/12 queries.
    #[must_use]
    pub fn query_colors(mut self, colors: QueryColors) -> Self {
        self.colors = colors;
        self
    }
}

/// What the reader thread and the session share.
pub(crate) struct State {
    pub(crate) emulator: Box<dyn Emulator>,
    verifier: Option<MarkerVerifier>,
    pub(crate) settle: SettleTracker,
    /// Every byte written to the program: input and query replies.
    pub(crate) written: u64,
    pub(crate) exit: Option<ExitInfo>,
    /// When the waiter saw the exit.
    pub(crate) exit_at: Option<Instant>,
    pub(crate) reader_done: bool,
    /// Whether the program's output so far has all been read and fed.
    pub(crate) output: process::OutputProbe,
    pub(crate) recorder: Option<Recorder>,
    pub(crate) markers_ignored: u64,
    /// Query replies the reader could not write because a writer held the
    /// PTY (perhaps blocked on a full input buffer): that writer sends them
    /// when its own write is done, so the reader never stops reading.
    pending_replies: Vec<u8>,
    /// How many chunks of output the reader has fed the emulator, so a wait
    /// can tell whether the screen may have changed since it last looked.
    pub(crate) outputs: u64,
    /// Counts everything that can change the grid: each chunk of output and
    /// each resize. A snapshot taken at the same count shows the same grid.
    pub(crate) screen_epoch: u64,
    /// What the terminal plane typed as secrets: every screen a wait's
    /// error shows hides them.
    pub(crate) secrets: rehearse_core::TypedSecrets,
}

pub(crate) struct Shared {
    pub(crate) state: Mutex<State>,
    pub(crate) changed: Condvar,
}

impl Shared {
    pub(crate) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A program running in a real PTY, read through a headless emulator.
///
/// Dropping the session (on any path: normal, error, panic) kills every
/// process of the program's session with SIGKILL and reaps it.
pub struct PtySession {
    pub(crate) shared: Arc<Shared>,
    pty: Arc<pty_process::blocking::Pty>,
    write_lock: Arc<Mutex<()>>,
    pid: u32,
    stop: Arc<AtomicBool>,
    reader: Option<JoinHandle<()>>,
    waiter: Option<JoinHandle<()>>,
    pub(crate) size: (u16, u16),
    /// Set once the session has been killed and reaped.
    cleaned: bool,
}

impl std::fmt::Debug for PtySession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PtySession")
            .field("pid", &self.pid)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl PtySession {
    /// Starts the program.
    ///
    /// # Errors
    /// [`PtyError::InvalidSize`] for a zero dimension, [`PtyError::Spawn`]
    /// when the program cannot start (nothing is left running).
    pub fn spawn(options: PtySessionOptions) -> Result<Self, PtyError> {
        check_size(options.cols, options.rows)?;
        let mut env = options.env.clone();
        let verifier = options.marker.as_ref().map(|(token, session)| {
            env.push((TOKEN_ENV.into(), token.into()));
            env.push((SESSION_ENV.into(), session.into()));
            MarkerVerifier::new(MarkerKey::new(token.clone(), session.clone()))
        });
        let spec = Spawn {
            program: options.program.clone(),
            args: options.args.clone(),
            env,
            cwd: options.cwd.clone(),
            rows: options.rows,
            cols: options.cols,
        };
        let spawn_error = |source| PtyError::Spawn {
            program: options.program.to_string_lossy().into_owned(),
            source,
        };
        // The program starts with the default disposition of every signal,
        // whatever this process ignores (a test runner started in the
        // background ignores SIGINT): Ctrl+C stops it, as in a terminal.
        crate::signals::default_for_programs().map_err(spawn_error)?;
        let (pty, mut child) = process::spawn(&spec).map_err(spawn_error)?;
        let pid = child.id();
        let now = Instant::now();
        let emulator = Vt100Emulator::with_colors(
            options.rows,
            options.cols,
            options.scrollback,
            options.colors.clone(),
        );
        let pty = Arc::new(pty);
        let probe = process::OutputProbe::new(&pty);
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                output: probe.clone(),
                emulator: Box::new(emulator),
                verifier,
                settle: SettleTracker::new(options.settle, now),
                written: 0,
                exit: None,
                exit_at: None,
                reader_done: false,
                recorder: options
                    .record
                    .then(|| Recorder::new(now, options.cols, options.rows, options.record_input)),
                markers_ignored: 0,
                pending_replies: Vec::new(),
                outputs: 0,
                screen_epoch: 0,
                secrets: rehearse_core::TypedSecrets::new(),
            }),
            changed: Condvar::new(),
        });
        let write_lock = Arc::new(Mutex::new(()));
        let stop = Arc::new(AtomicBool::new(false));

        let reader = process::spawn_reader(
            Arc::clone(&pty),
            probe,
            Arc::clone(&stop),
            reader_sink(Arc::clone(&shared), Arc::clone(&pty), Arc::clone(&write_lock)),
        );
        let reader = match reader {
            Ok(reader) => reader,
            Err(error) => {
                process::kill_and_reap(&mut child);
                return Err(PtyError::Io(error));
            }
        };
        let waiter_shared = Arc::clone(&shared);
        let waiter =
            std::thread::Builder::new().name("rehearse-pty-waiter".into()).spawn(move || {
                let status = child.wait();
                let mut state = waiter_shared.lock();
                state.exit = Some(match status {
                    Ok(status) => ExitInfo::from_status(status),
                    Err(_) => ExitInfo { code: None, signal: None },
                });
                state.exit_at = Some(Instant::now());
                drop(state);
                waiter_shared.changed.notify_all();
            });
        let mut session = Self {
            shared,
            pty,
            write_lock,
            pid,
            stop,
            reader: Some(reader),
            waiter: None,
            size: (options.cols, options.rows),
            cleaned: false,
        };
        match waiter {
            Ok(waiter) => session.waiter = Some(waiter),
            Err(error) => {
                // The child moved into the failed closure and was dropped
                // unreaped: kill its session; it is reaped below by pid.
                session.cleanup();
                return Err(PtyError::Io(error));
            }
        }
        Ok(session)
    }

    /// The program's pid, which is also its process group and session id.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// `(cols, rows)`.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// Writes raw bytes to the program, as one write. The write blocks while
    /// the PTY's input buffer is full (a program that stops reading).
    ///
    /// # Errors
    /// [`PtyError::Ended`] when the program has ended, [`PtyError::Io`] when
    /// the write fails.
    pub fn write(&self, bytes: &[u8]) -> Result<(), PtyError> {
        let _writing = self.write_lock.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        {
            let mut state = self.shared.lock();
            if let Some(exit) = state.exit {
                return Err(PtyError::Ended(exit));
            }
            // Counted before the bytes leave, so a marker acknowledging them
            // cannot arrive before the settle state knows of them.
            state.written += bytes.len() as u64;
            let written = state.written;
            let now = Instant::now();
            state.settle.on_input(written, now);
            if let Some(recorder) = &mut state.recorder {
                recorder.input(now, bytes);
            }
        }
        (&*self.pty).write_all(bytes)?;
        (&*self.pty).flush()?;
        drop(_writing);
        // Replies the reader queued while this write held the PTY: every
        // holder looks after letting go, so a queued reply is always sent.
        send_pending_replies(&self.shared, &self.write_lock, &self.pty);
        Ok(())
    }

    /// Types text as it is (no bracketing).
    ///
    /// # Errors
    /// As [`PtySession::write`].
    pub fn type_text(&self, text: &str) -> Result<(), PtyError> {
        self.write(text.as_bytes())
    }

    /// Writes `send:` text: raw bytes with escapes (`\e`, `\n`, `\xHH`, ...).
    ///
    /// # Errors
    /// [`PtyError::Encode`] for a bad escape, else as [`PtySession::write`].
    pub fn send(&self, text: &str) -> Result<(), PtyError> {
        let bytes = encoders::parse_escapes(text).map_err(|e| PtyError::Encode(e.to_string()))?;
        self.write(&bytes)
    }

    /// Presses a key, encoded for the modes the program set.
    ///
    /// # Errors
    /// [`PtyError::Encode`] for a key with no encoding, else as
    /// [`PtySession::write`].
    pub fn key(&self, key: KeyPress) -> Result<(), PtyError> {
        let bytes =
            encoders::key(key, self.input_modes()).map_err(|e| PtyError::Encode(e.to_string()))?;
        self.write(&bytes)
    }

    /// Pastes text: bracketed only when the program enabled `?2004`.
    ///
    /// # Errors
    /// As [`PtySession::write`].
    pub fn paste(&self, text: &str) -> Result<(), PtyError> {
        self.write(&encoders::paste(text, self.input_modes()))
    }

    /// A mouse event: SGR when the program enabled `?1006`, else X10 (no
    /// bytes for input the program did not ask for, as a terminal sends
    /// none).
    ///
    /// # Errors
    /// [`PtyError::Encode`] when the program has not enabled mouse
    /// reporting or the event cannot be encoded, else as
    /// [`PtySession::write`].
    pub fn mouse(&self, input: MouseInput) -> Result<(), PtyError> {
        let bytes = encoders::mouse(input, self.input_modes())
            .map_err(|e| PtyError::Encode(e.to_string()))?;
        self.write(&bytes)
    }

    /// Resizes like a terminal window: the emulator first (xterm rules, no
    /// reflow), then the PTY, so the program gets SIGWINCH.
    ///
    /// # Errors
    /// [`PtyError::InvalidSize`] for a zero dimension, [`PtyError::Io`] when
    /// the PTY refuses the size.
    pub fn resize(&mut self, cols: u16, rows: u16) -> Result<(), PtyError> {
        check_size(cols, rows)?;
        {
            let mut state = self.shared.lock();
            state.emulator.resize(rows, cols);
            state.screen_epoch += 1;
            let (written, now) = (state.written, Instant::now());
            state.settle.on_input(written, now);
            if let Some(recorder) = &mut state.recorder {
                recorder.resize(now, cols, rows);
            }
        }
        self.pty
            .resize(pty_process::Size::new(rows, cols))
            .map_err(|e| PtyError::Io(std::io::Error::other(e.to_string())))?;
        self.size = (cols, rows);
        Ok(())
    }

    /// Changes the settle policy from now on (for example, switch the quiet
    /// window off once a program that emits markers has started).
    pub fn set_settle_policy(&self, policy: SettlePolicy) {
        self.shared.lock().settle.set_policy(policy);
    }

    /// The input modes the program has enabled.
    pub fn input_modes(&self) -> InputModes {
        self.shared.lock().emulator.input_modes()
    }

    /// What was typed into the program as secrets (`type:${secret.NAME}`
    /// through [`Terminal`](crate::Terminal)): the screens this session's
    /// waits show in their errors hide them, and whatever else shows a
    /// screen of this program (a trace, a report) hides them with
    /// [`TypedSecrets::redact_text`](rehearse_core::TypedSecrets::redact_text)
    /// and [`redact_cells`](rehearse_core::TypedSecrets::redact_cells).
    pub fn typed_secrets(&self) -> rehearse_core::TypedSecrets {
        self.shared.lock().secrets.clone()
    }

    /// Notes `secret` as typed into the program (see
    /// [`typed_secrets`](Self::typed_secrets)).
    pub(crate) fn note_secret(&self, secret: &str) {
        self.shared.lock().secrets.add(secret);
    }

    /// The visible screen as text (no settle: see the waits).
    pub fn screen_text(&self) -> String {
        self.shared.lock().emulator.screen_text()
    }

    /// The scrollback as text.
    pub fn scrollback_text(&self) -> String {
        self.shared.lock().emulator.scrollback_text()
    }

    /// The cursor.
    pub fn cursor(&self) -> CursorState {
        self.shared.lock().emulator.cursor()
    }

    /// Reads the emulator under the session's lock.
    pub fn with_emulator<R>(&self, read: impl FnOnce(&dyn Emulator) -> R) -> R {
        read(self.shared.lock().emulator.as_ref())
    }

    /// How the program ended, if it has.
    pub fn exit_status(&self) -> Option<ExitInfo> {
        self.shared.lock().exit
    }

    /// How many OSC 8487 markers were ignored (forged, replayed, or no key).
    pub fn markers_ignored(&self) -> u64 {
        self.shared.lock().markers_ignored
    }

    /// The last revision a verified marker committed.
    pub fn last_marker_revision(&self) -> Option<u64> {
        self.shared.lock().verifier.as_ref().and_then(MarkerVerifier::last_revision)
    }

    /// Seed 003's terminal-state golden of the screen as it is now (wait for a
    /// settled screen first), what the steps typed as a secret `<redacted>`.
    pub fn terminal_golden(&self) -> String {
        let state = self.shared.lock();
        crate::artifacts::terminal_golden_hiding(
            state.emulator.as_ref(),
            state.exit,
            &state.secrets,
        )
    }

    /// The scrollback golden, a text of its own beside the screen's, what
    /// the steps typed as a secret `<redacted>`.
    pub fn scrollback_golden(&self) -> String {
        let state = self.shared.lock();
        crate::artifacts::scrollback_golden_hiding(state.emulator.as_ref(), &state.secrets)
    }

    /// The screen as a ratatui `Buffer`, for the project's encoders.
    pub fn buffer(&self) -> ratatui::buffer::Buffer {
        crate::artifacts::to_buffer(self.shared.lock().emulator.as_ref())
    }

    /// The asciicast v2 recording so far, when recording is on.
    pub fn asciicast(&self) -> Option<String> {
        self.shared.lock().recorder.as_ref().map(Recorder::to_asciicast)
    }

    /// Kills the program's whole session, reaps it, and returns how it ended.
    pub fn close(mut self) -> Option<ExitInfo> {
        self.cleanup();
        self.exit_status()
    }

    fn cleanup(&mut self) {
        if self.cleaned {
            return;
        }
        self.cleaned = true;
        let Ok(sid) = i32::try_from(self.pid) else { return };
        self.stop.store(true, Ordering::Release);
        process::kill_session(sid);
        if let Some(waiter) = self.waiter.take() {
            let _ = waiter.join();
        } else {
            // No waiter thread owns the child: reap it here.
            if let Some(pid) = rustix::process::Pid::from_raw(sid) {
                let _ = rustix::process::waitpid(Some(pid), rustix::process::WaitOptions::empty());
            }
        }
        process::await_session_gone(sid);
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

impl Drop for PtySession {
    fn drop(&mut self) {
        self.cleanup();
    }
}

/// Sends the query replies queued while a writer held the PTY, unless
/// another writer holds it now (which sends them when it lets go).
fn send_pending_replies(shared: &Shared, write_lock: &Mutex<()>, pty: &pty_process::blocking::Pty) {
    while let Ok(_writing) = write_lock.try_lock() {
        let replies = std::mem::take(&mut shared.lock().pending_replies);
        if replies.is_empty() {
            return;
        }
        let _ = (&*pty).write_all(&replies);
    }
}

/// What the reader thread does with each chunk: feed the emulator, verify
/// markers, track settle signals, record, answer queries at once.
fn reader_sink(
    shared: Arc<Shared>,
    pty: Arc<pty_process::blocking::Pty>,
    write_lock: Arc<Mutex<()>>,
) -> impl FnMut(Option<&[u8]>, bool) + Send + 'static {
    move |chunk, more| {
        let mut state = shared.lock();
        let Some(bytes) = chunk else {
            state.reader_done = true;
            drop(state);
            shared.changed.notify_all();
            return;
        };
        let now = Instant::now();
        state.outputs += 1;
        state.screen_epoch += 1;
        state.settle.on_output(now, more);
        if let Some(recorder) = &mut state.recorder {
            recorder.output(now, bytes);
        }
        let fed = state.emulator.feed(bytes);
        state.output.fed();
        for event in fed.events {
            match event {
                TermEvent::MarkerCandidate(params) => {
                    let params: Vec<&[u8]> = params.iter().map(Vec::as_slice).collect();
                    let accepted = state.verifier.as_mut().and_then(|v| v.accept_params(&params));
                    match accepted {
                        Some(marker) => state.settle.on_marker(marker),
                        None => state.markers_ignored += 1,
                    }
                }
                TermEvent::SyncBegin => state.settle.on_sync(true),
                TermEvent::SyncEnd => state.settle.on_sync(false),
            }
        }
        if fed.replies.is_empty() {
            drop(state);
        } else {
            state.written += fed.replies.len() as u64;
            // Never wait for a writer: one blocked on a full input buffer
            // holds the lock until the program reads, which it may only do
            // once its own output is read. Queue the replies for it instead.
            match write_lock.try_lock() {
                Ok(_writing) => {
                    drop(state);
                    let _ = (&*pty).write_all(&fed.replies);
                }
                Err(_) => {
                    state.pending_replies.extend_from_slice(&fed.replies);
                    drop(state);
                }
            }
        }
        shared.changed.notify_all();
    }
}
