//! # rehearse-adopt
//!
//! Bring your own ratatui app: publish a semantic tree and drive the app's
//! own loop with rehearse steps, without rewriting it onto the engine.
//!
//! - **Tags** at the render site, with plain `Frame::render_widget` /
//!   `render_stateful_widget`: [`Tag::tag`] (role, name, value,
//!   sensitivity, automation id, states, actions as [`SemanticFacts`]
//!   built lazily), [`Tag::semantic`] for `#[derive(Semantic)]` widgets,
//!   [`TagList::tag_list`] for a `List` with its `ListState`,
//!   [`TagTable::tag_table`] for a `Table` with its `TableState`,
//!   [`TagTabs::tag_tabs`] for `Tabs`, [`TagScrollbar::tag_scrollbar`]
//!   for a `Scrollbar` with its `ScrollbarState`, [`TagChart`] for a
//!   `Sparkline`, `BarChart` or `Chart` (its data summarised as its
//!   value), [`TagCalendar::tag_calendar`] for a calendar month, and
//!   scopes
//!   ([`FrameExt::scope`], [`FrameExt::overlay`], [`FrameExt::modal`]) so
//!   nesting follows the render and a modal dialog makes what lies beneath
//!   it inert. When no harness records, a tag renders its widget and reads
//!   one thread-local flag: no facts are built.
//! - **The shim**: the app reads events and time through an
//!   [`EventSource`] — [`Crossterm`] in production, [`HarnessEvents`]
//!   under a [`Harness`].
//! - **The harness**: runs the app's loop on its own thread against a
//!   `Terminal<HarnessBackend>` (ratatui's `TestBackend` underneath) and
//!   implements [`rehearse_core::Plane`], so `scenario!` values and text
//!   scripts run on it through the shared runner.
//! - **A loop that asks for its terminal itself** (in `main`, or in
//!   `ratatui::run`'s closure) draws on an [`AdoptedTerminal`] from
//!   [`init_terminal`]: crossterm's in production, the harness's where a
//!   harness hosts the thread ([`Harness::start_main`]).
//!
//! See `docs/adopting.md` for a whole app adopted line by line.
//!
//! [`SemanticFacts`]: rehearse_core::semantic::SemanticFacts

mod adopted;
mod calendar;
mod chart;
mod child;
mod events;
mod harness;
mod list;
mod project;
mod record;
mod scope;
mod scrollbar;
mod table;
mod tabs;
mod tag;

pub use adopted::{AdoptedBackend, AdoptedTerminal, init_terminal, restore_terminal};
pub use calendar::{TagCalendar, TaggedCalendar};
pub use chart::{TagChart, bar_chart_summary, chart_summary, sparkline_summary};
pub use child::PartFacts;
pub use events::{Crossterm, EventSource};
pub use harness::hosted::is_hosted;
pub use harness::{AdoptPlane, Harness, HarnessBackend, HarnessEvents, HarnessOptions, Host};
pub use list::{ItemFacts, ListBlock, TagList, TaggedList};
pub use scope::{FrameExt, Scope, modal, overlay, scope};
pub use scrollbar::{TagScrollbar, TaggedScrollbar};
pub use table::{NoHeader, NoRowIds, TagTable, TaggedTable};
pub use tabs::{TagTabs, TaggedTabs};
pub use tag::{SemanticWidget, Tag, Tagged};
