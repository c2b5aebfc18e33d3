//! Encoding a committed generation into one artifact format, in memory.

use super::screen::Screen;
use crate::CommittedFrame;
use crate::error::AutomationError;
use crate::format::Format;
use crate::redact::TypedSecrets;

/// One encoded artifact: its format and bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Artifact {
    /// The format.
    pub format: Format,
    /// The encoded bytes.
    pub bytes: Vec<u8>,
}

/// Encodes `frame` as `format`.
///
/// Semantic formats come from the redacted tree; visual formats from the
/// rendered buffer and cursor, exactly as the user sees them; the terminal
/// formats from the frame's [`terminal`](CommittedFrame::terminal) state.
///
/// # Errors
///
/// [`AutomationError::UnsupportedFormat`] for a format this build lacks.
pub fn encode(format: Format, frame: &CommittedFrame) -> Result<Artifact, AutomationError> {
    let mut artifacts = encode_all(&[format], frame)?;
    Ok(artifacts.pop().expect("one format, one artifact"))
}

/// Encodes every format of `formats` for `frame`, checking first that the
/// build has all of them and that the frame holds what each needs, so
/// nothing is encoded (or written) for a set with a missing format.
///
/// # Errors
///
/// [`AutomationError::UnsupportedFormat`] for the first missing format;
/// [`AutomationError::NotAvailable`] for a terminal format
/// ([`Format::needs_terminal`]) of a frame without
/// [`terminal`](CommittedFrame::terminal) state.
pub fn encode_all(
    formats: &[Format],
    frame: &CommittedFrame,
) -> Result<Vec<Artifact>, AutomationError> {
    for format in formats {
        ensure_available(*format)?;
        if format.needs_terminal() {
            terminal_text(*format, frame)?;
        }
    }
    let screen = Screen::from_frame(frame);
    formats
        .iter()
        .map(|&format| {
            let bytes = match format {
                Format::Json => frame.tree.to_json().into_bytes(),
                Format::Markdown => frame.tree.to_markdown().into_bytes(),
                Format::Terminal | Format::Scrollback => terminal_text(format, frame)?,
                visual => encode_screen(visual, &screen)?,
            };
            Ok(Artifact { format, bytes })
        })
        .collect()
}

/// `frame` with what was typed as a secret masked in its cells (the frame
/// itself when nothing was): what every format but PNG shows.
pub(crate) fn hiding_secrets<'a>(
    frame: &'a CommittedFrame,
    secrets: Option<&TypedSecrets>,
) -> std::borrow::Cow<'a, CommittedFrame> {
    match secrets.filter(|secrets| !secrets.is_empty()) {
        None => std::borrow::Cow::Borrowed(frame),
        Some(secrets) => {
            let mut hidden = frame.clone();
            secrets.redact_cells(&mut hidden.buffer);
            std::borrow::Cow::Owned(hidden)
        }
    }
}

/// [`encode_all`] of `hidden` ([`hiding_secrets`] of `frame`) in every
/// format but PNG, which shows `frame`'s pixels as they were (the terminal
/// state and the scrollback arrive already hidden).
pub(crate) fn encode_all_hiding(
    formats: &[Format],
    frame: &CommittedFrame,
    hidden: &CommittedFrame,
) -> Result<Vec<Artifact>, AutomationError> {
    if std::ptr::eq(frame, hidden) {
        return encode_all(formats, frame);
    }
    // Every format is checked before any is encoded, as encode_all does.
    for format in formats {
        ensure_available(*format)?;
    }
    formats
        .iter()
        .map(|&format| encode(format, if format == Format::Png { frame } else { hidden }))
        .collect()
}

/// The terminal-state golden or the scrollback of `frame`.
fn terminal_text(format: Format, frame: &CommittedFrame) -> Result<Vec<u8>, AutomationError> {
    frame
        .terminal
        .as_deref()
        .and_then(|state| state.text(format))
        .map(|text| text.as_bytes().to_vec())
        .ok_or_else(|| no_terminal_state(format))
}

/// Why a frame without terminal state has no `format`.
pub(crate) fn no_terminal_state(format: Format) -> AutomationError {
    AutomationError::NotAvailable {
        what: format.name().to_owned(),
        reason: "this frame holds no terminal state: only the terminal plane (a program in a PTY) has one, and it keeps it in the frames of the checkpoints of a session whose sinks write a terminal format; the formats of any plane's screen are text, styled, cells and png".to_owned(),
    }
}

/// Encodes a screen in a visual format.
///
/// # Errors
///
/// [`AutomationError::UnsupportedFormat`] for a semantic format (a screen
/// has no semantic tree) or one this build lacks.
pub fn encode_screen(format: Format, screen: &Screen) -> Result<Vec<u8>, AutomationError> {
    ensure_available(format)?;
    match format {
        Format::Text => Ok(screen.text().to_string().into_bytes()),
        Format::Styled => Ok(screen.styled().to_string().into_bytes()),
        Format::Cells => Ok(screen.cells().to_string().into_bytes()),
        Format::Png => png_bytes(screen),
        Format::Json | Format::Markdown => Err(AutomationError::UnsupportedFormat {
            format: format.name().to_owned(),
            reason: "a screen has no semantic tree; encode the committed frame instead".to_owned(),
        }),
        Format::Terminal | Format::Scrollback => Err(no_terminal_state(format)),
    }
}

#[cfg(feature = "png")]
fn png_bytes(screen: &Screen) -> Result<Vec<u8>, AutomationError> {
    Ok(super::png::encode(screen))
}

#[cfg(not(feature = "png"))]
fn png_bytes(_: &Screen) -> Result<Vec<u8>, AutomationError> {
    ensure_available(Format::Png).map(|()| Vec::new())
}

/// `Ok` when this build can encode `format`.
///
/// # Errors
///
/// [`AutomationError::UnsupportedFormat`] naming the cargo feature to enable.
pub fn ensure_available(format: Format) -> Result<(), AutomationError> {
    if format.is_available() {
        Ok(())
    } else {
        Err(AutomationError::UnsupportedFormat {
            format: format.name().to_owned(),
            reason: "this build of rehearse has no PNG encoder; enable the `png` cargo feature (on by default)".to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use ratatui::buffer::Buffer;
    use ratatui::layout::{Rect, Size};

    use super::*;
    use crate::TerminalState;
    use crate::semantic::{Bounds, Generation, SemanticNode, SemanticTree};
    use rehearse_lang::SemanticRole;

    fn frame() -> CommittedFrame {
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 4, 1));
        let tree = SemanticTree::new(Generation(1), Size::new(4, 1), root);
        CommittedFrame::new(
            Generation(1),
            Size::new(4, 1),
            tree,
            Buffer::empty(Rect::new(0, 0, 4, 1)),
        )
    }

    #[test]
    fn the_terminal_formats_are_the_frames_terminal_state() {
        let mut frame = frame();
        // Without terminal state nothing is encoded, the screen formats included.
        let error = encode_all(&[Format::Text, Format::Terminal], &frame).unwrap_err();
        assert!(matches!(error, AutomationError::NotAvailable { .. }), "{error}");
        assert!(error.to_string().contains("only the terminal plane"), "{error}");
        frame.terminal = Some(Arc::new(TerminalState::new(
            "terminal 4x1 buffer=main viewport=0\n".into(),
            "old\n".into(),
        )));
        let artifacts = encode_all(&[Format::Terminal, Format::Scrollback], &frame).unwrap();
        assert_eq!(artifacts[0].bytes, b"terminal 4x1 buffer=main viewport=0\n");
        assert_eq!(artifacts[1].bytes, b"old\n");
        // A screen alone has no terminal state.
        let screen = Screen::from_frame(&frame);
        assert!(encode_screen(Format::Scrollback, &screen).is_err());
    }
}
