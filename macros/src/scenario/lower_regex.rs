//! Lowering a regular expression of a selector, a predicate or an outline
//! to the `TextRegex` that builds it.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use rehearse_lang::TextRegex;

/// A regular expression of a selector or a predicate. Its syntax was
/// checked when the step was parsed, so the generated `TextRegex::new`
/// cannot fail.
pub(super) fn regex(regex: &TextRegex) -> TokenStream {
    let pattern = Literal::string(regex.pattern());
    let ignoring_case = regex.ignores_case().then(|| quote! { .ignoring_case() });
    quote! {
        (match ::rehearse::__private::TextRegex::new(#pattern) {
            ::core::result::Result::Ok(regex) => regex,
            ::core::result::Result::Err(why) => ::core::panic!("{}", why),
        }) #ignoring_case
    }
}
