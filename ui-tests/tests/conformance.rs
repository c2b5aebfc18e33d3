//! docs/testing.md is normative: every row of its spelling table lowers to
//! exactly the step in its `lowers to` column, and every example of its error
//! table fails with exactly that error. `build.rs` extracts both tables.

use std::time::Duration;

use rehearse::{
    AutomationStep, KeyCode, KeyPress, Modifiers, Predicate, Scenario, Selector, SemanticRole,
    WaitCondition,
};
// The grammar's internals, below the facade's user-facing script API.
use rehearse_lang::script::{
    CheckContext, DeclaredIds, Dialect, ErrorKind, Verb, lex_step, parse_script, parse_script_with,
    parse_step_in,
};
use rehearse_lang::{
    AnsiColor, Checked, LineCount, Pattern, PointerAction, PointerButton, PredicateName,
    ScrollDirection, Secret, StyleAttribute, StyleCheck, StyleColor, TerminalCondition,
    TerminalPredicateName, TextMatcher, TextRegex, TextRegion,
};
use rehearse_lang::{NodePattern, StatePattern, TextPattern, TreePattern};

/// (script, scenario!, line in docs/testing.md, expected step).
type StepRow = (&'static str, &'static str, u32, AutomationStep);

/// (script, class, line, column, message, line in docs/testing.md).
type ErrorRow = (&'static str, &'static str, usize, usize, &'static str, u32);

fn steps() -> Vec<StepRow> {
    let rows: &[StepRow] = include!(concat!(env!("OUT_DIR"), "/conformance_rows.rs"));
    rows.to_vec()
}

fn errors() -> &'static [ErrorRow] {
    include!(concat!(env!("OUT_DIR"), "/conformance_errors.rs"))
}

/// Runs `check` on every row and fails once, listing every row that failed.
fn each<T>(rows: &[T], line: impl Fn(&T) -> u32, check: impl Fn(&T) -> Result<(), String>) {
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|row| {
            check(row).err().map(|why| format!("docs/testing.md:{}: {why}", line(row)))
        })
        .collect();
    assert!(failures.is_empty(), "{} rows fail:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_tables_were_extracted() {
    let rows = steps();
    assert!(rows.len() > 100, "only {} spelling rows", rows.len());
    assert!(rows.windows(2).all(|pair| pair[0].2 < pair[1].2), "rows are in document order");
    assert!(errors().len() > 40, "only {} error rows", errors().len());
}

#[test]
fn every_script_spelling_lowers_to_its_step() {
    each(
        &steps(),
        |row| row.2,
        |(script, _, _, expected)| match parse_script(script) {
            Ok(parsed) if parsed.steps.len() == 1 && parsed.steps[0].step == *expected => Ok(()),
            Ok(parsed) => Err(format!(
                "`{script}` lowers to {:?}, not [{expected:?}]",
                parsed.into_automation_steps()
            )),
            Err(errors) => Err(format!("`{script}` does not parse:\n{errors}")),
        },
    );
}

#[test]
fn every_step_displays_as_a_spelling_that_parses_back() {
    each(
        &steps(),
        |row| row.2,
        |(_, _, _, expected)| {
            let shown = expected.to_string();
            match parse_script(&shown) {
                Ok(parsed) if parsed.clone().into_automation_steps() == [expected.clone()] => {
                    Ok(())
                }
                Ok(parsed) => Err(format!(
                    "{expected:?} displays as `{shown}`, which lowers to {:?}",
                    parsed.into_automation_steps()
                )),
                Err(errors) => Err(format!("{expected:?} displays as `{shown}`:\n{errors}")),
            }
        },
    );
}

/// (line in docs/testing.md, `scenario! { <scenario cell>; }`).
fn scenarios() -> Vec<(u32, Scenario)> {
    include!(concat!(env!("OUT_DIR"), "/conformance_scenarios.rs"))
}

#[test]
fn every_scenario_spelling_lowers_to_the_same_step() {
    // `build.rs` wrote `scenario! { <cell>; }` for every row: the macro
    // itself parsed, checked and lowered each cell at compile time.
    let scenarios = scenarios();
    assert_eq!(scenarios.len(), steps().len(), "one `scenario!` per row");
    each(
        &steps(),
        |row| row.2,
        |(script, scenario, line, expected)| {
            let built = scenarios
                .iter()
                .find(|(at, _)| at == line)
                .map(|(_, built)| built)
                .ok_or_else(|| format!("no `scenario!` for `{scenario}`"))?;
            let [step] = built.steps() else {
                return Err(format!("`scenario! {{ {scenario}; }}` has {} steps", built.len()));
            };
            if step.step != *expected {
                return Err(format!(
                    "`scenario! {{ {scenario}; }}` lowers to {:?}, not {expected:?}",
                    step.step
                ));
            }
            let from_script = parse_script(script)
                .map_err(|errors| format!("`{script}` does not parse:\n{errors}"))?;
            if from_script.steps.len() != 1 || from_script.steps[0].step != step.step {
                return Err(format!(
                    "`scenario! {{ {scenario}; }}` and the script `{script}` differ: {:?} vs {:?}",
                    step.step,
                    from_script.into_automation_steps()
                ));
            }
            // The step remembers the spelling as written in the macro.
            if step.source.spelling != *scenario {
                return Err(format!(
                    "`scenario! {{ {scenario}; }}` stores the spelling `{}`",
                    step.source.spelling
                ));
            }
            if step.source.origin.as_ref().is_none_or(|origin| origin.line == 0) {
                return Err(format!("`scenario! {{ {scenario}; }}` has no origin"));
            }
            // The same cell through the parser in the `scenario!` dialect,
            // lexed the way the macro lexes it.
            let lexemes = lex_step(scenario).map_err(|error| format!("`{scenario}`: {error}"))?;
            let parsed = parse_step_in(&lexemes, Dialect::Scenario)
                .map_err(|error| format!("`{scenario}` (scenario!): {error}"))?;
            if parsed.step != *expected {
                return Err(format!("`{scenario}` lowers to {:?}, not {expected:?}", parsed.step));
            }
            // A line moves between a script and a test unchanged but for quotes.
            // Quotes, and the optional spaces around `>>`, which `scenario!` keeps none of.
            let unquoted =
                |text: &str| text.replace('"', "").replace(" >> ", ">>").replace("; ", ";");
            if unquoted(script) != unquoted(scenario) {
                return Err(format!("`{script}` and `{scenario}` differ by more than quotes"));
            }
            Ok(())
        },
    );
}

#[test]
fn the_table_covers_every_verb_predicate_key_and_selector_form() {
    let rows = steps();
    let scripts: Vec<&str> = rows.iter().map(|row| row.0).collect();
    for &verb in Verb::ALL {
        // `use:` expands in place into the steps of a file: no single step.
        if verb == Verb::Use {
            continue;
        }
        let spelled = verb.as_str();
        assert!(
            scripts.iter().any(|s| s.split(':').next() == Some(spelled)),
            "no row for the verb `{spelled}`"
        );
    }
    for &predicate in PredicateName::ALL {
        let spelled = format!("wait-for:{predicate}");
        assert!(
            scripts
                .iter()
                .any(|s| s.starts_with(&spelled) && s[spelled.len()..].starts_with([',', '='])),
            "no row for the predicate `{predicate}`"
        );
    }
    for &predicate in TerminalPredicateName::ALL {
        let spelled = format!("wait-for:{predicate}");
        assert!(
            scripts
                .iter()
                .any(|s| s.starts_with(&spelled) && s[spelled.len()..].starts_with([',', '='])),
            "no row for the terminal predicate `{predicate}`"
        );
    }
    for subject in ["screen", "history", "scrollback", "process", "cursor"] {
        assert!(
            scripts
                .iter()
                .any(|s| s.starts_with("wait-for:") && s.contains(&format!(",{subject},"))),
            "no row for the subject `{subject}`"
        );
    }
    for &button in PointerButton::ALL {
        assert!(
            scripts.iter().any(|s| s.starts_with("mouse:") && s.contains(button.as_str())),
            "no row for the mouse button `{button}`"
        );
    }
    for &action in PointerAction::ALL {
        assert!(
            scripts.iter().any(|s| s.starts_with("mouse:") && s.contains(action.as_str()))
                || action == PointerAction::Click,
            "no row for the mouse action `{action}`"
        );
    }
    for form in ["[", "when(", "[dismiss]when("] {
        assert!(scripts.iter().any(|s| s.starts_with(form)), "no row for `{form}`");
    }
    for name in KeyCode::names() {
        assert!(scripts.contains(&format!("key:{name}").as_str()), "no row for the key `{name}`");
    }
    for modifier in ["ctrl+", "alt+", "shift+"] {
        assert!(scripts.iter().any(|s| s.starts_with(&format!("key:{modifier}"))), "{modifier}");
    }
    let forms = [
        "click:#",
        "click:@button",
        "click:@button=",
        "click:text~",
        "click:42,17",
        "click:#col-todo >> ",
        "click:@list-item >> nth=",
        "click:@button=/",
        "click:text~/",
        "wait-for:value=/",
        "wait-for:text=/",
    ];
    for form in forms {
        assert!(scripts.iter().any(|s| s.starts_with(form)), "no row for the selector `{form}`");
    }
    for duration in ["wait", "wait:100", "wait:100ms", "sleep", "sleep:20", "sleep:20ms"] {
        assert!(scripts.contains(&duration), "no row for `{duration}`");
    }
}

#[test]
fn every_error_example_fails_as_documented() {
    let declared = DeclaredIds::new(&["new-todo", "item-{n}", "status", "save", "list"]);
    let refused = [KeyPress::from(KeyCode::F(4)), KeyPress::from(KeyCode::F(6))];
    let context = CheckContext::new().declared_ids(&declared).refused_keys(&refused);
    each(
        errors(),
        |row| row.5,
        |&(script, class, line, column, message, _)| {
            let kind: ErrorKind = class.parse().map_err(|e| format!("`{class}`: {e}"))?;
            let errors = match parse_script_with(script, &context) {
                Ok(parsed) => return Err(format!("`{script}` parses as {:?}", parsed.steps)),
                Err(errors) => errors,
            };
            let [error] = &errors.errors[..] else {
                return Err(format!("`{script}` has {} errors, not one:\n{errors}", errors.len()));
            };
            let found = (error.kind, error.line, error.column);
            if found != (kind, line, column) {
                return Err(format!(
                    "`{script}` fails with {:?} at {}:{}, not {class} at {line}:{column}: {error}",
                    error.kind, error.line, error.column
                ));
            }
            let matches = match message.strip_suffix('…') {
                Some(prefix) => error.message.starts_with(prefix),
                None => error.message == message,
            };
            if !matches {
                return Err(format!("`{script}` says\n  {}\nnot\n  {message}", error.message));
            }
            Ok(())
        },
    );
}

#[test]
fn every_error_class_is_documented() {
    let documented: Vec<&str> = errors().iter().map(|row| row.1).collect();
    // Front-end-only classes, described in the prose under the table.
    let elsewhere = [
        ErrorKind::BareText,
        ErrorKind::EmptyStep,
        ErrorKind::ScriptTooLarge,
        ErrorKind::WrongPlane,
    ];
    for &kind in ErrorKind::ALL {
        if !elsewhere.contains(&kind) {
            assert!(documented.contains(&kind.as_str()), "no example for `{kind}`");
        }
    }
}

#[test]
fn a_wrong_expectation_is_caught() {
    // The harness itself can fail: a row whose step differs is reported.
    let wrong: &[StepRow] = &[("click:#save", "click:#save", 1, AutomationStep::drain())];
    let caught = std::panic::catch_unwind(|| {
        each(
            wrong,
            |row| row.2,
            |(script, _, _, expected)| {
                let parsed = parse_script(script).map_err(|e| e.to_string())?;
                if parsed.into_automation_steps() == [expected.clone()] {
                    Ok(())
                } else {
                    Err("differs".to_owned())
                }
            },
        );
    });
    assert!(caught.is_err());
}
