//! Lowering an `expect-tree:` outline to the constructor calls that build
//! it (`::rehearse::__private::NodePattern::new(..).name(..).child(..)`).
//! Its regular expressions were checked when the step was parsed.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;
use rehearse_lang::{NodePattern, StatePattern, TextPattern, TreePattern};

use super::lower_regex::regex;

/// The expression that builds `pattern`.
pub(super) fn tree_pattern(pattern: &TreePattern) -> TokenStream {
    let nodes = pattern.nodes.iter().map(node);
    quote! { ::rehearse::__private::TreePattern::new([#(#nodes),*]) }
}

fn node(pattern: &NodePattern) -> TokenStream {
    let role = Ident::new(pattern.role.variant_name(), Span::call_site());
    let mut tokens = quote! {
        ::rehearse::__private::NodePattern::new(::rehearse::__private::SemanticRole::#role)
    };
    if let Some(name) = &pattern.name {
        let name = text(name);
        tokens = quote! { #tokens.name(#name) };
    }
    if pattern.states != StatePattern::default() {
        let states = states(&pattern.states);
        tokens = quote! { #tokens.states(#states) };
    }
    if let Some(value) = &pattern.value {
        let value = text(value);
        tokens = quote! { #tokens.value(#value) };
    }
    for child in &pattern.children {
        let child = node(child);
        tokens = quote! { #tokens.child(#child) };
    }
    tokens
}

fn text(pattern: &TextPattern) -> TokenStream {
    match pattern {
        TextPattern::Exact(text) => {
            let text = Literal::string(text);
            quote! { ::rehearse::__private::TextPattern::exact(#text) }
        }
        TextPattern::Regex(matching) => {
            let matching = regex(matching);
            quote! { ::rehearse::__private::TextPattern::Regex(#matching) }
        }
    }
}

fn states(states: &StatePattern) -> TokenStream {
    let flag = |value: Option<bool>| match value {
        Some(value) => quote! { ::core::option::Option::Some(#value) },
        None => quote! { ::core::option::Option::None },
    };
    let (focused, disabled, selected) =
        (flag(states.focused), flag(states.disabled), flag(states.selected));
    let (expanded, readonly, modal) =
        (flag(states.expanded), flag(states.readonly), flag(states.modal));
    let checked = match states.checked {
        Some(checked) => {
            let checked = Ident::new(checked.variant_name(), Span::call_site());
            quote! { ::core::option::Option::Some(::rehearse::__private::Checked::#checked) }
        }
        None => quote! { ::core::option::Option::None },
    };
    quote! {
        ::rehearse::__private::StatePattern {
            focused: #focused,
            disabled: #disabled,
            selected: #selected,
            checked: #checked,
            expanded: #expanded,
            readonly: #readonly,
            modal: #modal,
        }
    }
}
