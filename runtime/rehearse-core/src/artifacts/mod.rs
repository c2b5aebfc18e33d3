//! Artifacts: what a checkpoint commits as evidence, and golden baselines.
//!
//! A checkpoint (`checkpoint:name`) hands its committed generation to the
//! session's [checkpoint sinks](crate::CheckpointSink). This module is the
//! closed set of sinks and the formats they write:
//!
//! - [`Artifacts`] writes files — semantic [`Format::Json`] and
//!   [`Format::Markdown`] (redacted), [`Format::Text`], [`Format::Styled`],
//!   [`Format::Cells`] and [`Format::Png`] (what the user sees) — each
//!   encoded in memory and renamed atomically into place;
//! - [`Recorder`] records every commit as an asciicast v2 frame with a
//!   marker at each checkpoint;
//! - [`Baseline`] compares checkpoints with committed goldens
//!   (`REHEARSE_SNAPSHOT=compare|update`), with a closed manifest that
//!   rejects missing and stale goldens.
//!
//! Around them: [`Screen`] (a lossless copy of a rendered frame, with the
//! parsers back). The drivers that run whole sessions for artifacts — a
//! pure headless render of `(app factory, size, key script)` and one
//! scenario replayed at several viewports — belong to the engine plane and
//! sit beside these in `rehearse::artifacts`.
//!
//! Semantic JSON and Markdown never hold masked or sensitive values. Text,
//! styled text, cells, PNG and recordings show what the user sees and are
//! not redacted: they can contain sensitive text an app renders unmasked,
//! so treat them as sensitive data. See `docs/artifacts.md`.

mod ansi;
mod atomic;
mod baseline;
mod cells;
mod check;
mod diff;
mod encode;
mod pending;
#[cfg(feature = "png")]
pub mod png;
mod recording;
mod screen;
mod sink;
mod style;
mod styled;

pub use crate::colors::color_name;
pub use crate::format::{Format, UnknownFormat, pending_path};
pub use crate::theme::{ThemeRule, ThemeViolation, theme_violations};
pub use ansi::paint as ansi;
pub use atomic::write_atomic;
pub use baseline::{Baseline, BaselineSink, SnapshotMode};
pub use cells::CellsSnapshot;
pub use check::{Check, Checks};
pub use diff::{lines as line_diff, screens as screen_diff};
pub use encode::{Artifact, encode, encode_all, encode_screen, ensure_available};
pub use pending::{Comparison, PendingGolden, find_pending};
pub use recording::Recorder;
pub use screen::{
    CONTROL_REPLACEMENT, FormatError, Screen, ScreenCell, TextSnapshot, visible_symbol,
};
pub use sink::Artifacts;
pub use style::{CellStyle, modifier_names, parse_color, parse_modifier, style_color};
pub use styled::{StyleSpan, StyledSnapshot};
