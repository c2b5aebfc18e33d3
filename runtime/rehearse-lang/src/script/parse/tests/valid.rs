//! Every valid spelling of a step parses to the step it means; empty input is
//! an empty step.

use crate::key::{KeyCode, KeyPress, Modifiers};
use crate::role::SemanticRole;
use crate::script::*;
use crate::selector::Selector;
use crate::step::{AutomationStep, ScrollDirection};
use crate::style::{AnsiColor, StyleAttribute, StyleCheck, StyleColor};
use crate::wait::Predicate;

fn style(check: StyleCheck) -> Predicate {
    Predicate::Style(check)
}

fn text(text: &str) -> Selector {
    Selector::text_contains(text)
}

use super::support::{ms, named, role, step, wait_for};

pub(super) fn valid_cases() -> Vec<(&'static str, AutomationStep)> {
    use SemanticRole::*;
    let ctrl = |c| AutomationStep::key(KeyPress::new(KeyCode::Char(c), Modifiers::CTRL));
    vec![
        ("key:ctrl+n", ctrl('n')),
        ("key:Ctrl+N", ctrl('n')),
        ("key:enter", AutomationStep::key(KeyCode::Enter)),
        ("key:\"ctrl+;\"", ctrl(';')),
        ("key:\";\"", AutomationStep::key(KeyPress::char(';'))),
        ("key:#", AutomationStep::key(KeyPress::char('#'))),
        ("key:,", AutomationStep::key(KeyPress::char(','))),
        ("key:+", AutomationStep::key(KeyPress::char('+'))),
        ("key:shift+tab", AutomationStep::key(KeyCode::BackTab)),
        ("type:hello", AutomationStep::type_text("hello")),
        ("type:Buy milk", AutomationStep::type_text("Buy milk")),
        ("type:  padded  ", AutomationStep::type_text("padded")),
        ("type:\"  padded  \"", AutomationStep::type_text("  padded  ")),
        ("type:a,b>c=d~e#f", AutomationStep::type_text("a,b>c=d~e#f")),
        ("type:\"a;b\"", AutomationStep::type_text("a;b")),
        ("type:\"say \\\"hi\\\"\"", AutomationStep::type_text("say \"hi\"")),
        ("type:\"a\\\\b\\nc\\td\"", AutomationStep::type_text("a\\b\nc\td")),
        ("type:\"\"", AutomationStep::type_text("")),
        ("type:C:\\dir", AutomationStep::type_text("C:\\dir")),
        ("click:#save", AutomationStep::click(Selector::id("save"))),
        ("click:#status/line:1.x_y", AutomationStep::click(Selector::id("status/line:1.x_y"))),
        ("click:@button", AutomationStep::click(role(Button))),
        ("click:@button=Save", AutomationStep::click(named(Button, "Save"))),
        ("click:@button=Save as…", AutomationStep::click(named(Button, "Save as…"))),
        ("click:@button=\"Save\"", AutomationStep::click(named(Button, "Save"))),
        ("click:@button=\"a;b\"", AutomationStep::click(named(Button, "a;b"))),
        ("click:@button=\"\"", AutomationStep::click(named(Button, ""))),
        ("click:@button=a=b", AutomationStep::click(named(Button, "a=b"))),
        ("click:text~failed", AutomationStep::click(Selector::text_contains("failed"))),
        (
            "click:text~\"Connection failed\"",
            AutomationStep::click(Selector::text_contains("Connection failed")),
        ),
        ("click:text~a,b", AutomationStep::click(Selector::text_contains("a,b"))),
        ("click:3,4", AutomationStep::click(Selector::point(3, 4))),
        ("click:0,65535", AutomationStep::click(Selector::point(0, 65535))),
        ("  click:#save  ", AutomationStep::click(Selector::id("save"))),
        ("click: #save", AutomationStep::click(Selector::id("save"))),
        ("rclick:#row-2", AutomationStep::right_click(Selector::id("row-2"))),
        ("mclick:@tab=Logs", AutomationStep::middle_click(named(Tab, "Logs"))),
        ("hover:text~help", AutomationStep::hover(Selector::text_contains("help"))),
        ("focus:next", AutomationStep::focus_next()),
        ("focus:prev", AutomationStep::focus_prev()),
        ("focus:#name", AutomationStep::focus(Selector::id("name"))),
        ("focus:@text-box=Name", AutomationStep::focus(named(TextBox, "Name"))),
        ("focus:text~next", AutomationStep::focus(Selector::text_contains("next"))),
        ("scroll:up", AutomationStep::scroll(ScrollDirection::Up)),
        ("scroll:down", AutomationStep::scroll(ScrollDirection::Down)),
        (
            "scroll:#list,down",
            AutomationStep::scroll_at(Selector::id("list"), ScrollDirection::Down),
        ),
        ("scroll:#list, up", AutomationStep::scroll_at(Selector::id("list"), ScrollDirection::Up)),
        ("scroll:3,4,up", AutomationStep::scroll_at(Selector::point(3, 4), ScrollDirection::Up)),
        (
            "scroll:@list-item=a,b,down",
            AutomationStep::scroll_at(named(ListItem, "a,b"), ScrollDirection::Down),
        ),
        ("drag:#a>#b", AutomationStep::drag(Selector::id("a"), Selector::id("b"))),
        ("drag:#a > 3,4", AutomationStep::drag(Selector::id("a"), Selector::point(3, 4))),
        (
            "drag:text~\"a>b\">text~c>d",
            AutomationStep::drag(Selector::text_contains("a>b"), Selector::text_contains("c>d")),
        ),
        ("wait", AutomationStep::advance(ms(250))),
        ("wait:", AutomationStep::advance(ms(250))),
        ("wait:100", AutomationStep::advance(ms(100))),
        ("wait:100ms", AutomationStep::advance(ms(100))),
        ("wait:0", AutomationStep::advance(ms(0))),
        ("sleep", AutomationStep::sleep(ms(250))),
        ("sleep:5", AutomationStep::sleep(ms(5))),
        ("sleep:5ms", AutomationStep::sleep(ms(5))),
        ("resize:120x40", AutomationStep::resize(120, 40)),
        ("resize:1x1", AutomationStep::resize(1, 1)),
        ("resize:65535x65535", AutomationStep::resize(65535, 65535)),
        ("drain", AutomationStep::drain()),
        ("drain:", AutomationStep::drain()),
        ("checkpoint:editor", AutomationStep::checkpoint("editor")),
        ("checkpoint:after-save.v2_1", AutomationStep::checkpoint("after-save.v2_1")),
        ("checkpoint:\"quoted\"", AutomationStep::checkpoint("quoted")),
        ("wait-for:exists,#status,500", wait_for(Predicate::Exists, Selector::id("status"), 500)),
        ("wait-for:missing,#toast,500ms", wait_for(Predicate::Missing, Selector::id("toast"), 500)),
        (
            "wait-for:in-view,@list-item=Milk,1",
            wait_for(Predicate::InView, named(ListItem, "Milk"), 1),
        ),
        ("wait-for:focused,#name,0", wait_for(Predicate::Focused, Selector::id("name"), 0)),
        ("wait-for:enabled,@button,9", wait_for(Predicate::Enabled, role(Button), 9)),
        ("wait-for:disabled,@button,9", wait_for(Predicate::Disabled, role(Button), 9)),
        ("wait-for:selected,@tab,9", wait_for(Predicate::Selected(true), role(Tab), 9)),
        ("wait-for:selected=true,@tab,9", wait_for(Predicate::Selected(true), role(Tab), 9)),
        ("wait-for:selected=false,@tab,9", wait_for(Predicate::Selected(false), role(Tab), 9)),
        (
            "wait-for:value=ready,#status,500",
            wait_for(Predicate::ValueEquals("ready".into()), Selector::id("status"), 500),
        ),
        (
            "wait-for:value=\"a,b\",#status,500",
            wait_for(Predicate::ValueEquals("a,b".into()), Selector::id("status"), 500),
        ),
        (
            "wait-for:value=\"\",#status,500",
            wait_for(Predicate::ValueEquals(String::new()), Selector::id("status"), 500),
        ),
        (
            "wait-for:text=Connected,@status,500",
            wait_for(Predicate::TextContains("Connected".into()), role(Status), 500),
        ),
        ("wait-for:count=3,@list-item,500", wait_for(Predicate::Count(3), role(ListItem), 500)),
        ("wait-for:count=0,@list-item,500", wait_for(Predicate::Count(0), role(ListItem), 500)),
        ("wait-for:exists,3,4,500", wait_for(Predicate::Exists, Selector::point(3, 4), 500)),
        (
            "wait-for:fg=red,text~Error,500",
            wait_for(style(StyleCheck::Fg(StyleColor::Ansi(AnsiColor::Red))), text("Error"), 500),
        ),
        (
            "wait-for:bg=#1e1e2e,text~\"a, b\",500",
            wait_for(style(StyleCheck::Bg(StyleColor::Rgb(0x1e, 0x1e, 0x2e))), text("a, b"), 500),
        ),
        (
            "wait-for:fg=idx196,#status,9",
            wait_for(style(StyleCheck::Fg(StyleColor::Indexed(196))), Selector::id("status"), 9),
        ),
        (
            "wait-for:bg=default,3,4,9",
            wait_for(style(StyleCheck::Bg(StyleColor::Default)), Selector::point(3, 4), 9),
        ),
        (
            "wait-for:bold,text~Done,9",
            wait_for(style(StyleCheck::Attribute(StyleAttribute::Bold, true)), text("Done"), 9),
        ),
        (
            "wait-for:underline=false,@link,9",
            wait_for(style(StyleCheck::Attribute(StyleAttribute::Underline, false)), role(Link), 9),
        ),
        (
            "wait-for:exists,text~a,b,500",
            wait_for(Predicate::Exists, Selector::text_contains("a,b"), 500),
        ),
        (
            "wait-for:exists,@button=\"x,y\",500",
            wait_for(Predicate::Exists, named(Button, "x,y"), 500),
        ),
        (
            "wait-for: exists , #status , 500 ",
            wait_for(Predicate::Exists, Selector::id("status"), 500),
        ),
    ]
}

#[test]
fn every_valid_spelling_parses() {
    for (text, expected) in valid_cases() {
        assert_eq!(step(text), expected, "{text:?}");
    }
}

#[test]
fn empty_input_is_an_empty_step() {
    assert_eq!(parse_step(&[]).unwrap_err().kind, ErrorKind::EmptyStep);
    assert_eq!(parse_step(&chars("   ", 0)).unwrap_err().kind, ErrorKind::EmptyStep);
}
