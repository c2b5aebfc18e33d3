//! The derive on `proc_macro2` tokens: parse, validate and expand without a
//! compiler. Spans and the exact rendering of errors are covered by the
//! trybuild suite in `ui-tests/`.

use proc_macro2::TokenStream;
use quote::quote;
use rehearse_lang::{SemanticAction, SemanticRole, Sensitivity, StateName};

use super::{ast, attr, semantic, validate};
use crate::ctxt::Ctxt;
use crate::test_support::{compile_errors as errors, flat};

fn parse_and_validate(input: TokenStream) -> Result<String, Vec<String>> {
    let input: syn::DeriveInput = syn::parse2(input).expect("valid Rust");
    let cx = Ctxt::new();
    let parsed = ast::Input::from_syn(&cx, &input);
    if let Some(parsed) = &parsed {
        validate::check(&cx, parsed);
    }
    match cx.check() {
        Ok(()) => Ok(super::expand::expand(&parsed.expect("parsed")).to_string()),
        Err(error) => Err(error.into_iter().map(|error| error.to_string()).collect()),
    }
}

/// Names the expansion uses that must always be reached by an absolute path.
const HELPERS: [&str; 7] = [
    "SemanticFacts",
    "SemanticRole",
    "Sensitivity",
    "SemanticAction",
    "ActionSet",
    "AutomationIdSource",
    "with_automation_id",
];

/// Every helper name is preceded by `:: rehearse :: __private ::`.
fn assert_fully_qualified(expansion: &TokenStream) {
    let tokens = flat(expansion.clone());
    for (index, token) in tokens.iter().enumerate() {
        if HELPERS.contains(&token.as_str()) {
            assert!(index >= 8, "`{token}` at the start");
            let prefix = tokens[index - 8..index].join(" ");
            assert_eq!(prefix, ": : rehearse : : __private : :", "bare `{token}`");
        }
        if token == "Option" {
            let prefix = tokens[index - 8..index].join(" ");
            assert_eq!(prefix, ": : core : : option : :", "bare `Option`");
        }
        if token == "Some" {
            assert_eq!(tokens[index - 3], "Option", "bare `Some`");
        }
    }
    assert!(!tokens.iter().any(|token| token == "use"), "the expansion imports nothing");
    assert!(!tokens.iter().any(|token| token == "let"), "the expansion binds no locals");
}

#[test]
fn expands_a_checkbox_with_every_kind_of_fact() {
    let expansion = semantic(quote! {
        #[semantic(role = checkbox, id = "done", actions = [click, toggle])]
        struct DoneToggle<'a> {
            #[semantic(name)]
            label: &'a str,
            #[semantic(checked)]
            done: bool,
            #[semantic(focused)]
            focus: bool,
            ignored: u8,
        }
    });
    assert!(errors(&expansion).is_empty(), "{expansion}");
    assert_fully_qualified(&expansion);
    let text = expansion.to_string();
    assert!(text.contains("impl < 'a > :: rehearse :: Semantic for DoneToggle < 'a >"), "{text}");
    assert!(text.contains(":: rehearse :: __private :: SemanticFacts :: new"), "{text}");
    assert!(text.contains(":: rehearse :: __private :: SemanticRole :: Checkbox"), "{text}");
    assert!(
        text.contains(
            "const AUTOMATION_ID : :: core :: option :: Option < & 'static str > = :: core :: \
             option :: Option :: Some (\"done\")"
        ),
        "{text}"
    );
    assert!(text.contains(". automation_id (\"done\")"), "{text}");
    assert!(text.contains(". label (& self . label)"), "{text}");
    assert!(text.contains(". checked (self . done)"), "{text}");
    assert!(text.contains(". focused (self . focus)"), "{text}");
    assert!(
        text.contains(
            ":: rehearse :: __private :: SemanticAction :: Click , :: rehearse :: __private :: \
             SemanticAction :: Toggle"
        ),
        "{text}"
    );
    assert!(!text.contains("ignored"), "unannotated fields publish nothing: {text}");
}

#[test]
fn omits_the_constant_without_a_static_id_and_defaults_to_generic() {
    let text = parse_and_validate(quote! { struct Plain; }).unwrap();
    assert!(!text.contains("AUTOMATION_ID"), "{text}");
    assert!(text.contains("SemanticRole :: Generic"), "{text}");
}

#[test]
fn sensitivity_of_the_struct_or_the_field_reaches_the_value() {
    let on_struct = parse_and_validate(quote! {
        #[semantic(role = text-box, masked)]
        struct Password { #[semantic(value)] secret: String }
    })
    .unwrap();
    assert!(
        on_struct.contains(
            ". value (& self . secret , :: rehearse :: __private :: Sensitivity :: Masked)"
        ),
        "{on_struct}"
    );
    let on_field = parse_and_validate(quote! {
        #[semantic(role = "text-box")]
        struct Token(#[semantic(value, sensitive)] String);
    })
    .unwrap();
    assert!(on_field.contains("Sensitivity :: Sensitive"), "{on_field}");
    assert!(on_field.contains("SemanticRole :: TextBox"), "{on_field}");
    let public = parse_and_validate(quote! {
        struct Plain { #[semantic(value)] text: String }
    })
    .unwrap();
    assert!(public.contains("Sensitivity :: Public"), "{public}");
}

#[test]
fn a_dynamic_id_goes_through_the_private_helper() {
    let expansion = semantic(quote! {
        #[semantic(role = list-item)]
        struct Item { #[semantic(id)] id: Option<String> }
    });
    assert_fully_qualified(&expansion);
    let text = expansion.to_string();
    assert!(text.contains(":: rehearse :: __private :: with_automation_id ("), "{text}");
    assert!(text.contains(", & self . id)"), "{text}");
    assert!(!text.contains("AUTOMATION_ID"), "a field id is not a static one: {text}");
}

#[test]
fn generic_fields_get_the_bounds_they_need() {
    let text = parse_and_validate(quote! {
        struct Labeled<T: Clone, I> where I: Copy {
            #[semantic(name)] label: T,
            #[semantic(id)] id: I,
            #[semantic(value)] fixed: String,
        }
    })
    .unwrap();
    assert!(text.contains("where I : Copy ,"), "{text}");
    assert!(
        text.contains(
            "for < '__rehearse > & '__rehearse T : :: rehearse :: __private :: IntoSemanticText"
        ),
        "{text}"
    );
    assert!(text.contains("I : :: rehearse :: __private :: AutomationIdSource"), "{text}");
    assert!(!text.contains("& '__rehearse String"), "non-generic fields get no bound: {text}");
}

#[test]
fn tuple_fields_are_addressed_by_index() {
    let text = parse_and_validate(quote! {
        #[semantic(role = progress-bar)]
        struct Progress(#[semantic(skip)] u8, #[semantic(value)] String);
    })
    .unwrap();
    assert!(text.contains("& self . 1"), "{text}");
    assert!(!text.contains("self . 0"), "skipped: {text}");
}

#[test]
fn parses_roles_actions_states_and_sensitivities_from_the_vocabulary() {
    let input: syn::DeriveInput = syn::parse_quote! {
        #[semantic(role = tree-item, actions = [set-value, "collapse"])]
        #[semantic(name = "Node", sensitive)]
        struct Node {
            #[semantic(value)]
            text: String,
            #[semantic(expanded, selected)]
            open: bool,
        }
    };
    let cx = Ctxt::new();
    let parsed = ast::Input::from_syn(&cx, &input).expect("a struct");
    cx.check().expect("no errors");
    let container = &parsed.container;
    assert_eq!(container.role.as_ref().map(|role| role.value), Some(SemanticRole::TreeItem));
    assert_eq!(
        container.actions.as_ref().map(|actions| actions.value.clone()),
        Some(vec![SemanticAction::SetValue, SemanticAction::Collapse])
    );
    assert_eq!(container.name.as_ref().map(|name| name.value.value()).as_deref(), Some("Node"));
    assert_eq!(
        container.sensitivities.iter().map(|level| level.value).collect::<Vec<_>>(),
        [Sensitivity::Sensitive]
    );
    let open = &parsed.fields[1];
    assert_eq!(
        open.keys.states.iter().map(|state| state.value).collect::<Vec<_>>(),
        [StateName::Expanded, StateName::Selected]
    );
    assert!(parsed.fields[0].keys.value.is_some());
}

#[test]
fn the_key_lists_come_from_the_vocabulary() {
    let fields = attr::field_keys();
    for state in StateName::ALL {
        assert_eq!(fields.contains(&state.as_str()), state.is_widget_reported(), "{state}");
    }
    assert!(fields.contains(&"masked") && fields.contains(&"sensitive"));
    assert!(!fields.contains(&"public"));
    assert!(attr::struct_keys().contains(&"role"));
}

#[test]
fn three_mistakes_are_three_errors_and_one_dummy_impl() {
    let expansion = semantic(quote! {
        #[semantic(role = chekbox, id = "done!")]
        struct Toggle {
            #[semantic(checkd)]
            done: bool,
        }
    });
    let messages = errors(&expansion);
    assert_eq!(messages.len(), 3, "{messages:#?}");
    assert!(messages[0].starts_with("unknown role `chekbox`; did you mean `checkbox`?"));
    assert!(messages[1].contains("unknown key `checkd`") && messages[1].contains("`checked`"));
    assert!(messages[2].contains("'!' at byte 4"), "{}", messages[2]);
    let text = expansion.to_string();
    assert_eq!(text.matches("impl :: rehearse :: Semantic for Toggle").count(), 1, "{text}");
    assert!(text.contains("SemanticRole :: Generic"), "the dummy is generic: {text}");
    assert!(!text.contains("Checkbox") && !text.contains("AUTOMATION_ID"), "{text}");
}

#[test]
fn an_enum_gets_one_error_and_a_dummy_impl() {
    let expansion = semantic(quote! {
        #[semantic(role = button)]
        enum Action { Save, Quit }
    });
    let messages = errors(&expansion);
    assert_eq!(messages.len(), 1);
    assert!(messages[0].contains("only supports structs"), "{}", messages[0]);
    assert!(expansion.to_string().contains("impl :: rehearse :: Semantic for Action"));
}

/// One mistake each: exactly one error, with a message that says what to do.
#[test]
fn each_mistake_is_one_error() {
    let cases: Vec<(TokenStream, &str)> = vec![
        (quote! { #[semantic(rol = button)] struct S; }, "did you mean `role`?"),
        (quote! { #[semantic(role = buton)] struct S; }, "did you mean `button`?"),
        (quote! { #[semantic(role = text - bx)] struct S; }, "unknown role `text-bx`"),
        (quote! { #[semantic(role = text -)] struct S; }, "expected a role name"),
        (quote! { #[semantic(role)] struct S; }, "`role` needs a value"),
        (quote! { #[semantic(role = )] struct S; }, "missing value after `role =`"),
        (quote! { #[semantic(role(button))] struct S; }, "expected `=` or `,` after `role`"),
        (quote! { #[semantic(role = button,, id = "x")] struct S; }, "expected a key"),
        (quote! { #[semantic(role = button)] #[semantic(role = link)] struct S; }, "duplicate key"),
        (quote! { #[semantic(actions = [click, tgole])] struct S; }, "did you mean `toggle`?"),
        (quote! { #[semantic(actions = [click, click])] struct S; }, "duplicate action `click`"),
        (quote! { #[semantic(actions = click)] struct S; }, "takes a list in brackets"),
        (quote! { #[semantic(id = "a b")] struct S; }, "' ' at byte 1"),
        (quote! { #[semantic(id = "")] struct S; }, "automation id is empty"),
        (quote! { #[semantic(id = save)] struct S; }, "takes a string literal"),
        (quote! { #[semantic(name = 3)] struct S; }, "takes a string literal"),
        (quote! { #[semantic(public)] struct S; }, "remove `public`"),
        (quote! { #[semantic(checked)] struct S; }, "is a field attribute"),
        (quote! { #[semantic(value)] struct S; }, "is a field attribute"),
        (quote! { #[semantic(hidden)] struct S; }, "computed by the engine"),
        (quote! { #[semantic = "x"] struct S; }, "expected `#[semantic(...)]`"),
        (quote! { #[semantic(role = application)] struct S; }, "synthetic root"),
        (
            quote! { #[semantic(sensitive, masked)] struct S { #[semantic(value)] v: String } },
            "contradict",
        ),
        (quote! { #[semantic(masked)] struct S; }, "no field is marked `value`"),
        (quote! { struct S { #[semantic(valeu)] v: String } }, "did you mean `value`?"),
        (quote! { struct S { #[semantic(offscreen)] v: bool } }, "computed by the engine"),
        (quote! { struct S { #[semantic(skip = 1)] v: u8 } }, "takes no value"),
        (quote! { struct S { #[semantic(checked = true)] v: bool } }, "takes no value"),
        (quote! { struct S { #[semantic(role)] v: u8 } }, "is a struct attribute"),
        (quote! { struct S { #[semantic(skip, value)] v: String } }, "`skip` leaves field `v` out"),
        (quote! { struct S { #[semantic(name, value)] v: String } }, "is already the `name`"),
        (quote! { struct S { #[semantic(value)] v: bool } }, "a boolean is a state"),
        (quote! { struct S { #[semantic(value)] v: Option<&u32> } }, "is a `u32`"),
        (quote! { struct S { #[semantic(name)] v: bool } }, "is a `bool`"),
        (quote! { struct S { #[semantic(focused)] v: &bool } }, "needs a `bool` field"),
        (quote! { struct S { #[semantic(checked)] v: Option<u8> } }, "`Option<u8>`"),
        (quote! { struct S { #[semantic(enabled, disabled)] v: bool } }, "contradict"),
        (quote! { struct S { #[semantic(name, masked)] v: String } }, "is not the value"),
        (
            quote! { struct S { #[semantic(value)] a: String, #[semantic(value)] b: String } },
            "`value` is already on field `a`",
        ),
        (
            quote! { struct S { #[semantic(enabled)] a: bool, #[semantic(disabled)] b: bool } },
            "sets the same state as `enabled`",
        ),
        (
            quote! { #[semantic(name = "N")] struct S { #[semantic(name)] a: String } },
            "already has `name = \"N\"`",
        ),
        (
            quote! { #[semantic(id = "i")] struct S { #[semantic(id)] a: String } },
            "already has `id = \"i\"`",
        ),
        (
            quote! { #[semantic(masked)] struct S { #[semantic(value, sensitive)] a: String } },
            "contradict",
        ),
        (quote! { union U { a: u8 } }, "not unions"),
    ];
    for (input, expected) in cases {
        let shown = input.to_string();
        let messages = errors(&semantic(input));
        assert_eq!(messages.len(), 1, "{shown}: {messages:#?}");
        assert!(messages[0].contains(expected), "{shown}: {:?} lacks {expected:?}", messages[0]);
    }
}

#[test]
fn accepted_combinations_give_no_error() {
    for input in [
        quote! { struct S { #[semantic(value, masked)] v: String } },
        quote! { #[semantic(masked)] struct S { #[semantic(value, masked)] v: String } },
        quote! { struct S { #[semantic(checked)] a: Option<bool>, #[semantic(name)] b: String } },
        quote! { #[semantic(role = "text-box", actions = [])] struct S; },
        quote! { #[semantic(role = button,)] struct S; },
        quote! { #[semantic()] struct S; },
        quote! { struct S { #[semantic(focused, selected)] v: bool } },
        quote! { struct S { #[semantic(checked)] v: rehearse::Checked } },
    ] {
        let shown = input.to_string();
        let result = parse_and_validate(input);
        assert!(result.is_ok(), "{shown}: {result:?}");
    }
}
