//! `automation_ids!` on `proc_macro2` tokens: parsing, every check and the
//! expansion, without a compiler. Spans and rendering are covered by
//! `ui-tests/fail/ids/`.

use std::str::FromStr;

use proc_macro2::TokenStream;

use super::{ast, automation_ids, validate};
use crate::ctxt::Ctxt;
use crate::test_support::{has, spaced, tokens};

/// Every error message of `input`, in order (empty when it is valid).
fn errors(input: TokenStream) -> Vec<String> {
    let cx = Ctxt::new();
    match ast::Input::from_tokens(&cx, input) {
        Ok(parsed) => {
            validate::check(&cx, &parsed);
        }
        Err(error) => cx.push(error),
    }
    match cx.check() {
        Ok(()) => Vec::new(),
        Err(error) => error.into_iter().map(|error| error.to_string()).collect(),
    }
}

#[test]
fn a_valid_declaration_has_no_errors() {
    let input = tokens! {
        /// The todo app's ids.
        pub mod ids for TodoApp {
            /// The field.
            NEW_TODO = "new-todo";
            LIST = "todos";
            fn item = "item-{n}";
            fn cell = "row-{n}-col-{n}";
            fn tab = "tab:{name}";
            refuse f6, ctrl+p, ";";
            widget SaveButton;
        }
    };
    assert_eq!(errors(input), Vec::<String>::new());
}

#[test]
fn the_expansion_declares_constants_families_and_the_declarations() {
    let expansion = spaced(automation_ids(tokens! {
        /// Ids.
        pub mod ids for TodoApp {
            NEW_TODO = "new-todo";
            fn cell = "row-{n}-col-{n}";
            fn tab = "tab:{name}";
            refuse f6;
            widget SaveButton;
        }
    }));
    assert!(
        has(
            &expansion,
            r#"# [doc = " The automation id `new-todo`."] pub const NEW_TODO : & str = "new-todo" ;"#
        ),
        "{expansion}"
    );
    assert!(
        has(
            &expansion,
            "pub fn cell ( n1 : impl :: core :: fmt :: Display , n2 : impl :: core :: fmt :: Display ) -> :: std :: string :: String"
        ),
        "{expansion}"
    );
    assert!(has(&expansion, r#":: std :: format ! ( "row-{}-col-{}" , n1 , n2 )"#), "{expansion}");
    assert!(
        has(
            &expansion,
            r#":: rehearse :: __private :: matches_declared ( "row-{n}-col-{n}" , & id )"#
        ),
        "{expansion}"
    );
    assert!(has(&expansion, "pub fn tab ( name : impl :: core :: fmt :: Display )"), "{expansion}");
    assert!(has(&expansion, r#"const IDS : & [ & str ] ="#), "{expansion}");
    assert!(
        has(
            &expansion,
            r#""new-todo" , "row-{n}-col-{n}" , "tab:{name}" , match < SaveButton as :: rehearse :: Semantic > :: AUTOMATION_ID"#
        ),
        "{expansion}"
    );
    assert!(has(&expansion, "const REFUSED : & [ :: rehearse :: KeyPress ] ="), "{expansion}");
    assert!(has(&expansion, "code : :: rehearse :: KeyCode :: F ( 6 ) ,"), "{expansion}");
    assert!(
        has(&expansion, ":: rehearse :: AutomationIds :: new ( IDS ) . refusing ( REFUSED )"),
        "{expansion}"
    );
    // Widgets resolve in the caller's scope; their ids are checked for
    // duplicates, and `for App` checks the wiring, next to the module.
    assert!(has(&expansion, "# [allow (unused_imports)] use super :: * ;"), "{expansion}");
    assert!(
        has(
            &expansion,
            ":: rehearse :: __private :: first_duplicate :: < 4 > ( declared . entries ( ) )"
        ),
        "{expansion}"
    );
    assert!(
        has(
            &expansion,
            "let app = < TodoApp as :: rehearse :: DeclaresIds > :: AUTOMATION_IDS ; let declared = ids :: DECLARED ;"
        ),
        "{expansion}"
    );
    assert!(expansion.contains("`TodoApp` does not use `ids::DECLARED`"), "{expansion}");
    // Generated docs say what each family function takes.
    assert!(expansion.contains("The automation id `row-{n}-col-{n}` for `n1` (one or more digits) and `n2` (one or more digits)."), "{expansion}");
}

#[test]
fn without_widgets_or_an_app_there_are_no_assertions_or_imports() {
    let expansion = spaced(automation_ids(tokens! { mod ids { A = "a"; } }));
    assert!(!expansion.contains("super"), "{expansion}");
    assert!(!expansion.contains("const _"), "{expansion}");
    assert!(expansion.contains("Automation ids declared with `rehearse::automation_ids!`."));
}

#[test]
fn ids_and_patterns_follow_the_id_rules() {
    let found = errors(tokens! {
        mod ids {
            SPACE = "new todo";
            EMPTY = "";
            LONG = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
            ITEM = "item-{n}";
            fn plain = "item";
            fn unknown = "item-{i}";
            fn open = "item-{n";
            fn bad = "it em-{n}";
        }
    });
    assert_eq!(found.len(), 8, "{found:#?}");
    assert_eq!(
        found[0],
        "invalid automation id: automation id has ' ' at byte 3; only letters, digits and `-_./:` are allowed"
    );
    assert!(found[1].contains("automation id is empty"), "{}", found[1]);
    assert!(found[2].contains("129 bytes long; the limit is 128"), "{}", found[2]);
    assert_eq!(
        found[3],
        "`item-{n}` is a family (it has a placeholder); declare it as `fn item = \"item-{n}\";`"
    );
    assert!(found[4].starts_with("`item` has no placeholder"), "{}", found[4]);
    assert!(found[5].starts_with("unknown placeholder `{i}` in `item-{i}`"), "{}", found[5]);
    assert!(found[6].starts_with("unknown placeholder `{n` in `item-{n`"), "{}", found[6]);
    assert!(found[7].contains("' ' at byte 2"), "{}", found[7]);
}

#[test]
fn duplicates_are_reported_on_the_second() {
    let found = errors(tokens! {
        mod ids {
            SAVE = "save";
            SAVE = "save-as";
            OTHER = "save";
            fn item = "item-{n}";
            fn row = "item-{n}";
            fn SAVE2 = "s-{n}";
            DECLARED = "declared";
            refuse f6, F6;
        }
    });
    assert_eq!(
        found,
        [
            "the name `SAVE` is declared twice (first as a constant)",
            "automation id `save` is declared twice (first as `SAVE`)",
            "automation id `item-{n}` is declared twice (first as `fn item`)",
            "`DECLARED` is the name `automation_ids!` gives the declarations; choose another",
            "`f6` is refused twice (first as `f6`)",
        ]
    );
}

#[test]
fn keys_are_checked_with_the_key_grammar() {
    let found = errors(tokens! { mod ids { refuse f66, ctl+s, ctrl+; refuse; } });
    // Entries are parsed first, then checked.
    assert_eq!(found.len(), 4, "{found:#?}");
    assert_eq!(found[0], "`refuse` needs at least one key, such as `refuse f6;`");
    assert!(found[1].starts_with("`refuse`: unknown key `f66`; did you mean `f6`"), "{}", found[1]);
    assert!(found[2].starts_with("`refuse`: unknown modifier `ctl`; did you mean `ctrl`?"));
    assert_eq!(found[3], "`refuse`: empty key; write a key name such as `enter`, `f5` or `ctrl+n`");
}

#[test]
fn malformed_entries_are_reported_and_the_rest_still_checked() {
    let found = errors(tokens! {
        mod ids {
            SAVE "save";
            fn = "x-{n}";
            widget;
            12;
            OK = "ok";
            BAD = "b d";
            LAST = "last"
        }
    });
    assert_eq!(found.len(), 6, "{found:#?}");
    assert!(found[0].starts_with("expected an entry"), "{}", found[0]);
    assert!(found[1].starts_with("expected identifier"), "{}", found[1]);
    assert!(found[2].starts_with("unexpected end of input"), "{}", found[2]);
    assert!(found[3].starts_with("expected an entry"), "{}", found[3]);
    assert_eq!(found[4], "missing `;` after this entry");
    assert!(found[5].contains("' ' at byte 1"), "{}", found[5]);
    let found = errors(tokens! { pub ids { } });
    assert!(found[0].starts_with("expected `mod NAME { ... }`"), "{found:?}");
    let found = errors(tokens! { mod ids { } extra });
    assert_eq!(found, ["unexpected tokens after the module's `{ ... }`"]);
    let found = errors(tokens! { mod ids { SAVE = save; } });
    assert_eq!(found, ["an automation id is a string literal, such as \"save\""]);
}

#[test]
fn an_input_with_errors_keeps_its_valid_names() {
    let expansion = spaced(automation_ids(tokens! {
        mod ids for App { SAVE = "save"; BAD = "b d"; fn item = "item-{n}"; }
    }));
    assert!(expansion.contains("compile_error"), "{expansion}");
    assert!(has(&expansion, r#"pub const SAVE : & str = "save" ;"#), "{expansion}");
    assert!(!expansion.contains("BAD"), "{expansion}");
    assert!(has(&expansion, r#"& [ "save" , "item-{n}" ]"#), "{expansion}");
    assert!(!expansion.contains("does not use"), "no wiring check on error: {expansion}");
}
