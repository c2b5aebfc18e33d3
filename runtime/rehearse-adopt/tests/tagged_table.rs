//! A plain ratatui `Table` with its `TableState`, tagged: the tree it
//! publishes through the harness — the header row, body rows and cells
//! where ratatui drew them, the selected row and column, and where the
//! table is scrolled.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::Constraint;
use ratatui::widgets::{Block, Row, Table, TableState};
use rehearse_adopt::{EventSource, Harness, HarnessOptions, TagTable};
use rehearse_core::semantic::{Bounds, ScrollPosition, SemanticFacts};
use rehearse_lang::{AutomationStep, SemanticRole};

use crate::drawn;

const ROWS: [[&str; 2]; 5] =
    [["Milk", "2"], ["Eggs", "12"], ["Bread", "1"], ["Tea", "40"], ["Jam", "3"]];

/// Groceries in a bordered table: Down and Up move the selected row,
/// Right selects the next column.
fn groceries<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
) -> io::Result<()> {
    let widths = [Constraint::Length(8), Constraint::Length(4)];
    let mut state = TableState::default().with_selected(Some(0));
    loop {
        terminal.draw(|frame| {
            let block = Block::bordered().title("Groceries");
            let table = Table::new(ROWS.map(Row::new), widths)
                .header(Row::new(["Item", "Qty"]))
                .block(block.clone())
                .highlight_symbol("> ");
            let tagged = table
                .tag_table(
                    || SemanticFacts::new(SemanticRole::Table).automation_id("groceries"),
                    || ROWS,
                )
                .header(|| ["Item", "Qty"])
                .row_ids(|at| format!("row-{at}"))
                .widths(widths)
                .highlight_symbol("> ")
                .block(&block);
            frame.render_stateful_widget(tagged, frame.area(), &mut state);
        })?;
        if let Event::Key(key) = events.read()? {
            match key.code {
                KeyCode::Down => state.select_next(),
                KeyCode::Up => state.select_previous(),
                KeyCode::Right => state.select_next_column(),
                KeyCode::Esc => return Ok(()),
                _ => {}
            }
        }
    }
}

fn start() -> Harness {
    // The border leaves 4 rows: the header and 3 body rows.
    Harness::start(HarnessOptions::default().viewport(20, 6), groceries).expect("starts")
}

fn key(harness: &mut Harness, code: rehearse_lang::KeyCode) {
    harness.step(AutomationStep::key(code)).expect("the app takes the key");
}

#[test]
fn a_tagged_table_publishes_its_rows_and_cells_where_ratatui_drew_them() {
    let harness = start();
    let tree = harness.tree();
    let table = tree.by_id("groceries").expect("the table");
    assert_eq!(table.role, SemanticRole::Table);
    assert_eq!(table.states.scroll, Some(ScrollPosition::new(0, 5)));
    assert_eq!(table.children.len(), 6, "the header and five body rows");
    let header = &table.children[0];
    assert_eq!((header.role, header.states.selected), (SemanticRole::Row, None));
    assert!(header.actions.is_empty(), "the header row offers nothing");
    let names: Vec<&str> = header.children.iter().map(|cell| cell.name.as_str()).collect();
    assert_eq!(names, ["Item", "Qty"]);
    // The cells sit after the two-column "> " symbol, 8 and 4 wide, one apart.
    let bounds: Vec<Bounds> = header.children.iter().map(|cell| cell.bounds).collect();
    assert_eq!(bounds, [Bounds::new(3, 1, 8, 1), Bounds::new(12, 1, 4, 1)]);
    let milk = &table.children[1];
    assert_eq!((milk.bounds, milk.states.selected), (Bounds::new(1, 2, 18, 1), Some(true)));
    assert_eq!(milk.children[1].name, "2");
    assert_eq!(milk.automation_id.as_ref().map(|id| id.as_str()), Some("row-0"));
    assert_eq!(tree.by_id("row-4").map(|row| row.name.as_str()), Some("Jam 3"));
    assert_eq!(header.automation_id, None, "the header row has no id");
    assert_eq!(milk.children[1].states.selected, None, "no column is selected");
    // Two rows past the three shown are laid out below, offscreen.
    let jam = &table.children[5];
    assert!(jam.states.offscreen && !jam.in_view);
    for row in &table.children {
        drawn::named_as_drawn(&harness, &row.children);
    }
}

#[test]
fn the_selection_scrolls_the_table_and_a_selected_column_selects_cells() {
    let mut harness = start();
    for _ in 0..4 {
        key(&mut harness, rehearse_lang::KeyCode::Down);
    }
    key(&mut harness, rehearse_lang::KeyCode::Right);
    let tree = harness.tree();
    let table = tree.by_id("groceries").expect("the table");
    // Jam (the fifth row) is the last of the three shown: two lie above.
    assert_eq!(table.states.scroll, Some(ScrollPosition::new(2, 5)));
    let selected: Vec<&str> = table
        .children
        .iter()
        .filter(|row| row.states.selected == Some(true))
        .map(|row| row.children[0].name.as_str())
        .collect();
    assert_eq!(selected, ["Jam"]);
    let jam = &table.children[5];
    assert_eq!(jam.bounds.y, 4);
    let cells: Vec<_> = jam.children.iter().map(|cell| cell.states.selected).collect();
    assert_eq!(cells, [Some(true), Some(false)], "the first column is selected");
    let milk = &table.children[1];
    assert!(milk.states.offscreen, "scrolled out above");
    assert_eq!(milk.children[0].states.selected, Some(false));
    // Eggs, also scrolled out, lies beneath the header: offscreen too.
    assert!(table.children[2].states.offscreen);
    for row in &table.children {
        drawn::named_as_drawn(&harness, &row.children);
    }
}
