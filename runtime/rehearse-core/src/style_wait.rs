//! Style predicates (`fg=red`, `bg=#1e1e2e`, `bold`, `italic=false`) on
//! the cells of a node's text in the rendered frame.
//!
//! The cells of a node's text are found in its clipped bounds: on a row of
//! them, where the text a `text~` selector matched is drawn (its first
//! occurrence, as a pointer goes there) — on the terminal plane, the
//! matched characters of a screen line — or else where the node's own name,
//! or else its public value, is drawn; when none is drawn on one row of its
//! bounds, every non-blank cell inside them. A message about a cell names
//! its style and position, never the text it shows (a secret stays one).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use rehearse_lang::{Selector, StyleAttribute, StyleCheck};

use crate::colors::style_color;
use crate::semantic::{CompiledRegex, SemanticNode};

/// What the cells must contain to be the node's text.
enum Needle {
    Text(String),
    Regex(CompiledRegex),
}

impl Needle {
    /// The byte span of its first occurrence in `text`.
    fn find(&self, text: &str) -> Option<std::ops::Range<usize>> {
        match self {
            Self::Text(needle) if needle.is_empty() => None,
            Self::Text(needle) => text.find(needle.as_str()).map(|at| at..at + needle.len()),
            Self::Regex(regex) => regex.find(text).filter(|found| !found.is_empty()),
        }
    }
}

/// The text a selector matched by (`text~X`, `text~/RE/`, as the last
/// segment of a chain), if it did.
fn matched_text(selector: &Selector) -> Option<Needle> {
    match selector {
        Selector::TextContains(text) => Some(Needle::Text(text.clone())),
        Selector::TextMatches(regex) => Some(Needle::Regex(CompiledRegex::new(regex))),
        Selector::Within { target, .. } => matched_text(target),
        Selector::Nth { of, .. } => matched_text(of),
        _ => None,
    }
}

/// The cells (column, row) that show `node`'s text in `cells`.
pub(crate) fn text_cells(
    node: &SemanticNode,
    selector: &Selector,
    cells: &Buffer,
) -> Vec<(u16, u16)> {
    let bounds = node.clipped_bounds;
    let (Ok(x), Ok(y)) = (u16::try_from(bounds.x), u16::try_from(bounds.y)) else {
        return Vec::new();
    };
    let area = Rect::new(x, y, bounds.width, bounds.height).intersection(cells.area);
    if area.is_empty() {
        return Vec::new();
    }
    // What a `text~` matched; else the node's name, then its public value
    // (a text box's name is often its label, drawn outside it).
    let needles: Vec<Needle> = match matched_text(selector) {
        Some(needle) => vec![needle],
        None => [Some(node.name.as_str()), node.public_value()]
            .into_iter()
            .flatten()
            .map(|own| Needle::Text(own.to_owned()))
            .collect(),
    };
    for needle in needles {
        // A wide character's second cell holds a blank: read the row as
        // drawn, then with a blank after a non-ASCII cell left out.
        for wide in [false, true] {
            for row in area.top()..area.bottom() {
                let (text, columns) = row_text(cells, area, row, wide);
                if let Some(span) = needle.find(&text) {
                    let mut found: Vec<(u16, u16)> =
                        columns[span].iter().map(|&col| (col, row)).collect();
                    found.dedup();
                    return found;
                }
            }
        }
    }
    let mut found = Vec::new();
    for row in area.top()..area.bottom() {
        for col in area.left()..area.right() {
            if !cells[(col, row)].symbol().trim().is_empty() {
                found.push((col, row));
            }
        }
    }
    found
}

/// Row `row`'s text inside `area`, with the column of each of its bytes;
/// `wide`: leaving out a blank cell right after a non-ASCII one (the second
/// cell of a wide character).
fn row_text(cells: &Buffer, area: Rect, row: u16, wide: bool) -> (String, Vec<u16>) {
    let mut text = String::new();
    let mut columns = Vec::new();
    let mut after_wide = false;
    for col in area.left()..area.right() {
        let symbol = cells[(col, row)].symbol();
        let symbol = if symbol.is_empty() { " " } else { symbol };
        if wide && after_wide && symbol == " " {
            after_wide = false;
            continue;
        }
        after_wide = !symbol.is_ascii();
        for character in symbol.chars() {
            text.push(character);
            columns.extend(std::iter::repeat_n(col, character.len_utf8()));
        }
    }
    (text, columns)
}

/// The modifier an attribute is.
fn modifier(attribute: StyleAttribute) -> Modifier {
    match attribute {
        StyleAttribute::Bold => Modifier::BOLD,
        StyleAttribute::Italic => Modifier::ITALIC,
        StyleAttribute::Underline => Modifier::UNDERLINED,
        StyleAttribute::Reverse => Modifier::REVERSED,
    }
}

/// Why the cell at `(col, row)` does not have the style `check` asks for
/// (`fg was green`), or `None` when it does.
fn cell_differs(check: &StyleCheck, cells: &Buffer, (col, row): (u16, u16)) -> Option<String> {
    let cell = &cells[(col, row)];
    match check {
        StyleCheck::Fg(wanted) => {
            let fg = style_color(cell.fg);
            (!fg.same_as(*wanted)).then(|| format!("fg was {fg}"))
        }
        StyleCheck::Bg(wanted) => {
            let bg = style_color(cell.bg);
            (!bg.same_as(*wanted)).then(|| format!("bg was {bg}"))
        }
        StyleCheck::Attribute(attribute, on) => {
            let has = cell.modifier.contains(modifier(*attribute));
            (has != *on).then(|| {
                if has { format!("was {attribute}") } else { format!("was not {attribute}") }
            })
        }
    }
}

/// Whether every cell of `node`'s text has the style `check` asks for:
/// `Err` says why not (`fg was green at 3,4 (2 of 5 cells)`), naming
/// styles and positions only.
pub(crate) fn style_holds(
    check: &StyleCheck,
    node: &SemanticNode,
    selector: &Selector,
    cells: &Buffer,
) -> Result<(), String> {
    let text = text_cells(node, selector, cells);
    if text.is_empty() {
        return Err("its text shows no cells on the screen".to_owned());
    }
    let mut differing =
        text.iter().filter_map(|&at| cell_differs(check, cells, at).map(|why| (why, at)));
    let Some((why, (col, row))) = differing.next() else { return Ok(()) };
    let more = differing.count();
    let of = if more == 0 && text.len() == 1 {
        String::new()
    } else {
        format!(" ({} of {} cells)", more + 1, text.len())
    };
    Err(format!("{why} at {col},{row}{of}"))
}

#[cfg(test)]
mod tests {
    use ratatui::style::{Color, Style};
    use rehearse_lang::{AnsiColor, SemanticRole, StyleColor};

    use super::*;
    use crate::semantic::Bounds;

    /// A line `Error: disk full` at row 1, `Error` red and bold.
    fn screen() -> (Buffer, SemanticNode) {
        let mut cells = Buffer::empty(Rect::new(0, 0, 20, 3));
        cells.set_string(2, 1, "Error", Style::new().fg(Color::Indexed(1)).bold());
        cells.set_string(7, 1, ": disk full", Style::new().fg(Color::Green));
        let line = SemanticNode::new(SemanticRole::Text, Bounds::new(2, 1, 16, 1))
            .with_name("Error: disk full");
        (cells, line)
    }

    #[test]
    fn the_matched_characters_are_checked_and_a_name_is_its_index() {
        let (cells, line) = screen();
        let error = Selector::text_contains("Error");
        assert_eq!(text_cells(&line, &error, &cells), [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]);
        let red = StyleCheck::Fg(StyleColor::Ansi(AnsiColor::Red));
        assert_eq!(style_holds(&red, &line, &error, &cells), Ok(()));
        let bold = StyleCheck::Attribute(StyleAttribute::Bold, true);
        assert_eq!(style_holds(&bold, &line, &error, &cells), Ok(()));
        let full = Selector::text_contains("full");
        assert_eq!(
            style_holds(&red, &line, &full, &cells),
            Err("fg was green at 14,1 (4 of 4 cells)".to_owned())
        );
        assert_eq!(
            style_holds(&bold, &line, &full, &cells),
            Err("was not bold at 14,1 (4 of 4 cells)".to_owned())
        );
        let plain = StyleCheck::Attribute(StyleAttribute::Bold, false);
        assert_eq!(
            style_holds(&plain, &line, &error, &cells),
            Err("was bold at 2,1 (5 of 5 cells)".to_owned())
        );
        // The whole line (its name) is not all red: the colon is green.
        assert_eq!(
            style_holds(&red, &line, &Selector::point(3, 1), &cells),
            Err("fg was green at 7,1 (11 of 16 cells)".to_owned())
        );
        let regex = Selector::text_matches(rehearse_lang::TextRegex::new("d.sk").unwrap());
        let green = StyleCheck::Fg(StyleColor::Ansi(AnsiColor::Green));
        assert_eq!(text_cells(&line, &regex, &cells).len(), 4);
        assert_eq!(style_holds(&green, &line, &regex, &cells), Ok(()));
        let default_bg = StyleCheck::Bg(StyleColor::Default);
        assert_eq!(style_holds(&default_bg, &line, &regex, &cells), Ok(()));
    }

    #[test]
    fn wide_characters_are_found_across_their_second_cells() {
        let mut cells = Buffer::empty(Rect::new(0, 0, 20, 1));
        cells.set_string(0, 0, "日本 ok", Style::new().fg(Color::Red));
        let line =
            SemanticNode::new(SemanticRole::Text, Bounds::new(0, 0, 7, 1)).with_name("日本 ok");
        let found = text_cells(&line, &Selector::text_contains("本 o"), &cells);
        assert_eq!(found, [(2, 0), (4, 0), (5, 0)]);
        let red = StyleCheck::Fg(StyleColor::Ansi(AnsiColor::Red));
        assert_eq!(style_holds(&red, &line, &Selector::id("l"), &cells), Ok(()));
    }

    #[test]
    fn text_not_drawn_on_one_row_is_every_non_blank_cell_and_none_is_no_cells() {
        let (cells, _) = screen();
        let group = SemanticNode::new(SemanticRole::Group, Bounds::new(0, 0, 20, 3))
            .with_name("not drawn anywhere");
        assert_eq!(text_cells(&group, &Selector::id("g"), &cells).len(), 14, "two are spaces");
        let off = SemanticNode::new(SemanticRole::Text, Bounds::new(40, 40, 5, 1)).with_name("x");
        let red = StyleCheck::Fg(StyleColor::Ansi(AnsiColor::Red));
        assert_eq!(
            style_holds(&red, &off, &Selector::id("x"), &cells),
            Err("its text shows no cells on the screen".to_owned())
        );
    }
}
