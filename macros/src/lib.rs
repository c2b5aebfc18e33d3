//! Procedural macros for rehearse. Use them through the `rehearse` crate
//! (`rehearse::Semantic`, `rehearse::prelude::*`); this crate's own API is
//! only the macros.
//!
//! The macro logic lives in ordinary modules that work on
//! `proc_macro2::TokenStream`s (and are unit-tested that way); the entry
//! points below only convert tokens.

mod ctxt;
mod derive;

use proc_macro::TokenStream;

/// Implements `rehearse::Semantic` for a widget struct: what the widget
/// *means* (role, name, value, sensitivity, states, automation id), read
/// from `#[semantic(...)]` attributes.
///
/// ```
/// use rehearse::prelude::*;
///
/// #[derive(Semantic)]
/// #[semantic(role = text-box, id = "password", masked)]
/// struct PasswordField<'a> {
///     #[semantic(name)]
///     label: &'a str,
///     #[semantic(value)]
///     secret: String,
///     #[semantic(focused)]
///     focused: bool,
///     #[semantic(disabled)]
///     busy: bool,
///     cursor: usize, // not annotated: not published
/// }
///
/// let field = PasswordField {
///     label: "Password",
///     secret: "hunter2".to_owned(),
///     focused: true,
///     busy: false,
///     cursor: 7,
/// };
/// let facts = field.semantics();
/// assert_eq!(facts.role, SemanticRole::TextBox);
/// assert_eq!(facts.label.as_deref(), Some("Password"));
/// assert_eq!(facts.automation_id.as_deref(), Some("password"));
/// assert_eq!(PasswordField::AUTOMATION_ID, Some("password"));
/// assert_eq!(facts.states.focused, Some(true));
/// assert_eq!(facts.states.enabled, Some(true)); // `disabled: false`
/// let value = facts.value.unwrap();
/// assert_eq!(value.sensitivity(), Sensitivity::Masked);
/// assert_eq!(value.text(), None); // the secret never reaches the facts
/// # let _ = field.cursor;
/// ```
///
/// # Struct keys
///
/// Written as `#[semantic(key, key = value, ...)]` on the struct; the keys
/// may be split over several `#[semantic]` attributes, each key once.
///
/// | key | takes | produces |
/// |---|---|---|
/// | `role = checkbox` | a role in kebab case (`text-box`), bare or as a string literal (`"text-box"`) | the node's role; `generic` when absent. `application` is refused: it is the tree's synthetic root |
/// | `name = "Save"` | a string literal | the explicit accessible name, which wins over everything (even `""`) |
/// | `id = "save"` | a string literal, 1 to 128 bytes of `[A-Za-z0-9-_./:]`, checked at compile time | the automation id, and `const AUTOMATION_ID = Some("save")` |
/// | `sensitive` | nothing | the value is sensitive: shown on screen, never in semantic output |
/// | `masked` | nothing | the value is masked: hidden on screen too (a password) |
/// | `actions = [click, toggle]` | a bracketed list of actions (`[]` for none) | replaces the role's default actions |
///
/// # Field keys
///
/// Written as `#[semantic(key, ...)]` on a field. Unannotated fields publish
/// nothing; `skip` says so explicitly.
///
/// | key | field type | produces |
/// |---|---|---|
/// | `name` | `&str`, `String`, `Cow<str>`, or an `Option` of one | the widget's own label (`SemanticFacts::label`); `None` sets none |
/// | `value` | as `name` | the value, with the struct's or the field's sensitivity; `Some("")` is an empty value, `None` is no value |
/// | `sensitive`, `masked` | on the `value` field | the value's sensitivity (`#[semantic(value, masked)]`) |
/// | `id` | `&str`, `String`, `Cow<str>`, `AutomationId`, or an `Option` of one | a dynamic automation id; `None` sets none |
/// | `focused`, `enabled`, `disabled`, `selected`, `expanded` | `bool`, written as `bool` | that state, reported as given (`disabled: true` is `enabled: false`) |
/// | `checked` | `bool`, `Option<bool>` (`None` is mixed) or `Checked` | the checked state |
/// | `skip` | any | nothing: the field is left out |
///
/// A struct has at most one field of each kind (one `name`, one `value`, one
/// `id`, one per state; `enabled` and `disabled` are the same state). A
/// field is at most one of `name`, `value` and `id`. Fields whose type
/// mentions a type parameter get the bounds they need in the `where` clause.
///
/// # Errors
///
/// Every mistake of one input is reported in one compile, each on the token
/// at fault, and the type still implements `Semantic` (with a placeholder
/// body) so no error cascades to its uses. Among them: unknown keys, roles
/// and actions (with the closest valid spellings), duplicate keys, a key
/// missing its value or given one it does not take, `name` on the struct
/// and on a field, `id` on the struct and on a field, two fields of one
/// kind, a state flag on a field that is not `bool`, `value` on a `bool`
/// ("a boolean is a state, never a value") or on a number, an invalid
/// static id (the offending character and its byte), `sensitive` with
/// `masked`, a sensitivity with no `value` field, the engine-computed
/// states `hidden` and `offscreen`, and enums or unions.
///
/// ```compile_fail
/// use rehearse::prelude::*;
///
/// #[derive(Semantic)]
/// #[semantic(role = buton)] // error: unknown role `buton`; did you mean `button`?
/// struct Save;
/// ```
#[proc_macro_derive(Semantic, attributes(semantic))]
pub fn derive_semantic(input: TokenStream) -> TokenStream {
    derive::semantic(input.into()).into()
}
