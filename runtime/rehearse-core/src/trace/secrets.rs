//! Typed secrets kept out of a trace: every text a trace file holds —
//! screen lines, tree names and values, messages — has each secret the
//! session typed replaced by `<redacted>`, as errors and reports do.
//! (Masked and sensitive values never reach a trace at all: the tree holds
//! no text for them.)

use std::borrow::Cow;

use crate::trace::model::LineRecord;

/// What a secret reads as in a trace.
pub const REDACTED: &str = "<redacted>";

/// `text` with every secret replaced by [`REDACTED`].
pub(crate) fn redact<'a>(text: &'a str, secrets: &[String]) -> Cow<'a, str> {
    let mut text = Cow::Borrowed(text);
    for secret in secrets.iter().filter(|secret| !secret.is_empty()) {
        if text.contains(secret.as_str()) {
            text = Cow::Owned(text.replace(secret.as_str(), REDACTED));
        }
    }
    text
}

/// `line` with every secret its glyphs spell replaced by the cells of
/// [`REDACTED`] (styled as the secret's first cell); `None` when it holds
/// none.
pub(crate) fn redact_line(line: &LineRecord, secrets: &[String]) -> Option<LineRecord> {
    let secrets: Vec<&str> =
        secrets.iter().map(String::as_str).filter(|secret| !secret.is_empty()).collect();
    if secrets.is_empty() || !secrets.iter().any(|secret| line.text().contains(secret)) {
        return None;
    }
    let cells = line.cells();
    let mut styles: Vec<Option<u32>> = vec![None; cells.len()];
    for &[start, end, style] in &line.spans {
        for slot in styles.iter_mut().take(end as usize).skip(start as usize) {
            *slot = Some(style);
        }
    }
    let mut out_cells: Vec<String> = Vec::with_capacity(cells.len());
    let mut out_styles: Vec<Option<u32>> = Vec::with_capacity(cells.len());
    let mut at = 0;
    while at < cells.len() {
        if let Some(end) = secrets.iter().find_map(|secret| match_at(&cells, at, secret)) {
            for glyph in REDACTED.chars() {
                out_cells.push(glyph.to_string());
                out_styles.push(styles[at]);
            }
            at = end;
        } else {
            out_cells.push(cells[at].clone());
            out_styles.push(styles[at]);
            at += 1;
        }
    }
    let mut spans: Vec<[u32; 3]> = Vec::new();
    for (col, style) in out_styles.iter().enumerate() {
        let Some(style) = *style else { continue };
        let col = u32::try_from(col).unwrap_or(u32::MAX);
        match spans.last_mut() {
            Some(span) if span[1] == col && span[2] == style => span[1] = col + 1,
            _ => spans.push([col, col + 1, style]),
        }
    }
    let simple = out_cells.iter().all(|cell| cell.chars().count() == 1);
    Some(if simple && line.cells.is_none() {
        LineRecord { text: Some(out_cells.concat()), cells: None, spans }
    } else {
        LineRecord { text: None, cells: Some(out_cells), spans }
    })
}

/// Where a secret spelled by the glyphs from cell `start` ends (one past
/// its last cell, continuations included), if it does.
fn match_at(cells: &[String], start: usize, secret: &str) -> Option<usize> {
    if cells[start].is_empty() {
        return None;
    }
    let mut rest = secret;
    let mut at = start;
    while !rest.is_empty() {
        let cell = cells.get(at)?;
        rest = rest.strip_prefix(cell.as_str())?;
        at += 1;
    }
    // The wide glyph's continuation cells go with it.
    while cells.get(at).is_some_and(String::is_empty) {
        at += 1;
    }
    Some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_become_redacted_in_text_and_lines() {
        let secrets = vec!["hunter2".to_owned()];
        assert_eq!(redact("pw: hunter2!", &secrets), "pw: <redacted>!");
        assert!(matches!(redact("nothing", &secrets), Cow::Borrowed(_)));
        let line = LineRecord {
            text: Some("pw hunter2 ok".into()),
            cells: None,
            spans: vec![[3, 10, 0], [11, 13, 1]],
        };
        let redacted = redact_line(&line, &secrets).unwrap();
        assert_eq!(redacted.text(), "pw <redacted> ok");
        assert_eq!(redacted.spans, vec![[3, 13, 0], [14, 16, 1]]);
        assert_eq!(redact_line(&line, &["absent".to_owned()]), None);
    }
}
