//! The terminal plane against a tmux harness, on the todo example binary in a
//! real terminal: one round is click the new-todo field (at its placeholder),
//! type a title, Enter, wait until the list shows it.
//!
//! `cargo bench -p rehearse-examples --bench terminal` first prints a per-step
//! table (medians over [`ROUNDS`] rounds of each harness, interleaved, and
//! their ratio), then divan's per-round figures. tmux must be installed.
//!
//! The todo binary announces every commit with the render-commit marker when
//! the terminal plane gives it a token and a session id, so the plane's steps
//! settle on the app's own markers with the quiet window switched off: the
//! settle is exact, and nothing sleeps. The `quiet_*` benches run the app
//! without the marker, settling on a quiet window, which proves nothing
//! about the program having answered. The tmux harness polls `capture-pane`
//! until the title shows; it never settles at all.

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use divan::Bencher;
use rehearse::prelude::{AutomationStep, KeyCode, Predicate, Selector, WaitCondition};
use rehearse_pty::{PtySessionOptions, ScreenCondition, Terminal};

/// The todo example, built by cargo for this bench (release profile).
const TODO: &str = env!("CARGO_BIN_EXE_todo");

/// The terminal size both harnesses use.
const SIZE: (u16, u16) = (80, 24);

/// The new-todo field's placeholder, shown while the field is empty.
const PLACEHOLDER: &str = "What needs doing?";

/// Rounds per harness in the per-step table: as many as the list shows
/// without scrolling (19 rows), so every round's line is in view.
const ROUNDS: usize = 18;

const TIMEOUT: Duration = Duration::from_secs(10);

fn main() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: install it (apt-get install -y tmux) to run this bench");
        return;
    }
    // `REHEARSE_BENCH_PLANE_ROUNDS=N`: only N rounds on the terminal plane
    // (settled on markers), for counting the plane's own instructions under
    // callgrind: (count at N=11 − count at N=1) / 10 is one round. With
    // `REHEARSE_BENCH_TRACE` set too, each round's step times are printed, to
    // see the spread the medians hide.
    if let Some(rounds) =
        std::env::var("REHEARSE_BENCH_PLANE_ROUNDS").ok().and_then(|n| n.parse().ok())
    {
        let mut terminal = terminal(Settling::Marker);
        let mut times = [Duration::ZERO; 4];
        for round in 0..rounds {
            terminal_round(&mut terminal, round, &mut times);
            if std::env::var_os("REHEARSE_BENCH_TRACE").is_some() {
                eprintln!("{round} {:?} {:?}", times.iter().sum::<Duration>(), times);
            }
        }
        // Quit cleanly (Ctrl+C), so a wrapper such as callgrind writes its
        // counts.
        terminal.pty().key("ctrl+c".parse().expect("a key")).expect("the app reads Ctrl+C");
        terminal.pty().wait_exit(Duration::from_secs(60)).expect("the app quits on Ctrl+C");
        return;
    }
    // A filter on the command line runs only the divan benches it names.
    if !std::env::args().skip(1).any(|arg| !arg.starts_with('-')) {
        per_step_table();
    }
    divan::main();
}

/// A unique title per round, so no earlier round's line can satisfy a wait.
fn title(round: usize) -> String {
    format!("round-{round:06}")
}

/// How the terminal plane knows the app has answered.
#[derive(Clone, Copy)]
enum Settling {
    /// The app's render-commit markers, the quiet window off.
    Marker,
    /// No marker: a quiet window of this length.
    Quiet(Duration),
}

/// The todo app on the terminal plane, its first screen drawn.
///
/// `REHEARSE_BENCH_APP_WRAPPER` (words split on spaces) runs the app under
/// another program, to count the app's own instructions: for example
/// `valgrind --tool=callgrind --callgrind-out-file=/tmp/todo.%p`.
fn terminal(settling: Settling) -> Terminal {
    let wrapper = std::env::var("REHEARSE_BENCH_APP_WRAPPER").unwrap_or_default();
    let mut words = wrapper.split_whitespace();
    let options = match words.next() {
        Some(program) => PtySessionOptions::new(program).args(words).arg(TODO),
        None => PtySessionOptions::new(TODO),
    };
    let options = options.size(SIZE.0, SIZE.1);
    let options = match settling {
        Settling::Marker => options.marker("bench-token", "bench").quiet_window(None),
        Settling::Quiet(window) => options.quiet_window(Some(window)),
    };
    let mut terminal = Terminal::spawn(options).expect("the todo binary starts");
    terminal.step(shows(PLACEHOLDER)).expect("the todo app draws its first screen");
    terminal
}

fn shows(text: &str) -> AutomationStep {
    AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::text_contains(text)),
        TIMEOUT,
    )
}

/// The four steps of one round.
fn round_steps(round: usize) -> [AutomationStep; 4] {
    let title = title(round);
    [
        AutomationStep::click(Selector::text_contains(PLACEHOLDER)),
        AutomationStep::type_text(title.clone()),
        AutomationStep::key(KeyCode::Enter),
        // The list line (`[ ] round-…`), not the field while it still holds
        // the draft.
        shows(&format!("] {title}")),
    ]
}

/// The todo app in a detached tmux session on a private server.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start() -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let socket = format!("rehearse-bench-{}-{n}", std::process::id());
        let tmux = Self { socket };
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
            TODO,
        ]);
        tmux.poll_until(|screen| screen.contains(PLACEHOLDER));
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

    fn capture(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "bench"])).into_owned()
    }

    /// Polls `capture-pane` (no sleep between polls: each is a process) until
    /// the screen satisfies `done`.
    fn poll_until(&self, done: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let screen = self.capture();
            if done(&screen) {
                return screen;
            }
            assert!(Instant::now() < deadline, "tmux: timed out; screen:\n{screen}");
        }
    }

    /// The SGR press and release at the centre of `text` on the screen, as
    /// `send-keys -H` arguments.
    fn click_bytes(&self, text: &str) -> Vec<String> {
        let screen = self.capture();
        let (row, line) = screen
            .lines()
            .enumerate()
            .find(|(_, line)| line.contains(text))
            .expect("the text is on the screen");
        let start = line[..line.find(text).unwrap()].chars().count();
        let col = start + (text.chars().count() - 1) / 2;
        let (x, y) = (col + 1, row + 1);
        format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").bytes().map(|b| format!("{b:02x}")).collect()
    }

    /// One round, timing each step.
    fn round(&self, round: usize, times: &mut [Duration; 4]) {
        let title = title(round);
        let started = Instant::now();
        let click = self.click_bytes(PLACEHOLDER);
        let mut args = vec!["send-keys", "-t", "bench", "-H"];
        args.extend(click.iter().map(String::as_str));
        self.run(&args);
        let clicked = Instant::now();
        self.run(&["send-keys", "-t", "bench", "-l", &title]);
        let typed = Instant::now();
        self.run(&["send-keys", "-t", "bench", "Enter"]);
        let entered = Instant::now();
        let listed = format!("] {title}");
        self.poll_until(|screen| screen.contains(&listed));
        let shown = Instant::now();
        for (slot, (from, to)) in times.iter_mut().zip([
            (started, clicked),
            (clicked, typed),
            (typed, entered),
            (entered, shown),
        ]) {
            *slot = to - from;
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["-L", &self.socket, "kill-server"]).output();
    }
}

fn terminal_round(terminal: &mut Terminal, round: usize, times: &mut [Duration; 4]) {
    for (slot, step) in times.iter_mut().zip(round_steps(round)) {
        let started = Instant::now();
        terminal.step(step).expect("the round's step passes");
        *slot = started.elapsed();
    }
}

fn median(samples: Vec<Duration>) -> Duration {
    quantile(samples, 2)
}

/// The sample at `at`/4 of the sorted samples (2 is the median).
fn quantile(mut samples: Vec<Duration>, at: usize) -> Duration {
    samples.sort();
    samples[(samples.len() * at / 4).min(samples.len() - 1)]
}

/// Medians per step and per round for both harnesses, rounds interleaved
/// (A B A B …) so drift in the machine's speed hits both alike.
fn per_step_table() {
    let mut plane = terminal(Settling::Marker);
    let tmux = Tmux::start();
    let (mut plane_steps, mut tmux_steps) = (vec![Vec::new(); 4], vec![Vec::new(); 4]);
    let (mut plane_rounds, mut tmux_rounds) = (Vec::new(), Vec::new());
    for round in 0..ROUNDS {
        let mut times = [Duration::ZERO; 4];
        terminal_round(&mut plane, round, &mut times);
        plane_rounds.push(times.iter().sum::<Duration>());
        for (all, time) in plane_steps.iter_mut().zip(times) {
            all.push(time);
        }
        tmux.round(round, &mut times);
        tmux_rounds.push(times.iter().sum::<Duration>());
        for (all, time) in tmux_steps.iter_mut().zip(times) {
            all.push(time);
        }
    }
    let names = ["click", "type", "key:enter", "wait-for (list shows it)"];
    println!("todo example, {}x{}, medians of {ROUNDS} rounds each, interleaved", SIZE.0, SIZE.1);
    println!("{:<26} {:>16} {:>14} {:>8}", "step", "terminal plane", "tmux", "ratio");
    for (index, name) in names.iter().enumerate() {
        let (ours, theirs) =
            (median(plane_steps[index].clone()), median(tmux_steps[index].clone()));
        println!(
            "{name:<26} {:>16.3?} {:>14.3?} {:>8.2}",
            ours,
            theirs,
            ours.as_secs_f64() / theirs.as_secs_f64()
        );
    }
    let spread = |rounds: &Vec<Duration>| {
        format!("{:.2?}–{:.2?}", quantile(rounds.clone(), 1), quantile(rounds.clone(), 3))
    };
    let (plane_spread, tmux_spread) = (spread(&plane_rounds), spread(&tmux_rounds));
    let (ours, theirs) = (median(plane_rounds), median(tmux_rounds));
    println!(
        "{:<26} {:>16.3?} {:>14.3?} {:>8.2}",
        "round",
        ours,
        theirs,
        ours.as_secs_f64() / theirs.as_secs_f64()
    );
    println!("{:<26} {plane_spread:>16} {tmux_spread:>14}", "round, quartiles");
    println!("(the terminal plane settles on the todo app's render-commit markers)\n");
    // Sanity: the same screen came out of both.
    let screen = tmux.capture();
    assert!(screen.contains(&format!("] {}", title(ROUNDS - 1))), "{screen}");
    plane
        .pty()
        .wait_screen(&ScreenCondition::contains(format!("] {}", title(ROUNDS - 1))), TIMEOUT)
        .expect("the plane's screen shows the last round");
}

// Each sample runs one round on a freshly started app (started outside the
// timed part), so the new line is always in view: the list shows 19 rows.

/// One round on the terminal plane, settled on the app's markers.
#[divan::bench(sample_count = 40, sample_size = 1)]
fn terminal_plane_round(bencher: Bencher<'_, '_>) {
    let mut times = [Duration::ZERO; 4];
    bencher
        .with_inputs(|| terminal(Settling::Marker))
        .bench_local_refs(|terminal| terminal_round(terminal, 0, &mut times));
}

/// One round on the terminal plane with the app's own tree
/// (`rehearse::control::spawn_app_in_pty`): the click finds `#new-todo` in
/// the tree the app serves on its socket, and the wait a list item by role
/// and name; each commit also reads that tree over the socket.
#[divan::bench(sample_count = 40, sample_size = 1)]
fn terminal_plane_round_with_tree(bencher: Bencher<'_, '_>) {
    bencher
        .with_inputs(|| {
            let options = PtySessionOptions::new(TODO).size(SIZE.0, SIZE.1).quiet_window(None);
            let mut terminal =
                rehearse::control::spawn_app_in_pty(options).expect("the todo binary starts");
            terminal
                .run(rehearse::scenario! { wait-for:exists,#new-todo,10000; })
                .expect("the todo app serves its tree");
            terminal
        })
        .bench_local_refs(|terminal| {
            let title = title(0);
            terminal
                .run(rehearse::scenario! {
                    click:#new-todo; type:{title}; key:enter;
                    wait-for:exists,@list-item={title},10000;
                })
                .expect("the round passes");
        });
}

/// One round without the marker: the default 120 ms quiet window.
#[divan::bench(sample_count = 8, sample_size = 1)]
fn terminal_plane_round_quiet_default(bencher: Bencher<'_, '_>) {
    let mut times = [Duration::ZERO; 4];
    bencher
        .with_inputs(|| terminal(Settling::Quiet(rehearse_pty::settle::DEFAULT_QUIET_WINDOW)))
        .bench_local_refs(|terminal| terminal_round(terminal, 0, &mut times));
}

/// One round on the terminal plane with a 10 ms quiet window.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn terminal_plane_round_quiet_10ms(bencher: Bencher<'_, '_>) {
    let mut times = [Duration::ZERO; 4];
    bencher
        .with_inputs(|| terminal(Settling::Quiet(Duration::from_millis(10))))
        .bench_local_refs(|terminal| terminal_round(terminal, 0, &mut times));
}

/// One round on the terminal plane with a 1 ms quiet window: close to what
/// the app's own answer time allows, the floor a marker settle approaches
/// (a 1 ms window may settle before a slow answer; the round's last wait
/// still waits for the list line).
#[divan::bench(sample_count = 20, sample_size = 1)]
fn terminal_plane_round_quiet_1ms(bencher: Bencher<'_, '_>) {
    let mut times = [Duration::ZERO; 4];
    bencher
        .with_inputs(|| terminal(Settling::Quiet(Duration::from_millis(1))))
        .bench_local_refs(|terminal| terminal_round(terminal, 0, &mut times));
}

/// One round through tmux `send-keys` / `capture-pane`.
#[divan::bench(sample_count = 40, sample_size = 1)]
fn tmux_round(bencher: Bencher<'_, '_>) {
    let mut times = [Duration::ZERO; 4];
    bencher.with_inputs(Tmux::start).bench_local_refs(|tmux| tmux.round(0, &mut times));
}
