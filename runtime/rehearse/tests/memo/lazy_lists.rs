//! `ListItem::lazy` and lazy lists inside memos: only the items that changed
//! are built, every item is built without memoizing, and a body running
//! again reuses the projection of the rows carried inside it.

use ratatui::layout::Rect;
use rehearse::MemoCheck;
use rehearse::prelude::*;
use rehearse::semantic::SemanticFacts;
use rehearse::widgets::{Button, List, ListItem, Text};

use super::runs::Runs;
use super::support::{name_of, node, row};

// --- Lazy list items --------------------------------------------------

const SHELF_LEN: usize = 8;

struct Shelf {
    items: Vec<String>,
    selected: Option<usize>,
    builds: Runs,
}

#[derive(Debug)]
enum ShelfMsg {
    Rename(usize, String),
    Select(usize),
}

impl Shelf {
    fn new(builds: &Runs) -> Self {
        let items = (0..SHELF_LEN).map(|i| format!("item {i}")).collect();
        Self { items, selected: None, builds: builds.clone() }
    }
}

impl Component for Shelf {
    type Message = ShelfMsg;

    fn update(&mut self, msg: ShelfMsg, _: &mut Context<'_, Self>) {
        match msg {
            ShelfMsg::Rename(at, title) => self.items[at] = title,
            ShelfMsg::Select(at) => self.selected = Some(at),
        }
    }

    fn view(&self, ui: &mut Ui<'_, ShelfMsg>) {
        let builds = &self.builds;
        let items = self
            .items
            .iter()
            .enumerate()
            .map(|(i, title)| {
                ListItem::lazy(i, title, move || {
                    builds.bump();
                    ListItem::new(title.as_str()).automation_id(format!("item-{i}"))
                })
            })
            .collect();
        List::new().automation_id("list").selected(self.selected).on_select(ShelfMsg::Select).show(
            ui,
            Rect::new(0, 0, 30, 10),
            items,
        );
    }
}

fn assert_shelf(session: &Session<Shelf>) {
    for (i, title) in session.app().items.iter().enumerate() {
        let item = node(session, &format!("item-{i}"));
        assert_eq!(&item.name, title);
        assert_eq!(item.role, SemanticRole::ListItem);
        assert_eq!(item.bounds, Bounds::new(0, i as i32, 30, 1));
        assert!(row(session.buffer(), i as u16).starts_with(title.as_str()));
    }
    assert_eq!(node(session, "list").children.len(), SHELF_LEN);
}

#[test]
fn a_lazy_list_builds_only_the_item_that_changed() {
    let builds = Runs::default();
    let mut session = Session::new(Shelf::new(&builds), SessionOptions::default().viewport(30, 10));
    let at_start = builds.get();
    assert!(at_start >= SHELF_LEN);
    assert_shelf(&session);

    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(builds.get(), at_start, "nothing changed: nothing is built");
    assert_shelf(&session);

    session.send(ShelfMsg::Rename(3, "changed".into())).unwrap();
    assert_eq!(builds.get(), at_start + 1, "only the renamed item is built");
    assert_eq!(name_of(&session, "item-3"), "changed");
    assert_shelf(&session);

    // Selecting (and focusing the list by clicking) rebuilds only the
    // selected item.
    let before = builds.get();
    session.step(AutomationStep::click(Selector::id("item-5"))).unwrap();
    assert_eq!(session.app().selected, Some(5));
    let rebuilt = builds.get() - before;
    assert!((1..=2).contains(&rebuilt), "rebuilt {rebuilt} items");
    assert_eq!(node(&session, "item-5").states.selected, Some(true));
    assert_eq!(node(&session, "item-4").states.selected, Some(false));
    assert_shelf(&session);
}

#[test]
fn without_memoizing_every_lazy_item_is_built_every_render() {
    let builds = Runs::default();
    let options = SessionOptions::default().viewport(30, 10).memoize(false);
    assert!(!options.is_memoizing());
    let mut session = Session::new(Shelf::new(&builds), options);
    let at_start = builds.get();
    assert!(at_start >= SHELF_LEN);
    assert_eq!(at_start % SHELF_LEN, 0);
    for _ in 0..3 {
        let before = builds.get();
        session.step(AutomationStep::drain()).unwrap();
        let built = builds.get() - before;
        assert!(built >= SHELF_LEN && built % SHELF_LEN == 0, "built {built}");
        assert_shelf(&session);
    }
    session.send(ShelfMsg::Rename(0, "first".into())).unwrap();
    assert_eq!(name_of(&session, "item-0"), "first");
    assert_shelf(&session);
}

// --- Projection reuse inside a body that runs again -------------------

/// A memoized panel, a title and a long lazy list inside it, and outside it
/// a button that renames the panel.
struct Library {
    title: String,
    books: Vec<String>,
}

impl Library {
    fn new() -> Self {
        Self { title: "Shelf".into(), books: (1..=300).map(|n| format!("Book {n}")).collect() }
    }
}

impl Component for Library {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.title.push('!');
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        let panel = Rect::new(0, 0, 30, 10);
        ui.memo("library", panel, &self.title, |ui| {
            // One root, so the panel is one memoized child of the root.
            ui.node(panel, SemanticFacts::new(SemanticRole::Group), |ui, _| {
                let title = Text::new(self.title.as_str()).automation_id("title");
                ui.add(Rect::new(0, 0, 30, 1), title);
                let books = &self.books;
                List::new().automation_id("books").show_lazy(
                    ui,
                    Rect::new(0, 1, 30, 9),
                    books.len(),
                    |at| (ReconcileKey::from(at), books[at].as_str()),
                    |at| ListItem::new(books[at].as_str()).automation_id(format!("book-{at}")),
                );
            });
        });
        ui.add(
            Rect::new(0, 11, 10, 1),
            Button::new("Rename").automation_id("rename").on_click(|| ()),
        );
    }
}

#[test]
fn a_body_running_again_reuses_the_projection_of_the_rows_carried_inside_it() {
    let options = SessionOptions::default().viewport(30, 12);
    let mut session = Session::new(Library::new(), options);
    session.step(AutomationStep::drain()).unwrap();
    let tree_size = session.tree().nodes().count() as u64;
    assert!(tree_size > 300, "every row is in the tree: {tree_size}");

    let before = session.render_stats();
    session.step(AutomationStep::click(Selector::id("rename"))).unwrap();
    let after = session.render_stats();
    assert!(after.bodies_run > before.bodies_run, "the new title ran the panel's body");
    assert_eq!(name_of(&session, "title"), "Shelf!");
    assert_eq!(name_of(&session, "book-299"), "Book 300");

    // The panel and the list are projected afresh; the rows (and the
    // groups they are carried in) are reused from the tree before.
    let projected = after.nodes_projected - before.nodes_projected;
    assert!(
        projected < tree_size / 4,
        "{projected} of {tree_size} nodes projected afresh after a title change"
    );

    // Reuse changes nothing that is committed.
    let rename = AutomationStep::click(Selector::id("rename"));
    let mut check = MemoCheck::new(Library::new, options).unwrap();
    check.run(&[rename.clone(), AutomationStep::drain(), rename]).unwrap();
}
