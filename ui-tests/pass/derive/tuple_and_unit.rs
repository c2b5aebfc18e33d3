// Tuple structs address fields by index; unit structs carry only struct keys.
use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = progress-bar, name = "Upload")]
struct Progress(#[semantic(value)] String, #[semantic(skip)] u8);

#[derive(Semantic)]
#[semantic(role = separator)]
struct Rule;

#[derive(Semantic)]
struct Plain;

fn main() {
    let facts = Progress("40%".to_owned(), 40).semantics();
    assert_eq!(facts.role, SemanticRole::ProgressBar);
    assert_eq!(facts.name.as_deref(), Some("Upload"));
    assert_eq!(facts.value, Some(SemanticValue::public("40%")));
    assert_eq!(Progress::AUTOMATION_ID, None);

    assert_eq!(Rule.semantics(), SemanticFacts::new(SemanticRole::Separator));
    // No role given: generic.
    assert_eq!(Plain.semantics(), SemanticFacts::new(SemanticRole::Generic));
}
