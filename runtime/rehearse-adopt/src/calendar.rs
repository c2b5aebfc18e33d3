//! A ratatui calendar (`widgets::calendar::Monthly`): the app's node, its
//! value the month shown (`"December 2026"`), with a `row` per week and a
//! `cell` per day of the month where ratatui draws it, named by its number.
//!
//! ratatui keeps the date it displays private, so the app hands the tag
//! the year and month it gave `Monthly::new` (as numbers: the tag needs no
//! date library), and whether it turned on the month and weekday headers.
//! Weeks start on Sunday, as ratatui draws them; a day is two columns
//! after a one-column gutter.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Widget};
use rehearse_core::semantic::{Bounds, SemanticFacts};
use rehearse_lang::{SemanticRole, Sensitivity};

use crate::list::ListBlock;
use crate::record::{self, Layer};

/// The months' names, as ratatui's month header prints them.
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Whether `year` is a leap year in the proleptic Gregorian calendar.
const fn is_leap(year: i32) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// How many days `month` (1 to 12) of `year` has.
const fn days_in(year: i32, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The weekday of the first of `month` (1 to 12) of `year`, counted from
/// Sunday (0) — Sakamoto's method.
fn first_weekday(year: i32, month: u8) -> u8 {
    const SHIFT: [i32; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
    let year = if month < 3 { year - 1 } else { year };
    let day = year + year.div_euclid(4) - year.div_euclid(100)
        + year.div_euclid(400)
        + SHIFT[usize::from(month - 1)]
        + 1;
    u8::try_from(day.rem_euclid(7)).unwrap_or(0)
}

/// A calendar widget with its meaning and the month it shows, made by
/// [`TagCalendar::tag_calendar`]; render it with `render_widget`.
#[derive(Debug, Clone)]
#[must_use = "a tag does nothing until it is rendered"]
pub struct TaggedCalendar<'b, W, F> {
    calendar: W,
    facts: F,
    year: i32,
    month: u8,
    selected: Option<u8>,
    headers: (bool, bool),
    block: Option<Cow<'b, Block<'b>>>,
}

impl<'b, W, F> TaggedCalendar<'b, W, F> {
    /// The block the calendar is drawn in (the one given to
    /// `Monthly::block`), by reference or by value.
    pub fn block<'c>(self, block: impl Into<ListBlock<'c>>) -> TaggedCalendar<'c, W, F> {
        let Self { calendar, facts, year, month, selected, headers, .. } = self;
        let block = Some(block.into().into_cow());
        TaggedCalendar { calendar, facts, year, month, selected, headers, block }
    }

    /// Whether the month header (`Monthly::show_month_header`) and the
    /// weekday header (`Monthly::show_weekdays_header`) are drawn: each
    /// takes a row above the weeks.
    pub fn headers(mut self, month: bool, weekdays: bool) -> Self {
        self.headers = (month, weekdays);
        self
    }

    /// The day the app marks as chosen: its cell is `selected`, the
    /// others are not.
    pub fn selected(mut self, day: Option<u8>) -> Self {
        self.selected = day;
        self
    }
}

impl<W: Widget, F: FnOnce() -> SemanticFacts> Widget for TaggedCalendar<'_, W, F> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.calendar.render(area, buf);
        if !record::active() {
            return;
        }
        let month = self.month.clamp(1, 12);
        let inner = self.block.as_ref().map_or(area, |block| block.inner(area));
        let shown = format!("{} {}", MONTHS[usize::from(month - 1)], self.year);
        let facts = (self.facts)().value(shown, Sensitivity::Public);
        let calendar = record::push(facts, Bounds::from(area), Bounds::from(inner), Layer::Content);
        let top = i32::from(inner.y) + i32::from(self.headers.0) + i32::from(self.headers.1);
        let lead = first_weekday(self.year, month);
        let days = days_in(self.year, month);
        let weeks = (u16::from(lead) + u16::from(days)).div_ceil(7);
        let width = inner.width.min(7 * 3);
        for week in 0..weeks {
            let y = top + i32::from(week);
            let row = SemanticFacts::new(SemanticRole::Row);
            let bounds = Bounds::new(i32::from(inner.x), y, width, 1);
            let row = record::push_child(calendar, row, bounds);
            for weekday in 0..7_u16 {
                let Some(day) = (week * 7 + weekday + 1).checked_sub(u16::from(lead)) else {
                    continue;
                };
                let Ok(day) = u8::try_from(day) else { continue };
                if day == 0 || day > days {
                    continue;
                }
                let mut cell = SemanticFacts::new(SemanticRole::Cell).label(day.to_string());
                if let Some(chosen) = self.selected {
                    cell = cell.selected(chosen == day);
                }
                let x = i32::from(inner.x) + 1 + 3 * i32::from(weekday);
                record::push_child(row, cell, Bounds::new(x, y, 2, 1));
            }
        }
    }
}

/// Tags a calendar (ratatui's `Monthly`) with its meaning and the month
/// it shows, given as the year and the month's number (1 to 12).
///
/// ```
/// use ratatui::widgets::calendar::{CalendarEventStore, Monthly};
/// use rehearse_adopt::TagCalendar;
/// use rehearse_core::semantic::SemanticFacts;
/// use rehearse_lang::SemanticRole;
/// use time::{Date, Month};
///
/// let due = Date::from_calendar_date(2026, Month::December, 24).unwrap();
/// let month = Monthly::new(due, CalendarEventStore::default()).tag_calendar(
///     || SemanticFacts::new(SemanticRole::Table).automation_id("due").label("Due"),
///     due.year(),
///     u8::from(due.month()),
/// );
/// # let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(22, 8)).unwrap();
/// # terminal.draw(|frame| frame.render_widget(month, frame.area())).unwrap();
/// ```
pub trait TagCalendar: Widget + Sized {
    /// This calendar with the facts `facts` builds (only while a harness
    /// records), showing `month` (1 to 12) of `year` as given to
    /// `Monthly::new`.
    fn tag_calendar<F>(self, facts: F, year: i32, month: u8) -> TaggedCalendar<'static, Self, F> {
        TaggedCalendar {
            calendar: self,
            facts,
            year,
            month,
            selected: None,
            headers: (false, false),
            block: None,
        }
    }
}

impl<W: Widget> TagCalendar for W {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_start_on_the_right_weekday_and_have_their_length() {
        // 1 December 2026 is a Tuesday; 1 January 2000 a Saturday; 1 March
        // 1900 a Thursday.
        assert_eq!(first_weekday(2026, 12), 2);
        assert_eq!(first_weekday(2000, 1), 6);
        assert_eq!(first_weekday(1900, 3), 4);
        assert_eq!(first_weekday(2024, 2), 4);
        assert_eq!((days_in(2024, 2), days_in(1900, 2), days_in(2000, 2)), (29, 28, 29));
        assert_eq!((days_in(2026, 4), days_in(2026, 12)), (30, 31));
    }
}
