//! `transform`: an external command (no shell) that produces a new
//! artifact from earlier ones.
//!
//! Its program and arguments may name artifacts by `${artifacts.NAME.path}`
//! and its output file by `${out}`. With `${out}` among them, the artifact
//! is the file the command wrote there: a path in a private staging
//! directory inside the artifacts directory, with the artifact's own name
//! (so its extension, which tools read, is kept), renamed into place when
//! the command succeeds. Without `${out}`, the artifact is the command's
//! standard output. Either way nothing is registered, and nothing is left
//! in the directory, when it fails.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::command::{self, Failure};
use super::error::PipelineError;
use super::placeholder::{expand, mentions_out};
use super::registry::{Artifact, ArtifactOrigin, Registry};

/// How long a transform may run by default before it is killed.
pub const DEFAULT_TRANSFORM_TIMEOUT: Duration = Duration::from_secs(60);

/// A command that produces the artifact `name`.
///
/// ```
/// use rehearse_pty::pipeline::Transform;
/// let transform = Transform::new("sorted.txt", "sort")
///     .args(["-o", "${out}", "${artifacts.log.txt.path}"]);
/// assert_eq!(transform.name(), "sorted.txt");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transform {
    name: String,
    program: String,
    args: Vec<String>,
    current_dir: Option<PathBuf>,
    timeout: Duration,
}

impl Transform {
    /// Runs `program` (looked up on `PATH` like `std::process::Command`;
    /// placeholders expanded) to produce the artifact `name`.
    pub fn new(name: impl Into<String>, program: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            program: program.into(),
            args: Vec::new(),
            current_dir: None,
            timeout: DEFAULT_TRANSFORM_TIMEOUT,
        }
    }

    /// Adds an argument (placeholders expanded; no shell: one argument each).
    #[must_use]
    pub fn arg(mut self, arg: impl Into<String>) -> Self {
        self.args.push(arg.into());
        self
    }

    /// Adds arguments.
    #[must_use]
    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// The directory the command runs in (default: the test process's).
    /// Artifact paths are absolute, so this matters only for the program
    /// and paths written relative.
    #[must_use]
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.current_dir = Some(dir.into());
        self
    }

    /// How long it may run before it is killed with its process group
    /// (default [`DEFAULT_TRANSFORM_TIMEOUT`]).
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// The artifact it produces.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Runs it and registers the artifact.
    pub(crate) fn run<'r>(
        &self,
        registry: &'r mut Registry,
        limit: u64,
    ) -> Result<&'r Artifact, PipelineError> {
        let target = registry.reserve(&self.name)?;
        let to_file = mentions_out(&self.program) || self.args.iter().any(|arg| mentions_out(arg));
        let staging = if to_file {
            let dir = target.parent().unwrap_or(Path::new("."));
            let staging = tempfile::Builder::new().prefix(".transform-").tempdir_in(dir).map_err(
                |error| PipelineError::Io {
                    what: "creating a staging directory in",
                    path: dir.to_path_buf(),
                    source: error,
                },
            )?;
            Some(staging)
        } else {
            None
        };
        let out = staging.as_ref().map(|staging| staging.path().join(&self.name));
        let lookup = |name: &str, reference: &str| registry.lookup(name, reference);
        let program = expand(&self.program, lookup, out.as_deref())?;
        let args = self
            .args
            .iter()
            .map(|arg| expand(arg, lookup, out.as_deref()))
            .collect::<Result<Vec<_>, _>>()?;
        let line = command_line(&program, &args);
        let mut command = Command::new(&program);
        command.args(&args);
        if let Some(dir) = &self.current_dir {
            command.current_dir(dir);
        }
        let failed = |outcome: String, stderr: String| PipelineError::TransformFailed {
            name: self.name.clone(),
            command: line.clone(),
            outcome,
            stderr,
        };
        let finished =
            command::run(&mut command, !to_file, self.timeout, limit).map_err(|failure| {
                match failure {
                    Failure::Spawn(source) => PipelineError::TransformSpawn {
                        name: self.name.clone(),
                        command: line.clone(),
                        source,
                    },
                    Failure::Timeout { stderr } => PipelineError::TransformTimeout {
                        name: self.name.clone(),
                        command: line.clone(),
                        timeout: self.timeout,
                        stderr,
                    },
                    Failure::StdoutTooLarge => PipelineError::TooLarge {
                        what: format!(
                            "the standard output of transform `{}` (`{line}`)",
                            self.name
                        ),
                        size: None,
                        limit,
                    },
                    Failure::Io(error) => {
                        failed(format!("could not be watched: {error}"), String::new())
                    }
                }
            })?;
        if !finished.status.success() {
            return Err(failed(command::describe(finished.status), finished.stderr));
        }
        let bytes = match &out {
            Some(out) => {
                let kind = std::fs::symlink_metadata(out).map(|meta| (meta.is_file(), meta.len()));
                let size = match kind {
                    Ok((true, size)) => size,
                    Ok((false, _)) => {
                        return Err(failed(
                            format!(
                                "exited with code 0 but what it left at ${{out}} ({}) is not a regular file",
                                out.display()
                            ),
                            finished.stderr,
                        ));
                    }
                    Err(_) => {
                        return Err(failed(
                            format!(
                                "exited with code 0 but wrote no file to ${{out}} ({})",
                                out.display()
                            ),
                            finished.stderr,
                        ));
                    }
                };
                if size > limit {
                    return Err(PipelineError::TooLarge {
                        what: format!(
                            "the file transform `{}` wrote ({})",
                            self.name,
                            out.display()
                        ),
                        size: Some(size),
                        limit,
                    });
                }
                // Same directory tree, same filesystem: the rename is atomic.
                std::fs::rename(out, &target).map_err(|error| PipelineError::Io {
                    what: "moving the transform's output to",
                    path: target.clone(),
                    source: error,
                })?;
                size
            }
            None => {
                rehearse_core::artifacts::write_atomic(&target, &finished.stdout).map_err(
                    |error| PipelineError::Io {
                        what: "writing",
                        path: target.clone(),
                        source: error,
                    },
                )?;
                finished.stdout.len() as u64
            }
        };
        drop(staging);
        let mut command = vec![program];
        command.extend(args);
        Ok(registry.register(Artifact {
            name: self.name.clone(),
            path: target,
            bytes,
            origin: ArtifactOrigin::Transform { command, from_stdout: !to_file },
        }))
    }
}

/// The command as one line, each argument holding a space or a quote quoted.
fn command_line(program: &str, args: &[String]) -> String {
    std::iter::once(program)
        .chain(args.iter().map(String::as_str))
        .map(|part| {
            if part.is_empty()
                || part.contains(|c: char| c.is_whitespace() || c == '"' || c == '\'')
            {
                format!("{part:?}")
            } else {
                part.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_quotes_what_needs_it() {
        assert_eq!(
            command_line("sed", &["s/a b/c/".into(), "".into(), "/x/y".into()]),
            r#"sed "s/a b/c/" "" /x/y"#
        );
    }
}
