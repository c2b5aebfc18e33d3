//! What a recording holds between steps: the distinct screens and trees
//! (captured cheaply, by reuse of what did not change, as they were drawn
//! and projected), and how they become a [`TraceDocument`] — only what the
//! kept steps reference, encoded, renumbered, with typed secrets redacted.
//! Nothing is encoded or redacted while steps run: only here.

mod nodes;
mod screens;

use std::collections::{HashMap, VecDeque};

use crate::CommittedFrame;
use crate::trace::model::{StepRecord, TraceDocument};
use crate::trace::secrets::{redact, redact_line};

pub(crate) use nodes::NodeTable;
pub(crate) use screens::{LineEncoder, ScreenTable};

/// The screens and trees of one recording.
#[derive(Debug, Default)]
pub(crate) struct Tables {
    pub(crate) screens: ScreenTable,
    pub(crate) nodes: NodeTable,
}

/// Which stored entries some steps reference, in the order a document
/// lists them, and where each old index goes.
#[derive(Default)]
struct Kept {
    screens: Vec<usize>,
    screen_map: HashMap<usize, usize>,
    /// Stored rows.
    rows: Vec<usize>,
    row_map: HashMap<usize, usize>,
    trees: Vec<usize>,
    tree_map: HashMap<usize, usize>,
    /// Children before parents.
    nodes: Vec<usize>,
    node_map: HashMap<usize, usize>,
}

fn keep<T: Copy + Eq + std::hash::Hash>(
    at: T,
    list: &mut Vec<T>,
    map: &mut HashMap<T, T>,
    index: impl Fn(usize) -> T,
) -> bool {
    if map.contains_key(&at) {
        return false;
    }
    map.insert(at, index(list.len()));
    list.push(at);
    true
}

impl Tables {
    /// The screen and the tree `frame` shows.
    pub(crate) fn capture(&mut self, frame: &CommittedFrame) -> (usize, usize) {
        (self.screens.capture(frame), self.nodes.capture(&frame.tree))
    }

    /// About what the tables take in `trace.json`.
    pub(crate) fn bytes(&self) -> usize {
        self.screens.bytes + self.nodes.bytes
    }

    /// The number of distinct screens stored.
    pub(crate) fn screen_count(&self) -> usize {
        self.screens.screens.len()
    }

    fn kept<'a>(&self, steps: impl IntoIterator<Item = &'a StepRecord>) -> Kept {
        let mut kept = Kept::default();
        for step in steps {
            for screen in [step.screen_before, step.screen].into_iter().flatten() {
                if !keep(screen, &mut kept.screens, &mut kept.screen_map, |at| at) {
                    continue;
                }
                for &row in &self.screens.screens[screen].lines {
                    keep(row, &mut kept.rows, &mut kept.row_map, |at| at);
                }
            }
            if let Some(tree) = step.tree
                && keep(tree, &mut kept.trees, &mut kept.tree_map, |at| at)
            {
                self.keep_node(self.nodes.trees[tree].root, &mut kept);
            }
        }
        kept
    }

    fn keep_node(&self, at: usize, kept: &mut Kept) {
        if kept.node_map.contains_key(&at) {
            return;
        }
        for &child in &self.nodes.nodes[at].children {
            self.keep_node(child, kept);
        }
        keep(at, &mut kept.nodes, &mut kept.node_map, |at| at);
    }

    /// Fills `document`'s tables with what `steps` reference, renumbered,
    /// and pushes the steps with their references rewritten; every text
    /// has `secrets` redacted.
    pub(crate) fn document(
        &self,
        steps: &VecDeque<StepRecord>,
        secrets: &[String],
        document: &mut TraceDocument,
    ) {
        let kept = self.kept(steps);
        let text = |text: &str| redact(text, secrets).into_owned();
        // Each kept row encoded, its secrets redacted, then stored once:
        // rows drawn apart may read the same.
        let mut encoder = LineEncoder::default();
        let lines: HashMap<usize, usize> = kept
            .rows
            .iter()
            .map(|&row| {
                let line = encoder.encode(&self.screens.rows[row]);
                let line = redact_line(&line, secrets).unwrap_or(line);
                (row, encoder.intern(line))
            })
            .collect();
        document.screens = kept
            .screens
            .iter()
            .map(|&screen| {
                let mut record = self.screens.screens[screen].clone();
                for line in &mut record.lines {
                    *line = lines[line];
                }
                record
            })
            .collect();
        document.styles = encoder.styles;
        document.lines = encoder.lines;
        document.nodes = kept
            .nodes
            .iter()
            .map(|&node| {
                let captured = &self.nodes.nodes[node];
                let children = captured.children.iter().map(|child| kept.node_map[child]).collect();
                captured.record(children, &text)
            })
            .collect();
        document.trees = kept
            .trees
            .iter()
            .map(|&tree| {
                let mut record = self.nodes.trees[tree].clone();
                record.root = kept.node_map[&record.root];
                record
            })
            .collect();
        for step in steps {
            let mut step = step.clone();
            renumber(&mut step, &kept);
            redact_step(&mut step, &text);
            document.steps.push(step);
        }
    }

    /// Drops every stored row, screen, node and tree `steps` do not
    /// reference and renumbers the rest (and the steps). The next capture
    /// starts afresh.
    pub(crate) fn compact(&mut self, steps: &mut VecDeque<StepRecord>) {
        let kept = self.kept(steps.iter());
        let mut stored = std::mem::take(&mut self.screens.rows);
        let rows = kept.rows.iter().map(|&row| std::mem::take(&mut stored[row])).collect();
        let screens = kept
            .screens
            .iter()
            .map(|&screen| {
                let mut record = self.screens.screens[screen].clone();
                for row in &mut record.lines {
                    *row = kept.row_map[row];
                }
                record
            })
            .collect();
        let nodes = kept
            .nodes
            .iter()
            .map(|&node| {
                let mut captured = self.nodes.nodes[node].clone();
                for child in &mut captured.children {
                    *child = kept.node_map[child];
                }
                captured
            })
            .collect();
        let trees = kept
            .trees
            .iter()
            .map(|&tree| {
                let mut record = self.nodes.trees[tree].clone();
                record.root = kept.node_map[&record.root];
                record
            })
            .collect();
        self.screens.replace(rows, screens);
        self.nodes = NodeTable::from_parts(nodes, trees);
        for step in steps.iter_mut() {
            renumber(step, &kept);
        }
    }
}

fn renumber(step: &mut StepRecord, kept: &Kept) {
    for screen in [&mut step.screen_before, &mut step.screen].into_iter().flatten() {
        *screen = kept.screen_map[screen];
    }
    if let Some(tree) = &mut step.tree {
        *tree = kept.tree_map[tree];
    }
}

/// Every free text of a step with typed secrets redacted.
fn redact_step(step: &mut StepRecord, text: &dyn Fn(&str) -> String) {
    if let Some(error) = &mut step.error {
        error.message = text(&error.message);
        for suggestion in &mut error.suggestions {
            *suggestion = text(suggestion);
        }
    }
    for wait in &mut step.waits {
        if let Some(why) = &mut wait.why {
            *why = text(why);
        }
    }
    if let Some(target) = &mut step.target {
        for field in [&mut target.path, &mut target.name, &mut target.on_top].into_iter().flatten()
        {
            *field = text(field);
        }
    }
    for checkpoint in &mut step.checkpoints {
        for golden in &mut checkpoint.goldens {
            if let Some(diff) = &mut golden.diff {
                *diff = text(diff);
            }
        }
    }
    if let Some(exit) = &mut step.exit {
        *exit = text(exit);
    }
}
