//! Numbers of the grammar: durations (`250`, `250ms`), sizes (`120x40`)
//! and points (`3,4`).

use std::time::Duration;

use crate::script::error::{ErrorKind, GrammarError};
use crate::selector::Selector;

use super::piece::Piece;
use super::{MAX_DURATION_MS, Parser, error};

impl Parser {
    pub(super) fn duration(&self, piece: Piece<'_>) -> Result<Duration, GrammarError> {
        let piece = piece.trim();
        let text = self.strict(piece, "a duration")?;
        let malformed =
            |message: String| error(ErrorKind::MalformedDuration, piece.range(), message);
        if text.is_empty() {
            return Err(malformed(
                "missing duration; write milliseconds such as `500` or `500ms`".to_owned(),
            ));
        }
        let digits = text.strip_suffix("ms").unwrap_or(&text);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return match digits.parse::<u64>() {
                Ok(millis) if millis <= MAX_DURATION_MS => Ok(Duration::from_millis(millis)),
                _ => Err(malformed(format!(
                    "duration `{text}` is too long; the limit is {MAX_DURATION_MS} ms (7 days)"
                ))),
            };
        }
        if text.starts_with('-') {
            return Err(malformed(format!(
                "duration `{text}` is negative; write a whole number of milliseconds such as `250`"
            )));
        }
        if let Some(seconds) = text.strip_suffix('s')
            && !seconds.is_empty()
            && seconds.bytes().all(|b| b.is_ascii_digit())
            && let Some(millis) = seconds
                .parse::<u64>()
                .ok()
                .and_then(|s| s.checked_mul(1000))
                .filter(|millis| *millis <= MAX_DURATION_MS)
        {
            return Err(malformed(format!(
                "durations are milliseconds: `{text}` is `{millis}` (or `{millis}ms`); `s` is not a unit here"
            ))
            .with_suggestions([millis.to_string()]));
        }
        Err(malformed(format!(
            "`{text}` is not a duration; write a whole number of milliseconds such as `250` or `250ms`"
        )))
    }

    /// A number in `1..=65535` (sizes) or `0..=65535` (points).
    pub(super) fn dimension(
        &self,
        piece: Piece<'_>,
        text: &str,
        (start, end): (usize, usize),
        what: &str,
        kind: ErrorKind,
        min: u16,
    ) -> Result<u16, GrammarError> {
        let part = &text[start..end];
        let range = piece.byte_range(text, start, end);
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            let found = if part.is_empty() { "nothing".to_owned() } else { format!("`{part}`") };
            return Err(error(
                kind,
                range,
                format!("{what} must be a whole number; found {found}"),
            ));
        }
        match part.parse::<u64>() {
            Ok(value) if value > u64::from(u16::MAX) => Err(error(
                kind,
                range,
                format!("{what} `{part}` is larger than the largest, {}", u16::MAX),
            )),
            Ok(value) if value < u64::from(min) => {
                Err(error(kind, range, format!("{what} must be at least {min}; found `{part}`")))
            }
            Ok(value) => Ok(u16::try_from(value).unwrap_or(u16::MAX)),
            Err(_) => Err(error(
                kind,
                range,
                format!("{what} `{part}` is larger than the largest, {}", u16::MAX),
            )),
        }
    }

    pub(super) fn size(&self, piece: Piece<'_>) -> Result<(u16, u16), GrammarError> {
        let text = self.strict(piece, "a size")?;
        let Some(x) = text.find('x') else {
            let hint = x_hint(&text, &['X', '*', ',']);
            let mut failure = error(
                ErrorKind::MalformedSize,
                piece.range(),
                format!(
                    "`{text}` is not a size; write COLSxROWS such as `120x40`{}",
                    hint.as_ref().map(|h| format!("; did you mean `{h}`?")).unwrap_or_default()
                ),
            );
            if let Some(hint) = hint {
                failure = failure.with_suggestions([hint]);
            }
            return Err(failure);
        };
        let kind = ErrorKind::MalformedSize;
        let cols = self.dimension(piece, &text, (0, x), "the column count", kind, 1)?;
        let rows = self.dimension(piece, &text, (x + 1, text.len()), "the row count", kind, 1)?;
        Ok((cols, rows))
    }

    pub(super) fn point(&self, piece: Piece<'_>) -> Result<Selector, GrammarError> {
        let text = self.strict(piece, "a point")?;
        let Some(comma) = text.find(',') else {
            return Err(error(
                ErrorKind::MalformedPoint,
                piece.range(),
                format!("`{text}` is not a point; write `col,row` such as `3,4`"),
            ));
        };
        let kind = ErrorKind::MalformedPoint;
        let col = self.dimension(piece, &text, (0, comma), "the column", kind, 0)?;
        let row = self.dimension(piece, &text, (comma + 1, text.len()), "the row", kind, 0)?;
        Ok(Selector::point(col, row))
    }
}

/// `AxB` for `text` written as two numbers around one of `separators`
/// (tried in order) instead of `x`: the near miss a size or a cell
/// suggests (`120X40`, `3:4`).
pub(super) fn x_hint(text: &str, separators: &[char]) -> Option<String> {
    separators
        .iter()
        .find_map(|&separator| text.split_once(separator))
        .filter(|(a, b)| {
            !a.is_empty() && !b.is_empty() && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
        })
        .map(|(a, b)| format!("{a}x{b}"))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::AutomationStep;
    use crate::script::{ErrorKind, MAX_DURATION_MS, parse_step_str};

    fn parse_step(text: &str) -> Result<AutomationStep, crate::script::GrammarError> {
        parse_step_str(text).map(|parsed| parsed.step)
    }

    #[test]
    fn durations_stop_at_seven_days() {
        let longest = Duration::from_millis(MAX_DURATION_MS);
        assert_eq!(MAX_DURATION_MS, 604_800_000);
        assert_eq!(parse_step("wait:604800000").unwrap(), AutomationStep::advance(longest));
        assert_eq!(parse_step("sleep:604800000ms").unwrap(), AutomationStep::sleep(longest));
        for text in [
            "wait:604800001",
            "wait:18446744073709551615",
            "sleep:99999999999999999999",
            "wait-for:exists,#status,604800001",
        ] {
            let error = parse_step(text).unwrap_err();
            assert_eq!(error.kind, ErrorKind::MalformedDuration, "{text}");
            assert!(
                error.message.ends_with("is too long; the limit is 604800000 ms (7 days)"),
                "{text}: {}",
                error.message
            );
        }
        // Seconds are suggested as milliseconds only when the grammar takes them.
        let error = parse_step("wait:604800s").unwrap_err();
        assert_eq!(error.suggestions, ["604800000"]);
        let error = parse_step("wait:604801s").unwrap_err();
        assert!(error.suggestions.is_empty(), "{error:?}");
    }
}
