//! The input of `#[derive(Semantic)]` as a small AST.
//!
//! Parsing turns the items [`attr`](super::attr) reads into typed keys (roles, actions,
//! sensitivities and states are resolved against `rehearse-lang`, so no
//! spelling is listed here) and records every malformed or unknown key in
//! the [`Ctxt`] without stopping. Cross-key rules (conflicts, field types,
//! id syntax) live in `validate`.

use proc_macro2::{Ident, Span};
use quote::ToTokens;
use rehearse_lang::{SemanticAction, SemanticRole, Sensitivity, StateName, Vocabulary};

use crate::ctxt::Ctxt;
use crate::derive::attr::{
    Item, Place, each_item, field_keys, kebab_or_string, parse_actions, reject_value,
    require_value, unknown_key,
};

/// A parsed `#[derive(Semantic)]` input: a struct (named, tuple or unit).
pub struct Input<'a> {
    /// The struct's name.
    pub ident: &'a Ident,
    /// Its generics, as written.
    pub generics: &'a syn::Generics,
    /// Keys written on the struct.
    pub container: Container,
    /// Every field, in declaration order (annotated or not).
    pub fields: Vec<Field<'a>>,
}

/// A key together with the identifier it was written as (for spans).
pub struct Keyed<T> {
    /// The key as written (`role`, `masked`, ...).
    pub key: Ident,
    /// What it resolved to.
    pub value: T,
}

/// The struct-level keys.
#[derive(Default)]
pub struct Container {
    /// `role = checkbox`.
    pub role: Option<Keyed<SemanticRole>>,
    /// `name = "..."`.
    pub name: Option<Keyed<syn::LitStr>>,
    /// `id = "..."` (validated in `validate`).
    pub id: Option<Keyed<syn::LitStr>>,
    /// `sensitive` / `masked`, in the order written.
    pub sensitivities: Vec<Keyed<Sensitivity>>,
    /// `actions = [...]`.
    pub actions: Option<Keyed<Vec<SemanticAction>>>,
}

/// One field and its keys.
pub struct Field<'a> {
    /// `self.<member>`.
    pub member: syn::Member,
    /// The field's type as written.
    pub ty: &'a syn::Type,
    /// The keys on it.
    pub keys: FieldKeys,
}

/// The field-level keys.
#[derive(Default)]
pub struct FieldKeys {
    /// `name`: the widget's own label.
    pub name: Option<Ident>,
    /// `value`.
    pub value: Option<Ident>,
    /// `id`: a dynamic automation id.
    pub id: Option<Ident>,
    /// `skip`.
    pub skip: Option<Ident>,
    /// `sensitive` / `masked`, in the order written.
    pub sensitivities: Vec<Keyed<Sensitivity>>,
    /// State flags (`checked`, `focused`, ...), in the order written.
    pub states: Vec<Keyed<StateName>>,
}

impl FieldKeys {
    /// Every key on the field, in no particular order (for "cannot be
    /// combined" messages).
    pub fn all_keys(&self) -> Vec<&Ident> {
        let mut keys: Vec<&Ident> =
            [&self.name, &self.value, &self.id].into_iter().flatten().collect();
        keys.extend(self.sensitivities.iter().map(|keyed| &keyed.key));
        keys.extend(self.states.iter().map(|keyed| &keyed.key));
        keys
    }
}

impl<'a> Input<'a> {
    /// Parses `input`; `None` (with an error recorded) when it is not a struct.
    pub fn from_syn(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Self> {
        let container = Container::from_attrs(cx, &input.attrs);
        let fields = match &input.data {
            syn::Data::Struct(data) => &data.fields,
            syn::Data::Enum(data) => {
                cx.push(syn::Error::new(
                    data.enum_token.span,
                    "`#[derive(Semantic)]` only supports structs: a semantic node is one \
                     widget with one set of facts; implement `rehearse::Semantic` by hand for \
                     an enum and `match` on its variants",
                ));
                return None;
            }
            syn::Data::Union(data) => {
                cx.push(syn::Error::new(
                    data.union_token.span,
                    "`#[derive(Semantic)]` only supports structs, not unions",
                ));
                return None;
            }
        };
        let fields = fields
            .iter()
            .enumerate()
            .map(|(index, field)| Field {
                member: match &field.ident {
                    Some(ident) => syn::Member::Named(ident.clone()),
                    None => syn::Member::Unnamed(syn::Index {
                        index: u32::try_from(index).expect("fewer than 2^32 fields"),
                        span: field.ty.span_or_call_site(),
                    }),
                },
                ty: &field.ty,
                keys: FieldKeys::from_attrs(cx, &field.attrs),
            })
            .collect();
        Some(Self { ident: &input.ident, generics: &input.generics, container, fields })
    }
}

trait SpanOrCallSite {
    fn span_or_call_site(&self) -> Span;
}

impl<T: ToTokens> SpanOrCallSite for T {
    fn span_or_call_site(&self) -> Span {
        self.to_token_stream().into_iter().next().map_or_else(Span::call_site, |tt| tt.span())
    }
}

impl Field<'_> {
    /// How messages name the field: `` field `label` `` or `` field `0` ``.
    pub fn describe(&self) -> String {
        match &self.member {
            syn::Member::Named(ident) => format!("field `{ident}`"),
            syn::Member::Unnamed(index) => format!("field `{}`", index.index),
        }
    }
}

impl Container {
    fn from_attrs(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut container = Self::default();
        each_item(cx, attrs, Place::Struct, |item| container.take(cx, item));
        container
    }

    fn take(&mut self, cx: &Ctxt, item: Item) {
        let key_name = item.key.to_string();
        match key_name.as_str() {
            "role" => {
                let Some(tokens) = require_value(cx, &item, "role = button") else { return };
                let Some((spelling, span_tokens)) = kebab_or_string(tokens) else {
                    cx.error_spanned_by(
                        tokens,
                        "expected a role name, such as `button` or `text-box` (or a string \
                         literal: `\"text-box\"`)",
                    );
                    return;
                };
                match SemanticRole::parse(&spelling) {
                    Ok(SemanticRole::Application) => cx.error_spanned_by(
                        span_tokens,
                        "`application` is the synthetic root of every tree, which the engine \
                         creates; a widget cannot take it (use `group` or `generic`)",
                    ),
                    Ok(role) => self.role = Some(Keyed { key: item.key, value: role }),
                    Err(unknown) => cx.error_spanned_by(span_tokens, unknown),
                }
            }
            "name" | "id" => {
                let example = if key_name == "name" { "name = \"Save\"" } else { "id = \"save\"" };
                let Some(tokens) = require_value(cx, &item, example) else { return };
                let literal = match syn::parse2::<syn::LitStr>(tokens.clone()) {
                    Ok(literal) => literal,
                    Err(_) => {
                        cx.error_spanned_by(
                            tokens,
                            format!("`{key_name}` takes a string literal: `{example}`"),
                        );
                        return;
                    }
                };
                let keyed = Some(Keyed { key: item.key, value: literal });
                if key_name == "name" {
                    self.name = keyed;
                } else {
                    self.id = keyed;
                }
            }
            "actions" => {
                let Some(tokens) = require_value(cx, &item, "actions = [click, focus]") else {
                    return;
                };
                if let Some(actions) = parse_actions(cx, tokens) {
                    self.actions = Some(Keyed { key: item.key, value: actions });
                }
            }
            _ => {
                if let Ok(level) = Sensitivity::parse(&key_name) {
                    read_sensitivity(cx, item, level, &mut self.sensitivities);
                } else if let Ok(state) = StateName::parse(&key_name) {
                    if state.is_widget_reported() {
                        cx.error_spanned_by(
                            &item.key,
                            format!(
                                "`{key_name}` is a field attribute: put `#[semantic({key_name})]` \
                                 on the field that holds the state"
                            ),
                        );
                    } else {
                        engine_computed(cx, &item.key, state);
                    }
                } else if field_keys().contains(&key_name.as_str()) {
                    cx.error_spanned_by(
                        &item.key,
                        format!(
                            "`{key_name}` is a field attribute: put `#[semantic({key_name})]` on \
                             the field it comes from"
                        ),
                    );
                } else {
                    unknown_key(cx, &item.key, Place::Struct);
                }
            }
        }
    }
}

impl FieldKeys {
    fn from_attrs(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut keys = Self::default();
        each_item(cx, attrs, Place::Field, |item| keys.take(cx, item));
        keys
    }

    fn take(&mut self, cx: &Ctxt, item: Item) {
        let key_name = item.key.to_string();
        match key_name.as_str() {
            "name" | "id" | "value" | "skip" => {
                if item.value.is_some() {
                    let hint = match key_name.as_str() {
                        "name" => {
                            "; the field's text is the name. For a fixed name write \
                             `#[semantic(name = \"...\")]` on the struct"
                        }
                        "id" => {
                            "; the field holds the id. For a fixed id write \
                             `#[semantic(id = \"...\")]` on the struct"
                        }
                        _ => "",
                    };
                    cx.error_spanned_by(
                        item.value_tokens(),
                        format!(
                            "`{key_name}` on a field takes no value: write `#[semantic({key_name})]`{hint}"
                        ),
                    );
                    return;
                }
                let slot = match key_name.as_str() {
                    "name" => &mut self.name,
                    "id" => &mut self.id,
                    "value" => &mut self.value,
                    _ => &mut self.skip,
                };
                *slot = Some(item.key);
            }
            "role" | "actions" => cx.error_spanned_by(
                &item.key,
                format!(
                    "`{key_name}` is a struct attribute: write it on the struct, not on a field"
                ),
            ),
            _ => {
                if let Ok(level) = Sensitivity::parse(&key_name) {
                    read_sensitivity(cx, item, level, &mut self.sensitivities);
                } else if let Ok(state) = StateName::parse(&key_name) {
                    if !state.is_widget_reported() {
                        engine_computed(cx, &item.key, state);
                    } else if reject_value(cx, &item) {
                        self.states.push(Keyed { key: item.key, value: state });
                    }
                } else {
                    unknown_key(cx, &item.key, Place::Field);
                }
            }
        }
    }
}

/// `masked` or `sensitive`, on the struct or a field: kept when it takes no
/// value; `public` is refused, being what values are unless marked.
fn read_sensitivity(
    cx: &Ctxt,
    item: Item,
    level: Sensitivity,
    sensitivities: &mut Vec<Keyed<Sensitivity>>,
) {
    if !level.is_redacted() {
        cx.error_spanned_by(
            &item.key,
            format!("values are `{level}` unless marked otherwise; remove `{level}`"),
        );
    } else if reject_value(cx, &item) {
        sensitivities.push(Keyed { key: item.key, value: level });
    }
}

fn engine_computed(cx: &Ctxt, key: &Ident, state: StateName) {
    cx.error_spanned_by(
        key,
        format!(
            "`{state}` is computed by the engine ({why}); a widget cannot report it. Remove `{state}`",
            why = match state {
                StateName::Inert => "a node beneath an open modal dialog is inert",
                StateName::Modal => "a dialog opened as a modal overlay is modal",
                _ => {
                    "from geometry: a node laid out outside the visible area is offscreen and hidden"
                }
            }
        ),
    );
}
