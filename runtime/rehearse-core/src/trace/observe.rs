//! A plane seen through a [`Tracer`]: every call the executor makes is
//! passed on, and what it tells about the step — the inputs delivered, the
//! node a pointer reached, each evaluation of a wait, the commit — is
//! recorded on the way.
//!
//! This is how the shared runner records today; a plane contributes what
//! only it knows (how a terminal settled, a program's exit status) through
//! the same [`Tracer`] calls.

use std::cell::RefCell;
use std::time::Duration;

use rehearse_lang::script::CheckContext;
use rehearse_lang::{AutomationStep, FocusTarget, Selector};

use crate::committed::CommittedFrame;
use crate::error::AutomationError;
use crate::executor::resolve;
use crate::input::Input;
use crate::kind::PlaneKind;
use crate::plane::{Pending, Plane};
use crate::record::{CommitRecord, SinkHost};
use crate::terminal::TerminalPlane;
use crate::semantic::{Generation, SemanticNode, SemanticTree};
use crate::time::LogicalTime;
use crate::trace::model::SettleRecord;
use crate::trace::recorder::Tracer;
use crate::wait::evaluate;

/// `plane`, recording step `step` into `tracer` as the executor drives it.
pub(crate) struct Traced<'a, P: Plane + ?Sized> {
    plane: &'a mut P,
    tracer: &'a mut Tracer,
    step: &'a AutomationStep,
    /// How this plane settles, when it is always the same way (the
    /// engine's drain).
    settle: Option<&'static str>,
    /// Whether the wait's first evaluation, on the committed tree, was
    /// recorded.
    evaluated: bool,
    /// Evaluations made on trees the plane showed (read through `&self`),
    /// not yet handed to the tracer.
    evaluations: RefCell<Vec<Evaluation>>,
}

type Evaluation = (u64, bool, Option<String>);

impl<'a, P: Plane + ?Sized> Traced<'a, P> {
    pub(crate) fn new(
        plane: &'a mut P,
        tracer: &'a mut Tracer,
        step: &'a AutomationStep,
        settle: Option<&'static str>,
    ) -> Self {
        Self { plane, tracer, step, settle, evaluated: false, evaluations: RefCell::default() }
    }

    /// Hands the tracer what it has not heard yet; the step is over. A
    /// step that never delivered a pointer input (it failed before: the
    /// node is disabled, covered, out of view) still records what its
    /// selector resolved to, without a hit point.
    pub(crate) fn finish(mut self) {
        self.flush();
        let target = match self.step.parts().2 {
            AutomationStep::Focus { target: FocusTarget::Selector(selector) } => Some(selector),
            _ => self.selector(),
        };
        let unrecorded = !self.tracer.has_target();
        if let Some(selector) =
            target.filter(|selector| unrecorded && !matches!(selector, Selector::Point { .. }))
        {
            let tree = &self.plane.committed().tree;
            if let Ok(node) = resolve(tree, selector) {
                self.tracer.target(selector, Some(node), tree, None);
            }
        }
    }

    /// The selector of the step's target, when it has one.
    fn selector(&self) -> Option<&'a Selector> {
        match self.step.parts().2 {
            AutomationStep::Click { target, .. }
            | AutomationStep::Hover { target }
            | AutomationStep::Scroll { target: Some(target), .. } => Some(target),
            AutomationStep::Drag { from, .. } => Some(from),
            _ => None,
        }
    }

    /// The first pointer input goes where the step's target was reached:
    /// record the target and the hit point.
    fn note_pointer(&mut self, input: &Input<'_>) {
        let Input::Pointer { col, row, .. } = *input else { return };
        let tree = &self.plane.committed().tree;
        match self.selector() {
            Some(selector) => {
                let node = match selector {
                    Selector::Point { .. } => None,
                    selector => resolve(tree, selector).ok(),
                };
                self.tracer.target(selector, node, tree, Some((col, row)));
            }
            None => {
                let selector = Selector::Point { col, row };
                self.tracer.target(&selector, None, tree, Some((col, row)));
            }
        }
    }

    /// Records the wait's evaluation on the committed tree, once, and the
    /// evaluations made since.
    fn flush(&mut self) {
        if !self.evaluated {
            self.evaluated = true;
            if let Some(evaluation) = evaluation(self.step, &self.plane.committed().tree) {
                let (generation, holds, why) = evaluation;
                self.tracer.wait_evaluated(generation, holds, why);
            }
        }
        for (generation, holds, why) in self.evaluations.get_mut().drain(..) {
            self.tracer.wait_evaluated(generation, holds, why);
        }
    }
}

/// The step's wait condition evaluated on `tree`, when the step waits on
/// the tree.
fn evaluation(step: &AutomationStep, tree: &SemanticTree) -> Option<Evaluation> {
    let AutomationStep::WaitFor { condition, .. } = step.parts().2 else { return None };
    Some(match evaluate(condition, tree) {
        Ok((holds, matches)) => {
            let why = (!holds).then(|| match matches.as_slice() {
                [] => format!("nothing matches `{}`", condition.selector),
                found => format!(
                    "{} matched: {}",
                    found.len(),
                    found.iter().take(5).map(|node| node.label()).collect::<Vec<_>>().join("; ")
                ),
            });
            (tree.generation.0, holds, why)
        }
        Err(error) => (tree.generation.0, false, Some(AutomationError::from(error).to_string())),
    })
}

impl<P: Plane + ?Sized> SinkHost for Traced<'_, P> {
    fn commit_record(&self) -> &CommitRecord {
        self.plane.commit_record()
    }

    fn commit_record_mut(&mut self) -> &mut CommitRecord {
        self.plane.commit_record_mut()
    }
}

impl<P: Plane + ?Sized> Plane for Traced<'_, P> {
    fn kind(&self) -> PlaneKind {
        self.plane.kind()
    }

    fn ensure_open(&self) -> Result<(), AutomationError> {
        self.plane.ensure_open()
    }

    fn committed(&self) -> &CommittedFrame {
        self.plane.committed()
    }

    fn reach(&self, node: &SemanticNode, operation: &str) -> Result<(u16, u16), AutomationError> {
        self.plane.reach(node, operation)
    }

    fn reach_text(
        &self,
        node: &SemanticNode,
        text: &str,
        operation: &str,
    ) -> Result<(u16, u16), AutomationError> {
        self.plane.reach_text(node, text, operation)
    }

    fn check_selector(&self, selector: &Selector) -> Result<(), AutomationError> {
        self.plane.check_selector(selector)
    }

    fn check_context(&self) -> CheckContext<'_> {
        self.plane.check_context()
    }

    fn reach_point(&self, col: u16, row: u16) -> Result<(), AutomationError> {
        self.plane.reach_point(col, row)
    }

    fn deliver(&mut self, input: Input<'_>) -> Result<(), AutomationError> {
        self.note_pointer(&input);
        self.tracer.input(&input);
        self.plane.deliver(input)
    }

    fn deliver_all(&mut self, inputs: &[Input<'_>]) -> Result<(), AutomationError> {
        for input in inputs {
            self.note_pointer(input);
            self.tracer.input(input);
        }
        self.plane.deliver_all(inputs)
    }

    fn advance(&mut self, duration: Duration) -> Result<(), AutomationError> {
        self.plane.advance(duration)
    }

    fn sleep(&mut self, duration: Duration) -> Result<(), AutomationError> {
        self.plane.sleep(duration)
    }

    fn resize(&mut self, cols: u16, rows: u16) -> Result<(), AutomationError> {
        self.plane.resize(cols, rows)
    }

    fn settle(&mut self) -> Result<(), AutomationError> {
        self.plane.settle()
    }

    fn commit(&mut self) -> Result<Generation, AutomationError> {
        self.flush();
        let generation = self.plane.commit()?;
        if let Some(kind) = self.settle {
            // The engine settles (drains to a fixed point) as it commits.
            self.tracer.settled(SettleRecord { kind: kind.to_owned(), inputs: None, detail: None });
        }
        self.tracer.committed(self.plane.committed());
        Ok(generation)
    }

    fn now(&self) -> LogicalTime {
        self.plane.now()
    }

    fn pending(&self) -> Pending {
        self.plane.pending()
    }

    fn await_change(&mut self, timeout: Duration) -> Result<(), AutomationError> {
        self.flush();
        self.plane.await_change(timeout)
    }

    fn current_tree(&self) -> Result<SemanticTree, AutomationError> {
        let tree = self.plane.current_tree()?;
        if let Some(evaluation) = evaluation(self.step, &tree) {
            self.evaluations.borrow_mut().push(evaluation);
        }
        Ok(tree)
    }

    fn terminal(&mut self) -> Option<&mut dyn TerminalPlane> {
        self.plane.terminal()
    }

    fn current_frame(&mut self) -> Result<CommittedFrame, AutomationError> {
        self.plane.current_frame()
    }
}
