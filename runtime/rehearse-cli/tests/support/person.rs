//! A scripted person at a terminal: rehearse's terminal plane plays the
#![allow(dead_code)] // each test module uses its own part
//! terminal `rehearse record` runs in, types, clicks and presses the
//! recorder's chord, and waits for what the screen shows (an exact signal:
//! the text it waits for, never a pause).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use rehearse_lang::MouseButton;
use rehearse_pty::emulator::ActiveBuffer;
use rehearse_pty::encode::{InputModes, MouseAction, MouseInput, MouseInputButton};
use rehearse_pty::{PtySession, PtySessionOptions, ScreenCondition};

/// The longest any one thing may take to show.
pub const WAIT: Duration = Duration::from_secs(30);

/// The person's terminal: 80x24, so the program gets 80x23.
pub const SIZE: (u16, u16) = (80, 24);

/// The environment of every recorded and replayed program: a fixed prompt,
/// no history file, no rc files' surprises.
pub fn quiet_env() -> Vec<(&'static str, &'static str)> {
    vec![("PS1", "$ "), ("HISTFILE", "/dev/null"), ("LC_ALL", "C"), ("LESSHISTFILE", "-")]
}

/// A person at a terminal running `rehearse record`.
pub struct Person {
    pub session: PtySession,
    pub out: PathBuf,
    pub dir: tempfile::TempDir,
}

impl Person {
    /// `rehearse record --out DIR/NAME EXTRA -- COMMAND` in the person's
    /// terminal; returns once the status line shows.
    ///
    /// A shell runs it, and once it has exited prints the terminal's
    /// settings (`stty -a`) and exits with its code: what the person's
    /// terminal is left with shows on its screen.
    pub fn record(name: &str, extra: &[&str], command: &[&str]) -> Person {
        Person::record_with(name, extra, command, &[])
    }

    /// As [`Person::record`], with more variables for the recorder.
    pub fn record_with(
        name: &str,
        extra: &[&str],
        command: &[&str],
        env: &[(&str, &str)],
    ) -> Person {
        Person::record_in(tempfile::tempdir().unwrap(), name, extra, command, env)
    }

    /// As [`Person::record_with`], in `dir` (the program may lie there).
    pub fn record_in(
        dir: tempfile::TempDir,
        name: &str,
        extra: &[&str],
        command: &[&str],
        env: &[(&str, &str)],
    ) -> Person {
        let out = dir.path().join(name);
        let script = r#"REHEARSE="$1"; shift; "$REHEARSE" "$@"; code=$?; echo "recorder exited $code"; stty -a; exit $code"#;
        let mut options = PtySessionOptions::new("/bin/sh")
            // Relative to the directory it runs in, as a person writes it.
            .args(["-c", script, "sh", env!("CARGO_BIN_EXE_rehearse"), "record", "--out", name])
            .args(extra)
            .arg("--")
            .args(command)
            .current_dir(dir.path())
            .size(SIZE.0, SIZE.1);
        for (key, value) in quiet_env().into_iter().chain(env.iter().copied()) {
            options = options.env(key, value);
        }
        let session = PtySession::spawn(options).expect("rehearse record starts");
        let person = Person { session, out, dir };
        person.sees(" REC ");
        person
    }

    /// Waits until the screen shows `text`, and then until it is stable: a
    /// person reads a screen that has stopped changing before acting on it
    /// (a wait alone may hold on a frame still being drawn).
    pub fn sees(&self, text: &str) {
        if let Err(error) = self.session.wait_screen(&ScreenCondition::contains(text), WAIT) {
            panic!("{error}\nthe person's screen:\n{}", self.session.screen_text());
        }
        if let Err(error) = self.session.wait_settled(WAIT) {
            panic!("{error}\nthe person's screen:\n{}", self.session.screen_text());
        }
    }

    /// Types `text`.
    pub fn types(&self, text: &str) {
        self.session.type_text(text).unwrap();
    }

    /// Presses `key` (as `key:` spells it).
    pub fn presses(&self, key: &str) {
        self.session.key(key.parse().unwrap()).unwrap();
    }

    /// Clicks at a cell of the terminal.
    pub fn clicks(&self, col: u16, row: u16) {
        let click = MouseInput {
            col,
            row,
            button: MouseInputButton::Button(MouseButton::Left),
            action: MouseAction::Click,
        };
        self.session.mouse(click).unwrap();
    }

    /// Turns the wheel one notch down at a cell.
    pub fn wheels_down(&self, col: u16, row: u16) {
        let notch = MouseInput {
            col,
            row,
            button: MouseInputButton::WheelDown,
            action: MouseAction::Click,
        };
        self.session.mouse(notch).unwrap();
    }

    /// Points at a cell (the pointer moves there).
    pub fn points_at(&self, col: u16, row: u16) {
        let moved =
            MouseInput { col, row, button: MouseInputButton::None, action: MouseAction::Move };
        self.session.mouse(moved).unwrap();
    }

    /// Where `text` is on the screen: (column, row).
    pub fn find(&self, text: &str) -> (u16, u16) {
        let screen = self.session.screen_text();
        screen
            .lines()
            .enumerate()
            .find_map(|(row, line)| {
                let at = line.find(text)?;
                Some((line[..at].chars().count() as u16, row as u16))
            })
            .unwrap_or_else(|| panic!("`{text}` is not on the screen:\n{screen}"))
    }

    /// Ctrl+] then `key`: a mark.
    pub fn marks(&self, key: &str) {
        self.presses("ctrl+]");
        self.sees("q stop and save");
        self.types(key);
    }

    /// Stops the recording with the chord; the recording written.
    pub fn stops(self) -> (String, Person) {
        self.marks("q");
        self.exits(0)
    }

    /// Waits for the recorder to exit with `code` (and the shell around it
    /// to print the terminal's settings); the recording.
    pub fn exits(self, code: i32) -> (String, Person) {
        let exit = self.session.wait_exit(WAIT).expect("the recorder exits");
        assert_eq!(exit.code, Some(code), "{}", self.session.screen_text());
        let text = std::fs::read_to_string(&self.out)
            .unwrap_or_else(|error| panic!("{error}\n{}", self.session.screen_text()));
        (text, self)
    }

    /// The recorder's pid (the shell's child).
    pub fn recorder_pid(&self) -> i32 {
        children(self.session.pid() as i32).into_iter().next().expect("the recorder runs")
    }

    /// The terminal is as the recorder found it: no mouse reporting, no
    /// bracketed paste, normal cursor keys, the cursor shown, the main
    /// screen, no status line, and the line discipline cooked again (the
    /// shell's `stty -a` after the recorder says so).
    pub fn sees_the_terminal_restored(&self) {
        let screen = self.session.screen_text();
        assert_eq!(self.session.input_modes(), InputModes::default(), "{screen}");
        self.session.with_emulator(|emulator| {
            assert!(emulator.cursor().visible, "{screen}");
            assert_eq!(emulator.active_buffer(), ActiveBuffer::Main, "{screen}");
        });
        assert!(!screen.contains(" REC "), "the status line stays:\n{screen}");
        let settings = screen.split_whitespace().collect::<Vec<_>>();
        for flag in ["icanon", "echo", "isig", "icrnl", "opost"] {
            assert!(settings.contains(&flag), "`{flag}` is not restored:\n{screen}");
        }
    }
}

/// The pids whose parent is `pid`.
pub fn children(pid: i32) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(child) = entry.file_name().to_str().and_then(|name| name.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        let parent = stat[stat.rfind(')').unwrap() + 1..].split_whitespace().nth(1);
        if parent.and_then(|field| field.parse::<i32>().ok()) == Some(pid) {
            found.push(child);
        }
    }
    found
}

/// Whether a process runs (a zombie does not count).
pub fn alive(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat[stat.rfind(')').unwrap() + 1..].split_whitespace().next() != Some("Z")
    })
}

/// `rehearse run RECORDING --size 80x23 -- COMMAND` where the recording
/// was made, with the quiet environment (and `env`); panics with its
/// output unless it passed.
pub fn replay(person: &Person, command: &[&str], env: &[(&str, &str)]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_rehearse"))
        .arg("run")
        .arg(&person.out)
        .args(["--size", "80x23", "--"])
        .args(command)
        .current_dir(person.dir.path())
        .envs(quiet_env())
        .envs(env.iter().copied())
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "the replay of\n{}\nfailed ({}):\n{said}",
        std::fs::read_to_string(&person.out).unwrap_or_default(),
        output.status
    );
    said
}

/// A recording with every wait's timeout (what was observed, so it
/// differs from run to run) as `MS`.
pub fn timeouts_masked(text: &str) -> String {
    text.lines()
        .map(|line| {
            let wait = line.trim_start().starts_with("wait-for:");
            match (wait, line.rfind(',')) {
                (true, Some(comma)) if line.ends_with(';') => format!("{},MS;", &line[..comma]),
                (true, Some(comma)) => format!("{},MS", &line[..comma]),
                _ => line.to_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// docs/record.md shows `recording` (its timeouts aside) in the block after
/// `<!-- recorded: NAME -->`: the page shows what the recorder writes.
/// `REHEARSE_UPDATE_RECORDED=1` writes the block anew.
pub fn documented(name: &str, recording: &str) {
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/record.md");
    let text = std::fs::read_to_string(&page).unwrap();
    let marker = format!("<!-- recorded: {name} -->");
    let at = text.find(&marker).unwrap_or_else(|| panic!("no {marker}")) + marker.len();
    let start = at + text[at..].find("```text\n").expect("a text block") + "```text\n".len();
    let end = start + text[start..].find("```").expect("its end");
    if std::env::var_os("REHEARSE_UPDATE_RECORDED").is_some() {
        let mut updated = text[..start].to_owned();
        updated.push_str(recording.trim_end());
        updated.push('\n');
        updated.push_str(&text[end..]);
        std::fs::write(&page, updated).unwrap();
        return;
    }
    let block = &text[start..end];
    assert_eq!(
        timeouts_masked(block.trim_end()),
        timeouts_masked(recording.trim_end()),
        "docs/record.md's `{name}` recording is not what the recorder writes now:\n{recording}"
    );
}
