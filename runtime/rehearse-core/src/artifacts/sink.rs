//! `Artifacts`: the file sink. Each checkpoint becomes one file per
//! configured format in one directory, each written atomically.

use std::collections::HashMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::atomic::{remove_stale_temps, write_atomic};
use super::check::{Check, Checks};
use super::encode::{Artifact, encode_all_hiding, hiding_secrets};
use crate::error::AutomationError;
use crate::format::Format;
use crate::redact::TypedSecrets;
use crate::{Checkpoint, CheckpointSink, CommittedFrame};

/// Writes checkpoint artifacts into a directory: `{dir}/{name}.{ext}` for
/// each configured format.
///
/// Every artifact is encoded in memory first, then written to a temporary
/// file in the same directory and renamed into place, so a reader never
/// sees a partial file and a failure leaves no temporary file behind. The
/// files of one checkpoint are each atomic, **not** transactional as a
/// group: if the third of four files fails, the first two stay written.
/// A format this build lacks fails with
/// [`AutomationError::UnsupportedFormat`] before any file or directory is
/// created.
///
/// PNG and the visual text formats show what the user sees and are not
/// redacted: treat them as sensitive when an app renders secrets unmasked.
/// What a plane typed as a secret is the exception: a checkpoint carries
/// it ([`Checkpoint::secrets`], which the terminal plane fills) and this
/// sink writes `*` over it in text, styled text and cells; PNG keeps the
/// pixels as drawn.
///
/// ```no_run
/// use rehearse::artifacts::{Artifacts, Format};
/// # use rehearse::prelude::*;
/// # struct App;
/// # impl Component for App { type Message = (); fn update(&mut self, _: (), _: &mut Context<'_, Self>) {} fn view(&self, _: &mut Ui<'_, ()>) {} }
/// let mut session = Session::new(App, SessionOptions::default());
/// session.add_checkpoint_sink(
///     Artifacts::new("target/artifacts").formats([Format::Markdown, Format::Text, Format::Cells]),
/// );
/// session.step(AutomationStep::checkpoint("start")).unwrap(); // target/artifacts/start.md, .txt, .cells.json
/// ```
#[derive(Debug, Clone)]
pub struct Artifacts {
    dir: PathBuf,
    formats: Vec<Format>,
    /// Which checkpoint and format wrote each file name (lowercased: on a
    /// case-insensitive filesystem `Home.md` is `home.md`), to refuse a
    /// second checkpoint whose file would land on another's.
    owners: HashMap<String, (String, Format)>,
    /// The directory was opened: created, and cleared of the temporary
    /// files of writers killed mid-write.
    opened: bool,
    /// What a plane typed as a secret, read at each checkpoint.
    typed_secrets: Option<SecretsSource>,
    /// Checks each checkpoint makes once its files are written.
    checks: Checks,
}

/// Reads what a plane has typed as a secret so far.
#[derive(Clone)]
struct SecretsSource(Arc<dyn Fn() -> TypedSecrets + Send + Sync>);

impl fmt::Debug for SecretsSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretsSource")
    }
}

impl Artifacts {
    /// The formats written when none are chosen.
    pub const DEFAULT_FORMATS: [Format; 3] = [Format::Markdown, Format::Text, Format::Cells];

    /// A sink writing into `dir` (created on the first checkpoint) in the
    /// [default formats](Self::DEFAULT_FORMATS).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self {
            dir: dir.into(),
            formats: Self::DEFAULT_FORMATS.to_vec(),
            owners: HashMap::new(),
            opened: false,
            typed_secrets: None,
            checks: Checks::default(),
        }
    }

    /// Hides what a plane typed as a secret in the text formats: at each
    /// checkpoint `secrets` says what was typed so far, and text, styled
    /// text and cells show `*` in each cell of it (as
    /// [`TypedSecrets::redact_cells`]); PNG keeps the pixels as drawn, as
    /// recordings do (docs/artifacts.md). A checkpoint's own
    /// [`Checkpoint::secrets`] (the terminal plane's) serve when this is
    /// not set: set it for a sink fed frames by hand
    /// ([`write`](Self::write)).
    #[must_use]
    pub fn hiding_typed_secrets(
        mut self,
        secrets: impl Fn() -> TypedSecrets + Send + Sync + 'static,
    ) -> Self {
        self.typed_secrets = Some(SecretsSource(Arc::new(secrets)));
        self
    }

    /// Writes these formats (duplicates dropped, order kept).
    #[must_use]
    pub fn formats(mut self, formats: impl IntoIterator<Item = Format>) -> Self {
        self.formats.clear();
        for format in formats {
            if !self.formats.contains(&format) {
                self.formats.push(format);
            }
        }
        self
    }

    /// Makes these checks at every checkpoint (duplicates dropped), once
    /// its files are written: a screen that fails one fails the checkpoint
    /// step with what the check found, and the files written show that
    /// screen as it was ([`Check`], docs/artifacts.md).
    #[must_use]
    pub fn checks(mut self, checks: impl IntoIterator<Item = Check>) -> Self {
        self.checks = Checks::new(checks);
        self
    }

    /// The configured checks.
    pub fn configured_checks(&self) -> &[Check] {
        self.checks.checks()
    }

    /// The configured formats.
    pub fn configured_formats(&self) -> &[Format] {
        &self.formats
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where checkpoint `name` is written in `format`.
    pub fn path(&self, name: &str, format: Format) -> PathBuf {
        self.dir.join(format.file_name(name))
    }

    /// Checks now that this build has every configured format (a checkpoint
    /// checks again before writing).
    ///
    /// # Errors
    ///
    /// [`AutomationError::UnsupportedFormat`] for the first missing format.
    pub fn check(self) -> Result<Self, AutomationError> {
        for format in &self.formats {
            super::ensure_available(*format)?;
        }
        Ok(self)
    }

    /// Writes the artifacts of `frame` under checkpoint `name`, returning
    /// the paths in format order.
    ///
    /// # Errors
    ///
    /// [`AutomationError::InvalidCheckpointName`] for a name that could
    /// leave the directory or would land on another checkpoint's file,
    /// [`AutomationError::UnsupportedFormat`] (nothing written), or
    /// [`AutomationError::Io`] (earlier files of this checkpoint stay).
    pub fn write(
        &mut self,
        name: &str,
        frame: &CommittedFrame,
    ) -> Result<Vec<PathBuf>, AutomationError> {
        self.write_hiding(name, frame, None)
    }

    /// [`write`](Self::write), hiding `secrets` (when this sink has no
    /// source of its own) in every format but PNG.
    fn write_hiding(
        &mut self,
        name: &str,
        frame: &CommittedFrame,
        secrets: Option<&TypedSecrets>,
    ) -> Result<Vec<PathBuf>, AutomationError> {
        validate_name(name)?;
        for &format in &self.formats {
            let file = format.file_name(name);
            if let Some((owner, owner_format)) = self.owners.get(&file.to_ascii_lowercase())
                && (owner.as_str(), *owner_format) != (name, format)
            {
                let theirs = owner_format.file_name(owner);
                let reason = if theirs == file {
                    format!(
                        "its {format} file `{file}` is the {owner_format} file of checkpoint `{owner}`; rename one of them"
                    )
                } else {
                    format!(
                        "its {format} file `{file}` differs from `{theirs}` of checkpoint `{owner}` only in case, and is the same file on a case-insensitive filesystem (Windows, macOS); rename one of them"
                    )
                };
                return Err(AutomationError::InvalidCheckpointName {
                    name: name.to_owned(),
                    reason,
                });
            }
        }
        let artifacts = self.encode(frame, secrets)?;
        fs::create_dir_all(&self.dir).map_err(|error| {
            std::io::Error::new(
                error.kind(),
                format!("creating the artifact directory {}: {error}", self.dir.display()),
            )
        })?;
        if !self.opened {
            // Temporary files of writers killed mid-write; a directory that
            // cannot be listed is found by the writes below.
            let _ = remove_stale_temps(&self.dir);
            self.opened = true;
        }
        let mut paths = Vec::with_capacity(artifacts.len());
        for artifact in artifacts {
            let file = artifact.format.file_name(name);
            let path = self.dir.join(&file);
            write_atomic(&path, &artifact.bytes).map_err(|error| {
                std::io::Error::new(error.kind(), format!("writing {}: {error}", path.display()))
            })?;
            self.owners.insert(file.to_ascii_lowercase(), (name.to_owned(), artifact.format));
            paths.push(path);
        }
        Ok(paths)
    }
}

impl Artifacts {
    /// Every configured format of `frame`, a typed secret (this sink's
    /// own source's, else the checkpoint's) hidden in all but PNG.
    fn encode(
        &self,
        frame: &CommittedFrame,
        secrets: Option<&TypedSecrets>,
    ) -> Result<Vec<Artifact>, AutomationError> {
        let own = self.typed_secrets.as_ref().map(|source| (source.0)());
        encode_all_hiding(&self.formats, frame, &hiding_secrets(frame, own.as_ref().or(secrets)))
    }
}

impl CheckpointSink for Artifacts {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        self.write_hiding(checkpoint.name, checkpoint.frame, checkpoint.secrets)?;
        if checkpoint.diagnostic {
            return Ok(());
        }
        self.checks.run(checkpoint.name, &checkpoint.frame.buffer)
    }

    fn needs_terminal(&self) -> Option<Format> {
        self.formats.iter().copied().find(|format| format.needs_terminal())
    }
}

/// The checkpoint name rules, as an [`AutomationError`].
pub(crate) fn validate_name(name: &str) -> Result<(), AutomationError> {
    rehearse_lang::validate_checkpoint_name(name).map_err(|reason| {
        AutomationError::InvalidCheckpointName { name: name.to_owned(), reason: reason.to_string() }
    })
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::{Rect, Size};

    use rehearse_lang::SemanticRole;

    use super::*;
    use crate::semantic::{Bounds, Generation, SemanticNode, SemanticTree};

    fn frame(line: &str) -> CommittedFrame {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 20, 2));
        buffer.set_string(0, 0, line, ratatui::style::Style::default());
        let generation = Generation(1);
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 20, 2));
        let tree = SemanticTree::new(generation, Size::new(20, 2), root);
        CommittedFrame::new(generation, Size::new(20, 2), tree, buffer)
    }

    #[test]
    fn a_typed_secret_is_hidden_in_every_text_format_and_only_there() {
        let dir = tempfile::tempdir().unwrap();
        let secrets = || {
            let mut secrets = TypedSecrets::new();
            secrets.add("hunter2");
            secrets
        };
        let mut sink = Artifacts::new(dir.path())
            .formats([Format::Text, Format::Styled, Format::Cells])
            .hiding_typed_secrets(secrets);
        sink.write("login", &frame("pw: hunter2")).unwrap();
        for format in [Format::Text, Format::Styled, Format::Cells] {
            let written = fs::read_to_string(sink.path("login", format)).unwrap();
            assert!(!written.contains("hunter2"), "{format}: {written}");
        }
        let text = fs::read_to_string(sink.path("login", Format::Text)).unwrap();
        assert!(text.starts_with("pw: *******"), "{text}");
        // Without a source, the screen is written as drawn.
        let mut plain = Artifacts::new(dir.path().join("plain")).formats([Format::Text]);
        plain.write("login", &frame("pw: hunter2")).unwrap();
        let text = fs::read_to_string(plain.path("login", Format::Text)).unwrap();
        assert!(text.starts_with("pw: hunter2"), "{text}");
    }
}
