//! The module `automation_ids!` generates, and the `const` assertions next
//! to it.
//!
//! ```text
//! /// docs
//! pub mod ids {
//!     /// The automation id `new-todo`.
//!     pub const NEW_TODO: &str = "new-todo";
//!     /// ...
//!     pub fn item(n: impl ::core::fmt::Display) -> ::std::string::String { .. }
//!     /// ...
//!     pub const DECLARED: ::rehearse::AutomationIds = { .. };
//! }
//! // with `for App`: `App` wires `ids::DECLARED` as its `AUTOMATION_IDS`.
//! const _: () = { .. };
//! ```

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use rehearse_lang::script::{FamilyPart, Placeholder, family_parts};
use syn::spanned::Spanned;

use crate::ids::ast::{EntryKind, Input};
use crate::scenario::{key_press, panic_over};

/// The expansion of a valid input.
pub fn expand(input: &Input) -> TokenStream {
    module(input, None)
}

/// The module of an input with errors: the entries that are valid
/// (`valid[i]` for entry `i`) and no assertions, so the mistakes are
/// reported once and uses of the valid names still resolve.
pub fn fallback(input: &Input, valid: &[bool]) -> TokenStream {
    module(input, Some(valid))
}

fn module(input: &Input, valid: Option<&[bool]>) -> TokenStream {
    let Input { attrs, vis, name, app, entries } = input;
    let checked = valid.is_none();
    let mut items = TokenStream::new();
    let mut declared = Vec::new();
    let mut refused = Vec::new();
    let mut widgets = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        if valid.is_some_and(|valid| !valid.get(index).copied().unwrap_or(false)) {
            continue;
        }
        let entry_attrs = &entry.attrs;
        let documented = has_doc(entry_attrs);
        match &entry.kind {
            EntryKind::Exact { name, id } => {
                let doc = (!documented).then(|| {
                    let doc = format!(" The automation id `{}`.", id.value());
                    quote! { #[doc = #doc] }
                });
                items.extend(quote! {
                    #(#entry_attrs)*
                    #doc
                    pub const #name: &str = #id;
                });
                declared.push(id.to_token_stream());
            }
            EntryKind::Family { name, pattern } => {
                items.extend(family(name, pattern, entry_attrs, documented));
                declared.push(pattern.to_token_stream());
            }
            EntryKind::Refuse { keys } => {
                refused.extend(keys.iter().filter_map(|key| key.key.as_ref().ok()).map(key_press));
            }
            EntryKind::Widget { ty } => {
                // A widget without a static id is reported by an assertion
                // next to the module; here it contributes an empty entry,
                // which matches no id, so nothing else fails with it.
                declared.push(quote_spanned! {ty.span()=>
                    match <#ty as ::rehearse::Semantic>::AUTOMATION_ID {
                        ::core::option::Option::Some(id) => id,
                        ::core::option::Option::None => "",
                    }
                });
                widgets.push(ty);
            }
        }
    }
    let module_doc = (!has_doc(attrs)).then(|| {
        let doc = match app {
            Some(app) => format!(
                " The automation ids of `{}`, declared with `rehearse::automation_ids!`.",
                crate::tokens::written(app.to_token_stream())
            ),
            None => " Automation ids declared with `rehearse::automation_ids!`.".to_owned(),
        };
        quote! { #[doc = #doc] }
    });
    let glob = (!widgets.is_empty()).then(|| {
        quote! {
            #[allow(unused_imports)]
            use super::*;
        }
    });
    let declared_doc = format!(
        " Every id above, exact and families, and the keys automation must never press: wire it as `const AUTOMATION_IDS: AutomationIds = {name}::DECLARED;` in the app's `impl Component`."
    );
    let module = quote! {
        #(#attrs)*
        #module_doc
        #vis mod #name {
            #glob
            #items
            #[doc = #declared_doc]
            pub const DECLARED: ::rehearse::AutomationIds = {
                const IDS: &[&str] = &[#(#declared),*];
                const REFUSED: &[::rehearse::KeyPress] = &[#(#refused),*];
                ::rehearse::AutomationIds::new(IDS).refusing(REFUSED)
            };
        }
    };
    let mut assertions = TokenStream::new();
    for ty in widgets.iter().filter(|_| checked) {
        let written = crate::tokens::written(ty.to_token_stream());
        let message = Literal::string(&format!(
            "`{written}` has no static automation id; give it `#[semantic(id = \"...\")]`, or declare its ids by name"
        ));
        let panic = panic_over(&ty.to_token_stream(), message.into_token_stream());
        assertions.extend(quote! {
            const _: () = {
                if <#ty as ::rehearse::Semantic>::AUTOMATION_ID.is_none() {
                    #panic
                }
            };
        });
    }
    if let Some(first) = widgets.first().filter(|_| checked) {
        let suffix = format!(
            "` is declared twice in `{name}` (a widget's static id repeats another declaration)"
        );
        let panic = panic_over(&first.to_token_stream(), quote! { "{}", message.as_str() });
        // The declarations as written: the capacity of the duplicate check's
        // hash table, which keeps the check linear.
        let capacity = Literal::usize_unsuffixed(declared.len());
        assertions.extend(quote! {
            const _: () = {
                if let ::core::option::Option::Some(declared) = #name::DECLARED.declared() {
                    if let ::core::option::Option::Some((_, later)) =
                        ::rehearse::__private::first_duplicate::<#capacity>(declared.entries())
                    {
                        let message = ::rehearse::__private::ConstMessage::new()
                            .push("automation id `")
                            .push(declared.entries()[later])
                            .push(#suffix);
                        #panic
                    }
                }
            };
        });
    }
    if let Some(app) = app.as_ref().filter(|_| checked) {
        let written = crate::tokens::written(app.to_token_stream());
        let message = Literal::string(&format!(
            "`{written}` does not use `{name}::DECLARED`; set `const AUTOMATION_IDS: rehearse::AutomationIds = {name}::DECLARED;` in its `impl Component` (an adopted ratatui app: in `impl rehearse::DeclaresIds`)"
        ));
        let panic = panic_over(&app.to_token_stream(), message.into_token_stream());
        assertions.extend(quote! {
            const _: () = {
                let app = <#app as ::rehearse::DeclaresIds>::AUTOMATION_IDS;
                let declared = #name::DECLARED;
                if !(::rehearse::__private::same_declared_ids(app.declared(), declared.declared())
                    && ::rehearse::__private::same_keys(app.refused_keys(), declared.refused_keys()))
                {
                    #panic
                }
            };
        });
    }
    quote! {
        #module
        #assertions
    }
}

/// The function of a family: its placeholders become `impl Display`
/// parameters, in order, named after them (`n`, `name`; numbered when one
/// repeats: `n1`, `n2`).
fn family(
    name: &Ident,
    pattern: &syn::LitStr,
    attrs: &[syn::Attribute],
    documented: bool,
) -> TokenStream {
    let value = pattern.value();
    let parts = family_parts(&value);
    let count = |wanted: Placeholder| {
        parts.iter().filter(|part| **part == FamilyPart::Placeholder(wanted)).count()
    };
    let mut seen = [0usize; 2];
    let mut format = String::new();
    let mut params: Vec<Ident> = Vec::new();
    let mut placeholders: Vec<Placeholder> = Vec::new();
    for part in &parts {
        match *part {
            FamilyPart::Text(text) => format.push_str(text),
            FamilyPart::Placeholder(placeholder) => {
                format.push_str("{}");
                let kind = placeholder.as_str();
                let seen_kind = &mut seen[usize::from(placeholder == Placeholder::IdChars)];
                *seen_kind += 1;
                params.push(if count(placeholder) > 1 {
                    format_ident!("{}{}", kind, *seen_kind, span = Span::call_site())
                } else {
                    Ident::new(kind, Span::call_site())
                });
                placeholders.push(placeholder);
            }
        }
    }
    let doc = (!documented).then(|| {
        let described: Vec<String> = placeholders
            .iter()
            .zip(&params)
            .map(|(placeholder, param)| format!("`{param}` ({})", placeholder.class()))
            .collect();
        let doc = format!(" The automation id `{value}` for {}.", described.join(" and "));
        quote! { #[doc = #doc] }
    });
    let format = Literal::string(&format);
    quote! {
        #(#attrs)*
        #doc
        pub fn #name(#(#params: impl ::core::fmt::Display),*) -> ::std::string::String {
            let id = ::std::format!(#format, #(#params),*);
            ::core::debug_assert!(
                ::rehearse::__private::matches_declared(#pattern, &id),
                "`{}` is not an id of the family `{}`",
                id,
                #pattern,
            );
            id
        }
    }
}

fn has_doc(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| attr.path().is_ident("doc"))
}
