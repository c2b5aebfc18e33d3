//! How a session ended, kept after its host is gone: a verb that finds no
//! session, or whose connection broke as the session ended (the app quit,
//! the program exited), says the session ended and how ("the program
//! exited (exit code 0)") instead of "no session" or "unexpected end of
//! file". `<dir>/<id>.ended` holds the reason, and `latest.ended` the id
//! and the reason of the most recent session when it ended; `open` removes
//! `latest.ended`, and records older than an hour.

use std::fs;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// How long a record is kept (`open` removes older ones).
const KEPT: Duration = Duration::from_secs(60 * 60);

/// Whether `id` may name a file here (what `open` makes: letters, digits, `-`).
fn valid(id: &str) -> bool {
    !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

fn record_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.ended"))
}

fn write_private(path: &Path, text: &str) {
    let temp = path.with_extension(format!("ended-tmp-{}", std::process::id()));
    let written = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&temp)
        .and_then(|mut file| file.write_all(text.as_bytes()));
    if written.is_ok() {
        let _ = fs::rename(&temp, path);
    } else {
        let _ = fs::remove_file(&temp);
    }
}

/// Records that session `id` ended because `why` (and as the most recent
/// session's end when `latest.json` names it).
pub fn record(dir: &Path, id: &str, why: &str) {
    if !valid(id) {
        return;
    }
    write_private(&record_path(dir, id), why);
    let latest = read(&dir.join("latest.json"))
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .is_some_and(|latest| latest["id"] == id);
    if latest {
        write_private(&dir.join("latest.ended"), &format!("{id}\n{why}"));
    }
}

/// What a verb says about session `id` (or the most recent one) when it
/// ended: `session ID has ended: WHY`.
pub fn explain(dir: &Path, id: Option<&str>) -> Option<String> {
    let (id, why) = match id {
        Some(id) if valid(id) => (id.to_owned(), read(&record_path(dir, id))?),
        Some(_) => return None,
        None => {
            let text = read(&dir.join("latest.ended"))?;
            let (id, why) = text.split_once('\n')?;
            (id.to_owned(), why.to_owned())
        }
    };
    Some(format!("session {id} has ended: {why}; start another with `rehearse open`"))
}

/// A small file's text (a record is one line).
fn read(path: &Path) -> Option<String> {
    use std::io::Read;
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
        .open(path)
        .ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut text = String::new();
    file.take(4096).read_to_string(&mut text).ok()?;
    Some(text)
}

/// Before a new session: the most recent session's record goes (it is no
/// longer the most recent), and so do records older than an hour.
pub fn clear_stale(dir: &Path) {
    let _ = fs::remove_file(dir.join("latest.ended"));
    let Ok(entries) = fs::read_dir(dir) else { return };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let path = entry.path();
        let old = entry
            .metadata()
            .and_then(|meta| meta.modified())
            .is_ok_and(|at| now.duration_since(at).is_ok_and(|age| age > KEPT));
        if old && path.extension().is_some_and(|ext| ext == "ended") {
            let _ = fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_explains_the_session_by_id_and_as_the_latest() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("latest.json"), r#"{"id": "5-1"}"#).unwrap();
        record(dir.path(), "5-1", "the program exited (exit code 0)");
        let said = "session 5-1 has ended: the program exited (exit code 0)";
        assert!(explain(dir.path(), Some("5-1")).unwrap().starts_with(said));
        assert!(explain(dir.path(), None).unwrap().starts_with(said));
        assert_eq!(explain(dir.path(), Some("6-1")), None);
        assert_eq!(explain(dir.path(), Some("../x")), None);
        clear_stale(dir.path());
        assert_eq!(explain(dir.path(), None), None, "a new session is the latest now");
        assert!(explain(dir.path(), Some("5-1")).is_some(), "kept for an hour");
        record(dir.path(), "../escape", "x");
        assert!(!dir.path().join("../escape.ended").exists());
    }
}
