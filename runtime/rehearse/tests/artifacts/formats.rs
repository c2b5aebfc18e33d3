//! Screen formats: every one round-trips a real frame, and control
//! characters an app draws show as replacement characters in all of them.

use ratatui::layout::Rect;
use rehearse::artifacts::encode;
use rehearse::artifacts::{Format, Screen};
use rehearse::engine::Checkpoint;
use rehearse::engine::CheckpointSink;
use rehearse::prelude::*;

use crate::support::frame_after_fill;

// ---------------------------------------------------------------- formats

#[test]
fn every_screen_format_round_trips_a_real_frame() {
    let frame = frame_after_fill();
    let screen = Screen::from_frame(&frame);
    assert!(screen.cursor().is_some(), "the focused field shows the cursor");
    assert_eq!(screen.to_buffer(), frame.buffer, "lossless for the buffer");
    assert_eq!(Screen::parse_cells(&screen.cells().to_string()).unwrap(), screen);
    assert_eq!(Screen::parse_styled(&screen.styled().to_string()).unwrap(), screen);
    let text = screen.text().to_string();
    let from_text = Screen::parse_text(&text, screen.cols(), screen.rows()).unwrap();
    assert_eq!(from_text.text().to_string(), text, "lossless for layout");
    assert_eq!(text.lines().count(), 12);
    let line = text.lines().nth(7).unwrap();
    assert_eq!(line, "中文 idx ul", "a wide glyph's trailing cell is not a glyph");
    let styled = screen.styled().to_string();
    // ratatui resets a wide glyph's trailing cell, style included: the spans say so.
    assert!(styled.contains("style 0-1 fg=#12abef\n      style 2-3 fg=#12abef\n"), "{styled}");
    assert!(styled.contains("style 4-9 bg=idx17 italic"), "{styled}");
    assert!(styled.contains("style 9-11 ul=red underlined"), "{styled}");
    let cells = screen.cells().to_string();
    assert!(
        cells.contains("{\"n\":1,\"ch\":\"中\",\"fg\":\"#12abef\"},{\"n\":1,\"ch\":\"\"},"),
        "{cells}"
    );
}

/// Draws control characters straight into cells, past ratatui's filters.
struct Bell {
    symbol: &'static str,
}

impl Component for Bell {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let symbol = self.symbol;
        ui.draw_with(Rect::new(0, 0, 6, 1), move |area, buf| {
            buf[(area.x, area.y)].set_symbol("a");
            buf[(area.x + 1, area.y)].set_symbol(symbol);
            buf[(area.x + 2, area.y)].set_symbol("b");
        });
    }
}

/// A sink that encodes every visual format of each checkpoint in memory.
struct EncodeAll;

impl CheckpointSink for EncodeAll {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        // PNG where this build has it (`--no-default-features` has not).
        let visual = [Format::Text, Format::Styled, Format::Cells, Format::Png];
        let available: Vec<Format> =
            visual.into_iter().filter(|format| format.is_available()).collect();
        rehearse::artifacts::encode_all(&available, checkpoint.frame).map(drop)
    }
}

#[test]
fn control_characters_an_app_draws_are_shown_as_replacement_characters() {
    for symbol in ["\x07", "\x1b", "\x7f", "\u{9b}", "x\ty", "\n"] {
        let mut session = Session::new(Bell { symbol }, SessionOptions::default().viewport(6, 2));
        session.add_checkpoint_sink(EncodeAll);
        session.step(AutomationStep::checkpoint("bell")).expect("the step does not panic");
        // The committed buffer holds what the app drew; every artifact shows
        // the replacement character.
        assert_eq!(session.buffer()[(1, 0)].symbol(), symbol);
        let screen = Screen::from_frame(session.frame());
        assert_eq!(screen.row_text(0), "a\u{fffd}b", "{symbol:?}");
        let text = encode(Format::Text, session.frame()).unwrap().bytes;
        assert_eq!(String::from_utf8(text).unwrap(), "a\u{fffd}b\n\n");
        for (format, shown) in
            [(Format::Styled, "a\u{fffd}b"), (Format::Cells, "\"ch\":\"\u{fffd}\"")]
        {
            let bytes = encode(format, session.frame()).unwrap().bytes;
            assert!(String::from_utf8(bytes).unwrap().contains(shown), "{format}");
        }
        if Format::Png.is_available() {
            encode(Format::Png, session.frame()).expect("rasterizes");
        }
        let cells = screen.cells().to_string();
        assert_eq!(Screen::parse_cells(&cells).unwrap(), screen, "{symbol:?}");
        assert_eq!(Screen::parse_styled(&screen.styled().to_string()).unwrap(), screen);
    }
}
