//! The seed corpora hold every spelling docs/testing.md documents, so the
//! fuzzer starts from each form of the grammar (and `fuzz/README.md` may say
//! so): a row added to the spelling or error table without its seeds fails
//! here, naming the row and the command that adds the missing seed.
//!
//! - every row of the spelling table: its `script` cell in `corpus/step/` and
//!   `corpus/script/`, its `scenario!` cell in `corpus/step/`;
//! - every example of the error table: its script in `corpus/step/` and
//!   `corpus/script/`.
//!
//! `build.rs` extracts both tables (the same extraction `conformance.rs`
//! checks the grammar against).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// (script, scenario!, line in docs/testing.md).
type SpellingRow = (&'static str, &'static str, u32);

/// (script, class, line, column, message, line in docs/testing.md).
type ErrorRow = (&'static str, &'static str, usize, usize, &'static str, u32);

fn spellings() -> &'static [SpellingRow] {
    include!(concat!(env!("OUT_DIR"), "/conformance_spellings.rs"))
}

fn errors() -> &'static [ErrorRow] {
    include!(concat!(env!("OUT_DIR"), "/conformance_errors.rs"))
}

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus").join(target)
}

/// The contents of every file of a target's corpus.
fn corpus(target: &str) -> HashSet<Vec<u8>> {
    let dir = corpus_dir(target);
    std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a readable corpus entry").path())
        .filter(|path| path.is_file())
        .map(|path| std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

/// `text` quoted for a POSIX shell.
fn shell_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The seeds `wanted` ((target, spelling, line in docs/testing.md)) that no
/// corpus file holds exactly, each with the command that adds it under the
/// corpus's naming (`seed-` and the first 16 hex digits of its SHA-1).
fn missing(wanted: &[(&str, &str, u32)]) -> Vec<String> {
    let corpora: Vec<(&str, HashSet<Vec<u8>>)> =
        ["step", "script"].into_iter().map(|target| (target, corpus(target))).collect();
    wanted
        .iter()
        .filter(|(target, spelling, _)| {
            let (_, seeds) = corpora
                .iter()
                .find(|(name, _)| name == target)
                .unwrap_or_else(|| panic!("no corpus {target}"));
            !seeds.contains(spelling.as_bytes())
        })
        .map(|(target, spelling, line)| {
            let quoted = shell_quoted(spelling);
            format!(
                "docs/testing.md:{line}: no seed in fuzz/corpus/{target}/ is `{spelling}`; add it with\n    \
                 printf %s {quoted} > fuzz/corpus/{target}/seed-$(printf %s {quoted} | sha1sum | cut -c1-16)"
            )
        })
        .collect()
}

fn assert_none_missing(wanted: &[(&str, &str, u32)]) {
    let missing = missing(wanted);
    assert!(
        missing.is_empty(),
        "{} of {} seeds are missing:\n{}",
        missing.len(),
        wanted.len(),
        missing.join("\n")
    );
}

#[test]
fn every_spelling_row_has_its_seeds() {
    let rows = spellings();
    assert!(rows.len() > 100, "only {} spelling rows were extracted", rows.len());
    let wanted: Vec<(&str, &str, u32)> = rows
        .iter()
        .flat_map(|&(script, scenario, line)| {
            [("step", script, line), ("script", script, line), ("step", scenario, line)]
        })
        .collect();
    assert_none_missing(&wanted);
}

#[test]
fn every_error_example_has_its_seeds() {
    let rows = errors();
    assert!(rows.len() > 40, "only {} error rows were extracted", rows.len());
    let wanted: Vec<(&str, &str, u32)> = rows
        .iter()
        .flat_map(|&(script, .., line)| [("step", script, line), ("script", script, line)])
        .collect();
    assert_none_missing(&wanted);
}

#[test]
fn a_missing_seed_names_its_row_and_the_command_that_adds_it() {
    let missing = missing(&[("step", "key:it's-not-a-seed", 7), ("script", "key:enter", 8)]);
    assert_eq!(missing.len(), 1, "only the spelling no seed holds: {missing:?}");
    assert!(missing[0].starts_with("docs/testing.md:7: no seed in fuzz/corpus/step/"));
    assert!(missing[0].contains(r"printf %s 'key:it'\''s-not-a-seed' > fuzz/corpus/step/seed-"));
}
