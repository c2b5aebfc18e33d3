//! A plain ratatui calendar (`Monthly`), tagged: the tree it publishes
//! through the harness — the month shown as its value, a row per week and
//! a cell per day where ratatui drew it, the chosen day selected.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::style::Style;
use ratatui::widgets::Block;
use ratatui::widgets::calendar::{CalendarEventStore, Monthly};
use rehearse_adopt::{EventSource, Harness, HarnessOptions, TagCalendar};
use rehearse_core::semantic::{Bounds, SemanticFacts};
use rehearse_lang::{AutomationStep, SemanticRole};
use time::{Date, Month};

use crate::drawn;

/// December 2026 in a bordered calendar with both headers; Right chooses
/// the next day, Down shows the next month.
fn planner<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
) -> io::Result<()> {
    let mut chosen = Date::from_calendar_date(2026, Month::December, 24).expect("a date");
    loop {
        terminal.draw(|frame| {
            let block = Block::bordered();
            let mut store = CalendarEventStore::default();
            store.add(chosen, Style::new().reversed());
            let month = Monthly::new(chosen, store)
                .block(block.clone())
                .show_month_header(Style::new())
                .show_weekdays_header(Style::new());
            let tagged = month
                .tag_calendar(
                    || SemanticFacts::new(SemanticRole::Table).automation_id("due").label("Due"),
                    chosen.year(),
                    u8::from(chosen.month()),
                )
                .headers(true, true)
                .selected(Some(chosen.day()))
                .block(&block);
            frame.render_widget(tagged, frame.area());
        })?;
        if let Event::Key(key) = events.read()? {
            match key.code {
                KeyCode::Right => chosen = chosen.next_day().expect("a later day"),
                KeyCode::Down => {
                    let next = chosen.month().next();
                    let year =
                        if next == Month::January { chosen.year() + 1 } else { chosen.year() };
                    chosen = Date::from_calendar_date(year, next, 1).expect("a date");
                }
                KeyCode::Esc => return Ok(()),
                _ => {}
            }
        }
    }
}

#[test]
fn a_tagged_calendar_publishes_its_month_its_weeks_and_each_day_where_ratatui_drew_it() {
    let options = HarnessOptions::default().viewport(24, 10);
    let mut harness = Harness::start(options, planner).expect("starts");
    let due = harness.tree().by_id("due").expect("the calendar").clone();
    assert_eq!(due.value.as_ref().and_then(|value| value.text()), Some("December 2026"));
    // 1 December 2026 is a Tuesday: five weeks, the first from the third
    // column of days, below the border and both headers.
    assert_eq!(due.children.len(), 5);
    let first = &due.children[0];
    assert_eq!(first.children[0].name, "1");
    assert_eq!(first.children[0].bounds, Bounds::new(1 + 1 + 2 * 3, 3, 2, 1));
    let days: usize = due.children.iter().map(|week| week.children.len()).sum();
    assert_eq!(days, 31);
    for week in &due.children {
        drawn::named_as_drawn(&harness, &week.children);
    }
    let selected = |harness: &Harness| -> Vec<String> {
        let tree = harness.tree();
        let cells = tree.nodes().filter(|node| node.states.selected == Some(true));
        cells.map(|node| node.name.clone()).collect()
    };
    assert_eq!(selected(&harness), ["24"]);
    harness.step(AutomationStep::key(rehearse_lang::KeyCode::Right)).expect("the next day");
    assert_eq!(selected(&harness), ["25"]);
    harness.step(AutomationStep::key(rehearse_lang::KeyCode::Down)).expect("January");
    let due = harness.tree().by_id("due").expect("the calendar");
    assert_eq!(due.value.as_ref().and_then(|value| value.text()), Some("January 2027"));
    // 1 January 2027 is a Friday: six weeks, the 31st alone in the last.
    let last = due.children.last().expect("a last week");
    assert_eq!(last.children.iter().map(|day| day.name.as_str()).collect::<Vec<_>>(), ["31"]);
    for week in &due.children {
        drawn::named_as_drawn(&harness, &week.children);
    }
}
