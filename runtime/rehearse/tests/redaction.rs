//! Redaction as a property (issue 16): random trees holding masked and
//! sensitive values, random steps against them, and every output checked
//! for the secret and its JSON- and Debug-escaped forms — the committed
//! tree's JSON, Markdown and `Debug`, every step error's `Display` and
//! `Debug` (the wait timeouts' diagnostics among them), and every
//! checkpoint a sink receives (diagnostic checkpoints included).
//!
//! 10,000 cases by default; `REHEARSE_REDACTION_CASES` sets another count.
//! The cases come from a fixed seed, so every run checks the same ones;
//! a failing case is kept in `tests/regressions/redaction.txt` and
//! replayed first.
//! What the test itself wrote may be echoed — the step (`step 3
//! `wait-for:value=…``, which is why the inner error is checked), a
//! condition or a selector that matched no redacted node — so each failed
//! step's own condition and selector, as `Display` and `Debug` spell them,
//! are removed from its error before the check; what remains must never
//! hold the secret.

use std::sync::{Arc, Mutex};

use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use rehearse::engine::{Checkpoint, CheckpointSink};
use rehearse::prelude::*;
use rehearse::trace::{TraceDocument, TraceMode, TraceOptions};

use crate::support::redaction as random;

use random::{Random, case, echoes, forms, leaks};

/// Failing cases kept (committed) and replayed first on every run.
const REGRESSIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/regressions/redaction.txt");

/// What every checkpoint (diagnostic ones too) would write as text.
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<String>>>);

impl CheckpointSink for Capture {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        let tree = &checkpoint.frame.tree;
        let mut seen = self.0.lock().unwrap();
        seen.push(tree.to_json());
        seen.push(tree.to_markdown());
        seen.push(format!("{:?}", checkpoint.frame));
        Ok(())
    }
}

#[test]
fn no_output_ever_holds_a_masked_or_sensitive_value() {
    let cases = random::cases(10_000);
    let mut runner = TestRunner::new(random::config(cases, REGRESSIONS));
    // Every 50th case keeps its trace (the default mode would write one
    // for every failing step of every case: thousands of directories) and
    // reads its files back as outputs too.
    let traces = tempfile::tempdir().unwrap();
    let case_number = std::cell::Cell::new(0u32);
    runner
        .run(&case(), |(secret, nodes, steps)| {
            let forms = forms(&secret);
            case_number.set(case_number.get() + 1);
            let traced = case_number.get() % 50 == 1;
            let dir = traces.path().join(case_number.get().to_string());
            let trace = if traced {
                TraceOptions::new().mode(TraceMode::RetainOnFailure).dir(&dir)
            } else {
                TraceOptions::new().mode(TraceMode::Off)
            };
            let mut session =
                Session::new(Random { nodes }, SessionOptions::default().viewport(20, 10))
                    .traced(trace);
            let capture = Capture::default();
            session.add_checkpoint_sink(capture.clone());
            let mut outputs = Vec::new();
            let mut written = Vec::new();
            for step in steps {
                // A `type:` step is a secret typed on purpose; whatever it
                // typed goes to no node here (none takes text).
                let echoes = echoes(&step);
                written.push(echoes.clone());
                if let Err(error) = session.step(step) {
                    for mut output in [error.error.to_string(), format!("{:?}", error.error)] {
                        for echo in &echoes {
                            output = output.replace(echo.as_str(), "<as written>");
                        }
                        outputs.push(output);
                    }
                }
            }
            let tree = session.tree();
            outputs.push(tree.to_json());
            outputs.push(tree.to_markdown());
            outputs.push(format!("{tree:?}"));
            outputs.extend(capture.0.lock().unwrap().drain(..));
            // The trace records the steps as the test wrote them (a typed
            // text, a compared one); what it holds of the app — every node,
            // every screen line, every wait's reason and error — must not
            // hold the secret.
            if let Ok(json) = std::fs::read_to_string(dir.join("trace.json")) {
                let document = TraceDocument::from_json(&json).unwrap();
                outputs.push(format!("{:?}", document.nodes));
                outputs.push(format!("{:?}", document.lines));
                for step in &document.steps {
                    let reasons = step.waits.iter().filter_map(|wait| wait.why.clone());
                    let errors = step.error.iter().map(|error| error.message.clone());
                    for mut output in reasons.chain(errors) {
                        for echo in &written[step.index] {
                            output = output.replace(echo.as_str(), "<as written>");
                        }
                        outputs.push(output);
                    }
                }
            }
            for output in &outputs {
                prop_assert!(!leaks(&forms, output), "the secret {secret:?} leaked:\n{output}");
            }
            Ok(())
        })
        .unwrap();
}
