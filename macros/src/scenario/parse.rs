//! Parsing every step with the one grammar and running the semantic checks
//! over the sequence; every error is recorded on the tokens at fault.

use proc_macro2::Span;
use rehearse_lang::script::{CheckContext, Checker, GrammarError, ParsedStep};

use crate::ctxt::Ctxt;
use crate::scenario::lex::Input;
use crate::tokens::span_pair;

/// Parses and checks every step. The result is parallel to `input.steps`:
/// `None` for a step that did not parse. The checks that need the app's
/// declarations (ids, refused keys) are `const` assertions in the expansion,
/// so here the context knows only the plane, from `plane = ...;`.
pub fn parse_and_check(cx: &Ctxt, input: &mut Input) -> Vec<Option<ParsedStep>> {
    let mut context = CheckContext::new();
    if let Some(plane) = input.plane {
        context = context.plane(plane);
    }
    let mut checker = Checker::new(&context);
    let mut results = Vec::with_capacity(input.steps.len());
    let place = crate::scenario::include::Place {
        spans: &input.spans,
        dir: input.dir.as_deref(),
        expanded: std::cell::Cell::new(0),
    };
    for raw in &mut input.steps {
        match crate::scenario::include::path(raw) {
            Some(path) => {
                results.push(None);
                crate::scenario::include::read(cx, &context, &place, raw, path);
            }
            None => results.push(Some(crate::scenario::holes::parse(raw))),
        }
    }
    let mut parsed_steps = Vec::with_capacity(results.len());
    for result in results {
        let Some(result) = result else {
            // A `use:`: its file's steps were checked on their own.
            checker.unknown_step();
            parsed_steps.push(None);
            continue;
        };
        match result {
            Ok(parsed) => {
                for error in checker.step(&parsed).to_vec() {
                    report(cx, input, &error);
                }
                parsed_steps.push(Some(parsed));
            }
            Err(error) => {
                checker.unknown_step();
                report(cx, input, &error);
                parsed_steps.push(None);
            }
        }
    }
    parsed_steps
}

fn report(cx: &Ctxt, input: &Input, error: &GrammarError) {
    let (start, end) = input.span_range(error.range);
    cx.error_spanned_by(span_pair(start, end), message(input, error));
}

/// The grammar's message, with any suggestion it does not spell out and
/// the related place (the first use of a duplicated checkpoint, say).
pub fn message(input: &Input, error: &GrammarError) -> String {
    let mut message = error.message.clone();
    let unspoken: Vec<String> = error
        .suggestions
        .iter()
        .filter(|suggestion| !message.contains(suggestion.as_str()))
        .map(|suggestion| format!("`{suggestion}`"))
        .collect();
    if !unspoken.is_empty() {
        message.push_str(&format!("; did you mean {}?", unspoken.join(" or ")));
    }
    if let Some(related) = error.related
        && let Some((_, step)) = input.step_at(related.start)
    {
        let (span, _) = input.span_range(related);
        match line_of(span) {
            Some(line) => message.push_str(&format!(" (see `{}` on line {line})", step.spelling)),
            None => message.push_str(&format!(" (see `{}`)", step.spelling)),
        }
    }
    message
}

/// The line of a span, when running inside the compiler.
fn line_of(span: Span) -> Option<usize> {
    if proc_macro::is_available() { Some(span.unwrap().line()) } else { None }
}
