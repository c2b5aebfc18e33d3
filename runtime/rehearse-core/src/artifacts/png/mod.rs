//! PNG: a deterministic rasterization of a [`Screen`] with bitmap fonts
//! shipped in the build (8x16 pixels a cell, 16x16 a wide glyph: the crate's
//! own font, then GNU Unifont for every other character), the fixed palette, bold, dim, italic,
//! underline, crossed-out, reverse, hidden and a block cursor.
//!
//! The same screen gives the same bytes on every machine: no system fonts,
//! no theme, no timestamps or other ancillary chunks, one fixed encoder
//! setting (indexed colour when the image has at most 256 colours, else
//! RGB; no filter; `fdeflate` compression). Blinking is not animated.

mod font;
pub mod glyphs;
pub mod palette;
mod unifont;

use ratatui::buffer::CellWidth;
use ratatui::style::{Color, Modifier};

use self::glyphs::{CELL_HEIGHT, CELL_WIDTH, Glyph, WideBitmap, glyph};
use self::palette::{DEFAULT_BG, DEFAULT_FG, Rgb, blend, rgb};
use super::screen::{Screen, ScreenCell};

/// An RGB image, row-major, 3 bytes a pixel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The pixels.
    pub rgb: Vec<u8>,
}

impl Image {
    /// The pixel at `x`, `y`.
    pub fn pixel(&self, x: u32, y: u32) -> Rgb {
        let at = ((y * self.width + x) * 3) as usize;
        [self.rgb[at], self.rgb[at + 1], self.rgb[at + 2]]
    }

    fn fill(&mut self, x0: u32, y0: u32, width: u32, height: u32, color: Rgb) {
        for y in y0..(y0 + height).min(self.height) {
            for x in x0..(x0 + width).min(self.width) {
                let at = ((y * self.width + x) * 3) as usize;
                self.rgb[at..at + 3].copy_from_slice(&color);
            }
        }
    }
}

/// Draws `screen`: 8x16 pixels a cell.
pub fn rasterize(screen: &Screen) -> Image {
    let (cols, rows) = (u32::from(screen.cols()), u32::from(screen.rows()));
    let mut image = Image {
        width: cols * CELL_WIDTH,
        height: rows * CELL_HEIGHT,
        rgb: vec![0; (cols * CELL_WIDTH * rows * CELL_HEIGHT * 3) as usize],
    };
    for row in 0..screen.rows() {
        let continuations = screen.continuations(row);
        let cells = || (0..screen.cols()).zip(screen.row(row));
        let y = u32::from(row) * CELL_HEIGHT;
        let colors_at = |col: u16, cell: &ScreenCell| {
            let cursor = screen.cursor() == Some((col, row));
            colors(cell.style.fg, cell.style.bg, cell.style.modifier, cursor)
        };
        // Every background first: a wide glyph's right half is drawn over
        // the cell after it, which keeps its own background.
        for (col, cell) in cells() {
            let (_, bg) = colors_at(col, cell);
            image.fill(u32::from(col) * CELL_WIDTH, y, CELL_WIDTH, CELL_HEIGHT, bg);
        }
        for (col, cell) in cells() {
            if continuations[usize::from(col)] {
                continue;
            }
            let (fg, _) = colors_at(col, cell);
            let x = u32::from(col) * CELL_WIDTH;
            let modifier = cell.style.modifier;
            if !modifier.contains(Modifier::HIDDEN) {
                let width = cell.symbol.as_str().cell_width();
                draw_glyph(&mut image, x, y, glyph(&cell.symbol, width), modifier, fg);
            }
            let line_color = if cell.style.underline == Color::Reset {
                fg
            } else {
                rgb(cell.style.underline, DEFAULT_FG)
            };
            if modifier.contains(Modifier::UNDERLINED) {
                image.fill(x, y + CELL_HEIGHT - 2, CELL_WIDTH, 1, line_color);
            }
            if modifier.contains(Modifier::CROSSED_OUT) {
                image.fill(x, y + CELL_HEIGHT / 2, CELL_WIDTH, 1, fg);
            }
        }
    }
    image
}

/// The foreground and background a cell shows: reverse swaps them, dim
/// blends the foreground halfway into the background, the cursor (a
/// block) inverts the cell once more.
fn colors(fg: Color, bg: Color, modifier: Modifier, cursor: bool) -> (Rgb, Rgb) {
    let (mut fg, mut bg) = (rgb(fg, DEFAULT_FG), rgb(bg, DEFAULT_BG));
    if modifier.contains(Modifier::REVERSED) {
        std::mem::swap(&mut fg, &mut bg);
    }
    if modifier.contains(Modifier::DIM) {
        fg = blend(fg, bg);
    }
    if cursor {
        std::mem::swap(&mut fg, &mut bg);
    }
    (fg, bg)
}

fn draw_glyph(image: &mut Image, x: u32, y: u32, glyph: Glyph, modifier: Modifier, fg: Rgb) {
    match glyph {
        Glyph::Blank => {}
        Glyph::Bitmap(bitmap) => {
            let bitmap = style_bitmap(bitmap.map(u16::from), modifier);
            draw_bits(image, x, y, &bitmap, CELL_WIDTH, fg);
        }
        Glyph::Wide(bitmap) => {
            let bitmap = style_bitmap(bitmap, modifier);
            draw_bits(image, x, y, &bitmap, 2 * CELL_WIDTH, fg);
        }
        Glyph::Unknown { cells } => {
            let width = CELL_WIDTH * u32::from(cells);
            let (left, top, right, bottom) = (x + 1, y + 2, x + width - 2, y + CELL_HEIGHT - 3);
            image.fill(left, top, right - left + 1, 1, fg);
            image.fill(left, bottom, right - left + 1, 1, fg);
            image.fill(left, top, 1, bottom - top + 1, fg);
            image.fill(right, top, 1, bottom - top + 1, fg);
        }
    }
}

fn draw_bits(image: &mut Image, x: u32, y: u32, rows: &WideBitmap, width: u32, fg: Rgb) {
    for (dy, bits) in (0..).zip(rows) {
        for dx in 0..width {
            if bits & (1 << dx) != 0 {
                image.fill(x + dx, y + dy, 1, 1, fg);
            }
        }
    }
}

/// Bold smears each row one pixel right; italic slants the upper third
/// one pixel right. A one-cell bitmap arrives widened to 16 bits, so what
/// shifts past its cell is drawn in none (only its 8 columns are drawn).
fn style_bitmap(mut bitmap: WideBitmap, modifier: Modifier) -> WideBitmap {
    if modifier.contains(Modifier::ITALIC) {
        for row in &mut bitmap[..6] {
            *row <<= 1;
        }
    }
    if modifier.contains(Modifier::BOLD) {
        for row in &mut bitmap {
            *row |= *row << 1;
        }
    }
    bitmap
}

/// Encodes `screen` as PNG bytes; the same screen always gives the same
/// bytes.
pub fn encode(screen: &Screen) -> Vec<u8> {
    encode_image(&rasterize(screen))
}

/// Encodes an image with the fixed settings.
pub fn encode_image(image: &Image) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut out, image.width, image.height);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_deflate_compression(::png::DeflateCompression::FdeflateUltraFast);
    encoder.set_filter(::png::Filter::NoFilter);
    let data = match indexed(image) {
        Some((palette, indices)) => {
            encoder.set_color(::png::ColorType::Indexed);
            encoder.set_palette(palette);
            indices
        }
        None => {
            encoder.set_color(::png::ColorType::Rgb);
            image.rgb.clone()
        }
    };
    let mut writer = encoder.write_header().expect("a PNG header always writes to memory");
    writer.write_image_data(&data).expect("the image data matches the header");
    writer.finish().expect("a PNG always finishes in memory");
    out
}

/// The image as a palette (colours in order of first appearance) and one
/// index a pixel, when it has at most 256 colours.
fn indexed(image: &Image) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut palette: Vec<Rgb> = Vec::new();
    let mut indices = Vec::with_capacity(image.rgb.len() / 3);
    let mut last: Option<(Rgb, u8)> = None;
    for pixel in image.rgb.chunks_exact(3) {
        let pixel = [pixel[0], pixel[1], pixel[2]];
        let index = match last {
            Some((color, index)) if color == pixel => index,
            _ => {
                let index = match palette.iter().position(|&color| color == pixel) {
                    Some(index) => index,
                    None if palette.len() < 256 => {
                        palette.push(pixel);
                        palette.len() - 1
                    }
                    None => return None,
                };
                let index = u8::try_from(index).expect("at most 256 colours");
                last = Some((pixel, index));
                index
            }
        };
        indices.push(index);
    }
    Some((palette.concat(), indices))
}

/// The most bytes [`decode`] allocates for an image: the pixels of a
/// screen of [`MAX_SCREEN_CELLS`](crate::MAX_SCREEN_CELLS) cells of 8x16
/// pixels, 4 bytes a pixel (512 MiB). It is also the `png` decoder's own
/// memory limit.
pub const MAX_DECODE_BYTES: usize =
    crate::MAX_SCREEN_CELLS as usize * (CELL_WIDTH * CELL_HEIGHT) as usize * 4;

/// Decodes a PNG into RGB pixels (for comparisons and tests).
///
/// The header is checked before the pixels are allocated: an image of more
/// pixels than [`MAX_SCREEN_CELLS`](crate::MAX_SCREEN_CELLS) cells of 8x16,
/// or one needing more than [`MAX_DECODE_BYTES`], is refused.
///
/// # Errors
///
/// A message when the bytes are not a PNG this module can read, or declare
/// an image over the limit.
pub fn decode(bytes: &[u8]) -> Result<Image, String> {
    let limits = ::png::Limits { bytes: MAX_DECODE_BYTES };
    let mut decoder = ::png::Decoder::new_with_limits(std::io::Cursor::new(bytes), limits);
    decoder.set_transformations(::png::Transformations::EXPAND);
    let mut reader = decoder.read_info().map_err(|error| error.to_string())?;
    let (width, height) = (reader.info().width, reader.info().height);
    let pixels = u64::from(width) * u64::from(height);
    let max_pixels = u64::from(crate::MAX_SCREEN_CELLS) * u64::from(CELL_WIDTH * CELL_HEIGHT);
    let size = reader.output_buffer_size().filter(|&size| size <= MAX_DECODE_BYTES);
    let size = match size {
        Some(size) if pixels <= max_pixels => size,
        _ => {
            return Err(format!(
                "the header declares {width}x{height} pixels; the limit is {max_pixels} pixels ({} cells of {CELL_WIDTH}x{CELL_HEIGHT}, MAX_SCREEN_CELLS) and {MAX_DECODE_BYTES} bytes decoded (docs/limits.md)",
                crate::MAX_SCREEN_CELLS
            ));
        }
    };
    let mut buffer = vec![0; size];
    let info = reader.next_frame(&mut buffer).map_err(|error| error.to_string())?;
    let rgb = match info.color_type {
        ::png::ColorType::Rgb => buffer[..info.buffer_size()].to_vec(),
        ::png::ColorType::Rgba => buffer[..info.buffer_size()]
            .chunks_exact(4)
            .flat_map(|px| [px[0], px[1], px[2]])
            .collect(),
        other => return Err(format!("unexpected colour type {other:?}")),
    };
    Ok(Image { width: info.width, height: info.height, rgb })
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    use super::*;

    #[test]
    fn colours_modifiers_and_cursor_are_drawn() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 4, 1));
        buf.set_string(0, 0, "█", Style::new().fg(Color::Rgb(10, 20, 30)));
        buf.set_string(1, 0, " ", Style::new().bg(Color::Blue));
        buf.set_string(2, 0, " ", Style::new().bg(Color::Blue).add_modifier(Modifier::REVERSED));
        let screen = Screen::from_buffer(&buf).with_cursor(Some((3, 0)));
        let image = rasterize(&screen);
        assert_eq!((image.width, image.height), (32, 16));
        assert_eq!(image.pixel(3, 8), [10, 20, 30]);
        assert_eq!(image.pixel(12, 8), [0, 0, 0xee]);
        assert_eq!(
            image.pixel(20, 8),
            DEFAULT_FG,
            "reversed: the default fg becomes the background"
        );
        assert_eq!(image.pixel(28, 8), DEFAULT_FG, "the cursor inverts its cell");
    }

    #[test]
    fn encoding_is_deterministic_and_decodes_back() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 10, 2));
        buf.set_string(
            0,
            0,
            "Hi ┌─┐ 中",
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
        );
        let screen = Screen::from_buffer(&buf);
        let bytes = encode(&screen);
        assert_eq!(bytes, encode(&screen.clone()));
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(decode(&bytes).unwrap(), rasterize(&screen));
    }
}
