//! A plain ratatui `Scrollbar` with its `ScrollbarState`, tagged inside
//! the scope of the region it scrolls: the region publishes the state's
//! position and content length.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::widgets::{Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState};
use rehearse_adopt::{EventSource, FrameExt, Harness, HarnessOptions, TagScrollbar};
use rehearse_core::semantic::{ScrollPosition, SemanticFacts};
use rehearse_lang::{AutomationStep, SemanticRole};

const LINES: usize = 30;

/// A log of thirty lines with a scrollbar: Down scrolls a line, End to
/// the last one. A second scrollbar outside every scope publishes nothing.
fn log<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
) -> io::Result<()> {
    let text: Vec<String> = (0..LINES).map(|at| format!("line {at}")).collect();
    let mut offset = 0;
    loop {
        terminal.draw(|frame| {
            let area = frame.area();
            let mut state = ScrollbarState::new(LINES).position(offset);
            frame.scope(
                area,
                || SemanticFacts::new(SemanticRole::ScrollView).automation_id("log"),
                |frame| {
                    let shown = Paragraph::new(text.join("\n"))
                        .scroll((u16::try_from(offset).unwrap_or(u16::MAX), 0));
                    frame.render_widget(shown, area);
                    let bar = Scrollbar::new(ScrollbarOrientation::VerticalRight);
                    frame.render_stateful_widget(bar.tag_scrollbar(), area, &mut state);
                },
            );
            let loose = Scrollbar::new(ScrollbarOrientation::HorizontalBottom).tag_scrollbar();
            frame.render_stateful_widget(loose, area, &mut ScrollbarState::new(3));
        })?;
        if let Event::Key(key) = events.read()? {
            match key.code {
                KeyCode::Down => offset = (offset + 1).min(LINES - 1),
                KeyCode::End => offset = LINES - 1,
                KeyCode::Esc => return Ok(()),
                _ => {}
            }
        }
    }
}

#[test]
fn the_scope_a_tagged_scrollbar_is_rendered_in_publishes_its_state() {
    let options = HarnessOptions::default().viewport(20, 5);
    let mut harness = Harness::start(options, log).expect("starts");
    let scroll = |harness: &Harness| harness.tree().by_id("log").expect("the log").states.scroll;
    assert_eq!(scroll(&harness), Some(ScrollPosition::new(0, 30)));
    for _ in 0..3 {
        harness.step(AutomationStep::key(rehearse_lang::KeyCode::Down)).expect("scrolls");
    }
    assert_eq!(scroll(&harness), Some(ScrollPosition::new(3, 30)));
    harness.step(AutomationStep::key(rehearse_lang::KeyCode::End)).expect("scrolls");
    assert_eq!(scroll(&harness), Some(ScrollPosition::new(29, 30)));
    assert_eq!(harness.tree().root.states.scroll, None, "a scrollbar outside a scope");
    let scrolled = harness.tree().nodes().filter(|node| node.states.scroll.is_some()).count();
    assert_eq!(scrolled, 1, "a scrollbar is no node of its own");
    let markdown = harness.tree().to_markdown();
    assert!(
        markdown.contains("scroll-view \"log\" #log scroll 29 of 30 at 0,0 20x5"),
        "{markdown}"
    );
}
