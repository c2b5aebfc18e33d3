//! Every crate's integration tests are modules of one binary,
//! `tests/main.rs`, with `autotests = false` in its `Cargo.toml` (see
//! ARCHITECTURE.md, "Tests"). Cargo then builds only the `[[test]]` targets a
//! manifest names, so a test file added beside the others but declared
//! nowhere would silently never run: this test reads every member's
//! `tests/` folder and fails on such a file, naming the line that adds it.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The workspace's members, as their folders.
fn members() -> Vec<PathBuf> {
    let manifest = fs::read_to_string(workspace().join("Cargo.toml")).expect("Cargo.toml");
    let start = manifest.find("members = [").expect("a members list");
    let list = &manifest[start..start + manifest[start..].find(']').expect("its end")];
    list.lines()
        .filter_map(|line| line.trim().strip_prefix('"')?.strip_suffix("\","))
        .map(|member| workspace().join(member))
        .collect()
}

/// The `path = "tests/…"` of every `[[test]]` in `manifest`.
fn test_paths(manifest: &str) -> BTreeSet<String> {
    manifest
        .split("[[test]]")
        .skip(1)
        .filter_map(|entry| {
            let line = entry.lines().find(|line| line.trim_start().starts_with("path = "))?;
            Some(line.split('"').nth(1)?.to_owned())
        })
        .collect()
}

/// The modules `tests/main.rs` declares from files (`mod name;`).
fn declared_modules(main: &str) -> BTreeSet<String> {
    main.lines()
        .filter_map(|line| line.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_integration_test_file_is_built() {
    let mut checked = 0;
    let mut undeclared = Vec::new();
    for member in members() {
        let tests = member.join("tests");
        if !tests.is_dir() {
            continue;
        }
        let manifest = fs::read_to_string(member.join("Cargo.toml")).expect("a manifest");
        let name = member.file_name().unwrap().to_string_lossy().into_owned();
        assert!(manifest.contains("\nautotests = false\n"), "{name}: no `autotests = false`");
        let paths = test_paths(&manifest);
        assert!(paths.contains("tests/main.rs"), "{name}: no [[test]] for tests/main.rs");
        let main = fs::read_to_string(tests.join("main.rs")).expect("tests/main.rs");
        let modules = declared_modules(&main);
        for entry in fs::read_dir(&tests).expect("a readable tests folder").flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            let built = if path.is_dir() {
                // A folder of modules is one module or, with a main.rs,
                // a binary of its own.
                !path.join("main.rs").exists() || paths.contains(&format!("tests/{file}/main.rs"))
            } else if let Some(module) = file.strip_suffix(".rs") {
                file == "main.rs"
                    || modules.contains(module)
                    || paths.contains(&format!("tests/{file}"))
            } else {
                true
            };
            checked += 1;
            if !built {
                undeclared.push(format!(
                    "{name}/tests/{file}: add `mod {};` to tests/main.rs (or, for a test \
                     that needs a process of its own, a [[test]] in Cargo.toml)",
                    file.trim_end_matches(".rs")
                ));
            }
        }
    }
    assert!(checked > 100, "the tests folders were read: {checked} entries");
    assert!(undeclared.is_empty(), "test files that are never built:\n{}", undeclared.join("\n"));
}

#[test]
fn the_check_sees_an_undeclared_file() {
    let main = "//! Doc.\n\nmod support;\n\nmod act;\n";
    assert_eq!(declared_modules(main), BTreeSet::from(["support".into(), "act".into()]));
    let manifest = "[[test]]\nname = \"integration\"\npath = \"tests/main.rs\"\n\n[lints]\n";
    assert_eq!(test_paths(manifest), BTreeSet::from(["tests/main.rs".into()]));
    assert!(!declared_modules(main).contains("trace"), "an undeclared file is seen");
}
