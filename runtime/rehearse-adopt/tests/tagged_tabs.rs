//! A plain ratatui `Tabs`, tagged: the tree it publishes through the
//! harness — a tab per title where ratatui drew it, the selected one
//! marked, tabs past the right edge offscreen.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::widgets::{Block, Tabs};
use rehearse_adopt::{EventSource, Harness, HarnessOptions, TagTabs};
use rehearse_core::semantic::{Bounds, SemanticFacts};
use rehearse_lang::{AutomationStep, SemanticRole};

use crate::drawn;

const TITLES: [&str; 4] = ["Home", "Settings", "Help", "About"];

/// Four sections in a bordered strip: Right selects the next, wrapping.
fn sections<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
) -> io::Result<()> {
    let mut selected = 0;
    loop {
        terminal.draw(|frame| {
            let block = Block::bordered();
            let tabs = Tabs::new(TITLES).select(selected).block(block.clone());
            let tagged = tabs
                .tag_tabs(
                    || SemanticFacts::new(SemanticRole::TabList).automation_id("sections"),
                    || TITLES,
                    Some(selected),
                )
                .block(&block);
            frame.render_widget(tagged, frame.area());
        })?;
        if let Event::Key(key) = events.read()? {
            match key.code {
                KeyCode::Right => selected = (selected + 1) % TITLES.len(),
                KeyCode::Esc => return Ok(()),
                _ => {}
            }
        }
    }
}

#[test]
fn a_tagged_tabs_publishes_each_tab_where_ratatui_drew_it_and_the_selected_one() {
    // 26 columns inside the border: " Home │ Settings │ Help │" leaves
    // " About" one column short, so the last tab is cut off.
    let options = HarnessOptions::default().viewport(28, 3);
    let mut harness = Harness::start(options, sections).expect("starts");
    let strip = harness.tree().by_id("sections").expect("the strip").clone();
    assert_eq!((strip.role, strip.bounds), (SemanticRole::TabList, Bounds::new(0, 0, 28, 3)));
    let tabs: Vec<(&str, Bounds, Option<bool>)> = strip
        .children
        .iter()
        .map(|tab| (tab.name.as_str(), tab.bounds, tab.states.selected))
        .collect();
    assert_eq!(
        tabs,
        [
            ("Home", Bounds::new(1, 1, 6, 1), Some(true)),
            ("Settings", Bounds::new(8, 1, 10, 1), Some(false)),
            ("Help", Bounds::new(19, 1, 6, 1), Some(false)),
            ("About", Bounds::new(26, 1, 7, 1), Some(false)),
        ]
    );
    assert!(strip.children.iter().all(|tab| tab.role == SemanticRole::Tab));
    drawn::named_as_drawn(&harness, &strip.children[..3]);
    let about = &strip.children[3];
    assert_eq!(about.clipped_bounds, Bounds::new(26, 1, 1, 1), "cut off by the border");
    harness.step(AutomationStep::key(rehearse_lang::KeyCode::Right)).expect("selects");
    let selected: Vec<&str> = harness
        .tree()
        .nodes()
        .filter(|node| node.states.selected == Some(true))
        .map(|node| node.name.as_str())
        .collect();
    assert_eq!(selected, ["Settings"]);
}
