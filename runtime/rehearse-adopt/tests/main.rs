//! The adopt harness's integration tests, one binary: each module is one
//! subject.

mod drawn;
mod support;

mod harness;
mod hosted;
mod lazy_tags;
mod tagged_calendar;
mod tagged_charts;
mod tagged_gauge;
mod tagged_scrollbar;
mod tagged_table;
mod tagged_tabs;
mod typing;
mod wall_clock;
