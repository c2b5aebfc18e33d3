//! The `cells` format: `{"cols","rows","grid":[[run,...],...]}` with one
//! run-length encoded row per line. Lossless for style.
//!
//! A run is `{"n","ch","fg"?,"bg"?,"ul"?,"mods"?}`: `n` consecutive cells
//! holding glyph `ch` with one style. Colours are `#rrggbb`, `idxN` or an
//! ANSI name; `mods` lists modifier names; keys for the default (`reset`,
//! no modifier) are left out. `ch` is `""` for the continuation cell of a
//! wide glyph, so the `n` of a row always add up to `cols` and joining
//! `ch` repeated `n` times gives the row's text. `"cursor":[col,row]`
//! appears when the cursor is shown.

use std::fmt;
use std::fmt::Write as _;

use serde_json::{Map, Value};

use ratatui::buffer::CellWidth as _;
use ratatui::style::Style;
use ratatui::text::Span;

use super::screen::{
    FormatError, Screen, ScreenCell, check_declared_size, control_message, first_control,
};
use super::style::{CellStyle, modifier_names, parse_color, parse_modifier};
use crate::colors::color_name;
use crate::format::Format;

/// The `cells` JSON of a [`Screen`]; `Display` writes it.
#[derive(Debug, Clone, Copy)]
pub struct CellsSnapshot<'a>(&'a Screen);

impl Screen {
    /// The `cells` format.
    pub fn cells(&self) -> CellsSnapshot<'_> {
        CellsSnapshot(self)
    }

    /// Parses the `cells` format.
    ///
    /// # Errors
    ///
    /// [`FormatError`] with the line (row) that is malformed: not JSON, an
    /// unknown key, a bad colour or modifier, runs that do not add up to
    /// `cols`, a size over [`MAX_SCREEN_CELLS`](crate::MAX_SCREEN_CELLS),
    /// or a row no terminal can show — the message names its row and
    /// column: a control character, two characters in one cell (or a
    /// combining mark alone in one), a continuation cell no wide glyph
    /// covers, a wide glyph followed by anything but its continuations.
    pub fn parse_cells(json: &str) -> Result<Self, FormatError> {
        let fail = |line: usize, message: String| FormatError::new(Format::Cells, line, message);
        let value: Value = serde_json::from_str(json)
            .map_err(|error| fail(error.line(), format!("not JSON: {error}")))?;
        let object = value.as_object().ok_or_else(|| fail(1, "expected an object".into()))?;
        check_keys(object, &["cols", "rows", "cursor", "grid"]).map_err(|error| fail(1, error))?;
        let dimension = |key: &str| -> Result<u16, FormatError> {
            object
                .get(key)
                .and_then(Value::as_u64)
                .and_then(|n| u16::try_from(n).ok())
                .ok_or_else(|| fail(1, format!("`{key}` must be a number of cells (0..=65535)")))
        };
        let (cols, rows) = (dimension("cols")?, dimension("rows")?);
        let cursor = match object.get("cursor") {
            None => None,
            Some(Value::Array(pair)) if pair.len() == 2 => {
                let at = |index: usize| pair[index].as_u64().and_then(|n| u16::try_from(n).ok());
                match (at(0), at(1)) {
                    (Some(col), Some(row)) if col < cols && row < rows => Some((col, row)),
                    _ => {
                        return Err(fail(
                            1,
                            format!("`cursor` must be [col,row] inside {cols}x{rows}"),
                        ));
                    }
                }
            }
            Some(_) => return Err(fail(1, "`cursor` must be [col,row]".into())),
        };
        let grid = object
            .get("grid")
            .and_then(Value::as_array)
            .ok_or_else(|| fail(1, "`grid` must be an array of rows".into()))?;
        if grid.len() != usize::from(rows) {
            return Err(fail(1, format!("`grid` has {} rows, `rows` says {rows}", grid.len())));
        }
        check_declared_size(Format::Cells, 1, cols, rows)?;
        // Cells are added a row at a time, each row only once it is valid:
        // what is allocated follows what the golden holds, not its header.
        let mut cells = Vec::new();
        for (row, runs) in (0u16..).zip(grid) {
            // The row's line in the canonical layout: the header is line 1.
            let line = usize::from(row) + 2;
            let runs = runs
                .as_array()
                .ok_or_else(|| fail(line, "a row must be an array of runs".into()))?;
            cells.extend(parse_row(runs, row, cols).map_err(|error| fail(line, error))?);
        }
        Ok(Screen::from_cells(cols, rows, cells).with_cursor(cursor))
    }
}

/// One row's runs as `cols` cells, checked to be a row a terminal can
/// show: one whole grapheme (no control character) a cell, each wide glyph
/// followed by exactly its continuation cells, and glyphs that stay apart
/// when the row is read back as text.
fn parse_row(runs: &[Value], row: u16, cols: u16) -> Result<Vec<ScreenCell>, String> {
    let mut cells = Vec::new();
    // The wide glyph still covering cells: its column, symbol and how many
    // continuation cells it still needs.
    let mut wide: Option<(u16, &str, u16)> = None;
    let mut col = 0u16;
    for run in runs {
        let (n, symbol, style) = parse_run(run)?;
        if let Some((_, control)) = first_control(symbol) {
            return Err(format!("row {row}, col {col}: `ch` holds {}", control_message(control)));
        }
        let glyphs = Span::raw(symbol).styled_graphemes(Style::new()).count();
        if glyphs > 1 {
            return Err(format!(
                "row {row}, col {col}: `ch` {symbol:?} is {glyphs} characters; a cell holds one"
            ));
        }
        for _ in 0..n {
            if col >= cols {
                return Err(format!("row {row}: runs add up to more than {cols} cells"));
            }
            let continuation = symbol.is_empty();
            wide = match (wide, continuation) {
                (None, true) => {
                    return Err(format!(
                        "row {row}, col {col}: a continuation cell (\"ch\":\"\") must follow a wide glyph"
                    ));
                }
                (Some((at, glyph, _)), false) => {
                    return Err(format!(
                        "row {row}, col {col}: the wide glyph {glyph:?} at col {at} covers this cell; expected its continuation (\"ch\":\"\"), found {symbol:?}"
                    ));
                }
                (Some((at, glyph, left)), true) => (left > 1).then_some((at, glyph, left - 1)),
                (None, false) => {
                    let width = symbol.cell_width();
                    (width > 1).then(|| (col, symbol, width - 1))
                }
            };
            let symbol = if continuation { " " } else { symbol };
            cells.push(ScreenCell { symbol: symbol.to_owned(), style });
            col += 1;
        }
    }
    if let Some((at, glyph, left)) = wide {
        return Err(format!(
            "row {row}, col {at}: the wide glyph {glyph:?} needs {left} more cell(s) than the row has"
        ));
    }
    if col != cols {
        return Err(format!("row {row}: runs add up to {col} cells, not {cols}"));
    }
    check_glyphs_stay_apart(&cells, row)?;
    Ok(cells)
}

/// Whether the row's glyphs, joined as its text, split back into the same
/// glyphs: a combining mark or a joiner alone in a cell would merge with
/// the glyph before it, which no terminal shows as two cells.
fn check_glyphs_stay_apart(cells: &[ScreenCell], row: u16) -> Result<(), String> {
    let mut glyphs = Vec::new();
    let mut covered = 0u16;
    for (col, cell) in (0u16..).zip(cells) {
        if covered > 0 {
            covered -= 1;
            continue;
        }
        covered = cell.symbol.as_str().cell_width().saturating_sub(1);
        glyphs.push((col, cell.symbol.as_str()));
    }
    let text: String = glyphs.iter().map(|(_, symbol)| *symbol).collect();
    let span = Span::raw(text.as_str());
    let mut read_back = span.styled_graphemes(Style::new());
    for (at, &(_, symbol)) in glyphs.iter().enumerate() {
        match read_back.next() {
            Some(grapheme) if grapheme.symbol == symbol => {}
            _ => {
                // The glyph read back took in the next one.
                let (col, joined) = glyphs.get(at + 1).copied().unwrap_or(glyphs[at]);
                return Err(format!(
                    "row {row}, col {col}: {joined:?} joins the glyph before it into one character; a cell holds a whole character"
                ));
            }
        }
    }
    Ok(())
}

fn check_keys(object: &Map<String, Value>, allowed: &[&str]) -> Result<(), String> {
    match object.keys().find(|key| !allowed.contains(&key.as_str())) {
        Some(key) => Err(format!("unknown key `{key}`; expected {}", allowed.join(", "))),
        None => Ok(()),
    }
}

fn parse_run(run: &Value) -> Result<(u16, &str, CellStyle), String> {
    let object = run.as_object().ok_or("a run must be an object")?;
    check_keys(object, &["n", "ch", "fg", "bg", "ul", "mods"])?;
    let n = object
        .get("n")
        .and_then(Value::as_u64)
        .and_then(|n| u16::try_from(n).ok())
        .filter(|&n| n > 0)
        .ok_or("`n` must be a positive number of cells")?;
    let symbol = object.get("ch").and_then(Value::as_str).ok_or("`ch` must be a string")?;
    let mut style = CellStyle::DEFAULT;
    for (key, target) in
        [("fg", &mut style.fg), ("bg", &mut style.bg), ("ul", &mut style.underline)]
    {
        if let Some(value) = object.get(key) {
            let name = value.as_str().ok_or_else(|| format!("`{key}` must be a colour string"))?;
            *target = parse_color(name)?;
        }
    }
    if let Some(mods) = object.get("mods") {
        for name in mods.as_array().ok_or("`mods` must be an array of modifier names")? {
            style.modifier |= parse_modifier(name.as_str().ok_or("a modifier must be a string")?)?;
        }
    }
    Ok((n, symbol, style))
}

fn write_run(out: &mut String, n: usize, symbol: &str, style: &CellStyle) {
    let quoted = |text: &str| serde_json::to_string(text).expect("strings serialize");
    let _ = write!(out, "{{\"n\":{n},\"ch\":{}", quoted(symbol));
    for (key, color) in [("fg", style.fg), ("bg", style.bg), ("ul", style.underline)] {
        if color != ratatui::style::Color::Reset {
            let _ = write!(out, ",\"{key}\":{}", quoted(&color_name(color)));
        }
    }
    let mods = modifier_names(style.modifier);
    if !mods.is_empty() {
        let names: Vec<String> = mods.into_iter().map(quoted).collect();
        let _ = write!(out, ",\"mods\":[{}]", names.join(","));
    }
    out.push('}');
}

impl fmt::Display for CellsSnapshot<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let screen = self.0;
        write!(f, "{{\"cols\":{},\"rows\":{}", screen.cols(), screen.rows())?;
        if let Some((col, row)) = screen.cursor() {
            write!(f, ",\"cursor\":[{col},{row}]")?;
        }
        f.write_str(",\"grid\":[")?;
        let mut line = String::new();
        for row in 0..screen.rows() {
            line.clear();
            line.push_str(if row == 0 { "\n[" } else { ",\n[" });
            let continuations = screen.continuations(row);
            let mut runs: Vec<(usize, &str, &CellStyle)> = Vec::new();
            for (cell, continuation) in screen.row(row).iter().zip(continuations) {
                let symbol = if continuation { "" } else { cell.symbol.as_str() };
                match runs.last_mut() {
                    Some((n, last, style)) if *last == symbol && **style == cell.style => *n += 1,
                    _ => runs.push((1, symbol, &cell.style)),
                }
            }
            for (at, (n, symbol, style)) in runs.into_iter().enumerate() {
                if at > 0 {
                    line.push(',');
                }
                write_run(&mut line, n, symbol, style);
            }
            line.push(']');
            f.write_str(&line)?;
        }
        f.write_str("\n]}\n")
    }
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Modifier, Style};

    use super::*;

    #[test]
    fn runs_are_run_length_encoded_with_default_style_omitted() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 5, 1));
        buf.set_string(
            0,
            0,
            "aab",
            Style::new().fg(Color::Rgb(0xff, 0, 0x10)).add_modifier(Modifier::BOLD),
        );
        let json = Screen::from_buffer(&buf).cells().to_string();
        assert_eq!(
            json,
            "{\"cols\":5,\"rows\":1,\"grid\":[\n[{\"n\":2,\"ch\":\"a\",\"fg\":\"#ff0010\",\"mods\":[\"bold\"]},{\"n\":1,\"ch\":\"b\",\"fg\":\"#ff0010\",\"mods\":[\"bold\"]},{\"n\":2,\"ch\":\" \"}]\n]}\n"
        );
    }

    #[test]
    fn wide_glyphs_have_continuations_and_round_trip() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 4, 1));
        buf.set_string(0, 0, "中", Style::new().bg(Color::Blue));
        buf.set_style(Rect::new(0, 0, 4, 1), Style::new().bg(Color::Blue));
        let screen = Screen::from_buffer(&buf).with_cursor(Some((3, 0)));
        let json = screen.cells().to_string();
        assert!(
            json.contains(
                "{\"n\":1,\"ch\":\"中\",\"bg\":\"blue\"},{\"n\":1,\"ch\":\"\",\"bg\":\"blue\"}"
            ),
            "{json}"
        );
        assert!(json.contains("\"cursor\":[3,0]"));
        assert_eq!(Screen::parse_cells(&json).unwrap(), screen);
    }

    #[test]
    fn malformed_cells_name_the_problem() {
        let bad = |json: &str| Screen::parse_cells(json).unwrap_err().to_string();
        assert!(
            bad("{\"cols\":2,\"rows\":1,\"grid\":[[{\"n\":1,\"ch\":\"a\"}]]}")
                .contains("add up to 1 cells, not 2")
        );
        assert!(
            bad("{\"cols\":1,\"rows\":1,\"grid\":[[{\"n\":1,\"ch\":\"a\",\"fg\":\"pink\"}]]}")
                .contains("unknown colour `pink`")
        );
        assert!(
            bad("{\"cols\":1,\"rows\":1,\"grid\":[[{\"n\":1,\"ch\":\"\"}]]}")
                .contains("must follow a wide glyph")
        );
        assert!(bad("{\"cols\":1,\"rows\":1,\"grid\":[],\"x\":1}").contains("unknown key `x`"));
        assert!(
            bad("{\"cols\":1,\"rows\":2,\"grid\":[[{\"n\":1,\"ch\":\"a\"}]]}").contains("1 rows")
        );
    }
}
