//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::time::Duration;

use rehearse_lang::{TerminalCondition, TextMatcher, TextRegion};
use rehearse_pty::PtySessionOptions;

/// Generous: waits end on signals long before this.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// The prompt the test shells print, as the screen shows it (rows are
/// right-trimmed, so without its trailing space).
pub const PROMPT: &str = "READY$";

/// `bash --norc --noprofile` with a known prompt and no history file.
pub fn bash() -> PtySessionOptions {
    PtySessionOptions::new("bash")
        .args(["--norc", "--noprofile"])
        .env("PS1", format!("{PROMPT} "))
        .env("HISTFILE", "/dev/null")
        .size(80, 24)
}

/// One process as `/proc/PID/stat` shows it: (pid, state, pgid, sid).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proc {
    pub pid: i32,
    pub state: char,
    pub pgid: i32,
    pub sid: i32,
}

/// Every process on the machine, from `/proc/*/stat`.
pub fn processes() -> Vec<Proc> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.parse::<i32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        let Some(close) = stat.rfind(')') else { continue };
        let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
        out.push(Proc {
            pid,
            state: fields[0].chars().next().unwrap(),
            pgid: fields[2].parse().unwrap(),
            sid: fields[3].parse().unwrap(),
        });
    }
    out
}

/// The processes in any of these process groups, or in this session.
pub fn members(sid: i32, pgids: &[i32]) -> Vec<Proc> {
    processes().into_iter().filter(|p| p.sid == sid || pgids.contains(&p.pgid)).collect()
}

/// The path of a fixture program.
pub fn fixture(name: &str) -> String {
    match name {
        "echo" => env!("CARGO_BIN_EXE_rehearse-fixture-echo").to_owned(),
        "queries" => env!("CARGO_BIN_EXE_rehearse-fixture-queries").to_owned(),
        "marker" => env!("CARGO_BIN_EXE_rehearse-fixture-marker").to_owned(),
        "inline" => env!("CARGO_BIN_EXE_rehearse-fixture-inline").to_owned(),
        "crossterm" => env!("CARGO_BIN_EXE_rehearse-fixture-crossterm").to_owned(),
        "delayed" => env!("CARGO_BIN_EXE_rehearse-fixture-delayed").to_owned(),
        other => panic!("no fixture {other}"),
    }
}

/// `contains=TEXT,screen`: the screen shows `text`.
pub fn screen_contains(text: &str) -> TerminalCondition {
    TerminalCondition::Text {
        region: TextRegion::Screen,
        matcher: TextMatcher::Contains(text.into()),
    }
}
