//! `download`: a file the program wrote, copied into the artifacts
//! directory atomically (`rehearse_core::artifacts::write_atomic`: a
//! temporary file beside the target, renamed over it), up to
//! [`MAX_ARTIFACT_BYTES`](super::MAX_ARTIFACT_BYTES).

use std::io::Read as _;
use std::os::unix::fs::FileTypeExt as _;
use std::path::{Path, PathBuf};

use super::error::PipelineError;

/// Copies `resolved` (the source as given: `given`, relative to `base`
/// when it was relative) to `target`, returning its size.
pub(crate) fn copy(
    given: &Path,
    resolved: &Path,
    base: Option<PathBuf>,
    target: &Path,
    limit: u64,
) -> Result<u64, PipelineError> {
    let source_path = given.display().to_string();
    let metadata = std::fs::metadata(resolved).map_err(|error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            PipelineError::SourceMissing {
                source_path: source_path.clone(),
                resolved: resolved.to_path_buf(),
                base: base.clone(),
            }
        } else {
            PipelineError::Io { what: "reading", path: resolved.to_path_buf(), source: error }
        }
    })?;
    let kind = metadata.file_type();
    if !kind.is_file() {
        // Checked before opening: opening a FIFO would block until a
        // writer came, and a device may never end.
        let kind = if kind.is_dir() {
            "a directory"
        } else if kind.is_fifo() {
            "a FIFO"
        } else if kind.is_socket() {
            "a socket"
        } else if kind.is_char_device() || kind.is_block_device() {
            "a device"
        } else {
            "not a file"
        };
        return Err(PipelineError::NotAFile {
            source_path,
            resolved: resolved.to_path_buf(),
            kind,
        });
    }
    let too_large = |size| PipelineError::TooLarge {
        what: format!("the file to download {}", resolved.display()),
        size,
        limit,
    };
    if metadata.len() > limit {
        return Err(too_large(Some(metadata.len())));
    }
    let reading =
        |error| PipelineError::Io { what: "reading", path: resolved.to_path_buf(), source: error };
    let file = std::fs::File::open(resolved).map_err(reading)?;
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    // One byte past the limit tells a file that grew since its size was read.
    file.take(limit + 1).read_to_end(&mut bytes).map_err(reading)?;
    let size = bytes.len() as u64;
    if size > limit {
        return Err(too_large(None));
    }
    rehearse_core::artifacts::write_atomic(target, &bytes).map_err(|error| PipelineError::Io {
        what: "writing",
        path: target.to_path_buf(),
        source: error,
    })?;
    Ok(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_a_file_and_refuses_what_is_not_one() {
        let scratch = tempfile::tempdir().unwrap();
        let source = scratch.path().join("in.txt");
        std::fs::write(&source, b"hello").unwrap();
        let target = scratch.path().join("out.txt");
        assert_eq!(copy(Path::new("in.txt"), &source, None, &target, 5).unwrap(), 5);
        assert_eq!(std::fs::read(&target).unwrap(), b"hello");

        let error = copy(Path::new("in.txt"), &source, None, &target, 4).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "the file to download {} is larger than the artifact limit of 4 bytes (MAX_ARTIFACT_BYTES, docs/limits.md): 5 bytes",
                source.display()
            )
        );
        let error = copy(Path::new("d"), scratch.path(), None, &target, 5).unwrap_err();
        assert!(error.to_string().ends_with("is a directory, not a regular file"), "{error}");
        let error =
            copy(Path::new("/dev/zero"), Path::new("/dev/zero"), None, &target, 5).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cannot download `/dev/zero`: /dev/zero is a device, not a regular file"
        );
        let missing = scratch.path().join("nope.txt");
        let error = copy(Path::new("nope.txt"), &missing, Some(scratch.path().into()), &target, 5)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "cannot download `nope.txt`: no file at {} (relative to the program's working directory {})",
                missing.display(),
                scratch.path().display()
            )
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"hello", "a failed copy leaves the target");
    }
}
