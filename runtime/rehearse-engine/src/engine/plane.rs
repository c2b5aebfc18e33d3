//! The engine as a [`Plane`]: the one executor in `rehearse-core` runs
//! steps against a mounted app through this — real crossterm events routed
//! through real hit-testing, draining to a fixed point, one commit per step.

use std::any::type_name;
use std::time::Duration;

use ratatui::crossterm::event::Event;

use super::{Engine, hit};
use crate::component::Component;
use crate::ui::NodeIdx;
use rehearse_core::semantic::{Generation, SemanticNode, SemanticTree};
use rehearse_core::{
    AutomationError, ClockMode, CommittedFrame, Input, LogicalTime, MAX_TIMERS_PER_ADVANCE,
    Pending, Plane, PlaneKind, check_can, check_key, check_typing, key_event, mouse_event,
    no_terminal, resolve,
};
use rehearse_lang::script::CheckContext;
use rehearse_lang::{AutomationStep, FocusTarget, KeyPress, SemanticAction};

/// What one executed step produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct StepOutcome {
    /// The generation committed after the step.
    pub generation: Generation,
}

impl<C: Component> Engine<C> {
    /// Executes one step through the shared executor
    /// ([`rehearse_core::execute`]): resolves its selector against the
    /// committed tree, checks the target can take it, synthesizes real input
    /// in terminal order, drains to a fixed point and commits one generation.
    ///
    /// # Errors
    ///
    /// Whatever the step fails with; the state it reached is kept (nothing
    /// is rolled back) but not committed.
    pub fn execute(&mut self, step: &AutomationStep) -> Result<StepOutcome, AutomationError> {
        rehearse_core::execute(self, step).map(|generation| StepOutcome { generation })
    }

    /// The current frame's node behind a committed node, or an error saying
    /// it is gone (a failed step let the app move on without a commit).
    fn live_node(&self, node: &SemanticNode, operation: &str) -> Result<NodeIdx, AutomationError> {
        self.raw_of(node).ok_or_else(|| AutomationError::NotActionable {
            target: node.label(),
            operation: operation.to_owned(),
            reason: "it is no longer rendered: the app changed after the last committed generation"
                .into(),
        })
    }

    fn focus(&mut self, target: &FocusTarget) -> Result<(), AutomationError> {
        let moved = match target {
            FocusTarget::Next => self.move_focus(1),
            FocusTarget::Prev => self.move_focus(-1),
            FocusTarget::Selector(selector) => {
                let node = resolve(&self.committed().tree, selector)?;
                check_can(node, "focus", Some(SemanticAction::Focus))?;
                let idx = self.live_node(node, "focus")?;
                let label = node.label();
                if !self.focus_node(idx) {
                    return Err(AutomationError::NotActionable {
                        target: label,
                        operation: "focus".into(),
                        reason: "it is outside the open modal".into(),
                    });
                }
                true
            }
        };
        if moved {
            self.restyle = true;
        }
        Ok(())
    }

    fn type_text(&mut self, text: &str) -> Result<(), AutomationError> {
        let no_focus = "no node holds focus; click or focus a text field first";
        check_typing(&self.committed().tree, text, &C::AUTOMATION_IDS, type_name::<C>(), no_focus)?;
        for character in text.chars() {
            // What follows a key that quit the app is not typed.
            if self.quit_requested() {
                break;
            }
            self.handle_event(&Event::Key(key_event(KeyPress::typed(character))))?;
        }
        Ok(())
    }

    /// Advances the controlled clock by `duration`, stopping at every timer
    /// due on the way (in due order, ties in submission order) and draining
    /// after each. At most [`MAX_TIMERS_PER_ADVANCE`] timers fire in one
    /// advance; a timer that keeps re-arming fails it with
    /// [`AutomationError::AdvanceDidNotConverge`].
    pub(crate) fn advance(&mut self, duration: Duration) -> Result<(), AutomationError> {
        if self.clock.mode() != ClockMode::Controlled {
            return Err(AutomationError::RealtimeAdvance);
        }
        let target = self.clock.now() + duration;
        let mut fired = 0usize;
        // Few message types per app: a list beats a map.
        let mut producers: Vec<(&'static str, usize)> = Vec::new();
        while let Some(due) = self.core.effects.timers.next_due().filter(|due| *due <= target) {
            for type_name in self.core.effects.timers.due_types(due) {
                fired += 1;
                match producers.iter_mut().find(|(name, _)| *name == type_name) {
                    Some((_, count)) => *count += 1,
                    None => producers.push((type_name, 1)),
                }
            }
            if fired > MAX_TIMERS_PER_ADVANCE {
                producers.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
                let producers = producers
                    .into_iter()
                    .take(3)
                    .map(|(name, count)| format!("{name} ({count}×)"))
                    .collect();
                return Err(AutomationError::AdvanceDidNotConverge {
                    requested: duration,
                    reached: self.clock.now().since_start(),
                    limit: MAX_TIMERS_PER_ADVANCE,
                    producers,
                });
            }
            self.clock.set_controlled(due);
            self.settle()?;
        }
        self.clock.set_controlled(target);
        self.settle()
    }
}

impl<C: Component> Plane for Engine<C> {
    fn kind(&self) -> PlaneKind {
        PlaneKind::Engine
    }

    fn ensure_open(&self) -> Result<(), AutomationError> {
        // A step after the app quit fails; the one that quit completes.
        Engine::ensure_running(self)
    }

    fn reach(&self, node: &SemanticNode, operation: &str) -> Result<(u16, u16), AutomationError> {
        let idx = self.live_node(node, operation)?;
        let frame = self.frame();
        // The current geometry: after a failed step the app may have moved on
        // from the committed tree.
        let clip = frame.nodes()[idx].clip;
        if clip.is_empty() {
            return Err(AutomationError::NotInView {
                target: node.label(),
                clipped: clip.to_string(),
            });
        }
        let (col, row) = clip.centre();
        match hit::hit_test(frame, col, row) {
            Some(recipient) if hit::is_within(frame, recipient, idx) => {}
            recipient => {
                let reached = recipient
                    .and_then(|raw| {
                        self.committed().tree.by_identity(frame.nodes()[raw].key.identity())
                    })
                    .map_or_else(
                        || {
                            if recipient.is_some() {
                                "a node rendered after the last commit"
                            } else {
                                "nothing"
                            }
                            .to_owned()
                        },
                        SemanticNode::label,
                    );
                return Err(AutomationError::covered(
                    node.label(),
                    operation,
                    (col, row),
                    &reached,
                ));
            }
        }
        let (Ok(col), Ok(row)) = (u16::try_from(col), u16::try_from(row)) else {
            return Err(AutomationError::NotInView {
                target: node.label(),
                clipped: node.clipped_bounds.to_string(),
            });
        };
        Ok((col, row))
    }

    fn check_context(&self) -> CheckContext<'_> {
        self.declared.check_context()
    }

    fn reach_point(&self, col: u16, row: u16) -> Result<(), AutomationError> {
        match hit::hit_test(self.frame(), i32::from(col), i32::from(row)) {
            Some(_) => Ok(()),
            None => Err(AutomationError::NoMatch {
                selector: rehearse_lang::Selector::point(col, row),
                hint: None,
            }),
        }
    }

    fn deliver(&mut self, input: Input<'_>) -> Result<(), AutomationError> {
        match input {
            Input::Pointer { kind, col, row } => {
                self.handle_event(&Event::Mouse(mouse_event(kind, col, row)))
            }
            Input::Key(key) => {
                check_key(key, &C::AUTOMATION_IDS, type_name::<C>())?;
                // The same path a terminal's key event takes.
                self.handle_event(&Event::Key(key_event(key)))
            }
            Input::Text(text) | Input::Secret(text) => self.type_text(text),
            Input::Focus(target) => self.focus(target),
            Input::Paste(_) => Err(no_terminal(PlaneKind::Engine, "paste")),
            Input::Raw(_) => Err(no_terminal(PlaneKind::Engine, "send")),
            _ => Err(AutomationError::Unsupported {
                operation: format!("{input:?}"),
                reason: "the engine does not know this input".into(),
            }),
        }
    }

    fn advance(&mut self, duration: Duration) -> Result<(), AutomationError> {
        Engine::advance(self, duration)
    }

    fn sleep(&mut self, duration: Duration) -> Result<(), AutomationError> {
        std::thread::sleep(duration);
        Engine::settle(self)
    }

    fn resize(&mut self, cols: u16, rows: u16) -> Result<(), AutomationError> {
        self.set_viewport(cols, rows)
    }

    fn settle(&mut self) -> Result<(), AutomationError> {
        Engine::settle(self)
    }

    fn commit(&mut self) -> Result<Generation, AutomationError> {
        Engine::commit(self)
    }

    fn now(&self) -> LogicalTime {
        Engine::now(self)
    }

    fn pending(&self) -> Pending {
        let idle = self.idle_report();
        let can_change = self.waiting_can_help(&idle);
        Pending::new(idle, can_change)
    }

    fn await_change(&mut self, timeout: Duration) -> Result<(), AutomationError> {
        self.wait_for_work(timeout)
    }

    fn current_tree(&self) -> Result<SemanticTree, AutomationError> {
        Ok(super::projection::project(self.frame(), self.generation, self.focused_idx())?.tree)
    }

    fn current_frame(&mut self) -> Result<CommittedFrame, AutomationError> {
        // The state the failure saw, which may be newer than the committed
        // generation.
        self.current_snapshot()
    }
}
