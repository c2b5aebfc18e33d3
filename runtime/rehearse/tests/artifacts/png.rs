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

/// A line of every kind of glyph a terminal shows beyond Latin-1: CJK,
/// Hangul, kana, emoji (with a skin tone and a joined family), Cyrillic,
/// Greek, arrows, a combining accent.
fn every_script() -> Screen {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Modifier, Style};
    let mut buf = Buffer::empty(Rect::new(0, 0, 36, 3));
    buf.set_string(0, 0, "漢字 한글 カナ 😀🦀👍🏽", Style::new());
    buf.set_string(0, 1, "Жж αβ → ✓ e\u{301} ☃ ½", Style::new().fg(Color::Yellow));
    buf.set_string(
        0,
        2,
        "中文 bold 👨\u{200d}👩\u{200d}👧",
        Style::new().fg(Color::Rgb(0x12, 0xab, 0xef)).add_modifier(Modifier::BOLD),
    );
    Screen::from_buffer(&buf)
}

#[test]
fn png_draws_cjk_emoji_and_other_scripts_instead_of_hollow_boxes() {
    let screen = every_script();
    let image = rasterize(&screen);
    let cell = |col: u32, row: u32, cells: u32| -> Vec<[u8; 3]> {
        let mut pixels = Vec::new();
        for dy in 0..16 {
            for dx in 0..8 * cells {
                pixels.push(image.pixel(col * 8 + dx, row * 16 + dy));
            }
        }
        pixels
    };
    let lit = |pixels: &[[u8; 3]]| {
        pixels.iter().filter(|&&px| px != rehearse::artifacts::png::palette::DEFAULT_BG).count()
    };
    // 漢 and 字 (cols 0 and 2), 한 (5), 😀 (15): each drawn, each its own.
    let glyphs: Vec<Vec<[u8; 3]>> = [0, 2, 5, 15].iter().map(|&col| cell(col, 0, 2)).collect();
    for (at, pixels) in glyphs.iter().enumerate() {
        assert!(lit(pixels) > 30, "wide glyph {at} is drawn, not a box outline");
        for other in &glyphs[at + 1..] {
            assert_ne!(pixels, other, "two different characters, two drawings");
        }
    }
    // Ж, α, →: narrow glyphs beyond Latin-1, each drawn.
    for col in [0, 3, 6] {
        assert!(lit(&cell(col, 1, 1)) > 8, "narrow glyph at column {col}");
    }
}

#[test]
fn png_of_every_script_is_the_committed_golden_byte_for_byte() {
    let bytes = encode(&every_script());
    assert_eq!(bytes, encode(&every_script()), "the same bytes twice");
    let golden =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/artifacts/every-script.png");
    if std::env::var("REHEARSE_SNAPSHOT").as_deref() == Ok("update") {
        std::fs::write(&golden, &bytes).unwrap();
    }
    let expected = std::fs::read(&golden).unwrap_or_else(|error| {
        panic!("{}: {error} (REHEARSE_SNAPSHOT=update writes it)", golden.display())
    });
    assert!(
        bytes == expected,
        "the PNG differs from {} (same font data, same encoder: it must not); REHEARSE_SNAPSHOT=update rewrites it after a deliberate change",
        golden.display()
    );
}
