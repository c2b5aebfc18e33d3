//! The fixed palette: what each ratatui colour looks like in a PNG. Named
//! and indexed colours use xterm's default values, so a PNG never depends
//! on a user's terminal theme.

use ratatui::style::Color;

/// An RGB colour.
pub type Rgb = [u8; 3];

/// The default foreground (`Color::Reset` as fg).
pub const DEFAULT_FG: Rgb = [0xd4, 0xd4, 0xd4];
/// The default background (`Color::Reset` as bg).
pub const DEFAULT_BG: Rgb = [0x1e, 0x1e, 0x1e];

/// xterm's sixteen ANSI colours, in index order.
const ANSI: [Rgb; 16] = [
    [0x00, 0x00, 0x00],
    [0xcd, 0x00, 0x00],
    [0x00, 0xcd, 0x00],
    [0xcd, 0xcd, 0x00],
    [0x00, 0x00, 0xee],
    [0xcd, 0x00, 0xcd],
    [0x00, 0xcd, 0xcd],
    [0xe5, 0xe5, 0xe5],
    [0x7f, 0x7f, 0x7f],
    [0xff, 0x00, 0x00],
    [0x00, 0xff, 0x00],
    [0xff, 0xff, 0x00],
    [0x5c, 0x5c, 0xff],
    [0xff, 0x00, 0xff],
    [0x00, 0xff, 0xff],
    [0xff, 0xff, 0xff],
];

/// The RGB value of `color`; `default` stands for `Color::Reset`.
pub fn rgb(color: Color, default: Rgb) -> Rgb {
    match color {
        Color::Reset => default,
        Color::Rgb(r, g, b) => [r, g, b],
        Color::Indexed(index) => indexed(index),
        named => {
            let index = crate::colors::NAMED_COLORS
                .iter()
                .position(|candidate| *candidate == named)
                .unwrap_or(7);
            ANSI[index]
        }
    }
}

/// xterm's 256-colour palette: 16 ANSI colours, a 6x6x6 cube, 24 greys.
fn indexed(index: u8) -> Rgb {
    match index {
        0..=15 => ANSI[usize::from(index)],
        16..=231 => {
            let level = |n: u8| if n == 0 { 0 } else { 55 + 40 * n };
            let n = index - 16;
            [level(n / 36), level(n / 6 % 6), level(n % 6)]
        }
        _ => {
            let grey = 8 + 10 * (index - 232);
            [grey, grey, grey]
        }
    }
}

/// Halfway between `a` and `b` (dim text).
pub fn blend(a: Rgb, b: Rgb) -> Rgb {
    [0, 1, 2].map(|at| ((u16::from(a[at]) + u16::from(b[at])) / 2) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xterm_values() {
        assert_eq!(rgb(Color::Red, DEFAULT_FG), [0xcd, 0, 0]);
        assert_eq!(rgb(Color::Indexed(9), DEFAULT_FG), rgb(Color::LightRed, DEFAULT_FG));
        assert_eq!(rgb(Color::Indexed(196), DEFAULT_FG), [0xff, 0, 0]);
        assert_eq!(rgb(Color::Indexed(16), DEFAULT_FG), [0, 0, 0]);
        assert_eq!(rgb(Color::Indexed(255), DEFAULT_FG), [0xee, 0xee, 0xee]);
        assert_eq!(rgb(Color::Reset, DEFAULT_BG), DEFAULT_BG);
        assert_eq!(rgb(Color::Rgb(1, 2, 3), DEFAULT_BG), [1, 2, 3]);
    }
}
