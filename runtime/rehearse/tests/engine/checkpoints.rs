//! Checkpoints reach every sink with their generation; a bad name reaches
//! none.

use std::cell::RefCell;
use std::rc::Rc;

use rehearse::prelude::*;

use crate::clock::Timers;

/// Remembers what it was given.
struct Recorder(Rc<RefCell<Vec<(String, u64, bool)>>>);

impl rehearse::engine::CheckpointSink for Recorder {
    fn record(
        &mut self,
        checkpoint: &rehearse::engine::Checkpoint<'_>,
    ) -> Result<(), AutomationError> {
        self.0.borrow_mut().push((
            checkpoint.name.to_owned(),
            checkpoint.frame.generation.0,
            checkpoint.diagnostic,
        ));
        Ok(())
    }
}

#[test]
fn checkpoints_reach_every_sink_with_their_generation_and_bad_names_reach_none() {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let mut session = Session::new(Timers::default(), SessionOptions::default().viewport(10, 3));
    session.add_checkpoint_sink(Recorder(seen.clone()));
    let report =
        session.run([AutomationStep::drain(), AutomationStep::checkpoint("after-drain")]).unwrap();
    let generation = report.steps[1].generation.0;
    assert_eq!(*seen.borrow(), [("after-drain".to_owned(), generation, false)]);
    assert_eq!(session.checkpoints(), [("after-drain".to_owned(), report.steps[1].generation)]);

    let error = session.step(AutomationStep::checkpoint("../escape")).unwrap_err();
    assert!(matches!(error.error, AutomationError::InvalidCheckpointName { .. }), "{error}");
    assert_eq!(seen.borrow().len(), 1, "an invalid name reaches no sink");
}
