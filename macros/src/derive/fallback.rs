//! The impl emitted when the input has errors: a dummy `Semantic` impl next
//! to the `compile_error!`s, as thiserror emits one, so a mistake in the
//! attributes is reported once and not again as "`Semantic` is not
//! implemented" at every use of the type.

use proc_macro2::TokenStream;
use quote::quote;

/// The impl emitted next to the errors of an invalid input, so the mistake
/// is reported once and not again at every use of the type.
pub fn dummy_impl(input: &syn::DeriveInput) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics ::rehearse::Semantic for #ident #ty_generics #where_clause {
            fn semantics(&self) -> ::rehearse::__private::SemanticFacts {
                ::rehearse::__private::SemanticFacts::new(
                    ::rehearse::__private::SemanticRole::Generic,
                )
            }
        }
    }
}
