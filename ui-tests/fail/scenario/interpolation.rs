// A `{const PATH}` id the app does not declare is a compile error on the
// path; a value that cannot stand where it is written is one on the value.
use ratatui::layout::{Constraint, Layout};
use rehearse::prelude::*;
use rehearse::widgets::{Button, Text};

const NOT_DECLARED: &str = "count-2";

rehearse::automation_ids! {
    /// The counter's ids.
    pub mod ids for Counter {
        COUNT = "count";
        fn bump = "bump-{n}";
        refuse f6;
    }
}

#[derive(Default)]
struct Counter {
    total: u32,
}

impl Component for Counter {
    type Message = u32;
    const AUTOMATION_IDS: rehearse::AutomationIds = ids::DECLARED;

    fn update(&mut self, by: u32, _: &mut Context<'_, Self>) {
        self.total += by;
    }

    fn view(&self, ui: &mut Ui<'_, u32>) {
        let [label, one, ten] =
            Layout::vertical([Constraint::Length(1), Constraint::Length(3), Constraint::Length(3)])
                .areas(ui.area());
        ui.add(label, Text::new(format!("total {}", self.total)).automation_id(ids::COUNT));
        ui.add(one, Button::new("+1").automation_id(ids::bump(1)).on_click(|| 1));
        ui.add(ten, Button::new("+10").automation_id(ids::bump(10)).on_click(|| 10));
    }
}

fn main() {
    let size = 80;
    let _ = scenario! {
        app = Counter;
        click:#{const NOT_DECLARED};
        resize:{size};
    };
}
