//! The expansion of `scenario!`: the steps lowered to the constructor calls
//! that build them (each by [`super::lower`]), and the `const` assertions
//! that check them against the app's declarations.
//!
//! The expansion is one block expression:
//!
//! ```text
//! {
//!     // with `app = App;` only, one assertion per id and per key:
//!     const APP_IDS: ::rehearse::AutomationIds = <App as ::rehearse::DeclaresIds>::AUTOMATION_IDS;
//!     const _: () = { /* panics, spanned at the id, if APP_IDS does not declare it */ };
//!     ::rehearse::Scenario::new()
//!         .step_at(::rehearse::AutomationStep::click(::rehearse::Selector::id("save")),
//!                  "click:#save", ::core::file!(), ::core::line!(), ::core::column!())
//! }
//! ```
//!
//! Every path is absolute; the one name introduced (`APP_IDS`, mixed-site)
//! lives in the block and cannot clash with the caller's.

use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned};
use rehearse_lang::script::ParsedStep;

use crate::scenario::app_check;
use crate::scenario::lex::Input;
use crate::scenario::lower::lower_step;
use crate::tokens::span_pair;

/// The whole expansion. With `errors`, the steps are left out: the block
/// holds the `compile_error!`s, the assertions of the steps that parsed, and
/// an empty `Scenario`, so one mistake is one message.
pub fn expand(
    input: &Input,
    parsed: &[Option<ParsedStep>],
    errors: Option<syn::Error>,
) -> TokenStream {
    let assertions = input.app.as_ref().map(|app| app_check::assertions(input, app, parsed));
    let mut chain = quote! { ::rehearse::Scenario::new() };
    let mut lowering_errors = TokenStream::new();
    let mut included_files = TokenStream::new();
    if errors.is_none() {
        for (raw, parsed) in input.steps.iter().zip(parsed) {
            if raw.included.is_some() {
                match crate::scenario::include::lower(raw) {
                    Ok((reads, steps)) => {
                        included_files.extend(reads);
                        chain.extend(steps);
                    }
                    Err(what) => {
                        let error = syn::Error::new(
                            raw.first,
                            format!("`scenario!` cannot lower {what} from this `use:` yet"),
                        );
                        lowering_errors.extend(error.to_compile_error());
                    }
                }
                continue;
            }
            let Some(parsed) = parsed else { continue };
            if !raw.holes.is_empty() {
                let pieces = crate::scenario::holes::lower(raw);
                let site = quote_spanned! {raw.first=>
                    ::core::file!(), ::core::line!(), ::core::column!()
                };
                chain.extend(quote! { .step_interpolated(&[#pieces], #site) });
                continue;
            }
            match lower_step(&parsed.step) {
                Ok(step) => {
                    let spelling = Literal::string(&raw.spelling);
                    let site = quote_spanned! {raw.first=>
                        ::core::file!(), ::core::line!(), ::core::column!()
                    };
                    chain.extend(quote! { .step_at(#step, #spelling, #site) });
                }
                Err(what) => {
                    let (start, end) = input.span_range(parsed.facts.range);
                    let error = syn::Error::new_spanned(
                        span_pair(start, end),
                        format!("`scenario!` cannot lower {what} yet; write the step in code"),
                    );
                    lowering_errors.extend(error.to_compile_error());
                }
            }
        }
    }
    if !lowering_errors.is_empty() {
        chain = quote! { ::rehearse::Scenario::new() };
    }
    let errors = errors.map(|errors| errors.to_compile_error());
    quote! {
        {
            #errors
            #lowering_errors
            #included_files
            #assertions
            #chain
        }
    }
}
