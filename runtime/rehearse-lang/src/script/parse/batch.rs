//! `batch:(STEP; STEP; ...)`: input steps written in one write, then an
//! optional `wait-for:` — each inner step parsed by the one step parser.

use crate::script::error::{ErrorKind, GrammarError};
use crate::script::facts::StepFacts;
use crate::step::AutomationStep;
use crate::verb::Verb;

use super::piece::Piece;
use super::{Parser, error};

impl Parser {
    pub(super) fn batch(
        &self,
        piece: Piece<'_>,
        facts: &mut StepFacts,
    ) -> Result<AutomationStep, GrammarError> {
        let usage = Verb::Batch.usage();
        let inner = match (piece.lexemes.first(), piece.lexemes.last()) {
            (Some(open), Some(close))
                if piece.lexemes.len() >= 2
                    && open.value.as_char() == Some('(')
                    && close.value.as_char() == Some(')') =>
            {
                Piece::new(&piece.lexemes[1..piece.lexemes.len() - 1], open.loc)
            }
            _ => {
                return Err(error(
                    ErrorKind::MalformedBatch,
                    piece.range(),
                    format!("a batch puts its steps in parentheses: {usage}"),
                ));
            }
        };
        let mut steps = Vec::new();
        let mut rest = inner;
        loop {
            let (part, next) = match rest.find_char(';') {
                Some(at) => {
                    let (part, _, next) = rest.split_at(at);
                    (part, Some(next))
                }
                None => (rest, None),
            };
            let part = part.trim();
            if !part.is_empty() {
                let parsed = self.step(part.lexemes)?;
                // The inner steps' selectors are checked like any others
                // (declared ids, the plane).
                facts.selectors.extend(parsed.facts.selectors.iter().cloned());
                steps.push((parsed.step, part, parsed.facts));
            }
            match next {
                Some(next) => rest = next,
                None => break,
            }
        }
        let then = match steps.last() {
            Some((
                AutomationStep::WaitFor { .. } | AutomationStep::WaitForTerminal { .. },
                _,
                _,
            )) => steps.pop(),
            _ => None,
        };
        if let Some((step, part, _)) = steps.iter().find(|(step, _, _)| !step.is_input()) {
            return Err(error(
                ErrorKind::MalformedBatch,
                part.range(),
                format!(
                    "`{step}` cannot be in a batch; a batch holds `key:`, `type:`, `paste:`, `send:` and `mouse:` steps, then at most one `wait-for:`, last"
                ),
            ));
        }
        let mut inputs = Vec::with_capacity(steps.len());
        for (step, _, input_facts) in steps {
            inputs.push(step);
            facts.inputs.push(input_facts);
        }
        AutomationStep::batch(inputs, then.map(|(step, _, _)| step))
            .map_err(|why| error(ErrorKind::MalformedBatch, piece.range(), why))
    }
}

#[cfg(test)]
mod tests {
    use crate::script::{ErrorKind, parse_step_str};
    use crate::{AutomationStep, KeyCode};

    #[test]
    fn a_batch_holds_inputs_and_one_last_wait() {
        let parsed =
            parse_step_str("batch:(type:ls; key:enter; wait-for:contains=README,screen,5000)")
                .unwrap()
                .step;
        let AutomationStep::Batch { inputs, then } = &parsed else { panic!("{parsed:?}") };
        assert_eq!(inputs, &[AutomationStep::type_text("ls"), AutomationStep::key(KeyCode::Enter)]);
        assert!(then.is_some());
        assert!(parsed.needs_terminal());
        assert_eq!(parse_step_str(&parsed.to_string()).unwrap().step, parsed);
        let quoted = parse_step_str(r#"batch:(type:"a;b)";key:enter)"#).unwrap().step;
        assert_eq!(quoted.to_string(), r#"batch:(type:"a;b)"; key:enter)"#);
    }

    #[test]
    fn a_batch_refuses_what_is_not_input() {
        let fails = |text: &str, message: &str| {
            let error = parse_step_str(text).expect_err(text);
            assert_eq!(error.kind, ErrorKind::MalformedBatch, "{text}: {error}");
            assert!(error.message.contains(message), "{text}: {}", error.message);
        };
        fails("batch:type:x", "in parentheses");
        fails("batch:(click:#save; key:enter)", "`click:#save` cannot be in a batch");
        fails("batch:(wait-for:exited,process,10; key:enter)", "cannot be in a batch");
        fails("batch:()", "at least one input");
        fails("batch:(wait-for:exited,process,10)", "at least one input");
    }
}

#[cfg(test)]
mod script_tests {
    use crate::script::parse_script;

    #[test]
    fn a_script_keeps_a_batch_whole_and_splits_around_it() {
        let script =
            parse_script("key:a; batch:(type:x; key:enter) ; type:\"(;\"\nbatch: (send:q)")
                .unwrap();
        let spelled: Vec<String> = script.automation_steps().map(ToString::to_string).collect();
        assert_eq!(
            spelled,
            ["key:a", "batch:(type:x; key:enter)", "type:\"(;\"", "batch:(send:q)"]
        );
    }

    #[test]
    fn batch_is_a_batch_only_as_the_steps_verb() {
        // Text that says `batch:(` is text: the `;` still ends the step.
        let script = parse_script("type:call batch:(now; key:enter").unwrap();
        let spelled: Vec<String> = script.automation_steps().map(ToString::to_string).collect();
        assert_eq!(spelled, ["type:\"call batch:(now\"", "key:enter"]);
        // After a label and a guard it is the verb.
        let script =
            parse_script("[go] when(exists,#a) batch:(type:x; key:enter); key:tab").unwrap();
        let spelled: Vec<String> = script.automation_steps().map(ToString::to_string).collect();
        assert_eq!(spelled, ["[go] when(exists,#a) batch:(type:x; key:enter)", "key:tab"]);
    }
}
