//! The plane of a host whose program is stopped on purpose (`pty-stop`):
//! the last screen, committed under a new generation, and nothing else.
//! Every step is refused naming `pty-start`; the server refuses the
//! requests before they get here, so this is the last line, not the first.

use std::time::Duration;

use rehearse_core::semantic::{SemanticNode, SemanticTree};
use rehearse_core::{
    AutomationError, CommitRecord, CommittedFrame, Input, LogicalTime, Pending, Plane, PlaneKind,
    SinkHost,
};

/// What a stopped program answers, and why.
pub const STOPPED: &str = "the program is stopped (`rehearse pty-stop`); `rehearse pty-start` starts it again at the session's size";

/// A stopped program's plane.
pub struct StoppedPlane {
    record: CommitRecord,
    /// The terminal-state golden of its last screen.
    pub golden: String,
    /// The size it will start at again: the session's size when it stopped.
    pub size: (u16, u16),
    /// Whether it served the offered socket (a rehearse app): started again,
    /// it is waited for until it serves it again.
    pub app: bool,
}

impl StoppedPlane {
    /// The last screen `frame` (with its `golden`), committed as the next
    /// generation: stopping changes the session. `app`: it was a rehearse
    /// app serving the offered socket.
    pub fn new(
        frame: &CommittedFrame,
        golden: String,
        size: (u16, u16),
        app: bool,
    ) -> StoppedPlane {
        let mut frame = frame.clone();
        frame.generation = frame.generation.next();
        frame.tree.generation = frame.generation;
        StoppedPlane { record: CommitRecord::new(frame), golden, size, app }
    }
}

fn refused(what: &str) -> AutomationError {
    AutomationError::NotAvailable { what: what.to_owned(), reason: STOPPED.to_owned() }
}

impl SinkHost for StoppedPlane {
    fn commit_record(&self) -> &CommitRecord {
        &self.record
    }

    fn commit_record_mut(&mut self) -> &mut CommitRecord {
        &mut self.record
    }
}

impl Plane for StoppedPlane {
    fn kind(&self) -> PlaneKind {
        PlaneKind::Terminal
    }

    fn ensure_open(&self) -> Result<(), AutomationError> {
        Err(refused("a step"))
    }

    fn reach(&self, _node: &SemanticNode, operation: &str) -> Result<(u16, u16), AutomationError> {
        Err(refused(operation))
    }

    fn reach_point(&self, _col: u16, _row: u16) -> Result<(), AutomationError> {
        Err(refused("a pointer"))
    }

    fn deliver(&mut self, _input: Input<'_>) -> Result<(), AutomationError> {
        Err(refused("input"))
    }

    fn advance(&mut self, _duration: Duration) -> Result<(), AutomationError> {
        Err(refused("advancing time"))
    }

    fn sleep(&mut self, _duration: Duration) -> Result<(), AutomationError> {
        Err(refused("sleep"))
    }

    fn resize(&mut self, _cols: u16, _rows: u16) -> Result<(), AutomationError> {
        Err(refused("resize"))
    }

    fn settle(&mut self) -> Result<(), AutomationError> {
        Ok(())
    }

    fn commit(&mut self) -> Result<rehearse_core::semantic::Generation, AutomationError> {
        Err(refused("a commit"))
    }

    fn now(&self) -> LogicalTime {
        self.committed().time
    }

    fn pending(&self) -> Pending {
        Pending::default().ended(STOPPED)
    }

    fn await_change(&mut self, _timeout: Duration) -> Result<(), AutomationError> {
        Err(refused("a wait"))
    }

    fn current_tree(&self) -> Result<SemanticTree, AutomationError> {
        Ok(self.committed().tree.clone())
    }

    fn current_frame(&mut self) -> Result<CommittedFrame, AutomationError> {
        Ok(self.committed().clone())
    }
}
