//! `rehearse`: render, run and drive rehearse apps and any terminal program
//! from a shell or an agent (`docs/cli.md`). Every verb speaks `rehearse/1`
//! (`docs/protocol.md`) to an app's socket or to the background host that
//! `open` starts.

mod discovery;
mod ended;
mod exit;
mod host;
mod last_screen;
mod launch;
mod mcp;
mod program;
mod record;
mod render;
mod restart;
mod review;
mod run;
mod runs;
mod session;
mod size;
mod stop_signals;
mod stopped;
mod watchdog;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use rehearse_protocol::vocabulary::SnapshotFormat;

use crate::exit::{Exit, Failure};
use crate::size::{DEFAULT_COLS_ROWS, DEFAULT_SIZE, parse_size};

/// Automate terminal UIs: rehearse apps over their control socket, any
/// program in a PTY.
#[derive(Debug, Parser)]
#[command(name = "rehearse", version, about)]
struct Cli {
    #[command(subcommand)]
    verb: Verb,
}

/// A snapshot format a verb prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The glyph grid, one line per row.
    Text,
    /// Run-length cells with their style (JSON).
    Cells,
    /// The semantic tree as JSON (rehearse apps).
    Json,
    /// The semantic tree as Markdown (rehearse apps).
    Markdown,
    /// A PNG image (binary on standard output).
    Png,
    /// The terminal-state golden (a program in a PTY).
    Terminal,
}

impl Format {
    fn wire(self) -> SnapshotFormat {
        match self {
            Format::Text => SnapshotFormat::Text,
            Format::Cells => SnapshotFormat::Cells,
            Format::Json => SnapshotFormat::Json,
            Format::Markdown => SnapshotFormat::Markdown,
            Format::Png => SnapshotFormat::Png,
            Format::Terminal => SnapshotFormat::Terminal,
        }
    }
}

/// The formats `render` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RenderFormat {
    /// The glyph grid.
    Text,
    /// Run-length cells (JSON).
    Cells,
}

#[derive(Debug, Subcommand)]
enum Verb {
    /// Run a rehearse app off screen once, drive a script, print the screen.
    Render {
        /// The app's command line.
        #[arg(long)]
        exec: String,
        /// The viewport, COLSxROWS.
        #[arg(long, value_parser = parse_size, default_value = DEFAULT_SIZE)]
        size: (u16, u16),
        /// Steps to run first, in the script grammar.
        #[arg(long)]
        send: Option<String>,
        /// What to print.
        #[arg(long, value_enum, default_value = "text")]
        format: RenderFormat,
    },
    /// Print a rehearse app's model-plane state as JSON.
    State {
        /// The app's command line.
        #[arg(long)]
        exec: String,
        /// Steps to run first.
        #[arg(long)]
        send: Option<String>,
    },
    /// Run a script file against an app or a program; the exit code says how
    /// it went (0 passed, 1 a step failed, 2 runtime error, 3 a wait timed
    /// out, 4 invalid script or argument: nothing ran).
    Run {
        /// The script files: each runs against its own instance of the
        /// program.
        #[arg(required = true)]
        scripts: Vec<PathBuf>,
        /// How many scripts run at once.
        #[arg(short = 'j', long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        jobs: u16,
        /// Write a JUnit XML report here: a test case per script, the
        /// failing step as the failure's message, the trace attached.
        #[arg(long)]
        junit: Option<PathBuf>,
        /// Compare the checkpoints with the goldens in this directory
        /// (REHEARSE_SNAPSHOT's modes; a mismatch writes NAME.FORMAT.new
        /// for `rehearse review`); with several scripts, one directory each,
        /// named after the script.
        #[arg(long)]
        goldens: Option<PathBuf>,
        /// The formats --goldens compares, comma-separated (default styled):
        /// text, styled, cells, png, terminal (the terminal state), scrollback.
        #[arg(long, value_delimiter = ',', value_parser = run::parse_format)]
        golden_formats: Option<Vec<rehearse_core::artifacts::Format>>,
        /// The terminal's size, COLSxROWS.
        #[arg(long, value_parser = parse_size, default_value = DEFAULT_SIZE)]
        size: (u16, u16),
        /// Where the checkpoints' artifacts and the report (JSON and Markdown) go.
        #[arg(long)]
        out: Option<PathBuf>,
        /// The formats --out writes, comma-separated (default text, styled,
        /// cells, png; text brings scrollback): also terminal, scrollback.
        #[arg(long, value_delimiter = ',', value_parser = run::parse_format)]
        out_formats: Option<Vec<rehearse_core::artifacts::Format>>,
        /// A check every checkpoint makes, failing its step (repeatable):
        /// theme-neutral (no RGB colour, no palette index above 15, no
        /// explicit background).
        #[arg(long, value_parser = run::parse_check)]
        check: Vec<rehearse_core::artifacts::Check>,
        /// Which plane runs it.
        #[arg(long, value_enum, default_value = "auto")]
        plane: run::PlaneChoice,
        /// The program and its arguments.
        #[arg(last = true, required = true)]
        command: Vec<String>,
    },
    /// Record what a person does in a program as steps: it runs in your
    /// terminal (the last row shows the recording); Ctrl+] then c, a or q
    /// takes a checkpoint, asserts what is under the pointer, or stops.
    Record {
        /// Where the recording goes (default: standard output, once the
        /// terminal is restored).
        #[arg(long)]
        out: Option<PathBuf>,
        /// A script for `rehearse run`, or a Rust test with `scenario!`.
        #[arg(long, value_enum, default_value = "script")]
        format: record::RecordFormat,
        /// The app type for `scenario!`'s `app = TYPE;` header, so the
        /// compiler checks the recorded ids against its declarations.
        #[arg(long)]
        app: Option<String>,
        /// The program and its arguments.
        #[arg(last = true, required = true)]
        command: Vec<String>,
    },
    /// Start a session: the program in a PTY held by a background host.
    Open {
        /// The command line (default: $SHELL, else /bin/sh).
        #[arg(long)]
        exec: Option<String>,
        /// The terminal's size, COLSxROWS.
        #[arg(long, value_parser = parse_size, default_value = DEFAULT_SIZE)]
        size: (u16, u16),
        /// How long to wait for the session to start.
        #[arg(long, default_value_t = 10_000)]
        timeout_ms: u64,
        /// Stop the session after this long without a request (default 30 minutes).
        #[arg(long, default_value_t = 1_800_000)]
        idle_timeout_ms: u64,
        /// The directory `use:` in a script sent to the session (MCP's
        /// `act`, a client's) reads below; without it every `use:` there
        /// is refused.
        #[arg(long)]
        scripts: Option<PathBuf>,
        /// Record the session's steps and write the trace of each request
        /// that fails (`act`, `wait-for`) into a directory of its own here;
        /// the failure names it (docs/trace.md).
        #[arg(long)]
        trace: Option<PathBuf>,
    },
    /// Type text and press keys in a session (text first, then the keys).
    Send {
        /// Keys as `key:` spells them: Enter, Esc, Tab, F1, Ctrl+C, Shift+Tab, a...
        keys: Vec<String>,
        /// Literal text to type.
        #[arg(long)]
        text: Option<String>,
        /// Type the value of this environment variable as sensitive text.
        #[arg(long)]
        secret_env: Option<String>,
        /// The session (default: the most recent).
        #[arg(long)]
        session: Option<String>,
    },
    /// Run steps in the script grammar in a session (`click:#new-todo`,
    /// `wait-for:count=1,@list-item,500`), as MCP's `act`; the exit code
    /// says how it went, as `run`'s does (0 passed, 1 a step failed, 2
    /// runtime error, 3 a wait timed out, 4 invalid script: nothing ran).
    Act {
        /// Steps, separated by `;` or newlines; several arguments run in
        /// order, one after the other.
        #[arg(required = true)]
        steps: Vec<String>,
        /// The session (default: the most recent).
        #[arg(long)]
        session: Option<String>,
    },
    /// Print what a session shows.
    Snapshot {
        /// The format.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// The session (default: the most recent).
        #[arg(long)]
        session: Option<String>,
    },
    /// Wait until the session answered its last input and settled.
    Wait {
        /// How long the screen must also stay quiet (default: none beyond
        /// the program's stable screen).
        #[arg(long)]
        idle_ms: Option<u64>,
        /// The longest wait.
        #[arg(long, default_value_t = 10_000)]
        timeout_ms: u64,
        /// The session (default: the most recent).
        #[arg(long)]
        session: Option<String>,
    },
    /// Close a session: its program is stopped and its host exits.
    Close {
        /// The session (default: the most recent).
        #[arg(long)]
        session: Option<String>,
    },
    /// Stop a session's program; the session, its socket and its discovery
    /// file stay (`pty-start` starts it again: the rebuild loop).
    PtyStop {
        /// The session (default: the most recent).
        #[arg(long)]
        session: Option<String>,
    },
    /// Start a session's stopped program again (the same command line, at
    /// the session's current size).
    PtyStart {
        /// The session (default: the most recent).
        #[arg(long)]
        session: Option<String>,
        /// How long to wait for the program's first screen to settle.
        #[arg(long, default_value_t = 5_000)]
        timeout_ms: u64,
    },
    /// Review pending goldens (NAME.FORMAT.new beside a golden that did not
    /// match): each shown as a diff, to accept, reject or skip.
    Review {
        /// Where to look: a directory (searched recursively, past target/
        /// and hidden directories), or one golden or pending file.
        #[arg(default_value = ".")]
        path: PathBuf,
        /// Accept every pending golden without asking.
        #[arg(long, conflicts_with = "reject_all")]
        accept_all: bool,
        /// Reject (delete) every pending golden without asking.
        #[arg(long)]
        reject_all: bool,
    },
    /// Serve the session verbs as MCP tools over standard input and output.
    Mcp {
        /// The directory `use:` in an `act` script reads below, in every
        /// session this server opens; without it every `use:` is refused.
        #[arg(long)]
        scripts: Option<PathBuf>,
    },
    /// The background host `open` starts (not for direct use).
    #[command(name = "__host", hide = true)]
    Host {
        #[arg(long)]
        id: String,
        #[arg(long, value_parser = parse_size)]
        size: (u16, u16),
        #[arg(long)]
        idle_timeout_ms: u64,
        #[arg(long)]
        exec: String,
        #[arg(long)]
        scripts: Option<PathBuf>,
        #[arg(long)]
        trace: Option<PathBuf>,
    },
    /// The watchdog of a host's program (not for direct use).
    #[command(name = "__watchdog", hide = true)]
    Watchdog,
}

/// Prints `bytes` on standard output. A reader that went away (`rehearse
/// snapshot --format png | head`) ends the verb quietly, as Unix tools do:
/// it took what it wanted.
fn print(bytes: &[u8]) -> Result<Exit, Failure> {
    let mut out = std::io::stdout();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(Exit::Passed),
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(Exit::Passed),
        Err(error) => Err(Failure::runtime(format!("writing to standard output: {error}"))),
    }
}

fn dispatch(verb: Verb) -> Result<Exit, Failure> {
    match verb {
        Verb::Render { exec, size, send, format } => {
            let format = match format {
                RenderFormat::Text => SnapshotFormat::Text,
                RenderFormat::Cells => SnapshotFormat::Cells,
            };
            print(&render::render(&exec, size, send.as_deref(), format)?)
        }
        Verb::State { exec, send } => {
            let state = render::state(&exec, DEFAULT_COLS_ROWS, send.as_deref())?;
            print(format!("{}\n", serde_json::to_string_pretty(&state).expect("json")).as_bytes())
        }
        Verb::Run {
            scripts,
            jobs,
            junit,
            goldens,
            golden_formats,
            size,
            out,
            out_formats,
            check,
            plane,
            command,
        } => runs::run_all(runs::RunsArgs {
            common: run::RunArgs {
                script: scripts.first().cloned().unwrap_or_default(),
                size,
                out,
                command,
                plane,
                goldens,
                checkpoints: run::CheckpointOptions { out_formats, golden_formats, checks: check },
            },
            scripts,
            jobs: usize::from(jobs),
            junit,
        }),
        Verb::Record { out, format, app, command } => {
            record::record(&record::RecordArgs { out, format, app, command })
        }
        Verb::Open { exec, size, timeout_ms, idle_timeout_ms, scripts, trace } => {
            let exec = exec
                .or_else(|| std::env::var("SHELL").ok().filter(|shell| !shell.is_empty()))
                .unwrap_or_else(|| "/bin/sh".into());
            let id = session::open(&session::Open {
                exec,
                size,
                timeout: Duration::from_millis(timeout_ms),
                idle_timeout: Duration::from_millis(idle_timeout_ms.max(1)),
                scripts: session::scripts_dir(scripts)?,
                traces: session::trace_dir(trace)?,
            })?;
            print(format!("{id}\n").as_bytes())
        }
        Verb::Send { keys, text, secret_env, session } => {
            let script = session::send_script(&keys, text.as_deref(), secret_env.as_deref())?;
            session::send(session.as_deref(), &script).map(|_| Exit::Passed)
        }
        Verb::Act { steps, session } => {
            session::send(session.as_deref(), &steps.join("\n")).map(|_| Exit::Passed)
        }
        Verb::Snapshot { format, session } => {
            print(&session::snapshot(session.as_deref(), format.wire())?)
        }
        Verb::Wait { idle_ms, timeout_ms, session } => {
            session::wait(session.as_deref(), idle_ms, timeout_ms).map(|_| Exit::Passed)
        }
        Verb::Close { session } => session::close(session.as_deref()).map(|()| Exit::Passed),
        Verb::PtyStop { session } => session::pty_stop(session.as_deref()).map(|_| Exit::Passed),
        Verb::PtyStart { session, timeout_ms } => {
            session::pty_start(session.as_deref(), timeout_ms).map(|_| Exit::Passed)
        }
        Verb::Review { path, accept_all, reject_all } => {
            review::review(&review::ReviewArgs { path, accept_all, reject_all })
        }
        Verb::Mcp { scripts } => mcp::serve(session::scripts_dir(scripts)?).map(|()| Exit::Passed),
        Verb::Watchdog => watchdog::run().map(|()| Exit::Passed),
        Verb::Host { id, size, idle_timeout_ms, exec, scripts, trace } => {
            host::run(host::HostArgs {
                id,
                exec,
                size,
                idle_timeout: Duration::from_millis(idle_timeout_ms.max(1)),
                scripts,
                traces: trace,
            })
        }
        .map(|()| Exit::Passed),
    }
}

/// The verb the command line asks for; `Err` is the code to exit with
/// once clap has printed what it had to say. A usage error (an unknown
/// flag, a bad value, a missing argument) is an invalid argument: exit 4,
/// like every other argument a verb refuses, not clap's own 2, which
/// `rehearse` keeps for runtime errors (`docs/cli.md`). `--help` and
/// `--version` print to standard output and exit 0.
fn parse() -> Result<Verb, ExitCode> {
    Cli::try_parse().map(|cli| cli.verb).map_err(|error| {
        // Standard error for a usage error, standard output for help.
        let _ = error.print();
        if error.use_stderr() { ExitCode::from(Exit::Script as u8) } else { ExitCode::SUCCESS }
    })
}

fn main() -> ExitCode {
    // Every program a verb starts (a host, an app, a program in a PTY)
    // starts with the default disposition of the signals this process was
    // started ignoring (a background job ignores SIGINT), as a terminal
    // starts it.
    let _ = rehearse_pty::signals::default_for_programs();
    let verb = match parse() {
        Ok(verb) => verb,
        Err(code) => return code,
    };
    match dispatch(verb) {
        Ok(exit) => ExitCode::from(exit as u8),
        Err(failure) => {
            eprintln!("rehearse: {}", failure.message);
            ExitCode::from(failure.exit as u8)
        }
    }
}
