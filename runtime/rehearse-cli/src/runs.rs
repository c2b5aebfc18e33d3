//! `run` with several scripts: each against its own instance of the
//! program, `-j N` at a time, with progress on a terminal (plain lines
//! otherwise), a JUnit report for CI servers and an index of every trace.

use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use crate::exit::{Exit, Failure};
use crate::run::{RunArgs, ScriptOutcome, run_script};

/// What `run` was asked, for any number of scripts.
pub struct RunsArgs {
    /// The scripts.
    pub scripts: Vec<PathBuf>,
    /// How many run at once.
    pub jobs: usize,
    /// Where to write the JUnit report.
    pub junit: Option<PathBuf>,
    /// Everything else, as for one script (`out` and `goldens` are the
    /// directories of the whole run).
    pub common: RunArgs,
}

/// One script's run.
struct Finished {
    script: PathBuf,
    out: Option<PathBuf>,
    outcome: Result<ScriptOutcome, Failure>,
    took: Duration,
}

/// Runs every script; the exit code is the gravest any of them ended with.
pub fn run_all(args: RunsArgs) -> Result<Exit, Failure> {
    if args.scripts.len() == 1 && args.junit.is_none() {
        let common = RunArgs { script: args.scripts[0].clone(), ..args.common };
        return crate::run::run(&common);
    }
    let single = args.scripts.len() == 1;
    let dirs = directories(&args.scripts);
    let progress = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(args.scripts.len() as u64);
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{bar:30}] {pos}/{len} scripts {msg}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let next = AtomicUsize::new(0);
    let finished: Mutex<Vec<Option<Finished>>> =
        Mutex::new((0..args.scripts.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..args.jobs.clamp(1, args.scripts.len()) {
            scope.spawn(|| {
                loop {
                    let at = next.fetch_add(1, Ordering::SeqCst);
                    let Some(script) = args.scripts.get(at) else { break };
                    let sub = |dir: &Option<PathBuf>| {
                        dir.as_ref()
                            .map(|dir| if single { dir.clone() } else { dir.join(&dirs[at]) })
                    };
                    let one = RunArgs {
                        script: script.clone(),
                        size: args.common.size,
                        out: sub(&args.common.out),
                        command: args.common.command.clone(),
                        plane: args.common.plane,
                        goldens: sub(&args.common.goldens),
                        checkpoints: args.common.checkpoints.clone(),
                    };
                    let started = Instant::now();
                    let outcome = run_script(&one);
                    let took = started.elapsed();
                    let line = status_line(script, &outcome, took);
                    if progress.is_hidden() {
                        eprintln!("{line}");
                    } else {
                        progress.println(line);
                        progress.inc(1);
                    }
                    let mut done =
                        finished.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    done[at] =
                        Some(Finished { script: script.clone(), out: one.out, outcome, took });
                }
            });
        }
    });
    progress.finish_and_clear();
    let finished: Vec<Finished> = finished
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .into_iter()
        .flatten()
        .collect();
    for run in &finished {
        match &run.outcome {
            Ok(outcome) => {
                if let Some(error) = &outcome.error {
                    eprintln!("\n{}:\n{error}", run.script.display());
                }
            }
            Err(failure) => eprintln!("\n{}:\nrehearse: {}", run.script.display(), failure.message),
        }
    }
    let passed = finished.iter().filter(|run| exit_of(run) == Exit::Passed).count();
    eprintln!("\n{passed} passed, {} failed", finished.len() - passed);
    if let Some(junit) = &args.junit {
        write_junit(junit, &finished)?;
    }
    if let Some(out) = &args.common.out
        && !single
    {
        write_index(out, &finished)?;
    }
    Ok(finished.iter().map(exit_of).max_by_key(|exit| *exit as u8).unwrap_or(Exit::Passed))
}

fn exit_of(run: &Finished) -> Exit {
    match &run.outcome {
        Ok(outcome) => outcome.exit,
        Err(failure) => failure.exit,
    }
}

/// A directory name per script (its file stem, `-2`… when two share one).
fn directories(scripts: &[PathBuf]) -> Vec<String> {
    let mut taken = HashSet::new();
    scripts
        .iter()
        .map(|script| {
            let stem = script
                .file_stem()
                .map_or_else(|| "script".into(), |stem| stem.to_string_lossy().into_owned());
            let mut name = stem.clone();
            let mut n = 1;
            while !taken.insert(name.clone()) {
                n += 1;
                name = format!("{stem}-{n}");
            }
            name
        })
        .collect()
}

fn status_line(script: &Path, outcome: &Result<ScriptOutcome, Failure>, took: Duration) -> String {
    let secs = took.as_secs_f64();
    match outcome {
        Ok(outcome) if outcome.exit == Exit::Passed => {
            format!("ok    {} ({secs:.1} s)", script.display())
        }
        Ok(outcome) => format!(
            "FAIL  {} ({secs:.1} s): {}",
            script.display(),
            outcome.failed_step.as_deref().unwrap_or("the goldens did not match")
        ),
        Err(failure) => format!("ERROR {} ({secs:.1} s): {}", script.display(), failure.message),
    }
}

/// The JUnit report: one test case per script, a failed one with the
/// failing step as its message and its trace attached.
fn write_junit(path: &Path, finished: &[Finished]) -> Result<(), Failure> {
    let mut suite = TestSuite::new("rehearse run");
    for run in finished {
        let name = run.script.display().to_string();
        let status = match &run.outcome {
            Ok(outcome) if outcome.exit == Exit::Passed => TestCaseStatus::success(),
            Ok(outcome) => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                let first =
                    outcome.error.as_deref().and_then(|error| error.lines().next()).unwrap_or("");
                status.set_message(outcome.failed_step.clone().unwrap_or_else(|| first.to_owned()));
                status.set_type(crate::run::outcome_name(outcome.exit));
                if let Some(error) = &outcome.error {
                    status.set_description(error.clone());
                }
                status
            }
            Err(failure) => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
                status.set_message(failure.message.clone());
                status.set_type(crate::run::outcome_name(failure.exit));
                status
            }
        };
        let mut case = TestCase::new(name, status);
        case.set_classname("rehearse");
        case.set_time(run.took);
        if let Ok(ScriptOutcome { trace: Some(trace), .. }) = &run.outcome {
            // The attachment convention Jenkins and GitLab read.
            case.set_system_out(format!(
                "trace: {}\n[[ATTACHMENT|{}]]\n[[ATTACHMENT|{}]]\n",
                trace.html.display(),
                trace.html.display(),
                trace.markdown.display()
            ));
        }
        suite.add_test_case(case);
    }
    let mut report = Report::new("rehearse");
    report.add_test_suite(suite);
    let xml = report
        .to_string()
        .map_err(|error| Failure::runtime(format!("the JUnit report: {error}")))?;
    rehearse_core::artifacts::write_atomic(path, xml.as_bytes())
        .map_err(|error| Failure::runtime(format!("writing {}: {error}", path.display())))
}

/// `index.html` in `out`: every script, how it ended, and a link to its
/// trace and report.
fn write_index(out: &Path, finished: &[Finished]) -> Result<(), Failure> {
    let escape = |text: &str| {
        text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
    };
    let mut rows = String::new();
    for run in finished {
        let exit = exit_of(run);
        let status = crate::run::outcome_name(exit);
        let relative = |path: &Path| -> String {
            path.strip_prefix(out).unwrap_or(path).to_string_lossy().replace('\\', "/")
        };
        let trace = match &run.outcome {
            Ok(ScriptOutcome { trace: Some(trace), .. }) => {
                format!("<a href=\"{}\">trace</a>", escape(&relative(&trace.html)))
            }
            _ => String::from("—"),
        };
        let report = run
            .out
            .as_ref()
            .map(|dir| {
                format!("<a href=\"{}\">report</a>", escape(&relative(&dir.join("report.md"))))
            })
            .unwrap_or_default();
        let detail = match &run.outcome {
            Ok(outcome) => outcome.failed_step.clone().unwrap_or_default(),
            Err(failure) => failure.message.clone(),
        };
        rows.push_str(&format!(
            "<tr class=\"{}\"><td>{}</td><td>{status}</td><td>{:.1} s</td><td>{trace} {report}</td><td><code>{}</code></td></tr>\n",
            if exit == Exit::Passed { "passed" } else { "failed" },
            escape(&run.script.display().to_string()),
            run.took.as_secs_f64(),
            escape(&detail)
        ));
    }
    let passed = finished.iter().filter(|run| exit_of(run) == Exit::Passed).count();
    let html = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\
<title>rehearse run: {passed} of {} passed</title><style>\
body{{font:14px system-ui,sans-serif;margin:20px;background:#15171a;color:#d8dde3}}\
table{{border-collapse:collapse}}td,th{{padding:4px 10px;border-bottom:1px solid #2e333a;text-align:left}}\
a{{color:#539bf5}}tr.failed td:nth-child(2){{color:#e5534b}}tr.passed td:nth-child(2){{color:#4fb36b}}\
</style></head><body><h1>rehearse run: {passed} of {} passed</h1>\n<table><tr><th>script</th><th>outcome</th><th>took</th><th>files</th><th>failed step</th></tr>\n{rows}</table></body></html>\n",
        finished.len(),
        finished.len()
    );
    std::fs::create_dir_all(out)
        .map_err(|error| Failure::runtime(format!("creating {}: {error}", out.display())))?;
    rehearse_core::artifacts::write_atomic(&out.join("index.html"), html.as_bytes())
        .map_err(|error| Failure::runtime(format!("writing index.html: {error}")))
}
