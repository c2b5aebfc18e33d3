//! `run`: a script file against a rehearse app (over its socket) or any
//! program (in a PTY, through the terminal plane), with artifacts and a
//! report in `--out`.

use std::path::{Path, PathBuf};
use std::process::Command;

use rehearse_core::Scenario;
use rehearse_core::artifacts::{Artifacts, Baseline, Check, Checks, Format};
use rehearse_core::trace::{TraceMode, TraceNote, TraceOptions, TracePaths};
use rehearse_lang::script::{
    MAX_INCLUDE_BYTES, Script, ScriptReadError, parse_script_file, read_script_text,
};
use rehearse_protocol::message::{Act, OkReply, RequestBody};
use rehearse_pty::pipeline::MonitorReport;
use rehearse_pty::{PtySessionOptions, Terminal};
use serde_json::json;

use crate::exit::{Exit, Failure, exit_for};
use crate::launch::{Launch, launch};
use crate::render::ANNOUNCE_TIMEOUT;

/// What a program's checkpoints write by default: its screen (it has no
/// semantic tree); `text` brings the scrollback with it.
const SCREEN_FORMATS: [Format; 4] = Format::SCREEN;

/// What `--goldens` compares a program's checkpoints in by default: the
/// reviewable styled screen (text and style apart).
const GOLDEN_FORMATS: [Format; 1] = [Format::Styled];

/// What a run's checkpoints write, compare and check, beyond the defaults.
#[derive(Debug, Clone, Default)]
pub struct CheckpointOptions {
    /// The formats `--out` writes (`--out-formats`), instead of the
    /// screen's four.
    pub out_formats: Option<Vec<Format>>,
    /// The formats `--goldens` compares (`--golden-formats`), instead of
    /// `styled`.
    pub golden_formats: Option<Vec<Format>>,
    /// The checks every checkpoint makes (`--check`).
    pub checks: Vec<Check>,
}

impl CheckpointOptions {
    /// Whether any was given: they are the terminal plane's (its sinks
    /// write the files; an app over its socket writes its own).
    fn given(&self) -> bool {
        self.out_formats.is_some() || self.golden_formats.is_some() || !self.checks.is_empty()
    }

    /// Refuses what a program in a PTY cannot write (the semantic formats:
    /// it publishes no tree) and formats for a directory not given.
    fn check(&self, args: &RunArgs) -> Result<(), Failure> {
        for (formats, dir, flag, needs) in [
            (&self.out_formats, &args.out, "--out-formats", "--out DIR"),
            (&self.golden_formats, &args.goldens, "--golden-formats", "--goldens DIR"),
        ] {
            if formats.is_some() && dir.is_none() {
                return Err(Failure::script(format!(
                    "{flag} chooses what {needs} holds; give {needs} too; nothing ran"
                )));
            }
        }
        let chosen = self.out_formats.iter().chain(&self.golden_formats).flatten();
        for format in chosen {
            if matches!(format, Format::Json | Format::Markdown) {
                return Err(Failure::script(format!(
                    "the `{format}` format needs a semantic tree, which a program run in a PTY does not publish; a run's checkpoint formats are text, styled, cells, png, terminal and scrollback; nothing ran"
                )));
            }
        }
        Ok(())
    }
}

/// A `--out-formats`/`--golden-formats` value: a checkpoint format's name.
pub fn parse_format(text: &str) -> Result<Format, String> {
    text.trim().parse::<Format>().map_err(|error| error.to_string())
}

/// A `--check` value: a checkpoint check's name.
pub fn parse_check(text: &str) -> Result<Check, String> {
    text.trim().parse::<Check>()
}

/// Which plane runs the script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PlaneChoice {
    /// A rehearse app when the program announces a control socket, else a
    /// program in a PTY.
    Auto,
    /// A rehearse app over its socket.
    App,
    /// Any program in a PTY.
    Terminal,
}

/// What `run` was asked.
pub struct RunArgs {
    /// The script file.
    pub script: PathBuf,
    /// The terminal's size.
    pub size: (u16, u16),
    /// Where artifacts and the report go.
    pub out: Option<PathBuf>,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// Which plane.
    pub plane: PlaneChoice,
    /// Where the goldens of the checkpoints are, to compare them.
    pub goldens: Option<PathBuf>,
    /// The formats and checks of the checkpoints.
    pub checkpoints: CheckpointOptions,
}

/// One step's line in the report.
struct StepLine {
    step: String,
    status: &'static str,
    generation: Option<u64>,
}

/// How a run ended.
struct Outcome {
    exit: Exit,
    plane: &'static str,
    steps: Vec<StepLine>,
    error: Option<String>,
    /// The program's CPU and memory series, when a `monitor:` step sampled
    /// them.
    monitor: Option<MonitorReport>,
    /// Where the run's trace was written.
    trace: Option<TracePaths>,
}

/// How one script's run ended, for a caller running several.
pub struct ScriptOutcome {
    /// The exit code it means.
    pub exit: Exit,
    /// The failure, as printed.
    pub error: Option<String>,
    /// The failing step's spelling and where it was written.
    pub failed_step: Option<String>,
    /// Where its trace was written.
    pub trace: Option<TracePaths>,
}

/// Runs the script; the exit code says how it went (`docs/cli.md`).
pub fn run(args: &RunArgs) -> Result<Exit, Failure> {
    let outcome = run_script(args)?;
    if let Some(error) = &outcome.error {
        eprintln!("{error}");
    }
    Ok(outcome.exit)
}

/// Runs the script and says how it ended, printing nothing.
pub fn run_script(args: &RunArgs) -> Result<ScriptOutcome, Failure> {
    let text = read_script(&args.script)?;
    // Nothing starts for a script that does not parse; its `use:` steps
    // are relative to the script's own directory.
    let parsed = parse_script_file(&args.script).map_err(|errors| {
        Failure::script(format!("{} is invalid; nothing ran:\n{errors}", args.script.display()))
    })?;
    let spelled: Vec<String> = parsed.steps.iter().map(|step| step.step.to_string()).collect();
    // The app reads the script itself (to check it against its ids): the
    // file as written, so its errors name the file's lines, unless `use:`
    // brought steps in from elsewhere — then the steps as they expanded,
    // one a line, since the app cannot resolve the paths.
    let expanded = parsed.files.len() > 1;
    let for_app = if expanded { spelled.join("\n") } else { text };
    // Where each expanded step was written, to name it in the app's errors.
    let origins: Vec<String> = if expanded {
        let top = args.script.display().to_string();
        parsed
            .steps
            .iter()
            .map(|step| {
                format!("{}:{}:{}", step.file.as_deref().unwrap_or(&top), step.line, step.column)
            })
            .collect()
    } else {
        Vec::new()
    };
    let Some((program, rest)) = args.command.split_first() else {
        return Err(Failure::script(
            "run needs the program after `--`: rehearse run SCRIPT -- CMD ARGS...",
        ));
    };
    if let Some(out) = &args.out {
        std::fs::create_dir_all(out)
            .map_err(|error| Failure::runtime(format!("creating {}: {error}", out.display())))?;
    }
    args.checkpoints.check(args)?;
    // Goldens, chosen formats and checks are the sinks of a program in a PTY.
    let terminal_sinks = args.goldens.is_some() || args.checkpoints.given();
    if args.plane == PlaneChoice::App && args.checkpoints.given() {
        return Err(Failure::script(
            "--out-formats, --golden-formats and --check choose what the terminal plane's checkpoints write and check; a rehearse app run over its socket (--plane app) writes its own artifacts: run it with --plane terminal (or auto); nothing ran",
        ));
    }
    let mut outcome = None;
    if args.plane != PlaneChoice::Terminal && !terminal_sinks {
        let mut command = Command::new(program);
        command.args(rest);
        match launch(command, args.size, args.out.as_deref(), ANNOUNCE_TIMEOUT)? {
            Launch::Serving(app) => outcome = Some(on_app(app, &for_app, &spelled, &origins)?),
            Launch::NotAnApp(why) if args.plane == PlaneChoice::App => {
                return Err(Failure::runtime(format!("`{program}` is not a rehearse app: {why}")));
            }
            Launch::NotAnApp(_) => {}
        }
    }
    let outcome = match outcome {
        Some(outcome) => outcome,
        None => on_terminal(args, program, rest, parsed)?,
    };
    if let Some(out) = &args.out {
        report(out, args, &outcome)?;
    }
    let failed_step =
        outcome.steps.iter().find(|line| line.status == "failed").map(|line| line.step.clone());
    Ok(ScriptOutcome {
        exit: outcome.exit,
        error: outcome.error,
        failed_step,
        trace: outcome.trace,
    })
}

/// The script file's text, refused past [`MAX_INCLUDE_BYTES`] (1 MiB, the
/// bound of a file a `use:` reads; the top-level script gets the same):
/// its size is checked from its metadata, and the read itself stops one
/// byte past the limit, so a file that grows meanwhile or reports no size
/// (a pipe, `/dev/zero`) cannot be read without bound either.
fn read_script(path: &Path) -> Result<String, Failure> {
    let too_large = |size: String| {
        Failure::script(format!(
            "{} is {size}; a script is at most {MAX_INCLUDE_BYTES} bytes (1 MiB, MAX_INCLUDE_BYTES, the limit of a `use:` file); nothing ran",
            path.display()
        ))
    };
    read_script_text(path).map_err(|error| match error {
        ScriptReadError::TooLarge { size: Some(size) } => too_large(format!("{size} bytes")),
        ScriptReadError::TooLarge { size: None } => {
            too_large(format!("more than {MAX_INCLUDE_BYTES} bytes when read"))
        }
        ScriptReadError::NotUtf8(error) => Failure::script(format!(
            "{} is not UTF-8 text (from byte {}); nothing ran",
            path.display(),
            error.utf8_error().valid_up_to()
        )),
        ScriptReadError::Io(error) => {
            Failure::runtime(format!("reading {}: {error}", path.display()))
        }
        other => Failure::runtime(format!("reading {}: {other:?}", path.display())),
    })
}

/// Runs the script on the app. `origins` names where each step was written
/// when the app was sent the expanded steps (one a line) rather than the
/// file: its errors then say where, not which line of that text.
fn on_app(
    mut app: crate::launch::App,
    script: &str,
    spelled: &[String],
    origins: &[String],
) -> Result<Outcome, Failure> {
    let reply = app.client.request(RequestBody::Act(Act { script: script.into() }), 60_000);
    let outcome = match reply {
        Ok(OkReply::Act(acted)) => Outcome {
            exit: Exit::Passed,
            plane: "app",
            steps: lines(spelled, spelled.len(), None, Some(acted.generation)),
            error: None,
            monitor: None,
            trace: None,
        },
        Ok(other) => {
            return Err(Failure::runtime(format!("the app answered `{}` to act", other.op())));
        }
        Err(rehearse_control::ClientError::Refused(error)) => {
            let failed = error.step.map(|step| step as usize);
            Outcome {
                exit: exit_for(error.code),
                plane: "app",
                steps: lines(spelled, failed.unwrap_or(0), failed, None),
                error: Some(match failed.and_then(|step| origins.get(step)) {
                    Some(origin) => format!("{}: {} ({origin})", error.code, error.message),
                    None => format!("{}: {}", error.code, located(&error.message, origins)),
                }),
                monitor: None,
                trace: None,
            }
        }
        Err(other) => return Err(other.into()),
    };
    app.close()?;
    Ok(outcome)
}

/// `message` with each `line N, column C` of the expanded text replaced by
/// where step N was written (`origins` empty: the app read the file itself).
fn located(message: &str, origins: &[String]) -> String {
    if origins.is_empty() {
        return message.to_owned();
    }
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find("line ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "line ".len()..];
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        let origin = after[..digits]
            .parse::<usize>()
            .ok()
            .and_then(|line| origins.get(line.wrapping_sub(1)))
            .filter(|_| after[digits..].starts_with(", column "));
        match origin {
            Some(origin) => {
                let column = &after[digits + ", column ".len()..];
                let skip = column.chars().take_while(char::is_ascii_digit).count();
                out.push_str(origin);
                rest = &column[skip..];
            }
            None => {
                out.push_str("line ");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn on_terminal(
    args: &RunArgs,
    program: &str,
    rest: &[String],
    script: Script,
) -> Result<Outcome, Failure> {
    // A rehearse app settles on its markers; any other program on silence.
    let options = PtySessionOptions::new(program)
        .args(rest)
        .size(args.size.0, args.size.1)
        .marker(crate::program::marker_token()?, "run");
    let terminal = Terminal::spawn(options)
        .map_err(|error| Failure::runtime(format!("`{program}` could not start: {error}")))?;
    // With --out the trace is always written there (unless REHEARSE_TRACE
    // says otherwise); without, only REHEARSE_TRACE asks for one.
    let chosen = std::env::var_os(TraceMode::ENV).is_some();
    let mut trace = TraceOptions::new().title(args.script.display().to_string());
    match &args.out {
        Some(out) => {
            trace = trace.dir(out);
            if !chosen {
                trace = trace.mode(TraceMode::On);
            }
        }
        None if !chosen => trace = trace.mode(TraceMode::Off),
        None => {}
    }
    let mut terminal = terminal.traced(trace);
    let chosen = &args.checkpoints;
    if let Some(out) = &args.out {
        let formats = chosen.out_formats.clone().unwrap_or_else(|| SCREEN_FORMATS.to_vec());
        terminal
            .add_artifacts(Artifacts::new(out).formats(formats))
            .map_err(|error| Failure::runtime(error.to_string()))?;
    }
    if !chosen.checks.is_empty() {
        // After the artifacts: a screen that fails a check is written first.
        terminal.add_checkpoint_sink(Checks::new(chosen.checks.iter().copied()));
    }
    let baseline = match &args.goldens {
        Some(dir) => {
            let formats = chosen.golden_formats.clone().unwrap_or_else(|| GOLDEN_FORMATS.to_vec());
            let baseline = Baseline::new(dir)
                .map_err(|error| Failure::script(error.to_string()))?
                .formats(formats);
            baseline.attach(&mut terminal);
            Some(baseline)
        }
        None => None,
    };
    let name = args.script.file_name().map(|name| name.to_string_lossy().into_owned());
    let outcome = match terminal.run(Scenario::from_script(script, name.map(Into::into))) {
        Ok(report) => Outcome {
            trace: written(report.trace.as_deref()),
            exit: Exit::Passed,
            plane: "terminal",
            steps: report
                .steps
                .iter()
                .map(|result| StepLine {
                    step: result.step.to_string(),
                    status: "passed",
                    generation: Some(result.generation.0),
                })
                .collect(),
            error: None,
            monitor: None,
        },
        Err(failed) => {
            let mut steps: Vec<StepLine> = failed
                .completed
                .steps
                .iter()
                .map(|result| StepLine {
                    step: result.step.to_string(),
                    status: "passed",
                    generation: Some(result.generation.0),
                })
                .collect();
            steps.push(StepLine {
                step: failed.failed.step.to_string(),
                status: "failed",
                generation: None,
            });
            // Every kind of wait that timed out: on the tree, the screen,
            // the scrollback or the process (`docs/cli.md`: exit 3).
            let exit = if failed.failed.error.is_wait_timeout() {
                Exit::WaitTimeout
            } else {
                Exit::StepFailed
            };
            Outcome {
                exit,
                plane: "terminal",
                steps,
                error: Some(failed.failed.to_string()),
                monitor: None,
                trace: written(failed.failed.trace.as_deref()),
            }
        }
    };
    // The series covers the whole run: it is taken once the program is
    // done with, and the monitor's thread is joined here.
    let mut outcome = Outcome { monitor: terminal.stop_monitor(), ..outcome };
    drop(terminal);
    if let Some(baseline) = baseline
        && let Err(error) = baseline.finish()
    {
        // Every checkpoint ran; the goldens that did not match fail the run.
        if outcome.exit == Exit::Passed {
            outcome.exit = Exit::StepFailed;
        }
        let error = error.to_string();
        outcome.error = Some(match outcome.error.take() {
            Some(earlier) => format!("{earlier}\n{error}"),
            None => error,
        });
    }
    Ok(outcome)
}

/// The trace's paths, when it was written.
fn written(note: Option<&TraceNote>) -> Option<TracePaths> {
    match note {
        Some(TraceNote::Written(paths)) => Some(paths.clone()),
        _ => None,
    }
}

/// Each step's line: those before `done` passed, `failed` failed, the rest
/// did not run.
fn lines(
    spelled: &[String],
    done: usize,
    failed: Option<usize>,
    last: Option<u64>,
) -> Vec<StepLine> {
    spelled
        .iter()
        .enumerate()
        .map(|(index, step)| StepLine {
            step: step.clone(),
            status: if Some(index) == failed {
                "failed"
            } else if index < done {
                "passed"
            } else {
                "not-run"
            },
            generation: if index + 1 == spelled.len() && failed.is_none() { last } else { None },
        })
        .collect()
}

/// How a run ended, as reports name it.
pub fn outcome_name(exit: Exit) -> &'static str {
    match exit {
        Exit::Passed => "passed",
        Exit::StepFailed => "step-failed",
        Exit::Runtime => "runtime-error",
        Exit::WaitTimeout => "wait-timeout",
        Exit::Script => "script-error",
    }
}

/// `report.json` and `report.md` in `out`.
fn report(out: &Path, args: &RunArgs, outcome: &Outcome) -> Result<(), Failure> {
    let steps: Vec<_> = outcome
        .steps
        .iter()
        .enumerate()
        .map(|(index, line)| json!({"index": index, "step": line.step, "status": line.status, "generation": line.generation}))
        .collect();
    let json = json!({
        "script": args.script.display().to_string(),
        "command": args.command,
        "plane": outcome.plane,
        "outcome": outcome_name(outcome.exit),
        "exitCode": outcome.exit as i32,
        "steps": steps,
        "error": outcome.error,
        "monitor": outcome.monitor,
        "trace": outcome.trace.as_ref().map(|paths| json!({
            "json": paths.json.display().to_string(),
            "markdown": paths.markdown.display().to_string(),
            "html": paths.html.display().to_string(),
        })),
    });
    let mut markdown = format!(
        "# rehearse run: {}\n\n- command: `{}`\n- plane: {}\n- outcome: **{}** (exit {})\n\n| # | step | status |\n|---|---|---|\n",
        args.script.display(),
        args.command.join(" "),
        outcome.plane,
        outcome_name(outcome.exit),
        outcome.exit as i32
    );
    for (index, line) in outcome.steps.iter().enumerate() {
        markdown.push_str(&format!(
            "| {index} | `{}` | {} |\n",
            line.step.replace('|', "\\|"),
            line.status
        ));
    }
    if let Some(error) = &outcome.error {
        markdown.push_str(&format!("\n## Error\n\n```text\n{error}\n```\n"));
    }
    if let Some(trace) = &outcome.trace {
        markdown.push_str(&format!(
            "\nTrace: [trace.html]({}) (every step with its screen), [trace.md]({})\n",
            trace.html.display(),
            trace.markdown.display()
        ));
    }
    if let Some(monitor) = &outcome.monitor {
        markdown.push_str(&format!("\n{}", monitor.markdown()));
    }
    let write = |name: &str, bytes: &[u8]| {
        rehearse_core::artifacts::write_atomic(&out.join(name), bytes).map_err(|error| {
            Failure::runtime(format!("writing {}: {error}", out.join(name).display()))
        })
    };
    write("report.json", serde_json::to_string_pretty(&json).expect("json").as_bytes())?;
    write("report.md", markdown.as_bytes())
}
