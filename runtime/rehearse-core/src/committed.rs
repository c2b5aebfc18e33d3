//! A committed generation and who is told about it: checkpoint sinks and
//! commit hooks (held by a plane's [`CommitRecord`](crate::CommitRecord)).

use std::sync::Arc;

use ratatui::buffer::Buffer;
use ratatui::layout::Size;

use crate::error::AutomationError;
use crate::format::Format;
use crate::redact::TypedSecrets;
use crate::semantic::{Generation, SemanticTree};
use crate::time::LogicalTime;

/// Who holds focus, what the pointer is over, what is pressed, as of a
/// committed generation. Nodes are described by their label
/// (`role "name" #id`); internal node ids never appear.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct InteractionState {
    /// The focused node.
    pub focused: Option<String>,
    /// The node under the pointer.
    pub hovered: Option<String>,
    /// The node a button is held down on.
    pub pressed: Option<String>,
}

/// One committed generation: viewport, semantic tree, interaction state and
/// the rendered frame, committed together once per operation.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct CommittedFrame {
    /// Its number.
    pub generation: Generation,
    /// The viewport size.
    pub viewport: Size,
    /// The semantic tree.
    pub tree: SemanticTree,
    /// Focus, hover and pressed state.
    pub interaction: InteractionState,
    /// The rendered frame, overlays composited.
    pub buffer: Buffer,
    /// Where the terminal cursor is, if a widget placed it.
    pub cursor: Option<(u16, u16)>,
    /// Logical time at the commit.
    pub time: LogicalTime,
    /// The rows whose cells may differ from the previous generation's,
    /// when the plane knows (the engine's damage); `None` when any row may
    /// have changed. A hint for recorders (traces) that keep a copy of the
    /// previous screen: rows not listed are equal to it.
    pub changed_rows: Option<Vec<u16>>,
    /// What the program's terminal holds beyond the grid — the
    /// terminal-state golden and the scrollback — in the frame of a
    /// checkpoint (a `checkpoint:` step's commit, a diagnostic checkpoint)
    /// of a plane holding a program in a terminal, when a sink asked for it
    /// ([`CheckpointSink::needs_terminal`]); `None` otherwise. The
    /// [`Format::Terminal`] and [`Format::Scrollback`] artifacts are these
    /// texts.
    pub terminal: Option<Arc<TerminalState>>,
}

/// A program's terminal beyond its grid, as of one commit: the texts of
/// the [`Format::Terminal`] and [`Format::Scrollback`] artifacts, each with
/// what the plane typed as a secret already replaced by
/// [`REDACTED`](crate::REDACTED). The terminal plane builds it; every plane
/// shares its shape.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct TerminalState {
    /// The terminal-state golden (`terminal COLSxROWS buffer=… viewport=…`,
    /// lifecycle, title, cursor, the rows with their wrap marks and style
    /// runs; `docs/terminal.md`).
    pub golden: String,
    /// The scrollback: one line per line scrolled off the top of the main
    /// screen, oldest first, each ending in a newline (empty when none).
    pub scrollback: String,
}

impl TerminalState {
    /// The terminal-state golden and the scrollback, both already redacted.
    pub fn new(golden: String, scrollback: String) -> Self {
        Self { golden, scrollback }
    }

    /// The text of `format`: the golden for [`Format::Terminal`], the
    /// scrollback for [`Format::Scrollback`], `None` for any other.
    pub fn text(&self, format: Format) -> Option<&str> {
        match format {
            Format::Terminal => Some(&self.golden),
            Format::Scrollback => Some(&self.scrollback),
            _ => None,
        }
    }
}

impl CommittedFrame {
    /// A generation with no focus, hover or cursor, at logical time zero;
    /// set the other fields as the plane knows them.
    pub fn new(generation: Generation, viewport: Size, tree: SemanticTree, buffer: Buffer) -> Self {
        Self {
            generation,
            viewport,
            tree,
            interaction: InteractionState::default(),
            buffer,
            cursor: None,
            time: LogicalTime::ZERO,
            changed_rows: None,
            terminal: None,
        }
    }
}

impl InteractionState {
    /// The focused, hovered and pressed nodes' labels.
    pub fn new(focused: Option<String>, hovered: Option<String>, pressed: Option<String>) -> Self {
        Self { focused, hovered, pressed }
    }
}

/// A named checkpoint of a committed generation, as sinks receive it.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Checkpoint<'a> {
    /// The checkpoint's name (already validated: safe as a file stem).
    pub name: &'a str,
    /// The generation it records.
    pub frame: &'a CommittedFrame,
    /// Whether the engine took it to explain a failure (a wait timeout)
    /// rather than because a step asked for it.
    pub diagnostic: bool,
    /// What the plane typed as secrets, when it typed any: a sink hides
    /// them in everything it writes but pixels
    /// ([`CommitRecord::hide_typed_secrets`](crate::CommitRecord::hide_typed_secrets)).
    pub secrets: Option<&'a TypedSecrets>,
}

impl<'a> Checkpoint<'a> {
    /// A checkpoint named `name` (already validated) of `frame`.
    pub fn new(name: &'a str, frame: &'a CommittedFrame, diagnostic: bool) -> Self {
        Self { name, frame, diagnostic, secrets: None }
    }

    /// The checkpoint with what the plane typed as `secrets`.
    #[must_use]
    pub fn with_secrets(mut self, secrets: Option<&'a TypedSecrets>) -> Self {
        self.secrets = secrets.filter(|secrets| !secrets.is_empty());
        self
    }
}

/// Where checkpoints go: artifact files, baseline comparison, recording
/// markers. Sinks run in the order they were added; the first error fails
/// the checkpoint step (earlier sinks' files stay written).
pub trait CheckpointSink {
    /// Records one checkpoint.
    ///
    /// # Errors
    ///
    /// Whatever recording fails with (I/O, an unsupported format, a
    /// baseline mismatch).
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError>;

    /// The first format this sink writes that needs the program's terminal
    /// ([`Format::needs_terminal`]), if any. A plane holding a program in a
    /// terminal fills [`CommittedFrame::terminal`] at its checkpoints only
    /// while some sink needs it; on any other plane a checkpoint fails
    /// naming the plane and this format. By default `None`.
    fn needs_terminal(&self) -> Option<Format> {
        None
    }
}

/// Something told about every commit (checkpoint sinks, recorders, the
/// render-commit marker).
pub trait CommitHook {
    /// Called after each generation commits.
    fn committed(&mut self, frame: &CommittedFrame);
}

impl<F: FnMut(&CommittedFrame)> CommitHook for F {
    fn committed(&mut self, frame: &CommittedFrame) {
        self(frame);
    }
}

/// The default viewport: 100 columns by 30 rows.
pub const DEFAULT_VIEWPORT: Size = Size { width: 100, height: 30 };
