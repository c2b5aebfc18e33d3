//! Procedural macros for rehearse. Use them through the `rehearse` crate
//! (`rehearse::Semantic`, `rehearse::prelude::*`); this crate's own API is
//! only the macros.
//!
//! The macro logic lives in ordinary modules that work on
//! `proc_macro2::TokenStream`s (and are unit-tested that way); the entry
//! points below only convert tokens.

mod ctxt;
mod derive;
mod ids;
mod scenario;
#[cfg(test)]
mod test_support;
mod tokens;

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

/// Steps in the script language, checked at compile time and lowered to a
/// `rehearse::Scenario` of typed `AutomationStep`s.
///
/// ```
/// use rehearse::prelude::*;
///
/// let scenario = scenario! {
///     click:#save;
///     type:"Buy milk";
///     wait-for:text="milk",#list,500;
/// };
/// assert_eq!(scenario.len(), 3);
/// assert_eq!(
///     scenario.steps()[0].step,
///     AutomationStep::click(Selector::id("save")),
/// );
/// assert_eq!(scenario.steps()[1].source.spelling, r#"type:"Buy milk""#);
/// ```
///
/// Every step ends with `;`. An optional header `app = Type;` comes first;
/// with it, every `#id` a step uses must be declared by
/// `<Type as rehearse::DeclaresIds>::AUTOMATION_IDS` (every `Component`'s
/// `AUTOMATION_IDS`) and no `key:` may press a
/// key it refuses, or the call does not compile. An app without a type of
/// its own (an adopted ratatui app whose loop lives in `main`) names the
/// module its `automation_ids!` declared instead: `ids = countdown::ids;`
/// checks against `countdown::ids::DECLARED`. Free text (what `type:`
/// types, names after `@role=`, `text~` and `value=`/`text=` values) is a
/// string literal; everything else is spelled as in a text script.
///
/// Every mistake is a compile error on its tokens:
///
/// ```compile_fail
/// use rehearse::prelude::*;
/// let _ = scenario! { clik:#save; }; // unknown verb `clik`; did you mean `click`, ...
/// ```
#[proc_macro]
pub fn scenario(input: TokenStream) -> TokenStream {
    // `use:PATH` is relative to the file the call is in, as `include_str!`
    // is; the compiler names it relative to its own working directory.
    let file = proc_macro::Span::call_site().local_file();
    let dir = file
        .and_then(|file| std::path::absolute(file).ok())
        .and_then(|file| file.parent().map(std::path::Path::to_path_buf));
    scenario::scenario(input.into(), dir).into()
}

/// Declares an app's automation ids once, for its view and its tests: a
/// module of `&str` constants (exact ids), functions (families such as
/// `item-{n}`) and `DECLARED`, the `rehearse::AutomationIds` to wire as the
/// app's `Component::AUTOMATION_IDS`.
///
/// ```
/// use rehearse::prelude::*;
///
/// rehearse::automation_ids! {
///     /// The counter's ids.
///     pub mod ids for Counter {
///         /// The count label.
///         COUNT = "count";
///         BUMP = "bump";
///         fn row = "row-{n}";      // pub fn row(n: impl Display) -> String
///         fn tab = "tab:{name}";   // pub fn tab(name: impl Display) -> String
///         refuse f6, ctrl+p;       // keys automation must never press
///     }
/// }
///
/// #[derive(Default)]
/// struct Counter;
///
/// impl Component for Counter {
///     type Message = ();
///     const AUTOMATION_IDS: rehearse::AutomationIds = ids::DECLARED;
///     fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
///     fn view(&self, _: &mut Ui<'_, ()>) {}
/// }
///
/// assert_eq!(ids::COUNT, "count");
/// assert_eq!(ids::row(3), "row-3");
/// assert_eq!(ids::tab("logs"), "tab:logs");
/// assert!(ids::DECLARED.contains("row-12"));
/// assert!(ids::DECLARED.refuses(&"ctrl+p".parse().unwrap()));
/// ```
///
/// Entries end with `;`: `NAME = "id";` (an exact id), `fn name =
/// "pattern";` (a family: `{n}` is one or more digits, `{name}` one or more
/// id characters; the function's parameters are named after them),
/// `refuse KEY, ...;` (key names as in `key:` steps) and `widget Type;` (a
/// `#[derive(Semantic)]` widget whose static `#[semantic(id = "...")]`
/// joins the declarations). With `for App`, `App` must wire `DECLARED` as
/// its `AUTOMATION_IDS`, or the crate does not compile.
///
/// Every mistake is a compile error on its token: an invalid id, a pattern
/// without a known placeholder, a duplicate id or name, an unknown key
/// (with the closest key names).
///
/// ```compile_fail
/// rehearse::automation_ids! {
///     pub mod ids {
///         SAVE = "save as"; // invalid automation id: automation id has ' ' at byte 4; ...
///     }
/// }
/// ```
#[proc_macro]
pub fn automation_ids(input: TokenStream) -> TokenStream {
    ids::automation_ids(input.into()).into()
}
