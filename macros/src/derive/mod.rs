//! `#[derive(Semantic)]`: read the `#[semantic(...)]` attributes ([`attr`])
//! into a small AST ([`ast`]), validate it, expand it, or emit the
//! [`fallback`] impl beside the errors. Every function works on `proc_macro2` tokens, so the whole
//! pipeline is unit-testable without a compiler.

mod ast;
mod attr;
mod expand;
mod fallback;
mod validate;

#[cfg(test)]
mod tests;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ctxt::Ctxt;

/// Expands `#[derive(Semantic)]` on `input` (the item the derive is on).
///
/// On error the output still holds an `impl ::rehearse::Semantic` (a dummy
/// one) next to one `compile_error!` per mistake, so a mistake in the
/// attributes never cascades into "`Semantic` is not implemented" errors at
/// every use of the type.
pub fn semantic(input: TokenStream) -> TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let cx = Ctxt::new();
    let parsed = ast::Input::from_syn(&cx, &input);
    if let Some(parsed) = &parsed {
        validate::check(&cx, parsed);
    }
    match (cx.check(), parsed) {
        (Ok(()), Some(parsed)) => expand::expand(&parsed),
        (Ok(()), None) => unreachable!("an input that did not parse always records an error"),
        (Err(errors), _) => {
            let dummy = fallback::dummy_impl(&input);
            let errors = errors.to_compile_error();
            quote! { #dummy #errors }
        }
    }
}
