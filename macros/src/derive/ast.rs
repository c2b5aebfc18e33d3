//! The input of `#[derive(Semantic)]` as a small AST.
//!
//! Parsing turns `#[semantic(...)]` lists into typed keys (roles, actions,
//! sensitivities and states are resolved against `rehearse-lang`, so no
//! spelling is listed here) and records every malformed or unknown key in
//! the [`Ctxt`] without stopping. Cross-key rules (conflicts, field types,
//! id syntax) live in `validate`.

use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};
use quote::ToTokens;
use rehearse_lang::suggest::{closest, or_list};
use rehearse_lang::{SemanticAction, SemanticRole, Sensitivity, StateName, Vocabulary};

use crate::ctxt::Ctxt;

/// The attribute this derive reads.
pub const ATTRIBUTE: &str = "semantic";

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

/// The keys a struct takes, for messages and suggestions: the derive's own
/// keys plus the redacting sensitivities from `rehearse-lang`.
pub fn struct_keys() -> Vec<&'static str> {
    let mut keys = vec!["role", "name", "id", "actions"];
    keys.extend(redacting_sensitivities());
    keys
}

/// The keys a field takes: the derive's own keys, the redacting
/// sensitivities and every widget-reported state from `rehearse-lang`.
pub fn field_keys() -> Vec<&'static str> {
    let mut keys = vec!["name", "value", "id", "skip"];
    keys.extend(redacting_sensitivities());
    keys.extend(
        StateName::ALL
            .iter()
            .filter(|state| state.is_widget_reported())
            .map(|state| state.as_str()),
    );
    keys
}

fn redacting_sensitivities() -> impl Iterator<Item = &'static str> {
    Sensitivity::ALL.iter().filter(|level| level.is_redacted()).map(|level| level.as_str())
}

/// One `key` or `key = value` item of a `#[semantic(...)]` list.
struct Item {
    key: Ident,
    /// `=` and the tokens after it; the tokens are never empty.
    value: Option<(TokenTree, TokenStream)>,
}

impl Item {
    /// The `= value` part as tokens, for spans.
    fn value_tokens(&self) -> TokenStream {
        match &self.value {
            Some((eq, tokens)) => {
                let mut all = TokenStream::from(eq.clone());
                all.extend(tokens.clone());
                all
            }
            None => TokenStream::new(),
        }
    }
}

/// Which kind of item a list belongs to, for messages.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Struct,
    Field,
}

impl Place {
    fn describe(self) -> &'static str {
        match self {
            Self::Struct => "a struct",
            Self::Field => "a field",
        }
    }

    fn valid_keys(self) -> Vec<&'static str> {
        match self {
            Self::Struct => struct_keys(),
            Self::Field => field_keys(),
        }
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

/// Every key of every `#[semantic(...)]` attribute in `attrs`, in order; a
/// key given twice is reported once and only its first use is taken.
fn each_item(cx: &Ctxt, attrs: &[syn::Attribute], place: Place, mut take: impl FnMut(Item)) {
    let mut seen = Seen::default();
    for attr in attrs.iter().filter(|attr| attr.path().is_ident(ATTRIBUTE)) {
        for item in items(cx, attr, place) {
            if seen.first(cx, &item.key) {
                take(item);
            }
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
                    if !level.is_redacted() {
                        cx.error_spanned_by(
                            &item.key,
                            format!(
                                "values are `{key_name}` unless marked otherwise; remove \
                                 `{key_name}`"
                            ),
                        );
                    } else if reject_value(cx, &item) {
                        self.sensitivities.push(Keyed { key: item.key, value: level });
                    }
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
                    if !level.is_redacted() {
                        cx.error_spanned_by(
                            &item.key,
                            format!(
                                "values are `{key_name}` unless marked otherwise; remove \
                                 `{key_name}`"
                            ),
                        );
                    } else if reject_value(cx, &item) {
                        self.sensitivities.push(Keyed { key: item.key, value: level });
                    }
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

/// Tracks the keys of one struct or field, so a repeated key is one error.
#[derive(Default)]
struct Seen(Vec<String>);

impl Seen {
    /// Whether `key` is new; records an error when it is not.
    fn first(&mut self, cx: &Ctxt, key: &Ident) -> bool {
        let name = key.to_string();
        if self.0.contains(&name) {
            cx.error_spanned_by(key, format!("duplicate key `{name}`: it is already given above"));
            return false;
        }
        self.0.push(name);
        true
    }
}

fn engine_computed(cx: &Ctxt, key: &Ident, state: StateName) {
    cx.error_spanned_by(
        key,
        format!(
            "`{state}` is computed by the engine from geometry (a node laid out outside the \
             visible area is offscreen and hidden); a widget cannot report it. Remove `{state}`"
        ),
    );
}

fn unknown_key(cx: &Ctxt, key: &Ident, place: Place) {
    let given = key.to_string();
    let valid = place.valid_keys();
    let suggestions = closest(&given, valid.iter().copied());
    let hint = if suggestions.is_empty() {
        String::new()
    } else {
        format!("; did you mean {}?", or_list(&suggestions))
    };
    cx.error_spanned_by(
        key,
        format!(
            "unknown key `{given}` in `#[semantic(...)]` on {}{hint} (valid keys: {})",
            place.describe(),
            valid.join(", ")
        ),
    );
}

/// The value tokens of `item`, or an error (on the key) naming the expected form.
fn require_value<'i>(cx: &Ctxt, item: &'i Item, example: &str) -> Option<&'i TokenStream> {
    match &item.value {
        Some((_, tokens)) => Some(tokens),
        None => {
            cx.error_spanned_by(&item.key, format!("`{}` needs a value: `{example}`", item.key));
            None
        }
    }
}

/// `true` when `item` has no value; otherwise records an error on the value.
fn reject_value(cx: &Ctxt, item: &Item) -> bool {
    if item.value.is_none() {
        return true;
    }
    cx.error_spanned_by(
        item.value_tokens(),
        format!("`{0}` takes no value: write `{0}` alone", item.key),
    );
    false
}

/// Splits a `#[semantic(...)]` attribute into items at top-level commas.
/// Malformed items are reported and left out.
fn items(cx: &Ctxt, attr: &syn::Attribute, place: Place) -> Vec<Item> {
    let list = match &attr.meta {
        syn::Meta::List(list) if matches!(list.delimiter, syn::MacroDelimiter::Paren(_)) => list,
        other => {
            cx.error_spanned_by(
                other,
                format!(
                    "expected `#[semantic(...)]` with a list of keys (keys on {}: {})",
                    place.describe(),
                    place.valid_keys().join(", ")
                ),
            );
            return Vec::new();
        }
    };
    let mut segments: Vec<(Vec<TokenTree>, Option<TokenTree>)> = vec![(Vec::new(), None)];
    for tree in list.tokens.clone() {
        match &tree {
            TokenTree::Punct(punct) if punct.as_char() == ',' => {
                segments.last_mut().expect("never empty").1 = Some(tree);
                segments.push((Vec::new(), None));
            }
            _ => segments.last_mut().expect("never empty").0.push(tree),
        }
    }
    let mut items = Vec::new();
    for (tokens, comma) in segments {
        let mut tokens = tokens.into_iter();
        let Some(first) = tokens.next() else {
            // An empty segment is fine only at the very end (a trailing
            // comma, or `#[semantic()]`); `a,,b` and `(,a)` are not.
            if let Some(comma) = comma {
                cx.error_spanned_by(comma, "expected a key before this `,`");
            }
            continue;
        };
        let TokenTree::Ident(key) = first else {
            cx.error_spanned_by(
                &first,
                format!(
                    "expected a key (keys on {}: {})",
                    place.describe(),
                    place.valid_keys().join(", ")
                ),
            );
            continue;
        };
        let Some(second) = tokens.next() else {
            items.push(Item { key, value: None });
            continue;
        };
        let is_eq = matches!(&second, TokenTree::Punct(punct) if punct.as_char() == '=');
        if !is_eq {
            let mut rest = TokenStream::from(second);
            rest.extend(tokens);
            cx.error_spanned_by(
                rest,
                format!("expected `=` or `,` after `{key}` (write `key = value` or `key`)"),
            );
            continue;
        }
        let value: TokenStream = tokens.collect();
        if value.is_empty() {
            cx.error_spanned_by(&second, format!("missing value after `{key} =`"));
            continue;
        }
        items.push(Item { key, value: Some((second, value)) });
    }
    items
}

/// A kebab-case name written as tokens (`text - box`) or as a string
/// literal (`"text-box"`), and the tokens to point at.
fn kebab_or_string(tokens: &TokenStream) -> Option<(String, TokenStream)> {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    if let [TokenTree::Literal(_)] = trees.as_slice() {
        let literal = syn::parse2::<syn::LitStr>(tokens.clone()).ok()?;
        return Some((literal.value(), tokens.clone()));
    }
    let mut spelling = String::new();
    for (index, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(ident) if index % 2 == 0 => spelling.push_str(&ident.to_string()),
            TokenTree::Punct(punct) if index % 2 == 1 && punct.as_char() == '-' => {
                spelling.push('-');
            }
            _ => return None,
        }
    }
    if trees.len().is_multiple_of(2) {
        return None; // empty, or a trailing `-`
    }
    Some((spelling, tokens.clone()))
}

/// `[click, set-value]`; `None` (with errors recorded) when malformed. Each
/// unknown action is its own error, on its own tokens.
fn parse_actions(cx: &Ctxt, tokens: &TokenStream) -> Option<Vec<SemanticAction>> {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let group = match trees.as_slice() {
        [TokenTree::Group(group)] if group.delimiter() == Delimiter::Bracket => group,
        _ => {
            cx.error_spanned_by(
                tokens,
                "`actions` takes a list in brackets: `actions = [click, focus]` (`[]` for none)",
            );
            return None;
        }
    };
    let mut actions = Vec::new();
    let mut ok = true;
    let mut segment = TokenStream::new();
    let mut segments = Vec::new();
    for tree in group.stream() {
        match &tree {
            TokenTree::Punct(punct) if punct.as_char() == ',' => {
                segments.push((std::mem::take(&mut segment), Some(tree)));
            }
            _ => segment.extend([tree]),
        }
    }
    segments.push((segment, None));
    for (segment, comma) in segments {
        if segment.is_empty() {
            if let Some(comma) = comma {
                cx.error_spanned_by(comma, "expected an action before this `,`");
                ok = false;
            }
            continue;
        }
        let Some((spelling, span_tokens)) = kebab_or_string(&segment) else {
            cx.error_spanned_by(
                &segment,
                "expected an action name, such as `click` or `set-value`",
            );
            ok = false;
            continue;
        };
        match SemanticAction::parse(&spelling) {
            Ok(action) if actions.contains(&action) => {
                cx.error_spanned_by(span_tokens, format!("duplicate action `{action}`"));
                ok = false;
            }
            Ok(action) => actions.push(action),
            Err(unknown) => {
                cx.error_spanned_by(span_tokens, unknown);
                ok = false;
            }
        }
    }
    ok.then_some(actions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn kebab(tokens: TokenStream) -> Option<String> {
        kebab_or_string(&tokens).map(|(spelling, _)| spelling)
    }

    #[test]
    fn kebab_names_are_identifiers_joined_by_dashes() {
        assert_eq!(kebab(quote!(button)).as_deref(), Some("button"));
        assert_eq!(kebab(quote!(text - box)).as_deref(), Some("text-box"));
        assert_eq!(kebab(quote!(a - b - c)).as_deref(), Some("a-b-c"));
        assert_eq!(kebab(quote!("text-box")).as_deref(), Some("text-box"));
        for bad in
            [quote!(), quote!(text -), quote!(- box), quote!(text box), quote!(3), quote!(a + b)]
        {
            assert_eq!(kebab(bad.clone()), None, "{bad}");
        }
    }
}
