//! The trace document: what `trace.json` holds (schema `rehearse-trace`,
//! version [`TRACE_VERSION`]; `docs/trace.md` is its reference). The
//! Markdown and HTML views are generated from this document alone.
//!
//! Screens, their lines and styles, and tree nodes are stored once and
//! referenced by index from the steps, so a trace of a thousand steps that
//! each change one row holds each unchanged row once.

mod screen;
mod step;
mod tree;

use serde::{Deserialize, Serialize};

pub use screen::{LineRecord, ScreenRecord, StyleRecord};
pub use step::{
    CheckpointRecord, ErrorRecord, GenerationSpan, GoldenRecord, GoldenStatus, InputRecord,
    LogicalSpan, OriginRecord, SettleRecord, StepRecord, StepStatus, TargetRecord, WaitRecord,
    WallSpan,
};
pub use tree::{NodeRecord, TreeRecord, child_runs};

/// The value of a trace document's `schema` key.
pub const TRACE_SCHEMA: &str = "rehearse-trace";

/// The version of the trace document this build writes. A reader accepts
/// a document of this version and refuses a newer one (see
/// [`TraceDocument::from_json`]); a version adds keys only with a new
/// number, as the wire protocol does. Version 2 added a node's
/// `children_runs`.
pub const TRACE_VERSION: u32 = 2;

/// How a traced run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TraceOutcome {
    /// Every step passed (or the run is still going).
    Passed,
    /// A step failed: [`TraceDocument::failed_step`] says which.
    Failed,
}

/// What was dropped to keep a trace within its bounds (the newest steps
/// are kept).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Truncation {
    /// How many of the oldest steps were dropped.
    pub dropped_steps: usize,
    /// Which bound dropped them, and its value (`"steps: 10000"`).
    pub reason: String,
}

/// A whole trace: the run, its steps, and the screens, lines, styles, tree
/// nodes and trees they reference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TraceDocument {
    /// Always [`TRACE_SCHEMA`].
    pub schema: String,
    /// [`TRACE_VERSION`] when written by this build.
    pub version: u32,
    /// What ran: a test's name, a script's path.
    pub title: String,
    /// The plane the steps ran on: `engine`, `adopted`, `terminal`.
    pub plane: String,
    /// How the run ended.
    pub outcome: TraceOutcome,
    /// The position in [`steps`](Self::steps) of the step that failed.
    pub failed_step: Option<usize>,
    /// Set when the oldest steps were dropped to stay within the bounds.
    pub truncated: Option<Truncation>,
    /// The steps, oldest first.
    pub steps: Vec<StepRecord>,
    /// Every distinct screen, referenced by index from the steps.
    pub screens: Vec<ScreenRecord>,
    /// Every distinct screen line, referenced from the screens.
    pub lines: Vec<LineRecord>,
    /// Every distinct cell style, referenced from the lines.
    pub styles: Vec<StyleRecord>,
    /// Every distinct tree node (redacted), referenced from the trees and
    /// from their parents.
    pub nodes: Vec<NodeRecord>,
    /// Every distinct tree, referenced by index from the steps.
    pub trees: Vec<TreeRecord>,
}

/// Why a trace document could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TraceReadError {
    /// It is not JSON in the documented shape.
    #[error("not a trace document: {0}")]
    Malformed(#[from] serde_json::Error),
    /// Its `schema` is not [`TRACE_SCHEMA`].
    #[error("not a trace document: its schema is `{0}`, expected `{TRACE_SCHEMA}`")]
    Schema(String),
    /// It was written by a newer version.
    #[error("trace version {0} is newer than this build reads ({TRACE_VERSION}); update rehearse")]
    Newer(u32),
    /// An index points past its table.
    #[error("the trace is inconsistent: {0}")]
    Dangling(String),
}

impl TraceDocument {
    /// An empty document for a run called `title` on `plane`.
    pub fn new(title: impl Into<String>, plane: impl Into<String>) -> Self {
        Self {
            schema: TRACE_SCHEMA.to_owned(),
            version: TRACE_VERSION,
            title: title.into(),
            plane: plane.into(),
            outcome: TraceOutcome::Passed,
            failed_step: None,
            truncated: None,
            steps: Vec::new(),
            screens: Vec::new(),
            lines: Vec::new(),
            styles: Vec::new(),
            nodes: Vec::new(),
            trees: Vec::new(),
        }
    }

    /// The document as `trace.json` holds it (compact JSON).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a trace document always serializes")
    }

    /// Reads a `trace.json`, checking its schema, version and indices.
    ///
    /// # Errors
    ///
    /// [`TraceReadError`] naming what is wrong.
    pub fn from_json(text: &str) -> Result<Self, TraceReadError> {
        let document: Self = serde_json::from_str(text)?;
        if document.schema != TRACE_SCHEMA {
            return Err(TraceReadError::Schema(document.schema));
        }
        if document.version > TRACE_VERSION {
            return Err(TraceReadError::Newer(document.version));
        }
        document.check_indices().map_err(TraceReadError::Dangling)?;
        Ok(document)
    }

    /// The step that failed, if one did.
    pub fn failure(&self) -> Option<&StepRecord> {
        self.failed_step.and_then(|at| self.steps.get(at))
    }

    /// A screen by index.
    pub fn screen(&self, index: usize) -> Option<&ScreenRecord> {
        self.screens.get(index)
    }

    /// The text of a screen's rows (continuation cells left out, trailing
    /// blanks trimmed), one string per row.
    pub fn screen_text(&self, index: usize) -> Vec<String> {
        let Some(screen) = self.screens.get(index) else { return Vec::new() };
        screen
            .lines
            .iter()
            .map(|&line| self.lines.get(line).map(LineRecord::text).unwrap_or_default())
            .collect()
    }

    fn check_indices(&self) -> Result<(), String> {
        let check = |what: &str, index: usize, len: usize| {
            if index < len {
                Ok(())
            } else {
                Err(format!("{what} {index} does not exist ({len} stored)"))
            }
        };
        if let Some(failed) = self.failed_step {
            check("failed step", failed, self.steps.len())?;
        }
        for step in &self.steps {
            for screen in [step.screen_before, step.screen].into_iter().flatten() {
                check("screen", screen, self.screens.len())?;
            }
            if let Some(tree) = step.tree {
                check("tree", tree, self.trees.len())?;
            }
        }
        for screen in &self.screens {
            for &line in &screen.lines {
                check("line", line, self.lines.len())?;
            }
        }
        for line in &self.lines {
            for span in &line.spans {
                check("style", span[2] as usize, self.styles.len())?;
            }
        }
        for (at, node) in self.nodes.iter().enumerate() {
            for &child in &node.children {
                // Children are recorded before their parents.
                check("child node", child, at)?;
            }
        }
        for tree in &self.trees {
            check("root node", tree.root, self.nodes.len())?;
        }
        Ok(())
    }
}
