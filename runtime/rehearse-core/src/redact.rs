//! What a plane typed as a secret (`type:${secret.NAME}`), and how a screen
//! shown in an error, a report or a trace hides it.
//!
//! A plane that types into a program cannot mark what the program echoes:
//! `cat` prints the secret back, a form shows it in a field. The plane does
//! know what it typed, so it keeps the values in [`TypedSecrets`] and passes
//! every screen it *shows* — a wait timeout's screen, a tree in a
//! diagnostic, a step of a trace — through it: in text each occurrence reads
//! [`REDACTED`], in cells each cell it covers reads [`MASK`], and in a tree a
//! name holding one reads `<redacted>` where it was, a public value holding
//! one becomes `sensitive` (its text dropped). Pixels and recordings keep
//! their own documented rule (they show what the screen showed).
//!
//! A secret is found wherever it appears whole, also where the screen
//! wrapped it: in text a line break may fall between any two of its
//! characters, in cells it may run on from the end of one row to the start
//! of the next. A line break the secret itself holds (typed as Enter) is
//! not looked for, only its other characters.
//!
//! ```
//! use rehearse_core::{TypedSecrets, REDACTED};
//! let mut typed = TypedSecrets::new();
//! typed.add("hunter2");
//! assert_eq!(typed.redact_text("$ cat\nhunter2\nhunter2"), "$ cat\n<redacted>\n<redacted>");
//! // Wrapped at the screen's edge, it is still found.
//! assert_eq!(typed.redact_text("pw: hunt\ner2 ok"), "pw: <redacted>\n<redacted> ok");
//! assert_eq!(REDACTED, "<redacted>");
//! ```

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use ratatui::buffer::Buffer;

use crate::semantic::{SemanticNode, SemanticTree};

/// What replaces a typed secret in a screen's text.
pub const REDACTED: &str = "<redacted>";

/// What each cell of a typed secret shows in a redacted screen's cells (a
/// grid keeps its shape, so the cells are masked one by one).
pub const MASK: &str = "*";

/// The values a plane typed as secrets. Its `Debug` says how many, never
/// what.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct TypedSecrets {
    /// Each secret's characters without line breaks, longest first.
    secrets: Vec<Vec<char>>,
}

impl fmt::Debug for TypedSecrets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypedSecrets({} typed)", self.secrets.len())
    }
}

impl TypedSecrets {
    /// None typed yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Remembers `secret` as typed (an empty one, or one typed before,
    /// changes nothing).
    pub fn add(&mut self, secret: &str) {
        let chars: Vec<char> = secret.chars().filter(|c| !matches!(c, '\n' | '\r')).collect();
        if chars.is_empty() || self.secrets.contains(&chars) {
            return;
        }
        self.secrets.push(chars);
        // Longest first: a secret inside another is hidden with it.
        self.secrets.sort_by_key(|secret| std::cmp::Reverse(secret.len()));
    }

    /// Whether nothing was typed as a secret (every redaction is then a
    /// no-op that allocates nothing).
    pub fn is_empty(&self) -> bool {
        self.secrets.is_empty()
    }

    /// How many different secrets were typed.
    pub fn len(&self) -> usize {
        self.secrets.len()
    }

    /// The byte ranges of `text` that spell a typed secret, in order and
    /// apart; a range may hold line breaks the screen wrapped it at (never
    /// one at its start or end). For a plane that keeps its own map of where
    /// each character of a text sits.
    pub fn find(&self, text: &str) -> Vec<Range<usize>> {
        if self.is_empty() {
            return Vec::new();
        }
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let mut found = Vec::new();
        let mut at = 0;
        while at < chars.len() {
            match self.secrets.iter().find_map(|secret| match_at(&chars, at, secret)) {
                Some(end) => {
                    let end_byte = chars.get(end).map_or(text.len(), |(byte, _)| *byte);
                    found.push(chars[at].0..end_byte);
                    at = end;
                }
                None => at += 1,
            }
        }
        found
    }

    /// `text` (a screen's text, its rows separated by line breaks) with
    /// every typed secret replaced by [`REDACTED`] — each piece of one the
    /// screen wrapped, on its own row.
    pub fn redact_text<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let found = self.find(text);
        if found.is_empty() {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len());
        let mut from = 0;
        for range in found {
            out.push_str(&text[from..range.start]);
            // Each run between the line breaks it wrapped at; the breaks stay.
            let mut in_run = false;
            for character in text[range.clone()].chars() {
                if matches!(character, '\n' | '\r') {
                    out.push(character);
                    in_run = false;
                } else if !in_run {
                    out.push_str(REDACTED);
                    in_run = true;
                }
            }
            from = range.end;
        }
        out.push_str(&text[from..]);
        Cow::Owned(out)
    }

    /// Masks, in `buffer`, every cell of a typed secret with [`MASK`]: the
    /// cells are read in rows, a row running on into the next, so a secret
    /// the screen wrapped is found too. Styles are kept. Returns how many
    /// cells were masked.
    pub fn redact_cells(&self, buffer: &mut Buffer) -> usize {
        if self.is_empty() {
            return 0;
        }
        // Each cell's characters, in order (a wide glyph's trailing cells
        // hold nothing and are passed over).
        let chars: Vec<(usize, char)> = buffer
            .content
            .iter()
            .enumerate()
            .flat_map(|(index, cell)| cell.symbol().chars().map(move |c| (index, c)))
            .collect();
        let mut masked = 0;
        let mut at = 0;
        while at < chars.len() {
            let found = self.secrets.iter().find_map(|secret| {
                let end = at + secret.len();
                (end <= chars.len()
                    && chars[at..end].iter().map(|(_, c)| *c).eq(secret.iter().copied()))
                .then_some(end)
            });
            match found {
                Some(end) => {
                    let mut last = None;
                    for &(cell, _) in &chars[at..end] {
                        if last != Some(cell) {
                            buffer.content[cell].set_symbol(MASK);
                            masked += 1;
                            last = Some(cell);
                        }
                    }
                    at = end;
                }
                None => at += 1,
            }
        }
        masked
    }

    /// Hides typed secrets in `tree`: a name holding one reads
    /// [`REDACTED`] where it was; a public value holding one becomes
    /// `sensitive`, so its text is dropped and every output marks it
    /// redacted. Returns whether anything changed.
    pub fn redact_tree(&self, tree: &mut SemanticTree) -> bool {
        !self.is_empty() && self.redact_node(&mut tree.root)
    }

    fn redact_node(&self, node: &mut SemanticNode) -> bool {
        let mut changed = false;
        if let Cow::Owned(name) = self.redact_text(&node.name) {
            node.name = name;
            changed = true;
        }
        if let Some(value) = &node.value
            && value.text().is_some_and(|text| !self.find(text).is_empty())
        {
            let value = node.value.take().expect("it has a value");
            node.value = Some(value.with_sensitivity(rehearse_lang::Sensitivity::Sensitive));
            changed = true;
        }
        for child in &mut node.children {
            changed |= self.redact_node(child);
        }
        changed
    }
}

/// Where `secret` spelled from `chars[at]` on ends (exclusive index), line
/// breaks between its characters passed over; `None` when it is not there.
fn match_at(chars: &[(usize, char)], at: usize, secret: &[char]) -> Option<usize> {
    let mut index = at;
    for (position, &want) in secret.iter().enumerate() {
        if position > 0 {
            while chars.get(index).is_some_and(|(_, c)| matches!(c, '\n' | '\r')) {
                index += 1;
            }
        }
        if chars.get(index).map(|(_, c)| *c) != Some(want) {
            return None;
        }
        index += 1;
    }
    Some(index)
}

#[cfg(test)]
mod tests {
    use ratatui::layout::{Rect, Size};
    use rehearse_lang::{SemanticRole, Sensitivity};

    use super::*;
    use crate::semantic::{Bounds, Generation, SemanticValue};

    fn typed(secrets: &[&str]) -> TypedSecrets {
        let mut typed = TypedSecrets::new();
        for secret in secrets {
            typed.add(secret);
        }
        typed
    }

    #[test]
    fn text_hides_every_occurrence_and_keeps_the_rows() {
        let typed = typed(&["s3cr3t", "s3cr3t-longer"]);
        assert_eq!(
            typed.redact_text("a s3cr3t b s3cr3t-longer\ns3cr3t"),
            "a <redacted> b <redacted>\n<redacted>"
        );
        assert!(matches!(typed.redact_text("nothing here"), Cow::Borrowed(_)));
        assert_eq!(typed.redact_text("s3c\nr3t!"), "<redacted>\n<redacted>!");
        // A break before or after it is no part of it.
        assert_eq!(typed.redact_text("x\ns3cr3t\ny"), "x\n<redacted>\ny");
        assert!(!format!("{typed:?}").contains("s3cr3t"), "{typed:?}");
        assert_eq!(TypedSecrets::new().redact_text("s3cr3t"), "s3cr3t");
    }

    #[test]
    fn a_secret_typed_with_enter_is_found_across_its_rows() {
        let typed = typed(&["top\nsecret"]);
        assert_eq!(typed.redact_text("$ top\r\nsecret"), "$ <redacted>\r\n<redacted>");
        assert!(typed.find("topsecret").len() == 1);
    }

    #[test]
    fn cells_are_masked_where_the_secret_runs_on_across_rows() {
        let typed = typed(&["hunter2"]);
        let mut buffer = Buffer::empty(Rect::new(0, 0, 5, 3));
        buffer.set_string(0, 0, "ab hu", ratatui::style::Style::new().bold());
        buffer.set_string(0, 1, "nter2", ratatui::style::Style::new());
        buffer.set_string(0, 2, "hunt.", ratatui::style::Style::new());
        assert_eq!(typed.redact_cells(&mut buffer), 7);
        let rows: Vec<String> =
            (0..3).map(|y| (0..5).map(|x| buffer[(x, y)].symbol().to_owned()).collect()).collect();
        assert_eq!(rows, ["ab **", "*****", "hunt."]);
        assert!(buffer[(3, 0)].modifier.contains(ratatui::style::Modifier::BOLD), "style kept");
    }

    #[test]
    fn a_tree_hides_names_and_values_holding_a_secret() {
        let typed = typed(&["hunter2"]);
        let field = SemanticNode::new(SemanticRole::TextBox, Bounds::new(0, 0, 10, 1))
            .with_name("echo hunter2")
            .with_value(SemanticValue::public("pw=hunter2"));
        let other =
            SemanticNode::new(SemanticRole::Text, Bounds::new(0, 1, 10, 1)).with_name("fine");
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 10, 2))
            .with_child(field)
            .with_child(other);
        let mut tree = SemanticTree::new(Generation(1), Size::new(10, 2), root);
        assert!(typed.redact_tree(&mut tree));
        let field = &tree.root.children[0];
        assert_eq!(field.name, "echo <redacted>");
        let value = field.value.as_ref().unwrap();
        assert_eq!((value.text(), value.sensitivity()), (None, Sensitivity::Sensitive));
        assert_eq!(tree.root.children[1].name, "fine");
        assert!(!tree.to_json().contains("hunter2"));
        assert!(!typed.redact_tree(&mut tree), "nothing more to hide");
    }
}
