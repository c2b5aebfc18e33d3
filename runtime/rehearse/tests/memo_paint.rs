//! A carried-over memo body reuses its cells only when they are its own:
//! paint beneath it (drawn before it) or over it (drawn after it) that
//! changes since must show exactly as a full render shows it.

use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::Line;
use rehearse::prelude::*;
use rehearse::widgets::Text;

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
