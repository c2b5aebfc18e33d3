//! Atomic writes: a reader never sees a partial file, a failed rename leaves
//! no temporary file.

use std::fs;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rehearse::artifacts::{Artifacts, Format, write_atomic};
use rehearse::prelude::*;

use crate::support::{files, scratch, session};

// ---------------------------------------------------------------- atomic

#[test]
fn a_reader_never_sees_a_partial_file() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("reader");
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.txt");
    let (a, b) = (vec![b'a'; 1 << 20], vec![b'b'; 1 << 20]);
    write_atomic(&path, &a).unwrap();
    let done = Arc::new(AtomicBool::new(false));
    let reader = {
        let (path, done) = (path.clone(), Arc::clone(&done));
        std::thread::spawn(move || {
            let mut reads = 0;
            while !done.load(Ordering::Relaxed) || reads < 10 {
                let bytes = fs::read(&path).expect("the file always exists");
                assert_eq!(bytes.len(), 1 << 20, "a partial file");
                assert!(bytes.iter().all(|&byte| byte == bytes[0]), "a mixed file");
                reads += 1;
            }
            reads
        })
    };
    for round in 0..40 {
        write_atomic(&path, if round % 2 == 0 { &b } else { &a }).unwrap();
    }
    done.store(true, Ordering::Relaxed);
    assert!(reader.join().expect("the reader saw only whole files") >= 10);
    assert_eq!(files(&dir), ["big.txt"], "no temporary file is left");
}

#[test]
fn a_failed_rename_leaves_no_temporary_file() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("rename");
    // The target is a non-empty directory: the rename onto it fails.
    fs::create_dir_all(dir.join("start.md").join("occupied")).unwrap();
    let mut session = session();
    session.add_checkpoint_sink(Artifacts::new(&dir).formats([Format::Text, Format::Markdown]));
    let error = session.step(AutomationStep::checkpoint("start")).unwrap_err();
    assert!(matches!(error.error, AutomationError::Io(_)), "{error}");
    assert!(error.to_string().contains("start.md"), "{error}");
    // The text file was written before (files are atomic each, not as a
    // group); the failed one left no temporary file.
    assert_eq!(files(&dir), ["start.md", "start.txt"]);
    assert!(dir.join("start.md").join("occupied").is_dir());
}
