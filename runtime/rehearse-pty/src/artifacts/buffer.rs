//! The grid as a ratatui `Buffer`, so the project's existing text, cells,
//! styled and PNG encoders can serve the terminal plane too.

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;
use ratatui::style::{Color as RColor, Modifier};

use crate::emulator::{CellStyle, Color, Emulator};

fn color(color: Color) -> RColor {
    match color {
        Color::Default => RColor::Reset,
        Color::Indexed(index) => match index {
            0 => RColor::Black,
            1 => RColor::Red,
            2 => RColor::Green,
            3 => RColor::Yellow,
            4 => RColor::Blue,
            5 => RColor::Magenta,
            6 => RColor::Cyan,
            7 => RColor::Gray,
            8 => RColor::DarkGray,
            9 => RColor::LightRed,
            10 => RColor::LightGreen,
            11 => RColor::LightYellow,
            12 => RColor::LightBlue,
            13 => RColor::LightMagenta,
            14 => RColor::LightCyan,
            15 => RColor::White,
            other => RColor::Indexed(other),
        },
        Color::Rgb(r, g, b) => RColor::Rgb(r, g, b),
    }
}

/// The visible screen as a `Buffer` of its size. A wide character sits in its
/// first cell and the cell after it is reset, as ratatui's own `set_string`
/// leaves it.
pub fn to_buffer(emu: &dyn Emulator) -> Buffer {
    let (rows, cols) = emu.size();
    let mut buffer = Buffer::empty(Rect::new(0, 0, cols, rows));
    for row in 0..rows {
        emu.visit_row(row, &mut |col, text, width, style| {
            set_cell(&mut buffer, col, row, text, width, style);
        });
    }
    buffer
}

/// Writes one emulator cell into `buffer` as [`to_buffer`] does.
pub(crate) fn set_cell(
    buffer: &mut Buffer,
    col: u16,
    row: u16,
    text: &str,
    width: u8,
    style: CellStyle,
) {
    let target = &mut buffer[(col, row)];
    if width == 0 {
        target.reset();
        return;
    }
    let mut modifier = Modifier::empty();
    for (on, flag) in [
        (style.bold, Modifier::BOLD),
        (style.dim, Modifier::DIM),
        (style.italic, Modifier::ITALIC),
        (style.underline, Modifier::UNDERLINED),
        (style.reverse, Modifier::REVERSED),
    ] {
        if on {
            modifier |= flag;
        }
    }
    // The whole cell is written (not patched as `set_style` would), so a
    // buffer that held an earlier screen ends up as a fresh one would.
    let mut cell = Cell::EMPTY;
    cell.set_symbol(if text.is_empty() { " " } else { text });
    cell.fg = color(style.fg);
    cell.bg = color(style.bg);
    cell.modifier = modifier;
    *target = cell;
}
