//! Procedural macros for rehearse. Use them through the `rehearse` crate.

mod ctxt;
mod derive;

use proc_macro::TokenStream;

/// Implements `rehearse::Semantic` for a widget struct.
#[proc_macro_derive(Semantic, attributes(semantic))]
pub fn derive_semantic(input: TokenStream) -> TokenStream {
    derive::semantic(input.into()).into()
}
