//! A tab strip over a table of groceries written twice — once with the
//! engine's `Tabs` and `Table` in a `Component` driven by a `Session`, once
//! as a plain ratatui app (`Tabs`, `Table` with its `TableState`) tagged
//! with `rehearse::adopt`'s `tag_tabs` and `tag_table` and driven by a
//! `Harness`. The same script drives both, and after every step the two
//! trees are compared node by node (`support/equivalence.rs`): the tabs
//! where each is drawn and the selected one, the header row, body rows and
//! cells, the selected row, the table's scroll position.

use std::io;

use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode as Key, KeyEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Row, Table as RatatuiTable, TableState, Tabs as RatatuiTabs};
use ratatui::{Frame as RatatuiFrame, Terminal};
use rehearse::adopt::{EventSource, Harness, HarnessOptions, TagTable, TagTabs};
use rehearse::prelude::*;
use rehearse::widgets::{Table, Tabs};

use crate::support::equivalence;
use equivalence::assert_same;

const SIZE: (u16, u16) = (24, 6);
const TITLES: [&str; 3] = ["Food", "Drink", "Other"];
const HEADER: [&str; 2] = ["Item", "Qty"];
const ROWS: [[&str; 2]; 3] = [["Milk", "2"], ["Eggs", "12"], ["Tea", "40"]];

/// The strip's row and the table's four (the header and three rows).
fn areas(screen: Rect) -> [Rect; 2] {
    Layout::vertical([Constraint::Length(1), Constraint::Length(4)]).areas(screen)
}

/// The same columns on both: the item takes what the quantity leaves.
fn widths() -> [Constraint; 2] {
    [Constraint::Fill(1), Constraint::Length(4)]
}

// ---------------------------------------------------------------------------
// On the engine, with its own widgets.

enum Msg {
    Tab(usize),
    Row(usize),
}

#[derive(Default)]
struct OnEngine {
    tab: usize,
    row: usize,
}

impl Component for OnEngine {
    type Message = Msg;

    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        ctx.focus(Selector::id("sections"));
    }

    fn update(&mut self, msg: Msg, _: &mut Context<'_, Self>) {
        match msg {
            Msg::Tab(tab) => self.tab = tab,
            Msg::Row(row) => self.row = row,
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        let [strip, table] = areas(ui.area());
        let tabs = Tabs::new(TITLES).selected(Some(self.tab)).automation_id("sections");
        ui.add(strip, tabs.on_select(Msg::Tab));
        let groceries = Table::new(HEADER)
            .rows(ROWS)
            .widths(widths())
            .selected(Some(self.row))
            .row_ids(|at| format!("row-{at}"))
            .label("Groceries")
            .automation_id("groceries");
        ui.add(table, groceries.on_select(Msg::Row));
    }
}

// ---------------------------------------------------------------------------
// As a plain ratatui app, adopted with tags.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Focus {
    Strip,
    Table,
}

struct Adopted {
    tab: usize,
    focus: Focus,
    table: TableState,
}

impl Adopted {
    fn run<B: Backend<Error = io::Error>>(
        mut self,
        terminal: &mut Terminal<B>,
        events: &mut impl EventSource,
    ) -> io::Result<()> {
        loop {
            terminal.draw(|frame| self.draw(frame))?;
            if let Event::Key(key) = events.read()?
                && key.kind == KeyEventKind::Press
            {
                self.on_key(key.code);
            }
        }
    }

    fn draw(&mut self, frame: &mut RatatuiFrame<'_>) {
        let [strip, table] = areas(frame.area());
        let focus = self.focus;
        let tabs = RatatuiTabs::new(TITLES).select(self.tab).tag_tabs(
            || {
                let facts = SemanticFacts::new(SemanticRole::TabList).automation_id("sections");
                facts.focused(focus == Focus::Strip)
            },
            || TITLES,
            Some(self.tab),
        );
        frame.render_widget(tabs, strip);
        let groceries = RatatuiTable::new(ROWS.map(Row::new), widths())
            .header(Row::new(HEADER))
            .tag_table(
                || {
                    SemanticFacts::new(SemanticRole::Table)
                        .automation_id("groceries")
                        .label("Groceries")
                        .focused(focus == Focus::Table)
                },
                || ROWS,
            )
            .header(|| HEADER)
            .row_ids(|at| format!("row-{at}"))
            .widths(widths());
        frame.render_stateful_widget(groceries, table, &mut self.table);
    }

    fn on_key(&mut self, key: Key) {
        match (self.focus, key) {
            (Focus::Strip, Key::Right) => self.tab = (self.tab + 1).min(TITLES.len() - 1),
            (Focus::Strip, Key::Left) => self.tab = self.tab.saturating_sub(1),
            (Focus::Strip, Key::Tab) => self.focus = Focus::Table,
            (Focus::Table, Key::Tab) => self.focus = Focus::Strip,
            (Focus::Table, Key::Down) => self.table.select_next(),
            (Focus::Table, Key::Up) => self.table.select_previous(),
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------
// The comparison.

const SCRIPT: [&str; 5] = ["key:Right", "key:Tab", "key:Down", "key:Down", "key:Up"];

#[test]
fn the_adopted_tabs_and_table_publish_the_engine_widgets_tree_at_every_step() {
    let options = HarnessOptions::default().viewport(SIZE.0, SIZE.1);
    let mut harness = Harness::start(options, |terminal, events| {
        let table = TableState::default().with_selected(Some(0));
        Adopted { tab: 0, focus: Focus::Strip, table }.run(terminal, events)
    })
    .expect("the adopted app starts");
    let options = SessionOptions::default().viewport(SIZE.0, SIZE.1);
    let mut session = Session::new(OnEngine::default(), options);
    assert_same(harness.tree(), session.tree(), "the first frame");
    for step in SCRIPT {
        harness.run_script(step).unwrap_or_else(|error| panic!("adopted, {step}: {error}"));
        session.run_script(step).unwrap_or_else(|error| panic!("engine, {step}: {error}"));
        assert_same(harness.tree(), session.tree(), step);
    }
    // Where the script went, on the tree both published.
    let tree = harness.tree();
    let selected = |role| {
        let node =
            tree.nodes().find(|node| node.role == role && node.states.selected == Some(true));
        node.map(|node| node.name.clone())
    };
    assert_eq!(selected(SemanticRole::Tab).as_deref(), Some("Drink"));
    assert_eq!(selected(SemanticRole::Row).as_deref(), Some("Eggs 12"));
    let table = tree.by_id("groceries").expect("the table");
    assert_eq!(table.states.scroll, Some(ScrollPosition::new(0, 3)));
}
