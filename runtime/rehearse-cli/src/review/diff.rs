//! How the review shows one pending golden: what it is, a summary of the
//! change, and the change itself — a screen with its changed cells marked,
//! a tree or text as a line diff, a PNG's sizes and differing region.

use std::path::Path;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use rehearse_core::artifacts::{Comparison, Screen};
use rehearse_engine::Ui;
use rehearse_engine::widgets::Text;
use similar::{ChangeTag, TextDiff};

use super::item::{Decision, Item, Msg};

/// The background of a changed cell.
pub(super) const CHANGED: Color = Color::Rgb(110, 80, 0);

/// Shows `item` in `area`: the actual output (or the golden, when
/// `show_golden`), its changes marked.
pub fn show(
    ui: &mut Ui<'_, Msg>,
    area: Rect,
    item: &Item,
    show_golden: bool,
    relative: impl Fn(&Path) -> String,
) {
    let [what, summary, body] =
        Layout::vertical([Constraint::Length(2), Constraint::Length(1), Constraint::Fill(1)])
            .areas(area);
    let decision = match &item.decision {
        None => String::new(),
        Some(Decision::Accepted) => " · accepted".into(),
        Some(Decision::Rejected) => " · rejected".into(),
        Some(Decision::Skipped) => " · skipped".into(),
        Some(Decision::Failed(why)) => format!(" · failed: {why}"),
    };
    let showing = if show_golden { "the golden" } else { "the actual output" };
    ui.add(
        what,
        Text::new(format!(
            "{} golden {}{decision}\nshowing {showing} ({})",
            item.pending.format,
            relative(&item.pending.golden),
            relative(if show_golden { &item.pending.golden } else { &item.pending.pending })
        ))
        .automation_id("shown"),
    );
    ui.add(summary, Text::new(summarize(&item.comparison)).automation_id("summary"));
    match &item.comparison {
        Comparison::Screens { golden, actual, changed } => {
            let screen = if show_golden { golden.as_ref() } else { Some(actual) };
            if let Some(screen) = screen {
                let changed = changed.clone();
                let screen = screen.clone();
                ui.draw_with(body, move |area, buf| draw_screen(&screen, &changed, area, buf));
            }
        }
        Comparison::Tree { golden, actual } | Comparison::Text { golden, actual } => {
            let lines = diff_lines(golden, actual);
            ui.draw_with(body, move |area, buf| Paragraph::new(lines).render(area, buf));
        }
        Comparison::Image { .. } | Comparison::Unreadable(_) => {}
        _ => {}
    }
}

/// One line saying what changed.
fn summarize(comparison: &Comparison) -> String {
    match comparison {
        Comparison::Screens { golden: None, actual, .. } => {
            format!("no golden yet: a new {}x{} screen", actual.cols(), actual.rows())
        }
        Comparison::Screens { golden: Some(golden), actual, changed } => {
            let mut text = format!("{} cells changed", changed.len());
            if (golden.cols(), golden.rows()) != (actual.cols(), actual.rows()) {
                text.push_str(&format!(
                    "; the size changed from {}x{} to {}x{}",
                    golden.cols(),
                    golden.rows(),
                    actual.cols(),
                    actual.rows()
                ));
            }
            if golden.cursor() != actual.cursor() {
                text.push_str("; the cursor moved");
            }
            text
        }
        Comparison::Tree { golden, actual } | Comparison::Text { golden, actual } => {
            let diff = TextDiff::from_lines(golden.as_str(), actual.as_str());
            let (mut added, mut removed) = (0, 0);
            for change in diff.iter_all_changes() {
                match change.tag() {
                    ChangeTag::Insert => added += 1,
                    ChangeTag::Delete => removed += 1,
                    ChangeTag::Equal => {}
                }
            }
            let lines = |n: usize| if n == 1 { "1 line".to_owned() } else { format!("{n} lines") };
            if golden.is_empty() {
                format!("no golden yet: {}", lines(added))
            } else {
                format!("{} added, {} removed", lines(added), lines(removed))
            }
        }
        Comparison::Image { golden, actual, region, differing } => match (golden, region) {
            (None, _) => {
                format!("no golden yet (or it does not decode): a {}x{} image", actual.0, actual.1)
            }
            (Some(golden), _) if golden != actual => format!(
                "the size changed from {}x{} to {}x{} pixels",
                golden.0, golden.1, actual.0, actual.1
            ),
            (Some(_), Some((x, y, w, h))) => {
                format!(
                    "{differing} pixels differ, within {w}x{h} at {x},{y} ({}x{} pixels)",
                    actual.0, actual.1
                )
            }
            (Some(_), None) => "the pixels are the same".into(),
        },
        Comparison::Unreadable(why) => why.clone(),
        _ => "cannot show this comparison".into(),
    }
}

/// The screen's cells, the changed ones marked.
fn draw_screen(screen: &Screen, changed: &[(u16, u16)], area: Rect, buf: &mut Buffer) {
    for row in 0..screen.rows().min(area.height) {
        for col in 0..screen.cols().min(area.width) {
            let cell = screen.cell(col, row);
            let target = &mut buf[(area.x + col, area.y + row)];
            target.set_symbol(&cell.symbol);
            target.fg = cell.style.fg;
            target.bg = cell.style.bg;
            target.underline_color = cell.style.underline;
            target.modifier = cell.style.modifier;
        }
    }
    for &(col, row) in changed {
        if col < area.width && row < area.height {
            let target = &mut buf[(area.x + col, area.y + row)];
            target.bg = CHANGED;
            target.modifier |= Modifier::UNDERLINED;
        }
    }
}

/// A line diff of two texts, removed lines red with `-`, added green with
/// `+`, three lines of context around each change.
fn diff_lines(golden: &str, actual: &str) -> Vec<Line<'static>> {
    let diff = TextDiff::from_lines(golden, actual);
    let mut lines = Vec::new();
    for (at, group) in diff.grouped_ops(3).iter().enumerate() {
        if at > 0 {
            lines.push(Line::styled("…", Style::new().fg(Color::DarkGray)));
        }
        for op in group {
            for change in diff.iter_changes(op) {
                let (sign, style) = match change.tag() {
                    ChangeTag::Delete => ("-", Style::new().fg(Color::Red)),
                    ChangeTag::Insert => ("+", Style::new().fg(Color::Green)),
                    ChangeTag::Equal => (" ", Style::new()),
                };
                let text = change.value().trim_end_matches('\n').to_owned();
                lines.push(Line::from(vec![Span::styled(format!("{sign} {text}"), style)]));
            }
        }
    }
    lines
}
