//! The golden readers against hostile input (issue 16): sizes over the
//! cell limit fail before anything is allocated, and a bad golden is a
//! clear error naming its file, never an abort.

use std::fs;

use ratatui::layout::Rect;
use rehearse::artifacts::{Baseline, Format, Screen, SnapshotMode, png};
use rehearse::engine::MAX_SCREEN_CELLS;
use rehearse::prelude::*;

/// A fresh temporary directory, removed when the returned guard drops.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("rehearse-test-").tempdir().expect("a temporary directory")
}

/// A 35-byte styled golden whose header says `65535x65535`.
fn huge_styled() -> String {
    let golden = "screen 65535x65535 cursor 0,0\n0| \"\"".to_owned();
    assert_eq!(golden.len(), 35);
    golden
}

/// A cells snapshot declaring 65535x4096 cells with 4096 empty rows.
fn huge_cells() -> String {
    let rows = vec!["[]"; 4096].join(",\n");
    format!("{{\"cols\":65535,\"rows\":4096,\"grid\":[\n{rows}\n]}}\n")
}

/// The CRC-32 of a PNG chunk's type and data.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend(u32::try_from(data.len()).unwrap().to_be_bytes());
    let start = out.len();
    out.extend(kind);
    out.extend(data);
    let crc = crc32(&out[start..]);
    out.extend(crc.to_be_bytes());
}

/// A 65-byte PNG whose header declares 16777216x16777216 RGB pixels.
fn huge_png() -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let side = 16_777_216u32.to_be_bytes();
    let header = [&side[..], &side[..], &[8, 2, 0, 0, 0]].concat();
    chunk(&mut out, b"IHDR", &header);
    // A zlib stream that starts and stops at once.
    chunk(&mut out, b"IDAT", &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
    chunk(&mut out, b"IEND", &[]);
    assert_eq!(out.len(), 65);
    out
}

#[test]
fn declared_sizes_over_the_limit_fail_before_allocating() {
    let error = Screen::parse_styled(&huge_styled()).unwrap_err();
    assert_eq!(error.line, 1);
    assert_eq!(
        error.message,
        "declared size: a 65535x65535 screen is 4294836225 cells, more than the limit of 1048576 cells (MAX_SCREEN_CELLS, docs/limits.md)"
    );
    let error = Screen::parse_cells(&huge_cells()).unwrap_err();
    assert_eq!(error.line, 1);
    assert!(error.message.contains("a 65535x4096 screen is 268431360 cells"), "{error}");
    let error = Screen::parse_text("", 65535, 65535).unwrap_err();
    assert!(error.message.contains("more than the limit of 1048576 cells"), "{error}");
    let error = png::decode(&huge_png()).unwrap_err();
    assert!(error.contains("declares 16777216x16777216 pixels; the limit is"), "{error}");
    assert_eq!(MAX_SCREEN_CELLS, 1 << 20);
}

#[test]
fn declared_sizes_within_the_limit_are_checked_against_the_content() {
    // No rows for a full-size header: refused before the screen exists.
    let error = Screen::parse_styled("screen 1024x1024 cursor hidden\n0| \"\"\n").unwrap_err();
    assert_eq!(error.message, "1 rows for a screen of 1024");
    // Empty rows: the first one fails, nothing more is built.
    let rows = vec!["[]"; 1024].join(",\n");
    let json = format!("{{\"cols\":1024,\"rows\":1024,\"grid\":[\n{rows}\n]}}\n");
    let error = Screen::parse_cells(&json).unwrap_err();
    assert_eq!(
        (error.line, error.message.as_str()),
        (2, "row 0: runs add up to 0 cells, not 1024")
    );
    // The largest screen reads back.
    let rows = vec!["[{\"n\":1024,\"ch\":\" \"}]"; 1024].join(",\n");
    let json = format!("{{\"cols\":1024,\"rows\":1024,\"grid\":[\n{rows}\n]}}\n");
    let screen = Screen::parse_cells(&json).unwrap();
    assert_eq!((screen.cols(), screen.rows()), (1024, 1024));
    // A PNG of a real size within the limit decodes.
    let small = Screen::parse_text("hi\n", 4, 1).unwrap();
    let image = png::decode(&png::encode(&small)).unwrap();
    assert_eq!((image.width, image.height), (32, 16));
}

struct Hello;

impl Component for Hello {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.draw_with(Rect::new(0, 0, 5, 1), |area, buf| {
            buf.set_string(area.x, area.y, "hello", ratatui::style::Style::new());
        });
    }
}

#[test]
fn a_hostile_golden_fails_the_checkpoint_naming_its_file() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().to_path_buf();
    let cases: [(Format, Vec<u8>, &str); 3] = [
        (Format::Styled, huge_styled().into_bytes(), "a 65535x65535 screen is 4294836225 cells"),
        (Format::Cells, huge_cells().into_bytes(), "a 65535x4096 screen is 268431360 cells"),
        (Format::Png, huge_png(), "declares 16777216x16777216 pixels"),
    ];
    for (format, bytes, why) in cases {
        let golden = dir.join(format.file_name("start"));
        fs::write(&golden, bytes).unwrap();
        let baseline =
            Baseline::with_mode(&dir, SnapshotMode::Compare).formats([format]).stop_at_first(true);
        let mut session = Session::new(Hello, SessionOptions::default().viewport(8, 2));
        baseline.attach(&mut session);
        let error = session.step(AutomationStep::checkpoint("start")).unwrap_err();
        let AutomationError::BaselineMismatch { golden: named, diff, .. } = &error.error else {
            panic!("{error}")
        };
        assert_eq!(named, &golden);
        assert!(diff.contains(why), "{format}: {diff}");
        assert!(error.to_string().contains(&golden.display().to_string()), "{error}");
        baseline.finish().unwrap();
        fs::remove_file(&golden).unwrap();
    }
    let _ = fs::remove_dir_all(&dir);
}
