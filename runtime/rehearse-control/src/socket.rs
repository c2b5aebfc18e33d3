//! The socket's file: an owner-only directory, a 0600 socket, a stale file
//! replaced only when nothing answers on it, the peer's uid checked, the
//! file removed when the server stops.

use std::fs;
use std::io;
use std::os::unix::fs::{DirBuilderExt, FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};

use crate::error::ServeError;

/// The bound socket; its file is removed when this is dropped.
#[derive(Debug)]
pub(crate) struct BoundSocket {
    pub(crate) listener: UnixListener,
    path: PathBuf,
    /// The device and inode of the file `bind` made: what is at `path`
    /// when this is dropped is removed only when it is still that file.
    made: (u64, u64),
}

impl Drop for BoundSocket {
    fn drop(&mut self) {
        // Only our own socket: a file put there since — another server's
        // socket that replaced it, anything else — is left alone.
        let ours = fs::symlink_metadata(&self.path).is_ok_and(|meta| {
            meta.file_type().is_socket() && (meta.dev(), meta.ino()) == self.made
        });
        if ours {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Binds `path`: checks (or makes) its directory, replaces a stale socket
/// file, and makes the socket owner-only.
pub(crate) fn bind(path: &Path) -> Result<BoundSocket, ServeError> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    private_dir(&dir)?;
    replace_stale(path)?;
    let listener = UnixListener::bind(path).map_err(|source| ServeError::Io {
        what: format!("binding the socket {}", path.display()),
        source,
    })?;
    // The directory is owner-only, so nobody else could reach the socket
    // before its own mode is set.
    fs::set_permissions(path, fs::Permissions::from_mode(0o600)).map_err(|source| {
        ServeError::Io { what: format!("making {} owner-only", path.display()), source }
    })?;
    let meta = fs::symlink_metadata(path).map_err(|source| ServeError::Io {
        what: format!("reading the socket {} just bound", path.display()),
        source,
    })?;
    Ok(BoundSocket { listener, path: path.to_path_buf(), made: (meta.dev(), meta.ino()) })
}

/// Makes `dir` (mode 0700) when it is missing; when it exists, it must be
/// a directory owned by this user that no one else can enter.
pub(crate) fn private_dir(dir: &Path) -> Result<(), ServeError> {
    match fs::symlink_metadata(dir) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            fs::DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(|source| {
                ServeError::Io {
                    what: format!("creating the socket directory {}", dir.display()),
                    source,
                }
            })
        }
        Err(source) => Err(ServeError::Io { what: format!("reading {}", dir.display()), source }),
        Ok(meta) => {
            let uid = rustix::process::geteuid().as_raw();
            let mode = meta.mode() & 0o777;
            if !meta.is_dir() {
                Err(ServeError::UnsafeDirectory {
                    dir: dir.to_path_buf(),
                    reason: "it is not a directory".into(),
                })
            } else if meta.uid() != uid {
                Err(ServeError::UnsafeDirectory {
                    dir: dir.to_path_buf(),
                    reason: format!("it belongs to uid {}, not to this user ({uid})", meta.uid()),
                })
            } else if mode & 0o077 != 0 {
                Err(ServeError::UnsafeDirectory {
                    dir: dir.to_path_buf(),
                    reason: format!(
                        "its mode is {mode:o}: others can enter it (use a directory of mode 700)"
                    ),
                })
            } else {
                Ok(())
            }
        }
    }
}

/// Removes a socket file nobody answers on; refuses a live one and a file
/// that is not a socket.
fn replace_stale(path: &Path) -> Result<(), ServeError> {
    let Ok(meta) = fs::symlink_metadata(path) else { return Ok(()) };
    if !meta.file_type().is_socket() {
        return Err(ServeError::InUse {
            socket: path.to_path_buf(),
            reason: "a file that is not a socket is there; remove it or choose another path".into(),
        });
    }
    match UnixStream::connect(path) {
        Ok(_) => Err(ServeError::InUse {
            socket: path.to_path_buf(),
            reason: "another server answers on it".into(),
        }),
        Err(_) => fs::remove_file(path).map_err(|source| ServeError::Io {
            what: format!("removing the stale socket {}", path.display()),
            source,
        }),
    }
}

/// Whether the peer on `stream` runs as this user.
pub(crate) fn peer_is_owner(stream: &UnixStream) -> bool {
    peer_uid(stream).is_some_and(|uid| uid == rustix::process::geteuid().as_raw())
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn peer_uid(stream: &UnixStream) -> Option<u32> {
    rustix::net::sockopt::socket_peercred(stream).ok().map(|cred| cred.uid.as_raw())
}

// Without SO_PEERCRED the owner-only directory and socket mode are the guard.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn peer_uid(_: &UnixStream) -> Option<u32> {
    Some(rustix::process::geteuid().as_raw())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A temporary directory only this user can enter.
    fn private() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o700)).unwrap();
        dir
    }

    #[test]
    fn a_missing_directory_is_made_owner_only() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("a/b");
        private_dir(&dir).unwrap();
        assert_eq!(fs::metadata(&dir).unwrap().mode() & 0o777, 0o700);
    }

    #[test]
    fn a_directory_others_can_enter_is_refused() {
        let root = tempfile::tempdir().unwrap();
        fs::set_permissions(root.path(), fs::Permissions::from_mode(0o755)).unwrap();
        let error = private_dir(root.path()).unwrap_err().to_string();
        assert!(error.contains("mode is 755") && error.contains("mode 700"), "{error}");
    }

    #[test]
    fn the_socket_is_0600_and_removed_when_dropped() {
        let root = private();
        let path = root.path().join("s.sock");
        let bound = bind(&path).unwrap();
        assert_eq!(fs::metadata(&path).unwrap().mode() & 0o777, 0o600);
        drop(bound);
        assert!(!path.exists());
    }

    #[test]
    fn a_socket_that_replaced_ours_is_left_when_dropped() {
        let root = private();
        let path = root.path().join("s.sock");
        let bound = bind(&path).unwrap();
        // Another listener takes the path while this one runs.
        fs::remove_file(&path).unwrap();
        let other = UnixListener::bind(&path).unwrap();
        drop(bound);
        assert!(fs::symlink_metadata(&path).is_ok_and(|meta| meta.file_type().is_socket()));
        let _client = UnixStream::connect(&path).unwrap();
        assert!(other.accept().is_ok(), "the other listener still answers there");
    }

    #[test]
    fn a_stale_socket_is_replaced_and_a_live_one_refused() {
        let root = private();
        let path = root.path().join("s.sock");
        let live = UnixListener::bind(&path).unwrap();
        let error = bind(&path).unwrap_err().to_string();
        assert!(error.contains("another server answers"), "{error}");
        drop(live); // the file stays, nothing answers: stale
        assert!(path.exists());
        let _bound = bind(&path).unwrap();
    }

    #[test]
    fn a_file_that_is_not_a_socket_is_never_removed() {
        let root = private();
        let path = root.path().join("notes.txt");
        fs::write(&path, "keep me").unwrap();
        assert!(bind(&path).unwrap_err().to_string().contains("not a socket"));
        assert_eq!(fs::read_to_string(&path).unwrap(), "keep me");
    }

    #[test]
    fn the_peer_of_a_socket_pair_is_this_user() {
        let (a, _b) = UnixStream::pair().unwrap();
        assert!(peer_is_owner(&a));
    }
}
