//! The monitor's thread never outlives its reason to run: it ends on stop,
//! on the terminal's drop, and by itself when the program exits — counted in
//! `/proc/self/task` by its name. One test in this binary, so no other
//! test's monitor is counted.

mod common;

use std::time::{Duration, Instant};

use common::{PROMPT, TIMEOUT, bash};
use rehearse_pty::pipeline::{MONITOR_THREAD_NAME, MonitorEnd};
use rehearse_pty::{ScreenCondition, Terminal};

/// How many threads of this process carry the monitor's name.
fn monitor_threads() -> usize {
    std::fs::read_dir("/proc/self/task")
        .unwrap()
        .filter_map(Result::ok)
        .filter_map(|task| std::fs::read_to_string(task.path().join("comm")).ok())
        .filter(|comm| comm.trim_end() == MONITOR_THREAD_NAME)
        .count()
}

/// Waits until `monitor_threads() == n` (a joined thread's task may linger
/// an instant in `/proc`).
fn await_threads(n: usize) {
    let deadline = Instant::now() + TIMEOUT;
    while monitor_threads() != n {
        assert!(Instant::now() < deadline, "{} monitor threads, expected {n}", monitor_threads());
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// A terminal whose monitor has taken a sample (so its thread runs and is
/// named).
fn monitored() -> Terminal {
    let mut terminal = Terminal::spawn(bash()).unwrap();
    terminal.pty().wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    terminal.monitor(Duration::from_millis(10)).unwrap();
    let monitor = terminal.pipeline().monitor().unwrap();
    assert!(monitor.wait_until(TIMEOUT, |report| !report.samples.is_empty()).is_some());
    terminal
}

#[test]
fn the_monitor_thread_ends_on_stop_on_drop_and_on_program_exit() {
    await_threads(0);

    let mut terminal = monitored();
    assert_eq!(monitor_threads(), 1);
    terminal.stop_monitor().unwrap();
    await_threads(0);

    let terminal = monitored();
    assert_eq!(monitor_threads(), 1);
    drop(terminal);
    await_threads(0);

    // Exit: the thread ends by itself, with nothing stopped or dropped.
    let terminal = monitored();
    assert_eq!(monitor_threads(), 1);
    terminal.pty().type_text("exit 0\r").unwrap();
    terminal.pty().wait_exit_code(0, TIMEOUT).unwrap();
    let monitor = terminal.pipeline().monitor().unwrap();
    let report = monitor.wait_until(TIMEOUT, |report| report.ended.is_some()).unwrap();
    assert_eq!(report.ended, Some(MonitorEnd::ProgramExited));
    await_threads(0);
    drop(terminal);
}
