//! The reader of `#[semantic(...)]` attributes: each list split into
//! `key` and `key = value` items, every malformed item and repeated key
//! recorded in the [`Ctxt`], the keys valid on a struct and on a field, and
//! the value forms shared by several keys (kebab-case names, action lists).

use proc_macro2::{Delimiter, Ident, TokenStream, TokenTree};
use rehearse_lang::suggest::{closest, or_list};
use rehearse_lang::{SemanticAction, Sensitivity, StateName, Vocabulary};
use syn::ext::IdentExt;

use crate::ctxt::Ctxt;

/// The attribute this derive reads.
pub const ATTRIBUTE: &str = "semantic";

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
pub struct Item {
    pub key: Ident,
    /// `=` and the tokens after it; the tokens are never empty.
    pub value: Option<(TokenTree, TokenStream)>,
}

impl Item {
    /// The `= value` part as tokens, for spans.
    pub fn value_tokens(&self) -> TokenStream {
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

/// Where an attribute list is, for messages and its valid keys.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A `#[semantic(...)]` on the struct.
    Struct,
    /// A `#[semantic(...)]` on a field.
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
/// Every key of every `#[semantic(...)]` attribute in `attrs`, in order; a
/// key given twice is reported once and only its first use is taken.
pub fn each_item(cx: &Ctxt, attrs: &[syn::Attribute], place: Place, mut take: impl FnMut(Item)) {
    let mut seen = Seen::default();
    for attr in attrs.iter().filter(|attr| attr.path().is_ident(ATTRIBUTE)) {
        for item in items(cx, attr, place) {
            if seen.first(cx, &item.key) {
                take(item);
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

/// Records an unknown key with the closest valid keys and every valid one.
pub fn unknown_key(cx: &Ctxt, key: &Ident, place: Place) {
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
pub fn require_value<'i>(cx: &Ctxt, item: &'i Item, example: &str) -> Option<&'i TokenStream> {
    match &item.value {
        Some((_, tokens)) => Some(tokens),
        None => {
            cx.error_spanned_by(&item.key, format!("`{}` needs a value: `{example}`", item.key));
            None
        }
    }
}

/// `true` when `item` has no value; otherwise records an error on the value.
pub fn reject_value(cx: &Ctxt, item: &Item) -> bool {
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
        // `r#type` is the key `type`: a raw identifier is only an escape.
        let key = key.unraw();
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
pub fn kebab_or_string(tokens: &TokenStream) -> Option<(String, TokenStream)> {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    if let [TokenTree::Literal(_)] = trees.as_slice() {
        let literal = syn::parse2::<syn::LitStr>(tokens.clone()).ok()?;
        return Some((literal.value(), tokens.clone()));
    }
    let mut spelling = String::new();
    for (index, tree) in trees.iter().enumerate() {
        match tree {
            // `r#button` is `button`: a raw identifier is only an escape.
            TokenTree::Ident(ident) if index % 2 == 0 => {
                spelling.push_str(&ident.unraw().to_string());
            }
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
pub fn parse_actions(cx: &Ctxt, tokens: &TokenStream) -> Option<Vec<SemanticAction>> {
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
        assert_eq!(kebab(quote!(r#button)).as_deref(), Some("button"));
        assert_eq!(kebab(quote!(r#text - r#box)).as_deref(), Some("text-box"));
        for bad in
            [quote!(), quote!(text -), quote!(- box), quote!(text box), quote!(3), quote!(a + b)]
        {
            assert_eq!(kebab(bad.clone()), None, "{bad}");
        }
    }
}
