//! `expect-tree:SELECTOR,MS (OUTLINE)`: the outline written as it is, as a
//! block of lines in a script, and quoted; its errors, located; and the
//! `Display` round trip.

use crate::role::SemanticRole;
use crate::script::*;
use crate::selector::Selector;
use crate::state::Checked;
use crate::step::AutomationStep;
use crate::text_regex::TextRegex;
use crate::tree_pattern::{NodePattern, StatePattern, TextPattern, TreePattern};

use super::support::{fails, ms, pointed, step};

fn todo_outline() -> TreePattern {
    TreePattern::new([NodePattern::new(SemanticRole::List)
        .child(
            NodePattern::new(SemanticRole::ListItem)
                .name(TextPattern::exact("Buy milk"))
                .states(StatePattern { checked: Some(Checked::True), ..StatePattern::default() }),
        )
        .child(
            NodePattern::new(SemanticRole::ListItem)
                .name(TextPattern::Regex(TextRegex::new("bread").unwrap().ignoring_case())),
        )])
}

#[test]
fn an_outline_reads_the_same_written_quoted_or_as_a_block() {
    let expected = AutomationStep::expect_tree(Selector::id("todos"), todo_outline(), ms(500));
    let one_line = step(
        r#"expect-tree:#todos,500 ("- list:\n  - list-item \"Buy milk\" [checked]\n  - list-item /bread/i")"#,
    );
    assert_eq!(one_line, expected);
    let script = parse_script(
        "key:a\nexpect-tree:#todos,500 (\n  # the list, partly\n  - list\n    - list-item \"Buy milk\" [checked=true]\n\n    - list-item /bread/i\n)\nkey:b",
    )
    .unwrap_or_else(|errors| panic!("{errors}"));
    let steps: Vec<&AutomationStep> = script.automation_steps().collect();
    assert_eq!(steps.len(), 3, "{steps:?}");
    assert_eq!(steps[1], &expected);
    assert_eq!(script.steps[1].line, 2);
    assert_eq!(script.steps[2].line, 9);
    // Display is one line that reads back the same.
    let spelled = expected.to_string();
    assert!(!spelled.contains('\n'), "{spelled}");
    assert_eq!(step(&spelled), expected);
}

#[test]
fn every_state_and_value_reads_back() {
    let text = r#"expect-tree:@dialog,100 (- dialog "Settings" [modal]:
  - checkbox "All" [focused] [enabled] [checked=mixed]
  - tree-item /^src$/ [selected=false] [expanded]
  - text-box "Name" [readonly] = "Ada"
  - text-box = /a\/b/i:
    - text)"#;
    let parsed = step(text);
    let AutomationStep::ExpectTree { pattern, .. } = &parsed else { panic!("{parsed:?}") };
    assert_eq!(
        pattern.to_string(),
        "- dialog \"Settings\" [modal]:\n  - checkbox \"All\" [focused] [disabled=false] [checked=mixed]\n  - tree-item /^src$/ [selected=false] [expanded]\n  - text-box \"Name\" [readonly] = \"Ada\"\n  - text-box = /a\\/b/i:\n    - text"
    );
    assert_eq!(step(&parsed.to_string()), parsed);
    let lines = pattern.lines();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[5].0, 2);
}

#[test]
fn a_guarded_labelled_block_and_semicolons_inside_it() {
    let script = parse_script(
        "[shape] when(exists,#todos) expect-tree:#todos,500 (\n- list-item \"a;b\"\n- list-item /x;y/\n); key:enter",
    )
    .unwrap_or_else(|errors| panic!("{errors}"));
    let spelled: Vec<String> = script.automation_steps().map(ToString::to_string).collect();
    assert_eq!(
        spelled,
        [
            r#"[shape] when(exists,#todos) expect-tree:#todos,500 ("- list-item \"a;b\"\n- list-item /x;y/")"#,
            "key:enter"
        ]
    );
}

#[test]
fn errors_point_at_the_offending_token() {
    let cases: &[(&str, ErrorKind, &str, &str)] = &[
        ("expect-tree:#todos,500", ErrorKind::MalformedTree, "#todos,500", "in parentheses"),
        (
            "expect-tree:#todos (- list)",
            ErrorKind::MissingTimeout,
            "#todos",
            "a selector and a timeout",
        ),
        ("expect-tree:#todos,500 ()", ErrorKind::MalformedTree, "()", "empty outline"),
        ("expect-tree:#todos,500 (- lst)", ErrorKind::UnknownRole, "lst", "did you mean `list`"),
        (
            "expect-tree:#todos,500 (list)",
            ErrorKind::MalformedTree,
            "list",
            "each line of an outline",
        ),
        ("expect-tree:#todos,500 (- list milk)", ErrorKind::MalformedTree, "milk", "bare text"),
        (
            "expect-tree:#todos,500 (- list [chekced])",
            ErrorKind::MalformedTree,
            "[chekced]",
            "did you mean `checked`",
        ),
        (
            "expect-tree:#todos,500 (- list [checked=maybe])",
            ErrorKind::MalformedBool,
            "[checked=maybe]",
            "`true`, `false` or `mixed`",
        ),
        (
            "expect-tree:#todos,500 (- list [selected] [selected=false])",
            ErrorKind::MalformedTree,
            "[selected=false]",
            "given twice",
        ),
        (
            "expect-tree:#todos,500 (- list /\"a(b\"/)",
            ErrorKind::InvalidPattern,
            "\"a(b\"",
            "unclosed group",
        ),
        (
            "expect-tree:#todos,500 (- list //)",
            ErrorKind::EmptyText,
            "//",
            "empty regular expression",
        ),
        ("expect-tree:#todos,500 (- list /a/g)", ErrorKind::InvalidPattern, "g", "not a flag"),
        ("expect-tree:#todos,500 (- list = ready)", ErrorKind::MalformedTree, "r", "quoted"),
        (
            "expect-tree:#todos,500 (- list = \"a\" [checked])",
            ErrorKind::MalformedTree,
            "[checked]",
            "comes last",
        ),
        (
            "expect-tree:#todos,500 (- list [checked] \"a\")",
            ErrorKind::MalformedTree,
            "\"a\"",
            "too late",
        ),
        (
            "expect-tree:#todos,500 (- list [checked)",
            ErrorKind::MalformedTree,
            "[",
            "no closing `]`",
        ),
        ("expect-tree:#todo s,500 (- list)", ErrorKind::InvalidId, " ", "' '"),
    ];
    for &(text, kind, at, message) in cases {
        let error = fails(text);
        assert_eq!(error.kind, kind, "{text}: {error}");
        assert!(error.message.contains(message), "{text}: {}", error.message);
        assert_eq!(pointed(text, &error), at, "{text}: {}", error.message);
    }
}

#[test]
fn a_block_reports_indentation_errors_on_their_line() {
    let cases: &[(&str, usize, usize, &str)] = &[
        (
            "expect-tree:#t,5 (\n    - list\n  - list-item\n)",
            3,
            3,
            "less than the outline's first line",
        ),
        (
            "expect-tree:#t,5 (\n- list\n    - list-item\n  - list-item\n)",
            4,
            3,
            "its siblings are indented 4",
        ),
        ("expect-tree:#t,5 (\n- list\n\t- list-item\n)", 3, 1, "a tab"),
        ("expect-tree:#t,5 (\n- list\n  - lsit-item\n)", 3, 5, "unknown role `lsit-item`"),
        ("expect-tree:#t,5 (\n- list\n", 1, 18, "no closing `)`"),
    ];
    for &(text, line, column, message) in cases {
        let errors = parse_script(text).expect_err(text);
        let error = &errors.errors[0];
        assert_eq!((error.line, error.column), (line, column), "{text}: {error}");
        assert!(error.message.contains(message), "{text}: {}", error.message);
    }
}

#[test]
fn a_quoted_outline_says_where_in_it_the_error_is() {
    let error = fails(r#"expect-tree:#todos,500 ("- list\n  - lst")"#);
    assert_eq!(error.kind, ErrorKind::UnknownRole);
    assert!(
        error.message.starts_with("line 2, column 5 of the outline: unknown role `lst`"),
        "{}",
        error.message
    );
}

#[test]
fn limits_bound_an_outline() {
    let deep: String = (0..=crate::MAX_TREE_PATTERN_DEPTH)
        .map(|depth| format!("{}- group\n", "  ".repeat(depth)))
        .collect();
    let error = fails(&format!("expect-tree:#t,5 ({})", crate::spelling::quote(&deep)));
    assert!(error.message.contains("nests 17 levels deep"), "{}", error.message);
    let long = "- text\n".repeat(crate::MAX_TREE_PATTERN_LINES + 1);
    let error = fails(&format!("expect-tree:#t,5 ({})", crate::spelling::quote(&long)));
    assert!(error.message.contains("more than 256 lines"), "{}", error.message);
    let wide = format!("- text \"{}\"", "x".repeat(crate::MAX_TREE_PATTERN_BYTES));
    let error = fails(&format!("expect-tree:#t,5 ({})", crate::spelling::quote(&wide)));
    assert!(error.message.contains("the limit is 16384"), "{}", error.message);
}

#[test]
fn scenario_requires_the_outline_as_one_literal() {
    let lexemes = |outline: Lexeme| {
        let mut lexemes: Vec<Located<Lexeme>> =
            "expect-tree:#todos,500(".chars().map(|c| Located::char(c, 0)).collect();
        lexemes.push(Located::new(outline, Loc(1)));
        lexemes.push(Located::char(')', 2));
        lexemes
    };
    let parsed = parse_step_in(
        &lexemes(Lexeme::Quoted("- list-item \"Buy milk\"".into())),
        Dialect::Scenario,
    )
    .unwrap();
    assert_eq!(parsed.step, step(r#"expect-tree:#todos,500 (- list-item "Buy milk")"#));
    assert_eq!(parsed.facts.selectors.len(), 1);
    let error = parse_step_in(&lexemes(Lexeme::Char('x')), Dialect::Scenario).unwrap_err();
    assert_eq!(error.kind, ErrorKind::BareText);
}

#[test]
fn display_reads_back_whatever_the_names_values_and_patterns_hold() {
    let texts = [
        "",
        "say \"hi\"",
        "a\\b",
        "two\nlines",
        "tab\there",
        "(x)",
        "a;b",
        "é/ü",
        "- list",
        "[checked]",
        "= v",
    ];
    let patterns = [r"a\/b", "a/b", "\"q\"", r"^\d+$", "x\ny", "(a|b)", r"\\", "[/]"];
    let mut lines = Vec::new();
    for text in texts {
        lines.push(NodePattern::new(SemanticRole::Text).name(TextPattern::exact(text)));
        lines.push(NodePattern::new(SemanticRole::TextBox).value(TextPattern::exact(text)));
    }
    for (at, pattern) in patterns.into_iter().enumerate() {
        let mut regex = TextRegex::new(pattern).unwrap();
        if at % 2 == 0 {
            regex = regex.ignoring_case();
        }
        lines.push(
            NodePattern::new(SemanticRole::ListItem)
                .name(TextPattern::Regex(regex.clone()))
                .value(TextPattern::Regex(regex)),
        );
    }
    for line in lines {
        let nested = NodePattern::new(SemanticRole::Group).child(line.clone()).child(line.clone());
        let step =
            AutomationStep::expect_tree(Selector::id("x"), TreePattern::new([line, nested]), ms(5));
        let shown = step.to_string();
        let AutomationStep::ExpectTree { pattern, .. } = step.clone() else { unreachable!() };
        let read = step_or_error(&shown);
        // A pattern `a/b` is written `a\/b`, which is the same regex but
        // another spelling of it: compare what both spellings mean.
        assert_eq!(normalized(&read), normalized(&pattern), "{shown}");
        assert_eq!(
            step_or_error(
                &AutomationStep::expect_tree(Selector::id("x"), read.clone(), ms(5)).to_string()
            ),
            read,
            "{shown}"
        );
    }
}

fn step_or_error(text: &str) -> TreePattern {
    match parse_step_str(text) {
        Ok(parsed) => match parsed.step {
            AutomationStep::ExpectTree { pattern, .. } => *pattern,
            other => panic!("{text}: {other:?}"),
        },
        Err(error) => panic!("{text}: {error}"),
    }
}

/// The pattern with every regex's unescaped `/` escaped, as the outline
/// writes it.
fn normalized(pattern: &TreePattern) -> String {
    format!("{:?}", TreePattern::new(pattern.nodes.iter().cloned())).replace(r"\\/", "/")
}

#[test]
fn a_long_block_or_a_line_of_parentheses_lexes_in_linear_time() {
    // 200,000 lines in one unclosed block, and a line of 200,000 `(`: each
    // read once (the block stays open to the end, and fails there).
    let block = format!("expect-tree:#t,5 (\n{}", "- text\n".repeat(200_000));
    let errors = parse_script(&block).unwrap_err();
    assert!(errors.errors[0].message.contains("no closing `)`"), "{}", errors.errors[0].message);
    let parens = format!("type:{}", "(".repeat(200_000));
    assert!(parse_script(&parens).is_ok());
}
