//! What a recording is written as: a script (`*.steps`) that `rehearse
//! run` replays, each step printed by the language's own `Display` and
//! checked to read back as itself; or a Rust test whose `scenario!` the
//! compiler checks (with `--app`, against the app's declared ids).

use std::path::Path;

use rehearse_lang::AutomationStep;
use rehearse_lang::script::parse_script;

use super::scenario;

/// What the recording is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RecordFormat {
    /// A script file for `rehearse run`.
    Script,
    /// A Rust integration test with `scenario!`.
    Scenario,
}

/// What the header says about the recording.
pub struct Recorded<'a> {
    /// The steps.
    pub steps: &'a [AutomationStep],
    /// The program's command line.
    pub command: &'a [String],
    /// The program's terminal, `(cols, rows)`, when the recording began.
    pub size: (u16, u16),
    /// The program published its tree.
    pub published: bool,
    /// `scenario!`'s `app = …;`, when given.
    pub app: Option<&'a str>,
    /// Where the recording is written (named in the replay line).
    pub out: Option<&'a Path>,
}

/// The variables the recording's secrets are typed from.
fn secrets(steps: &[AutomationStep]) -> Vec<String> {
    let mut names: Vec<String> = steps
        .iter()
        .filter_map(|step| match step {
            AutomationStep::TypeSecret { secret } => secret.env_name().map(str::to_owned),
            _ => None,
        })
        .collect();
    names.dedup();
    names
}

/// A command line as a shell reads it back.
fn shell_line(command: &[String]) -> String {
    command
        .iter()
        .map(|word| {
            let plain = !word.is_empty()
                && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
            if plain { word.clone() } else { format!("'{}'", word.replace('\'', r"'\''")) }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The script: a header of comments, then one step a line. Every step is
/// checked to read back as itself; one that would not is an error naming
/// it (never a script that replays something else).
pub fn script(recorded: &Recorded<'_>) -> Result<String, String> {
    let (cols, rows) = recorded.size;
    let file = recorded.out.map_or("FILE".into(), |out| out.display().to_string());
    let mut text = format!(
        "# Recorded by `rehearse record` in a {cols}x{rows} terminal.\n# Replay: rehearse run {} --size {cols}x{rows} -- {}\n",
        shell_line(&[file]),
        shell_line(recorded.command)
    );
    if recorded.published {
        text.push_str("# The program published its tree: the replay runs on it over its socket.\n");
    }
    let names = secrets(recorded.steps);
    if !names.is_empty() {
        text.push_str(&format!(
            "# Secrets are typed from the environment (the recording never holds one): set {} first.\n",
            names.join(", ")
        ));
    }
    for step in recorded.steps {
        text.push_str(&step.to_string());
        text.push('\n');
    }
    let read = parse_script(&text).map_err(|errors| {
        format!("the recording does not read back (a bug of the recorder):\n{errors}")
    })?;
    let back = read.into_automation_steps();
    if let Some((written, read)) =
        recorded.steps.iter().zip(&back).find(|(written, read)| written != read)
    {
        return Err(format!(
            "the recorded step `{written}` reads back as `{read}` (a bug of the recorder)"
        ));
    }
    Ok(text)
}

/// The name of a binary cargo built (it lies in a `target/…/debug` or
/// `release` directory), which its package's tests reach as
/// `env!("CARGO_BIN_EXE_NAME")`.
fn cargo_binary(program: &str) -> Option<&str> {
    let path = Path::new(program);
    let built = path.parent().is_some_and(|dir| {
        let profile = dir.file_name().and_then(|name| name.to_str());
        matches!(profile, Some("debug" | "release"))
            && dir.ancestors().any(|up| up.file_name().is_some_and(|name| name == "target"))
    });
    built.then(|| path.file_name().and_then(|name| name.to_str())).flatten()
}

/// How the test names the program: `env!("CARGO_BIN_EXE_todo")` for a
/// binary cargo built (the test then belongs in that package's `tests/`),
/// else the path as given.
fn program_expression(program: &str) -> String {
    match cargo_binary(program) {
        Some(name) => format!("env!({})", scenario::literal(&format!("CARGO_BIN_EXE_{name}"))),
        None => scenario::literal(program),
    }
}

/// The Rust test: the program started in a PTY as it was recorded (its
/// tree read from its socket when it published one), and the steps in a
/// `scenario!`.
pub fn rust_test(recorded: &Recorded<'_>) -> Result<String, String> {
    let (cols, rows) = recorded.size;
    let (program, args) = recorded.command.split_first().ok_or("no program was recorded")?;
    // A binary cargo built is named as the test names it, not by where it
    // lies on one machine.
    let mut shown = recorded.command.to_vec();
    if let Some(name) = cargo_binary(program) {
        shown[0] = name.to_owned();
    }
    let mut text = format!(
        "//! Recorded by `rehearse record` from `{}` in a {cols}x{rows} terminal; the compiler\n//! checks every step of the `scenario!` below.\n",
        shell_line(&shown)
    );
    let names = secrets(recorded.steps);
    if !names.is_empty() {
        text.push_str(&format!(
            "//! Secrets are typed from the environment (the recording never holds one): set\n//! {} before running it.\n",
            names.join(", ")
        ));
    }
    text.push_str("\nuse rehearse::prelude::*;\nuse rehearse::pty::PtySessionOptions;\n\n#[test]\nfn recorded() {\n");
    let mut options = format!("PtySessionOptions::new({})", program_expression(program));
    if !args.is_empty() {
        let args: Vec<String> = args.iter().map(|arg| scenario::literal(arg)).collect();
        options.push_str(&format!(".args([{}])", args.join(", ")));
    }
    text.push_str(&format!("    let options = {options}.size({cols}, {rows});\n"));
    let (start, header) = if recorded.published {
        (
            "rehearse::control::spawn_app_in_pty(options)",
            recorded.app.map(|app| format!("app = {app};")),
        )
    } else {
        ("rehearse::pty::Terminal::spawn(options)", Some("plane = terminal;".to_owned()))
    };
    text.push_str(&format!(
        "    let mut program = {start}.expect(\"the program starts\");\n    let scenario = scenario! {{\n"
    ));
    if let Some(header) = header {
        text.push_str(&format!("        {header}\n"));
    }
    for step in recorded.steps {
        text.push_str(&format!("        {};\n", scenario::spell(step)?));
    }
    text.push_str(
        "    };\n    if let Err(error) = program.run(scenario) {\n        panic!(\"{error}\\nscreen:\\n{}\", program.pty().screen_text());\n    }\n}\n",
    );
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_recordable_step_is_written_so_that_it_reads_back() {
        let steps = super::super::scenario::tests::recordable();
        let command = ["bash".to_owned(), "--norc".to_owned()];
        let recorded = Recorded {
            steps: &steps,
            command: &command,
            size: (80, 23),
            published: false,
            app: None,
            out: Some(Path::new("rec.steps")),
        };
        let text = script(&recorded).unwrap();
        assert!(text.starts_with("# Recorded by `rehearse record` in a 80x23 terminal.\n"));
        assert!(text.contains("# Replay: rehearse run rec.steps --size 80x23 -- bash --norc\n"));
        assert!(text.contains("set PASSWORD first"), "{text}");
        let test = rust_test(&recorded).unwrap();
        assert!(test.contains("PtySessionOptions::new(\"bash\").args([\"--norc\"]).size(80, 23)"));
        assert!(test.contains("plane = terminal;"));
    }

    #[test]
    fn awkward_text_in_every_free_text_place_is_written_so_that_it_reads_back() {
        use super::super::scenario::tests::{awkward, with_text};
        let steps: Vec<AutomationStep> =
            awkward().iter().flat_map(|text| with_text(text)).collect();
        let command = ["sh".to_owned()];
        let recorded = Recorded {
            steps: &steps,
            command: &command,
            size: (80, 23),
            published: false,
            app: None,
            out: None,
        };
        script(&recorded).unwrap_or_else(|error| panic!("{error}"));
    }

    #[test]
    fn a_binary_cargo_built_is_named_as_cargo_names_it_for_tests() {
        // Wherever the checkout lies: a path under some `target/debug`.
        let built = std::env::temp_dir().join("shop/target/debug/todo");
        assert_eq!(program_expression(built.to_str().unwrap()), r#"env!("CARGO_BIN_EXE_todo")"#);
        assert_eq!(program_expression("target/release/todo"), r#"env!("CARGO_BIN_EXE_todo")"#);
        assert_eq!(program_expression("bash"), r#""bash""#);
        assert_eq!(program_expression("/usr/bin/less"), r#""/usr/bin/less""#);
    }

    #[test]
    fn a_command_line_reads_back_in_a_shell() {
        assert_eq!(shell_line(&["less".into(), "my file".into()]), "less 'my file'");
        assert_eq!(shell_line(&["sh".into(), "-c".into(), "it's".into()]), r"sh -c 'it'\''s'");
    }
}
