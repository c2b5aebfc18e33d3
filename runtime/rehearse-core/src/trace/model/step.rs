//! One step in a trace: what was written and where, what was delivered,
//! what it aimed at, how it waited and settled, what it showed after, and
//! how it ended.

use serde::{Deserialize, Serialize};

pub use crate::golden_report::GoldenStatus;

/// How a step ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepStatus {
    /// It ran and committed.
    Passed,
    /// It failed: [`StepRecord::error`] says why.
    Failed,
    /// Its `when(...)` guard did not hold: nothing ran.
    Skipped,
    /// It was still running when the trace was written (a panic, a
    /// process that ended mid-step).
    Unfinished,
}

/// Where a step was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OriginRecord {
    /// The file (a Rust source for `scenario!`, the script, or the file a
    /// `use:` brought the step in from).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

/// Logical time: where the step started on the session's clock and how
/// far the clock moved during it, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogicalSpan {
    /// The clock at the start.
    pub start_ms: u64,
    /// How far it moved.
    pub duration_ms: u64,
}

/// Wall time: when the step started (from the start of the trace) and how
/// long it took, in microseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallSpan {
    /// Microseconds from the trace's start.
    pub start_us: u64,
    /// Microseconds the step took.
    pub duration_us: u64,
}

/// The committed generation before and after the step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenerationSpan {
    /// Before it ran.
    pub before: u64,
    /// After it ended (equal to `before` when it committed nothing).
    pub after: u64,
}

/// How the plane settled after the step's input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettleRecord {
    /// `drain` (the engine's fixed point), `event-shim` (an adopted app
    /// blocked for input), `marker` (the render-commit marker), `synchronized`
    /// (a synchronized-output frame ended), `quiet` (a quiet window), `none`.
    pub kind: String,
    /// For `marker`: the input count the marker acknowledged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs: Option<u64>,
    /// Anything else the plane says about it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// One input the step delivered. A typed secret is recorded as its
/// reference (`${secret.NAME}`), never its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum InputRecord {
    /// A pointer event at a cell.
    Pointer {
        /// `move`, `down`, `up`, `drag`, `scroll-up`, `scroll-down`.
        action: String,
        /// `left`, `right`, `middle` for a button.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        button: Option<String>,
        /// Column.
        col: u16,
        /// Row.
        row: u16,
    },
    /// A key press, in the `key:` spelling.
    Key {
        /// The key.
        key: String,
    },
    /// Typed text.
    Text {
        /// The text.
        text: String,
    },
    /// Pasted text.
    Paste {
        /// The text.
        text: String,
    },
    /// Raw bytes (`send:`), as text with escapes.
    Raw {
        /// The text as written.
        text: String,
    },
    /// A typed secret.
    Secret {
        /// Its reference, `${secret.NAME}`.
        reference: String,
    },
    /// Focus moved.
    Focus {
        /// Where to.
        target: String,
    },
}

/// What an action resolved its selector to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetRecord {
    /// The selector as written.
    pub selector: String,
    /// The node's path from the root (`application > list "todos" >
    /// list-item "Buy milk"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Its role.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its automation id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Its clipped bounds `[x, y, width, height]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bounds: Option<[i32; 4]>,
    /// The cell the pointer went to, `[col, row]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit: Option<[u16; 2]>,
    /// What was on top at the hit point when something else was (the
    /// reason a pointer would not reach the target).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_top: Option<String>,
}

/// One evaluation of a wait's condition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitRecord {
    /// The generation it was evaluated on (the committed one, or what the
    /// plane showed then).
    pub generation: u64,
    /// Whether it held.
    pub holds: bool,
    /// Why it did not hold: what matched (or that nothing did).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// One format of one checkpoint compared with its golden.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoldenRecord {
    /// The format (`styled`, `markdown`, …).
    pub format: String,
    /// The result.
    pub status: GoldenStatus,
    /// The golden's path.
    pub expected: String,
    /// Where the actual output is (the pending `.new` file), when written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actual: Option<String>,
    /// The readable diff, when it differs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<String>,
}

/// A checkpoint the step took.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckpointRecord {
    /// Its name.
    pub name: String,
    /// Golden comparisons, per format.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub goldens: Vec<GoldenRecord>,
}

/// Why the step failed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorRecord {
    /// The whole message, as the failure prints it (redacted as every
    /// error is).
    pub message: String,
    /// What the message suggests (`did you mean …`), when it does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
}

/// One step of a trace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRecord {
    /// Its index in its run.
    pub index: usize,
    /// Its label (`[open] click:#menu` is `open`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The spelling as written (a withheld guess at a secret reads
    /// `<redacted>`).
    pub spelling: String,
    /// Where it was written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<OriginRecord>,
    /// How it ended.
    pub status: StepStatus,
    /// Logical time.
    pub logical: LogicalSpan,
    /// Wall time.
    pub wall: WallSpan,
    /// Generations before and after.
    pub generation: GenerationSpan,
    /// How the plane settled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settle: Option<SettleRecord>,
    /// What it delivered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<InputRecord>,
    /// What it aimed at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<TargetRecord>,
    /// Each evaluation of its wait condition.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waits: Vec<WaitRecord>,
    /// The screen before it (a screen index).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub screen_before: Option<usize>,
    /// The screen after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub screen: Option<usize>,
    /// The tree after it (a tree index).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<usize>,
    /// Checkpoints it took.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checkpoints: Vec<CheckpointRecord>,
    /// Why it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorRecord>,
    /// How the program ended, when it did during the step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit: Option<String>,
}
