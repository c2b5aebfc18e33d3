//! docs/cli.md's quick start, as a newcomer runs it: the build line builds
//! the CLI and the examples and puts them on `PATH`, and every command of
//! "An agent's session" succeeds, in order, through a shell.

use crate::support;

use std::process::Command;

use support::{Runtime, todo};

/// The first ```sh block after `heading` in docs/cli.md, one command a line
/// (comments dropped).
fn block_after(heading: &str) -> Vec<String> {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md")).unwrap();
    let from = docs.find(heading).unwrap_or_else(|| panic!("{heading} in docs/cli.md"));
    let block = docs[from..].split("```sh\n").nth(1).unwrap().split("```").next().unwrap();
    block
        .lines()
        .map(|line| line.split(" #").next().unwrap().trim().to_owned())
        .filter(|line| !line.is_empty())
        .collect()
}

#[test]
fn the_build_line_builds_the_examples_and_puts_rehearse_on_path() {
    let build = block_after("# The `rehearse` command");
    assert!(build[0].contains("-p rehearse-cli") && build[0].contains("-p rehearse-examples"));
    assert!(build[1].starts_with("export PATH=") && build[1].contains("target/debug"));
}

#[test]
fn every_command_of_the_agents_session_succeeds() {
    let runtime = Runtime::new();
    let rehearse = std::path::Path::new(env!("CARGO_BIN_EXE_rehearse"));
    let path = format!(
        "{}:{}",
        rehearse.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for line in block_after("## An agent's session") {
        // The examples are wherever this build put them.
        let line = line.replace("target/debug/todo", todo().to_str().unwrap());
        let output = Command::new("/bin/sh")
            .args(["-c", &line])
            .env("PATH", &path)
            .env("XDG_RUNTIME_DIR", runtime.dir.path())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "`{line}`: {}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        if line == "rehearse snapshot" {
            let screen = String::from_utf8_lossy(&output.stdout);
            assert!(screen.contains("Buy milk") && screen.contains("Tea"), "{screen}");
        }
    }
}
