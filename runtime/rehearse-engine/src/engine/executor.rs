//! The operation executor: selector resolution, semantic-action checks,
//! synthesized input in terminal order, clock policy, draining, commit.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{Event, KeyModifiers, MouseEvent, MouseEventKind};

use super::{SessionEngine, hit};
use crate::component::Component;
use crate::input::{crossterm_button, key_event};
use crate::ui::NodeIdx;
use rehearse_core::AutomationError;
use rehearse_core::ClockMode;
use rehearse_core::semantic::{Generation, SemanticNode};
use rehearse_core::wait::{IdleReport, WaitTimeout, evaluate};
use rehearse_core::{Checkpoint, CommittedFrame};
use rehearse_lang::suggest::closest;
use rehearse_lang::{
    AutomationStep, FocusTarget, KeyCode, KeyPress, MouseButton, Predicate, ScrollDirection,
    Selector, SemanticAction, WaitCondition,
};

/// What one executed step produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct StepOutcome {
    /// The generation committed after the step.
    pub generation: Generation,
}

impl<C: Component> SessionEngine<C> {
    /// Executes one step: resolves its selector against the committed tree,
    /// checks the target can take it, synthesizes real input in terminal
    /// order, drains to a fixed point and commits one generation.
    ///
    /// # Errors
    ///
    /// Whatever the step fails with; the state it reached is kept (nothing
    /// is rolled back) but not committed.
    pub fn execute(&mut self, step: &AutomationStep) -> Result<StepOutcome, AutomationError> {
        self.ensure_open()?;
        match step {
            AutomationStep::Click { target, button } => self.click(target, *button)?,
            AutomationStep::Hover { target } => {
                let (col, row) = self.pointer_target(target, "hover", None)?;
                self.pointer(MouseEventKind::Moved, col, row)?;
            }
            AutomationStep::Focus { target } => self.focus(target)?,
            AutomationStep::Type { text } => self.type_text(text)?,
            AutomationStep::Key { key } => {
                if C::AUTOMATION_IDS.refuses(key) {
                    return Err(AutomationError::RefusedKey {
                        key: *key,
                        app: std::any::type_name::<C>(),
                    });
                }
                // The same path a terminal's key event takes.
                self.handle_event(&Event::Key(key_event(*key)))?;
            }
            AutomationStep::Scroll { target, direction } => {
                self.scroll(target.as_ref(), *direction)?
            }
            AutomationStep::Drag { from, to } => self.drag(from, to)?,
            AutomationStep::Advance { duration } => self.advance(*duration)?,
            AutomationStep::Sleep { duration } => {
                std::thread::sleep(*duration);
                self.settle()?;
            }
            AutomationStep::Resize { cols, rows } => {
                self.set_viewport(*cols, *rows)?;
                self.settle()?;
            }
            AutomationStep::Drain => self.settle()?,
            AutomationStep::Checkpoint { name } => {
                rehearse_lang::validate_checkpoint_name(name).map_err(|reason| {
                    AutomationError::InvalidCheckpointName {
                        name: name.clone(),
                        reason: reason.to_string(),
                    }
                })?;
                self.settle()?;
            }
            AutomationStep::WaitFor { condition, timeout } => self.wait_for(condition, *timeout)?,
            other => {
                return Err(AutomationError::Unsupported {
                    operation: other.to_string(),
                    reason: "this engine does not know the step".into(),
                });
            }
        }
        let generation = self.commit()?;
        if let AutomationStep::Checkpoint { name } = step {
            self.record_checkpoint(name, false)?;
        }
        Ok(StepOutcome { generation })
    }

    fn click(&mut self, target: &Selector, button: MouseButton) -> Result<(), AutomationError> {
        let operation = match button {
            MouseButton::Left => "click",
            MouseButton::Right => "rclick",
            MouseButton::Middle => "mclick",
        };
        let (col, row) = self.pointer_target(target, operation, Some(SemanticAction::Click))?;
        let button = crossterm_button(button);
        self.pointer(MouseEventKind::Moved, col, row)?;
        self.pointer(MouseEventKind::Down(button), col, row)?;
        self.pointer(MouseEventKind::Up(button), col, row)?;
        Ok(())
    }

    /// Resolves `selector` to exactly one node of the committed tree that is
    /// in view, enabled and supports `action`, and checks that a real
    /// pointer at the centre of its clipped bounds reaches it. Returns that
    /// cell.
    fn pointer_target(
        &self,
        selector: &Selector,
        operation: &str,
        action: Option<SemanticAction>,
    ) -> Result<(u16, u16), AutomationError> {
        if let Selector::Point { col, row } = selector {
            // A point is raw input: events go where a real pointer at that
            // cell goes, so only check that something is there.
            return match hit::hit_test(self.frame(), i32::from(*col), i32::from(*row)) {
                Some(_) => Ok((*col, *row)),
                None => Err(AutomationError::NoMatch { selector: selector.clone(), hint: None }),
            };
        }
        let node = self.resolve(selector)?;
        self.node_target(node, operation, action)
    }

    /// The cell a pointer action on `node` (from the committed tree) goes
    /// to, after checking the node can take it and that a real pointer
    /// there reaches it.
    fn node_target(
        &self,
        node: &SemanticNode,
        operation: &str,
        action: Option<SemanticAction>,
    ) -> Result<(u16, u16), AutomationError> {
        self.check_can(node, operation, action)?;
        let idx = self.live_node(node, operation)?;
        let frame = self.frame();
        // The current geometry: after a failed step the app may have moved on
        // from the committed tree.
        let clip = frame.nodes[idx].clip;
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
                        self.committed().tree.by_identity(frame.nodes[raw].key.identity())
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
                return Err(AutomationError::NotActionable {
                    target: node.label(),
                    operation: operation.to_owned(),
                    reason: format!(
                        "a pointer at its centre ({col},{row}) reaches {reached}, not it (covered by an overlay, or outside its hit area)"
                    ),
                });
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

    fn check_can(
        &self,
        node: &SemanticNode,
        operation: &str,
        action: Option<SemanticAction>,
    ) -> Result<(), AutomationError> {
        if !node.in_view {
            return Err(AutomationError::NotInView {
                target: node.label(),
                clipped: node.clipped_bounds.to_string(),
            });
        }
        if !node.states.enabled {
            return Err(AutomationError::NotActionable {
                target: node.label(),
                operation: operation.to_owned(),
                reason: "it is disabled".to_owned(),
            });
        }
        if let Some(action) = action
            && !node.actions.contains(action)
        {
            let supported = if node.actions.is_empty() {
                "it supports no actions".to_owned()
            } else {
                format!("it supports {}", node.actions)
            };
            return Err(AutomationError::NotActionable {
                target: node.label(),
                operation: operation.to_owned(),
                reason: format!("{operation} needs `{action}`, {supported}"),
            });
        }
        Ok(())
    }

    /// Resolves a selector to exactly one committed node; a missing id gets
    /// the closest existing id as a hint.
    fn resolve(&self, selector: &Selector) -> Result<&SemanticNode, AutomationError> {
        let tree = &self.committed().tree;
        // A commit fails on duplicate ids: the first match is the only one.
        tree.resolve_unique_ids(selector).map_err(|error| match AutomationError::from(error) {
            AutomationError::NoMatch { selector, .. } => {
                let hint = match &selector {
                    Selector::Id(id) => {
                        let ids: Vec<&str> = tree
                            .nodes()
                            .filter_map(|n| n.automation_id.as_ref().map(|i| i.as_str()))
                            .collect();
                        closest(id, ids.iter().copied()).first().map(|id| format!("`#{id}`"))
                    }
                    _ => None,
                };
                AutomationError::NoMatch { selector, hint }
            }
            other => other,
        })
    }

    fn pointer(&mut self, kind: MouseEventKind, col: u16, row: u16) -> Result<(), AutomationError> {
        let event =
            Event::Mouse(MouseEvent { kind, column: col, row, modifiers: KeyModifiers::NONE });
        self.handle_event(&event)
    }

    fn focus(&mut self, target: &FocusTarget) -> Result<(), AutomationError> {
        let moved = match target {
            FocusTarget::Next => self.move_focus(1),
            FocusTarget::Prev => self.move_focus(-1),
            FocusTarget::Selector(selector) => {
                let node = self.resolve(selector)?;
                self.check_can(node, "focus", Some(SemanticAction::Focus))?;
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
            return Err(AutomationError::NotActionable {
                target: "nothing".into(),
                operation: format!("type:{text}").chars().take(40).collect(),
                reason: "no node holds focus; click or focus a text field first".into(),
            });
        };
        if !(focused.role.accepts_text() || focused.actions.contains(SemanticAction::SetValue)) {
            return Err(AutomationError::NotActionable {
                target: focused.label(),
                operation: "type".into(),
                reason: "typing needs a focused text-box, text-area, combo-box or terminal".into(),
            });
        }
        // Every character is a key press: a refused key stays refused.
        if let Some(key) = text.chars().map(typed_key).find(|key| C::AUTOMATION_IDS.refuses(key)) {
            return Err(AutomationError::RefusedKey { key, app: std::any::type_name::<C>() });
        }
        for character in text.chars() {
            self.handle_event(&Event::Key(key_event(typed_key(character))))?;
        }
        Ok(())
    }

    fn scroll(
        &mut self,
        target: Option<&Selector>,
        direction: ScrollDirection,
    ) -> Result<(), AutomationError> {
        let (col, row) = match target {
            Some(selector) => self.pointer_target(selector, "scroll", None)?,
            None => {
                let tree = &self.committed().tree;
                let Some(focused) = tree.focused() else {
                    return Err(AutomationError::NotActionable {
                        target: "nothing".into(),
                        operation: "scroll".into(),
                        reason: "no node holds focus; give scroll a selector (`scroll:#list,down`)"
                            .into(),
                    });
                };
                self.node_target(focused, "scroll", None)?
            }
        };
        let kind = match direction {
            ScrollDirection::Up => MouseEventKind::ScrollUp,
            ScrollDirection::Down => MouseEventKind::ScrollDown,
        };
        self.pointer(MouseEventKind::Moved, col, row)?;
        self.pointer(kind, col, row)
    }

    fn drag(&mut self, from: &Selector, to: &Selector) -> Result<(), AutomationError> {
        let (from_col, from_row) = self.pointer_target(from, "drag", Some(SemanticAction::Drag))?;
        let (to_col, to_row) = self.pointer_target(to, "drag", None)?;
        let left = crossterm_button(MouseButton::Left);
        self.pointer(MouseEventKind::Moved, from_col, from_row)?;
        self.pointer(MouseEventKind::Down(left), from_col, from_row)?;
        self.pointer(MouseEventKind::Drag(left), to_col, to_row)?;
        self.pointer(MouseEventKind::Up(left), to_col, to_row)
    }

    /// Advances the controlled clock by `duration`, stopping at every timer
    /// due on the way (in due order, ties in submission order) and draining
    /// after each.
    pub(crate) fn advance(&mut self, duration: Duration) -> Result<(), AutomationError> {
        if self.clock.mode() != ClockMode::Controlled {
            return Err(AutomationError::RealtimeAdvance);
        }
        let target = self.clock.now() + duration;
        while let Some(due) = self.core.effects.timers.next_due().filter(|due| *due <= target) {
            self.clock.set_controlled(due);
            self.settle()?;
        }
        self.clock.set_controlled(target);
        self.settle()
    }

    /// What is pending right now, and the boundary the runtime cannot see
    /// past (untracked links).
    pub fn idle_report(&self) -> IdleReport {
        let now = self.clock.now();
        let timers = &self.core.effects.timers;
        let due = timers.count_due(now);
        let commands = &self.core.effects.commands;
        let mut report = IdleReport::default();
        report.queued_messages = self.core.effects.queue.len();
        report.due_timers = due;
        report.future_timers = timers.len() - due;
        report.dirty = self.restyle;
        report.tracked_commands = commands.running();
        report.running_commands = commands.running_names();
        report.external_links_untracked = commands.untracked_links();
        report
    }

    /// Whether waiting (in wall time) can change anything: a tracked command
    /// is running, an untracked link may send, or a realtime timer is due to
    /// fire. Under a controlled clock future timers cannot fire by waiting.
    fn waiting_can_help(&self, idle: &IdleReport) -> bool {
        idle.tracked_commands > 0
            || idle.external_links_untracked
            || (self.clock.mode() == ClockMode::Realtime && idle.future_timers > 0)
    }

    /// Blocks for at most `timeout` of wall time until a worker thread or
    /// link sends something (or a realtime timer may be due), then drains.
    fn wait_for_work(&mut self, timeout: Duration) -> Result<(), AutomationError> {
        let timeout = match (self.clock.mode(), self.until_next_timer()) {
            (ClockMode::Realtime, Some(due)) => timeout.min(due.max(Duration::from_millis(1))),
            _ => timeout,
        };
        let mut arrived = Vec::new();
        self.core.effects.commands.wait(timeout, &mut arrived);
        self.core.effects.queue.extend(arrived);
        self.settle()
    }

    fn wait_for(
        &mut self,
        condition: &WaitCondition,
        timeout: Duration,
    ) -> Result<(), AutomationError> {
        let started = Instant::now();
        let logical_start = self.clock.now();
        // The committed tree first, then what the app shows after each wait.
        let mut latest: Option<rehearse_core::semantic::SemanticTree> = None;
        loop {
            let tree = latest.as_ref().unwrap_or(&self.committed().tree);
            let (holds, matches) = evaluate(condition, tree)?;
            if holds {
                return Ok(());
            }
            let idle = self.idle_report();
            let elapsed = started.elapsed();
            // Under a controlled clock nothing can change unless some work is
            // pending: fail now instead of burning wall time.
            let gave_up_early = elapsed < timeout && !self.waiting_can_help(&idle);
            if elapsed >= timeout || gave_up_early {
                let condition = redacted(condition, &matches);
                let last_matches = matches.iter().map(|node| node.label()).collect();
                let semantic_tree = tree.to_markdown();
                let diagnostic_checkpoint = self.diagnostic_checkpoint()?;
                let mut timed_out = WaitTimeout::new(condition, timeout);
                timed_out.wall_elapsed = elapsed;
                timed_out.logical_elapsed = self.clock.now().0.saturating_sub(logical_start.0);
                timed_out.last_matches = last_matches;
                timed_out.idle = idle;
                timed_out.semantic_tree = semantic_tree;
                timed_out.diagnostic_checkpoint = diagnostic_checkpoint;
                timed_out.gave_up_early = gave_up_early;
                return Err(AutomationError::WaitTimeout(Box::new(timed_out)));
            }
            self.wait_for_work(timeout - elapsed)?;
            // Evaluate what the app shows now without committing: the step
            // commits exactly one generation when it ends.
            latest = Some(
                super::projection::project(self.frame(), self.generation, self.focused_idx())?.tree,
            );
        }
    }

    /// Records what the app shows now — the state the failure saw, which
    /// may be newer than the committed generation — for a failure, when
    /// sinks are configured. Returns the checkpoint's name; a sink error is
    /// reported in the name rather than replacing the failure itself.
    fn diagnostic_checkpoint(&mut self) -> Result<Option<String>, AutomationError> {
        if self.sinks.is_empty() {
            return Ok(None);
        }
        let name = format!("diagnostic-{}", self.generation);
        let snapshot = self.current_snapshot()?;
        let checkpoint = Checkpoint::new(&name, &snapshot, true);
        for sink in &mut self.sinks {
            if let Err(error) = sink.record(&checkpoint) {
                return Ok(Some(format!("{name} (not recorded: {error})")));
            }
        }
        Ok(Some(name))
    }

    /// The current frame as a committed frame would show it, without
    /// committing it (the generation number is the last committed one).
    fn current_snapshot(&self) -> Result<CommittedFrame, AutomationError> {
        let frame = self.frame();
        if frame.composited {
            return Ok(self.committed().clone());
        }
        let projection = super::projection::project(frame, self.generation, self.focused_idx())?;
        let mut snapshot = CommittedFrame::new(
            self.generation,
            self.committed().viewport,
            projection.tree,
            frame.composite_copy(),
        );
        snapshot.interaction = self.committed().interaction.clone();
        snapshot.cursor = frame.cursor;
        snapshot.time = self.clock.now();
        Ok(snapshot)
    }

    /// Waits for bounded realtime quiescence of tracked work: nothing queued,
    /// no timer due, no tracked command running, and nothing arriving for
    /// `quiet_window`. Logical time does not move.
    ///
    /// The report states what it cannot prove: `external_links_untracked`
    /// says an app thread holding an ordinary [`Link`](crate::Link) may still
    /// send later.
    ///
    /// # Errors
    ///
    /// [`AutomationError::IdleTimeout`] with the last report when `timeout`
    /// passes first.
    pub fn wait_for_idle(
        &mut self,
        timeout: Duration,
        quiet_window: Duration,
    ) -> Result<IdleReport, AutomationError> {
        self.ensure_open()?;
        let started = Instant::now();
        loop {
            self.settle()?;
            let idle = self.idle_report();
            let elapsed = started.elapsed();
            let remaining = timeout.saturating_sub(elapsed);
            if idle.is_idle() {
                // Quiet for the whole window: nothing tracked is left.
                let mut arrived = Vec::new();
                if !self.core.effects.commands.wait(quiet_window.min(remaining), &mut arrived) {
                    self.commit()?;
                    return Ok(self.idle_report());
                }
                self.core.effects.queue.extend(arrived);
            } else if remaining.is_zero() || !self.waiting_can_help(&idle) {
                return Err(AutomationError::IdleTimeout { waited: elapsed, idle: Box::new(idle) });
            } else {
                self.wait_for_work(remaining)?;
            }
        }
    }
}

/// The condition as an error may show it: when it compares text against a
/// node whose value is redacted, the text is a guess at a secret and is
/// withheld too.
fn redacted(condition: &WaitCondition, matches: &[&SemanticNode]) -> WaitCondition {
    let secret =
        matches.iter().any(|node| node.value.as_ref().is_some_and(|value| value.is_redacted()));
    let predicate = match &condition.predicate {
        Predicate::ValueEquals(_) if secret => Predicate::ValueEquals("<redacted>".into()),
        Predicate::TextContains(_) if secret => Predicate::TextContains("<redacted>".into()),
        other => other.clone(),
    };
    WaitCondition { predicate, selector: condition.selector.clone() }
}

/// The key a typed character is: a line break is Enter.
fn typed_key(character: char) -> KeyPress {
    match character {
        '\n' | '\r' => KeyPress::from(KeyCode::Enter),
        other => KeyPress::char(other),
    }
}
