//! A screen as the ANSI output that paints it: every row, every style
//! change as one full SGR sequence, then the cursor. What recordings store.

use std::fmt::Write as _;

use ratatui::style::Color;

use super::screen::Screen;
use super::style::{CellStyle, MODIFIERS};

/// The escape sequences that paint `screen` on a terminal of its size from
/// any prior state: home, each row in full, the cursor shown where it is
/// or hidden.
pub fn paint(screen: &Screen) -> String {
    let mut out = String::from("\x1b[?25l\x1b[0m");
    for row in 0..screen.rows() {
        let _ = write!(out, "\x1b[{};1H", row + 1);
        let mut current = CellStyle::DEFAULT;
        for (cell, continuation) in screen.row(row).iter().zip(screen.continuations(row)) {
            if continuation {
                continue;
            }
            if cell.style != current {
                out.push_str(&sgr(&cell.style));
                current = cell.style;
            }
            out.push_str(&cell.symbol);
        }
        if !current.is_default() {
            out.push_str("\x1b[0m");
        }
    }
    if let Some((col, row)) = screen.cursor() {
        let _ = write!(out, "\x1b[{};{}H\x1b[?25h", row + 1, col + 1);
    }
    out
}

/// One SGR sequence setting exactly `style` (starting from a reset).
pub fn sgr(style: &CellStyle) -> String {
    let mut codes: Vec<String> = vec!["0".to_owned()];
    for (flag, code) in MODIFIERS.iter().map(|(flag, _)| *flag).zip(1..) {
        if style.modifier.contains(flag) {
            codes.push(code.to_string());
        }
    }
    if let Some(code) = color_code(style.fg, 30, 90, 38) {
        codes.push(code);
    }
    if let Some(code) = color_code(style.bg, 40, 100, 48) {
        codes.push(code);
    }
    if style.underline != Color::Reset {
        codes.push(match style.underline {
            Color::Rgb(r, g, b) => format!("58;2;{r};{g};{b}"),
            Color::Indexed(index) => format!("58;5;{index}"),
            named => format!("58;5;{}", ansi_index(named)),
        });
    }
    format!("\x1b[{}m", codes.join(";"))
}

fn color_code(color: Color, normal: u8, bright: u8, extended: u8) -> Option<String> {
    Some(match color {
        Color::Reset => return None,
        Color::Rgb(r, g, b) => format!("{extended};2;{r};{g};{b}"),
        Color::Indexed(index) => format!("{extended};5;{index}"),
        named => {
            let index = ansi_index(named);
            if index < 8 { (normal + index).to_string() } else { (bright + index - 8).to_string() }
        }
    })
}

fn ansi_index(named: Color) -> u8 {
    let at = crate::colors::NAMED_COLORS.iter().position(|color| *color == named).unwrap_or(7);
    u8::try_from(at).expect("sixteen colours")
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::{Modifier, Style};

    use super::*;

    #[test]
    fn paints_rows_styles_and_the_cursor() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 3, 2));
        buf.set_string(0, 0, "ab", Style::new().fg(Color::LightRed).add_modifier(Modifier::BOLD));
        buf.set_string(0, 1, "中", Style::new().bg(Color::Indexed(4)));
        let screen = Screen::from_buffer(&buf).with_cursor(Some((2, 1)));
        assert_eq!(
            paint(&screen),
            "\x1b[?25l\x1b[0m\x1b[1;1H\x1b[0;1;91mab\x1b[0m \x1b[2;1H\x1b[0;48;5;4m中\x1b[0m \x1b[2;3H\x1b[?25h"
        );
    }
}
