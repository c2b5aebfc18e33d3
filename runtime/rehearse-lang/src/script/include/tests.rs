use std::path::{Path, PathBuf};

use super::*;
use crate::script::parse_script;
use crate::{AutomationStep, KeyCode, Selector};

/// A directory of script files, removed when dropped (even on panic).
struct Files(PathBuf);

impl Files {
    fn new(name: &str, files: &[(&str, &str)]) -> Self {
        let dir =
            std::env::temp_dir().join(format!("rehearse-include-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        Self(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn use_splices_a_file_relative_to_the_including_one() {
    let files = Files::new(
        "splice",
        &[
            ("main.steps", "click:#a\nuse:common/login.steps\nkey:enter"),
            ("common/login.steps", "# log in\nclick:#user; use:\"pass.steps\""),
            ("common/pass.steps", "type:secret"),
        ],
    );
    let script = parse_script_file(files.path("main.steps")).unwrap();
    let steps: Vec<String> = script.automation_steps().map(ToString::to_string).collect();
    assert_eq!(steps, ["click:#a", "click:#user", "type:secret", "key:enter"]);
    assert_eq!(script.steps[3].step, AutomationStep::key(KeyCode::Enter));
    // Steps name the file they come from, with its own lines.
    let login = &script.steps[1];
    assert!(login.file.as_deref().is_some_and(|f| f.ends_with("login.steps")), "{login:?}");
    assert_eq!((login.line, login.column), (2, 1));
    assert_eq!(script.steps[0].file, None);
    assert_eq!(script.files.len(), 3);
    assert_eq!(script.steps[1].step, AutomationStep::click(Selector::id("user")));
}

#[test]
fn a_related_place_in_another_file_is_named_there() {
    let files = Files::new(
        "related",
        &[
            ("first.steps", "checkpoint:home\nuse:shared.steps\n"),
            ("shared.steps", "key:enter\ncheckpoint:home\ncheckpoint:done\n"),
            ("last.steps", "use:shared.steps\n\n  checkpoint:done\n"),
            ("top.steps", "checkpoint:deep\nuse:middle.steps\n"),
            ("middle.steps", "key:up\nkey:up\nuse:inner/deep.steps\n"),
            ("inner/deep.steps", "key:down\ncheckpoint:deep\n"),
        ],
    );
    let ends =
        |file: &Option<String>, name: &str| file.as_deref().is_some_and(|f| f.ends_with(name));
    // The duplicate is in the included file; the first use in the script.
    let errors = parse_script_file(files.path("first.steps")).unwrap_err();
    let error = &errors.errors[0];
    assert!(ends(&error.file, "shared.steps"), "{error}");
    assert_eq!(error.related, Some((1, 12)));
    assert!(ends(&error.related_file, "first.steps"), "{error}");
    // The duplicate is in the script; the first use in the included file.
    let errors = parse_script_file(files.path("last.steps")).unwrap_err();
    let error = &errors.errors[0];
    assert_eq!((error.file.as_deref(), error.line, error.column), (None, 3, 14));
    assert_eq!(error.related, Some((3, 12)));
    assert!(ends(&error.related_file, "shared.steps"), "{error}");
    assert!(error.to_string().contains("shared.steps: line 3, column 12)"), "{error}");
    // Two levels down, the first use is named in the top-level script.
    let errors = parse_script_file(files.path("top.steps")).unwrap_err();
    let error = &errors.errors[0];
    assert!(ends(&error.file, "deep.steps"), "{error}");
    assert_eq!((error.line, error.related), (2, Some((1, 12))));
    assert!(ends(&error.related_file, "top.steps"), "{error}");
}

#[test]
fn included_files_are_named_by_the_path_as_written_at_any_depth() {
    let files = Files::new(
        "named",
        &[
            ("real/top.steps", "use:sub/mid.steps"),
            ("real/sub/mid.steps", "key:enter\nuse:deep.steps"),
            ("real/sub/deep.steps", "clik:#x"),
        ],
    );
    // Reached through a link: names follow the link, as written, not
    // where the files really are.
    std::os::unix::fs::symlink(files.path("real"), files.path("link")).unwrap();
    let errors = parse_script_file(files.path("link/top.steps")).unwrap_err();
    let deep = errors.errors[0].file.clone().unwrap();
    assert_eq!(Path::new(&deep), files.path("link").join("sub").join("deep.steps"));
    let script = parse_script_file(files.path("link/sub/mid.steps"));
    assert!(script.is_err(), "the same error from the middle file");
}

#[test]
fn a_use_reads_a_file_up_to_the_limit_whatever_size_it_claims() {
    // `/proc` files say they are empty; the kernel's symbols are several
    // MiB on Linux. A sandbox without them has no such file to test:
    // the bounded read itself is proven on `/dev/zero` below.
    let big = std::fs::read("/proc/kallsyms").map(|bytes| bytes.len()).unwrap_or(0);
    if big as u64 <= MAX_INCLUDE_BYTES {
        return;
    }
    let errors = parse_script("use:/proc/kallsyms").unwrap_err();
    assert!(errors.errors[0].message.contains("MAX_INCLUDE_BYTES"), "{errors}");
}

#[test]
fn a_script_file_is_read_up_to_the_limit() {
    let files = Files::new("bounded", &[("ok.steps", "key:enter")]);
    assert!(parse_script_file(files.path("ok.steps")).is_ok());
    let errors = parse_script_file("/dev/zero").unwrap_err();
    assert!(errors.errors[0].message.contains("MAX_INCLUDE_BYTES"), "{errors}");
    std::fs::write(files.path("latin1.steps"), b"type:caf\xe9").unwrap();
    let errors = parse_script_file(files.path("latin1.steps")).unwrap_err();
    assert!(errors.errors[0].message.contains("not UTF-8"), "{errors}");
}

#[test]
fn include_errors_name_the_file_and_the_cycle() {
    let files = Files::new(
        "errors",
        &[
            ("a.steps", "use:b.steps"),
            ("b.steps", "key:enter\nuse:a.steps"),
            ("bad.steps", "click:#ok\nclik:#save"),
            ("uses_bad.steps", "use:bad.steps\nuse:missing.steps"),
        ],
    );
    let errors = parse_script_file(files.path("a.steps")).unwrap_err();
    assert_eq!(errors.errors.len(), 1, "{errors}");
    let cycle = &errors.errors[0];
    assert_eq!(cycle.kind, ErrorKind::InvalidInclude);
    assert!(cycle.message.contains("includes itself") && cycle.message.contains(" → "), "{cycle}");
    assert!(cycle.to_string().contains("b.steps: line 2, column 1"), "{cycle}");

    let errors = parse_script_file(files.path("uses_bad.steps")).unwrap_err();
    let shown: Vec<String> = errors.errors.iter().map(ToString::to_string).collect();
    // Where, what was expected, the token: never the included line.
    assert!(
        shown[0].contains("bad.steps: line 2, column 1: unknown-verb: expected a step")
            && shown[0].contains("found `clik`; did you mean `click`"),
        "{shown:?}"
    );
    assert!(!shown[0].contains("clik:#save"), "{shown:?}");
    assert!(shown[1].contains("cannot read") && shown[1].contains("missing.steps"), "{shown:?}");
}

#[test]
fn a_fan_out_of_use_fails_once_it_passes_the_step_limit() {
    // 1,000 × 1,000 × 1,000 steps: 10⁹ if it expanded whole.
    let fan = |line: &str| format!("{line}\n").repeat(1000);
    let files = Files::new(
        "fan-out",
        &[
            ("a.steps", &fan("use:b.steps")),
            ("b.steps", &fan("use:c.steps")),
            ("c.steps", &fan("drain")),
        ],
    );
    let errors = parse_script_file(files.path("a.steps")).unwrap_err();
    assert_eq!(errors.len(), 1, "one error, then nothing more is read");
    let error = &errors.errors[0];
    assert_eq!(error.kind, ErrorKind::ScriptTooLarge);
    assert!(error.message.contains("more than 100000 steps (MAX_SCRIPT_STEPS"), "{error}");
    // `use:` of empty files counts too: a million of them is no script.
    let files = Files::new(
        "fan-out-empty",
        &[("a.steps", &fan("use:b.steps")), ("b.steps", &fan("use:c.steps")), ("c.steps", "")],
    );
    let errors = parse_script_file(files.path("a.steps")).unwrap_err();
    assert_eq!(errors.errors[0].kind, ErrorKind::ScriptTooLarge, "{errors}");
    // One script of exactly the limit is fine.
    let files = Files::new(
        "at-limit",
        &[("a.steps", &fan("use:b.steps")), ("b.steps", &"drain\n".repeat(99))],
    );
    assert_eq!(parse_script_file(files.path("a.steps")).unwrap().len(), 99_000);
}

#[test]
fn a_fan_out_of_large_files_fails_on_the_bytes_it_would_parse() {
    // Comments only: no steps, but 1 MiB to read and parse each time.
    let big = "#".repeat(MAX_INCLUDE_BYTES as usize - 1);
    let files =
        Files::new("fan-bytes", &[("a.steps", &"use:big.steps\n".repeat(40)), ("big.steps", &big)]);
    let errors = parse_script_file(files.path("a.steps")).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors}");
    assert!(errors.errors[0].message.contains("MAX_EXPANDED_BYTES"), "{errors}");
    assert_eq!(errors.errors[0].line, 17, "the 17th MiB passes 16 MiB");
}

#[test]
fn an_included_file_that_is_not_a_script_is_never_quoted() {
    let files = Files::new(
        "not-a-script",
        &[
            ("environ", "TOKEN=hunter2-secret\0HOME=/root\0"),
            ("dot.env", "API_TOKEN=hunter2-secret\nURL=https://x:hunter2-secret@example.com\n"),
            ("script.steps", "use:environ\nuse:dot.env\n"),
        ],
    );
    let errors = parse_script_file(files.path("script.steps")).unwrap_err();
    let shown = errors.to_string();
    assert!(!shown.contains("hunter2"), "{shown}");
    assert!(shown.contains("U+0000 at line 1, column 21"), "{shown}");
    // Each error says where and what was expected.
    assert!(shown.contains("dot.env: line 1, column 1: unknown-verb: expected a step"), "{shown}");
    assert!(shown.contains("dot.env: line 2, column 1:"), "{shown}");
    assert!(errors.iter().all(|error| error.file.is_none() || error.source.is_empty()));
}

#[test]
fn a_confined_script_reads_use_files_only_below_its_directory() {
    let files = Files::new(
        "confined",
        &[
            ("root/ok.steps", "key:enter\nuse:sub/deeper.steps"),
            ("root/sub/deeper.steps", "drain"),
            ("root/sub/climbs.steps", "use:../../outside.steps"),
            ("outside.steps", "key:tab"),
        ],
    );
    let root = files.path("root");
    std::os::unix::fs::symlink(files.path("outside.steps"), root.join("link.steps")).unwrap();
    let below = UseFiles::Below(&root);
    let context = CheckContext::new();
    // Relative to the directory, nested files relative to theirs.
    let script = parse_script_with_uses("use:ok.steps", &context, below).unwrap();
    assert_eq!(script.len(), 2);
    for (text, why) in [
        ("use:/etc/passwd", "by a relative path without `..`"),
        ("use:../outside.steps", "by a relative path without `..`"),
        ("use:sub/climbs.steps", "by a relative path without `..`"),
        ("use:link.steps", "leads outside"),
    ] {
        let errors = parse_script_with_uses(text, &context, below).unwrap_err();
        let error = &errors.errors[0];
        assert_eq!(error.kind, ErrorKind::InvalidInclude, "{text}: {errors}");
        assert!(error.message.contains(why), "{text}: {errors}");
    }
    // Refused: nothing is read, and the error says why.
    let refused = UseFiles::Refused("this server was given no directory");
    let errors = parse_script_with_uses("use:ok.steps", &context, refused).unwrap_err();
    assert!(
        errors.errors[0].message.contains("reads no file here: this server was given no directory"),
        "{errors}"
    );
    // The working directory, as `parse_script` reads.
    let errors =
        parse_script_with_uses("use:surely/not/here.steps", &context, UseFiles::WorkingDirectory)
            .unwrap_err();
    assert!(errors.errors[0].message.contains("cannot read"), "{errors}");
}

#[test]
fn a_script_that_is_not_a_file_includes_from_the_working_directory() {
    let errors = parse_script("use:surely/not/here.steps").unwrap_err();
    assert!(errors.errors[0].message.contains("surely/not/here.steps"), "{errors}");
    let error = crate::script::parse_step_str("use:x.steps").unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidInclude);
    assert!(Path::new(".").exists());
}
