//! Carrying a memoized subtree over: finding the previous frame's record
//! for a body, checking it is unchanged, and keeping its nodes in place (or
//! moving them into a fresh arena) with the records inside it.

use crate::ui::frame_builder::{FrameBuilder, MemoKey, Previous, Slots, holds, segments};
use crate::ui::node::NodeIdx;

impl FrameBuilder {
    /// Carries over the previous frame's subtree for `key` if it is
    /// unchanged; returns whether it did (and counts it).
    pub(crate) fn replay(&mut self, key: MemoKey, fingerprint: u64) -> bool {
        let Some(mut previous) = self.memo.previous.take() else { return false };
        let carried = match previous.find(&key) {
            Some(at) if self.can_carry_over(&previous, at, fingerprint) => {
                // In the arena it was recorded in, the nodes stay where they
                // are; into a fresh arena they move (and must be one range).
                if self.memo.shared_arena {
                    self.keep_in_place(&mut previous, at);
                } else {
                    self.relocate(&mut previous, at);
                }
                self.memo.bodies_carried += 1;
                true
            }
            _ => false,
        };
        self.memo.previous = Some(previous);
        carried
    }

    fn can_carry_over(&self, previous: &Previous, at: usize, fingerprint: u64) -> bool {
        let records = &previous.frame.memo.records;
        let record = &records[at];
        let carried = &self.memo.carried;
        record.fingerprint == fingerprint
            && !record.volatile
            && !record.painted_over
            && (self.memo.shared_arena || !record.has_detached)
            && !self.paint.is_painted(record.cells)
            && !previous.stale.iter().any(|&idx| holds(records, at, idx))
            // Already carried over, itself or inside another record (only a
            // frame with a duplicate key reaches one twice).
            && !carried.contains(at)
            && (record.inner == 0 || carried.count_ones(at + 1..at + 1 + record.inner) == 0)
    }

    /// Carries the record at `at` over without moving its nodes: they
    /// become live again and its roots move under the current node.
    fn keep_in_place(&mut self, previous: &mut Previous, at: usize) {
        let records = &previous.frame.memo.records;
        let record = &records[at];
        let parent = self.current_node();
        for range in segments(records, at) {
            if self.nodes.keep(range) {
                self.note_duplicate();
            }
        }
        let mut root = record.first_root;
        for _ in 0..record.roots {
            self.nodes[root].parent = Some(parent);
            self.nodes[parent].children.push(root);
            root = root.wrapping_add_signed(self.nodes[root].next_root);
        }
        // Inside a body being recorded, its nodes are not among the ones
        // that body records.
        let detached = self.memo.recording();
        self.carry_records(previous, at, None, detached);
    }

    /// Carries the record at `at` over by moving its nodes from the
    /// previous frame's arena to the end of this frame's, renumbered.
    fn relocate(&mut self, previous: &mut Previous, at: usize) {
        let from = previous.frame.memo.records[at].nodes.range();
        let parent = self.current_node();
        let first = self.nodes.len();
        let start = from.start;
        let shift = move |idx: NodeIdx| idx - start + first;
        for idx in from.clone() {
            // A record is carried over at most once (`carried`).
            let mut node =
                previous.frame.nodes.take(idx).expect("a record's nodes are carried over once");
            let at = self.nodes.len();
            node.parent = match node.parent {
                Some(old) if from.contains(&old) => Some(shift(old)),
                _ => {
                    self.nodes[parent].children.push(at);
                    Some(parent)
                }
            };
            for child in &mut node.children {
                *child = shift(*child);
            }
            self.index_key(node.key, at);
            self.nodes.push(node);
        }
        self.carry_records(previous, at, Some(first), false);
    }

    /// Pushes the record at `at` and the ones inside it, with their nodes
    /// renumbered if they moved (`moved_to`: the new index of the first),
    /// and replays what the body did besides recording nodes (its caret,
    /// its sibling count). `detached`: its nodes are not among those of the
    /// body being recorded around it.
    fn carry_records(
        &mut self,
        previous: &mut Previous,
        at: usize,
        moved_to: Option<NodeIdx>,
        detached: bool,
    ) {
        let records = &previous.frame.memo.records;
        let record = &records[at];
        let end = at + 1 + record.inner;
        previous.cursor = end;
        self.memo.carried.insert_range(at..end);
        if let Some(cursor) = record.cursor {
            self.place_cursor(cursor.0, cursor.1);
        }
        let parent = self.current_node();
        if record.counted > 0 {
            self.set_sibling_count(parent, record.counted_in, record.counted);
        }
        // Only the outermost record claims its cells: a record inside it
        // is painted over only when it is (see `note_paint`).
        self.paint.paint(record.cells, Some(self.memo.records.len()));
        let start = self.memo.records.len();
        self.memo.records.extend_from_slice(&records[at..end]);
        self.memo.records[start].detached = detached;
        if let Some(to) = moved_to {
            let from = record.nodes.start;
            let shift = |idx: NodeIdx| idx - from + to;
            for carried in &mut self.memo.records[start..] {
                carried.nodes = Slots::new(shift(carried.nodes.start)..shift(carried.nodes.end));
                if carried.roots > 0 {
                    carried.first_root = shift(carried.first_root);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use rehearse_core::semantic::{Bounds, SemanticFacts};
    use rehearse_lang::SemanticRole;

    use crate::ui::ROOT;
    use crate::ui::frame_builder::FrameBuilder;
    use crate::ui::frame_builder::tests::{frame, leaf};
    use crate::ui::frame_builder::{MemoKey, Previous};
    use crate::ui::key::NodeKey;
    use crate::ui::node::NodeIdx;

    const KEY: MemoKey = MemoKey { parent: NodeKey::ROOT, scope: 7 };
    const FINGERPRINT: u64 = 99;

    /// Records a memoized body of one row under the root; `during` runs
    /// inside the body.
    fn record(frame: &mut FrameBuilder, during: impl FnOnce(&FrameBuilder)) -> NodeIdx {
        frame.begin_memo(KEY, FINGERPRINT, Bounds::new(0, 0, 10, 1), KEY.scope);
        let row = SemanticFacts::new(SemanticRole::Text).name("row");
        let idx = leaf(frame, Rect::new(0, 0, 10, 1), row);
        during(frame);
        frame.end_memo(ROOT);
        idx
    }

    /// The frame after `frame`, offered all of it.
    fn after(mut frame: FrameBuilder) -> FrameBuilder {
        frame.finish_drawing();
        self::frame(Some(Previous::new(Box::new(frame), Vec::new())))
    }

    #[test]
    fn an_unchanged_body_is_carried_over_once_in_place_with_its_stamp() {
        let mut first = frame(None);
        let row = record(&mut first, |_| {});
        let stamp = first.nodes[row].memo;
        assert!(stamp.is_some(), "the only root of a body carries its stamp");
        let mut second = after(first);
        assert!(!second.nodes.is_live(row), "dead until carried over");
        assert!(!second.replay(KEY, FINGERPRINT + 1), "another fingerprint renders afresh");
        assert!(second.replay(KEY, FINGERPRINT));
        assert!(second.nodes.is_live(row), "nothing moves");
        assert_eq!(second.nodes[ROOT].children, [row]);
        assert_eq!(second.nodes[row].memo, stamp);
        assert!(!second.replay(KEY, FINGERPRINT), "a record is carried over once");
        assert_eq!(second.bodies_carried(), 1);
        // Carried over again in the frame after.
        let mut third = after(second);
        assert!(third.replay(KEY, FINGERPRINT));
        assert_eq!(third.nodes[row].memo, stamp);
    }

    #[test]
    fn a_body_rendered_afresh_gets_a_stamp_no_rendering_had_before() {
        let mut first = frame(None);
        let row = record(&mut first, |_| {});
        let stamp = first.nodes[row].memo;
        let mut second = after(first);
        let fresh = record(&mut second, |_| {});
        assert_ne!(fresh, row);
        assert!(second.nodes[fresh].memo > stamp);
        second.restamp_node(fresh);
        let restamped = second.nodes[fresh].memo;
        assert!(restamped > stamp && restamped != second.nodes[row].memo);
    }

    #[test]
    fn a_volatile_body_renders_every_time() {
        let mut first = frame(None);
        record(&mut first, FrameBuilder::mark_volatile);
        assert!(!after(first).replay(KEY, FINGERPRINT));
    }

    #[test]
    fn a_body_whose_node_is_touched_from_outside_renders_afresh_next_time() {
        let mut first = frame(None);
        let row = record(&mut first, |_| {});
        let stamp = first.nodes[row].memo;
        // Touched from inside while it records: no harm.
        let mut inside = frame(None);
        let own = record(&mut inside, |frame| frame.touch(frame.nodes.len() - 1));
        let mut next = after(inside);
        assert!(next.replay(KEY, FINGERPRINT), "{own} was touched only by its own body");
        // Touched after the body ended: its projection is not reused either.
        first.touch(row);
        first.finish_drawing();
        assert_ne!(first.nodes[row].memo, stamp);
        let mut second = frame(Some(Previous::new(Box::new(first), Vec::new())));
        assert!(!second.replay(KEY, FINGERPRINT));
    }

    #[test]
    fn a_body_painted_over_or_a_frame_with_key_errors_is_not_carried_over() {
        let mut first = frame(None);
        record(&mut first, |_| {});
        // Painted over after it ended, in the same frame.
        leaf(&mut first, Rect::new(3, 0, 2, 1), SemanticFacts::new(SemanticRole::Text));
        assert!(!after(first).replay(KEY, FINGERPRINT));
        let mut failed = frame(None);
        record(&mut failed, |_| {});
        failed.report_key_error("a key used twice".into());
        assert!(!after(failed).replay(KEY, FINGERPRINT));
    }

    #[test]
    fn a_stale_node_keeps_its_body_from_being_carried_over() {
        let mut first = frame(None);
        let row = record(&mut first, |_| {});
        first.finish_drawing();
        let mut second = frame(Some(Previous::new(Box::new(first), vec![row])));
        assert!(!second.replay(KEY, FINGERPRINT));
    }
}
