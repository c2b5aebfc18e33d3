//! Reading a text script, from a string or a file, with its `use:` steps.
//!
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
    /// (a script a test or a user wrote: [`parse_script`]).
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

/// Parses and checks a text script with no knowledge of the app (the action,
/// typing and duplicate-checkpoint checks run; declared ids and refused keys
/// are not checked).
///
/// Steps are separated by newlines or `;` (outside quotes). A line whose
/// first non-blank character is `#` is a comment; `#` anywhere else is part
/// of a step (`click:#save`). Every error of every step is collected.
///
/// ```
/// use rehearse_lang::script::parse_script;
/// use rehearse_lang::{AutomationStep, Selector};
///
/// let script = parse_script("# add a todo\nclick:#new-todo; type:\"Buy milk\"\nkey:enter").unwrap();
/// assert_eq!(script.steps[0].step, AutomationStep::click(Selector::id("new-todo")));
/// assert_eq!((script.steps[1].line, script.steps[1].column), (2, 18));
///
/// let errors = parse_script("click:#save\nclik:#save").unwrap_err();
/// assert_eq!(
///     errors.errors[0].to_string().lines().next().unwrap(),
///     "line 2, column 1: unknown verb `clik`; did you mean `click`, `rclick` or `mclick`? (valid verbs: key, type, click, rclick, mclick, hover, focus, scroll, drag, wait, sleep, resize, drain, checkpoint, wait-for, paste, send, mouse, batch, use, download, transform, monitor, expect-tree)"
/// );
/// ```
pub fn parse_script(text: &str) -> Result<Script, ScriptErrors> {
    parse_script_with(text, &CheckContext::new())
}

/// Parses a text script and runs every check with what `context` knows
/// about the app.
pub fn parse_script_with(text: &str, context: &CheckContext<'_>) -> Result<Script, ScriptErrors> {
    // A script that is not a file includes relative to the working directory.
    let mut parse = Includes::new(context, std::path::PathBuf::from("."));
    parse.text(text, None, None);
    parse.finish()
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
mod tests;

#[cfg(test)]
mod unicode_tests {
    use crate::script::{ErrorKind, parse_script};

    #[test]
    fn an_include_error_on_a_path_ending_in_a_wide_character_is_an_error_not_a_panic() {
        let errors = parse_script("use:notes/café").unwrap_err();
        assert_eq!(errors.errors[0].kind, ErrorKind::InvalidInclude);
    }
}
