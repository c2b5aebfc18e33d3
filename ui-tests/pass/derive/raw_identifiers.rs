use rehearse::prelude::*;

// Raw identifiers are escapes: `r#button` is the role `button` and
// `r#text-r#box` is `text-box`; `r#name` is the key `name`.
#[derive(Semantic)]
#[semantic(role = r#button, r#name = "Save")]
struct Save;

#[derive(Semantic)]
#[semantic(role = r#text-r#box)]
struct Field {
    #[semantic(r#value)]
    text: String,
}

fn main() {
    let save = Save.semantics();
    assert_eq!(save.role, SemanticRole::Button);
    let field = Field { text: "x".into() }.semantics();
    assert_eq!(field.role, SemanticRole::TextBox);
}
