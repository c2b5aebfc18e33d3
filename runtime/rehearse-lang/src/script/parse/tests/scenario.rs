//! The `scenario!` dialect: the same grammar over the macro's tokens, but
//! free text must be a string literal; errors point at token indices.

use crate::script::*;

use super::support::step;

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
