//! `scenario!` on `proc_macro2` tokens: splitting, lexing, errors and the
//! expansion, without a compiler. The spans and rendering of errors, and the
//! `const` assertions' messages, are covered by `ui-tests/`.

use std::str::FromStr;

use proc_macro2::TokenStream;
use rehearse_lang::script::{Dialect, parse_step_in};
use rehearse_lang::{AutomationStep, KeyCode, KeyPress, Modifiers, Selector};

use super::{lex, lower, parse, scenario};
use crate::ctxt::Ctxt;
use crate::test_support::{compile_errors as errors, has, spaced, tokens};

/// The input's steps with their spellings, or every error message.
fn steps(input: TokenStream) -> Result<Vec<(AutomationStep, String)>, Vec<String>> {
    let cx = Ctxt::new();
    let mut input = lex::Input::from_tokens(&cx, input);
    let parsed = parse::parse_and_check(&cx, &mut input);
    match cx.check() {
        Ok(()) => Ok(input
            .steps
            .iter()
            .zip(parsed)
            .map(|(raw, parsed)| (parsed.expect("parsed").step, raw.spelling.clone()))
            .collect()),
        Err(error) => Err(error.into_iter().map(|error| error.to_string()).collect()),
    }
}

fn one_error(input: TokenStream) -> String {
    match steps(input) {
        Ok(steps) => panic!("parsed: {steps:?}"),
        Err(errors) => {
            assert_eq!(errors.len(), 1, "{errors:#?}");
            errors.into_iter().next().unwrap()
        }
    }
}

#[test]
fn steps_lower_like_the_script_language() {
    let parsed = steps(tokens! {
        click:#save;
        type:"milk";
        wait-for:text="milk",#list,500;
        key:ctrl+shift+z;
        resize:120x40;
        wait:100ms;
        click:#status/line:1;
        drag:text~"a>b">#bin;
    })
    .unwrap();
    let spellings: Vec<&str> = parsed.iter().map(|(_, spelling)| spelling.as_str()).collect();
    assert_eq!(
        spellings,
        [
            "click:#save",
            r#"type:"milk""#,
            r#"wait-for:text="milk",#list,500"#,
            "key:ctrl+shift+z",
            "resize:120x40",
            "wait:100ms",
            "click:#status/line:1",
            r#"drag:text~"a>b">#bin"#,
        ]
    );
    assert_eq!(parsed[0].0, AutomationStep::click(Selector::id("save")));
    assert_eq!(parsed[1].0, AutomationStep::type_text("milk"));
    assert_eq!(
        parsed[3].0,
        AutomationStep::key(KeyPress::new(
            KeyCode::Char('z'),
            Modifiers { ctrl: true, alt: false, shift: true }
        ))
    );
    assert_eq!(parsed[4].0, AutomationStep::resize(120, 40));
    // The spelling is script syntax: it parses back to the same step.
    for (step, spelling) in &parsed {
        let lexed = rehearse_lang::script::lex_step(spelling).unwrap();
        assert_eq!(&parse_step_in(&lexed, Dialect::Script).unwrap().step, step, "{spelling}");
    }
}

#[test]
fn string_literals_are_quoted_text_and_escapes_are_rust_escapes() {
    let parsed = steps(tokens! {
        type:"say \"hi\"\n";
        type:r"raw \d";
        key:";";
        click:@button="Save; as";
    })
    .unwrap();
    assert_eq!(parsed[0].0, AutomationStep::type_text("say \"hi\"\n"));
    assert_eq!(parsed[0].1, r#"type:"say \"hi\"\n""#);
    assert_eq!(parsed[1].0, AutomationStep::type_text("raw \\d"));
    assert_eq!(parsed[1].1, r#"type:"raw \\d""#);
    assert_eq!(parsed[2].0, AutomationStep::key(KeyPress::char(';')));
    assert_eq!(parsed[3].1, r#"click:@button="Save; as""#);
}

#[test]
fn every_mistake_of_one_call_is_reported_in_order() {
    let errors = steps(tokens! {
        clik:#save;
        key:entr;
        resize:0x40;
        type:hello;
        wait-for:exists,#status;
        checkpoint:a;
        checkpoint:a;
    })
    .unwrap_err();
    assert_eq!(errors.len(), 6, "{errors:#?}");
    assert!(errors[0].starts_with("unknown verb `clik`; did you mean `click`"), "{}", errors[0]);
    assert!(errors[1].starts_with("unknown key `entr`; did you mean `enter`?"), "{}", errors[1]);
    assert_eq!(errors[2], "the column count must be at least 1; found `0`");
    assert_eq!(
        errors[3],
        r#"the text to type must be a string literal in `scenario!`: write "hello""#
    );
    assert!(errors[4].starts_with("`wait-for` needs a timeout"), "{}", errors[4]);
    // The related place is named (the line is only known inside rustc).
    assert!(errors[5].ends_with("(see `checkpoint:a`)"), "{}", errors[5]);
}

#[test]
fn checks_run_across_steps_and_across_unparsed_ones() {
    let error = one_error(tokens! { click:@button; type:"x"; });
    assert!(error.starts_with("`type` types into the focused node"), "{error}");
    // A step that did not parse makes focus unknown: one error, not two.
    let errors = steps(tokens! { click:@button; clik:#x; type:"x"; }).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let error = one_error(tokens! { click:@progress-bar; });
    assert!(error.contains("a `progress-bar` supports no actions"), "{error}");
}

#[test]
fn suggestions_missing_from_the_message_are_added() {
    let input = lex::Input {
        app: None,
        plane: None,
        steps: Vec::new(),
        spans: Vec::new(),
        holes_seen: 0,
        dir: None,
    };
    let error = rehearse_lang::script::GrammarError::new(
        rehearse_lang::script::ErrorKind::UnknownRole,
        rehearse_lang::script::LocRange::default(),
        "unknown role",
    )
    .with_suggestions(["button", "unknown role"]);
    assert_eq!(parse::message(&input, &error), "unknown role; did you mean `button`?");
}

#[test]
fn the_header_comes_first_and_steps_end_with_semicolons() {
    let cx = Ctxt::new();
    let input = lex::Input::from_tokens(&cx, tokens! { app = todo::TodoApp; drain; });
    cx.check().unwrap();
    assert_eq!(input.app.as_ref().unwrap().written, "todo::TodoApp");
    assert_eq!(input.steps.len(), 1);

    let error = one_error(tokens! { drain; app = TodoApp; });
    assert_eq!(error, "the `app = ...;` header must come first, before every step");
    let error = one_error(tokens! { app = ; drain; });
    assert!(error.starts_with("missing the app type after `app =`"), "{error}");
    let error = one_error(tokens! { app = 3; });
    assert!(error.starts_with("the app after `app =` must be a type"), "{error}");
    let error = one_error(tokens! { click:#a; drain });
    assert_eq!(error, "missing `;` after the last step; every step of `scenario!` ends with `;`");
    // Empty steps are skipped, as blank lines are in scripts.
    assert_eq!(steps(tokens! { ;; drain;; }).unwrap().len(), 1);
    assert_eq!(steps(tokens! {}).unwrap().len(), 0);
    let error = one_error(tokens! { type:"x"suffix; });
    assert!(error.starts_with("a string literal with the suffix `suffix`"), "{error}");
}

#[test]
fn an_app_without_a_type_names_its_ids_module() {
    let cx = Ctxt::new();
    let input = lex::Input::from_tokens(&cx, tokens! { ids = countdown::ids; drain; });
    cx.check().unwrap();
    let app = input.app.as_ref().unwrap();
    assert_eq!(app.written, "countdown::ids");
    assert!(matches!(app.source, lex::Declarations::Ids(_)));

    let error = one_error(tokens! { ids = ; drain; });
    assert!(error.starts_with("missing the module after `ids =`"), "{error}");
    let error = one_error(tokens! { ids = 3; });
    assert!(error.starts_with("the ids after `ids =` must be a module path"), "{error}");
    let error = one_error(tokens! { app = App; ids = app::ids; drain; });
    assert!(error.starts_with("give one of `app = Type;` and `ids = module;`"), "{error}");
}

#[test]
fn types_are_written_without_token_spacing() {
    let written = |tokens: TokenStream| crate::tokens::written(tokens);
    assert_eq!(written(tokens! { a::b::App }), "a::b::App");
    assert_eq!(written(tokens! { App<'static, u8> }), "App<'static,u8>");
    assert_eq!(written(tokens! { <A as B>::C }), "<A as B>::C");
}

#[test]
fn the_expansion_is_a_scenario_of_constructor_calls() {
    let expansion = scenario(tokens! { click:#save; wait:250; }, None);
    let text = spaced(expansion.clone());
    assert!(
        text.contains(
            "step_at ( :: rehearse :: AutomationStep :: click ( :: rehearse :: Selector :: id ( \"save\" ) ) , \"click:#save\" , :: core :: file ! ( ) , :: core :: line ! ( ) , :: core :: column ! ( ) )"
        ),
        "{text}"
    );
    assert!(text.contains(":: core :: time :: Duration :: from_millis ( 250 )"), "{text}");
    assert!(!text.contains("APP_IDS"), "no assertions without `app =`");
    assert!(errors(&expansion).is_empty());
    // Nothing is parsed at run time: no script text is in the expansion.
    assert!(!text.contains("parse"), "{text}");
}

#[test]
fn with_an_app_every_id_and_key_gets_an_assertion() {
    let expansion =
        scenario(tokens! { app = TodoApp; click:#save; drag:#a>#b; key:f6; drain; }, None);
    let text = spaced(expansion);
    assert!(
        has(
            &text,
            "const APP_IDS : :: rehearse :: AutomationIds = < TodoApp as :: rehearse :: DeclaresIds > :: AUTOMATION_IDS ;"
        ),
        "{text}"
    );
    assert_eq!(text.matches("undeclared_id_message").count(), 3, "{text}");
    for id in ["\"save\"", "\"a\"", "\"b\""] {
        assert!(text.contains(&format!("declared , {id} , \"TodoApp\"")), "{id}: {text}");
    }
    assert_eq!(text.matches("refuses_key").count(), 1);
    assert!(text.contains("`TodoApp` refuses `f6` in automation"), "{text}");
    assert_eq!(text.matches("declares no automation ids").count(), 1, "once per call");
    // Keys alone need no declared ids.
    let keys_only = spaced(scenario(tokens! { app = TodoApp; key:f6; }, None));
    assert!(!keys_only.contains("declares no automation ids"), "{keys_only}");
}

#[test]
fn an_input_with_errors_still_expands_to_an_empty_scenario() {
    let expansion = scenario(tokens! { app = App; click:#save; clik:#x; }, None);
    assert_eq!(errors(&expansion).len(), 1);
    let text = spaced(expansion);
    assert!(text.ends_with(":: rehearse :: Scenario :: new ( ) }"), "{text}");
    assert!(!text.contains("step_at"), "{text}");
    // The steps that parsed are still checked against the app.
    assert!(text.contains("undeclared_id_message"), "{text}");
}

#[test]
fn every_step_kind_lowers_to_its_constructor() {
    let cases = [
        (
            "rclick:3,4",
            "AutomationStep :: right_click ( :: rehearse :: Selector :: point ( 3 , 4 ) )",
        ),
        (
            "mclick:@tab=Logs",
            "middle_click ( :: rehearse :: Selector :: role ( :: rehearse :: SemanticRole :: Tab ) . name ( \"Logs\" ) )",
        ),
        ("hover:text~Help", "hover ( :: rehearse :: Selector :: text_contains ( \"Help\" ) )"),
        ("focus:next", "focus_next ( )"),
        ("focus:prev", "focus_prev ( )"),
        ("focus:#name", "focus ( :: rehearse :: Selector :: id ( \"name\" ) )"),
        ("scroll:down", "scroll ( :: rehearse :: __private :: ScrollDirection :: Down )"),
        (
            "scroll:#list,up",
            "scroll_at ( :: rehearse :: Selector :: id ( \"list\" ) , :: rehearse :: __private :: ScrollDirection :: Up )",
        ),
        (
            "drag:@slider>40,2",
            "drag ( :: rehearse :: Selector :: role ( :: rehearse :: SemanticRole :: Slider ) , :: rehearse :: Selector :: point ( 40 , 2 ) )",
        ),
        ("sleep:20", "sleep ( :: core :: time :: Duration :: from_millis ( 20 ) )"),
        ("drain", "drain ( )"),
        ("checkpoint:editor", "checkpoint ( \"editor\" )"),
        (
            "key:a",
            "key ( :: rehearse :: KeyPress { code : :: rehearse :: KeyCode :: Char ( 'a' ) , modifiers : :: rehearse :: Modifiers { ctrl : false , alt : false , shift : false } , } )",
        ),
        ("key:pagedown", "code : :: rehearse :: KeyCode :: PageDown ,"),
        (
            "key:alt+f4",
            "code : :: rehearse :: KeyCode :: F ( 4 ) , modifiers : :: rehearse :: Modifiers { ctrl : false , alt : true , shift : false }",
        ),
        (
            "wait-for:selected=false,#x,0",
            "WaitCondition :: new ( :: rehearse :: Predicate :: Selected ( false ) , :: rehearse :: Selector :: id ( \"x\" ) ) , :: core :: time :: Duration :: from_millis ( 0 ) ,",
        ),
        (
            "wait-for:value=ready,#s,1",
            ":: rehearse :: Predicate :: ValueEquals ( :: std :: string :: String :: from ( \"ready\" ) )",
        ),
        (
            "wait-for:text=ok,#s,1",
            ":: rehearse :: Predicate :: TextContains ( :: std :: string :: String :: from ( \"ok\" ) )",
        ),
        ("wait-for:count=3,@list-item,1", ":: rehearse :: Predicate :: Count ( 3 )"),
        ("wait-for:missing,#s,1", ":: rehearse :: Predicate :: Missing"),
        ("wait-for:in-view,#s,1", ":: rehearse :: Predicate :: InView"),
        ("wait-for:focused,#s,1", ":: rehearse :: Predicate :: Focused"),
        ("wait-for:enabled,#s,1", ":: rehearse :: Predicate :: Enabled"),
        ("wait-for:disabled,#s,1", ":: rehearse :: Predicate :: Disabled"),
        ("wait-for:exists,#s,1", ":: rehearse :: Predicate :: Exists"),
        ("wait-for:value=/^ok$/i,#s,1", ":: rehearse :: Predicate :: ValueMatches"),
        ("wait-for:value=/^ok$/i,#s,1", "TextRegex :: new ( \"^ok$\" )"),
        ("wait-for:value=/^ok$/i,#s,1", ". ignoring_case ( )"),
        ("wait-for:text=/ok/,#s,1", ":: rehearse :: Predicate :: TextMatches"),
        (
            "wait-for:checked=mixed,#s,1",
            ":: rehearse :: Predicate :: Checked ( :: rehearse :: __private :: Checked :: Mixed )",
        ),
        ("wait-for:expanded=false,#s,1", ":: rehearse :: Predicate :: Expanded ( false )"),
        ("wait-for:readonly,#s,1", ":: rehearse :: Predicate :: ReadOnly ( true )"),
        ("wait-for:modal,#s,1", ":: rehearse :: Predicate :: Modal ( true )"),
        ("wait-for:scroll=0,#s,1", ":: rehearse :: Predicate :: ScrollOffset ( 0 )"),
        ("wait-for:scroll-extent=40,#s,1", ":: rehearse :: Predicate :: ScrollExtent ( 40 )"),
        (
            "wait-for:fg=red,text~\"E\",1",
            ":: rehearse :: Predicate :: Style ( :: rehearse :: __private :: StyleCheck :: Fg ( :: rehearse :: __private :: StyleColor :: Ansi ( :: rehearse :: __private :: AnsiColor :: Red ) ) )",
        ),
        ("wait-for:bg=#1e1e2e,#s,1", ":: StyleColor :: Rgb (30 , 30 , 46)"),
        ("wait-for:fg=idx196,#s,1", ":: StyleColor :: Indexed (196)"),
        ("wait-for:bg=default,#s,1", ":: StyleColor :: Default"),
        ("wait-for:italic=false,#s,1", ":: StyleAttribute :: Italic , false ,"),
        ("wait-for:visible,cursor,1", ":: TerminalCondition :: CursorVisible (true)"),
        ("wait-for:at=3x4,cursor,1", ":: TerminalCondition :: CursorAt { col : 3 , row : 4 }"),
        ("click:text~/a\\d/", ":: rehearse :: Selector :: text_matches"),
        ("click:text~/a\\d/", "TextRegex :: new ( \"a\\\\d\" )"),
        ("click:@button=/Sav/i", ". name_matching"),
        ("click:@button=/Sav/i", "TextRegex :: new ( \"Sav\" )"),
    ];
    for (script, expected) in cases {
        let step = rehearse_lang::script::parse_step_str(script).unwrap().step;
        let lowered = spaced(lower::lower_step(&step).unwrap());
        assert!(has(&lowered, expected), "{script}:\n{lowered}\nlacks\n{expected}");
    }
}

#[test]
fn tokens_of_every_kind_lex_to_their_characters() {
    // Groups keep their delimiters, so they reach the grammar (and its
    // errors) as written.
    let error = one_error(TokenStream::from_str("click:(#save);").unwrap());
    assert!(error.starts_with("`(#save)` is not a selector"), "{error}");
    // A character literal is not a key name.
    let error = one_error(TokenStream::from_str("key:'a';").unwrap());
    assert!(error.starts_with("unknown key `'a'`"), "{error}");
    let parsed = steps(TokenStream::from_str("wait-for:exists,3,4,500; key:7;").unwrap()).unwrap();
    assert_eq!(parsed[1].0, AutomationStep::key(KeyPress::char('7')));
}

#[test]
fn a_doc_comment_is_reported_as_a_comment_and_left_out() {
    let input =
        TokenStream::from_str("/// add a todo\nclick:#new-todo;\n//! inner\ndrain;").unwrap();
    let cx = Ctxt::new();
    let input = lex::Input::from_tokens(&cx, input);
    let spellings: Vec<&str> = input.steps.iter().map(|step| step.spelling.as_str()).collect();
    assert_eq!(spellings, ["click:#new-todo", "drain"]);
    let errors: Vec<String> = cx.check().unwrap_err().into_iter().map(|e| e.to_string()).collect();
    assert_eq!(errors.len(), 2, "{errors:#?}");
    for error in errors {
        assert!(error.contains("comments inside `scenario!` are `//`"), "{error}");
        assert!(!error.contains("never quoted"), "{error}");
    }
}

#[test]
fn a_use_of_a_missing_file_is_an_error_naming_it() {
    let errors = steps(tokens! { use:"no/such/file.steps"; drain; }).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("in `use:no/such/file.steps`: "), "{}", errors[0]);
    assert!(
        errors[0].contains("cannot read") && errors[0].contains("no/such/file.steps"),
        "{}",
        errors[0]
    );
}
