//! The cursor conditions (`visible,cursor`, `hidden,cursor`,
//! `at=COLxROW,cursor`) on a plane without a terminal: the engine and an
//! adopted app, whose frames know where the cursor is when a widget placed
//! it (ratatui's `Frame::set_cursor_position`). A frame that placed none
//! has the cursor hidden, and then it is at no cell. A plane with a
//! terminal judges them on its emulator instead.

use std::time::{Duration, Instant};

use rehearse_lang::TerminalCondition;

use crate::error::AutomationError;
use crate::observe::StepNote;
use crate::plane::Plane;

/// Whether `condition` holds of a cursor at `cursor` (`None`: hidden);
/// `None` when it is not a cursor condition.
pub(crate) fn cursor_holds(
    condition: &TerminalCondition,
    cursor: Option<(u16, u16)>,
) -> Option<bool> {
    match condition {
        TerminalCondition::CursorVisible(visible) => Some(cursor.is_some() == *visible),
        TerminalCondition::CursorAt { col, row } => Some(cursor == Some((*col, *row))),
        _ => None,
    }
}

/// Where the cursor was, as a failure says it.
fn described(cursor: Option<(u16, u16)>) -> String {
    match cursor {
        Some((col, row)) => format!("(the cursor was at {col}x{row}, shown)"),
        None => "(the cursor was hidden: the frame placed none)".to_owned(),
    }
}

/// A `when(…)` guard on the cursor: of the frame the plane shows once
/// stable.
pub(crate) fn test_cursor<P: Plane + ?Sized>(
    plane: &mut P,
    condition: &TerminalCondition,
) -> Result<Option<bool>, AutomationError> {
    if cursor_holds(condition, None).is_none() {
        return Ok(None);
    }
    let cursor = match plane.observe(None)? {
        Some(_) => plane.current_frame()?.cursor,
        None => plane.committed().cursor,
    };
    let held = cursor_holds(condition, cursor);
    if let Some(held) = held {
        plane.commit_record_mut().note(StepNote::TerminalCondition { condition, held });
    }
    Ok(held)
}

/// Waits until a cursor condition holds of what a plane without a terminal
/// shows (the frame's cursor), for at most `timeout`; `Ok(false)` when
/// `condition` is not about the cursor. The executor's `wait-for:` on the
/// cursor, and a server's.
///
/// # Errors
///
/// [`AutomationError::ScreenTimeout`] saying where the cursor was, when the
/// time is up or nothing pending could move it (a controlled clock with no
/// work); [`AutomationError::TargetEnded`] when the target ended first.
pub fn wait_cursor<P: Plane + ?Sized>(
    plane: &mut P,
    condition: &TerminalCondition,
    timeout: Duration,
) -> Result<bool, AutomationError> {
    let Some(mut held) = cursor_holds(condition, plane.committed().cursor) else {
        return Ok(false);
    };
    let started = Instant::now();
    let mut cursor = plane.committed().cursor;
    loop {
        plane.commit_record_mut().note(StepNote::TerminalCondition { condition, held });
        if held {
            return Ok(true);
        }
        let pending = plane.pending();
        let left = timeout.saturating_sub(started.elapsed());
        if left.is_zero() || !pending.can_change {
            if let Some(status) = pending.ended {
                return Err(AutomationError::TargetEnded {
                    status,
                    before: format!("`{condition}` held"),
                });
            }
            return Err(AutomationError::ScreenTimeout {
                condition: condition.to_string(),
                timeout,
                screen: described(cursor),
            });
        }
        plane.await_change(left)?;
        cursor = plane.current_frame()?.cursor;
        held = cursor_holds(condition, cursor).unwrap_or(false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_cursor_is_at_no_cell() {
        let at = TerminalCondition::CursorAt { col: 3, row: 1 };
        assert_eq!(cursor_holds(&at, Some((3, 1))), Some(true));
        assert_eq!(cursor_holds(&at, Some((1, 3))), Some(false));
        assert_eq!(cursor_holds(&at, None), Some(false));
        let visible = TerminalCondition::CursorVisible(true);
        assert_eq!(cursor_holds(&visible, Some((0, 0))), Some(true));
        assert_eq!(cursor_holds(&TerminalCondition::CursorVisible(false), None), Some(true));
        assert_eq!(cursor_holds(&TerminalCondition::Exited, None), None);
        assert_eq!(described(Some((2, 0))), "(the cursor was at 2x0, shown)");
    }
}
