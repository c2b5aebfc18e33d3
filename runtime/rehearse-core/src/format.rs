//! `Format`: the closed set of checkpoint file formats, each with the one
//! file extension it is ever written under.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A checkpoint artifact format.
///
/// The set is closed and every format has exactly one extension, so a file's
/// name always says what is inside: Markdown is never written under a
/// `.png` or `.json` name.
///
/// | format | extension | what |
/// |---|---|---|
/// | [`Json`](Self::Json) | `.json` | the semantic tree, redacted |
/// | [`Markdown`](Self::Markdown) | `.md` | the semantic tree, redacted |
/// | [`Text`](Self::Text) | `.txt` | the glyph grid, one line per row |
/// | [`Styled`](Self::Styled) | `.styled.txt` | the glyph grid plus per-row style spans |
/// | [`Cells`](Self::Cells) | `.cells.json` | run-length cells with their true style |
/// | [`Png`](Self::Png) | `.png` | a deterministic rasterization (cargo feature `png`) |
/// | [`Terminal`](Self::Terminal) | `.terminal.txt` | the terminal-state golden (terminal plane only) |
/// | [`Scrollback`](Self::Scrollback) | `.scrollback.txt` | the lines scrolled off the top (terminal plane only) |
///
/// The last two come from the program's terminal, not from the rendered
/// grid: only a plane holding a program in a terminal has them (see
/// [`needs_terminal`](Self::needs_terminal)).
///
/// Recordings (`.cast`) are not a per-checkpoint format: see
/// [`Recorder`](crate::artifacts::Recorder).
///
/// ```
/// use rehearse::artifacts::Format;
/// assert_eq!(Format::Cells.extension(), "cells.json");
/// assert_eq!("markdown".parse::<Format>().unwrap(), Format::Markdown);
/// assert_eq!(Format::Terminal.file_name("done"), "done.terminal.txt");
/// assert!("gif".parse::<Format>().unwrap_err().to_string().contains("json, markdown, text, styled, cells, png, terminal, scrollback"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// The semantic tree as JSON (`docs/semantics.md`), sensitive values redacted.
    Json,
    /// The semantic tree as Markdown, sensitive values redacted.
    Markdown,
    /// The glyph grid: one line per row, trailing blanks trimmed.
    Text,
    /// The reviewable styled-text golden: the grid plus style spans per row.
    Styled,
    /// Run-length encoded cells with colours and modifiers.
    Cells,
    /// A PNG rasterization with the crate's bitmap font.
    Png,
    /// The terminal-state golden of a program in a PTY (seed 003): size,
    /// active buffer, viewport, lifecycle, title, cursor, each row with its
    /// wrap mark and its style runs apart from the text. A typed secret
    /// reads `<redacted>`. Only the terminal plane produces it.
    Terminal,
    /// The lines a program scrolled off the top of its main screen, oldest
    /// first, one a line (an empty file when none). A typed secret reads
    /// `<redacted>`. Only the terminal plane produces it.
    Scrollback,
}

impl Format {
    /// Every format, in a fixed order.
    pub const ALL: [Format; 8] = [
        Format::Json,
        Format::Markdown,
        Format::Text,
        Format::Styled,
        Format::Cells,
        Format::Png,
        Format::Terminal,
        Format::Scrollback,
    ];

    /// The formats every plane can write: those that need no semantic tree
    /// and no terminal.
    pub const SCREEN: [Format; 4] = [Format::Text, Format::Styled, Format::Cells, Format::Png];

    /// The format's name, as [`FromStr`] accepts it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Json => "json",
            Self::Markdown => "markdown",
            Self::Text => "text",
            Self::Styled => "styled",
            Self::Cells => "cells",
            Self::Png => "png",
            Self::Terminal => "terminal",
            Self::Scrollback => "scrollback",
        }
    }

    /// The file extension, without the leading dot. The only extension a
    /// file of this format is ever written under.
    pub const fn extension(self) -> &'static str {
        match self {
            Self::Json => "json",
            Self::Markdown => "md",
            Self::Text => "txt",
            Self::Styled => "styled.txt",
            Self::Cells => "cells.json",
            Self::Png => "png",
            Self::Terminal => "terminal.txt",
            Self::Scrollback => "scrollback.txt",
        }
    }

    /// The file name of checkpoint `name` in this format.
    pub fn file_name(self, name: &str) -> String {
        format!("{name}.{}", self.extension())
    }

    /// Whether this build can encode the format (PNG needs the `png` feature).
    pub const fn is_available(self) -> bool {
        !matches!(self, Self::Png) || cfg!(feature = "png")
    }

    /// Whether the format comes from a program's terminal (its emulator's
    /// state, its scrollback) rather than from the rendered grid or the
    /// semantic tree: only a plane holding a program in a terminal (the
    /// terminal plane) can produce it, and a checkpoint elsewhere fails
    /// naming the plane and the formats it has.
    pub const fn needs_terminal(self) -> bool {
        matches!(self, Self::Terminal | Self::Scrollback)
    }

    /// Whether the artifact is text (diffed line by line) rather than pixels.
    pub const fn is_text(self) -> bool {
        !matches!(self, Self::Png)
    }

    /// Whether the artifact shows what the user sees (pixels, glyphs) rather
    /// than the redacted semantic tree. Such artifacts are not redacted and
    /// may contain sensitive text the app renders unmasked.
    pub const fn is_visual(self) -> bool {
        !matches!(self, Self::Json | Self::Markdown)
    }

    /// The format a file name's extension stands for, longest extension
    /// first (`a.cells.json` is cells, `a.json` semantic JSON).
    pub fn of_file_name(file_name: &str) -> Option<(Format, &str)> {
        let mut by_length = Self::ALL;
        by_length.sort_by_key(|format| std::cmp::Reverse(format.extension().len()));
        by_length.into_iter().find_map(|format| {
            let stem = file_name.strip_suffix(format.extension())?.strip_suffix('.')?;
            (!stem.is_empty()).then_some((format, stem))
        })
    }
}

/// Where the actual output of a golden that did not match is kept for
/// review: the golden's path with `.new` added (`done.styled.txt.new`).
pub fn pending_path(golden: &Path) -> PathBuf {
    let mut name = golden.file_name().unwrap_or_default().to_os_string();
    name.push(".new");
    golden.with_file_name(name)
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not a format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown artifact format `{name}`; the formats are json, markdown, text, styled, cells, png, terminal, scrollback"
)]
pub struct UnknownFormat {
    /// The name as given.
    pub name: String,
}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        let lowered = name.to_ascii_lowercase();
        let found = match lowered.as_str() {
            "md" => Some(Self::Markdown),
            "txt" => Some(Self::Text),
            other => Self::ALL.into_iter().find(|format| format.name() == other),
        };
        found.ok_or_else(|| UnknownFormat { name: name.to_owned() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_are_distinct_and_map_back() {
        for format in Format::ALL {
            let file = format.file_name("after-save.v2");
            assert_eq!(Format::of_file_name(&file), Some((format, "after-save.v2")), "{file}");
            assert_eq!(format.name().parse::<Format>().unwrap(), format);
        }
        assert_eq!(Format::of_file_name("notes"), None);
        assert_eq!(Format::of_file_name(".json"), None);
        assert_eq!(Format::of_file_name("a.terminal.txt"), Some((Format::Terminal, "a")));
        assert_eq!(Format::of_file_name("a.scrollback.txt"), Some((Format::Scrollback, "a")));
        assert!(
            Format::ALL
                .iter()
                .filter(|format| format.needs_terminal())
                .eq(&[Format::Terminal, Format::Scrollback])
        );
    }
}
