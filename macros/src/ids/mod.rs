//! `automation_ids!`: an app's automation ids, declared once and shared by
//! its view (constants and family functions) and its tests
//! (`Component::AUTOMATION_IDS`, which `scenario!` checks against at compile
//! time). Parse ([`ast`]), validate, expand, like the derive.

mod ast;
mod expand;
mod validate;

#[cfg(test)]
mod tests;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ctxt::Ctxt;

/// Expands `automation_ids! { ... }`.
///
/// On error the output is the `compile_error!`s alone, next to a module of
/// the same name that holds whatever could be declared (so uses of its
/// constants do not cascade into "cannot find" errors).
pub fn automation_ids(input: TokenStream) -> TokenStream {
    let cx = Ctxt::new();
    let parsed = match ast::Input::from_tokens(&cx, input) {
        Ok(parsed) => parsed,
        Err(error) => {
            cx.push(error);
            let errors = cx.check().err().map(|errors| errors.to_compile_error());
            return quote! { #errors };
        }
    };
    let valid = validate::check(&cx, &parsed);
    match cx.check() {
        Ok(()) => expand::expand(&parsed),
        Err(errors) => {
            let module = expand::fallback(&parsed, &valid);
            let errors = errors.to_compile_error();
            quote! { #module #errors }
        }
    }
}
