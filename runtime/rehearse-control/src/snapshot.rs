//! A snapshot's bytes in a wire format: exactly what the local encoders
//! write to a file (sensitive values redacted in the semantic formats).

use rehearse_core::artifacts::{Format, encode};
use rehearse_protocol::{
    ErrorCode, WireError,
    message::{Artifact, Bytes, Extra},
    vocabulary::SnapshotFormat,
};

use crate::served::Served;

/// The local format a wire format is, when it is one.
fn local(format: SnapshotFormat) -> Option<Format> {
    match format {
        SnapshotFormat::Json => Some(Format::Json),
        SnapshotFormat::Markdown => Some(Format::Markdown),
        SnapshotFormat::Text => Some(Format::Text),
        SnapshotFormat::Cells => Some(Format::Cells),
        SnapshotFormat::Png => Some(Format::Png),
        _ => None,
    }
}

/// The committed generation of `served` in `format`.
pub(crate) fn bytes<S: Served + ?Sized>(
    served: &S,
    format: SnapshotFormat,
) -> Result<Vec<u8>, WireError> {
    let semantic = matches!(format, SnapshotFormat::Json | SnapshotFormat::Markdown);
    if semantic && !served.semantic() {
        return Err(WireError::new(
            ErrorCode::UnsupportedCapability,
            format!(
                "`{}` needs a semantic tree, which a program in a PTY does not publish; use text, cells or terminal",
                format.as_str()
            ),
        ));
    }
    if format == SnapshotFormat::Terminal {
        return served.terminal_golden().map(String::into_bytes).ok_or_else(|| {
            WireError::new(ErrorCode::UnsupportedCapability, "this server has no terminal")
        });
    }
    let Some(local) = local(format) else {
        return Err(WireError::new(
            ErrorCode::UnsupportedCapability,
            format!("this server cannot encode `{}`", format.as_str()),
        ));
    };
    encode(local, served.plane().committed())
        .map(|artifact| artifact.bytes)
        .map_err(|error| WireError::new(ErrorCode::Internal, error.to_string()))
}

/// The artifacts a `checkpoint` reply carries: every format this server
/// makes for the connection, each under its plain file name.
pub(crate) fn checkpoint<S: Served + ?Sized>(
    served: &S,
    name: &str,
    png: bool,
) -> Result<Vec<Artifact>, WireError> {
    let mut formats = Vec::new();
    if served.semantic() {
        formats.extend([SnapshotFormat::Json, SnapshotFormat::Markdown]);
    }
    formats.extend([SnapshotFormat::Text, SnapshotFormat::Cells]);
    if png && Format::Png.is_available() {
        formats.push(SnapshotFormat::Png);
    }
    if served.terminal_golden().is_some() {
        formats.push(SnapshotFormat::Terminal);
    }
    formats
        .into_iter()
        .map(|format| {
            let file = match local(format) {
                Some(local) => local.file_name(name),
                None => format!("{name}.terminal.txt"),
            };
            Ok(Artifact {
                file,
                format,
                data: Bytes::from(bytes(served, format)?),
                extra: Extra::new(),
            })
        })
        .collect()
}
