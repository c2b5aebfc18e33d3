// The expansion uses only absolute paths: it works in a module without the
// prelude, next to user items that shadow every name it could use, and it
// adds no names to the user's scope.
#![allow(dead_code, non_camel_case_types)]

#[no_implicit_prelude]
mod no_prelude {
    #[derive(::rehearse::Semantic)]
    #[semantic(role = button, id = "ok", name = "OK")]
    pub struct Ok {
        #[semantic(focused)]
        pub focused: bool,
        #[semantic(value)]
        pub caption: &'static str,
    }
}

mod shadowed {
    // Names the expansion must not pick up.
    pub struct SemanticFacts;
    pub struct SemanticRole;
    pub struct Sensitivity;
    pub struct Option;
    pub struct Some;
    pub struct IntoSemanticText;
    pub mod __private {}
    pub mod core {}
    pub mod rehearse {}

    #[derive(::rehearse::Semantic)]
    #[semantic(role = text, masked)]
    pub struct Secret {
        #[semantic(value)]
        pub text: ::std::string::String,
    }
}

use rehearse::Semantic as _;

fn main() {
    let facts = no_prelude::Ok { focused: true, caption: "go" }.semantics();
    assert_eq!(facts.name.as_deref(), Some("OK"));
    assert_eq!(facts.states.focused, Some(true));
    assert_eq!(facts.value, Some(rehearse::semantic::SemanticValue::public("go")));
    assert_eq!(<no_prelude::Ok as rehearse::Semantic>::AUTOMATION_ID, Some("ok"));

    let secret = shadowed::Secret { text: "pin".to_owned() }.semantics();
    assert_eq!(secret.value.unwrap().sensitivity(), rehearse::vocabulary::Sensitivity::Masked);
}
