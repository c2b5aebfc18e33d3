//! Helpers the macros' unit tests share: expansions as token lists or text,
//! and the `compile_error!` messages in them.

use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};

use crate::tokens::delimiters;

/// The tokens as written (`quote!` would read `#id` as an interpolation).
macro_rules! tokens {
    ($($tokens:tt)*) => {
        ::proc_macro2::TokenStream::from_str(stringify!($($tokens)*)).expect("tokens")
    };
}
pub(crate) use tokens;

/// The expansion as a flat list of token strings (groups opened), for
/// order-sensitive assertions that do not depend on spacing.
pub(crate) fn flat(tokens: TokenStream) -> Vec<String> {
    let mut out = Vec::new();
    for tree in tokens {
        match tree {
            TokenTree::Group(group) => {
                let (open, close) = delimiters(group.delimiter());
                out.push(open.to_owned());
                out.extend(flat(group.stream()));
                out.push(close.to_owned());
            }
            other => out.push(other.to_string()),
        }
    }
    out.retain(|token| !token.is_empty());
    out
}

/// The expansion as text with one space between tokens (`::` kept whole).
pub(crate) fn spaced(tokens: TokenStream) -> String {
    flat(tokens).join(" ").replace(": :", "::")
}

/// Whether `haystack` (from [`spaced`]) holds the tokens of `needle`.
pub(crate) fn has(haystack: &str, needle: &str) -> bool {
    haystack.contains(&spaced(TokenStream::from_str(needle).expect("tokens")))
}

/// The messages of the `compile_error!`s in an expansion, in order.
pub(crate) fn compile_errors(expansion: &TokenStream) -> Vec<String> {
    flat(expansion.clone())
        .windows(4)
        .filter(|window| {
            window[0] == "compile_error" && window[1] == "!" && ["(", "{"].contains(&&*window[2])
        })
        .map(|window| syn::parse_str::<syn::LitStr>(&window[3]).expect("a string").value())
        .collect()
}
