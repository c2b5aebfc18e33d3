//! Committing: projecting the current frame (reusing the projection of
//! unchanged memoized subtrees), compositing its buffer, describing the
//! interaction state, checking declared ids in strict mode, and handing the
//! committed generation to the commit hooks.

use super::Engine;
use super::projection::{self, Reusable};
use crate::component::Component;
use crate::ui::FrameBuilder;
use rehearse_core::semantic::{Generation, SemanticNode, SemanticTree};
use rehearse_core::{AutomationError, CommittedFrame, InteractionState, Settled, StepNote};

impl<C: Component> Engine<C> {
    /// Projects the current frame and commits it as the next generation.
    pub(crate) fn commit(&mut self) -> Result<Generation, AutomationError> {
        if self.restyle || self.frame.as_ref().is_none_or(|frame| frame.is_composited()) {
            self.settle()?;
        }
        if self.frame().has_duplicate() && self.frame().bodies_carried() > 0 {
            // Two nodes with one key beside carried-over bodies: render
            // afresh (nothing is carried after a duplicate), so the
            // failure is reported as a fresh render reports it — a
            // reconciliation key used twice is seen when its scope opens.
            self.render()?;
        }
        let generation = self.generation.next();
        let frame = self.frame();
        // A frame that will commit can reuse the projection of unchanged
        // memoized subtrees, taken out of the tree it replaces. One that may
        // fail is projected whole, so the committed tree stays intact.
        let will_commit = frame.key_errors().is_empty()
            && !frame.has_duplicate()
            && !frame.has_invalid_id()
            && (!self.strict_ids || all_declared::<C>(frame));
        let wanted = self.interaction_keys();
        let focused = self.focused_idx();
        let mut projection = match self.record.frame_mut() {
            committed if will_commit => {
                let memos = std::mem::take(&mut self.projected_memos);
                let mut reusable = Reusable::take_from(&mut committed.tree, memos);
                let frame = self.frame();
                projection::project_reusing(
                    frame,
                    generation,
                    focused,
                    wanted,
                    Some(&mut reusable),
                )?
            }
            _ => projection::project_reusing(self.frame(), generation, focused, wanted, None)?,
        };
        if self.strict_ids {
            check_declared::<C>(&projection.tree)?;
        }
        self.stats.nodes_projected += projection.nodes_projected;
        let frame = self.frame.as_mut().expect("rendered before commit");
        let mut buffer = std::mem::take(&mut self.record.frame_mut().buffer);
        // The rows copied are the rows that may have changed since the last
        // commit (the buffer is patched in place), unless every row was.
        let changed_rows = frame.composite_into(&mut buffer, self.committed_overlays);
        self.committed_overlays = frame.layers().has_overlays();
        let frame = &*frame;
        let cursor = frame.cursor();
        let before = &self.record.frame().interaction;
        let before = [before.focused.clone(), before.hovered.clone(), before.pressed.clone()];
        let mut fresh = std::mem::take(&mut projection.labels);
        let [focused, hovered, pressed] = std::array::from_fn(|at| {
            let key = wanted[at].filter(|key| frame.nodes().find(key).is_some())?;
            // Projected afresh, or in a subtree reused unchanged from the
            // tree that described it last time.
            fresh[at].take().or_else(|| {
                let described = self.described[at] == Some(key);
                before[at].clone().filter(|_| described).or_else(|| {
                    projection.tree.by_identity(key.identity()).map(SemanticNode::label)
                })
            })
        });
        let interaction = InteractionState::new(focused, hovered, pressed);
        self.described = wanted;
        self.states.retain(|key| frame.nodes().find(key).is_some());
        self.generation = generation;
        self.projected_memos = projection.memos;
        let mut committed =
            CommittedFrame::new(generation, self.viewport.as_size(), projection.tree, buffer);
        committed.interaction = interaction;
        committed.cursor = cursor;
        committed.time = self.clock.now();
        committed.changed_rows = changed_rows;
        // Every commit rests on a drain to a fixed point.
        self.record.note(StepNote::Settled(Settled::Drained));
        self.record.commit(committed);
        Ok(generation)
    }
}

/// Strict mode, on the raw frame: whether every id is one the app declares.
fn all_declared<C: Component>(frame: &FrameBuilder) -> bool {
    let declared = C::AUTOMATION_IDS;
    declared.declared().is_none()
        || frame
            .nodes()
            .live()
            .filter_map(|node| node.facts.automation_id.as_deref())
            .all(|id| declared.contains(id))
}

/// Strict mode: every id in the tree is one the app declares.
fn check_declared<C: Component>(tree: &SemanticTree) -> Result<(), AutomationError> {
    let declared = C::AUTOMATION_IDS;
    if declared.declared().is_none() {
        return Ok(());
    }
    for node in tree.nodes() {
        if let Some(id) = &node.automation_id
            && !declared.contains(id.as_str())
        {
            return Err(AutomationError::UndeclaredAutomationId {
                id: id.to_string(),
                path: tree.path_to(|candidate| std::ptr::eq(candidate, node)).unwrap_or_default(),
                app: std::any::type_name::<C>(),
                closest: declared.closest(id.as_str()).map(|closest| format!("`{closest}`")),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use rehearse_core::AutomationError;
    use rehearse_core::semantic::SemanticFacts;
    use rehearse_lang::SemanticRole;

    use crate::engine::{Engine, SessionOptions};
    use crate::{Component, Context, Ui};

    /// A button, and a second one with the same id once told to.
    struct Twice {
        twice: bool,
    }

    impl Component for Twice {
        type Message = bool;
        fn update(&mut self, twice: bool, _: &mut Context<'_, Self>) {
            self.twice = twice;
        }
        fn view(&self, ui: &mut Ui<'_, bool>) {
            for y in 0..if self.twice { 2 } else { 1 } {
                let facts = SemanticFacts::new(SemanticRole::Button).automation_id("save");
                ui.leaf(Rect::new(0, y, 10, 1), facts, |_, _| {});
            }
        }
    }

    #[test]
    fn a_commit_that_fails_leaves_the_committed_generation_as_it_was() {
        let options = SessionOptions::default().viewport(20, 4);
        let mut engine = Engine::start(Twice { twice: false }, options).expect("starts");
        let before = engine.committed().tree.clone();
        let generation = engine.generation();
        let error = engine.send(true).expect_err("a duplicate id");
        assert!(matches!(error, AutomationError::DuplicateAutomationId { .. }), "{error:?}");
        assert_eq!(engine.generation(), generation);
        assert_eq!(engine.committed().tree, before);
        let next = engine.send(false).expect("commits again");
        assert_eq!(next, generation.next());
        assert_eq!(engine.committed().tree.by_id("save").map(|node| node.bounds.y), Some(0));
    }
}
