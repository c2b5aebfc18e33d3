//! What lies around a carried-over body must show as in a full render: a
//! parent that clips it, a background beneath it, paint over it, a hidden
//! caret, and a body or widget drawing past its area. Each case was found by a
//! review of the kept arena and buffer and failed before its fix.

use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::Line;
use rehearse::MemoCheck;
use rehearse::prelude::*;
use rehearse::semantic::SemanticFacts;
use rehearse::widgets::{Button, Text, TextInput};

use super::support::{agree, assert_equivalent, check, click};

// --- Edge cases: what lies around a carried-over body -------------------

/// A memo inside a pane whose height the app toggles; the memo's own area
/// stays the same, so only the pane's clipping changes.
struct Collapsing {
    open: bool,
}

impl Component for Collapsing {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.open = !self.open;
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        let height = if self.open { 3 } else { 1 };
        let pane =
            rehearse::semantic::SemanticFacts::new(SemanticRole::Group).automation_id("pane");
        ui.node(Rect::new(0, 0, 20, height), pane, |ui, _| {
            ui.memo("body", Rect::new(0, 0, 20, 3), &(), |ui| {
                ui.add(Rect::new(0, 0, 20, 1), Text::new("top").automation_id("top"));
                ui.add(Rect::new(0, 2, 20, 1), Text::new("bottom").automation_id("bottom"));
            });
        });
        ui.add(Rect::new(0, 4, 12, 1), Button::new("Fold").automation_id("fold").on_click(|| ()));
    }
}

#[test]
fn a_body_carried_over_under_a_resized_parent_is_clipped_like_a_fresh_one() {
    let steps = [
        AutomationStep::drain(),
        AutomationStep::click(Selector::id("fold")),
        AutomationStep::drain(),
        AutomationStep::click(Selector::id("fold")),
    ];
    assert_equivalent(|| Collapsing { open: true }, (20, 5), &steps);
}

/// The app paints a background, then a memo draws text over part of it.
struct Shaded {
    dark: bool,
}

impl Component for Shaded {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.dark = !self.dark;
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        let bg = if self.dark { Color::Blue } else { Color::Reset };
        ui.draw_with(Rect::new(0, 0, 20, 1), |area, buf| buf.set_style(area, Style::new().bg(bg)));
        ui.memo("label", Rect::new(0, 0, 20, 1), &(), |ui| {
            ui.add(Rect::new(0, 0, 5, 1), Text::new("hi").automation_id("hi"));
        });
        ui.add(Rect::new(0, 2, 12, 1), Button::new("Shade").automation_id("shade").on_click(|| ()));
    }
}

#[test]
fn a_carried_over_body_shows_the_current_background_beneath_it() {
    let steps = [AutomationStep::drain(), AutomationStep::click(Selector::id("shade"))];
    assert_equivalent(|| Shaded { dark: false }, (20, 3), &steps);
}

/// A field outside any memo places the caret; a memo after it places one
/// in a part of its content scrolled out of view (so it is hidden and the
/// field's caret stays).
struct HiddenCaret {
    value: String,
}

impl Component for HiddenCaret {
    type Message = String;

    fn update(&mut self, value: String, _: &mut Context<'_, Self>) {
        self.value = value;
    }

    fn view(&self, ui: &mut Ui<'_, String>) {
        ui.add(
            Rect::new(0, 0, 20, 1),
            TextInput::new(self.value.as_str()).automation_id("field").on_change(|value| value),
        );
        ui.memo("m", Rect::new(0, 2, 20, 1), &(), |ui| {
            ui.scrolled(Rect::new(0, 2, 20, 1), 5, 10, |ui, content| {
                ui.add(Rect::new(0, content.y + 5, 20, 1), Text::new("memo").automation_id("memo"));
                // Row 0 of the content is scrolled out: the caret is hidden.
                ui.set_cursor(0, content.y);
            });
        });
    }
}

#[test]
fn a_hidden_caret_in_a_carried_over_body_does_not_replay_an_older_caret() {
    let steps = [
        AutomationStep::focus(Selector::id("field")),
        AutomationStep::drain(),
        AutomationStep::type_text("ab"),
        AutomationStep::drain(),
    ];
    assert_equivalent(|| HiddenCaret { value: String::new() }, (20, 5), &steps);
}

/// A memo body that strays outside its area: a node, text and the caret.
struct Stray;

impl Component for Stray {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}

    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.memo("m", Rect::new(0, 0, 20, 1), &(), |ui| {
            ui.add(Rect::new(0, 0, 20, 1), Text::new("inside").automation_id("inside"));
            ui.add(Rect::new(0, 2, 20, 1), Text::new("outside").automation_id("outside"));
            ui.set_cursor(3, 2);
        });
    }
}

#[test]
fn a_body_straying_outside_its_area_is_clipped_with_memoizing_on_and_off() {
    assert_equivalent(|| Stray, (20, 4), &[AutomationStep::drain()]);
}

// --- Paint over a carried memo in the same frame: projection reused ------

/// A memo holding a button named by what it drew (no declared name), and,
/// sometimes, a mark drawn over it after it.
struct Covered {
    cover: bool,
}

impl Component for Covered {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.cover = !self.cover;
    }
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(Rect::new(0, 2, 10, 1), Button::new("cover").automation_id("cover").on_click(|| ()));
        let row = Rect::new(0, 0, 10, 1);
        ui.memo("m", row, &(), |ui| {
            // A button with no declared name: named from its drawn text.
            ui.leaf(row, SemanticFacts::new(SemanticRole::Button), |area, buf| {
                buf.set_string(area.x, area.y, "hello", ratatui::style::Style::new());
            });
        });
        if self.cover {
            ui.draw(Rect::new(0, 0, 5, 1), Line::raw("XXXXX"));
        }
    }
}

#[test]
fn paint_over_a_carried_memo_renames_the_node_it_covers() {
    // The body is carried over into the frame that paints over it: the
    // button's name comes from the cells as they end up, not as carried.
    let mut check = check(|| Covered { cover: false }, 20, 3);
    for _ in 0..3 {
        agree(&mut check, click("cover"));
    }
    let name = |check: &MemoCheck<Covered>| -> Vec<String> {
        let tree = check.memoized().tree();
        tree.nodes().filter(|n| n.role == SemanticRole::Button).map(|n| n.name.clone()).collect()
    };
    assert_eq!(name(&check), ["cover", "XXXXX"]);
}

// --- A widget drawing past its area ---------------------------------------

/// A checkbox-like widget that draws three cells into an area two wide
/// (the README's `DoneToggle` pattern, `buf.set_string` ignores the area
/// width), shown only sometimes.
struct Overflow {
    shown: bool,
}

impl Component for Overflow {
    type Message = bool;
    fn update(&mut self, shown: bool, _: &mut Context<'_, Self>) {
        self.shown = shown;
    }
    fn view(&self, ui: &mut Ui<'_, bool>) {
        ui.add(Rect::new(0, 1, 20, 1), Text::new("row").automation_id("row"));
        if self.shown {
            ui.leaf(
                Rect::new(0, 0, 2, 1),
                SemanticFacts::new(SemanticRole::Checkbox).name("t").automation_id("t"),
                |area, buf| {
                    buf.set_string(area.x, area.y, "[x]", ratatui::style::Style::new());
                },
            );
        }
    }
}

#[test]
fn a_widget_drawing_past_its_area_is_clipped_to_it() {
    // A widget changes only the cells of its area: what it draws past them
    // is dropped, so nothing is left behind when it goes (and nothing in
    // the buffer belongs to no widget).
    let mut session =
        Session::new(Overflow { shown: true }, SessionOptions::default().viewport(20, 3));
    assert_eq!(session.buffer()[(0, 0)].symbol(), "[");
    assert_eq!(session.buffer()[(1, 0)].symbol(), "x");
    assert_eq!(session.buffer()[(2, 0)].symbol(), " ", "past the area");
    session.send(false).unwrap();
    assert_eq!(session.buffer()[(0, 0)].symbol(), " ", "the widget is gone, so is what it drew");
}

// A carried-over memo body reuses its cells only when they are its own: paint beneath it (drawn
// before it) or over it (drawn after it) that changes since must show exactly as a full render
// shows it.

#[derive(Debug, Clone, Copy)]
enum Msg {
    Cover(bool),
    Background(Color),
    Label(&'static str),
}

struct Painted {
    cover: bool,
    background: Color,
    label: &'static str,
}

impl Component for Painted {
    type Message = Msg;

    fn update(&mut self, msg: Msg, _: &mut Context<'_, Self>) {
        match msg {
            Msg::Cover(cover) => self.cover = cover,
            Msg::Background(color) => self.background = color,
            Msg::Label(label) => self.label = label,
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        let row = Rect::new(0, 1, 20, 1);
        // Beneath the memo: a background it does not depend on.
        let background = Style::new().bg(self.background);
        ui.draw_with(Rect::new(0, 0, 20, 3), |area, buf| buf.set_style(area, background));
        ui.memo("row", row, &self.label, |ui| {
            ui.add(row, Text::new(self.label).automation_id("label"));
        });
        // Over the memo: a mark drawn after it, sometimes.
        if self.cover {
            ui.draw(Rect::new(2, 1, 3, 1), Line::raw("XXX"));
        }
    }
}

fn sessions() -> [Session<Painted>; 2] {
    [true, false].map(|memoize| {
        let app = Painted { cover: false, background: Color::Blue, label: "hello" };
        Session::new(app, SessionOptions::default().viewport(20, 3).memoize(memoize))
    })
}

#[test]
fn paint_beneath_and_over_a_memo_shows_as_in_a_full_render() {
    let [mut memoized, mut plain] = sessions();
    let messages = [
        Msg::Cover(true),
        Msg::Cover(false),
        Msg::Background(Color::Red),
        Msg::Background(Color::Red),
        Msg::Label("bye"),
        Msg::Cover(true),
        Msg::Background(Color::Green),
        Msg::Cover(false),
    ];
    for message in messages {
        memoized.send(message).unwrap();
        plain.send(message).unwrap();
        assert_eq!(memoized.buffer(), plain.buffer(), "after {message:?}");
        assert_eq!(memoized.tree(), plain.tree(), "after {message:?}");
    }
    let row: String = (0..20).map(|col| memoized.buffer()[(col, 1)].symbol().to_owned()).collect();
    assert_eq!(row.trim_end(), "bye");
    assert_eq!(memoized.buffer()[(0, 1)].bg, Color::Green);
}
