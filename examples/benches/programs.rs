//! The terminal plane against a tmux harness on programs nobody built with
//! rehearse — bash, vim, less — which send no render-commit marker and use no
//! synchronized output: the plane's input steps return once their bytes are
//! written, and its waits judge each new output (docs/terminal.md).
//!
//! One round each, the same on both harnesses, on the same program started
//! the same way at 80x24:
//!
//! - **bash**: type `echo r-$((N+100000))`, Enter, wait until the answer line
//!   (`r-…`, which the typed command does not contain) is on the screen;
//! - **vim**: `o` and a line of text, Esc, `:w`, Enter, wait until the
//!   message says the file was written with one line more;
//! - **less**: `/` and a word 100 lines further down, Enter, wait until the
//!   line it is on is shown (the typed pattern is not that line's text).
//!
//! The tmux harness is the afternoon's script: `tmux send-keys` per step and
//! `tmux capture-pane -p` polled (no sleep: each poll is a process) until the
//! screen shows what the round waits for.
//!
//! `cargo bench -p rehearse-examples --bench programs` prints, per program,
//! the median of [`ROUNDS`] rounds of each harness, interleaved (A B A B …
//! so the machine's drift hits both), the quartiles, and the ratio. tmux and
//! vim must be installed (`apt-get install -y tmux vim`). Arguments: the
//! programs to run (`bash`, `vim`, `less`; all by default).
//! `REHEARSE_BENCH_PLANE_ONLY=N` runs only N rounds of each on the plane (for
//! callgrind: the count at N=11 minus N=1, over 10, is one round).

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rehearse::prelude::{AutomationStep, KeyCode, Predicate, Selector, WaitCondition};
use rehearse::vocabulary::{Pattern, TerminalCondition, TextMatcher, TextRegion};
use rehearse_pty::{PtySessionOptions, Terminal};

/// The terminal size both harnesses use.
const SIZE: (u16, u16) = (80, 24);

/// Rounds per program and harness.
const ROUNDS: usize = 40;

const TIMEOUT: Duration = Duration::from_secs(10);

/// The prompt bash is given.
const PROMPT: &str = "READY$ ";

fn main() {
    let missing: Vec<&str> = ["tmux", "vim", "less", "bash"]
        .into_iter()
        .filter(|tool| {
            Command::new("sh")
                .args(["-c", &format!("command -v {tool}")])
                .output()
                .map_or(true, |out| !out.status.success())
        })
        .collect();
    if !missing.is_empty() {
        eprintln!("{missing:?} not installed: apt-get install -y tmux vim less to run this bench");
        return;
    }
    let chosen: Vec<String> =
        std::env::args().skip(1).filter(|arg| !arg.starts_with('-')).collect();
    let programs: Vec<Program> = [Program::Bash, Program::Vim, Program::Less]
        .into_iter()
        .filter(|program| chosen.is_empty() || chosen.iter().any(|name| name == program.name()))
        .collect();
    let dir = tempfile::tempdir().expect("a temporary directory");
    if let Some(rounds) =
        std::env::var("REHEARSE_BENCH_PLANE_ONLY").ok().and_then(|n| n.parse::<usize>().ok())
    {
        for program in programs {
            let mut plane = PlaneHarness::start(program, dir.path());
            for round in 0..rounds {
                plane.round(program, round);
            }
        }
        return;
    }
    println!(
        "{}x{}, {ROUNDS} rounds of each harness per program, interleaved; medians (quartiles)",
        SIZE.0, SIZE.1
    );
    println!("{:<6} {:>26} {:>26} {:>8}", "round", "terminal plane", "tmux", "speed-up");
    for program in programs {
        let mut plane = PlaneHarness::start(program, dir.path());
        let tmux = Tmux::start(program, dir.path());
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for round in 0..ROUNDS {
            ours.push(plane.round(program, round));
            theirs.push(tmux.round(program, round));
        }
        let spread = |samples: &[Duration]| {
            format!(
                "{:.2?} ({:.2?}–{:.2?})",
                quantile(samples, 2),
                quantile(samples, 1),
                quantile(samples, 3)
            )
        };
        let ratio = quantile(&theirs, 2).as_secs_f64() / quantile(&ours, 2).as_secs_f64();
        println!(
            "{:<6} {:>26} {:>26} {:>7.1}x",
            program.name(),
            spread(&ours),
            spread(&theirs),
            ratio
        );
    }
}

/// The sample at `at`/4 of the sorted samples (2 is the median).
fn quantile(samples: &[Duration], at: usize) -> Duration {
    let mut sorted = samples.to_vec();
    sorted.sort();
    sorted[(sorted.len() * at / 4).min(sorted.len() - 1)]
}

#[derive(Clone, Copy)]
enum Program {
    Bash,
    Vim,
    Less,
}

impl Program {
    fn name(self) -> &'static str {
        match self {
            Self::Bash => "bash",
            Self::Vim => "vim",
            Self::Less => "less",
        }
    }

    /// The command line, as `sh -c` runs it (tmux) and as the plane spawns
    /// it (program and arguments).
    fn command(self, dir: &std::path::Path) -> Vec<String> {
        let dir = dir.display();
        let words: Vec<String> = match self {
            Self::Bash => vec!["bash".into(), "--norc".into(), "--noprofile".into()],
            // No vimrc, no viminfo, no swap file; Esc is not kept waiting
            // for a key code that may follow it.
            Self::Vim => vec![
                "vim".into(),
                "-u".into(),
                "NONE".into(),
                "-i".into(),
                "NONE".into(),
                "-N".into(),
                "-n".into(),
                "-c".into(),
                "set ttimeout ttimeoutlen=0".into(),
                format!("{dir}/vim-{}.txt", unique()),
            ],
            Self::Less => vec!["less".into(), format!("{dir}/words.txt")],
        };
        if let Self::Less = self {
            let path = format!("{dir}/words.txt");
            if !std::path::Path::new(&path).exists() {
                let text: String =
                    (0..20_000).map(|line| format!("n-{line:05} found-{line:05}\n")).collect();
                std::fs::write(&path, text).expect("the words file is written");
            }
        }
        words
    }

    /// The environment both harnesses give it.
    fn env(self) -> [(&'static str, &'static str); 4] {
        [("PS1", PROMPT), ("HISTFILE", "/dev/null"), ("LESS", ""), ("LESSHISTFILE", "-")]
    }

    /// What a round types, as steps: `(inputs, what it waits for)`.
    fn round(self, round: usize) -> (Vec<Input>, Wait) {
        match self {
            Self::Bash => (
                vec![Input::Text(format!("echo r-$(({round}+100000))")), Input::Enter],
                Wait::Text(format!("r-{}", round + 100_000)),
            ),
            Self::Vim => (
                vec![
                    Input::Text(format!("oline {round}")),
                    Input::Esc,
                    Input::Text(":w".into()),
                    Input::Enter,
                ],
                // An empty buffer and one more line each round.
                Wait::Regex(format!(r"\b{}L, \d+B written", round + 2)),
            ),
            Self::Less => {
                let line = (round + 1) * 100;
                (
                    vec![Input::Text(format!("/n-{line:05}")), Input::Enter],
                    Wait::Text(format!("found-{line:05}")),
                )
            }
        }
    }
}

fn unique() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

enum Input {
    Text(String),
    Enter,
    Esc,
}

enum Wait {
    /// A screen line contains it.
    Text(String),
    /// The screen matches it.
    Regex(String),
}

/// What shows a program is up.
fn ready(program: Program) -> Wait {
    match program {
        Program::Bash => Wait::Text(PROMPT.trim_end().into()),
        Program::Vim => Wait::Regex(r"\[New\]".into()),
        Program::Less => Wait::Text("found-00000".into()),
    }
}

struct PlaneHarness {
    terminal: Terminal,
}

impl PlaneHarness {
    fn start(program: Program, dir: &std::path::Path) -> Self {
        let words = program.command(dir);
        let mut options = PtySessionOptions::new(&words[0]).args(&words[1..]).size(SIZE.0, SIZE.1);
        for (key, value) in program.env() {
            options = options.env(key, value);
        }
        let mut terminal = Terminal::spawn(options).expect("the program starts");
        terminal.step(wait_step(&ready(program))).expect("the program shows its first screen");
        Self { terminal }
    }

    fn round(&mut self, program: Program, round: usize) -> Duration {
        let (inputs, wait) = program.round(round);
        let mut steps: Vec<AutomationStep> = inputs
            .into_iter()
            .map(|input| match input {
                Input::Text(text) => AutomationStep::type_text(text),
                Input::Enter => AutomationStep::key(KeyCode::Enter),
                Input::Esc => AutomationStep::key(KeyCode::Esc),
            })
            .collect();
        steps.push(wait_step(&wait));
        let started = Instant::now();
        for step in steps {
            self.terminal.step(step).expect("the round's step passes");
        }
        started.elapsed()
    }
}

fn wait_step(wait: &Wait) -> AutomationStep {
    match wait {
        Wait::Text(text) => AutomationStep::wait_for(
            WaitCondition::new(Predicate::Exists, Selector::text_contains(text.clone())),
            TIMEOUT,
        ),
        Wait::Regex(pattern) => AutomationStep::WaitForTerminal {
            condition: TerminalCondition::Text {
                region: TextRegion::Screen,
                matcher: TextMatcher::Matches(Pattern::new(pattern.clone()).expect("a pattern")),
            },
            timeout: TIMEOUT,
        },
    }
}

/// The program in a detached tmux session on a private server.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(program: Program, dir: &std::path::Path) -> Self {
        let socket = format!("rehearse-programs-{}-{}", std::process::id(), unique());
        let tmux = Self { socket };
        let env: Vec<String> =
            program.env().iter().map(|(key, value)| format!("{key}='{value}'")).collect();
        let words: Vec<String> =
            program.command(dir).iter().map(|word| format!("'{word}'")).collect();
        let command = format!("env {} {}", env.join(" "), words.join(" "));
        let (cols, rows) = (SIZE.0.to_string(), SIZE.1.to_string());
        tmux.run(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-s",
            "bench",
            "-x",
            &cols,
            "-y",
            &rows,
            &command,
        ]);
        tmux.poll_until(&ready(program));
        tmux
    }

    fn run(&self, args: &[&str]) -> Vec<u8> {
        let output =
            Command::new("tmux").args(["-L", &self.socket]).args(args).output().expect("tmux runs");
        assert!(
            output.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        output.stdout
    }

    /// Polls `capture-pane` until the screen shows what `wait` waits for.
    fn poll_until(&self, wait: &Wait) {
        let regex = match wait {
            Wait::Regex(pattern) => Some(regex::Regex::new(pattern).expect("a pattern")),
            Wait::Text(_) => None,
        };
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let screen = String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "bench"]))
                .into_owned();
            let done = match (wait, &regex) {
                (Wait::Text(text), _) => screen.contains(text.as_str()),
                (_, Some(regex)) => regex.is_match(&screen),
                _ => false,
            };
            if done {
                return;
            }
            assert!(Instant::now() < deadline, "tmux: timed out; screen:\n{screen}");
        }
    }

    fn round(&self, program: Program, round: usize) -> Duration {
        let (inputs, wait) = program.round(round);
        let started = Instant::now();
        for input in inputs {
            match input {
                Input::Text(text) => self.run(&["send-keys", "-t", "bench", "-l", &text]),
                Input::Enter => self.run(&["send-keys", "-t", "bench", "Enter"]),
                Input::Esc => self.run(&["send-keys", "-t", "bench", "Escape"]),
            };
        }
        self.poll_until(&wait);
        started.elapsed()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["-L", &self.socket, "kill-server"]).output();
    }
}
