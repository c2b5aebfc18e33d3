//! Pending goldens: the actual output a comparison kept beside a golden it
//! did not match (`NAME.FORMAT.new`), found under a directory, compared
//! with its golden for review, and accepted (it becomes the golden) or
//! rejected (it is deleted).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use ratatui::text::Line;

use super::screen::Screen;
use crate::format::Format;
use crate::semantic::SemanticTree;

/// The suffix of a pending file.
const SUFFIX: &str = ".new";

/// Directories a search for pending goldens does not enter: build output
/// and hidden directories (`.git`).
fn skipped(name: &str) -> bool {
    name.starts_with('.') || name == "target"
}

/// A golden with a pending file beside it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PendingGolden {
    /// The golden (which may not exist yet).
    pub golden: PathBuf,
    /// The pending file: the golden's path with `.new` added.
    pub pending: PathBuf,
    /// The golden's format, from its extension.
    pub format: Format,
}

/// Every pending golden under `path` (a directory, searched recursively
/// past `target/` and hidden directories; or one pending file or golden),
/// sorted by path.
///
/// # Errors
///
/// What reading a directory fails with (a path that does not exist among
/// them).
pub fn find_pending(path: &Path) -> io::Result<Vec<PendingGolden>> {
    let mut found = Vec::new();
    let metadata = fs::metadata(path)?;
    if metadata.is_dir() {
        walk(path, &mut found)?;
    } else if let Some(pending) = PendingGolden::of_file(path) {
        found.push(pending);
    } else if let Some(pending) =
        PendingGolden::of_file(&crate::format::pending_path(path)).filter(|p| p.pending.is_file())
    {
        found.push(pending);
    }
    found.sort();
    Ok(found)
}

fn walk(dir: &Path, found: &mut Vec<PendingGolden>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let path = entry.path();
        if kind.is_dir() {
            if !skipped(&entry.file_name().to_string_lossy()) {
                walk(&path, found)?;
            }
        } else if kind.is_file()
            && let Some(pending) = PendingGolden::of_file(&path)
        {
            found.push(pending);
        }
    }
    Ok(())
}

/// What a review shows of a pending golden beside its golden.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Comparison {
    /// A screen format (text, styled, cells): both screens, and the cells
    /// that differ (`[col, row]` in the actual screen's grid; every cell
    /// when the sizes differ or there is no golden).
    Screens {
        /// The golden's screen, when there is a golden and it reads.
        golden: Option<Screen>,
        /// The actual screen.
        actual: Screen,
        /// The cells that differ.
        changed: Vec<(u16, u16)>,
    },
    /// A semantic tree (JSON or Markdown) as its Markdown outline, one node
    /// a line, for a line-by-line tree diff.
    Tree {
        /// The golden's outline (empty when there is none).
        golden: String,
        /// The actual outline.
        actual: String,
    },
    /// A text that is no screen grid — the terminal-state golden, the
    /// scrollback — for a line-by-line text diff.
    Text {
        /// The golden's text (empty when there is none).
        golden: String,
        /// The actual text.
        actual: String,
    },
    /// A PNG: sizes and the region where pixels differ.
    Image {
        /// The golden's size in pixels, when it decodes.
        golden: Option<(u32, u32)>,
        /// The actual size.
        actual: (u32, u32),
        /// The smallest rectangle `(x, y, width, height)` holding every
        /// differing pixel, when the sizes are equal.
        region: Option<(u32, u32, u32, u32)>,
        /// How many pixels differ (when the sizes are equal).
        differing: u64,
    },
    /// The files cannot be read as their format: why.
    Unreadable(String),
}

impl PendingGolden {
    /// The pending golden `path` names (a file ending `.FORMAT-EXT.new`).
    pub fn of_file(path: &Path) -> Option<Self> {
        let name = path.file_name()?.to_str()?;
        let golden_name = name.strip_suffix(SUFFIX)?;
        let (format, _) = Format::of_file_name(golden_name)?;
        Some(Self { golden: path.with_file_name(golden_name), pending: path.to_path_buf(), format })
    }

    /// Accepts the pending output: it replaces the golden (renamed over it,
    /// atomically).
    ///
    /// # Errors
    ///
    /// What the rename fails with.
    pub fn accept(&self) -> io::Result<()> {
        fs::rename(&self.pending, &self.golden)
    }

    /// Rejects the pending output: it is deleted and the golden stays.
    ///
    /// # Errors
    ///
    /// What the removal fails with.
    pub fn reject(&self) -> io::Result<()> {
        fs::remove_file(&self.pending)
    }

    /// The golden and the pending output compared, for review.
    pub fn compare(&self) -> Comparison {
        let actual = match fs::read(&self.pending) {
            Ok(bytes) => bytes,
            Err(error) => {
                return Comparison::Unreadable(format!("{}: {error}", self.pending.display()));
            }
        };
        let golden = fs::read(&self.golden).ok();
        match self.format {
            Format::Text | Format::Styled | Format::Cells => {
                screens(self.format, golden.as_deref(), &actual)
            }
            Format::Json | Format::Markdown => Comparison::Tree {
                golden: golden.map(|golden| outline(self.format, &golden)).unwrap_or_default(),
                actual: outline(self.format, &actual),
            },
            Format::Png => image(golden.as_deref(), &actual),
            Format::Terminal | Format::Scrollback => Comparison::Text {
                golden: golden
                    .map(|golden| String::from_utf8_lossy(&golden).into_owned())
                    .unwrap_or_default(),
                actual: String::from_utf8_lossy(&actual).into_owned(),
            },
        }
    }
}

fn read_screen(format: Format, bytes: &[u8]) -> Result<Screen, String> {
    let text = std::str::from_utf8(bytes).map_err(|error| error.to_string())?;
    let parsed = match format {
        Format::Styled => Screen::parse_styled(text),
        Format::Cells => Screen::parse_cells(text),
        _ => {
            let rows = u16::try_from(text.split_terminator('\n').count()).unwrap_or(u16::MAX);
            let cols = text
                .split_terminator('\n')
                .map(|line| u16::try_from(Line::raw(line).width()).unwrap_or(u16::MAX))
                .max()
                .unwrap_or(0)
                .max(1);
            Screen::parse_text(text, cols, rows.max(1))
        }
    };
    parsed.map_err(|error| error.to_string())
}

fn screens(format: Format, golden: Option<&[u8]>, actual: &[u8]) -> Comparison {
    let actual = match read_screen(format, actual) {
        Ok(screen) => screen,
        Err(error) => {
            return Comparison::Unreadable(format!("the pending file does not read: {error}"));
        }
    };
    let golden = golden.and_then(|golden| read_screen(format, golden).ok());
    let mut changed = Vec::new();
    for row in 0..actual.rows() {
        for col in 0..actual.cols() {
            let same = golden.as_ref().is_some_and(|golden| {
                col < golden.cols()
                    && row < golden.rows()
                    && golden.cell(col, row) == actual.cell(col, row)
            });
            if !same {
                changed.push((col, row));
            }
        }
    }
    Comparison::Screens { golden, actual, changed }
}

/// A tree file as its Markdown outline (JSON is read back first).
fn outline(format: Format, bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    match format {
        Format::Json => match SemanticTree::from_json(&text) {
            Ok(tree) => tree.to_markdown(),
            Err(_) => text.into_owned(),
        },
        _ => text.into_owned(),
    }
}

#[cfg(feature = "png")]
fn image(golden: Option<&[u8]>, actual: &[u8]) -> Comparison {
    let actual = match super::png::decode(actual) {
        Ok(image) => image,
        Err(error) => {
            return Comparison::Unreadable(format!("the pending PNG does not decode: {error}"));
        }
    };
    let golden = golden.and_then(|golden| super::png::decode(golden).ok());
    let mut region: Option<(u32, u32, u32, u32)> = None;
    let mut differing = 0u64;
    if let Some(golden) =
        golden.as_ref().filter(|g| (g.width, g.height) == (actual.width, actual.height))
    {
        let (mut left, mut top, mut right, mut bottom) = (u32::MAX, u32::MAX, 0, 0);
        for y in 0..actual.height {
            for x in 0..actual.width {
                if golden.pixel(x, y) != actual.pixel(x, y) {
                    differing += 1;
                    left = left.min(x);
                    top = top.min(y);
                    right = right.max(x + 1);
                    bottom = bottom.max(y + 1);
                }
            }
        }
        if differing > 0 {
            region = Some((left, top, right - left, bottom - top));
        }
    }
    Comparison::Image {
        golden: golden.map(|golden| (golden.width, golden.height)),
        actual: (actual.width, actual.height),
        region,
        differing,
    }
}

#[cfg(not(feature = "png"))]
fn image(_: Option<&[u8]>, _: &[u8]) -> Comparison {
    Comparison::Unreadable("this build reads no PNG (the `png` feature is off)".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pending_files_are_found_compared_accepted_and_rejected() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("goldens");
        fs::create_dir_all(sub.join("target")).unwrap();
        fs::write(sub.join("a.txt"), "ab\ncd\n").unwrap();
        fs::write(sub.join("a.txt.new"), "ab\nxd\n").unwrap();
        fs::write(sub.join("b.md.new"), "- application\n").unwrap();
        fs::write(sub.join("target/c.txt.new"), "skipped\n").unwrap();
        fs::write(sub.join("notes.new"), "not a golden\n").unwrap();
        fs::write(sub.join("t.terminal.txt"), "terminal 4x1 buffer=main viewport=0\n").unwrap();
        fs::write(sub.join("t.terminal.txt.new"), "terminal 4x1 buffer=main viewport=1\n").unwrap();
        let found = find_pending(dir.path()).unwrap();
        let names: Vec<_> =
            found.iter().map(|p| p.pending.file_name().unwrap().to_owned()).collect();
        assert_eq!(names, ["a.txt.new", "b.md.new", "t.terminal.txt.new"]);
        let terminal = found[2].clone();
        assert_eq!(terminal.format, Format::Terminal);
        let Comparison::Text { golden, actual } = terminal.compare() else { panic!() };
        assert!(golden.contains("viewport=0") && actual.contains("viewport=1"));
        terminal.accept().unwrap();
        assert!(fs::read_to_string(sub.join("t.terminal.txt")).unwrap().contains("viewport=1"));
        let Comparison::Screens { changed, .. } = found[0].compare() else { panic!() };
        assert_eq!(changed, vec![(0, 1)]);
        assert_eq!(find_pending(&sub.join("a.txt")).unwrap(), vec![found[0].clone()]);
        found[0].accept().unwrap();
        assert_eq!(fs::read_to_string(sub.join("a.txt")).unwrap(), "ab\nxd\n");
        found[1].reject().unwrap();
        assert!(find_pending(dir.path()).unwrap().is_empty());
    }
}
