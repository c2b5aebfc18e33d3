//! `use:PATH` in a text script: the steps of another script file, spliced
//! in where the `use:` stands, resolved relative to the including file (a
//! script that is not a file: the working directory). Includes nest up to
//! [`MAX_INCLUDE_DEPTH`] deep, a cycle is an error naming it, and a file
//! over [`MAX_INCLUDE_BYTES`] is refused before it is read.

use std::path::{Path, PathBuf};

use crate::script::check::{CheckContext, Checker};
use crate::script::error::ErrorKind;
use crate::script::text_script::{
    Expansion, LocatedUse, Script, ScriptError, ScriptErrors, ScriptStep, parse_text,
};

/// How deep `use:` may nest.
pub const MAX_INCLUDE_DEPTH: usize = 16;

/// The largest file a `use:` reads (1 MiB).
pub const MAX_INCLUDE_BYTES: u64 = 1024 * 1024;

/// The most steps one script expands to, counting every step each `use:`
/// brings in (again each time a file is included) and each `use:` itself
/// (docs/limits.md). Counted while the script expands: passing it is one
/// `script-too-large` error, and nothing more is read.
pub const MAX_SCRIPT_STEPS: usize = 100_000;

/// The most bytes of script text one script expands to through `use:`,
/// counting a file again each time it is included (16 MiB: sixteen files
/// of [`MAX_INCLUDE_BYTES`]). Checked before an included file is parsed.
pub const MAX_EXPANDED_BYTES: u64 = 16 * 1024 * 1024;

/// A script being parsed with what its `use:` steps bring in.
pub(crate) struct Includes<'c> {
    checker: Checker<'c>,
    steps: Vec<ScriptStep>,
    errors: Vec<ScriptError>,
    expansion: Expansion,
    state: State,
}

/// The files being read, outermost first (for cycles and depth).
struct State {
    reading: Vec<PathBuf>,
    /// Every file read, in order.
    read: Vec<PathBuf>,
    /// Where `use:` may read.
    confined: Confined,
}

/// Where the `use:` steps of a script whose text came from elsewhere (a
/// socket, an agent) may read files: [`parse_script_with_uses`].
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum UseFiles<'a> {
    /// Any file this process can read, relative to the working directory
    /// (a script a test or a user wrote: [`parse_script`](crate::script::parse_script)).
    WorkingDirectory,
    /// Only files below this directory: a path is relative to it (or to
    /// the including file, below it), never absolute and never with a
    /// `..`, and once links are resolved the file must still be below it.
    Below(&'a Path),
    /// None at all; the text says why (and how to allow them), and every
    /// `use:` is an `invalid-include` error saying so.
    Refused(&'a str),
}

/// [`UseFiles`] as a parse holds it.
enum Confined {
    Anywhere,
    /// The directory, resolved (links and all).
    Below(PathBuf),
    Refused(String),
}

impl<'c> Includes<'c> {
    /// `use:` in the top-level text resolves relative to `dir`.
    pub(crate) fn new(context: &'c CheckContext<'c>, dir: PathBuf) -> Self {
        Self {
            checker: Checker::new(context),
            steps: Vec::new(),
            errors: Vec::new(),
            expansion: Expansion::default(),
            state: State { reading: vec![dir], read: Vec::new(), confined: Confined::Anywhere },
        }
    }

    /// `use:` reads as `uses` says.
    pub(crate) fn confined(context: &'c CheckContext<'c>, uses: UseFiles<'_>) -> Self {
        let (dir, confined) = match uses {
            UseFiles::WorkingDirectory => (PathBuf::from("."), Confined::Anywhere),
            UseFiles::Below(root) => match root.canonicalize() {
                Ok(resolved) => (resolved.clone(), Confined::Below(resolved)),
                Err(error) => (
                    PathBuf::from("."),
                    Confined::Refused(format!(
                        "the directory `use:` reads from, {}, cannot be read: {error}",
                        root.display()
                    )),
                ),
            },
            UseFiles::Refused(why) => (PathBuf::from("."), Confined::Refused(why.to_owned())),
        };
        let mut parse = Self::new(context, dir);
        parse.state.confined = confined;
        parse
    }

    /// Parses the top-level text (named `file` when it is one). `shown`
    /// names it where an error in another file points into it (its path,
    /// when it was read from a file).
    pub(crate) fn text(&mut self, text: &str, file: Option<&str>, shown: Option<&str>) {
        let dir = self.state.reading[0].clone();
        let state = &mut self.state;
        parse_text(
            text,
            file,
            shown,
            &mut self.checker,
            &mut self.steps,
            &mut self.errors,
            &mut self.expansion,
            &mut |at, checker, into, errors, expansion| {
                include(state, &dir, &at, checker, into, errors, expansion);
            },
        );
    }

    /// The script, or every error.
    pub(crate) fn finish(self) -> Result<Script, ScriptErrors> {
        if self.errors.is_empty() {
            Ok(Script { steps: self.steps, files: self.state.read })
        } else {
            Err(ScriptErrors { errors: self.errors })
        }
    }
}

/// Reads the file a `use:` names (relative to `dir`) and parses it in place.
fn include(
    state: &mut State,
    dir: &Path,
    at: &LocatedUse<'_>,
    checker: &mut Checker<'_>,
    into: &mut Vec<ScriptStep>,
    errors: &mut Vec<ScriptError>,
    expansion: &mut Expansion,
) {
    let written = match &at.target {
        Ok(path) => path.clone(),
        Err(error) => {
            errors.push(at.locate(error));
            return;
        }
    };
    let path = dir.join(&written);
    let fail = |message: String| at.error(ErrorKind::InvalidInclude, message);
    match &state.confined {
        Confined::Anywhere => {}
        Confined::Refused(why) => {
            errors.push(fail(format!("`use:{written}` reads no file here: {why}")));
            return;
        }
        Confined::Below(root) => {
            // Checked as written before anything is looked up, so a path
            // outside cannot even be probed for whether it exists.
            let written_path = Path::new(&written);
            let climbs = written_path.components().any(|part| {
                !matches!(part, std::path::Component::Normal(_) | std::path::Component::CurDir)
            });
            if climbs {
                errors.push(fail(format!(
                    "`use:{written}` must name a file below {} by a relative path without `..`; this server reads `use:` files only there",
                    root.display()
                )));
                return;
            }
        }
    }
    let canonical = match path.canonicalize() {
        Ok(canonical) => canonical,
        Err(error) => {
            errors.push(fail(format!(
                "cannot read `{}` for `use:{written}`: {error}",
                path.display()
            )));
            return;
        }
    };
    if let Confined::Below(root) = &state.confined
        && !canonical.starts_with(root)
    {
        errors.push(fail(format!(
            "`use:{written}` leads outside {} (through a link); this server reads `use:` files only below it",
            root.display()
        )));
        return;
    }
    // `reading[0]` is the top-level directory; files follow it.
    if let Some(first) = state.reading[1..].iter().position(|open| *open == canonical) {
        let chain: Vec<String> = state.reading[1 + first..]
            .iter()
            .chain(std::iter::once(&canonical))
            .map(|file| file.display().to_string())
            .collect();
        errors.push(fail(format!("`use:{written}` includes itself: {}", chain.join(" → "))));
        return;
    }
    if state.reading.len() > MAX_INCLUDE_DEPTH {
        errors.push(fail(format!(
            "`use:{written}` nests more than {MAX_INCLUDE_DEPTH} files deep (MAX_INCLUDE_DEPTH)"
        )));
        return;
    }
    let text = match std::fs::metadata(&canonical) {
        Ok(meta) if !meta.is_file() => {
            errors.push(fail(format!("`{}` is not a file", path.display())));
            return;
        }
        _ => match read_script_text(&canonical) {
            Ok(text) => text,
            Err(unread) => {
                let shown = format!("`{}`", path.display());
                errors.push(fail(unread_message(&shown, unread, "a `use:`")));
                return;
            }
        },
    };
    if let Some(why) = crate::script::included::not_a_script(&text) {
        errors.push(fail(format!("`{}` cannot be included: {why}", path.display())));
        return;
    }
    if let Err(message) = expansion.read(text.len()) {
        errors.push(fail(message));
        return;
    }
    let name = path.display().to_string();
    // Its own `use:`s resolve from where it was found by the path as
    // written (as a shell or `#include` would), so every included file is
    // named the same way — from the top script's directory — at any depth.
    let inner_dir = path.parent().map_or_else(|| dir.to_path_buf(), Path::to_path_buf);
    state.reading.push(canonical.clone());
    state.read.push(canonical);
    parse_text(
        &text,
        Some(&name),
        Some(&name),
        checker,
        into,
        errors,
        expansion,
        &mut |at, checker, into, errors, expansion| {
            include(state, &inner_dir, &at, checker, into, errors, expansion);
        },
    );
    state.reading.pop();
}

/// Parses and checks a script's text, reading its `use:` files only where
/// `uses` allows: what a server does with a script a client sent.
///
/// # Errors
///
/// Every parse, check and include error; a `use:` that `uses` does not
/// allow is an `invalid-include` error saying why.
pub fn parse_script_with_uses(
    text: &str,
    context: &CheckContext<'_>,
    uses: UseFiles<'_>,
) -> Result<Script, ScriptErrors> {
    let mut parse = Includes::confined(context, uses);
    parse.text(text, None, None);
    parse.finish()
}

/// Parses and checks a script file: `use:` inside it resolves relative to
/// the file; steps and errors name the file they come from when it is not
/// this one.
///
/// # Errors
///
/// Every parse, check and include error; a file that cannot be read is one
/// error at line 1.
pub fn parse_script_file(path: impl AsRef<Path>) -> Result<Script, ScriptErrors> {
    parse_script_file_with(path, &CheckContext::new())
}

/// [`parse_script_file`] with what `context` knows about the app.
///
/// # Errors
///
/// As [`parse_script_file`].
pub fn parse_script_file_with(
    path: impl AsRef<Path>,
    context: &CheckContext<'_>,
) -> Result<Script, ScriptErrors> {
    let path = path.as_ref();
    let dir = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let dir = if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir };
    let mut parse = Includes::new(context, dir);
    let shown = format!("the script `{}`", path.display());
    let text = read_script_text(path).map_err(|unread| ScriptErrors {
        errors: vec![ScriptError {
            kind: ErrorKind::InvalidInclude,
            message: unread_message(&shown, unread, "a script file"),
            line: 1,
            column: 1,
            end_column: 1,
            span: 0..0,
            source: String::new(),
            source_column: 1,
            suggestions: Vec::new(),
            related: None,
            related_file: None,
            file: Some(path.display().to_string()),
        }],
    })?;
    if let Ok(canonical) = path.canonicalize() {
        parse.state.reading.push(canonical.clone());
        parse.state.read.push(canonical);
    }
    parse.text(&text, None, Some(&path.display().to_string()));
    parse.finish()
}

/// Why a script file's text could not be read ([`read_script_text`]).
#[derive(Debug)]
#[non_exhaustive]
pub enum ScriptReadError {
    /// Opening or reading it failed.
    Io(std::io::Error),
    /// It holds more than [`MAX_INCLUDE_BYTES`]: `size` when the file says
    /// so, `None` when the read found out (a file that grew, a device, a
    /// `/proc` file that says it is empty).
    TooLarge {
        /// The size the file reported, when it reported one over the limit.
        size: Option<u64>,
    },
    /// Its bytes are not UTF-8.
    NotUtf8(std::string::FromUtf8Error),
}

/// A script file's text, at most [`MAX_INCLUDE_BYTES`]: the read stops one
/// byte past the limit, so nothing reads a script unbounded — `rehearse
/// run`, [`parse_script_file`] and every `use:` read through this.
///
/// # Errors
///
/// [`ScriptReadError`]: what failed, or that it is too large or not text.
pub fn read_script_text(path: &Path) -> Result<String, ScriptReadError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(ScriptReadError::Io)?;
    let claimed = file.metadata().map_err(ScriptReadError::Io)?.len();
    if claimed > MAX_INCLUDE_BYTES {
        return Err(ScriptReadError::TooLarge { size: Some(claimed) });
    }
    let mut bytes = Vec::new();
    file.take(MAX_INCLUDE_BYTES + 1).read_to_end(&mut bytes).map_err(ScriptReadError::Io)?;
    if bytes.len() as u64 > MAX_INCLUDE_BYTES {
        return Err(ScriptReadError::TooLarge { size: None });
    }
    String::from_utf8(bytes).map_err(ScriptReadError::NotUtf8)
}

/// What failed reading `shown` (`the script `x`` or `` `x` ``).
fn unread_message(shown: &str, unread: ScriptReadError, reader: &str) -> String {
    match unread {
        ScriptReadError::Io(error) => format!("cannot read {shown}: {error}"),
        ScriptReadError::TooLarge { size } => {
            let size = size.map_or_else(
                || format!("over {MAX_INCLUDE_BYTES} bytes"),
                |size| format!("{size} bytes"),
            );
            format!(
                "{shown} is {size}; {reader} reads at most {MAX_INCLUDE_BYTES} (MAX_INCLUDE_BYTES)"
            )
        }
        ScriptReadError::NotUtf8(error) => {
            format!("cannot read {shown}: it is not UTF-8 ({error})")
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::script::parse_script;
    use crate::{AutomationStep, KeyCode, Selector};

    /// A directory of script files, removed when dropped (even on panic).
    struct Files(PathBuf);

    impl Files {
        fn new(name: &str, files: &[(&str, &str)]) -> Self {
            let dir = std::env::temp_dir()
                .join(format!("rehearse-include-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            for (path, text) in files {
                let path = dir.join(path);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, text).unwrap();
            }
            Self(dir)
        }

        fn path(&self, name: &str) -> PathBuf {
            self.0.join(name)
        }
    }

    impl Drop for Files {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn use_splices_a_file_relative_to_the_including_one() {
        let files = Files::new(
            "splice",
            &[
                ("main.steps", "click:#a\nuse:common/login.steps\nkey:enter"),
                ("common/login.steps", "# log in\nclick:#user; use:\"pass.steps\""),
                ("common/pass.steps", "type:secret"),
            ],
        );
        let script = parse_script_file(files.path("main.steps")).unwrap();
        let steps: Vec<String> = script.automation_steps().map(ToString::to_string).collect();
        assert_eq!(steps, ["click:#a", "click:#user", "type:secret", "key:enter"]);
        assert_eq!(script.steps[3].step, AutomationStep::key(KeyCode::Enter));
        // Steps name the file they come from, with its own lines.
        let login = &script.steps[1];
        assert!(login.file.as_deref().is_some_and(|f| f.ends_with("login.steps")), "{login:?}");
        assert_eq!((login.line, login.column), (2, 1));
        assert_eq!(script.steps[0].file, None);
        assert_eq!(script.files.len(), 3);
        assert_eq!(script.steps[1].step, AutomationStep::click(Selector::id("user")));
    }

    #[test]
    fn a_related_place_in_another_file_is_named_there() {
        let files = Files::new(
            "related",
            &[
                ("first.steps", "checkpoint:home\nuse:shared.steps\n"),
                ("shared.steps", "key:enter\ncheckpoint:home\ncheckpoint:done\n"),
                ("last.steps", "use:shared.steps\n\n  checkpoint:done\n"),
                ("top.steps", "checkpoint:deep\nuse:middle.steps\n"),
                ("middle.steps", "key:up\nkey:up\nuse:inner/deep.steps\n"),
                ("inner/deep.steps", "key:down\ncheckpoint:deep\n"),
            ],
        );
        let ends =
            |file: &Option<String>, name: &str| file.as_deref().is_some_and(|f| f.ends_with(name));
        // The duplicate is in the included file; the first use in the script.
        let errors = parse_script_file(files.path("first.steps")).unwrap_err();
        let error = &errors.errors[0];
        assert!(ends(&error.file, "shared.steps"), "{error}");
        assert_eq!(error.related, Some((1, 12)));
        assert!(ends(&error.related_file, "first.steps"), "{error}");
        // The duplicate is in the script; the first use in the included file.
        let errors = parse_script_file(files.path("last.steps")).unwrap_err();
        let error = &errors.errors[0];
        assert_eq!((error.file.as_deref(), error.line, error.column), (None, 3, 14));
        assert_eq!(error.related, Some((3, 12)));
        assert!(ends(&error.related_file, "shared.steps"), "{error}");
        assert!(error.to_string().contains("shared.steps: line 3, column 12)"), "{error}");
        // Two levels down, the first use is named in the top-level script.
        let errors = parse_script_file(files.path("top.steps")).unwrap_err();
        let error = &errors.errors[0];
        assert!(ends(&error.file, "deep.steps"), "{error}");
        assert_eq!((error.line, error.related), (2, Some((1, 12))));
        assert!(ends(&error.related_file, "top.steps"), "{error}");
    }

    #[test]
    fn included_files_are_named_by_the_path_as_written_at_any_depth() {
        let files = Files::new(
            "named",
            &[
                ("real/top.steps", "use:sub/mid.steps"),
                ("real/sub/mid.steps", "key:enter\nuse:deep.steps"),
                ("real/sub/deep.steps", "clik:#x"),
            ],
        );
        // Reached through a link: names follow the link, as written, not
        // where the files really are.
        std::os::unix::fs::symlink(files.path("real"), files.path("link")).unwrap();
        let errors = parse_script_file(files.path("link/top.steps")).unwrap_err();
        let deep = errors.errors[0].file.clone().unwrap();
        assert_eq!(Path::new(&deep), files.path("link").join("sub").join("deep.steps"));
        let script = parse_script_file(files.path("link/sub/mid.steps"));
        assert!(script.is_err(), "the same error from the middle file");
    }

    #[test]
    fn a_use_reads_a_file_up_to_the_limit_whatever_size_it_claims() {
        // `/proc` files say they are empty; the kernel's symbols are several
        // MiB on Linux. A sandbox without them has no such file to test:
        // the bounded read itself is proven on `/dev/zero` below.
        let big = std::fs::read("/proc/kallsyms").map(|bytes| bytes.len()).unwrap_or(0);
        if big as u64 <= MAX_INCLUDE_BYTES {
            return;
        }
        let errors = parse_script("use:/proc/kallsyms").unwrap_err();
        assert!(errors.errors[0].message.contains("MAX_INCLUDE_BYTES"), "{errors}");
    }

    #[test]
    fn a_script_file_is_read_up_to_the_limit() {
        let files = Files::new("bounded", &[("ok.steps", "key:enter")]);
        assert!(parse_script_file(files.path("ok.steps")).is_ok());
        let errors = parse_script_file("/dev/zero").unwrap_err();
        assert!(errors.errors[0].message.contains("MAX_INCLUDE_BYTES"), "{errors}");
        std::fs::write(files.path("latin1.steps"), b"type:caf\xe9").unwrap();
        let errors = parse_script_file(files.path("latin1.steps")).unwrap_err();
        assert!(errors.errors[0].message.contains("not UTF-8"), "{errors}");
    }

    #[test]
    fn include_errors_name_the_file_and_the_cycle() {
        let files = Files::new(
            "errors",
            &[
                ("a.steps", "use:b.steps"),
                ("b.steps", "key:enter\nuse:a.steps"),
                ("bad.steps", "click:#ok\nclik:#save"),
                ("uses_bad.steps", "use:bad.steps\nuse:missing.steps"),
            ],
        );
        let errors = parse_script_file(files.path("a.steps")).unwrap_err();
        assert_eq!(errors.errors.len(), 1, "{errors}");
        let cycle = &errors.errors[0];
        assert_eq!(cycle.kind, ErrorKind::InvalidInclude);
        assert!(
            cycle.message.contains("includes itself") && cycle.message.contains(" → "),
            "{cycle}"
        );
        assert!(cycle.to_string().contains("b.steps: line 2, column 1"), "{cycle}");

        let errors = parse_script_file(files.path("uses_bad.steps")).unwrap_err();
        let shown: Vec<String> = errors.errors.iter().map(ToString::to_string).collect();
        // Where, what was expected, the token: never the included line.
        assert!(
            shown[0].contains("bad.steps: line 2, column 1: unknown-verb: expected a step")
                && shown[0].contains("found `clik`; did you mean `click`"),
            "{shown:?}"
        );
        assert!(!shown[0].contains("clik:#save"), "{shown:?}");
        assert!(
            shown[1].contains("cannot read") && shown[1].contains("missing.steps"),
            "{shown:?}"
        );
    }

    #[test]
    fn a_fan_out_of_use_fails_once_it_passes_the_step_limit() {
        // 1,000 × 1,000 × 1,000 steps: 10⁹ if it expanded whole.
        let fan = |line: &str| format!("{line}\n").repeat(1000);
        let files = Files::new(
            "fan-out",
            &[
                ("a.steps", &fan("use:b.steps")),
                ("b.steps", &fan("use:c.steps")),
                ("c.steps", &fan("drain")),
            ],
        );
        let errors = parse_script_file(files.path("a.steps")).unwrap_err();
        assert_eq!(errors.len(), 1, "one error, then nothing more is read");
        let error = &errors.errors[0];
        assert_eq!(error.kind, ErrorKind::ScriptTooLarge);
        assert!(error.message.contains("more than 100000 steps (MAX_SCRIPT_STEPS"), "{error}");
        // `use:` of empty files counts too: a million of them is no script.
        let files = Files::new(
            "fan-out-empty",
            &[("a.steps", &fan("use:b.steps")), ("b.steps", &fan("use:c.steps")), ("c.steps", "")],
        );
        let errors = parse_script_file(files.path("a.steps")).unwrap_err();
        assert_eq!(errors.errors[0].kind, ErrorKind::ScriptTooLarge, "{errors}");
        // One script of exactly the limit is fine.
        let files = Files::new(
            "at-limit",
            &[("a.steps", &fan("use:b.steps")), ("b.steps", &"drain\n".repeat(99))],
        );
        assert_eq!(parse_script_file(files.path("a.steps")).unwrap().len(), 99_000);
    }

    #[test]
    fn a_fan_out_of_large_files_fails_on_the_bytes_it_would_parse() {
        // Comments only: no steps, but 1 MiB to read and parse each time.
        let big = "#".repeat(MAX_INCLUDE_BYTES as usize - 1);
        let files = Files::new(
            "fan-bytes",
            &[("a.steps", &"use:big.steps\n".repeat(40)), ("big.steps", &big)],
        );
        let errors = parse_script_file(files.path("a.steps")).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors}");
        assert!(errors.errors[0].message.contains("MAX_EXPANDED_BYTES"), "{errors}");
        assert_eq!(errors.errors[0].line, 17, "the 17th MiB passes 16 MiB");
    }

    #[test]
    fn an_included_file_that_is_not_a_script_is_never_quoted() {
        let files = Files::new(
            "not-a-script",
            &[
                ("environ", "TOKEN=hunter2-secret\0HOME=/root\0"),
                ("dot.env", "API_TOKEN=hunter2-secret\nURL=https://x:hunter2-secret@example.com\n"),
                ("script.steps", "use:environ\nuse:dot.env\n"),
            ],
        );
        let errors = parse_script_file(files.path("script.steps")).unwrap_err();
        let shown = errors.to_string();
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(shown.contains("U+0000 at line 1, column 21"), "{shown}");
        // Each error says where and what was expected.
        assert!(
            shown.contains("dot.env: line 1, column 1: unknown-verb: expected a step"),
            "{shown}"
        );
        assert!(shown.contains("dot.env: line 2, column 1:"), "{shown}");
        assert!(errors.iter().all(|error| error.file.is_none() || error.source.is_empty()));
    }

    #[test]
    fn a_confined_script_reads_use_files_only_below_its_directory() {
        let files = Files::new(
            "confined",
            &[
                ("root/ok.steps", "key:enter\nuse:sub/deeper.steps"),
                ("root/sub/deeper.steps", "drain"),
                ("root/sub/climbs.steps", "use:../../outside.steps"),
                ("outside.steps", "key:tab"),
            ],
        );
        let root = files.path("root");
        std::os::unix::fs::symlink(files.path("outside.steps"), root.join("link.steps")).unwrap();
        let below = UseFiles::Below(&root);
        let context = CheckContext::new();
        // Relative to the directory, nested files relative to theirs.
        let script = parse_script_with_uses("use:ok.steps", &context, below).unwrap();
        assert_eq!(script.len(), 2);
        for (text, why) in [
            ("use:/etc/passwd", "by a relative path without `..`"),
            ("use:../outside.steps", "by a relative path without `..`"),
            ("use:sub/climbs.steps", "by a relative path without `..`"),
            ("use:link.steps", "leads outside"),
        ] {
            let errors = parse_script_with_uses(text, &context, below).unwrap_err();
            let error = &errors.errors[0];
            assert_eq!(error.kind, ErrorKind::InvalidInclude, "{text}: {errors}");
            assert!(error.message.contains(why), "{text}: {errors}");
        }
        // Refused: nothing is read, and the error says why.
        let refused = UseFiles::Refused("this server was given no directory");
        let errors = parse_script_with_uses("use:ok.steps", &context, refused).unwrap_err();
        assert!(
            errors.errors[0]
                .message
                .contains("reads no file here: this server was given no directory"),
            "{errors}"
        );
        // The working directory, as `parse_script` reads.
        let errors = parse_script_with_uses(
            "use:surely/not/here.steps",
            &context,
            UseFiles::WorkingDirectory,
        )
        .unwrap_err();
        assert!(errors.errors[0].message.contains("cannot read"), "{errors}");
    }

    #[test]
    fn a_script_that_is_not_a_file_includes_from_the_working_directory() {
        let errors = parse_script("use:surely/not/here.steps").unwrap_err();
        assert!(errors.errors[0].message.contains("surely/not/here.steps"), "{errors}");
        let error = crate::script::parse_step_str("use:x.steps").unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidInclude);
        assert!(Path::new(".").exists());
    }
}

#[cfg(test)]
mod unicode_tests {
    use crate::script::{ErrorKind, parse_script};

    #[test]
    fn an_include_error_on_a_path_ending_in_a_wide_character_is_an_error_not_a_panic() {
        let errors = parse_script("use:notes/café").unwrap_err();
        assert_eq!(errors.errors[0].kind, ErrorKind::InvalidInclude);
    }
}
