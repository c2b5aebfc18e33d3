//! The one executor: what each step means, on any [`Plane`].
//!
//! Selector resolution against the committed tree (exactly one match for
//! an action, in view, enabled, able to take it), real input in terminal
//! order at the centre of the node, waits that poll what the plane shows
//! until their condition holds, and one committed generation per step.

use std::time::Duration;

use rehearse_lang::suggest::closest;
use rehearse_lang::{
    AutomationStep, Guard, MouseButton, PointerAction, PointerButton, Predicate, ScrollDirection,
    Secret, Selector, SemanticAction, WaitCondition,
};

use crate::cursor_wait::{test_cursor, wait_cursor};
use crate::error::AutomationError;
use crate::input::{Input, PointerKind};
use crate::observe::StepNote;
use crate::plane::Plane;
use crate::report::Outcome;
use crate::semantic::{CompiledRegex, Generation, SemanticNode, SemanticTree};
use crate::terminal::{PipelineStep, no_terminal};
use crate::wait::evaluate_with_cells;
use crate::waiting::WaitInProgress;

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
    if let Some(guard) = guard {
        let held = guard_holds(plane, guard)?;
        plane.commit_record_mut().note(StepNote::Guard { held });
        if !held {
            return Ok(Outcome::Skipped(plane.committed().generation));
        }
    }
    run(plane, step).map(Outcome::Ran)
}

fn guard_holds<P: Plane + ?Sized>(plane: &mut P, guard: &Guard) -> Result<bool, AutomationError> {
    match guard {
        Guard::Node(condition) => {
            plane.check_selector(&condition.selector)?;
            // A guard judges what the plane shows once it is stable.
            let observed = plane.observe(None)?;
            // A style predicate reads the cells drawn with the tree it judges.
            let cells = match (&condition.predicate, &observed) {
                (Predicate::Style(_), Some(_)) => Some(plane.current_cells()?),
                _ => None,
            };
            let tree = observed.as_ref().unwrap_or(&plane.committed().tree);
            let cells = cells.as_ref().unwrap_or(&plane.committed().buffer);
            Ok(evaluate_with_cells(condition, tree, cells)?.holds)
        }
        Guard::Terminal(condition) => {
            let kind = plane.kind();
            match plane.terminal() {
                Some(terminal) => terminal.test_terminal(condition),
                // Without a terminal the cursor is the frame's.
                None => test_cursor(plane, condition)?
                    .ok_or_else(|| no_terminal(kind, &condition.to_string())),
            }
        }
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
    // A checkpoint's commit is the one whose frame carries what only its
    // sinks read (a terminal plane's terminal state).
    let checkpointing = matches!(step, AutomationStep::Checkpoint { .. });
    if checkpointing {
        plane.commit_record_mut().set_checkpointing(true);
    }
    let committed = plane.commit();
    if checkpointing {
        plane.commit_record_mut().set_checkpointing(false);
    }
    let generation = committed?;
    if let AutomationStep::Checkpoint { name } = step {
        plane.commit_record_mut().checkpoint(name)?;
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
        AutomationStep::Focus { target } => deliver(plane, Input::Focus(target))?,
        AutomationStep::Type { text } => deliver(plane, Input::Text(text))?,
        AutomationStep::TypeSecret { secret } => type_secret(plane, secret)?,
        AutomationStep::Key { key } => deliver(plane, Input::Key(*key))?,
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
            if let Some(format) = plane.commit_record().needs_terminal() {
                let kind = plane.kind();
                if plane.terminal().is_none() {
                    return Err(crate::terminal::no_terminal_format(kind, format));
                }
            }
            plane.settle()?;
        }
        AutomationStep::WaitFor { condition, timeout } => wait_for(plane, condition, *timeout)?,
        AutomationStep::ExpectTree { target, pattern, timeout } => {
            crate::expect_tree::expect_tree(plane, target, pattern, *timeout)?;
        }
        AutomationStep::WaitForTerminal { condition, timeout } => {
            let kind = plane.kind();
            match plane.terminal() {
                Some(terminal) => terminal.wait_terminal(condition, *timeout)?,
                // Without a terminal the cursor is the frame's.
                None => {
                    if !wait_cursor(plane, condition, *timeout)? {
                        return Err(no_terminal(kind, &condition.to_string()));
                    }
                }
            }
        }
        AutomationStep::Paste { text } => deliver(plane, Input::Paste(text))?,
        AutomationStep::Send { text } => deliver(plane, Input::Raw(text))?,
        AutomationStep::Mouse { col, row, button, action } => {
            plane.reach_point(*col, *row)?;
            plane.commit_record_mut().note(StepNote::Point { col: *col, row: *row });
            let inputs = mouse_inputs((*col, *row), *button, *action);
            note_inputs(plane, &inputs, &[]);
            plane.deliver_all(&inputs)?;
        }
        AutomationStep::Download { .. }
        | AutomationStep::Transform { .. }
        | AutomationStep::Monitor { .. } => {
            let kind = plane.kind();
            match (plane.terminal(), PipelineStep::of(step)) {
                (Some(terminal), Some(pipeline)) => terminal.pipeline(pipeline)?,
                _ => return Err(no_terminal(kind, &step.to_string())),
            }
        }
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
    let mut references = Vec::new();
    for step in steps {
        match step {
            AutomationStep::Key { key } => inputs.push(Input::Key(*key)),
            AutomationStep::Type { text } => inputs.push(Input::Text(text)),
            AutomationStep::TypeSecret { secret } => {
                inputs.extend(secrets.next().map(|text| Input::Secret(text)));
                references.push(secret);
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
    note_inputs(plane, &inputs, &references);
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
    deliver(plane, Input::Pointer { kind, col, row })
}

/// Notes `input` for an observer, then hands it to the plane (never a
/// secret: see [`type_secret`]).
fn deliver<P: Plane + ?Sized>(plane: &mut P, input: Input<'_>) -> Result<(), AutomationError> {
    plane.commit_record_mut().note(StepNote::Input(input));
    plane.deliver(input)
}

/// Notes inputs handed over at once for an observer; each secret among
/// them as its reference, in order (`secrets`).
fn note_inputs<P: Plane + ?Sized>(plane: &mut P, inputs: &[Input<'_>], secrets: &[&Secret]) {
    let record = plane.commit_record_mut();
    if !record.is_observed() {
        return;
    }
    let mut secrets = secrets.iter();
    for &input in inputs {
        match input {
            Input::Secret(_) => record.note(
                secrets.next().map_or(StepNote::Input(Input::Secret("<secret>")), |secret| {
                    StepNote::Secret(secret)
                }),
            ),
            other => record.note(StepNote::Input(other)),
        }
    }
}

/// Notes, for an observer, the node the step's pointer goes to and where:
/// `find` finds it again in the committed tree.
fn note_target<P: Plane + ?Sized>(
    plane: &mut P,
    point: (u16, u16),
    find: impl FnOnce(&SemanticTree) -> Option<&SemanticNode>,
) {
    let (frame, observer) = plane.commit_record_mut().frame_and_observer();
    if let Some(observer) = observer
        && let Some(node) = find(&frame.tree)
    {
        observer.noted(&StepNote::Target { node, tree: &frame.tree, point });
    }
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
    plane.commit_record_mut().note(StepNote::Secret(secret));
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
            let point = node_target(plane, focused, "scroll", None)?;
            note_target(plane, point, SemanticTree::focused);
            point
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
/// pointer at its centre reaches it through; an observer is told which.
fn pointer_target<P: Plane + ?Sized>(
    plane: &mut P,
    selector: &Selector,
    operation: &str,
    action: Option<SemanticAction>,
) -> Result<(u16, u16), AutomationError> {
    let point = reach_target(plane, selector, operation, action)?;
    if let Selector::Point { col, row } = selector {
        plane.commit_record_mut().note(StepNote::Point { col: *col, row: *row });
    } else {
        note_target(plane, point, |tree| tree.resolve_unique_ids(selector).ok());
    }
    Ok(point)
}

fn reach_target<P: Plane + ?Sized>(
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
    match selector.last_segment() {
        Selector::TextContains(text) => {
            check_can(node, operation, action)?;
            return plane.reach_text(node, text, operation);
        }
        // A regex points at what it matched: the first match in the name
        // (the screen line's text on the terminal plane).
        Selector::TextMatches(regex) => {
            check_can(node, operation, action)?;
            let regex = CompiledRegex::new(regex);
            if let Some(found) = regex.find(&node.name) {
                return plane.reach_match(node, found, operation);
            }
        }
        _ => {}
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
    WaitInProgress::start(plane, condition.clone(), timeout)?.run(plane)
}
