// Interpolated values with `app = ...;`: a `{const PATH}` id is checked
// against the declarations at compile time, other values when they run.
use ratatui::layout::{Constraint, Layout};
use rehearse::prelude::*;
use rehearse::widgets::{Button, Text};

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
    let options = SessionOptions::default().viewport(20, 8).strict_ids(true);
    let mut session = Session::new(Counter::default(), options);
    for n in [1, 10] {
        session.run(scenario! { app = Counter; click:#{ids::bump(n)}; }).unwrap();
    }
    let expected = format!("total {}", 11);
    session
        .run(scenario! {
            app = Counter;
            wait-for:text={expected},#{const ids::COUNT},0;
        })
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(session.app().total, 11);
}
