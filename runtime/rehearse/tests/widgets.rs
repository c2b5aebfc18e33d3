//! The built-in interactive widgets, mounted in headless sessions: what
//! they publish (roles, names, values, states, actions, bounds) and what
//! they do when automation clicks and types (the app state changes).

use crate::support::widgets as harness;

use std::time::Duration;

use harness::{App, Msg, State, line, node, refused, start};
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use rehearse::prelude::*;
use rehearse::widgets::{
    Alert, Button, Checkbox, ProgressBar, RadioGroup, Status, Table, Tabs, TextArea, Toast,
};

// ---- Checkbox ----------------------------------------------------------

fn checkbox_app(state: State) -> Session<App> {
    start(24, 2, state, |s, ui| {
        let mut checkbox =
            Checkbox::new("Buy milk").checked(s.checked).automation_id("milk").enabled(!s.disabled);
        if !s.no_handler {
            checkbox = checkbox.on_toggle(Msg::Checked);
        }
        ui.add(Rect::new(0, 0, 20, 1), checkbox);
    })
}

#[test]
fn checkbox_publishes_its_state_as_checked_never_as_a_value() {
    let session = checkbox_app(State::default());
    let milk = node(&session, "milk");
    assert_eq!(milk.role, SemanticRole::Checkbox);
    assert_eq!(milk.name, "Buy milk");
    assert_eq!(milk.value, None);
    assert_eq!(milk.states.checked, Some(Checked::False));
    assert_eq!(milk.states.selected, None);
    assert_eq!(milk.states.focused, Some(false));
    assert_eq!(milk.bounds, Bounds::new(0, 0, 20, 1));
    for action in [SemanticAction::Click, SemanticAction::Toggle, SemanticAction::Focus] {
        assert!(milk.actions.contains(action), "{action} missing from {}", milk.actions);
    }
    assert_eq!(line(&session, 0), "[ ] Buy milk            ");
}

#[test]
fn clicking_and_space_and_enter_toggle_the_checkbox_through_the_app() {
    let mut session = checkbox_app(State::default());
    session.step(AutomationStep::click(Selector::id("milk"))).unwrap();
    assert!(session.app().state.checked);
    assert_eq!(node(&session, "milk").states.checked, Some(Checked::True));
    assert!(line(&session, 0).starts_with("[x] Buy milk"));
    // The press focused it, so keys now reach it.
    assert!(node(&session, "milk").is_focused());
    session.step(AutomationStep::key(KeyCode::Char(' '))).unwrap();
    assert!(!session.app().state.checked);
    assert_eq!(node(&session, "milk").states.checked, Some(Checked::False));
    session.step(AutomationStep::key(KeyCode::Enter)).unwrap();
    assert!(session.app().state.checked);
    assert_eq!(
        session.app().state.log,
        [Msg::Checked(true), Msg::Checked(false), Msg::Checked(true)]
    );
}

#[test]
fn a_mixed_checkbox_draws_a_dash_and_toggles_to_checked() {
    let mut session = start(20, 1, State::default(), |s, ui| {
        let state: Checked = if s.log.is_empty() { Checked::Mixed } else { s.checked.into() };
        ui.add(
            ui.area(),
            Checkbox::new("All").checked(state).automation_id("all").on_toggle(Msg::Checked),
        );
    });
    assert_eq!(node(&session, "all").states.checked, Some(Checked::Mixed));
    assert!(line(&session, 0).starts_with("[-] All"));
    session.step(AutomationStep::click(Selector::id("all"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::Checked(true)]);
    assert_eq!(node(&session, "all").states.checked, Some(Checked::True));
}

#[test]
fn a_disabled_checkbox_is_not_focusable_and_refuses_clicks() {
    let mut session = checkbox_app(State { disabled: true, ..State::default() });
    let milk = node(&session, "milk");
    assert!(!milk.states.enabled);
    assert_eq!(milk.states.focused, None);
    assert!(!milk.actions.contains(SemanticAction::Focus));
    refused(session.step(AutomationStep::click(Selector::id("milk"))));
    refused(session.step(AutomationStep::focus(Selector::id("milk"))));
    assert!(session.app().state.log.is_empty());
}

#[test]
fn a_checkbox_without_a_handler_claims_no_click() {
    let mut session = checkbox_app(State { no_handler: true, ..State::default() });
    let milk = node(&session, "milk");
    assert!(!milk.actions.contains(SemanticAction::Click));
    assert!(!milk.actions.contains(SemanticAction::Toggle));
    refused(session.step(AutomationStep::click(Selector::id("milk"))));
}

// ---- RadioGroup --------------------------------------------------------

fn radio_app(selected: Option<usize>) -> Session<App> {
    start(20, 4, State { selected, ..State::default() }, |s, ui| {
        ui.add(
            Rect::new(0, 0, 20, 3),
            RadioGroup::new(["Small", "Medium", "Large"])
                .label("Size")
                .selected(s.selected)
                .automation_id("size")
                .option_ids(["s", "m", "l"])
                .on_select(Msg::Selected),
        );
        // An unlabeled group: containers are never named from content.
        ui.add(Rect::new(0, 3, 20, 1), RadioGroup::<Msg>::new(["Only"]));
    })
}

fn checked_radios(session: &Session<App>) -> Vec<Option<Checked>> {
    node(session, "size").children.iter().map(|radio| radio.states.checked).collect()
}

#[test]
fn a_radio_group_records_one_radio_per_option_with_checked_on_the_selected_one() {
    let session = radio_app(Some(1));
    let group = node(&session, "size");
    assert_eq!(group.role, SemanticRole::RadioGroup);
    assert_eq!(group.name, "Size");
    assert!(group.actions.contains(SemanticAction::Focus));
    let names: Vec<&str> = group.children.iter().map(|radio| radio.name.as_str()).collect();
    assert_eq!(names, ["Small", "Medium", "Large"]);
    assert!(group.children.iter().all(|radio| radio.role == SemanticRole::Radio));
    assert_eq!(
        checked_radios(&session),
        [Some(Checked::False), Some(Checked::True), Some(Checked::False)]
    );
    let large = node(&session, "l");
    assert_eq!(large.bounds, Bounds::new(0, 2, 20, 1));
    assert!(large.actions.contains(SemanticAction::Click));
    assert!(!large.actions.contains(SemanticAction::Focus), "only the group takes focus");
    assert_eq!(large.value, None);
    assert_eq!(line(&session, 1), "(•) Medium          ");
    assert_eq!(line(&session, 0), "( ) Small           ");
    let unlabeled = session.tree().by_role_and_name(SemanticRole::RadioGroup, None);
    assert_eq!(unlabeled.len(), 2);
    assert_eq!(unlabeled[1].name, "", "a group takes no name from its radios");
    assert_eq!(unlabeled[1].children[0].name, "Only");
}

#[test]
fn up_and_down_move_the_radio_selection_while_the_group_is_focused() {
    let mut session = radio_app(Some(1));
    session.step(AutomationStep::focus(Selector::id("size"))).unwrap();
    session.step(AutomationStep::key(KeyCode::Down)).unwrap();
    assert_eq!(session.app().state.selected, Some(2));
    assert_eq!(
        checked_radios(&session),
        [Some(Checked::False), Some(Checked::False), Some(Checked::True)]
    );
    // At the last option Down does not move (and sends nothing).
    session.step(AutomationStep::key(KeyCode::Down)).unwrap();
    assert_eq!(session.app().state.log, [Msg::Selected(2)]);
    session.step(AutomationStep::key(KeyCode::Up)).unwrap();
    session.step(AutomationStep::key(KeyCode::Up)).unwrap();
    assert_eq!(session.app().state.selected, Some(0));
    assert_eq!(line(&session, 0), "(•) Small           ");
    assert_eq!(session.app().state.log, [Msg::Selected(2), Msg::Selected(1), Msg::Selected(0)]);
}

#[test]
fn clicking_a_radio_selects_it_and_focuses_the_group() {
    let mut session = radio_app(None);
    assert_eq!(checked_radios(&session), [Some(Checked::False); 3]);
    session.step(AutomationStep::click(Selector::role(SemanticRole::Radio).name("Large"))).unwrap();
    assert_eq!(session.app().state.selected, Some(2));
    assert_eq!(node(&session, "l").states.checked, Some(Checked::True));
    assert!(node(&session, "size").is_focused());
    session.step(AutomationStep::click(Selector::id("s"))).unwrap();
    assert_eq!(session.app().state.selected, Some(0));
}

// ---- TextArea ----------------------------------------------------------

fn text_area_app() -> Session<App> {
    start(20, 6, State::default(), |s, ui| {
        ui.add(
            Rect::new(0, 0, 20, 5),
            TextArea::new(s.text.clone())
                .label("Notes")
                .automation_id("notes")
                .on_change(Msg::Text),
        );
    })
}

#[test]
fn an_empty_text_area_publishes_an_empty_value() {
    let session = text_area_app();
    let notes = node(&session, "notes");
    assert_eq!(notes.role, SemanticRole::TextArea);
    assert_eq!(notes.name, "Notes");
    assert_eq!(notes.public_value(), Some(""));
    assert!(notes.actions.contains(SemanticAction::SetValue));
    assert!(line(&session, 0).contains("Notes"));
}

#[test]
fn typing_into_a_text_area_edits_lines_and_moves_the_caret() {
    let mut session = text_area_app();
    session.step(AutomationStep::click(Selector::id("notes"))).unwrap();
    session.step(AutomationStep::type_text("ab\ncd")).unwrap();
    assert_eq!(session.app().state.text, "ab\ncd");
    assert_eq!(node(&session, "notes").public_value(), Some("ab\ncd"));
    assert!(line(&session, 1).starts_with("│ab  "));
    assert!(line(&session, 2).starts_with("│cd  "));
    // The caret sits after "cd": inside the border at column 3, row 2.
    assert_eq!(session.frame().cursor, Some((3, 2)));
    session.step(AutomationStep::key(KeyCode::Up)).unwrap();
    assert_eq!(session.frame().cursor, Some((3, 1)));
    session.step(AutomationStep::key(KeyCode::Backspace)).unwrap();
    assert_eq!(session.app().state.text, "a\ncd");
    assert_eq!(session.frame().cursor, Some((2, 1)));
    session.step(AutomationStep::key(KeyCode::Down)).unwrap();
    session.step(AutomationStep::key(KeyCode::Delete)).unwrap();
    assert_eq!(session.app().state.text, "a\nc");
    session.step(AutomationStep::key(KeyCode::Home)).unwrap();
    session.step(AutomationStep::key(KeyCode::Backspace)).unwrap();
    assert_eq!(session.app().state.text, "ac", "Backspace at a line start joins the lines");
    session.step(AutomationStep::key(KeyCode::Enter)).unwrap();
    assert_eq!(session.app().state.text, "a\nc");
    assert_eq!(session.frame().cursor, Some((1, 2)));
}

#[test]
fn a_text_area_scrolls_to_keep_the_caret_visible() {
    let mut session = text_area_app();
    session.step(AutomationStep::click(Selector::id("notes"))).unwrap();
    // Five lines in a field three lines tall.
    session.step(AutomationStep::type_text("1\n2\n3\n4\n5")).unwrap();
    let shown = |session: &Session<App>| -> Vec<String> {
        (1..4).map(|y| line(session, y).chars().nth(1).unwrap().to_string()).collect()
    };
    assert_eq!(shown(&session), ["3", "4", "5"]);
    assert_eq!(session.frame().cursor, Some((2, 3)));
    for _ in 0..4 {
        session.step(AutomationStep::key(KeyCode::Up)).unwrap();
    }
    assert_eq!(shown(&session), ["1", "2", "3"]);
    assert_eq!(session.frame().cursor, Some((2, 1)));
    // The wheel scrolls the view on its own; the caret (on line 1) is then
    // out of view, so the terminal cursor is hidden.
    session.step(AutomationStep::scroll_at(Selector::id("notes"), ScrollDirection::Down)).unwrap();
    assert_eq!(shown(&session), ["2", "3", "4"]);
    assert_eq!(session.frame().cursor, None);
    // Moving the caret brings the view back to it.
    session.step(AutomationStep::key(KeyCode::Left)).unwrap();
    assert_eq!(shown(&session), ["1", "2", "3"]);
}

// ---- Table -------------------------------------------------------------

fn table_app(selectable: bool) -> Session<App> {
    start(20, 6, State::default(), move |s, ui| {
        let mut table = Table::new(["Item", "Qty"])
            .rows((0..10).map(|at| [format!("Item {at}"), at.to_string()]))
            .automation_id("items")
            .label("Groceries")
            .row_ids(|at| format!("row-{at}"));
        if selectable {
            table = table.selected(s.selected).on_select(Msg::Selected);
        }
        // A header row and four body rows.
        ui.add(Rect::new(0, 0, 20, 5), table);
    })
}

#[test]
fn a_table_records_a_header_and_rows_of_cells_named_by_their_text() {
    let session = table_app(true);
    let table = node(&session, "items");
    assert_eq!(table.role, SemanticRole::Table);
    assert_eq!(table.name, "Groceries");
    assert_eq!(table.children.len(), 11);
    let header = &table.children[0];
    assert_eq!(header.role, SemanticRole::Row);
    assert_eq!(header.name, "Item Qty");
    assert!(header.actions.is_empty());
    assert_eq!(header.states.selected, None);
    let row = node(&session, "row-2");
    assert_eq!(row.role, SemanticRole::Row);
    assert_eq!(row.name, "Item 2 2");
    assert_eq!(row.states.selected, Some(false));
    assert!(row.actions.contains(SemanticAction::Click));
    let cells: Vec<(SemanticRole, &str)> =
        row.children.iter().map(|cell| (cell.role, cell.name.as_str())).collect();
    assert_eq!(cells, [(SemanticRole::Cell, "Item 2"), (SemanticRole::Cell, "2")]);
    // Ten rows overflow four: a scrollbar takes the last column.
    assert_eq!(row.bounds, Bounds::new(0, 3, 19, 1));
    assert!(line(&session, 0).starts_with("Item"));
    assert!(line(&session, 3).starts_with("Item 2"));
}

#[test]
fn rows_scrolled_out_stay_in_the_tree_offscreen_with_zero_area_clipped_bounds() {
    let session = table_app(true);
    for at in 0..4 {
        let row = node(&session, &format!("row-{at}"));
        assert!(row.in_view, "row {at}");
        assert!(!row.states.offscreen);
    }
    let hidden = node(&session, "row-7");
    assert!(!hidden.in_view);
    assert_eq!(hidden.clipped_bounds.area(), 0);
    assert!(hidden.states.offscreen);
    assert!(hidden.states.hidden);
    assert_eq!(hidden.bounds, Bounds::new(0, 8, 19, 1), "laid out where it would be");
    assert!(hidden.children.iter().all(|cell| !cell.in_view));
}

#[test]
fn clicking_a_row_selects_it_and_arrows_move_the_selection_scrolling_it_into_view() {
    let mut session = table_app(true);
    session.step(AutomationStep::click(Selector::id("row-2"))).unwrap();
    assert_eq!(session.app().state.selected, Some(2));
    assert_eq!(node(&session, "row-2").states.selected, Some(true));
    assert!(node(&session, "items").is_focused());
    let reversed = |session: &Session<App>, y: u16| {
        session.buffer()[(0, y)].modifier.contains(Modifier::REVERSED)
    };
    assert!(reversed(&session, 3));
    session.step(AutomationStep::key(KeyCode::Down)).unwrap();
    session.step(AutomationStep::key(KeyCode::Down)).unwrap();
    assert_eq!(session.app().state.selected, Some(4));
    // Row 4 was below the body: the body scrolled one row.
    let row4 = node(&session, "row-4");
    assert!(row4.in_view);
    assert_eq!(row4.bounds, Bounds::new(0, 4, 19, 1));
    let row0 = node(&session, "row-0");
    assert!(!row0.in_view && row0.states.offscreen);
    assert_eq!(row0.bounds.y, 0, "scrolled above the body, which starts at row 1");
    assert!(line(&session, 1).starts_with("Item 1"));
    session.step(AutomationStep::key(KeyCode::End)).unwrap();
    assert_eq!(session.app().state.selected, Some(9));
    assert!(node(&session, "row-9").in_view);
    assert!(!node(&session, "row-5").in_view);
    // A scrolled-out row cannot be clicked.
    let error = session.step(AutomationStep::click(Selector::id("row-0"))).unwrap_err();
    assert!(matches!(error.error, AutomationError::NotInView { .. }), "{error}");
    // The wheel scrolls the body without moving the selection.
    session.step(AutomationStep::scroll_at(Selector::id("items"), ScrollDirection::Up)).unwrap();
    assert!(node(&session, "row-5").in_view);
    assert!(!node(&session, "row-9").in_view);
    assert_eq!(session.app().state.selected, Some(9));
    assert_eq!(session.app().state.log.len(), 4);
}

#[test]
fn the_table_scrollbar_takes_the_press_and_jumps_the_body() {
    use ratatui::crossterm::event::{
        Event, KeyModifiers, MouseButton as CtButton, MouseEvent, MouseEventKind,
    };
    let mut session = table_app(true);
    // The track is the last column of the body (rows 1 to 4); press its bottom.
    for kind in [MouseEventKind::Down(CtButton::Left), MouseEventKind::Up(CtButton::Left)] {
        let event =
            Event::Mouse(MouseEvent { kind, column: 19, row: 4, modifiers: KeyModifiers::NONE });
        session.engine_mut().handle_event(&event).unwrap();
    }
    session.engine_mut().commit_now().unwrap();
    assert!(node(&session, "row-9").in_view);
    assert!(!node(&session, "row-5").in_view);
    assert!(session.app().state.log.is_empty(), "scrolling selects nothing");
    assert!(node(&session, "items").is_focused());
}

#[test]
fn a_table_without_selection_reports_no_selected_state_and_no_row_clicks() {
    let mut session = table_app(false);
    let row = node(&session, "row-1");
    assert_eq!(row.states.selected, None);
    assert!(!row.actions.contains(SemanticAction::Click));
    refused(session.step(AutomationStep::click(Selector::id("row-1"))));
}

// ---- Tabs --------------------------------------------------------------

fn tabs_app(width: u16) -> Session<App> {
    start(30, 2, State { selected: Some(0), ..State::default() }, move |s, ui| {
        ui.add(
            Rect::new(0, 0, width, 1),
            Tabs::new(["Inbox", "Sent", "Drafts"])
                .selected(s.selected)
                .automation_id("tabs")
                .tab_ids(["inbox", "sent", "drafts"])
                .on_select(Msg::Selected),
        );
    })
}

#[test]
fn tabs_record_a_tab_list_with_selected_states_and_draw_a_strip() {
    let session = tabs_app(30);
    let strip = node(&session, "tabs");
    assert_eq!(strip.role, SemanticRole::TabList);
    let selected: Vec<Option<bool>> =
        strip.children.iter().map(|tab| tab.states.selected).collect();
    assert_eq!(selected, [Some(true), Some(false), Some(false)]);
    let inbox = node(&session, "inbox");
    assert_eq!((inbox.role, inbox.name.as_str()), (SemanticRole::Tab, "Inbox"));
    assert_eq!(inbox.bounds, Bounds::new(0, 0, 7, 1));
    assert_eq!(node(&session, "sent").bounds, Bounds::new(8, 0, 6, 1));
    assert_eq!(line(&session, 0), " Inbox │ Sent │ Drafts        ");
}

#[test]
fn clicking_a_tab_selects_it_and_left_right_move_while_focused() {
    let mut session = tabs_app(30);
    session.step(AutomationStep::click(Selector::id("sent"))).unwrap();
    assert_eq!(session.app().state.selected, Some(1));
    assert_eq!(node(&session, "sent").states.selected, Some(true));
    assert_eq!(node(&session, "inbox").states.selected, Some(false));
    assert!(node(&session, "tabs").is_focused());
    session.step(AutomationStep::key(KeyCode::Right)).unwrap();
    assert_eq!(session.app().state.selected, Some(2));
    session.step(AutomationStep::key(KeyCode::Right)).unwrap();
    session.step(AutomationStep::key(KeyCode::Left)).unwrap();
    assert_eq!(session.app().state.log, [Msg::Selected(1), Msg::Selected(2), Msg::Selected(1)]);
}

#[test]
fn tabs_that_do_not_fit_are_clipped_out_of_view() {
    let mut session = tabs_app(12);
    assert!(node(&session, "inbox").in_view);
    let drafts = node(&session, "drafts");
    assert!(!drafts.in_view);
    assert!(drafts.states.offscreen);
    let error = session.step(AutomationStep::click(Selector::id("drafts"))).unwrap_err();
    assert!(matches!(error.error, AutomationError::NotInView { .. }), "{error}");
    assert_eq!(line(&session, 0), " Inbox │ Sen                  ");
}

// ---- ProgressBar, Status, Alert -----------------------------------------

#[test]
fn a_progress_bar_publishes_its_percentage_as_a_value_and_has_no_actions() {
    let mut session = start(30, 4, State::default(), |_, ui| {
        ui.add(Rect::new(0, 0, 30, 1), ProgressBar::new(0.4).label("Upload").automation_id("up"));
        ui.add(Rect::new(0, 1, 30, 3), ProgressBar::new(1.7).label("Done").automation_id("done"));
    });
    let up = node(&session, "up");
    assert_eq!(up.role, SemanticRole::ProgressBar);
    assert_eq!(up.name, "Upload");
    assert_eq!(up.public_value(), Some("40%"));
    assert!(up.actions.is_empty());
    assert!(line(&session, 0).starts_with("Upload "));
    assert!(line(&session, 0).contains("40%"));
    assert_eq!(node(&session, "done").public_value(), Some("100%"));
    assert!(line(&session, 1).contains("Done"), "a tall bar is titled by its label");
    assert!(line(&session, 2).contains("100%"));
    refused(session.step(AutomationStep::click(Selector::id("up"))));
}

#[test]
fn status_and_alert_are_named_by_their_text() {
    let session = start(30, 3, State::default(), |_, ui| {
        ui.add(Rect::new(0, 0, 30, 1), Alert::new("Disk full").automation_id("alert"));
        ui.add(Rect::new(0, 2, 30, 1), Status::new("3 items left").automation_id("status"));
    });
    let status = node(&session, "status");
    assert_eq!((status.role, status.name.as_str()), (SemanticRole::Status, "3 items left"));
    assert_eq!(status.value, None);
    assert!(status.actions.is_empty());
    assert!(
        session.buffer()[(29, 2)].modifier.contains(Modifier::REVERSED),
        "a bar across the line"
    );
    assert_eq!(line(&session, 2).trim_end(), " 3 items left");
    let alert = node(&session, "alert");
    assert_eq!((alert.role, alert.name.as_str()), (SemanticRole::Alert, "Disk full"));
    assert_eq!(alert.overlay_order, None, "an inline alert is application content");
}

// ---- Toast -------------------------------------------------------------

fn toast_app() -> Session<App> {
    start(30, 8, State::default(), |s, ui| {
        ui.add(
            Rect::new(0, 0, 10, 3),
            Button::new("Save").automation_id("save").on_click(|| Msg::ShowToast),
        );
        ui.add(Rect::new(0, 7, 30, 1), Status::new("ready"));
        if s.toast {
            let toast = Toast::new("Saved").automation_id("saved");
            let area = toast.area_in(ui.area());
            ui.add(area, toast);
        }
    })
}

#[test]
fn a_toast_is_a_non_modal_overlay_root_after_the_app_content_until_it_expires() {
    let mut session = toast_app();
    assert!(session.tree().by_id("saved").is_none());
    session.step(AutomationStep::click(Selector::id("save"))).unwrap();
    let root = &session.tree().root;
    let last = root.children.last().unwrap();
    assert_eq!(last.automation_id.as_ref().map(|id| id.as_str()), Some("saved"));
    assert_eq!(last.role, SemanticRole::Alert);
    assert_eq!(last.name, "Saved");
    assert_eq!(last.overlay_order, Some(1));
    assert!(
        root.children[..root.children.len() - 1].iter().all(|child| child.overlay_order.is_none())
    );
    // Bottom-right, one cell in: "Saved" plus border and padding is 9 wide.
    assert_eq!(last.bounds, Bounds::new(20, 4, 9, 3));
    assert!(line(&session, 5).contains("Saved"));
    // Non-modal: focus stays on the button and it still takes clicks.
    assert!(node(&session, "save").is_focused());
    session.step(AutomationStep::click(Selector::id("save"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::ShowToast, Msg::ShowToast]);
    // The app expires it with a timer on the controlled clock.
    session.step(AutomationStep::advance(Duration::from_secs(2))).unwrap();
    assert!(session.tree().by_id("saved").is_none());
    assert!(!line(&session, 5).contains("Saved"));
}

/// A derived widget that draws its focus and hover itself.
#[derive(rehearse::Semantic)]
#[semantic(role = button)]
struct Chip {
    #[semantic(id)]
    id: &'static str,
}

impl rehearse::ui::InteractiveWidget for Chip {
    fn render(
        self,
        area: Rect,
        buf: &mut ratatui::buffer::Buffer,
        state: rehearse::ui::NodeInteraction,
    ) {
        let mark = match (state.focused, state.hovered) {
            (true, _) => "F",
            (false, true) => "H",
            (false, false) => "-",
        };
        buf[(area.x, area.y)].set_symbol(mark);
    }
}

struct Chips;

impl Component for Chips {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        for (col, id) in ["a", "b"].into_iter().enumerate() {
            let area = Rect::new(col as u16 * 2, 0, 1, 1);
            ui.add(area, rehearse::ui::Interactive(Chip { id })).focusable();
        }
    }
}

#[test]
fn a_derived_widget_draws_knowing_whether_its_node_is_focused_or_hovered() {
    let mut session = Session::new(Chips, SessionOptions::default().viewport(4, 1));
    let marks = |session: &Session<Chips>| {
        [0, 2].map(|col| session.buffer()[(col, 0)].symbol().to_owned()).concat()
    };
    assert_eq!(marks(&session), "--");
    session.step(AutomationStep::focus(Selector::id("a"))).unwrap();
    assert_eq!(marks(&session), "F-");
    session.step(AutomationStep::hover(Selector::id("b"))).unwrap();
    assert_eq!(marks(&session), "FH");
}
