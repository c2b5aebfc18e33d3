//! Seed 003's terminal-state golden: the state of the terminal as reviewable
//! text, with the text and the style kept apart.
//!
//! ```text
//! terminal 80x24 buffer=main viewport=12
//! lifecycle running
//! title "my app"
//! cursor row=3 col=7 visible
//! 0| "READY$ echo hi"
//! 1~| "a line that wraps onto the nex"
//!   style 0-5 bold fg=1
//! 2| "t one"
//! ```
//!
//! * `viewport` is the index of the first visible row in the whole buffer
//!   (the scrollback length on the main screen, 0 on the alternate one);
//! * `lifecycle` is `running`, `exited code=N` or `killed signal=N`;
//! * each row is `{row}| "text"` (JSON string, trailing blanks trimmed), `~`
//!   before `|` when the row wraps onto the next;
//! * under a row, one `  style {start}-{end} {labels}` line per run of cells
//!   with a non-default style (zero-based columns, end exclusive; labels in
//!   this order: `bold dim italic underline reverse fg=… bg=…`, a colour
//!   `N` for a palette index or `#rrggbb`); blank cells with the default
//!   style end a run.
//!
//! The scrollback is a separate text ([`scrollback_golden`]): one
//! `{index}[~]| "text"` line per scrolled-off line, oldest first.

use std::fmt::Write as _;

use rehearse_core::{TerminalState, TypedSecrets};

use crate::emulator::{ActiveBuffer, CellStyle, Color, Emulator};
use crate::error::ExitInfo;

fn color_label(color: Color) -> Option<String> {
    match color {
        Color::Default => None,
        Color::Indexed(index) => Some(index.to_string()),
        Color::Rgb(r, g, b) => Some(format!("#{r:02x}{g:02x}{b:02x}")),
    }
}

fn style_labels(style: &CellStyle) -> String {
    let mut labels: Vec<String> = [
        (style.bold, "bold"),
        (style.dim, "dim"),
        (style.italic, "italic"),
        (style.underline, "underline"),
        (style.reverse, "reverse"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, name)| (*name).to_owned())
    .collect();
    if let Some(fg) = color_label(style.fg) {
        labels.push(format!("fg={fg}"));
    }
    if let Some(bg) = color_label(style.bg) {
        labels.push(format!("bg={bg}"));
    }
    labels.join(" ")
}

fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_owned()).to_string()
}

/// The style runs of a visible row: `(start, end, style)`, end exclusive.
pub(crate) fn style_runs(emu: &dyn Emulator, row: u16) -> Vec<(u16, u16, CellStyle)> {
    let (_, cols) = emu.size();
    let mut runs: Vec<(u16, u16, CellStyle)> = Vec::new();
    for col in 0..cols {
        let Some(cell) = emu.cell(row, col) else { continue };
        let style = cell.style;
        if style.is_default() {
            continue;
        }
        match runs.last_mut() {
            Some((_, end, last)) if *end == col && *last == style => *end = col + 1,
            _ => runs.push((col, col + 1, style)),
        }
    }
    runs
}

/// The terminal-state golden of the visible screen, as the emulator holds
/// it (nothing hidden: [`PtySession::terminal_golden`](crate::PtySession::terminal_golden)
/// hides what the steps typed as a secret).
pub fn terminal_golden(emu: &dyn Emulator, exit: Option<ExitInfo>) -> String {
    terminal_golden_hiding(emu, exit, &TypedSecrets::new())
}

/// The terminal-state golden with every typed secret in `secrets` replaced
/// by `<redacted>` in the rows' text (a secret the screen wrapped, on each
/// row it is on; the style runs keep their columns).
pub(crate) fn terminal_golden_hiding(
    emu: &dyn Emulator,
    exit: Option<ExitInfo>,
    secrets: &TypedSecrets,
) -> String {
    let (rows, cols) = emu.size();
    let (buffer, viewport) = match emu.active_buffer() {
        ActiveBuffer::Main => ("main", emu.scrollback().len()),
        ActiveBuffer::Alternate => ("alternate", 0),
    };
    let mut out = String::new();
    let _ = writeln!(out, "terminal {cols}x{rows} buffer={buffer} viewport={viewport}");
    let lifecycle = match exit {
        None => "running".to_owned(),
        Some(ExitInfo { code: Some(code), .. }) => format!("exited code={code}"),
        Some(ExitInfo { signal: Some(signal), .. }) => format!("killed signal={signal}"),
        Some(_) => "ended".to_owned(),
    };
    let _ = writeln!(out, "lifecycle {lifecycle}");
    match emu.title() {
        Some(title) => {
            let _ = writeln!(out, "title {}", quoted(title));
        }
        None => out.push_str("title none\n"),
    }
    let cursor = emu.cursor();
    let shown = if cursor.visible { "visible" } else { "hidden" };
    let _ = writeln!(out, "cursor row={} col={} {shown}", cursor.row, cursor.col);
    let mut texts: Vec<String> = (0..rows).map(|row| emu.line_text(row)).collect();
    if !secrets.is_empty() {
        let joined = texts.join("\n");
        let hidden = secrets.redact_text(&joined);
        if let std::borrow::Cow::Owned(hidden) = hidden {
            // Each piece of a secret stays on its own row: as many rows
            // (else each row is hidden on its own, which misses only a
            // secret the screen wrapped).
            let rows: Vec<String> = hidden.split('\n').map(str::to_owned).collect();
            texts = if rows.len() == texts.len() {
                rows
            } else {
                texts.iter().map(|text| secrets.redact_text(text).into_owned()).collect()
            };
        }
    }
    for (row, text) in (0..rows).zip(&texts) {
        let wrap = if emu.line_wrapped(row) { "~" } else { "" };
        let _ = writeln!(out, "{row}{wrap}| {}", quoted(text));
        for (start, end, style) in style_runs(emu, row) {
            let _ = writeln!(out, "  style {start}-{end} {}", style_labels(&style));
        }
    }
    out
}

/// The [`TerminalState`] of a checkpoint: the terminal-state golden and the
/// scrollback as the `scrollback` format writes it (one line per line
/// scrolled off, each ending in a newline), a typed secret `<redacted>` in
/// both.
pub(crate) fn terminal_state(
    emu: &dyn Emulator,
    exit: Option<ExitInfo>,
    secrets: &TypedSecrets,
) -> TerminalState {
    let mut scrollback = secrets.redact_text(&emu.scrollback_text()).into_owned();
    if !scrollback.is_empty() && !scrollback.ends_with('\n') {
        scrollback.push('\n');
    }
    TerminalState::new(terminal_golden_hiding(emu, exit, secrets), scrollback)
}

/// The scrollback golden: one line per scrolled-off line, oldest first.
pub fn scrollback_golden(emu: &dyn Emulator) -> String {
    scrollback_golden_hiding(emu, &TypedSecrets::new())
}

/// The scrollback golden with every typed secret `<redacted>`, a secret
/// wrapped across lines on each line it is on.
pub(crate) fn scrollback_golden_hiding(emu: &dyn Emulator, secrets: &TypedSecrets) -> String {
    let lines = emu.scrollback();
    let joined: String = lines.iter().map(|line| line.text.as_str()).collect::<Vec<_>>().join("\n");
    let hidden = secrets.redact_text(&joined);
    let mut out = String::new();
    for ((index, line), text) in lines.iter().enumerate().zip(hidden.split('\n')) {
        let wrap = if line.wrapped { "~" } else { "" };
        let _ = writeln!(out, "{index}{wrap}| {}", quoted(text));
    }
    out
}
