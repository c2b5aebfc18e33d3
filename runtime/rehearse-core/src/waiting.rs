//! [`WaitInProgress`]: the one `wait-for:` — a condition on what the plane
//! shows, checked until it holds, its timeout passes, nothing can change
//! any more, or the target ends — as a value that can be resumed. The
//! executor checks it and blocks on the plane in between; a front-end that
//! must not block (the control server, which answers other requests while
//! a wait is pending) checks it between its other work, and the failure it
//! reports is the same full diagnostic either way.

use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use rehearse_lang::{Predicate, WaitCondition};

use crate::error::AutomationError;
use crate::observe::StepNote;
use crate::plane::Plane;
use crate::report::redacted_regex;
use crate::semantic::{SemanticNode, SemanticTree};
use crate::time::LogicalTime;
use crate::wait::{Evaluation, WaitTimeout, evaluate_with_cells};

/// A `wait-for:` in progress.
#[derive(Debug)]
pub struct WaitInProgress {
    condition: WaitCondition,
    timeout: Duration,
    started: Instant,
    /// When it times out: its timeout, or an earlier deadline.
    ends: Instant,
    logical_start: LogicalTime,
    /// What the plane showed after the last wait for a change; the
    /// committed tree until then.
    latest: Option<SemanticTree>,
    /// The cells drawn with `latest`, read only for a style predicate.
    latest_cells: Option<Buffer>,
    /// Something besides the plane's own work may change it (another
    /// client's request): never give up before the timeout.
    patient: bool,
}

impl WaitInProgress {
    /// Starts waiting until `condition` holds on `plane`, for at most
    /// `timeout`.
    ///
    /// # Errors
    ///
    /// A selector the plane cannot answer ([`Plane::check_selector`]).
    pub fn start<P: Plane + ?Sized>(
        plane: &P,
        condition: WaitCondition,
        timeout: Duration,
    ) -> Result<Self, AutomationError> {
        plane.check_selector(&condition.selector)?;
        let started = Instant::now();
        Ok(Self {
            condition,
            timeout,
            started,
            ends: started + timeout,
            logical_start: plane.now(),
            latest: None,
            latest_cells: None,
            patient: false,
        })
    }

    /// Ends it by `deadline` at the latest (a request's deadline); a timeout
    /// then still names the timeout asked for.
    #[must_use]
    pub fn ending_by(mut self, deadline: Instant) -> Self {
        self.ends = self.ends.min(deadline);
        self
    }

    /// Never gives up before the timeout, even when nothing pending in the
    /// plane could change the tree: something else may (another client's
    /// request to the same session).
    #[must_use]
    pub fn patient(mut self) -> Self {
        self.patient = true;
        self
    }

    /// The condition waited for.
    pub fn condition(&self) -> &WaitCondition {
        &self.condition
    }

    /// Wall time since it started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Checks the condition on what the plane shows: the committed tree, or
    /// the tree read after the last [`await_change`](Self::await_change).
    /// `Ok(true)` once it holds, `Ok(false)` while it may still.
    ///
    /// # Errors
    ///
    /// [`AutomationError::WaitTimeout`] with what was there, what was
    /// pending and a diagnostic checkpoint when the time is up (or, unless
    /// [`patient`](Self::patient), nothing pending could change the tree);
    /// [`AutomationError::TargetEnded`] when the target ended first; an
    /// invalid selector.
    pub fn check<P: Plane + ?Sized>(&mut self, plane: &mut P) -> Result<bool, AutomationError> {
        let tree = self.latest.as_ref().unwrap_or(&plane.committed().tree);
        let cells = self.latest_cells.as_ref().unwrap_or(&plane.committed().buffer);
        let Evaluation { holds, matches, why, .. } =
            evaluate_with_cells(&self.condition, tree, cells)?;
        // A match as a failure names it: with why its cells did not have the
        // style, for a style predicate.
        let labels = || {
            matches.iter().enumerate().map(|(at, node)| match why.get(at) {
                Some(why) => format!("{}: {why}", node.label()),
                None => node.label(),
            })
        };
        let observed = plane.commit_record().is_observed();
        let evaluated = observed.then(|| {
            // Why it did not hold: the first nodes it matched.
            let matched: Vec<String> = if holds { Vec::new() } else { labels().take(5).collect() };
            (redacted(&self.condition, &matches), matches.len(), matched)
        });
        let generation = tree.generation;
        let mut failed = None;
        if !holds {
            let pending = plane.pending();
            let elapsed = self.started.elapsed();
            let timed_out = Instant::now() >= self.ends;
            // When nothing pending can change the tree, fail now instead of
            // burning wall time.
            let gave_up_early = !timed_out && !self.patient && !pending.can_change;
            if gave_up_early && let Some(status) = pending.ended {
                // The target itself ended: say so, not "timed out".
                failed = Some(Err(AutomationError::TargetEnded {
                    status,
                    before: format!("`{}` held", redacted(&self.condition, &matches)),
                }));
            } else if timed_out || gave_up_early {
                let condition = redacted(&self.condition, &matches);
                let mut timeout = WaitTimeout::new(condition, self.timeout);
                timeout.last_matches = labels().collect();
                timeout.what_is_there = matches
                    .is_empty()
                    .then(|| tree.what_is_there(&self.condition.selector))
                    .flatten();
                timeout.semantic_tree = tree.to_markdown();
                timeout.wall_elapsed = elapsed;
                timeout.idle = pending.idle;
                timeout.gave_up_early = gave_up_early;
                failed = Some(Ok(timeout));
            }
        }
        if let Some((condition, matches, matched)) = &evaluated {
            let note = StepNote::WaitEvaluated {
                condition,
                generation,
                held: holds,
                matches: *matches,
                matched,
            };
            plane.commit_record_mut().note(note);
        }
        match failed {
            None => Ok(holds),
            Some(Err(ended)) => Err(ended),
            Some(Ok(mut timeout)) => {
                timeout.diagnostic_checkpoint = diagnostic_checkpoint(plane)?;
                timeout.logical_elapsed = plane.now().0.saturating_sub(self.logical_start.0);
                Err(AutomationError::WaitTimeout(Box::new(timeout)))
            }
        }
    }

    /// Blocks for at most the rest of its time until the plane may have
    /// changed, then reads what it shows (without committing: the step
    /// commits once, when it ends) for the next [`check`](Self::check).
    ///
    /// # Errors
    ///
    /// What waiting on the plane or reading its tree fails with.
    pub fn await_change<P: Plane + ?Sized>(
        &mut self,
        plane: &mut P,
    ) -> Result<(), AutomationError> {
        plane.await_change(self.ends.saturating_duration_since(Instant::now()))?;
        self.latest = Some(plane.current_tree()?);
        if matches!(self.condition.predicate, Predicate::Style(_)) {
            self.latest_cells = Some(plane.current_cells()?);
        }
        Ok(())
    }

    /// Waits until it holds, blocking on the plane in between: the
    /// executor's `wait-for:`.
    ///
    /// # Errors
    ///
    /// As [`check`](Self::check) and [`await_change`](Self::await_change).
    pub fn run<P: Plane + ?Sized>(mut self, plane: &mut P) -> Result<(), AutomationError> {
        while !self.check(plane)? {
            self.await_change(plane)?;
        }
        Ok(())
    }
}

/// Records what `plane` shows now to explain a failure, when sinks are
/// configured; returns the checkpoint's name (with a sink's own failure in
/// it).
fn diagnostic_checkpoint<P: Plane + ?Sized>(
    plane: &mut P,
) -> Result<Option<String>, AutomationError> {
    if !plane.commit_record().has_sinks() {
        return Ok(None);
    }
    let frame = plane.current_frame()?;
    Ok(Some(plane.commit_record_mut().diagnostic(&frame)))
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
        Predicate::ValueMatches(_) if secret => Predicate::ValueMatches(redacted_regex()),
        Predicate::TextMatches(_) if secret => Predicate::TextMatches(redacted_regex()),
        other => other.clone(),
    };
    WaitCondition { predicate, selector: condition.selector.clone() }
}
