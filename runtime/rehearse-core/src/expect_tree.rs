//! `expect-tree:SELECTOR,MS (OUTLINE)`: waits, as `wait-for:` does, until
//! the subtree of a node the selector matches has the outline's shape —
//! judging what the plane shows after each change, on any plane with a
//! tree — and fails with the outline beside the subtree as it last was.

use std::time::{Duration, Instant};

use rehearse_lang::{Selector, TreePattern};

use crate::error::AutomationError;
use crate::observe::StepNote;
use crate::plane::Plane;
use crate::semantic::SemanticTree;
use crate::tree_timeout::{TreeTimeout, judge, withhold_values};

/// Runs `expect-tree:` on `plane`: judges what it shows until the outline
/// matches, the timeout passes, nothing pending can change the tree, or the
/// target ends. Each judgement is noted ([`StepNote::WaitEvaluated`]'s
/// sibling, [`StepNote::TreeEvaluated`]) with why it did not hold.
///
/// # Errors
///
/// [`AutomationError::TreeTimeout`] with the diff, [`AutomationError::TargetEnded`],
/// a selector the plane cannot answer, or what reading the plane fails with.
pub(crate) fn expect_tree<P: Plane + ?Sized>(
    plane: &mut P,
    target: &Selector,
    pattern: &TreePattern,
    timeout: Duration,
) -> Result<(), AutomationError> {
    plane.check_selector(target)?;
    let started = Instant::now();
    let ends = started + timeout;
    let logical_start = plane.now();
    let mut latest: Option<SemanticTree> = None;
    loop {
        let tree = latest.as_ref().unwrap_or(&plane.committed().tree);
        let matches = tree.find_all(target)?;
        let verdict = judge(pattern, &matches);
        let generation = tree.generation;
        let count = matches.len();
        if plane.commit_record().is_observed() {
            let reason = verdict.as_ref().err().map(|(reason, _)| reason.as_str());
            let note = StepNote::TreeEvaluated {
                generation,
                held: verdict.is_ok(),
                matches: count,
                reason,
            };
            plane.commit_record_mut().note(note);
        }
        let Err((reason, diff)) = verdict else { return Ok(()) };
        let pending = plane.pending();
        let timed_out = Instant::now() >= ends;
        let gave_up_early = !timed_out && !pending.can_change;
        if gave_up_early && let Some(status) = pending.ended {
            return Err(AutomationError::TargetEnded {
                status,
                before: format!("`expect-tree:{target},{}` held", timeout.as_millis()),
            });
        }
        if timed_out || gave_up_early {
            let shown = if count == 0 { withhold_values(pattern) } else { pattern.clone() };
            return Err(AutomationError::TreeTimeout(Box::new(TreeTimeout {
                target: target.clone(),
                pattern: shown,
                timeout,
                wall_elapsed: started.elapsed(),
                logical_elapsed: plane.now().0.saturating_sub(logical_start.0),
                matches: count,
                reason,
                diff,
                idle: pending.idle,
                gave_up_early,
            })));
        }
        plane.await_change(ends.saturating_duration_since(Instant::now()))?;
        latest = Some(plane.current_tree()?);
    }
}
