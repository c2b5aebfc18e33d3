//! `Recorder`: an asciicast v2 recording of a session — one output event
//! per commit holding the frame as ANSI, a marker event per checkpoint —
//! playable with `asciinema play`.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

use ratatui::layout::Size;

use super::ansi::paint;
use super::atomic::write_atomic;
use super::screen::Screen;
use crate::error::AutomationError;
use crate::{Checkpoint, CheckpointSink, CommitHook, CommittedFrame, SinkHost};

/// Records a session as an [asciicast v2] file (`.cast`).
///
/// Every commit becomes one `"o"` event whose data paints the whole frame
/// (rows, styles, cursor); a viewport change adds an `"r"` event first;
/// every checkpoint adds an `"m"` marker named after it. Timestamps come
/// from the session's logical clock plus a fixed [`pace`](Self::pace) per
/// frame (250 ms unless set), so frames committed at one logical instant
/// still play one after another and the same session always records the
/// same bytes. The header has no wall-clock timestamp.
///
/// The file is encoded in memory and written atomically at each checkpoint
/// (so a checkpoint's evidence is on disk when its step returns) and by
/// [`finish`](Self::finish); dropping an unfinished recorder writes it on a
/// best-effort basis.
///
/// Recordings show what the user sees and are not redacted: they may
/// contain sensitive text an app renders unmasked.
///
/// [asciicast v2]: https://docs.asciinema.org/manual/asciicast/v2/
#[derive(Debug, Clone)]
pub struct Recorder {
    state: Rc<RefCell<State>>,
}

#[derive(Debug)]
struct State {
    path: PathBuf,
    pace: Duration,
    size: Option<Size>,
    /// The header's size: the first frame's viewport.
    initial: Option<Size>,
    frames: u32,
    last_time: f64,
    events: String,
    finished: bool,
}

impl Recorder {
    /// A recorder writing to `path` (its directory is created when needed).
    /// The extension is always `.cast`: another one is replaced.
    pub fn new(path: impl AsRef<Path>) -> Self {
        let path = path.as_ref().with_extension("cast");
        Self {
            state: Rc::new(RefCell::new(State {
                path,
                pace: Duration::from_millis(250),
                size: None,
                initial: None,
                frames: 0,
                last_time: 0.0,
                events: String::new(),
                finished: false,
            })),
        }
    }

    /// The time added per frame on top of the logical clock;
    /// `Duration::ZERO` uses the logical clock alone.
    #[must_use]
    pub fn pace(self, pace: Duration) -> Self {
        self.state.borrow_mut().pace = pace;
        self
    }

    /// The file it writes.
    pub fn path(&self) -> PathBuf {
        self.state.borrow().path.clone()
    }

    /// Records the session's current frame, then every later commit and
    /// checkpoint (a commit hook plus a checkpoint sink).
    pub fn attach(&self, session: &mut (impl SinkHost + ?Sized)) {
        let record = session.commit_record_mut();
        self.frame(record.frame());
        record.on_commit(self.clone());
        record.add_checkpoint_sink(self.clone());
    }

    /// Records one frame.
    pub fn frame(&self, frame: &CommittedFrame) {
        let mut state = self.state.borrow_mut();
        let time = frame.time.since_start().as_secs_f64()
            + state.pace.as_secs_f64() * f64::from(state.frames);
        // Never go back in time, whatever the clock did.
        let time = time.max(state.last_time);
        state.last_time = time;
        state.frames += 1;
        if state.initial.is_none() {
            state.initial = Some(frame.viewport);
        } else if state.size != Some(frame.viewport) {
            let size = format!("{}x{}", frame.viewport.width, frame.viewport.height);
            push_event(&mut state.events, time, "r", &size);
        }
        state.size = Some(frame.viewport);
        push_event(&mut state.events, time, "o", &paint(&Screen::from_frame(frame)));
    }

    /// Adds a marker at the last frame's time.
    pub fn marker(&self, label: &str) {
        let mut state = self.state.borrow_mut();
        let time = state.last_time;
        push_event(&mut state.events, time, "m", label);
    }

    /// The recording so far, as asciicast v2 text.
    pub fn to_cast(&self) -> String {
        self.state.borrow().cast()
    }

    /// Writes the recording atomically and returns its path.
    ///
    /// # Errors
    ///
    /// [`AutomationError::Io`] when the directory or file cannot be written.
    pub fn write(&self) -> Result<PathBuf, AutomationError> {
        self.state.borrow().write()
    }

    /// Writes the final recording; later frames are still recorded but
    /// only written by another [`write`](Self::write).
    ///
    /// # Errors
    ///
    /// As [`write`](Self::write).
    pub fn finish(self) -> Result<PathBuf, AutomationError> {
        let path = self.write()?;
        self.state.borrow_mut().finished = true;
        Ok(path)
    }
}

fn push_event(events: &mut String, time: f64, kind: &str, data: &str) {
    let data = serde_json::to_string(data).expect("strings serialize");
    let _ = writeln!(events, "[{time:.6}, \"{kind}\", {data}]");
}

impl CommitHook for Recorder {
    fn committed(&mut self, frame: &CommittedFrame) {
        self.frame(frame);
    }
}

impl CheckpointSink for Recorder {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        self.marker(checkpoint.name);
        self.write().map(drop)
    }
}

impl State {
    fn cast(&self) -> String {
        let size = self.initial.unwrap_or(crate::DEFAULT_VIEWPORT);
        format!(
            "{{\"version\":2,\"width\":{},\"height\":{},\"env\":{{\"TERM\":\"xterm-256color\"}}}}\n{}",
            size.width, size.height, self.events
        )
    }

    fn write(&self) -> Result<PathBuf, AutomationError> {
        if let Some(dir) = self.path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        write_atomic(&self.path, self.cast().as_bytes())?;
        Ok(self.path.clone())
    }
}

impl Drop for State {
    fn drop(&mut self) {
        // The last handle went away without `finish`: write what there is.
        if !self.finished && self.frames > 0 {
            let _ = self.write();
        }
    }
}
