//! The engine as a [`Plane`]: the one executor in `rehearse-core` runs
//! steps against a mounted app through this — real crossterm events routed
//! through real hit-testing, draining to a fixed point, one commit per step.

use std::time::Duration;

use ratatui::crossterm::event::{Event, KeyModifiers, MouseEvent, MouseEventKind};

use super::{SessionEngine, hit};
use crate::component::Component;
use crate::input::{crossterm_button, key_event};
use crate::ui::NodeIdx;
use rehearse_core::semantic::{Generation, SemanticNode, SemanticTree};
use rehearse_core::{
    AutomationError, ClockMode, CommittedFrame, Input, LogicalTime, MAX_TIMERS_PER_ADVANCE,
    Pending, Plane, PointerKind, check_can, resolve,
};
use rehearse_lang::{AutomationStep, FocusTarget, KeyPress, SemanticAction, SemanticRole};

/// What one executed step produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct StepOutcome {
    /// The generation committed after the step.
    pub generation: Generation,
}

impl<C: Component> SessionEngine<C> {
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
        let tree = &self.committed().tree;
        let Some(focused) = tree.focused() else {
            // Never the typed text: it may be a password (issue 16).
            return Err(AutomationError::NotActionable {
                target: "nothing".into(),
                operation: "type".into(),
                reason: "no node holds focus; click or focus a text field first".into(),
            });
        };
        if !(focused.role.accepts_text() || focused.actions.contains(SemanticAction::SetValue)) {
            return Err(AutomationError::NotActionable {
                target: focused.label(),
                operation: "type".into(),
                reason: format!("typing needs a focused {}", SemanticRole::typing_roles_phrase()),
            });
        }
        // Every character is a key press: a refused key stays refused.
        if let Some(key) =
            text.chars().map(KeyPress::typed).find(|key| C::AUTOMATION_IDS.refuses(key))
        {
            return Err(AutomationError::RefusedKey { key, app: std::any::type_name::<C>() });
        }
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

impl<C: Component> Plane for SessionEngine<C> {
    fn ensure_open(&self) -> Result<(), AutomationError> {
        // A step after the app quit fails; the one that quit completes.
        SessionEngine::ensure_running(self)
    }

    fn committed(&self) -> &CommittedFrame {
        SessionEngine::committed(self)
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
                let kind = match kind {
                    PointerKind::Moved => MouseEventKind::Moved,
                    PointerKind::Down(button) => MouseEventKind::Down(crossterm_button(button)),
                    PointerKind::Up(button) => MouseEventKind::Up(crossterm_button(button)),
                    PointerKind::Drag(button) => MouseEventKind::Drag(crossterm_button(button)),
                    PointerKind::ScrollUp => MouseEventKind::ScrollUp,
                    PointerKind::ScrollDown => MouseEventKind::ScrollDown,
                    _ => {
                        return Err(AutomationError::Unsupported {
                            operation: format!("{kind:?}"),
                            reason: "the engine does not know this pointer input".into(),
                        });
                    }
                };
                let event = Event::Mouse(MouseEvent {
                    kind,
                    column: col,
                    row,
                    modifiers: KeyModifiers::NONE,
                });
                self.handle_event(&event)
            }
            Input::Key(key) => {
                if C::AUTOMATION_IDS.refuses(&key) {
                    return Err(AutomationError::RefusedKey {
                        key,
                        app: std::any::type_name::<C>(),
                    });
                }
                // The same path a terminal's key event takes.
                self.handle_event(&Event::Key(key_event(key)))
            }
            Input::Text(text) | Input::Secret(text) => self.type_text(text),
            Input::Focus(target) => self.focus(target),
            Input::Paste(_) => Err(rehearse_core::no_terminal("paste")),
            Input::Raw(_) => Err(rehearse_core::no_terminal("send")),
            _ => Err(AutomationError::Unsupported {
                operation: format!("{input:?}"),
                reason: "the engine does not know this input".into(),
            }),
        }
    }

    fn advance(&mut self, duration: Duration) -> Result<(), AutomationError> {
        SessionEngine::advance(self, duration)
    }

    fn sleep(&mut self, duration: Duration) -> Result<(), AutomationError> {
        std::thread::sleep(duration);
        SessionEngine::settle(self)
    }

    fn resize(&mut self, cols: u16, rows: u16) -> Result<(), AutomationError> {
        self.set_viewport(cols, rows)
    }

    fn settle(&mut self) -> Result<(), AutomationError> {
        SessionEngine::settle(self)
    }

    fn commit(&mut self) -> Result<Generation, AutomationError> {
        SessionEngine::commit(self)
    }

    fn checkpoint(&mut self, name: &str) -> Result<(), AutomationError> {
        self.record_checkpoint(name, false)
    }

    fn now(&self) -> LogicalTime {
        SessionEngine::now(self)
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

    fn diagnostic_checkpoint(&mut self) -> Result<Option<String>, AutomationError> {
        SessionEngine::diagnostic_checkpoint(self)
    }
}
