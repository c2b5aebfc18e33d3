//! The golden readers refuse control characters (issue 16): a terminal
//! would act on one rather than show it in a cell.

use rehearse::artifacts::Screen;

/// A one-row cells snapshot of `cols` cells from runs of `(n, ch)`.
fn row(cols: u16, runs: &[(u16, &str)]) -> String {
    let runs: Vec<String> = runs
        .iter()
        .map(|(n, ch)| format!("{{\"n\":{n},\"ch\":{}}}", serde_json::to_string(ch).unwrap()))
        .collect();
    format!("{{\"cols\":{cols},\"rows\":1,\"grid\":[\n[{}]\n]}}\n", runs.join(","))
}

fn refused(json: &str) -> String {
    let error = Screen::parse_cells(json).expect_err(json);
    assert_eq!(error.line, 2, "the row's line: {error}");
    error.message
}

#[test]
fn control_characters_are_refused_with_their_position() {
    assert_eq!(
        refused(&row(3, &[(1, "a"), (1, "\u{7}"), (1, "b")])),
        "row 0, col 1: `ch` holds a control character (U+0007); no terminal shows one in a cell"
    );
    assert!(
        refused(&row(2, &[(1, "x\u{9b}"), (1, "b")]))
            .contains("row 0, col 0: `ch` holds a control character (U+009B)")
    );
    let error = Screen::parse_styled("screen 4x1 cursor hidden\n0| \"a\\u0007b\"\n").unwrap_err();
    assert_eq!(
        (error.line, error.message.as_str()),
        (2, "row 0, col 1: a control character (U+0007); no terminal shows one in a cell")
    );
    let error = Screen::parse_styled("screen 6x1 cursor hidden\n0| \"中a\\tb\"\n").unwrap_err();
    assert!(error.message.starts_with("row 0, col 3: a control character (U+0009)"), "{error}");
    let error = Screen::parse_text("ok\na\u{1b}[2J\n", 8, 2).unwrap_err();
    assert_eq!(error.line, 2);
    assert!(error.message.starts_with("row 1, col 1: a control character (U+001B)"), "{error}");
}
