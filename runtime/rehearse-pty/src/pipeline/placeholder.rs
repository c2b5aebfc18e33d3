//! The placeholders of the pipeline: `${artifacts.NAME.path}` anywhere an
//! artifact can be named, and `${out}` in a transform's arguments.
//!
//! Only these spellings are taken: any other `${…}` (`${HOME}` typed into a
//! shell, `${secret.NAME}`, which the language resolves itself) passes
//! through unchanged, as does `${out}` outside a transform.

use std::path::Path;

use super::error::PipelineError;

/// The opening of an artifact reference.
const ARTIFACTS: &str = "${artifacts.";

/// The placeholder for a transform's output file.
pub const OUT: &str = "${out}";

/// Expands every `${artifacts.NAME.path}` in `text` with `lookup(NAME)`,
/// and `${out}` with `out` when it is given.
///
/// # Errors
///
/// [`PipelineError::MalformedReference`] for a `${artifacts.` that is not
/// `${artifacts.NAME.path}`, and what `lookup` returns for a name.
pub(crate) fn expand<'a>(
    text: &str,
    lookup: impl Fn(&str, &str) -> Result<&'a Path, PipelineError>,
    out: Option<&Path>,
) -> Result<String, PipelineError> {
    expand_escaped(text, lookup, out, str::to_owned)
}

/// [`expand`], each path written through `escape` (`regex::escape` for a
/// pattern, so a path's `.` matches only a dot).
pub(crate) fn expand_escaped<'a>(
    text: &str,
    lookup: impl Fn(&str, &str) -> Result<&'a Path, PipelineError>,
    out: Option<&Path>,
    escape: impl Fn(&str) -> String,
) -> Result<String, PipelineError> {
    let mut expanded = String::with_capacity(text.len());
    let mut rest = text;
    let mut offset = 0;
    while let Some(found) = rest.find("${") {
        expanded.push_str(&rest[..found]);
        let at = &rest[found..];
        let position = offset + found;
        let consumed = if at.starts_with(ARTIFACTS) {
            let Some(close) = at.find('}') else {
                return Err(malformed(at, position, "it is not closed with `}`"));
            };
            let reference = &at[..=close];
            let inner = &at[ARTIFACTS.len()..close];
            let Some(name) = inner.strip_suffix(".path") else {
                return Err(malformed(
                    reference,
                    position,
                    "the one field of an artifact is `path`",
                ));
            };
            if name.is_empty() {
                return Err(malformed(reference, position, "the artifact name is empty"));
            }
            expanded.push_str(&escape(path_text(lookup(name, reference)?)?));
            close + 1
        } else if let (Some(out), true) = (out, at.starts_with(OUT)) {
            expanded.push_str(&escape(path_text(out)?));
            OUT.len()
        } else {
            expanded.push_str("${");
            2
        };
        rest = &at[consumed..];
        offset = position + consumed;
    }
    expanded.push_str(rest);
    Ok(expanded)
}

/// Whether `text` holds the `${out}` placeholder.
pub(crate) fn mentions_out(text: &str) -> bool {
    text.contains(OUT)
}

fn malformed(reference: &str, position: usize, reason: &'static str) -> PipelineError {
    PipelineError::MalformedReference { reference: reference.to_owned(), position, reason }
}

/// Artifact paths are UTF-8 (the directory is checked when it is chosen).
fn path_text(path: &Path) -> Result<&str, PipelineError> {
    path.to_str().ok_or_else(|| PipelineError::Directory {
        dir: path.to_path_buf(),
        reason: "the path is not UTF-8, so it cannot be written into text".to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn lookup(name: &str, reference: &str) -> Result<&'static Path, PipelineError> {
        match name {
            "log" => Ok(Path::new("/a/log")),
            "report.v2.json" => Ok(Path::new("/a/report.v2.json")),
            _ => Err(PipelineError::UnknownArtifact {
                name: name.to_owned(),
                reference: reference.to_owned(),
                known: vec!["log".into(), "report.v2.json".into()],
            }),
        }
    }

    #[test]
    fn expands_references_and_leaves_other_braces() {
        let text = "cat ${artifacts.log.path} ${HOME} $${x} ${secret.KEY} ${out} ${artifacts.report.v2.json.path}";
        assert_eq!(
            expand(text, lookup, None).unwrap(),
            "cat /a/log ${HOME} $${x} ${secret.KEY} ${out} /a/report.v2.json"
        );
        let out = PathBuf::from("/tmp/o/new.txt");
        assert_eq!(
            expand("--output=${out} ${artifacts.log.path}", lookup, Some(&out)).unwrap(),
            "--output=/tmp/o/new.txt /a/log"
        );
        assert_eq!(expand("no placeholders, ${", lookup, None).unwrap(), "no placeholders, ${");
        let pattern = expand_escaped("^${artifacts.report.v2.json.path}$", lookup, None, |path| {
            regex::escape(path)
        });
        assert_eq!(pattern.unwrap(), r"^/a/report\.v2\.json$");
        assert!(mentions_out("-o${out}") && !mentions_out("$out"));
    }

    #[test]
    fn unknown_and_malformed_references_are_errors_naming_them() {
        let error = expand("x ${artifacts.nope.path}", lookup, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown artifact `nope` in `${artifacts.nope.path}`: the known artifacts are `log`, `report.v2.json`"
        );
        let error = expand("ab ${artifacts.log.size}", lookup, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "malformed artifact reference `${artifacts.log.size}` at byte 3: the one field of an artifact is `path`; write `${artifacts.NAME.path}`"
        );
        let error = expand("${artifacts..path}", lookup, None).unwrap_err();
        assert!(error.to_string().contains("the artifact name is empty"), "{error}");
        let error = expand("${x} ${artifacts.log.path", lookup, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "malformed artifact reference `${artifacts.log.path` at byte 5: it is not closed with `}`; write `${artifacts.NAME.path}`"
        );
    }
}
