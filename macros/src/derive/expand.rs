//! Code generation for a validated input.
//!
//! Every path is absolute (`::rehearse::__private::...`, `::core::...`), the
//! body is one builder chain, and the only names introduced are lifetimes in
//! where-clauses: nothing leaks into, or depends on, the user's scope.

use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use rehearse_lang::{SemanticRole, Sensitivity, StateName};
use syn::spanned::Spanned;

use crate::derive::ast::Input;

/// The `impl ::rehearse::Semantic` of a valid input.
pub fn expand(input: &Input<'_>) -> TokenStream {
    let container = &input.container;
    let ident = input.ident;
    let role = container.role.as_ref().map_or(SemanticRole::Generic, |role| role.value);
    let role = variant(role.variant_name());
    let mut chain = quote! {
        ::rehearse::__private::SemanticFacts::new(::rehearse::__private::SemanticRole::#role)
    };
    if let Some(name) = &container.name {
        let name = &name.value;
        chain.extend(quote! { .name(#name) });
    }
    let automation_id = container.id.as_ref().map(|id| {
        let id = &id.value;
        chain.extend(quote! { .automation_id(#id) });
        quote! {
            const AUTOMATION_ID: ::core::option::Option<&'static str> =
                ::core::option::Option::Some(#id);
        }
    });
    if let Some(actions) = &container.actions {
        let actions = actions.value.iter().map(|&action| variant(action.variant_name()));
        chain.extend(quote! {
            .actions(::rehearse::__private::ActionSet::from_slice(&[
                #(::rehearse::__private::SemanticAction::#actions),*
            ]))
        });
    }
    // The stricter of the struct's and the value field's sensitivity (they
    // are equal or one is absent: `validate` rejects contradictions).
    let struct_sensitivity = container.sensitivities.first().map(|level| level.value);

    let mut bounds: Vec<TokenStream> = Vec::new();
    let type_params: Vec<&Ident> = input.generics.type_params().map(|param| &param.ident).collect();
    let mut dynamic_id = None;
    for field in input.fields.iter().filter(|field| field.keys.skip.is_none()) {
        let keys = &field.keys;
        let ty = field.ty;
        let member = respan_member(&field.member, ty.span());
        // The argument carries the field type's span, so a type that does not
        // fit (`Vec<String>` as a value) is reported on the field.
        let by_ref = quote_spanned! {ty.span()=> &self.#member };
        let generic = mentions_any(ty, &type_params);
        if keys.name.is_some() {
            chain.extend(quote! { .label(#by_ref) });
        }
        if keys.value.is_some() {
            let level = keys
                .sensitivities
                .first()
                .map(|level| level.value)
                .into_iter()
                .chain(struct_sensitivity)
                .fold(Sensitivity::Public, Sensitivity::max);
            let level = variant(level.variant_name());
            chain.extend(quote! {
                .value(#by_ref, ::rehearse::__private::Sensitivity::#level)
            });
        }
        if generic && (keys.name.is_some() || keys.value.is_some()) {
            bounds.push(quote! {
                for<'__rehearse> &'__rehearse #ty: ::rehearse::__private::IntoSemanticText
            });
        }
        if keys.id.is_some() {
            if generic {
                bounds.push(quote! { #ty: ::rehearse::__private::AutomationIdSource });
            }
            dynamic_id = Some(by_ref.clone());
        }
        for state in &keys.states {
            let method = state_method(state.value);
            let by_value = quote_spanned! {ty.span()=> self.#member };
            chain.extend(quote! { .#method(#by_value) });
        }
    }
    let body = match dynamic_id {
        Some(id) => quote! { ::rehearse::__private::with_automation_id(#chain, #id) },
        None => chain,
    };

    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let where_clause = extend_where(where_clause, &bounds);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::rehearse::Semantic for #ident #ty_generics #where_clause {
            #automation_id
            fn semantics(&self) -> ::rehearse::__private::SemanticFacts {
                #body
            }
        }
    }
}

/// The enum variant of a vocabulary member, named by the vocabulary itself
/// (`SemanticRole::TextBox.variant_name()`), so no spelling is repeated here.
fn variant(name: &'static str) -> Ident {
    Ident::new(name, Span::call_site())
}

/// The `SemanticFacts` builder method that reports `state`: the state's
/// spelling (`checked` -> `.checked(..)`).
fn state_method(state: StateName) -> Ident {
    debug_assert!(state.is_widget_reported(), "`ast` rejects engine-computed states");
    format_ident!("{}", state.as_str())
}

/// `member` carrying `span`, so that `&self.member` as a whole points at the
/// field's type (and not from the field's name to its type).
fn respan_member(member: &syn::Member, span: Span) -> syn::Member {
    match member {
        syn::Member::Named(ident) => {
            let mut ident = ident.clone();
            ident.set_span(span);
            syn::Member::Named(ident)
        }
        syn::Member::Unnamed(index) => {
            syn::Member::Unnamed(syn::Index { index: index.index, span })
        }
    }
}

/// Whether `ty` mentions one of the struct's type parameters.
fn mentions_any(ty: &syn::Type, params: &[&Ident]) -> bool {
    fn walk(tokens: TokenStream, params: &[&Ident]) -> bool {
        tokens.into_iter().any(|tree| match tree {
            TokenTree::Ident(ident) => params.iter().any(|param| **param == ident),
            TokenTree::Group(group) => walk(group.stream(), params),
            _ => false,
        })
    }
    !params.is_empty() && walk(ty.to_token_stream(), params)
}

fn extend_where(existing: Option<&syn::WhereClause>, bounds: &[TokenStream]) -> TokenStream {
    if bounds.is_empty() {
        return existing.to_token_stream();
    }
    let predicates = existing.map(|clause| &clause.predicates).into_iter().flatten();
    quote! { where #(#predicates,)* #(#bounds,)* }
}
