//! `monitor`: a real program's CPU and resident memory over the run, as a
//! series that shows a busy loop and a 50 MB allocation rise; its end when
//! the program exits; its errors.

use crate::common;

use std::time::Duration;

use common::{PROMPT, TIMEOUT, bash};
use rehearse_pty::pipeline::{MonitorEnd, MonitorReport, PipelineError};
use rehearse_pty::{ScreenCondition, Terminal};

/// Waits on the monitor: new samples and its end wake the wait.
const SERIES_TIMEOUT: Duration = Duration::from_secs(30);

fn bash_at_prompt() -> Terminal {
    let terminal = Terminal::spawn(bash()).unwrap();
    terminal.pty().wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    terminal
}

/// Waits until the report has at least `n` samples.
fn samples(terminal: &Terminal, n: usize) -> MonitorReport {
    let monitor = terminal.pipeline().monitor().expect("a monitor");
    monitor
        .wait_until(SERIES_TIMEOUT, |report| report.samples.len() >= n)
        .unwrap_or_else(|| panic!("fewer than {n} samples: {:?}", monitor.report()))
}

#[test]
fn a_busy_loop_shows_as_a_rise_in_cpu() {
    let mut terminal = bash_at_prompt();
    // 100 ms: ten clock ticks a sample, so 10 % steps; a loaded machine
    // still gives the loop well over 40 % of a core in some sample.
    terminal.monitor(Duration::from_millis(100)).unwrap();
    let idle = samples(&terminal, 3);
    let idle_max = idle.cpu().unwrap().max;
    assert!(idle_max < 20.0, "bash waiting at its prompt: {idle:?}");
    assert!(idle.samples.iter().all(|s| s.processes == 1), "{idle:?}");

    terminal.pty().type_text("while :; do :; done\r").unwrap();
    let monitor = terminal.pipeline().monitor().unwrap();
    let busy = monitor
        .wait_until(SERIES_TIMEOUT, |report| {
            report.samples[idle.samples.len()..].iter().any(|s| s.cpu_percent >= 40.0)
        })
        .unwrap_or_else(|| panic!("no busy sample: {:?}", monitor.report()));
    let peak = busy.cpu().unwrap().max;
    assert!(peak >= 40.0 && peak > idle_max + 20.0, "{busy:?}");

    let report = terminal.stop_monitor().unwrap();
    assert_eq!(report.ended, Some(MonitorEnd::Stopped));
    assert_eq!(report.interval_ms, 100);
    for pair in report.samples.windows(2) {
        assert!(pair[1].at_ms > pair[0].at_ms, "{report:?}");
    }
    assert!(report.samples.len() >= busy.samples.len());
    let summary = report.markdown();
    assert!(summary.starts_with("### Process monitor\n\n"), "{summary}");
    assert!(summary.contains("every 100 ms") && summary.contains("(stopped)"), "{summary}");
    assert!(summary.contains("| CPU (% of one core) | "), "{summary}");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["samples"].as_array().unwrap().len(), report.samples.len());
    assert_eq!(json["ended"], "stopped");
}

#[test]
fn holding_fifty_megabytes_shows_as_a_rise_in_resident_memory() {
    let mut terminal = bash_at_prompt();
    terminal.monitor(Duration::from_millis(50)).unwrap();
    let before = samples(&terminal, 2);
    let baseline = before.samples.iter().map(|s| s.rss_bytes).max().unwrap();
    assert!(baseline > 0, "{before:?}");

    // Bash keeps the 50 MB in a variable while it waits at `read`; the
    // pipeline producing it adds processes to the session meanwhile.
    terminal
        .pty()
        .type_text("x=$(head -c 50000000 /dev/zero | tr '\\0' a); echo HELD-$((2*21)); read\r")
        .unwrap();
    terminal.pty().wait_screen(&ScreenCondition::contains("HELD-42"), TIMEOUT).unwrap();
    let monitor = terminal.pipeline().monitor().unwrap();
    let held = monitor
        .wait_until(SERIES_TIMEOUT, |report| {
            report.samples.iter().any(|s| s.rss_bytes >= baseline + 45_000_000)
        })
        .unwrap_or_else(|| panic!("no rise past {baseline} + 45 MB: {:?}", monitor.report()));
    let rss = held.rss().unwrap();
    assert!(rss.max - rss.min >= 45_000_000.0, "{held:?}");
}

#[test]
fn sampling_ends_when_the_program_exits() {
    let mut terminal = bash_at_prompt();
    terminal.monitor(Duration::from_millis(20)).unwrap();
    samples(&terminal, 1);
    terminal.pty().type_text("exit 3\r").unwrap();
    let monitor = terminal.pipeline().monitor().unwrap();
    let ended = monitor.wait_until(SERIES_TIMEOUT, |report| report.ended.is_some()).unwrap();
    assert_eq!(ended.ended, Some(MonitorEnd::ProgramExited));
    assert!(!monitor.is_sampling());
    terminal.pty().wait_exit_code(3, TIMEOUT).unwrap();
    assert!(terminal.monitor_report().unwrap().markdown().contains("(the program exited)"));

    // A finished monitor is replaced by a new one, which refuses an ended
    // program.
    let error = terminal.monitor(Duration::from_millis(20)).unwrap_err();
    assert_eq!(error.to_string(), "cannot monitor the program: it has ended (exit code 3)");
}

#[test]
fn bad_intervals_and_a_second_monitor_are_refused() {
    let mut terminal = bash_at_prompt();
    let error = terminal.monitor(Duration::from_millis(1)).unwrap_err();
    assert!(matches!(error, PipelineError::InvalidInterval { .. }));
    assert_eq!(
        error.to_string(),
        "monitor interval 1ms is out of range: it must be between 10ms and 3600s (docs/limits.md)"
    );
    terminal.monitor(Duration::from_millis(100)).unwrap();
    let error = terminal.monitor(Duration::from_millis(100)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a monitor is already sampling this program (every 100ms); stop it first"
    );
    assert_eq!(terminal.stop_monitor().unwrap().ended, Some(MonitorEnd::Stopped));
    assert!(terminal.stop_monitor().is_none());
    terminal.monitor(Duration::from_millis(100)).unwrap();
}
