//! The artifacts of one run: named files in one directory, each name once.
//!
//! An artifact's file is `{dir}/{NAME}`: names follow the checkpoint name
//! rules (`rehearse_lang::validate_checkpoint_name`), so a name never leaves
//! the directory, and keep their extension (`report.json`), which the tools
//! a transform runs often read. Paths are absolute, so a reference expands
//! to the same file whatever directory a program or a command runs in.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::error::PipelineError;

/// One named artifact of a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Artifact {
    /// Its name (`${artifacts.NAME.path}`).
    pub name: String,
    /// Its file: absolute, `{artifacts dir}/{name}`.
    pub path: PathBuf,
    /// Its size in bytes when it was registered.
    pub bytes: u64,
    /// Where it came from.
    pub origin: ArtifactOrigin,
}

/// How an artifact was produced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum ArtifactOrigin {
    /// Copied from a file the program wrote.
    Download {
        /// The file it was copied from (resolved, absolute).
        source: String,
    },
    /// Produced by an external command.
    Transform {
        /// The command and its arguments, placeholders expanded.
        command: Vec<String>,
        /// Whether the artifact is the command's standard output (no
        /// `${out}` among its arguments) or the file it wrote to `${out}`.
        from_stdout: bool,
    },
}

/// Where the artifacts go.
#[derive(Debug)]
enum Dir {
    /// A directory the test chose (created on first use, kept).
    Chosen(PathBuf),
    /// A private temporary directory, created on first use and removed with
    /// the registry.
    Temporary(Option<tempfile::TempDir>),
}

/// The registry of one run's artifacts.
#[derive(Debug)]
pub(crate) struct Registry {
    dir: Dir,
    /// Whether a chosen directory has been created.
    created: bool,
    artifacts: Vec<Artifact>,
}

impl Registry {
    /// A registry writing into a private temporary directory.
    pub(crate) fn new() -> Self {
        Self { dir: Dir::Temporary(None), created: false, artifacts: Vec::new() }
    }

    /// Chooses the directory (made absolute against the current directory;
    /// created on first use). Only before the first artifact: those already
    /// registered would be split across two directories.
    pub(crate) fn set_dir(&mut self, dir: &Path) -> Result<(), PipelineError> {
        let refuse = |reason: String| PipelineError::Directory { dir: dir.to_path_buf(), reason };
        if let Some(first) = self.artifacts.first() {
            return Err(refuse(format!(
                "choose the artifacts directory before the first artifact (`{}` is already registered in {})",
                first.name,
                first.path.parent().unwrap_or(&first.path).display()
            )));
        }
        let absolute = std::path::absolute(dir)
            .map_err(|error| refuse(format!("cannot make it absolute: {error}")))?;
        if absolute.to_str().is_none() {
            return Err(refuse(
                "the path is not UTF-8, so `${artifacts.NAME.path}` could not be written into text"
                    .to_owned(),
            ));
        }
        self.dir = Dir::Chosen(absolute);
        self.created = false;
        Ok(())
    }

    /// The directory, created if it does not exist yet; `None` while a
    /// temporary one has not been needed.
    pub(crate) fn current_dir(&self) -> Option<&Path> {
        match &self.dir {
            Dir::Chosen(dir) => Some(dir),
            Dir::Temporary(temp) => temp.as_ref().map(tempfile::TempDir::path),
        }
    }

    /// The directory, created now if needed.
    pub(crate) fn dir(&mut self) -> Result<&Path, PipelineError> {
        match &mut self.dir {
            Dir::Chosen(dir) => {
                if !self.created {
                    std::fs::create_dir_all(&*dir).map_err(|error| PipelineError::Directory {
                        dir: dir.clone(),
                        reason: format!("cannot create it: {error}"),
                    })?;
                    self.created = true;
                }
                Ok(dir)
            }
            Dir::Temporary(Some(temp)) => Ok(temp.path()),
            Dir::Temporary(temp) => {
                let made = tempfile::Builder::new()
                    .prefix("rehearse-artifacts-")
                    .tempdir()
                    .map_err(|error| PipelineError::Directory {
                        dir: std::env::temp_dir(),
                        reason: format!("cannot create a temporary directory in it: {error}"),
                    })?;
                Ok(temp.insert(made).path())
            }
        }
    }

    /// Checks `name` (the name rules, not yet registered ignoring case) and
    /// returns the path its file will have, creating the directory.
    pub(crate) fn reserve(&mut self, name: &str) -> Result<PathBuf, PipelineError> {
        rehearse_lang::validate_checkpoint_name(name).map_err(|reason| {
            PipelineError::InvalidName { name: name.to_owned(), reason: reason.to_string() }
        })?;
        if let Some(existing) =
            self.artifacts.iter().find(|artifact| artifact.name.eq_ignore_ascii_case(name))
        {
            return Err(PipelineError::Duplicate {
                name: name.to_owned(),
                existing: existing.name.clone(),
                path: existing.path.clone(),
            });
        }
        Ok(self.dir()?.join(name))
    }

    /// Registers an artifact whose file is in place (after [`reserve`](Self::reserve)).
    pub(crate) fn register(&mut self, artifact: Artifact) -> &Artifact {
        self.artifacts.push(artifact);
        self.artifacts.last().expect("just pushed")
    }

    /// Every artifact, in the order registered.
    pub(crate) fn all(&self) -> &[Artifact] {
        &self.artifacts
    }

    /// The artifact called `name` (exactly).
    pub(crate) fn get(&self, name: &str) -> Option<&Artifact> {
        self.artifacts.iter().find(|artifact| artifact.name == name)
    }

    /// The path of `name`, or an error listing the known names.
    pub(crate) fn lookup(&self, name: &str, reference: &str) -> Result<&Path, PipelineError> {
        self.get(name).map(|artifact| artifact.path.as_path()).ok_or_else(|| {
            PipelineError::UnknownArtifact {
                name: name.to_owned(),
                reference: reference.to_owned(),
                known: self.artifacts.iter().map(|artifact| artifact.name.clone()).collect(),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn artifact(name: &str, path: PathBuf) -> Artifact {
        Artifact {
            name: name.to_owned(),
            path,
            bytes: 0,
            origin: ArtifactOrigin::Download { source: "/x".into() },
        }
    }

    #[test]
    fn names_follow_the_checkpoint_rules_and_are_unique_ignoring_case() {
        let mut registry = Registry::new();
        let error = registry.reserve("../escape").unwrap_err();
        assert!(
            error.to_string().starts_with(
                "invalid artifact name `../escape`: checkpoint name has '/' at byte 2"
            ),
            "{error}"
        );
        assert!(matches!(registry.reserve(".hidden"), Err(PipelineError::InvalidName { .. })));
        let path = registry.reserve("Report.json").unwrap();
        assert_eq!(path.file_name().unwrap(), "Report.json");
        assert!(path.is_absolute() && path.parent().unwrap().is_dir());
        registry.register(artifact("Report.json", path.clone()));
        let error = registry.reserve("report.JSON").unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "artifact `report.JSON` is already registered in this run (as `Report.json`, at {}); choose another name",
                path.display()
            )
        );
        let temp = registry.current_dir().unwrap().to_path_buf();
        drop(registry);
        assert!(!temp.exists(), "the temporary directory is removed with the registry");
    }

    #[test]
    fn the_directory_is_chosen_before_the_first_artifact() {
        let scratch = tempfile::tempdir().unwrap();
        let mut registry = Registry::new();
        registry.set_dir(&scratch.path().join("a/b")).unwrap();
        assert!(!scratch.path().join("a").exists(), "created on first use only");
        let path = registry.reserve("one").unwrap();
        assert_eq!(path, scratch.path().join("a/b/one"));
        registry.register(artifact("one", path));
        let error = registry.set_dir(scratch.path()).unwrap_err();
        assert!(
            error.to_string().contains("before the first artifact (`one` is already registered"),
            "{error}"
        );
        assert_eq!(
            registry.lookup("one", "${artifacts.one.path}").unwrap(),
            scratch.path().join("a/b/one")
        );
        assert!(
            matches!(registry.lookup("two", "r"), Err(PipelineError::UnknownArtifact { known, .. }) if known == ["one"])
        );
    }
}
