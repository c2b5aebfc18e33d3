//! GNU Unifont for every character the crate's own font does not draw: CJK,
//! Hangul, Greek, Cyrillic, symbols, emoji — 8x16 narrow and 16x16 wide
//! bitmaps covering all of Unicode.
//!
//! Provenance and license: the glyphs come from the `unifont-bitmap` crate
//! (MIT OR Apache-2.0), which embeds GNU Unifont 14.0.01 compressed. GNU
//! Unifont is © Roman Czyborra, Paul Hardy, Qianqian Fang, Andrew Miller,
//! Johnnie Weaver, David Corbett, Nils Moskopp, Rebecca Bettencourt et al.,
//! under the SIL Open Font License 1.1 (or GPLv2+ with the font embedding
//! exception); this crate uses it under the OFL, which lets the font be
//! bundled with software under any license. The data is the same on every
//! machine, so the pixels are too.

use std::sync::{Mutex, OnceLock, PoisonError};

use unifont_bitmap::Unifont;

/// A Unifont glyph, bit 0 of each row the leftmost pixel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum UniGlyph {
    /// 8x16.
    Narrow([u8; 16]),
    /// 16x16.
    Wide([u16; 16]),
}

/// The font, its pages decompressed on first use and kept for the process.
fn font() -> &'static Mutex<Unifont> {
    static FONT: OnceLock<Mutex<Unifont>> = OnceLock::new();
    FONT.get_or_init(|| Mutex::new(Unifont::open()))
}

/// Unifont's glyph for `ch`, or `None` when Unifont has none (private use,
/// unassigned code points), where it would stand in the replacement
/// character.
pub(super) fn lookup(ch: char) -> Option<UniGlyph> {
    // A poisoned lock only means another thread panicked while it held the
    // cache; the pages themselves are never left half-written.
    let mut font = font().lock().unwrap_or_else(PoisonError::into_inner);
    let code = u32::from(ch);
    // For a character it lacks, Unifont hands out its replacement
    // character's bitmap: the very same bytes (pages never move once
    // loaded), which is how a lack is told from U+FFFD's own look.
    let replacement = font.load_bitmap(0xfffd).get_bytes().as_ptr();
    let bitmap = font.load_bitmap(code);
    let bytes = bitmap.get_bytes();
    if code != 0xfffd && std::ptr::eq(bytes.as_ptr(), replacement) {
        return None;
    }
    // Unifont's rows are most-significant-bit leftmost; ours least.
    Some(if bitmap.is_wide() {
        let mut rows = [0u16; 16];
        for (row, pair) in rows.iter_mut().zip(bytes.chunks_exact(2)) {
            *row = u16::from_be_bytes([pair[0], pair[1]]).reverse_bits();
        }
        UniGlyph::Wide(rows)
    } else {
        let mut rows = [0u8; 16];
        for (row, byte) in rows.iter_mut().zip(bytes) {
            *row = byte.reverse_bits();
        }
        UniGlyph::Narrow(rows)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cjk_and_emoji_are_wide_latin_extensions_narrow() {
        assert!(matches!(lookup('漢'), Some(UniGlyph::Wide(_))));
        assert!(matches!(lookup('😀'), Some(UniGlyph::Wide(_))));
        assert!(matches!(lookup('Ж'), Some(UniGlyph::Narrow(_))));
        assert!(lookup('\u{fffd}').is_some(), "the replacement character itself");
    }

    #[test]
    fn private_use_and_unassigned_have_no_glyph() {
        assert_eq!(lookup('\u{e000}'), None);
        assert_eq!(lookup('\u{10fffd}'), None);
    }

    #[test]
    fn rows_read_leftmost_pixel_first() {
        // U+258F LEFT ONE EIGHTH BLOCK (the renderer derives its own, but
        // Unifont's shows the orientation): lit at the left, not mirrored.
        let Some(UniGlyph::Narrow(rows)) = lookup('▏') else { panic!("U+258F is narrow") };
        assert!(rows.iter().any(|row| row & 1 != 0), "the left eighth block is at the left");
        assert!(rows.iter().all(|row| row & 0x80 == 0));
    }
}
