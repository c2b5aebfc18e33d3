//! Glyph lookup: every symbol becomes a bitmap (bit 0 is the leftmost
//! pixel), 8x16 in one cell or 16x16 across two. The crate's own font is
//! doubled vertically; box drawing, block elements and braille are derived
//! from their structure; everything else comes from GNU Unifont
//! (`unifont.rs`), which covers all of Unicode. Only a character no font
//! has (private use, unassigned) is a hollow box, two cells wide for a wide
//! one.

use super::font::{ASCII, EXTRA, LATIN1};
use super::unifont::{UniGlyph, lookup};

/// Cell width in pixels.
pub const CELL_WIDTH: u32 = 8;
/// Cell height in pixels.
pub const CELL_HEIGHT: u32 = 16;

/// An 8x16 bitmap, one byte a row, bit 0 leftmost.
pub type Bitmap = [u8; 16];

/// A 16x16 bitmap across two cells, bit 0 leftmost.
pub type WideBitmap = [u16; 16];

/// How a symbol is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Glyph {
    /// Nothing (a blank).
    Blank,
    /// A bitmap in one cell.
    Bitmap(Bitmap),
    /// A bitmap across two cells (a wide glyph: CJK, emoji).
    Wide(WideBitmap),
    /// The hollow box of a character no font draws, `cells` wide.
    Unknown {
        /// 1 or 2.
        cells: u8,
    },
}

/// The glyph for `symbol` (one grapheme: a character, maybe followed by
/// combining marks, a variation selector, a skin tone or a joined
/// sequence), `width` cells wide.
///
/// Combining marks are drawn over their base; in any other sequence (an
/// emoji with a variation selector or skin tone, a zero-width-joined
/// family, a flag's second letter) the first character stands for the
/// whole, as a terminal without colour emoji shows it.
pub fn glyph(symbol: &str, width: u16) -> Glyph {
    let mut chars = symbol.chars();
    let Some(first) = chars.next() else { return Glyph::Blank };
    let base = single(first, width);
    let marks: Vec<Bitmap> = chars
        .take_while(|&ch| ch != '\u{200d}')
        .filter(|&ch| is_combining(ch))
        .filter_map(|ch| match lookup(ch) {
            Some(UniGlyph::Narrow(rows)) => Some(rows),
            Some(UniGlyph::Wide(rows)) => Some(squeeze(rows)),
            None => None,
        })
        .collect();
    marks.into_iter().fold(base, overlay)
}

/// The glyph of one character.
fn single(ch: char, width: u16) -> Glyph {
    if ch == ' ' || ch == '\u{a0}' {
        return Glyph::Blank;
    }
    let code = u32::from(ch);
    let from_font = |table: &[[u8; 8]], first: u32| {
        let rows = table[(code - first) as usize];
        Glyph::Bitmap(double(rows))
    };
    match code {
        0x21..=0x7e => from_font(&ASCII, 0x20),
        0xa1..=0xff => from_font(&LATIN1, 0xa0),
        0x2500..=0x257f => Glyph::Bitmap(box_drawing(code)),
        0x2580..=0x259f => Glyph::Bitmap(block(code)),
        0x2800..=0x28ff => Glyph::Bitmap(braille(code)),
        _ => match EXTRA.iter().find(|(extra, _)| *extra == ch) {
            Some((_, art)) => Glyph::Bitmap(double(art.map(art_row))),
            None => match (lookup(ch), width >= 2) {
                (Some(UniGlyph::Wide(rows)), true) => Glyph::Wide(rows),
                (Some(UniGlyph::Wide(rows)), false) => Glyph::Bitmap(squeeze(rows)),
                (Some(UniGlyph::Narrow(rows)), false) => Glyph::Bitmap(rows),
                // A narrow drawing of a character the terminal gives two
                // cells: centred across them.
                (Some(UniGlyph::Narrow(rows)), true) => {
                    Glyph::Wide(rows.map(|row| u16::from(row) << 4))
                }
                (None, _) => unknown(width),
            },
        },
    }
}

/// Whether `ch` is a combining mark drawn over the character before it
/// (the combining diacritical blocks; other marks stand alone).
fn is_combining(ch: char) -> bool {
    matches!(
        u32::from(ch),
        0x0300..=0x036f | 0x0483..=0x0489 | 0x1ab0..=0x1aff | 0x1dc0..=0x1dff | 0x20d0..=0x20ff | 0xfe20..=0xfe2f
    )
}

/// A combining mark drawn over `base`: over a wide glyph, centred.
fn overlay(base: Glyph, mark: Bitmap) -> Glyph {
    match base {
        Glyph::Blank => Glyph::Bitmap(mark),
        Glyph::Bitmap(mut rows) => {
            rows.iter_mut().zip(mark).for_each(|(row, mark)| *row |= mark);
            Glyph::Bitmap(rows)
        }
        Glyph::Wide(mut rows) => {
            rows.iter_mut().zip(mark).for_each(|(row, mark)| *row |= u16::from(mark) << 4);
            Glyph::Wide(rows)
        }
        unknown @ Glyph::Unknown { .. } => unknown,
    }
}

/// A 16-pixel-wide drawing in one 8-pixel cell: each pair of columns
/// becomes one, lit when either was.
fn squeeze(rows: WideBitmap) -> Bitmap {
    rows.map(|row| {
        (0..8).fold(0u8, |bits, x| if row >> (2 * x) & 0b11 != 0 { bits | 1 << x } else { bits })
    })
}

fn unknown(width: u16) -> Glyph {
    Glyph::Unknown { cells: if width >= 2 { 2 } else { 1 } }
}

fn art_row(row: &str) -> u8 {
    row.bytes()
        .enumerate()
        .fold(0, |bits, (x, byte)| if byte == b'#' { bits | 1 << x } else { bits })
}

fn double(rows: [u8; 8]) -> Bitmap {
    let mut bitmap = [0; 16];
    for (y, row) in rows.into_iter().enumerate() {
        bitmap[2 * y] = row;
        bitmap[2 * y + 1] = row;
    }
    bitmap
}

/// Arm weights of each box-drawing character U+2500..=U+257F, as
/// up/right/down/left digits: 0 none, 1 light, 2 heavy, 3 double. Dashed
/// lines are drawn solid; arcs as corners; `D` marks the diagonals.
const BOX_ARMS: [&str; 128] = [
    "0101", "0202", "1010", "2020", "0101", "0202", "1010", "2020", // 2500
    "0101", "0202", "1010", "2020", "0110", "0210", "0120", "0220", // 2508
    "0011", "0012", "0021", "0022", "1100", "1200", "2100", "2200", // 2510
    "1001", "1002", "2001", "2002", "1110", "1210", "2110", "1120", // 2518
    "2120", "2210", "1220", "2220", "1011", "1012", "2011", "1021", // 2520
    "2021", "2012", "1022", "2022", "0111", "0112", "0211", "0212", // 2528
    "0121", "0122", "0221", "0222", "1101", "1102", "1201", "1202", // 2530
    "2101", "2102", "2201", "2202", "1111", "1112", "1211", "1212", // 2538
    "2111", "1121", "2121", "2112", "2211", "1122", "1221", "2212", // 2540
    "1222", "2122", "2221", "2222", "0101", "0202", "1010", "2020", // 2548
    "0303", "3030", "0310", "0130", "0330", "0013", "0031", "0033", // 2550
    "1300", "3100", "3300", "1003", "3001", "3003", "1310", "3130", // 2558
    "3330", "1013", "3031", "3033", "0313", "0131", "0333", "1303", // 2560
    "3101", "3303", "1313", "3131", "3333", "0110", "0011", "1001", // 2568
    "1100", "D", "D", "D", "0001", "1000", "0100", "0010", // 2570
    "0002", "2000", "0200", "0020", "0201", "1020", "0102", "2010", // 2578
];

fn set(bitmap: &mut Bitmap, x: u32, y: u32) {
    if x < CELL_WIDTH && y < CELL_HEIGHT {
        bitmap[y as usize] |= 1 << x;
    }
}

fn box_drawing(code: u32) -> Bitmap {
    let mut bitmap = [0; 16];
    let arms = BOX_ARMS[(code - 0x2500) as usize];
    if arms == "D" {
        for y in 0..CELL_HEIGHT {
            let x = y / 2;
            if code != 0x2572 {
                set(&mut bitmap, CELL_WIDTH - 1 - x, y); // ╱
            }
            if code != 0x2571 {
                set(&mut bitmap, x, y); // ╲
            }
        }
        return bitmap;
    }
    let (cx, cy) = (3u32, 7u32);
    let weight = |at: usize| arms.as_bytes()[at] - b'0';
    // Vertical arms: columns by weight; rows from the centre to an edge.
    let columns = |weight: u8| -> &'static [u32] {
        match weight {
            1 => &[3],
            2 => &[3, 4],
            3 => &[1, 5],
            _ => &[],
        }
    };
    let rows = |weight: u8| -> &'static [u32] {
        match weight {
            1 => &[7],
            2 => &[7, 8],
            3 => &[5, 9],
            _ => &[],
        }
    };
    // Arms meet where the other axis' lines are, so corners close.
    let h_rows: Vec<u32> = rows(weight(1)).iter().chain(rows(weight(3))).copied().collect();
    let v_cols: Vec<u32> = columns(weight(0)).iter().chain(columns(weight(2))).copied().collect();
    let up_end = h_rows.iter().copied().max().unwrap_or(cy);
    let down_start = h_rows.iter().copied().min().unwrap_or(cy);
    let left_end = v_cols.iter().copied().max().unwrap_or(cx);
    let right_start = v_cols.iter().copied().min().unwrap_or(cx);
    // Double lines meeting double lines nest: each of the two lines turns
    // at the matching line of the other arm (outer with outer, inner with
    // inner) instead of crossing it.
    let double = |at: usize| weight(at) == 3;
    let (up, right, down, left) = (0, 1, 2, 3);
    for (at, &x) in columns(weight(up)).iter().enumerate() {
        let end = if double(up) {
            let left_line = if double(left) {
                5
            } else if double(right) {
                9
            } else {
                up_end
            };
            let right_line = if double(right) {
                5
            } else if double(left) {
                9
            } else {
                up_end
            };
            if at == 0 { left_line } else { right_line }
        } else {
            up_end
        };
        (0..=end).for_each(|y| set(&mut bitmap, x, y));
    }
    for (at, &x) in columns(weight(down)).iter().enumerate() {
        let start = if double(down) {
            let left_line = if double(left) {
                9
            } else if double(right) {
                5
            } else {
                down_start
            };
            let right_line = if double(right) {
                9
            } else if double(left) {
                5
            } else {
                down_start
            };
            if at == 0 { left_line } else { right_line }
        } else {
            down_start
        };
        (start..CELL_HEIGHT).for_each(|y| set(&mut bitmap, x, y));
    }
    for (at, &y) in rows(weight(right)).iter().enumerate() {
        let start = if double(right) {
            let top = if double(up) {
                5
            } else if double(down) {
                1
            } else {
                right_start
            };
            let bottom = if double(down) {
                5
            } else if double(up) {
                1
            } else {
                right_start
            };
            if at == 0 { top } else { bottom }
        } else {
            right_start
        };
        (start..CELL_WIDTH).for_each(|x| set(&mut bitmap, x, y));
    }
    for (at, &y) in rows(weight(left)).iter().enumerate() {
        let end = if double(left) {
            let top = if double(up) {
                1
            } else if double(down) {
                5
            } else {
                left_end
            };
            let bottom = if double(down) {
                1
            } else if double(up) {
                5
            } else {
                left_end
            };
            if at == 0 { top } else { bottom }
        } else {
            left_end
        };
        (0..=end).for_each(|x| set(&mut bitmap, x, y));
    }
    bitmap
}

fn fill(bitmap: &mut Bitmap, xs: std::ops::Range<u32>, ys: std::ops::Range<u32>) {
    for y in ys {
        for x in xs.clone() {
            set(bitmap, x, y);
        }
    }
}

fn block(code: u32) -> Bitmap {
    let mut bitmap = [0; 16];
    let (w, h) = (CELL_WIDTH, CELL_HEIGHT);
    match code {
        0x2580 => fill(&mut bitmap, 0..w, 0..h / 2),
        0x2581..=0x2588 => {
            let eighths = code - 0x2580;
            fill(&mut bitmap, 0..w, h - 2 * eighths..h);
        }
        0x2589..=0x258f => {
            let eighths = 0x2590 - code;
            fill(&mut bitmap, 0..eighths, 0..h);
        }
        0x2590 => fill(&mut bitmap, w / 2..w, 0..h),
        0x2591..=0x2593 => {
            // Light, medium, dark shade: 1, 2 or 3 pixels of every 4.
            let level = code - 0x2590;
            for y in 0..h {
                for x in 0..w {
                    let phase = (x + 2 * (y % 2)) % 4;
                    if phase < level {
                        set(&mut bitmap, x, y);
                    }
                }
            }
        }
        0x2594 => fill(&mut bitmap, 0..w, 0..2),
        0x2595 => fill(&mut bitmap, w - 1..w, 0..h),
        _ => {
            // Quadrants: upper-left, upper-right, lower-left, lower-right.
            let quadrants: [bool; 4] = match code {
                0x2596 => [false, false, true, false],
                0x2597 => [false, false, false, true],
                0x2598 => [true, false, false, false],
                0x2599 => [true, false, true, true],
                0x259a => [true, false, false, true],
                0x259b => [true, true, true, false],
                0x259c => [true, true, false, true],
                0x259d => [false, true, false, false],
                0x259e => [false, true, true, false],
                _ => [false, true, true, true],
            };
            let (hw, hh) = (w / 2, h / 2);
            let areas = [(0..hw, 0..hh), (hw..w, 0..hh), (0..hw, hh..h), (hw..w, hh..h)];
            for (on, (xs, ys)) in quadrants.into_iter().zip(areas) {
                if on {
                    fill(&mut bitmap, xs, ys);
                }
            }
        }
    }
    bitmap
}

fn braille(code: u32) -> Bitmap {
    let mut bitmap = [0; 16];
    let dots = code - 0x2800;
    // Dot n (bit n-1) at (column, row) of the 2x4 braille grid.
    const POSITIONS: [(u32, u32); 8] =
        [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)];
    for (bit, (column, row)) in POSITIONS.into_iter().enumerate() {
        if dots & (1 << bit) != 0 {
            let (x, y) = (1 + 4 * column, 1 + 4 * row);
            fill(&mut bitmap, x..x + 2, y..y + 2);
        }
    }
    bitmap
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixels(glyph: Glyph) -> u32 {
        match glyph {
            Glyph::Bitmap(bitmap) => bitmap.iter().map(|row| row.count_ones()).sum(),
            _ => 0,
        }
    }

    #[test]
    fn known_symbols_have_bitmaps() {
        for symbol in
            ["A", "z", "~", "é", "·", "─", "│", "┌", "╭", "═", "█", "░", "⠋", "•", "✕", "▲", "“"]
        {
            assert!(pixels(glyph(symbol, 1)) > 0, "{symbol}");
        }
        assert_eq!(glyph(" ", 1), Glyph::Blank);
        assert_eq!(glyph("", 1), Glyph::Blank);
    }

    fn wide_pixels(glyph: Glyph) -> u32 {
        match glyph {
            Glyph::Wide(rows) => rows.iter().map(|row| row.count_ones()).sum(),
            other => panic!("not wide: {other:?}"),
        }
    }

    #[test]
    fn cjk_hangul_and_emoji_are_drawn_across_two_cells() {
        for symbol in ["中", "漢", "한", "\u{1F600}", "\u{1F980}", "ア"] {
            assert!(wide_pixels(glyph(symbol, 2)) > 20, "{symbol}");
        }
        // Distinct characters, distinct drawings.
        assert_ne!(glyph("中", 2), glyph("文", 2));
    }

    #[test]
    fn scripts_and_symbols_beyond_latin_1_are_drawn() {
        for symbol in ["Ж", "α", "→", "\u{2603}", "€", "ŋ"] {
            assert!(pixels(glyph(symbol, 1)) > 0, "{symbol}");
        }
    }

    #[test]
    fn only_characters_no_font_has_are_hollow_boxes() {
        assert_eq!(glyph("\u{e000}", 1), Glyph::Unknown { cells: 1 });
        assert_eq!(glyph("\u{f0000}", 2), Glyph::Unknown { cells: 2 });
    }

    #[test]
    fn a_wide_drawing_in_one_cell_is_squeezed_and_a_narrow_one_in_two_centred() {
        // U+2764 HEAVY BLACK HEART: Unifont draws it 16 wide, a terminal
        // gives it one cell.
        assert!(matches!(lookup('\u{2764}'), Some(UniGlyph::Wide(_))));
        assert!(pixels(glyph("\u{2764}", 1)) > 0, "squeezed into one cell");
        let Glyph::Wide(rows) = glyph("Ж", 2) else { panic!("two cells") };
        assert!(rows.iter().all(|row| row & 0b1111 == 0 && row >> 12 == 0), "centred");
    }

    #[test]
    fn combining_marks_are_drawn_over_their_base_and_sequences_by_their_first() {
        let plain = pixels(glyph("e", 1));
        let accented = pixels(glyph("e\u{301}", 1));
        assert!(accented > plain, "the acute accent is drawn over the e");
        assert_eq!(glyph("\u{1F44D}\u{1F3FD}", 2), glyph("\u{1F44D}", 2), "skin tone");
        assert_eq!(glyph("\u{2764}\u{fe0f}", 2), glyph("\u{2764}", 2), "variation selector");
        assert_eq!(
            glyph("\u{1F468}\u{200d}\u{1F469}\u{200d}\u{1F467}", 2),
            glyph("\u{1F468}", 2),
            "a joined sequence"
        );
    }

    #[test]
    fn box_lines_reach_the_edges_so_borders_join() {
        let Glyph::Bitmap(horizontal) = glyph("─", 1) else { panic!() };
        assert_eq!(horizontal[7], 0xff);
        let Glyph::Bitmap(vertical) = glyph("│", 1) else { panic!() };
        assert!(vertical.iter().all(|row| row & (1 << 3) != 0));
        assert_eq!(pixels(glyph("█", 1)), 128);
        // ╔: the outer lines turn at (1,5), the inner ones at (5,9); nothing crosses.
        let Glyph::Bitmap(corner) = glyph("╔", 1) else { panic!() };
        let on = |x: u32, y: usize| corner[y] & (1 << x) != 0;
        assert!(on(1, 5) && on(1, 15) && on(7, 5) && on(5, 9) && on(7, 9) && on(5, 15));
        assert!(!on(1, 4) && !on(0, 5) && !on(5, 8) && !on(4, 9));
        assert_eq!(pixels(glyph("\u{28ff}", 1)), 32);
    }
}
