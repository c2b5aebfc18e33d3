//! Screens in a trace: a screen is a list of line indices, a line its cells
//! and style spans, a style its colours and modifiers — each stored once.

use serde::{Deserialize, Serialize};

/// One distinct screen: its size, cursor and rows (indices into the
/// document's `lines`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScreenRecord {
    /// Columns.
    pub cols: u16,
    /// Rows.
    pub rows: u16,
    /// Where the cursor is shown, `[col, row]`; absent when hidden.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cursor: Option<[u16; 2]>,
    /// One line index per row, top first.
    pub lines: Vec<usize>,
}

/// One distinct screen line. Its cells are either `text` — one cell per
/// character, when every cell holds one narrow character — or `cells`, one
/// string per cell with `""` for the cell a wide glyph continues into.
/// Blank default-styled cells at the end are left out (a reader pads the
/// row to the screen's width).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LineRecord {
    /// The cells as text, one character each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The cells one by one (a wide glyph, then `""`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<String>>,
    /// Style runs `[start, end, style]`: columns `start` (inclusive) to
    /// `end` (exclusive) have style `style` (an index into the document's
    /// `styles`); cells in no run have the default style.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spans: Vec<[u32; 3]>,
}

impl LineRecord {
    /// The line as text: every glyph, continuation cells left out,
    /// trailing blanks trimmed.
    pub fn text(&self) -> String {
        let mut text = match (&self.text, &self.cells) {
            (Some(text), _) => text.clone(),
            (None, Some(cells)) => cells.concat(),
            (None, None) => String::new(),
        };
        text.truncate(text.trim_end_matches(' ').len());
        text
    }

    /// The line's cells, one string each (`""` continues a wide glyph).
    pub fn cells(&self) -> Vec<String> {
        match (&self.text, &self.cells) {
            (Some(text), _) => text.chars().map(String::from).collect(),
            (None, Some(cells)) => cells.clone(),
            (None, None) => Vec::new(),
        }
    }
}

/// One distinct cell style, spelled as the `cells` artifact spells it
/// (`docs/artifacts.md`): colours `#rrggbb`, `idxN` or an ANSI name, the
/// terminal default left out; modifier names.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StyleRecord {
    /// Foreground colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fg: Option<String>,
    /// Background colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bg: Option<String>,
    /// Underline colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ul: Option<String>,
    /// Modifiers: `bold`, `dim`, `italic`, `underlined`, `reversed`, …
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mods: Vec<String>,
}
