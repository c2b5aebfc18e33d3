//! PNG (with the `png` feature): the same bytes every time, true colours and
//! the cursor.

use rehearse::artifacts::png::{decode, encode, rasterize};
use rehearse::artifacts::{Format, Screen};

use crate::support::frame_after_fill;

fn hash(bytes: &[u8]) -> u64 {
    // FNV-1a: a stable hash, the same on every machine.
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
    })
}

#[test]
fn png_bytes_are_the_same_twice_and_across_sessions() {
    let first = rehearse::artifacts::encode(Format::Png, &frame_after_fill()).unwrap().bytes;
    let again = rehearse::artifacts::encode(Format::Png, &frame_after_fill()).unwrap().bytes;
    assert_eq!(hash(&first), hash(&again));
    assert_eq!(first, again);
    let screen = Screen::from_frame(&frame_after_fill());
    assert_eq!(encode(&screen), first);
    let image = decode(&first).unwrap();
    assert_eq!((image.width, image.height), (40 * 8, 12 * 16));
    assert_eq!(image, rasterize(&screen));
}

#[test]
fn png_shows_true_colours_and_the_cursor() {
    let frame = frame_after_fill();
    let screen = Screen::from_frame(&frame);
    let image = rasterize(&screen);
    // Row 7: "中文" in #12abef, then " idx " on xterm colour 17.
    let on_row = |col: u32, color: [u8; 3]| {
        (0..8).any(|dx| (0..16).any(|dy| image.pixel(col * 8 + dx, 7 * 16 + dy) == color))
    };
    assert!(on_row(0, [0x12, 0xab, 0xef]), "the wide glyph's box in its colour");
    assert!(on_row(4, [0x00, 0x00, 0x5f]), "indexed colour 17 as background");
    let (col, row) = screen.cursor().unwrap();
    let cursor_bg = image.pixel(u32::from(col) * 8, u32::from(row) * 16);
    assert_eq!(cursor_bg, rehearse::artifacts::png::palette::DEFAULT_FG, "a block cursor");
}
