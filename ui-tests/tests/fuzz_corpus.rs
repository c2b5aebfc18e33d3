//! Replays every committed fuzz input — the seed corpora and the crashes
//! kept after their fix — through the same target bodies the cargo-fuzz
//! crate runs (`fuzz/targets.rs`), on stable, so `cargo test --workspace`
//! keeps every fixed crash fixed. See `fuzz/README.md` to fuzz for longer.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

#[path = "../../fuzz/targets.rs"]
mod targets;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// The files of `dir`, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a readable corpus entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn every_corpus_file_replays_without_a_failure() {
    // The panic hook would print every caught panic; report them once below.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failures = Vec::new();
    let mut replayed = 0;
    for &(name, target) in targets::TARGETS {
        let corpus = files(&fuzz_dir().join("corpus").join(name));
        assert!(!corpus.is_empty(), "fuzz/corpus/{name} has no seeds");
        let kept = files(&fuzz_dir().join("regressions").join(name));
        for path in corpus.iter().chain(&kept) {
            let data = std::fs::read(path).expect("a readable corpus file");
            replayed += 1;
            if let Err(payload) = catch_unwind(AssertUnwindSafe(|| target(&data))) {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                failures.push(format!("{name}: {}: {message}", path.display()));
            }
        }
    }
    std::panic::set_hook(hook);
    assert!(
        failures.is_empty(),
        "{} of {replayed} inputs fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_target_has_a_fuzz_binary_and_a_corpus() {
    for &(name, _) in targets::TARGETS {
        let binary = fuzz_dir().join("fuzz_targets").join(format!("{name}.rs"));
        let source = std::fs::read_to_string(&binary)
            .unwrap_or_else(|error| panic!("{}: {error}", binary.display()));
        assert!(source.contains("#[path = \"../targets.rs\"]"), "{name} must share the bodies");
        assert!(fuzz_dir().join("corpus").join(name).is_dir(), "no corpus for {name}");
    }
}
