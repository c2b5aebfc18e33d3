//! Where a trace's files go and how they are written: `trace.json`,
//! `trace.md` and `trace.html` side by side, each renamed atomically into
//! place.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::artifacts::write_atomic;
use crate::note::TracePaths;
use crate::trace::model::TraceDocument;
use crate::trace::write::{html, markdown};

/// Writes the document's three files into `dir` (created if need be).
///
/// # Errors
///
/// What creating the directory or writing a file fails with.
pub fn write_trace(dir: &Path, document: &TraceDocument) -> std::io::Result<TracePaths> {
    let paths = TracePaths::in_dir(dir);
    std::fs::create_dir_all(dir)?;
    let json = document.to_json();
    write_atomic(&paths.json, json.as_bytes())?;
    write_atomic(&paths.markdown, markdown::render(document).as_bytes())?;
    write_atomic(&paths.html, html::render_json(&document.title, &json).as_bytes())?;
    Ok(paths)
}

/// The current test's name: the thread's (cargo's test harness names each
/// test's thread after it), else the program's.
pub(crate) fn default_title() -> String {
    match std::thread::current().name() {
        Some(name) if name != "main" => name.to_owned(),
        _ => std::env::current_exe()
            .ok()
            .and_then(|exe| exe.file_stem().map(|stem| stem.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "rehearse".to_owned()),
    }
}

/// `title` as a directory name: `[A-Za-z0-9._-]`, `::` as `.`, at most
/// 100 bytes.
fn dir_name(title: &str) -> String {
    let mut name: String = title
        .replace("::", ".")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' })
        .collect();
    name.truncate(100);
    let name = name.trim_start_matches('.');
    if name.is_empty() { "trace".to_owned() } else { name.to_owned() }
}

/// `target/rehearse/traces/<title>/` in the cargo target directory of the
/// running program (`CARGO_TARGET_DIR`, else the directory holding cargo's
/// `CACHEDIR.TAG` above the executable), else under the system's temporary
/// directory.
pub(crate) fn default_dir(title: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).or_else(|| {
        let exe = std::env::current_exe().ok()?;
        exe.ancestors()
            .skip(1)
            .find(|dir| dir.join("CACHEDIR.TAG").is_file())
            .map(Path::to_path_buf)
    });
    let base = target.unwrap_or_else(std::env::temp_dir);
    base.join("rehearse").join("traces").join(dir_name(title))
}

/// The directories sessions of this process have written traces into, and
/// for each directory asked for, the next suffix to try.
static CLAIMED: Mutex<Option<Claims>> = Mutex::new(None);

/// The directories claimed, and the next suffix to try for each asked for.
type Claims = (HashSet<PathBuf>, HashMap<PathBuf, usize>);

/// `dir`, or `dir-2`, `dir-3`… when another session of this process
/// already writes into it; the directory returned is this caller's.
pub(crate) fn claim(dir: &Path) -> PathBuf {
    let mut claimed = CLAIMED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let (claimed, next) = claimed.get_or_insert_with(Default::default);
    let mut candidate = dir.to_path_buf();
    // Many sessions of one test (a property test's cases) each claim a
    // directory: start past the suffixes handed out already.
    let n = next.entry(dir.to_path_buf()).or_insert(1);
    while claimed.contains(&candidate) {
        *n += 1;
        let mut name = dir.file_name().unwrap_or_default().to_os_string();
        name.push(format!("-{n}"));
        candidate = dir.with_file_name(name);
    }
    claimed.insert(candidate.clone());
    candidate
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_safe_and_claims_unique() {
        assert_eq!(dir_name("tests::todo::adds a todo"), "tests.todo.adds_a_todo");
        assert_eq!(dir_name("../x"), "_x".trim_start_matches('.'));
        let dir = std::env::temp_dir().join("rehearse-claim-test");
        let first = claim(&dir);
        let second = claim(&dir);
        assert_eq!(first, dir);
        assert_eq!(second.file_name().unwrap(), "rehearse-claim-test-2");
    }
}
