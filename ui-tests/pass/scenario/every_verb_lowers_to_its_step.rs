// Every verb and selector form lowers to the step its constructor builds.
use std::time::Duration;

use rehearse::prelude::*;

fn main() {
    let scenario = scenario! {
        key:ctrl+shift+z;
        key:c-x;
        key:pgup;
        type:"Buy milk";
        click:#save;
        rclick:@list-item="Milk";
        mclick:text~"Logs";
        hover:3,4;
        focus:next;
        focus:prev;
        focus:@text-box;
        scroll:down;
        scroll:#list,up;
        drag:#card>#done;
        wait;
        wait:100ms;
        sleep:5;
        resize:120x40;
        drain;
        checkpoint:after-save.v2_1;
        wait-for:value="a,b",#status,500;
        wait-for:selected=false,@tab="Logs",1000;
        wait-for:count=0,@alert,0;
    };
    let expected = [
        AutomationStep::key(KeyPress::new(
            KeyCode::Char('z'),
            Modifiers { ctrl: true, alt: false, shift: true },
        )),
        AutomationStep::key(KeyPress::new(KeyCode::Char('x'), Modifiers::CTRL)),
        AutomationStep::key(KeyCode::PageUp),
        AutomationStep::type_text("Buy milk"),
        AutomationStep::click(Selector::id("save")),
        AutomationStep::right_click(Selector::role(SemanticRole::ListItem).name("Milk")),
        AutomationStep::middle_click(Selector::text_contains("Logs")),
        AutomationStep::hover(Selector::point(3, 4)),
        AutomationStep::focus_next(),
        AutomationStep::focus_prev(),
        AutomationStep::focus(Selector::role(SemanticRole::TextBox)),
        AutomationStep::scroll(ScrollDirection::Down),
        AutomationStep::scroll_at(Selector::id("list"), ScrollDirection::Up),
        AutomationStep::drag(Selector::id("card"), Selector::id("done")),
        AutomationStep::advance(Duration::from_millis(250)),
        AutomationStep::advance(Duration::from_millis(100)),
        AutomationStep::sleep(Duration::from_millis(5)),
        AutomationStep::resize(120, 40),
        AutomationStep::drain(),
        AutomationStep::checkpoint("after-save.v2_1"),
        AutomationStep::wait_for(
            WaitCondition::new(Predicate::ValueEquals("a,b".into()), Selector::id("status")),
            Duration::from_millis(500),
        ),
        AutomationStep::wait_for(
            WaitCondition::new(
                Predicate::Selected(false),
                Selector::role(SemanticRole::Tab).name("Logs"),
            ),
            Duration::from_secs(1),
        ),
        AutomationStep::wait_for(
            WaitCondition::new(Predicate::Count(0), Selector::role(SemanticRole::Alert)),
            Duration::ZERO,
        ),
    ];
    let steps: Vec<AutomationStep> = scenario.automation_steps().cloned().collect();
    assert_eq!(steps, expected);
}
