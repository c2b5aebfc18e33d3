//! The closed sets of `rehearse/1` other than error codes: message types,
//! snapshot formats and server roles. A value outside a set is an error in
//! both directions; growing a set is a breaking change (`rehearse/2`) unless
//! the new value is used only behind a capability that introduces it (as
//! `pty-stop` and `pty-start` are, behind `pty-restart`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A request type, and the `op` of the `ok` reply that answers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Op {
    /// Negotiate capabilities.
    Hello,
    /// Ask for a sign of life and the current generation.
    Ping,
    /// Run steps written in the one script grammar.
    Act,
    /// Take a snapshot in one format.
    Snapshot,
    /// Wait until a condition holds.
    WaitFor,
    /// Wait until the session is idle.
    Idle,
    /// Read the app's model-plane projection.
    State,
    /// Change the viewport.
    Resize,
    /// Commit a checkpoint and return its artifacts.
    Checkpoint,
    /// Cancel another request by its id.
    Cancel,
    /// Close the session.
    Close,
    /// Stop a host's program; the session, its socket and its discovery file
    /// stay (behind the capability `pty-restart`).
    PtyStop,
    /// Start a host's stopped program again, at the current size (behind the
    /// capability `pty-restart`).
    PtyStart,
}

impl Op {
    /// Every request type, in the order of the catalogue in `docs/protocol.md`.
    pub const ALL: [Op; 13] = [
        Op::Hello,
        Op::Ping,
        Op::Act,
        Op::Snapshot,
        Op::WaitFor,
        Op::Idle,
        Op::State,
        Op::Resize,
        Op::Checkpoint,
        Op::Cancel,
        Op::Close,
        Op::PtyStop,
        Op::PtyStart,
    ];

    /// The type's spelling on the wire, such as `wait-for`.
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Hello => "hello",
            Op::Ping => "ping",
            Op::Act => "act",
            Op::Snapshot => "snapshot",
            Op::WaitFor => "wait-for",
            Op::Idle => "idle",
            Op::State => "state",
            Op::Resize => "resize",
            Op::Checkpoint => "checkpoint",
            Op::Cancel => "cancel",
            Op::Close => "close",
            Op::PtyStop => "pty-stop",
            Op::PtyStart => "pty-start",
        }
    }

    /// The type spelled `name`, if `rehearse/1` has it.
    pub fn from_name(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.as_str() == name)
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The format of a snapshot or of a checkpoint's artifact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SnapshotFormat {
    /// The semantic tree as JSON (sensitive values redacted).
    Json,
    /// The semantic tree as Markdown (sensitive values redacted).
    Markdown,
    /// The screen's text.
    Text,
    /// The screen's cells with their styles, as JSON.
    Cells,
    /// The rendered frame as a PNG (not redacted: it shows what a person sees).
    Png,
    /// The terminal-state golden of a program run in a PTY.
    Terminal,
}

impl SnapshotFormat {
    /// Every format.
    pub const ALL: [SnapshotFormat; 6] = [
        SnapshotFormat::Json,
        SnapshotFormat::Markdown,
        SnapshotFormat::Text,
        SnapshotFormat::Cells,
        SnapshotFormat::Png,
        SnapshotFormat::Terminal,
    ];

    /// The format's spelling on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            SnapshotFormat::Json => "json",
            SnapshotFormat::Markdown => "markdown",
            SnapshotFormat::Text => "text",
            SnapshotFormat::Cells => "cells",
            SnapshotFormat::Png => "png",
            SnapshotFormat::Terminal => "terminal",
        }
    }

    /// The capability a connection must have negotiated to ask for this format.
    pub fn capability(self) -> Option<&'static str> {
        match self {
            SnapshotFormat::Png => Some(crate::capability::known::SNAPSHOT_PNG),
            SnapshotFormat::Terminal => Some(crate::capability::known::TERMINAL),
            _ => None,
        }
    }
}

/// What kind of server answers: it is announced in the `hello` reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ServerRole {
    /// A rehearse app serving its own session.
    App,
    /// The background host of a program run in a PTY (`rehearse open`).
    Host,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ops_spell_as_serde_does() {
        for op in Op::ALL {
            assert_eq!(serde_json::to_string(&op).unwrap(), format!("\"{op}\""));
            assert_eq!(Op::from_name(op.as_str()), Some(op));
        }
        assert_eq!(Op::from_name("teleport"), None);
    }

    #[test]
    fn formats_spell_as_serde_does() {
        for format in SnapshotFormat::ALL {
            assert_eq!(serde_json::to_string(&format).unwrap(), format!("\"{}\"", format.as_str()));
        }
        assert!(serde_json::from_str::<SnapshotFormat>("\"gif\"").is_err());
        assert!(serde_json::from_str::<ServerRole>("\"daemon\"").is_err());
    }
}
