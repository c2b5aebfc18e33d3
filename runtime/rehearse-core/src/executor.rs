//! The one executor: what each step means, on any [`Plane`].
//!
//! Selector resolution against the committed tree (exactly one match for
//! an action, in view, enabled, able to take it), real input in terminal
//! order at the centre of the node, waits that poll what the plane shows
//! until their condition holds, and one committed generation per step.

use std::time::{Duration, Instant};

use rehearse_lang::suggest::closest;
use rehearse_lang::{
    AutomationStep, Guard, MouseButton, PointerAction, PointerButton, Predicate, ScrollDirection,
    Secret, Selector, SemanticAction, WaitCondition,
};

use crate::error::AutomationError;
use crate::plane::{Input, Plane, PointerKind};
use crate::semantic::{Generation, SemanticNode, SemanticTree};
use crate::wait::{WaitTimeout, evaluate};

/// Executes one step on `plane`: resolves its selector against the
/// committed tree, checks the target can take it, delivers real input in
/// terminal order, settles and commits one generation; a checkpoint step
/// then hands that generation to the plane's sinks.
///
/// # Errors
///
/// Whatever the step fails with; the state it reached is kept (nothing is
/// rolled back) but not committed.
pub fn execute<P: Plane + ?Sized>(
    plane: &mut P,
    step: &AutomationStep,
) -> Result<Generation, AutomationError> {
    execute_guarded(plane, step).map(|outcome| outcome.generation())
}

/// What running a step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// It ran and committed this generation.
    Ran(Generation),
    /// Its `when(...)` guard did not hold: nothing ran or was committed;
    /// this is the generation it left in place.
    Skipped(Generation),
}

impl Outcome {
    /// The generation the step committed or left in place.
    pub const fn generation(self) -> Generation {
        match self {
            Self::Ran(generation) | Self::Skipped(generation) => generation,
        }
    }
}

/// Executes one step like [`execute`], first checking its `when(...)`
/// guard (on the committed tree, or on a settled screen for a terminal
/// condition): a guard that does not hold skips the step.
///
/// # Errors
///
/// What the guard's check or the step fails with.
pub fn execute_guarded<P: Plane + ?Sized>(
    plane: &mut P,
    step: &AutomationStep,
) -> Result<Outcome, AutomationError> {
    plane.ensure_open()?;
    let (_, guard, step) = step.parts();
    if let Some(guard) = guard
        && !guard_holds(plane, guard)?
    {
        return Ok(Outcome::Skipped(plane.committed().generation));
    }
    run(plane, step).map(Outcome::Ran)
}

fn guard_holds<P: Plane + ?Sized>(plane: &mut P, guard: &Guard) -> Result<bool, AutomationError> {
    match guard {
        Guard::Node(condition) => {
            plane.check_selector(&condition.selector)?;
            // A guard judges what the plane shows once it is stable.
            let observed = plane.observe(None)?;
            let tree = observed.as_ref().unwrap_or(&plane.committed().tree);
            Ok(evaluate(condition, tree)?.0)
        }
        Guard::Terminal(condition) => plane.test_terminal(condition),
        other => Err(AutomationError::Unsupported {
            operation: format!("when({other})"),
            reason: "this executor does not know the guard".into(),
        }),
    }
}

fn run<P: Plane + ?Sized>(
    plane: &mut P,
    step: &AutomationStep,
) -> Result<Generation, AutomationError> {
    perform(plane, step)?;
    let generation = plane.commit()?;
    if let AutomationStep::Checkpoint { name } = step {
        plane.checkpoint(name)?;
    }
    Ok(generation)
}

/// What the step does, before its one commit.
fn perform<P: Plane + ?Sized>(plane: &mut P, step: &AutomationStep) -> Result<(), AutomationError> {
    match step {
        AutomationStep::Click { target, button } => click(plane, target, *button)?,
        AutomationStep::Hover { target } => {
            let (col, row) = pointer_target(plane, target, "hover", None)?;
            pointer(plane, PointerKind::Moved, col, row)?;
        }
        AutomationStep::Focus { target } => plane.deliver(Input::Focus(target))?,
        AutomationStep::Type { text } => plane.deliver(Input::Text(text))?,
        AutomationStep::TypeSecret { secret } => type_secret(plane, secret)?,
        AutomationStep::Key { key } => plane.deliver(Input::Key(*key))?,
        AutomationStep::Scroll { target, direction } => scroll(plane, target.as_ref(), *direction)?,
        AutomationStep::Drag { from, to } => drag(plane, from, to)?,
        AutomationStep::Advance { duration } => plane.advance(*duration)?,
        AutomationStep::Sleep { duration } => plane.sleep(*duration)?,
        AutomationStep::Resize { cols, rows } => {
            plane.resize(*cols, *rows)?;
            plane.settle()?;
        }
        AutomationStep::Drain => plane.settle()?,
        AutomationStep::Checkpoint { name } => {
            rehearse_lang::validate_checkpoint_name(name).map_err(|reason| {
                AutomationError::InvalidCheckpointName {
                    name: name.clone(),
                    reason: reason.to_string(),
                }
            })?;
            plane.settle()?;
        }
        AutomationStep::WaitFor { condition, timeout } => wait_for(plane, condition, *timeout)?,
        AutomationStep::WaitForTerminal { condition, timeout } => {
            plane.wait_terminal(condition, *timeout)?;
        }
        AutomationStep::Paste { text } => plane.deliver(Input::Paste(text))?,
        AutomationStep::Send { text } => plane.deliver(Input::Raw(text))?,
        AutomationStep::Mouse { col, row, button, action } => {
            plane.reach_point(*col, *row)?;
            plane.deliver_all(&mouse_inputs((*col, *row), *button, *action))?;
        }
        AutomationStep::Download { .. }
        | AutomationStep::Transform { .. }
        | AutomationStep::Monitor { .. } => plane.pipeline(step)?,
        AutomationStep::Batch { inputs, then } => {
            batch(plane, inputs)?;
            if let Some(then) = then {
                perform(plane, then)?;
            }
        }
        other => {
            return Err(AutomationError::Unsupported {
                operation: other.to_string(),
                reason: "this executor does not know the step".into(),
            });
        }
    }
    Ok(())
}

/// A batch's inputs, handed to the plane at once (one write on a terminal).
fn batch<P: Plane + ?Sized>(
    plane: &mut P,
    steps: &[AutomationStep],
) -> Result<(), AutomationError> {
    // Secrets are read first, so the inputs can borrow them.
    let mut revealed = Vec::new();
    for step in steps {
        if let AutomationStep::TypeSecret { secret } = step {
            revealed.push(reveal(secret)?);
        }
    }
    let mut secrets = revealed.iter();
    let mut inputs = Vec::with_capacity(steps.len());
    for step in steps {
        match step {
            AutomationStep::Key { key } => inputs.push(Input::Key(*key)),
            AutomationStep::Type { text } => inputs.push(Input::Text(text)),
            AutomationStep::TypeSecret { .. } => {
                inputs.extend(secrets.next().map(|text| Input::Secret(text)));
            }
            AutomationStep::Paste { text } => inputs.push(Input::Paste(text)),
            AutomationStep::Send { text } => inputs.push(Input::Raw(text)),
            AutomationStep::Mouse { col, row, button, action } => {
                plane.reach_point(*col, *row)?;
                inputs.extend(mouse_inputs((*col, *row), *button, *action));
            }
            other => {
                return Err(AutomationError::Unsupported {
                    operation: other.to_string(),
                    reason: "a batch holds only input steps".into(),
                });
            }
        }
    }
    let delivered = plane.deliver_all(&inputs);
    if revealed.is_empty() {
        delivered
    } else {
        delivered.map_err(|e| hide_refused_key(e, "batch"))
    }
}

/// A secret's text, or why it cannot be read (naming the variable, never a
/// value).
fn reveal(secret: &Secret) -> Result<std::borrow::Cow<'_, str>, AutomationError> {
    secret.reveal().map_err(|reason| AutomationError::NotActionable {
        target: "the secret".into(),
        operation: format!("type:{secret}"),
        reason,
    })
}

/// A refused key while typing a secret would name one of its characters:
/// say only that one was refused.
fn hide_refused_key(error: AutomationError, operation: &str) -> AutomationError {
    match error {
        AutomationError::RefusedKey { app, .. } => AutomationError::NotActionable {
            target: app.into(),
            operation: operation.to_owned(),
            reason: "the secret holds a key the app refuses in automation".into(),
        },
        other => other,
    }
}

fn pointer<P: Plane + ?Sized>(
    plane: &mut P,
    kind: PointerKind,
    col: u16,
    row: u16,
) -> Result<(), AutomationError> {
    plane.deliver(Input::Pointer { kind, col, row })
}

fn click<P: Plane + ?Sized>(
    plane: &mut P,
    target: &Selector,
    button: MouseButton,
) -> Result<(), AutomationError> {
    let operation = button.verb().as_str();
    let (col, row) = pointer_target(plane, target, operation, Some(SemanticAction::Click))?;
    pointer(plane, PointerKind::Moved, col, row)?;
    pointer(plane, PointerKind::Down(button), col, row)?;
    pointer(plane, PointerKind::Up(button), col, row)
}

/// Types a secret: read now, delivered as text, and kept out of every
/// error (a refused key would name one of its characters).
fn type_secret<P: Plane + ?Sized>(plane: &mut P, secret: &Secret) -> Result<(), AutomationError> {
    let text = reveal(secret)?;
    plane
        .deliver(Input::Secret(&text))
        .map_err(|error| hide_refused_key(error, &format!("type:{secret}")))
}

/// The pointer inputs of a raw mouse event at a cell.
fn mouse_inputs(
    (col, row): (u16, u16),
    button: PointerButton,
    action: PointerAction,
) -> Vec<Input<'static>> {
    let held = match button {
        PointerButton::Left => Some(MouseButton::Left),
        PointerButton::Middle => Some(MouseButton::Middle),
        PointerButton::Right => Some(MouseButton::Right),
        _ => None,
    };
    let kinds = match (button, held, action) {
        (PointerButton::WheelUp, ..) => vec![PointerKind::ScrollUp],
        (PointerButton::WheelDown, ..) => vec![PointerKind::ScrollDown],
        (_, Some(held), PointerAction::Click) => {
            vec![PointerKind::Down(held), PointerKind::Up(held)]
        }
        (_, Some(held), PointerAction::Press) => vec![PointerKind::Down(held)],
        (_, Some(held), PointerAction::Release) => vec![PointerKind::Up(held)],
        (_, Some(held), PointerAction::Move) => vec![PointerKind::Drag(held)],
        _ => vec![PointerKind::Moved],
    };
    kinds.into_iter().map(|kind| Input::Pointer { kind, col, row }).collect()
}

fn scroll<P: Plane + ?Sized>(
    plane: &mut P,
    target: Option<&Selector>,
    direction: ScrollDirection,
) -> Result<(), AutomationError> {
    let (col, row) = match target {
        Some(selector) => pointer_target(plane, selector, "scroll", None)?,
        None => {
            let Some(focused) = plane.committed().tree.focused() else {
                return Err(AutomationError::NotActionable {
                    target: "nothing".into(),
                    operation: "scroll".into(),
                    reason: "no node holds focus; give scroll a selector (`scroll:#list,down`)"
                        .into(),
                });
            };
            node_target(plane, focused, "scroll", None)?
        }
    };
    let kind = match direction {
        ScrollDirection::Up => PointerKind::ScrollUp,
        ScrollDirection::Down => PointerKind::ScrollDown,
    };
    pointer(plane, PointerKind::Moved, col, row)?;
    pointer(plane, kind, col, row)
}

fn drag<P: Plane + ?Sized>(
    plane: &mut P,
    from: &Selector,
    to: &Selector,
) -> Result<(), AutomationError> {
    let (from_col, from_row) = pointer_target(plane, from, "drag", Some(SemanticAction::Drag))?;
    let (to_col, to_row) = pointer_target(plane, to, "drag", None)?;
    let left = MouseButton::Left;
    pointer(plane, PointerKind::Moved, from_col, from_row)?;
    pointer(plane, PointerKind::Down(left), from_col, from_row)?;
    pointer(plane, PointerKind::Drag(left), to_col, to_row)?;
    pointer(plane, PointerKind::Up(left), to_col, to_row)
}

/// Resolves `selector` to exactly one node of the committed tree (or the
/// tree the plane observed for it, [`Plane::observe`]) that is in view,
/// enabled and supports `action`, and asks the plane for the cell a
/// pointer at its centre reaches it through.
fn pointer_target<P: Plane + ?Sized>(
    plane: &mut P,
    selector: &Selector,
    operation: &str,
    action: Option<SemanticAction>,
) -> Result<(u16, u16), AutomationError> {
    plane.check_selector(selector)?;
    if let Selector::Point { col, row } = selector {
        // A point is raw input: events go where a real pointer at that cell
        // goes, so only check that something is there.
        plane.reach_point(*col, *row)?;
        return Ok((*col, *row));
    }
    let observed = plane.observe(Some(selector))?;
    let plane: &P = plane;
    let node = resolve(observed.as_ref().unwrap_or(&plane.committed().tree), selector)?;
    // A chain ending on text (`#col >> text~Move`) points at the text too.
    if let Selector::TextContains(text) = selector.last_segment() {
        check_can(node, operation, action)?;
        return plane.reach_text(node, text, operation);
    }
    node_target(plane, node, operation, action)
}

fn node_target<P: Plane + ?Sized>(
    plane: &P,
    node: &SemanticNode,
    operation: &str,
    action: Option<SemanticAction>,
) -> Result<(u16, u16), AutomationError> {
    check_can(node, operation, action)?;
    plane.reach(node, operation)
}

/// Checks that `node` is in view, not inert (beneath an open modal
/// dialog), enabled and, when `action` is given, supports it.
///
/// # Errors
///
/// [`AutomationError::NotInView`] or [`AutomationError::NotActionable`]
/// saying why and what would work.
pub fn check_can(
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
    if node.is_inert() {
        return Err(AutomationError::NotActionable {
            target: node.label(),
            operation: operation.to_owned(),
            reason: "it is inert: a modal dialog is open above it; act in the dialog or close it \
                     first"
                .to_owned(),
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

/// Resolves a selector to exactly one node of `tree` (whose automation ids
/// are unique, as every committed tree's are); a missing id gets the
/// closest existing id as a hint, a role or text selector that matches
/// nothing the list of what is there.
///
/// # Errors
///
/// No match (with a hint), more than one, or an invalid selector.
pub fn resolve<'t>(
    tree: &'t SemanticTree,
    selector: &Selector,
) -> Result<&'t SemanticNode, AutomationError> {
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
                other => tree.what_is_there(other),
            };
            AutomationError::NoMatch { selector, hint }
        }
        other => other,
    })
}

fn wait_for<P: Plane + ?Sized>(
    plane: &mut P,
    condition: &WaitCondition,
    timeout: Duration,
) -> Result<(), AutomationError> {
    plane.check_selector(&condition.selector)?;
    let started = Instant::now();
    let logical_start = plane.now();
    // The committed tree first, then what the plane shows after each wait.
    let mut latest: Option<SemanticTree> = None;
    loop {
        let tree = latest.as_ref().unwrap_or(&plane.committed().tree);
        let (holds, matches) = evaluate(condition, tree)?;
        if holds {
            return Ok(());
        }
        let pending = plane.pending();
        let elapsed = started.elapsed();
        // When nothing pending can change the tree, fail now instead of
        // burning wall time.
        let gave_up_early = elapsed < timeout && !pending.can_change;
        if gave_up_early && let Some(status) = pending.ended {
            // The target itself ended: say so, not "timed out".
            return Err(AutomationError::TargetEnded {
                status,
                before: format!("`{}` held", redacted(condition, &matches)),
            });
        }
        if elapsed >= timeout || gave_up_early {
            let mut timed_out = WaitTimeout::new(redacted(condition, &matches), timeout);
            timed_out.last_matches = matches.iter().map(|node| node.label()).collect();
            timed_out.what_is_there =
                matches.is_empty().then(|| tree.what_is_there(&condition.selector)).flatten();
            timed_out.semantic_tree = tree.to_markdown();
            timed_out.wall_elapsed = elapsed;
            timed_out.idle = pending.idle;
            timed_out.gave_up_early = gave_up_early;
            timed_out.diagnostic_checkpoint = plane.diagnostic_checkpoint()?;
            timed_out.logical_elapsed = plane.now().0.saturating_sub(logical_start.0);
            return Err(AutomationError::WaitTimeout(Box::new(timed_out)));
        }
        plane.await_change(timeout - elapsed)?;
        // Evaluate what the plane shows now without committing: the step
        // commits exactly one generation when it ends.
        latest = Some(plane.current_tree()?);
    }
}

/// The condition as an error may show it: when it compares text against a
/// node whose value is redacted (or that holds one), or against nothing at
/// all, the text may be a guess at a secret and is withheld too.
fn redacted(condition: &WaitCondition, matches: &[&SemanticNode]) -> WaitCondition {
    let secret = matches.is_empty()
        || matches.iter().any(|node| {
            node.descendants().any(|node| node.value.as_ref().is_some_and(|v| v.is_redacted()))
        });
    let predicate = match &condition.predicate {
        Predicate::ValueEquals(_) if secret => Predicate::ValueEquals("<redacted>".into()),
        Predicate::TextContains(_) if secret => Predicate::TextContains("<redacted>".into()),
        other => other.clone(),
    };
    WaitCondition { predicate, selector: condition.selector.clone() }
}
