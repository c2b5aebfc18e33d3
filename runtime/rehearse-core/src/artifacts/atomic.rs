//! Atomic file writes: the bytes go to a temporary file in the target's own
//! directory, which is then renamed over the target. A reader sees the old
//! file or the new one, never a part; a failure removes the temporary file.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` atomically (same-directory temporary file, then
/// rename). The directory must exist.
///
/// # Errors
///
/// The I/O error of the write, flush or rename; the temporary file is
/// removed and `path` is left as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |file| file.write_all(bytes))
}

/// [`write_atomic`] with the body written by `write` (tests inject failures).
pub(crate) fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let temp = temp_path(path)?;
    let result = (|| {
        let mut file = File::options().write(true).create_new(true).open(&temp)?;
        write(&mut file)?;
        file.sync_all()?;
        drop(file);
        rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

#[cfg(not(test))]
fn rename(from: &Path, to: &Path) -> io::Result<()> {
    fs::rename(from, to)
}

#[cfg(test)]
fn rename(from: &Path, to: &Path) -> io::Result<()> {
    if to.file_name().is_some_and(|name| name.to_string_lossy().starts_with("fail-rename")) {
        return Err(io::Error::other("injected rename failure"));
    }
    fs::rename(from, to)
}

/// A fresh hidden name beside `path`: `.{file name}.{pid}.{n}.tmp`.
fn temp_path(path: &Path) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, format!("{} names no file", path.display()))
    })?;
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = format!(".{}.{}.{n}.tmp", name.to_string_lossy(), std::process::id());
    Ok(path.with_file_name(temp))
}

/// Whether a directory entry is one of our temporary files.
pub(crate) fn is_temp_file(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(".tmp")
}

/// The writer's process id in a temporary file's name
/// (`.{file name}.{pid}.{n}.tmp`), if it is one.
fn temp_writer(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (rest, n) = rest.rsplit_once('.')?;
    let (file, pid) = rest.rsplit_once('.')?;
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    (!file.is_empty() && digits(n) && digits(pid)).then(|| pid.parse().ok()).flatten()
}

/// How old a temporary file must be to count as stale where the system
/// cannot say whether its writer is alive (no `/proc`).
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// Removes the temporary files of writers that are gone — a process killed
/// mid-write (`kill -9`) leaves its `.{name}.{pid}.{n}.tmp` behind. A
/// writer is gone when no process has its id (read from `/proc`), or, where
/// there is no `/proc`, when its file is over an hour old. This process's
/// own temporary files are never touched. Returns how many were removed;
/// files that cannot be removed are left.
///
/// # Errors
///
/// The directory cannot be read.
pub(crate) fn remove_stale_temps(dir: &Path) -> io::Result<usize> {
    let proc = Path::new("/proc/self").exists();
    let mut removed = 0;
    for entry in fs::read_dir(dir)? {
        let Ok(entry) = entry else { continue };
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temp_writer) else { continue };
        if pid == std::process::id() {
            continue;
        }
        let stale = if proc {
            !Path::new("/proc").join(pid.to_string()).exists()
        } else {
            entry
                .metadata()
                .and_then(|meta| meta.modified())
                .ok()
                .and_then(|modified| modified.elapsed().ok())
                .is_some_and(|age| age > STALE_AFTER)
        };
        if stale && entry.file_type().is_ok_and(|kind| kind.is_file()) {
            removed += usize::from(fs::remove_file(entry.path()).is_ok());
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh temporary directory, removed when the guard drops.
    fn scratch() -> tempfile::TempDir {
        tempfile::Builder::new().prefix("rehearse-atomic-").tempdir().expect("a temp dir")
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn writes_and_replaces() {
        let scratch_dir = scratch();
        let dir = scratch_dir.path().to_path_buf();
        let path = dir.join("a.txt");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(entries(&dir), ["a.txt"]);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temp() {
        let scratch_dir = scratch();
        let dir = scratch_dir.path().to_path_buf();
        let path = dir.join("a.txt");
        write_atomic(&path, b"old").unwrap();
        let error = write_atomic_with(&path, |file| {
            file.write_all(b"half of the new cont")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(error.to_string(), "disk full");
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert_eq!(entries(&dir), ["a.txt"]);
    }

    #[test]
    fn stale_temps_of_dead_writers_are_removed() {
        let scratch_dir = scratch();
        let dir = scratch_dir.path().to_path_buf();
        // A process id no process has (above Linux's largest, 2^22).
        let dead = 4_194_999;
        let ours = std::process::id();
        let names = [
            format!(".start.md.{dead}.0.tmp"),
            format!(".start.cells.json.{dead}.17.tmp"),
            format!(".mine.md.{ours}.3.tmp"),
            ".start.md.1.0.tmp".to_owned(), // pid 1 is alive
            ".notes.tmp".to_owned(),
            "start.md".to_owned(),
        ];
        for name in &names {
            fs::write(dir.join(name), b"x").unwrap();
        }
        assert_eq!(remove_stale_temps(&dir).unwrap(), 2);
        let mut left: Vec<String> = names[2..].to_vec();
        left.sort();
        assert_eq!(entries(&dir), left);
        assert_eq!(temp_writer(".a.b.12.3.tmp"), Some(12));
        assert_eq!(temp_writer(".12.3.tmp"), None);
        assert_eq!(temp_writer(".a.x.3.tmp"), None);
    }

    #[test]
    fn a_failed_rename_leaves_no_temp() {
        let scratch_dir = scratch();
        let dir = scratch_dir.path().to_path_buf();
        let path = dir.join("fail-rename.txt");
        let error = write_atomic(&path, b"new").unwrap_err();
        assert_eq!(error.to_string(), "injected rename failure");
        assert!(entries(&dir).is_empty(), "{:?}", entries(&dir));
    }
}
