//! Every invalid spelling is located (the text the error points at) and
//! explained (its class, message and suggestions); unknown names list what is
//! valid.

use crate::script::*;

use super::support::{fails, pointed};

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
            "wait-for:text~\"X\",#a,0",
            UnknownPredicate,
            "text~",
            "`text~` is a selector, not a predicate; to wait until a node's text contains \"X\", write `text=\"X\"`",
            vec!["text=\"X\""],
        ),
        (
            "wait-for:text~Saved,#a,0",
            UnknownPredicate,
            "text~",
            "write `text=\"Saved\"` and then the node's selector",
            vec!["text=\"Saved\""],
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
