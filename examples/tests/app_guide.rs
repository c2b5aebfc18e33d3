//! `docs/app.md` holds the whole tea-timer crate, block by block: each
//! ```` ```rust ```` or ```` ```toml ```` block follows a marker that names
//! the file it belongs to (`<!-- file: src/lib.rs -->`), or says it repeats
//! lines of one (`<!-- again: src/lib.rs -->`). These tests put each file's
//! blocks together, check that the crate is the repository's own tea timer
//! (`examples/src/tea.rs`, its binary and its tests), and build the crate as
//! a newcomer would — in a directory of its own, depending on `rehearse` by
//! path — and run its tests.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const GUIDE: &str = include_str!("../../docs/app.md");

/// The crate the guide builds, as its `Cargo.toml` names it.
const CRATE: &str = "tea_timer";

/// Where the guide's `Cargo.toml` says `rehearse` is: a checkout beside the
/// crate, replaced by this workspace's own.
const REHEARSE_PATH: &str = r#"path = "../rehearse/runtime/rehearse""#;

struct Block {
    /// The guide's line the block starts on.
    line: usize,
    /// Part of the file (`true`), or lines of it again.
    part: bool,
    file: String,
    text: String,
}

/// Every block of code in the guide, each with its marker.
fn blocks() -> Vec<Block> {
    let lines: Vec<&str> = GUIDE.lines().collect();
    let mut blocks = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let fence = lines[at];
        let Some(language) = fence.strip_prefix("```").filter(|language| !language.is_empty())
        else {
            at += 1;
            continue;
        };
        let end = lines[at + 1..].iter().position(|line| *line == "```").map(|end| at + 1 + end);
        let end = end.unwrap_or_else(|| panic!("docs/app.md:{}: a block that never ends", at + 1));
        if language != "text" {
            let marker = at.checked_sub(1).map_or("", |before| lines[before]);
            let (part, file) = if let Some(file) = marker.strip_prefix("<!-- file: ") {
                (true, file)
            } else if let Some(file) = marker.strip_prefix("<!-- again: ") {
                (false, file)
            } else {
                panic!(
                    "docs/app.md:{}: a ```{language} block without `<!-- file: PATH -->` or `<!-- again: PATH -->` before it",
                    at + 1
                )
            };
            let mut text = lines[at + 1..end].join("\n");
            text.push('\n');
            let file = file.trim_end_matches("-->").trim().to_owned();
            blocks.push(Block { line: at + 1, part, file, text });
        }
        at = end + 1;
    }
    blocks
}

/// Each file of the crate: its blocks in order, a blank line between them.
fn crate_files() -> BTreeMap<String, String> {
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    for block in blocks().into_iter().filter(|block| block.part) {
        let file = files.entry(block.file).or_default();
        if !file.is_empty() {
            file.push('\n');
        }
        file.push_str(&block.text);
    }
    files
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

#[test]
fn the_guide_holds_a_whole_crate_and_repeats_only_its_lines() {
    let files = crate_files();
    let names: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(names, ["Cargo.toml", "src/lib.rs", "src/main.rs", "tests/tea.rs"]);
    let mut repeats = 0;
    for block in blocks().into_iter().filter(|block| !block.part) {
        let file = files.get(&block.file).unwrap_or_else(|| {
            panic!("docs/app.md:{}: `{}` is no file of the crate", block.line, block.file)
        });
        let lines: Vec<&str> = file.lines().map(str::trim_start).collect();
        let wanted: Vec<&str> = block.text.lines().map(str::trim_start).collect();
        assert!(
            lines.windows(wanted.len()).any(|window| window == wanted.as_slice()),
            "docs/app.md:{}: these lines are not in {}:\n{}",
            block.line,
            block.file,
            block.text
        );
        repeats += 1;
    }
    assert!(repeats >= 3, "the guide looks again at what it shows: {repeats} repeats");
}

#[test]
fn the_guides_crate_is_the_tea_timer_of_the_examples() {
    let files = crate_files();
    let read = |path: &str| {
        std::fs::read_to_string(workspace().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    // The examples' copy names the library by its place in this crate.
    let as_guide = |text: String| text.replace("rehearse_examples::tea", CRATE);
    for (file, example) in [
        ("src/lib.rs", "examples/src/tea.rs"),
        ("src/main.rs", "examples/src/bin/tea.rs"),
        ("tests/tea.rs", "examples/tests/tea.rs"),
    ] {
        assert_eq!(
            files[file],
            as_guide(read(example)),
            "docs/app.md's {file} is not {example}: copy the code into the guide again"
        );
    }
}

#[test]
fn the_guides_crate_builds_and_its_tests_pass() {
    let files = crate_files();
    let dir = tempfile::tempdir().expect("a directory for the crate");
    let rehearse = workspace().join("runtime/rehearse");
    for (file, text) in &files {
        let text = if file == "Cargo.toml" {
            assert!(text.contains(REHEARSE_PATH), "the guide's Cargo.toml has {REHEARSE_PATH}");
            text.replace(REHEARSE_PATH, &format!("path = {:?}", rehearse.display().to_string()))
        } else {
            text.clone()
        };
        let path = dir.path().join(file);
        std::fs::create_dir_all(path.parent().expect("in a directory")).expect("a directory");
        std::fs::write(&path, text).expect("the file is written");
    }
    // The workspace's versions of everything, so nothing is fetched.
    std::fs::copy(workspace().join("Cargo.lock"), dir.path().join("Cargo.lock"))
        .expect("the lock file is copied");
    // A target directory of its own, kept between runs: only what changed
    // is built again.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("app-guide");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["test", "--offline", "--quiet"])
        .current_dir(dir.path())
        .env("CARGO_TARGET_DIR", &target)
        // As light as the workspace's own debug builds.
        .env("CARGO_PROFILE_DEV_DEBUG", "line-tables-only")
        .env("CARGO_TERM_COLOR", "never")
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the guide's crate failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
    assert!(stdout.contains("4 passed"), "its four tests ran:\n{stdout}");
}
