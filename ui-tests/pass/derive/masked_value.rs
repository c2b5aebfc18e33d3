// Sensitivity on the struct or on the value field: the text never reaches
// the facts, whatever the sensitivity.
use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = text-box, id = "password", masked)]
struct PasswordField<'a> {
    #[semantic(name)]
    label: &'a str,
    #[semantic(value)]
    secret: &'a str,
}

#[derive(Semantic)]
#[semantic(role = "text-box")]
struct TokenField {
    #[semantic(value, sensitive)]
    token: String,
}

#[derive(Semantic)]
#[semantic(role = text-box)]
struct SearchBox {
    #[semantic(value)]
    query: Option<String>,
}

fn main() {
    let password = PasswordField { label: "Password", secret: "hunter2" }.semantics();
    let value = password.value.clone().expect("a masked value still exists");
    assert_eq!(value.text(), None);
    assert_eq!(value.sensitivity(), Sensitivity::Masked);
    assert!(value.is_redacted());
    assert_eq!(value.to_string(), "<masked>");
    assert!(!format!("{password:?}").contains("hunter2"));

    let token = TokenField { token: "s3cret".to_owned() }.semantics();
    let value = token.value.expect("a sensitive value still exists");
    assert_eq!(value.sensitivity(), Sensitivity::Sensitive);
    assert_eq!(value.text(), None);

    // Public by default; `Some("")` is an empty value, `None` is no value.
    let empty = SearchBox { query: Some(String::new()) }.semantics();
    assert_eq!(empty.value, Some(SemanticValue::public("")));
    assert_eq!(SearchBox { query: None }.semantics().value, None);
    let typed = SearchBox { query: Some("milk".to_owned()) }.semantics();
    assert_eq!(typed.value.as_ref().and_then(SemanticValue::text), Some("milk"));
    assert_eq!(typed.value.unwrap().sensitivity(), Sensitivity::Public);
}
