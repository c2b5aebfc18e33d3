//! `record`: the program runs in a PTY inside the person's own terminal —
//! their keys and mouse pass through, its screen passes back as it comes,
//! it follows the terminal's size one row short (the status line) — and
//! what the person does is written as steps with the selectors and waits a
//! careful author would write (`docs/record.md`). One more front-end: a PTY
//! host whose input comes from a person.

mod filter;
mod input;
mod keys;
mod output;
mod program;
mod recorder;
mod scenario;
mod screen;
mod select;
mod signals;
mod status;
mod terminal;
mod tree;
mod waits;

use std::io::Read as _;
use std::os::fd::AsFd;
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec};

pub use output::RecordFormat;

use crate::exit::{Exit, Failure};
use crate::launch::PrivateDir;
use input::InputParser;
use output::Recorded;
use program::{Program, Start};
use recorder::{Flow, Recorder};
use screen::Screen;
use signals::Signals;
use terminal::PersonTerminal;
use tree::TreeLink;

/// What `record` was asked.
pub struct RecordArgs {
    /// Where the recording goes (standard output when `None`).
    pub out: Option<PathBuf>,
    /// What it is written as.
    pub format: RecordFormat,
    /// `scenario!`'s `app = …;` header.
    pub app: Option<String>,
    /// The program and its arguments.
    pub command: Vec<String>,
}

/// How the recording ended.
enum Ending {
    /// The person stopped it (the chord, or their terminal closed its input).
    Stopped,
    /// The program ended.
    ProgramEnded,
    /// A signal asked it to end.
    Signal(i32),
}

/// How long the recorder looks for the program's socket often (a rehearse
/// app serves it a moment after its first frame), and then how often.
const TREE_EARLY: Duration = Duration::from_secs(5);
const TREE_POLL_EARLY: Duration = Duration::from_millis(20);
const TREE_POLL_LATE: Duration = Duration::from_millis(500);

/// Records the program; writes the recording when it ends.
pub fn record(args: &RecordArgs) -> Result<Exit, Failure> {
    if args.command.is_empty() {
        return Err(Failure::script(
            "record needs the program after `--`: rehearse record [--out FILE] -- PROGRAM ARGS...",
        ));
    }
    if args.app.is_some() && args.format != RecordFormat::Scenario {
        return Err(Failure::script(
            "`--app TYPE` names the app in `scenario!`'s header: give it with `--format scenario`",
        ));
    }
    if let Some(out) = &args.out {
        let dir = out.parent().filter(|dir| !dir.as_os_str().is_empty());
        if dir.is_some_and(|dir| !dir.is_dir()) {
            return Err(Failure::script(format!(
                "`--out {}`: its directory does not exist; nothing was recorded",
                out.display()
            )));
        }
    }
    terminal::check_terminal().map_err(Failure::runtime)?;
    let size =
        terminal::size().map_err(|error| io_failure("reading the terminal's size", &error))?;
    let dir = PrivateDir::new("rehearse-record")?;
    let socket = dir.0.join("app.sock");
    let (wake, waker) =
        UnixStream::pair().map_err(|error| io_failure("making the wake-up pair", &error))?;
    wake.set_nonblocking(true).map_err(|error| io_failure("the wake-up pair", &error))?;
    let signals = Signals::install(&waker)
        .map_err(|error| io_failure("installing signal handlers", &error))?;
    let started = Instant::now();
    let screen = Arc::new(Mutex::new(Screen::new(size, started)));
    let program_size = lock(&screen).program_size();
    let person =
        PersonTerminal::enter().map_err(|error| io_failure("entering raw mode", &error))?;
    lock(&screen).enter();
    let sink = {
        let screen = Arc::clone(&screen);
        move |chunk: &[u8]| lock(&screen).output(chunk, Instant::now())
    };
    let start = Start {
        command: &args.command,
        size: program_size,
        env: vec![
            // A rehearse app (or an adopted one) serves its tree here while
            // it draws in its terminal.
            ("REHEARSE_CONTROL".into(), socket.clone().into()),
            ("REHEARSE_AUTOMATION_HEADLESS".into(), "".into()),
        ],
        env_remove: &["REHEARSE_TOKEN", "REHEARSE_SESSION", "REHEARSE_AUTOMATION_VIEWPORT"],
    };
    let program = match Program::spawn(&start, sink, &waker) {
        Ok(program) => program,
        Err(error) => {
            lock(&screen).leave();
            drop(person);
            return Err(Failure::runtime(format!(
                "`{}` could not start: {error}",
                args.command[0]
            )));
        }
    };
    let mut recorder = Recorder::new(Arc::clone(&screen), program, TreeLink::new(socket), started);
    let ending = run(&mut recorder, &screen, &wake, &signals);
    let published = recorder.published();
    let (steps, program) = recorder.finish();
    lock(&screen).leave();
    drop(person);
    program.finish();
    drop(signals);
    drop(dir);
    write(args, &steps, program_size, published, &ending)
}

fn lock(screen: &Mutex<Screen>) -> std::sync::MutexGuard<'_, Screen> {
    screen.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn io_failure(what: &str, error: &std::io::Error) -> Failure {
    Failure::runtime(format!("{what}: {error}"))
}

/// The loop: the person's input, the signals and the program's end, each
/// as it comes.
fn run(
    recorder: &mut Recorder,
    screen: &Mutex<Screen>,
    wake: &UnixStream,
    signals: &Signals,
) -> Ending {
    let stdin = std::io::stdin();
    let mut parser = InputParser::default();
    let mut buffer = [0u8; 8192];
    let began = Instant::now();
    loop {
        if let Some(signal) = signals.ending() {
            return Ending::Signal(signal);
        }
        if signals.take_resized()
            && let Ok(size) = terminal::size()
        {
            recorder.resize(size);
        }
        if recorder.program().ended().is_some() {
            return Ending::ProgramEnded;
        }
        let looking = !recorder.published() && !recorder.look_for_tree();
        let pause = if began.elapsed() < TREE_EARLY { TREE_POLL_EARLY } else { TREE_POLL_LATE };
        let timeout = looking
            .then(|| Timespec { tv_sec: 0, tv_nsec: i64::try_from(pause.as_nanos()).unwrap_or(0) });
        let mut fds = [PollFd::new(&stdin, PollFlags::IN), PollFd::new(wake, PollFlags::IN)];
        match rustix::event::poll(&mut fds, timeout.as_ref()) {
            Ok(_) | Err(rustix::io::Errno::INTR) => {}
            Err(_) => return Ending::Stopped,
        }
        let (input, woken) = (fds[0].revents(), fds[1].revents());
        if !woken.is_empty() {
            let mut drain = [0u8; 64];
            while matches!((&*wake).read(&mut drain), Ok(read) if read > 0) {}
        }
        if input.is_empty() {
            continue;
        }
        let read = match rustix::io::read(stdin.as_fd(), &mut buffer) {
            Ok(0) => return Ending::Stopped,
            Ok(read) => read,
            Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => continue,
            Err(_) => return Ending::Stopped,
        };
        let events = parser.feed(&buffer[..read], &mut lock(screen).cursor_queries);
        for event in events {
            if recorder.on_input(event) == Flow::Stop {
                return Ending::Stopped;
            }
        }
    }
}

/// Writes the recording where it was asked, and says so.
fn write(
    args: &RecordArgs,
    steps: &[rehearse_lang::AutomationStep],
    size: (u16, u16),
    published: bool,
    ending: &Ending,
) -> Result<Exit, Failure> {
    let recorded = Recorded {
        steps,
        command: &args.command,
        size,
        published,
        app: args.app.as_deref(),
        out: args.out.as_deref(),
    };
    let text = match args.format {
        RecordFormat::Script => output::script(&recorded),
        RecordFormat::Scenario => output::rust_test(&recorded),
    }
    .map_err(Failure::runtime)?;
    let plural = if steps.len() == 1 { "" } else { "s" };
    let said = match &args.out {
        Some(out) => {
            std::fs::write(out, &text).map_err(|error| {
                Failure::runtime(format!("writing the recording to {}: {error}", out.display()))
            })?;
            format!("recorded {} step{plural} to {}", steps.len(), out.display())
        }
        None => {
            crate::print(text.as_bytes())?;
            format!("recorded {} step{plural}", steps.len())
        }
    };
    match ending {
        Ending::Signal(signal) => Err(Failure::runtime(format!(
            "{said}; the recording was ended by {}",
            signals::name(*signal)
        ))),
        Ending::ProgramEnded => {
            eprintln!("rehearse: {said}; the program ended");
            Ok(Exit::Passed)
        }
        Ending::Stopped => {
            eprintln!("rehearse: {said}");
            Ok(Exit::Passed)
        }
    }
}
