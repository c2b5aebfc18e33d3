//! Encoding a committed generation into one artifact format, in memory.

use super::screen::Screen;
use crate::CommittedFrame;
use crate::error::AutomationError;
use crate::format::Format;

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
/// rendered buffer and cursor, exactly as the user sees them.
///
/// # Errors
///
/// [`AutomationError::UnsupportedFormat`] for a format this build lacks.
pub fn encode(format: Format, frame: &CommittedFrame) -> Result<Artifact, AutomationError> {
    let mut artifacts = encode_all(&[format], frame)?;
    Ok(artifacts.pop().expect("one format, one artifact"))
}

/// Encodes every format of `formats` for `frame`, checking first that the
/// build has all of them, so nothing is encoded (or written) for a set
/// with a missing format.
///
/// # Errors
///
/// [`AutomationError::UnsupportedFormat`] for the first missing format.
pub fn encode_all(
    formats: &[Format],
    frame: &CommittedFrame,
) -> Result<Vec<Artifact>, AutomationError> {
    for format in formats {
        ensure_available(*format)?;
    }
    let screen = Screen::from_frame(frame);
    formats
        .iter()
        .map(|&format| {
            let bytes = match format {
                Format::Json => frame.tree.to_json().into_bytes(),
                Format::Markdown => frame.tree.to_markdown().into_bytes(),
                visual => encode_screen(visual, &screen)?,
            };
            Ok(Artifact { format, bytes })
        })
        .collect()
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
