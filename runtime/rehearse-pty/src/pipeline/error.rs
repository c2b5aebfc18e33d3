//! What can go wrong in the artifact pipeline: each error names what failed,
//! where, and what would be valid.

use std::path::PathBuf;
use std::time::Duration;

/// An error of the artifact pipeline (`download`, `transform`, `monitor`,
/// `${artifacts.NAME.path}`).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PipelineError {
    /// An artifact name that breaks the checkpoint name rules (artifact
    /// names become file names, under the same rules).
    #[error(
        "invalid artifact name `{name}`: {reason} (artifact names follow the checkpoint name rules: 1 to 64 bytes of `[A-Za-z0-9._-]`, not starting with `.`)"
    )]
    InvalidName {
        /// The name as given.
        name: String,
        /// Why it is invalid.
        reason: String,
    },
    /// A second artifact under a name already registered in this run
    /// (compared ignoring case: on a case-insensitive filesystem both would
    /// be one file).
    #[error("artifact `{name}` is already registered in this run (as `{existing}`, at {}); choose another name", path.display())]
    Duplicate {
        /// The name asked for.
        name: String,
        /// The registered name it collides with.
        existing: String,
        /// Where the registered artifact is.
        path: PathBuf,
    },
    /// `${artifacts.NAME.path}` names no registered artifact.
    #[error("unknown artifact `{name}` in `{reference}`: {}", known_list(known))]
    UnknownArtifact {
        /// The name referred to.
        name: String,
        /// The whole reference as written.
        reference: String,
        /// The names registered so far, in order.
        known: Vec<String>,
    },
    /// A `${artifacts.…}` reference that is not `${artifacts.NAME.path}`.
    #[error(
        "malformed artifact reference `{reference}` at byte {position}: {reason}; write `${{artifacts.NAME.path}}`"
    )]
    MalformedReference {
        /// The reference as written (up to the end of the text when unclosed).
        reference: String,
        /// Byte offset of its `$`.
        position: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The artifacts directory cannot be used.
    #[error("artifacts directory {}: {reason}", dir.display())]
    Directory {
        /// The directory.
        dir: PathBuf,
        /// Why it cannot be used.
        reason: String,
    },
    /// The file to download does not exist.
    #[error("cannot download `{source_path}`: no file at {}{}", resolved.display(), resolved_from(.base))]
    SourceMissing {
        /// The path as given.
        source_path: String,
        /// The path it resolved to.
        resolved: PathBuf,
        /// The working directory a relative path resolved against.
        base: Option<PathBuf>,
    },
    /// The path to download is a directory, a FIFO or a device.
    #[error("cannot download `{source_path}`: {} is {kind}, not a regular file", resolved.display())]
    NotAFile {
        /// The path as given.
        source_path: String,
        /// The path it resolved to.
        resolved: PathBuf,
        /// What it is instead ("a directory", "a FIFO", ...).
        kind: &'static str,
    },
    /// A relative path, once the program has ended without its working
    /// directory ever being seen.
    #[error(
        "cannot resolve the relative path `{source_path}`: the program has ended and its working directory was never seen; give an absolute path"
    )]
    NoWorkingDirectory {
        /// The path as given.
        source_path: String,
    },
    /// A file larger than [`MAX_ARTIFACT_BYTES`](super::MAX_ARTIFACT_BYTES).
    #[error("{what} is larger than the artifact limit of {limit} bytes (MAX_ARTIFACT_BYTES, docs/limits.md){}", size.map(|size| format!(": {size} bytes")).unwrap_or_default())]
    TooLarge {
        /// What was too large (the file, the command's output).
        what: String,
        /// Its size, when known.
        size: Option<u64>,
        /// The limit.
        limit: u64,
    },
    /// Reading or writing a file failed.
    #[error("{what} {}: {source}", path.display())]
    Io {
        /// What was being done ("reading", "writing").
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// Why it failed.
        source: std::io::Error,
    },
    /// The transform command could not be started.
    #[error("transform `{name}`: cannot run `{command}`: {source}")]
    TransformSpawn {
        /// The artifact it was to produce.
        name: String,
        /// The command line.
        command: String,
        /// Why it could not start.
        source: std::io::Error,
    },
    /// The transform command failed: a non-zero exit, a signal, or no
    /// output file.
    #[error("transform `{name}`: `{command}` {outcome}{}", stderr_block(stderr))]
    TransformFailed {
        /// The artifact it was to produce.
        name: String,
        /// The command line.
        command: String,
        /// What happened, in words ("exited with code 2").
        outcome: String,
        /// The end of its standard error (lossy UTF-8).
        stderr: String,
    },
    /// The transform command ran past its timeout and was killed (with
    /// every process of its group).
    #[error(
        "transform `{name}`: `{command}` ran longer than {timeout:?} and was killed{}",
        stderr_block(stderr)
    )]
    TransformTimeout {
        /// The artifact it was to produce.
        name: String,
        /// The command line.
        command: String,
        /// The timeout.
        timeout: Duration,
        /// The end of its standard error so far.
        stderr: String,
    },
    /// A monitor interval outside the allowed range.
    #[error(
        "monitor interval {interval:?} is out of range: it must be between {min:?} and {max:?} (docs/limits.md)"
    )]
    InvalidInterval {
        /// The interval asked for.
        interval: Duration,
        /// The shortest allowed.
        min: Duration,
        /// The longest allowed.
        max: Duration,
    },
    /// `monitor` while a monitor is already sampling.
    #[error("a monitor is already sampling this program (every {interval:?}); stop it first")]
    MonitorRunning {
        /// The running monitor's interval.
        interval: Duration,
    },
    /// The program has ended, so there is nothing to monitor.
    #[error("cannot monitor the program: it has ended ({0})")]
    ProgramEnded(crate::error::ExitInfo),
    /// The monitor's thread could not be started.
    #[error("cannot start the monitor thread: {0}")]
    Thread(std::io::Error),
}

fn known_list(known: &[String]) -> String {
    if known.is_empty() {
        "no artifact is registered yet (download and transform register them)".to_owned()
    } else {
        let names: Vec<String> = known.iter().map(|name| format!("`{name}`")).collect();
        format!("the known artifacts are {}", names.join(", "))
    }
}

fn resolved_from(base: &Option<PathBuf>) -> String {
    base.as_ref()
        .map(|base| format!(" (relative to the program's working directory {})", base.display()))
        .unwrap_or_default()
}

fn stderr_block(stderr: &str) -> String {
    if stderr.trim().is_empty() {
        " (its standard error was empty)".to_owned()
    } else {
        format!("\n--- its standard error ---\n{}\n--------------------------", stderr.trim_end())
    }
}
