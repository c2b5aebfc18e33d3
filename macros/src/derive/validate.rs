//! Rules that need more than one key, or a key and a field type.
//!
//! Type checks are syntactic: a state flag needs a field written as `bool`
//! (`checked` also takes `Option<bool>` and `Checked`); text keys reject the
//! obvious non-text types (`bool`, numbers) with a hint, and leave the rest
//! to the trait bounds of the generated code.

use std::collections::BTreeMap;

use proc_macro2::Ident;
use quote::ToTokens;
use rehearse_lang::{Sensitivity, StateName, validate_automation_id};

use crate::ctxt::Ctxt;
use crate::derive::ast::{Container, Field, Input, Keyed};

/// Records every rule `input` breaks.
pub fn check(cx: &Ctxt, input: &Input<'_>) {
    let container = &input.container;
    check_static_id(cx, container);
    check_one_sensitivity(cx, &container.sensitivities);
    for field in &input.fields {
        check_field(cx, field);
    }
    check_unique_roles(cx, input);
    check_struct_against_fields(cx, input);
}

fn check_static_id(cx: &Ctxt, container: &Container) {
    let Some(id) = &container.id else { return };
    if let Err(error) = validate_automation_id(&id.value.value()) {
        cx.error_spanned_by(&id.value, format!("invalid `id`: {error}"));
    }
}

/// `sensitive` and `masked` together in one list.
fn check_one_sensitivity(cx: &Ctxt, levels: &[Keyed<Sensitivity>]) {
    let Some(first) = levels.first() else { return };
    if let Some(other) = levels.iter().find(|level| level.value != first.value) {
        contradicting_sensitivities(cx, &other.key, first.value, other.value);
    }
}

fn contradicting_sensitivities(cx: &Ctxt, at: &Ident, first: Sensitivity, second: Sensitivity) {
    cx.error_spanned_by(
        at,
        format!(
            "`{first}` and `{second}` contradict each other: a value has one sensitivity \
             (`masked`: hidden on screen, like a password; `sensitive`: shown on screen); both \
             keep it out of every semantic output. Keep one"
        ),
    );
}

fn check_field(cx: &Ctxt, field: &Field<'_>) {
    let keys = &field.keys;
    if let Some(skip) = &keys.skip {
        if let Some(other) = keys.all_keys().first() {
            cx.error_spanned_by(
                skip,
                format!(
                    "`skip` leaves {} out of the semantics, so it cannot also be `{other}`; \
                     remove one",
                    field.describe()
                ),
            );
        }
        return;
    }
    let text_keys: Vec<&Ident> =
        [&keys.name, &keys.value, &keys.id].into_iter().flatten().collect();
    if let [first, second, ..] = text_keys.as_slice() {
        cx.error_spanned_by(
            second,
            format!(
                "{} is already the `{first}`; one field is the name (what the widget is \
                 called), the value (what it contains) or the id, not several",
                field.describe()
            ),
        );
        return;
    }
    check_one_sensitivity(cx, &keys.sensitivities);
    if keys.value.is_none()
        && let Some(level) = keys.sensitivities.first()
    {
        cx.error_spanned_by(
            &level.key,
            format!(
                "`{}` marks a value as secret, but {} is not the value; write \
                 `#[semantic(value, {})]` on the value field",
                level.key,
                field.describe(),
                level.key
            ),
        );
    }
    if let Some(key) = &keys.name {
        check_text(cx, field, key, "the widget's own label");
    }
    if let Some(key) = &keys.value {
        check_text(cx, field, key, "what the widget contains");
    }
    if let Some(key) = &keys.id {
        check_text(cx, field, key, "an automation id");
    }
    for state in &keys.states {
        check_state_type(cx, field, state);
    }
    let position = |name: StateName| keys.states.iter().position(|state| state.value == name);
    if let (Some(enabled), Some(disabled)) =
        (position(StateName::Enabled), position(StateName::Disabled))
    {
        cx.error_spanned_by(
            &keys.states[enabled.max(disabled)].key,
            "`enabled` and `disabled` on one field contradict each other (disabled is \
             \"not enabled\"); keep one",
        );
    }
}

/// Text keys reject `bool` and numbers with a hint.
fn check_text(cx: &Ctxt, field: &Field<'_>, key: &Ident, what: &str) {
    let inner = peel(field.ty);
    if is_ident_type(inner, "bool") {
        if key == "value" {
            let others: Vec<String> = StateName::ALL
                .iter()
                .filter(|state| state.is_widget_reported() && **state != StateName::Checked)
                .map(|state| format!("`{state}`"))
                .collect();
            cx.error_spanned_by(
                key,
                format!(
                    "a boolean is a state, never a value: mark this field `{}` (or {}) instead \
                     of `value`",
                    StateName::Checked,
                    others.join(", ")
                ),
            );
        } else {
            cx.error_spanned_by(
                field.ty,
                format!("`{key}` needs text ({what}), but {} is a `bool`", field.describe()),
            );
        }
    } else if let Some(number) = NUMBERS.iter().find(|number| is_ident_type(inner, number)) {
        cx.error_spanned_by(
            field.ty,
            format!(
                "`{key}` needs text ({what}), but {} is a `{number}`: keep the text the user \
                 sees in a `String` field (e.g. `format!(\"{{percent}}%\")`) and mark that one \
                 `{key}`",
                field.describe()
            ),
        );
    }
}

const NUMBERS: [&str; 14] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
    "f64",
];

fn check_state_type(cx: &Ctxt, field: &Field<'_>, state: &Keyed<StateName>) {
    let ty = field.ty;
    if is_ident_type(ty, "bool") {
        return;
    }
    if state.value == StateName::Checked {
        if is_option_of_bool(ty) || is_checked(ty) {
            return;
        }
        cx.error_spanned_by(
            ty,
            format!(
                "`checked` needs a `bool`, an `Option<bool>` (`None` is mixed) or a `Checked` \
                 field, but {} is `{}`",
                field.describe(),
                render(ty)
            ),
        );
    } else {
        cx.error_spanned_by(
            ty,
            format!(
                "`{}` is a state flag and needs a `bool` field, but {} is `{}`",
                state.key,
                field.describe(),
                render(ty)
            ),
        );
    }
}

/// What a field can be, at most once per struct. `enabled` and `disabled`
/// share one: both set the enabled state.
fn role_of(key: &Ident) -> String {
    match key.to_string().as_str() {
        "disabled" => "enabled".to_owned(),
        other => other.to_owned(),
    }
}

fn check_unique_roles(cx: &Ctxt, input: &Input<'_>) {
    let mut first_by_role: BTreeMap<String, (&Field<'_>, &Ident)> = BTreeMap::new();
    for field in &input.fields {
        let keys = &field.keys;
        if keys.skip.is_some() {
            continue;
        }
        let mut roles: Vec<&Ident> =
            [&keys.name, &keys.value, &keys.id].into_iter().flatten().collect();
        roles.extend(keys.states.iter().map(|state| &state.key));
        for key in roles {
            let role = role_of(key);
            match first_by_role.get(&role) {
                // Two keys of one field (`enabled, disabled`) are `check_field`'s.
                Some((first, _)) if first.member == field.member => {}
                Some((first, first_key)) => {
                    let message = if *first_key == key {
                        format!(
                            "`{key}` is already on {}: a widget has one {}; remove one of them",
                            first.describe(),
                            describe_role(&role)
                        )
                    } else {
                        format!(
                            "`{key}` sets the same state as `{first_key}` (disabled is \"not \
                             enabled\"), which {} already reports; keep one",
                            first.describe()
                        )
                    };
                    cx.error_spanned_by(key, message);
                }
                None => {
                    first_by_role.insert(role, (field, key));
                }
            }
        }
    }
}

fn describe_role(role: &str) -> String {
    match role {
        "name" => "label".to_owned(),
        "value" => "value".to_owned(),
        "id" => "automation id".to_owned(),
        state => format!("`{state}` state"),
    }
}

fn check_struct_against_fields(cx: &Ctxt, input: &Input<'_>) {
    let container = &input.container;
    let active = || input.fields.iter().filter(|field| field.keys.skip.is_none());
    if let Some(name) = &container.name
        && let Some((field, key)) = active().find_map(|f| f.keys.name.as_ref().map(|k| (f, k)))
    {
        cx.error_spanned_by(
            key,
            format!(
                "the struct already has `name = {}`, which always wins, so {} would never be \
                 the name; remove one (a field marked `name` is the widget's own label)",
                name.value.to_token_stream(),
                field.describe()
            ),
        );
    }
    if let Some(id) = &container.id
        && let Some((field, key)) = active().find_map(|f| f.keys.id.as_ref().map(|k| (f, k)))
    {
        cx.error_spanned_by(
            key,
            format!(
                "the struct already has `id = {}`; {} cannot also be the automation id. Keep \
                 the static id or the field, not both",
                id.value.to_token_stream(),
                field.describe()
            ),
        );
    }
    let Some(struct_level) = container.sensitivities.first() else { return };
    match active().find(|field| field.keys.value.is_some()) {
        None => cx.error_spanned_by(
            &struct_level.key,
            format!(
                "`{}` applies to the value, but no field is marked `value`; mark the field that \
                 holds it with `#[semantic(value)]`",
                struct_level.key
            ),
        ),
        Some(field) => {
            if let Some(other) =
                field.keys.sensitivities.iter().find(|level| level.value != struct_level.value)
            {
                contradicting_sensitivities(cx, &other.key, struct_level.value, other.value);
            }
        }
    }
}

/// The type with references, parentheses and one `Option<...>` layer removed.
fn peel(ty: &syn::Type) -> &syn::Type {
    match ty {
        syn::Type::Reference(reference) => peel(&reference.elem),
        syn::Type::Paren(paren) => peel(&paren.elem),
        syn::Type::Group(group) => peel(&group.elem),
        _ => match option_argument(ty) {
            Some(inner) => peel(inner),
            None => ty,
        },
    }
}

/// `T` of a type written `Option<T>` (any path ending in `Option`).
fn option_argument(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(arguments) = &last.arguments else { return None };
    match arguments.args.iter().collect::<Vec<_>>().as_slice() {
        [syn::GenericArgument::Type(inner)] => Some(inner),
        _ => None,
    }
}

/// Whether `ty` is written exactly as the single identifier `name`.
fn is_ident_type(ty: &syn::Type, name: &str) -> bool {
    match ty {
        syn::Type::Path(path) => path.qself.is_none() && path.path.is_ident(name),
        syn::Type::Group(group) => is_ident_type(&group.elem, name),
        _ => false,
    }
}

fn is_option_of_bool(ty: &syn::Type) -> bool {
    option_argument(ty).is_some_and(|inner| is_ident_type(inner, "bool"))
}

/// `Checked`, or any path ending in it (`rehearse::Checked`).
fn is_checked(ty: &syn::Type) -> bool {
    let syn::Type::Path(path) = ty else { return false };
    path.qself.is_none()
        && path
            .path
            .segments
            .last()
            .is_some_and(|last| last.ident == "Checked" && last.arguments.is_none())
}

/// A type as a reader would write it (`Option<u8>`, not `Option < u8 >`).
pub fn render(ty: &syn::Type) -> String {
    ty.to_token_stream()
        .to_string()
        .replace(" :: ", "::")
        .replace(":: ", "::")
        .replace(" <", "<")
        .replace("< ", "<")
        .replace(" >", ">")
        .replace("& ", "&")
        .replace(" ,", ",")
}
