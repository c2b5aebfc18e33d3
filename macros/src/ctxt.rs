//! An error collector shared by every macro of the crate.
//!
//! Modelled on serde_derive's `Ctxt`: a macro pushes every problem it finds
//! while it walks its input, keeps going, and calls [`Ctxt::check`] once at
//! the end, so one compile reports every mistake of one input instead of
//! stopping at the first. Nothing here is specific to the derive.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// Collects `syn::Error`s. Must be consumed with [`Ctxt::check`]; dropping it
/// unchecked is a bug in the macro and panics (outside an unwinding panic).
#[derive(Debug, Default)]
pub struct Ctxt {
    // `None` once checked, so a use after `check` is caught.
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    /// An empty collector.
    pub fn new() -> Self {
        Self { errors: RefCell::new(Some(Vec::new())) }
    }

    /// Records an error spanning `tokens` (the first to the last token).
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.push(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// Records an error that is already built (e.g. from a syn parser).
    pub fn push(&self, error: syn::Error) {
        self.errors.borrow_mut().as_mut().expect("Ctxt used after check()").push(error);
    }

    /// Consumes the collector: `Ok` when nothing was recorded, otherwise every
    /// error combined into one (each still keeps its own span and message).
    pub fn check(self) -> syn::Result<()> {
        let errors = self.errors.borrow_mut().take().expect("Ctxt checked twice");
        let mut iter = errors.into_iter();
        let Some(mut combined) = iter.next() else {
            return Ok(());
        };
        for error in iter {
            combined.combine(error);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !std::thread::panicking() && self.errors.borrow().is_some() {
            panic!("Ctxt dropped without check()");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::Span;

    #[test]
    fn clean_context_checks_ok() {
        assert!(Ctxt::new().check().is_ok());
    }

    #[test]
    fn every_error_is_kept_in_order() {
        let cx = Ctxt::new();
        cx.push(syn::Error::new(Span::call_site(), "first"));
        cx.error_spanned_by(quote::quote!(a b c), "second");
        cx.push(syn::Error::new(Span::call_site(), "third"));
        let error = cx.check().unwrap_err();
        let messages: Vec<String> = error.into_iter().map(|e| e.to_string()).collect();
        assert_eq!(messages, ["first", "second", "third"]);
    }

    #[test]
    #[should_panic(expected = "without check")]
    fn dropping_unchecked_is_a_bug() {
        let cx = Ctxt::new();
        cx.error_spanned_by(quote::quote!(lost), "lost");
        drop(cx);
    }
}
