//! The artifact pipeline's arguments: `download:SOURCE,NAME` and
//! `transform:NAME,COMMAND[,ARG...]` (fields split at `,`, quoted when they
//! hold one).

use crate::script::error::{ErrorKind, GrammarError};
use crate::step::AutomationStep;
use crate::verb::Verb;

use super::piece::Piece;
use super::{Parser, error};

impl Parser {
    pub(super) fn download(&self, piece: Piece<'_>) -> Result<AutomationStep, GrammarError> {
        let fields = fields(piece);
        let [source, name] = fields.as_slice() else {
            return Err(error(
                ErrorKind::MissingArgument,
                piece.range(),
                format!("`download` takes a file and a name: {}", Verb::Download.usage()),
            ));
        };
        let source = self.field(*source, "the file to download")?;
        Ok(AutomationStep::Download { source, name: self.file_name(*name, Verb::Download)? })
    }

    pub(super) fn transform(&self, piece: Piece<'_>) -> Result<AutomationStep, GrammarError> {
        let fields = fields(piece);
        let [name, command, args @ ..] = fields.as_slice() else {
            return Err(error(
                ErrorKind::MissingArgument,
                piece.range(),
                format!("`transform` takes a name and a command: {}", Verb::Transform.usage()),
            ));
        };
        let name = self.file_name(*name, Verb::Transform)?;
        let command = self.field(*command, "the command")?;
        let args =
            args.iter().map(|arg| self.field(*arg, "an argument")).collect::<Result<_, _>>()?;
        Ok(AutomationStep::Transform { name, command, args })
    }

    /// One field's text, bare (scripts) or quoted, never empty.
    fn field(&self, field: Piece<'_>, what: &str) -> Result<String, GrammarError> {
        self.free_text(field, what)?.filter(|text| !text.is_empty()).ok_or_else(|| {
            error(
                ErrorKind::MissingArgument,
                field.range(),
                format!("{what} is empty; quote text that holds a `,`"),
            )
        })
    }
}

/// The comma-separated fields (a quoted `,` never splits), trimmed.
fn fields(piece: Piece<'_>) -> Vec<Piece<'_>> {
    let mut fields = Vec::new();
    let mut rest = piece;
    while let Some(at) = rest.find_char(',') {
        let (field, _, next) = rest.split_at(at);
        fields.push(field.trim());
        rest = next;
    }
    fields.push(rest.trim());
    fields
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::AutomationStep;
    use crate::script::{ErrorKind, parse_step_str};

    fn step(text: &str) -> AutomationStep {
        parse_step_str(text).unwrap_or_else(|error| panic!("{text}: {error}")).step
    }

    #[test]
    fn pipeline_steps_read_back() {
        let download = step("download:out/report.txt,report");
        assert_eq!(
            download,
            AutomationStep::Download { source: "out/report.txt".into(), name: "report".into() }
        );
        let transform = step(r#"transform:upper,tr,a-z,A-Z"#);
        assert_eq!(
            transform,
            AutomationStep::Transform {
                name: "upper".into(),
                command: "tr".into(),
                args: vec!["a-z".into(), "A-Z".into()],
            }
        );
        let with_paths = step(r#"transform:both,cat,${artifacts.report.path},"a, b",${out}"#);
        assert_eq!(step(&with_paths.to_string()), with_paths);
        assert_eq!(
            step("monitor:250"),
            AutomationStep::Monitor { interval: Duration::from_millis(250) }
        );
        for spelled in
            ["download:out/report.txt,report", "transform:upper,tr,a-z,A-Z", "monitor:250"]
        {
            assert_eq!(step(spelled).to_string(), spelled);
        }
    }

    #[test]
    fn pipeline_steps_name_what_is_missing() {
        let kind = |text: &str| parse_step_str(text).unwrap_err().kind;
        assert_eq!(kind("download:report.txt"), ErrorKind::MissingArgument);
        assert_eq!(kind("download:a.txt,bad/name"), ErrorKind::InvalidCheckpointName);
        assert_eq!(kind("transform:name"), ErrorKind::MissingArgument);
        assert_eq!(kind("transform:a,,b"), ErrorKind::MissingArgument);
        assert_eq!(kind("monitor:0"), ErrorKind::MalformedDuration);
        assert_eq!(kind("monitor:soon"), ErrorKind::MalformedDuration);
    }
}
