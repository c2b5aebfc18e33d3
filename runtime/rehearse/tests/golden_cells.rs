//! The golden readers accept only screens a terminal can show (issue 16):
//! no control character in a cell, one character a cell, a wide glyph
//! followed by exactly its continuations — and every screen they accept
//! reads back the same through text, styled and cells.

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

/// Every way back: cells, styled, and text (which keeps no style, so only
/// the glyphs are compared).
fn assert_round_trips(screen: &Screen) {
    let cells = screen.cells().to_string();
    assert_eq!(&Screen::parse_cells(&cells).unwrap(), screen, "cells:\n{cells}");
    assert_eq!(Screen::parse_cells(&cells).unwrap().cells().to_string(), cells);
    let styled = screen.styled().to_string();
    assert_eq!(&Screen::parse_styled(&styled).unwrap(), screen, "styled:\n{styled}");
    let text = screen.text().to_string();
    let from_text = Screen::parse_text(&text, screen.cols(), screen.rows()).unwrap();
    for row in 0..screen.rows() {
        let glyphs = |screen: &Screen| -> Vec<String> {
            screen.row(row).iter().map(|cell| cell.symbol.clone()).collect()
        };
        assert_eq!(glyphs(&from_text), glyphs(screen), "text row {row}: {text:?}");
    }
    assert_eq!(from_text.text().to_string(), text);
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

#[test]
fn two_characters_in_one_cell_are_refused() {
    assert_eq!(
        refused(&row(3, &[(1, "a"), (1, "bc"), (1, " ")])),
        "row 0, col 1: `ch` \"bc\" is 2 characters; a cell holds one"
    );
    // A combining mark alone in a cell joins the glyph before it.
    assert_eq!(
        refused(&row(2, &[(1, "e"), (1, "\u{301}")])),
        "row 0, col 1: \"\\u{301}\" joins the glyph before it into one character; a cell holds a whole character"
    );
    // Two halves of a flag, a cell each, are one flag.
    assert!(
        refused(&row(2, &[(1, "\u{1f1fa}"), (1, "\u{1f1f8}")]))
            .starts_with("row 0, col 1: \"\u{1f1f8}\" joins the glyph before it")
    );
}

#[test]
fn a_wide_glyph_must_be_followed_by_its_continuation() {
    assert_eq!(
        refused(&row(3, &[(1, "中"), (1, "a"), (1, " ")])),
        "row 0, col 1: the wide glyph \"中\" at col 0 covers this cell; expected its continuation (\"ch\":\"\"), found \"a\""
    );
    // Not a blank either: the canonical spelling is the continuation.
    assert!(refused(&row(2, &[(1, "中"), (1, " ")])).starts_with("row 0, col 1: the wide glyph"));
    assert_eq!(
        refused(&row(3, &[(1, "a"), (1, " "), (1, "中")])),
        "row 0, col 2: the wide glyph \"中\" needs 1 more cell(s) than the row has"
    );
    assert!(refused(&row(2, &[(1, "a"), (1, "")])).contains("must follow a wide glyph"));
    assert!(refused(&row(3, &[(1, "中"), (2, "")])).contains("must follow a wide glyph"));
}

#[test]
fn hand_made_screens_round_trip() {
    let screens = [
        row(6, &[(2, "a"), (1, "中"), (1, ""), (2, " ")]),
        row(5, &[(1, "e\u{301}"), (1, "\u{1f1fa}\u{1f1f8}"), (1, ""), (1, "x"), (1, " ")]),
        row(4, &[(1, "\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}"), (1, ""), (2, "─")]),
        row(3, &[(3, " ")]),
        row(4, &[(1, "\u{3000}"), (1, ""), (1, "\u{fffd}"), (1, "\u{200b}")]),
        "{\"cols\":3,\"rows\":2,\"cursor\":[2,1],\"grid\":[\n[{\"n\":1,\"ch\":\"中\",\"fg\":\"red\",\"mods\":[\"bold\"]},{\"n\":1,\"ch\":\"\",\"fg\":\"red\",\"mods\":[\"bold\"]},{\"n\":1,\"ch\":\"z\",\"bg\":\"#102030\"}],\n[{\"n\":3,\"ch\":\" \",\"ul\":\"idx9\",\"mods\":[\"underlined\"]}]\n]}\n".to_owned(),
    ];
    for json in screens {
        let screen = Screen::parse_cells(&json).unwrap_or_else(|error| panic!("{error}\n{json}"));
        assert_round_trips(&screen);
    }
}

/// Random rows from an alphabet of awkward glyphs: whatever the cells
/// reader accepts reads back the same through every format.
#[test]
fn every_accepted_random_row_round_trips() {
    const GLYPHS: [&str; 14] = [
        "a",
        " ",
        "中",
        "",
        "e",
        "\u{301}",
        "é",
        "\u{1f1fa}",
        "\u{1f1f8}",
        "\u{200d}",
        "─",
        "\u{7}",
        "ab",
        "\u{200b}",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        usize::try_from(seed % bound as u64).unwrap()
    };
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..4000 {
        let runs: Vec<(u16, &str)> =
            (0..1 + next(5)).map(|_| (1 + next(2) as u16, GLYPHS[next(GLYPHS.len())])).collect();
        let cols = runs.iter().map(|(n, _)| n).sum();
        match Screen::parse_cells(&row(cols, &runs)) {
            Ok(screen) => {
                assert_round_trips(&screen);
                accepted += 1;
            }
            Err(_) => refused += 1,
        }
    }
    assert!(accepted > 200 && refused > 200, "accepted {accepted}, refused {refused}");
}
