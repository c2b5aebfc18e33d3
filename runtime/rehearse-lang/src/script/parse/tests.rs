//! Every spelling of the grammar, valid and invalid, through both dialects,
//! and the `Display` round trip.

use std::time::Duration;

use crate::key::{KeyCode, KeyPress, Modifiers};
use crate::role::SemanticRole;
use crate::script::*;
use crate::selector::Selector;
use crate::step::{AutomationStep, ScrollDirection};
use crate::wait::{Predicate, WaitCondition};

fn step(text: &str) -> AutomationStep {
    match parse_step_str(text) {
        Ok(parsed) => parsed.step,
        Err(error) => panic!("{text:?} did not parse: {error}"),
    }
}

fn fails(text: &str) -> GrammarError {
    match parse_step_str(text) {
        Ok(parsed) => panic!("{text:?} parsed as {:?}", parsed.step),
        Err(error) => error,
    }
}

/// The byte range an error points at, from the lexemes' byte locations.
fn pointed(text: &str, error: &GrammarError) -> String {
    let start = error.range.start.0 as usize;
    let last = error.range.end.0 as usize;
    let end = if text[last..].starts_with('"') {
        // A quoted lexeme: up to its closing quote (none: the end).
        let mut end = text.len();
        let mut escaped = false;
        for (at, character) in text[last + 1..].char_indices() {
            match character {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    end = last + 1 + at + 1;
                    break;
                }
                _ => escaped = false,
            }
        }
        end
    } else {
        last + text[last..].chars().next().map_or(0, char::len_utf8)
    };
    text[start..end].to_owned()
}

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

fn wait_for(predicate: Predicate, selector: impl Into<Selector>, millis: u64) -> AutomationStep {
    AutomationStep::wait_for(WaitCondition::new(predicate, selector), ms(millis))
}

fn role(role: SemanticRole) -> Selector {
    Selector::role(role).into()
}

fn named(role: SemanticRole, name: &str) -> Selector {
    Selector::role(role).name(name).into()
}

fn valid_cases() -> Vec<(&'static str, AutomationStep)> {
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
fn display_parses_back_to_the_same_step() {
    for (text, expected) in valid_cases() {
        let shown = expected.to_string();
        assert_eq!(step(&shown), expected, "{text:?} displays as {shown:?}");
    }
}

#[test]
fn display_quotes_free_text_only_when_needed() {
    let tricky = [
        "",
        " ",
        " lead",
        "trail ",
        "a;b",
        "a,b",
        "a>b",
        "say \"hi\"",
        "back\\slash",
        "two\nlines",
        "tab\t",
        "\u{1b}[0m",
        "#hash",
        "@at",
        "text~x",
        "ünï",
        "=",
        "~",
        "\\\"",
        "\\n",
    ];
    for text in tricky {
        let steps = [
            AutomationStep::type_text(text),
            AutomationStep::click(Selector::role(SemanticRole::Button).name(text)),
            AutomationStep::click(Selector::text_contains(text)),
            AutomationStep::drag(Selector::text_contains(text), Selector::text_contains(text)),
            AutomationStep::scroll_at(Selector::text_contains(text), ScrollDirection::Up),
            wait_for(Predicate::ValueEquals(text.into()), Selector::text_contains(text), 1),
            wait_for(Predicate::TextContains(text.into()), named(SemanticRole::Cell, text), 1),
        ];
        for expected in steps {
            let shown = expected.to_string();
            if text.is_empty() && shown.contains("text~\"\"") {
                // Empty text would match every node: `text~""` is rejected,
                // as `text~` is, so these steps have no spelling.
                assert_eq!(fails(&shown).kind, ErrorKind::EmptyText, "{shown:?}");
                continue;
            }
            assert_eq!(step(&shown), expected, "{shown:?}");
            // And through a whole script, where `;` and newlines matter.
            let script = parse_script(&format!("{shown}\n{shown}; {shown}"))
                .unwrap_or_else(|e| panic!("{shown:?}: {e}"));
            assert_eq!(
                script.into_automation_steps(),
                [expected.clone(), expected.clone(), expected]
            );
        }
    }
    assert_eq!(AutomationStep::type_text("Buy milk").to_string(), "type:Buy milk");
    assert_eq!(AutomationStep::type_text("a;b").to_string(), "type:\"a;b\"");
    assert_eq!(AutomationStep::click(Selector::text_contains("x")).to_string(), "click:text~x");
    assert_eq!(
        wait_for(Predicate::ValueEquals("a,b".into()), Selector::id("s"), 5).to_string(),
        "wait-for:value=\"a,b\",#s,5"
    );
}

#[test]
fn every_key_round_trips() {
    let mut keys: Vec<KeyPress> = Vec::new();
    for character in (' '..='~').chain(['é', '€', '\u{a0}', '\t']) {
        for modifiers in [
            Modifiers::NONE,
            Modifiers::CTRL,
            Modifiers::ALT,
            Modifiers::SHIFT,
            Modifiers { ctrl: true, alt: true, shift: true },
        ] {
            keys.push(KeyPress::new(KeyCode::Char(character), modifiers));
        }
    }
    for name in KeyCode::names() {
        let key: KeyPress = name.parse().unwrap();
        keys.push(key);
        keys.push(KeyPress::new(key.code, Modifiers::CTRL));
        keys.push(KeyPress::new(key.code, Modifiers::SHIFT));
    }
    for key in keys {
        let expected = AutomationStep::key(key);
        let shown = expected.to_string();
        assert_eq!(step(&shown), expected, "{shown:?}");
        assert_eq!(
            parse_script(&shown).map(Script::into_automation_steps),
            Ok(vec![expected]),
            "{shown:?}"
        );
    }
}

#[test]
fn every_key_name_parses_in_any_case() {
    for name in KeyCode::names() {
        let expected = AutomationStep::key(name.parse::<KeyPress>().unwrap());
        assert_eq!(step(&format!("key:{name}")), expected);
        assert_eq!(step(&format!("key:{}", name.to_uppercase())), expected);
        let shifted = KeyPress::new(name.parse::<KeyPress>().unwrap().code, Modifiers::SHIFT);
        assert_eq!(step(&format!("key:Shift+{name}")), AutomationStep::key(shifted));
    }
    assert_eq!(step("key:F1"), AutomationStep::key(KeyCode::F(1)));
    assert_eq!(step("key:f12"), AutomationStep::key(KeyCode::F(12)));
    assert_eq!(step("key:Space"), AutomationStep::key(KeyPress::char(' ')));
}

#[test]
fn every_role_and_predicate_parses() {
    for &role_name in SemanticRole::ALL {
        assert_eq!(step(&format!("hover:@{role_name}")), AutomationStep::hover(role(role_name)));
        assert_eq!(
            step(&format!("wait-for:exists,@{role_name}=x,1")),
            wait_for(Predicate::Exists, named(role_name, "x"), 1)
        );
    }
    for &name in crate::wait::PredicateName::ALL {
        let spelled = match name.argument() {
            crate::wait::PredicateArgument::None | crate::wait::PredicateArgument::OptionalBool => {
                name.as_str().to_owned()
            }
            crate::wait::PredicateArgument::Text => format!("{name}=x"),
            crate::wait::PredicateArgument::Count => format!("{name}=2"),
        };
        let parsed = step(&format!("wait-for:{spelled},#a,1"));
        let AutomationStep::WaitFor { condition, .. } = parsed else { panic!("{spelled}") };
        assert_eq!(condition.predicate.name(), name);
        assert_eq!(condition.predicate.to_string(), spelled);
    }
}

/// (step, error class, the text the error points at, a piece of the message,
/// the suggestions).
fn invalid_cases() -> Vec<(&'static str, ErrorKind, &'static str, &'static str, Vec<&'static str>)>
{
    use ErrorKind::*;
    vec![
        (
            "clik:#save",
            UnknownVerb,
            "clik",
            "unknown verb `clik`; did you mean `click`, `rclick` or `mclick`?",
            vec!["click", "rclick", "mclick"],
        ),
        (
            "Click:#save",
            UnknownVerb,
            "Click",
            "did you mean `click`, `rclick` or `mclick`?",
            vec!["click", "rclick", "mclick"],
        ),
        ("tpye:x", UnknownVerb, "tpye", "did you mean `type`?", vec!["type"]),
        (
            "waitfor:exists,#a,1",
            UnknownVerb,
            "waitfor",
            "did you mean `wait-for` or `wait`?",
            vec!["wait-for", "wait"],
        ),
        ("#save", UnknownVerb, "#save", "unknown verb `#save`", vec![]),
        (":#save", UnknownVerb, ":", "missing verb before `:`", vec![]),
        ("\"click\":#x", MisplacedQuote, "\"click\"", "a verb is never quoted", vec![]),
        (
            "click #save",
            MissingColon,
            "click #save",
            "missing `:` after `click`; write `click:#save`",
            vec!["click:#save"],
        ),
        ("click", MissingArgument, "click", "`click` needs an argument: click:SELECTOR", vec![]),
        ("click:", MissingArgument, ":", "`click` needs an argument", vec![]),
        ("type:", MissingArgument, ":", "`type` needs an argument", vec![]),
        ("key", MissingArgument, "key", "`key` needs an argument", vec![]),
        ("checkpoint", MissingArgument, "checkpoint", "needs an argument", vec![]),
        ("wait-for", MissingArgument, "wait-for", "needs an argument", vec![]),
        ("drain:now", UnexpectedArgument, "now", "`drain` takes no argument; found `now`", vec![]),
        ("type:\"a\"b", TrailingInput, "b", "unexpected `b` after the quoted string", vec![]),
        (
            "type:say \"hi\"",
            MisplacedQuote,
            "\"hi\"",
            "quote the whole text",
            vec!["\"say \\\"hi\\\"\""],
        ),
        (
            "click:\"Save\"",
            InvalidSelector,
            "\"Save\"",
            "a quoted string is not a selector",
            vec!["text~\"Save\""],
        ),
        ("click:button", InvalidSelector, "button", "did you mean `@button`?", vec!["@button"]),
        ("click:save", InvalidSelector, "save", "did you mean `#save`?", vec!["#save"]),
        ("click:text=hi", InvalidSelector, "text=hi", "did you mean `text~hi`?", vec!["text~hi"]),
        ("click:!x", InvalidSelector, "!x", "`!x` is not a selector (write `#id`", vec![]),
        ("click:#", InvalidId, "#", "missing automation id after `#`", vec![]),
        ("click:#new todo", InvalidId, " ", "automation id `new todo` has ' '", vec![]),
        ("click:#save!", InvalidId, "!", "only letters, digits and `-_./:` are allowed", vec![]),
        ("click:#é", InvalidId, "é", "has 'é'", vec![]),
        ("click:#\"x\"", MisplacedQuote, "\"x\"", "an automation id is never quoted", vec![]),
        (
            "click:@buton",
            UnknownRole,
            "buton",
            "unknown role `buton`; did you mean `button`?",
            vec!["button"],
        ),
        (
            "click:@textbox=Name",
            UnknownRole,
            "textbox",
            "did you mean `text-box` or `text`?",
            vec!["text-box", "text"],
        ),
        ("click:@", UnknownRole, "@", "missing role after `@` (valid roles: application", vec![]),
        ("click:@=x", UnknownRole, "@", "missing role after `@`", vec![]),
        ("click:@button=", EmptyName, "=", "empty accessible name after `@button=`", vec![]),
        ("click:@button=   ", EmptyName, "=", "write `@button` to match any name", vec![]),
        ("click:text~", EmptyText, "text~", "empty text after `text~`", vec![]),
        ("click:text~\"\"", EmptyText, "text~\"\"", "empty text after `text~`", vec![]),
        ("click:3", MalformedPoint, "3", "`3` is not a point; write `col,row`", vec![]),
        ("click:3,", MalformedPoint, ",", "the row must be a whole number; found nothing", vec![]),
        ("click:3,x", MalformedPoint, "x", "found `x`", vec![]),
        (
            "click:70000,1",
            MalformedPoint,
            "70000",
            "the column `70000` is larger than the largest, 65535",
            vec![],
        ),
        (
            "click:1,2,3",
            MalformedPoint,
            "2,3",
            "the row must be a whole number; found `2,3`",
            vec![],
        ),
        ("key:", MissingArgument, ":", "`key` needs an argument", vec![]),
        ("key:\"\"", EmptyKey, "\"\"", "write a key name", vec![]),
        (
            "key:\"\"",
            EmptyKey,
            "\"\"",
            "the key is empty; write a key name such as `enter`",
            vec![],
        ),
        ("key:ctrl+", EmptyKey, "+", "`ctrl+` has no key after its modifiers", vec![]),
        (
            "key:entr",
            UnknownKey,
            "entr",
            "unknown key `entr`; did you mean `enter`?",
            vec!["enter"],
        ),
        ("key:ctrl+entr", UnknownKey, "entr", "did you mean `enter`?", vec!["enter"]),
        ("key:f13", UnknownKey, "f13", "unknown key `f13`", vec!["f1", "f3", "f10"]),
        (
            "key:ctl+a",
            UnknownModifier,
            "ctl",
            "unknown modifier `ctl`; did you mean `ctrl`?",
            vec!["ctrl"],
        ),
        ("key:alt+sheft+a", UnknownModifier, "sheft", "did you mean `shift`?", vec!["shift"]),
        ("key:ctrl+Ctrl+a", RepeatedModifier, "Ctrl", "modifier `ctrl` is given twice", vec![]),
        ("key:\"ctl+a\"", UnknownModifier, "\"ctl+a\"", "unknown modifier `ctl`", vec!["ctrl"]),
        ("focus:nxt", InvalidSelector, "nxt", "did you mean `next`?", vec!["next"]),
        ("focus:button", InvalidSelector, "button", "did you mean `@button`?", vec!["@button"]),
        ("focus:", MissingArgument, ":", "focus:next, focus:prev or focus:SELECTOR", vec![]),
        (
            "scroll:dwn",
            InvalidScrollDirection,
            "dwn",
            "`dwn` is not a scroll direction; did you mean `down`?",
            vec!["down"],
        ),
        ("scroll:#list,left", InvalidScrollDirection, "left", "(write `up` or `down`)", vec![]),
        (
            "scroll:#list",
            InvalidScrollDirection,
            "#list",
            "`scroll` needs a direction after the selector",
            vec!["#list,down", "#list,up"],
        ),
        ("scroll:,down", MissingSelector, ",", "missing selector", vec![]),
        ("scroll:#bad id,down", InvalidId, " ", "automation id `bad id`", vec![]),
        ("drag:#a", MissingDragTarget, "#a", "`drag` needs `>`", vec![]),
        ("drag:#a>", MissingDragTarget, ">", "missing drop target after `>`", vec![]),
        ("drag:>#b", MissingSelector, ">", "missing selector", vec![]),
        (
            "wait:25s",
            MalformedDuration,
            "25s",
            "durations are milliseconds: `25s` is `25000`",
            vec!["25000"],
        ),
        ("wait:-1", MalformedDuration, "-1", "is negative", vec![]),
        ("wait:1.5", MalformedDuration, "1.5", "`1.5` is not a duration", vec![]),
        ("wait:ms", MalformedDuration, "ms", "`ms` is not a duration", vec![]),
        ("wait:\"5\"", MisplacedQuote, "\"5\"", "a duration is never quoted", vec![]),
        (
            "sleep:99999999999999999999",
            MalformedDuration,
            "99999999999999999999",
            "is too long",
            vec![],
        ),
        (
            "resize:0x40",
            MalformedSize,
            "0",
            "the column count must be at least 1; found `0`",
            vec![],
        ),
        ("resize:120x0", MalformedSize, "0", "the row count must be at least 1", vec![]),
        (
            "resize:120x",
            MalformedSize,
            "x",
            "the row count must be a whole number; found nothing",
            vec![],
        ),
        (
            "resize:x40",
            MalformedSize,
            "x",
            "the column count must be a whole number; found nothing",
            vec![],
        ),
        ("resize:70000x40", MalformedSize, "70000", "is larger than the largest, 65535", vec![]),
        ("resize:120", MalformedSize, "120", "`120` is not a size; write COLSxROWS", vec![]),
        ("resize:120X40", MalformedSize, "120X40", "did you mean `120x40`?", vec!["120x40"]),
        ("resize:120x40x2", MalformedSize, "40x2", "found `40x2`", vec![]),
        ("resize:", MissingArgument, ":", "resize:COLSxROWS", vec![]),
        ("checkpoint:a/b", InvalidCheckpointName, "/", "checkpoint name `a/b` has '/'", vec![]),
        ("checkpoint:.hidden", InvalidCheckpointName, ".", "starts with `.`", vec![]),
        ("checkpoint:\"a b\"", InvalidCheckpointName, "\"a b\"", "has ' '", vec![]),
        (
            "download:/etc/hosts,a b",
            InvalidCheckpointName,
            " ",
            "artifact name `a b` has ' '",
            vec![],
        ),
        (
            "transform:nul,cat",
            InvalidCheckpointName,
            "nul",
            "artifact name `nul` is a device",
            vec![],
        ),
        (
            "type:${secret.A}x",
            InvalidSecret,
            "${secret.A}x",
            "has `x` after the secret's `}`",
            vec![],
        ),
        ("type:${secret.A", InvalidSecret, "${secret.A", "is not closed by `}`", vec![]),
        (
            "wait-for:exists",
            MalformedWaitFor,
            "exists",
            "`wait-for` needs a predicate, a selector and a timeout",
            vec![],
        ),
        (
            "wait-for:exists,#a",
            MissingTimeout,
            "#a",
            "`wait-for` needs a timeout after the selector, such as `wait-for:exists,#a,500`",
            vec![],
        ),
        (
            "wait-for:exists,500",
            MalformedWaitFor,
            "500",
            "missing the selector before the timeout",
            vec![],
        ),
        ("wait-for:exists,#a,", MissingTimeout, ",", "missing timeout after the last `,`", vec![]),
        ("wait-for:exists,,500", MissingSelector, ",", "missing selector", vec![]),
        ("wait-for:exists,#a,5s", MalformedDuration, "5s", "`5s` is `5000`", vec!["5000"]),
        (
            "wait-for:exist,#a,5",
            UnknownPredicate,
            "exist",
            "unknown predicate `exist`; did you mean `exists`?",
            vec!["exists"],
        ),
        (
            "wait-for:inview,#a,5",
            UnknownPredicate,
            "inview",
            "did you mean `in-view`?",
            vec!["in-view"],
        ),
        (
            "wait-for:,#a,5",
            UnknownPredicate,
            ",",
            "missing predicate (valid predicates: exists, missing",
            vec![],
        ),
        (
            "wait-for:exists=1,#a,5",
            UnexpectedPredicateValue,
            "1",
            "`exists` takes no value",
            vec!["exists"],
        ),
        ("wait-for:value,#a,5", MissingPredicateValue, "value", "write `value=ready`", vec![]),
        ("wait-for:count,#a,5", MissingPredicateValue, "count", "write `count=1`", vec![]),
        ("wait-for:count=,#a,5", MissingPredicateValue, "count=", "write `count=1`", vec![]),
        (
            "wait-for:value=,#a,5",
            EmptyText,
            "=",
            "write `value=\"\"` to wait for an empty value",
            vec![],
        ),
        ("wait-for:count=1.5,#a,5", MalformedCount, "1.5", "`1.5` is not a count", vec![]),
        ("wait-for:count=-1,#a,5", MalformedCount, "-1", "is not a count", vec![]),
        (
            "wait-for:count=99999999999999999999999,#a,5",
            MalformedCount,
            "99999999999999999999999",
            "too large",
            vec![],
        ),
        (
            "wait-for:selected=flase,#a,5",
            MalformedBool,
            "flase",
            "takes `true` or `false`",
            vec!["false"],
        ),
        ("wait-for:value=a,b,#s,5", InvalidSelector, "b,#s", "`b,#s` is not a selector", vec![]),
    ]
}

#[test]
fn every_invalid_spelling_is_located_and_explained() {
    let mut wrong = Vec::new();
    for (text, kind, at, message, suggestions) in invalid_cases() {
        let error = fails(text);
        let pointed = pointed(text, &error);
        if error.kind != kind
            || pointed != at
            || !error.message.contains(message)
            || error.suggestions != suggestions
        {
            wrong.push(format!(
                "{text:?}: {:?} at {pointed:?} suggesting {:?}: {}",
                error.kind, error.suggestions, error.message
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn unknown_names_list_what_is_valid() {
    let error = fails("clik:#save");
    assert!(error.message.contains("(valid verbs: key, type, click,"), "{error}");
    let error = fails("click:@buton");
    assert!(error.message.contains("(valid roles: application, generic,"), "{error}");
    let error = fails("wait-for:exist,#a,5");
    assert!(error.message.contains("(valid predicates: exists, missing, in-view,"), "{error}");
    let error = fails("key:entr");
    assert!(error.message.contains("(valid keys: f1, f2,"), "{error}");
}

/// Lexemes the way `scenario!` makes them: a token's characters with no
/// whitespace between tokens, string literals as `Quoted`, one location per
/// token.
fn scenario_lexemes(tokens: &[&str]) -> Vec<Located<Lexeme>> {
    let mut lexemes = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        if let Some(literal) = token.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
            lexemes.push(Located::quoted(literal, index as u32));
        } else {
            lexemes.extend(token.chars().map(|c| Located::char(c, index as u32)));
        }
    }
    lexemes
}

#[test]
fn scenario_dialect_shares_the_grammar_but_requires_quoted_text() {
    let parse = |tokens: &[&str]| parse_step_in(&scenario_lexemes(tokens), Dialect::Scenario);
    let ok = |tokens: &[&str]| parse(tokens).unwrap_or_else(|e| panic!("{tokens:?}: {e}")).step;
    assert_eq!(ok(&["click", ":", "#", "new", "-", "todo"]), step("click:#new-todo"));
    assert_eq!(ok(&["type", ":", "\"Buy milk\""]), step("type:Buy milk"));
    assert_eq!(ok(&["key", ":", "ctrl", "+", "n"]), step("key:ctrl+n"));
    assert_eq!(
        ok(&["wait-for", ":", "count", "=", "1", ",", "@", "list", "-", "item", ",", "500"]),
        step("wait-for:count=1,@list-item,500")
    );
    assert_eq!(ok(&["click", ":", "@", "button", "=", "\"Save\""]), step("click:@button=Save"));
    assert_eq!(ok(&["click", ":", "text", "~", "\"a,b\""]), step("click:text~a,b"));
    assert_eq!(ok(&["resize", ":", "120x40"]), step("resize:120x40"));
    assert_eq!(ok(&["wait", ":", "250ms"]), step("wait:250"));
    assert_eq!(ok(&["drain"]), step("drain"));
    assert_eq!(ok(&["checkpoint", ":", "added"]), step("checkpoint:added"));

    let error = parse(&["type", ":", "hello"]).unwrap_err();
    assert_eq!(error.kind, ErrorKind::BareText);
    assert_eq!(error.range, LocRange::at(Loc(2)));
    assert_eq!(error.suggestions, ["\"hello\""]);
    assert_eq!(
        error.message,
        "the text to type must be a string literal in `scenario!`: write \"hello\""
    );
    let error = parse(&["click", ":", "@", "button", "=", "Save"]).unwrap_err();
    assert_eq!((error.kind, error.range), (ErrorKind::BareText, LocRange::at(Loc(5))));
    let error = parse(&["click", ":", "text", "~", "failed"]).unwrap_err();
    assert_eq!(error.kind, ErrorKind::BareText);
    let error =
        parse(&["wait-for", ":", "value", "=", "ready", ",", "#", "s", ",", "5"]).unwrap_err();
    assert_eq!((error.kind, error.range), (ErrorKind::BareText, LocRange::at(Loc(4))));
    // Other errors point at token indices.
    let error = parse(&["click", ":", "#", "new", "-", "todo", "!"]).unwrap_err();
    assert_eq!((error.kind, error.range), (ErrorKind::InvalidId, LocRange::at(Loc(6))));
    let error = parse(&["clik", ":", "#", "a"]).unwrap_err();
    assert_eq!((error.kind, error.range), (ErrorKind::UnknownVerb, LocRange::at(Loc(0))));
}

#[test]
fn facts_locate_ids_roles_keys_and_checkpoints() {
    let parsed = parse_step_str("drag:#card-1>@list=Done").unwrap();
    assert_eq!(parsed.facts.verb, Verb::Drag);
    assert_eq!(parsed.facts.verb_range, LocRange::new(Loc(0), Loc(3)));
    assert_eq!(parsed.facts.range, LocRange::new(Loc(0), Loc(22)));
    let [from, to] = &parsed.facts.selectors[..] else { panic!("{:?}", parsed.facts) };
    assert_eq!(from.slot, SelectorSlot::DragFrom);
    assert_eq!(from.range, LocRange::new(Loc(5), Loc(11)));
    assert_eq!(from.id, Some(Spanned::new("card-1".to_owned(), LocRange::new(Loc(6), Loc(11)))));
    assert_eq!(to.slot, SelectorSlot::DragTo);
    assert_eq!(to.role, Some(Spanned::new(SemanticRole::List, LocRange::new(Loc(14), Loc(17)))));
    assert_eq!(to.selector, named(SemanticRole::List, "Done"));

    let parsed = parse_step_str("key: ctrl+n").unwrap();
    assert_eq!(parsed.facts.key.unwrap().range, LocRange::new(Loc(5), Loc(10)));
    let parsed = parse_step_str("checkpoint:saved").unwrap();
    assert_eq!(parsed.facts.checkpoint.unwrap().value, "saved");
    let parsed = parse_step_str("wait-for:exists,#a,5").unwrap();
    assert_eq!(parsed.facts.selectors[0].slot, SelectorSlot::WaitFor);
    assert_eq!(parse_step_str("focus:next").unwrap().facts.selectors, []);
    assert_eq!(
        parse_step_str("click:@button").unwrap().facts.selectors[0].slot.required_action(),
        Some(crate::action::SemanticAction::Click)
    );
}

#[test]
fn empty_input_is_an_empty_step() {
    assert_eq!(parse_step(&[]).unwrap_err().kind, ErrorKind::EmptyStep);
    assert_eq!(parse_step(&chars("   ", 0)).unwrap_err().kind, ErrorKind::EmptyStep);
}
