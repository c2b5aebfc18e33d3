//! Token-level helpers shared by the macros: splitting a body into
//! `;`-terminated statements, group delimiters, tokens as a person writes
//! them, and the tokens an error spanning several tokens is spanned by.

use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};
use quote::ToTokens;

/// The tokens of one statement and whether a `;` ended it.
pub struct Statement {
    /// The tokens before the `;` (empty for `;;`).
    pub tokens: Vec<TokenTree>,
    /// Whether a `;` ended the statement (only the last one may lack it).
    pub terminated: bool,
}

/// Splits on top-level `;`. An empty statement (`;;`) is kept, so callers
/// see where it was; a trailing piece without `;` is unterminated.
pub fn split_statements(tokens: TokenStream) -> Vec<Statement> {
    let mut statements = Vec::new();
    let mut current = Vec::new();
    for tree in tokens {
        match &tree {
            TokenTree::Punct(punct) if punct.as_char() == ';' => {
                statements
                    .push(Statement { tokens: std::mem::take(&mut current), terminated: true });
            }
            _ => current.push(tree),
        }
    }
    if !current.is_empty() {
        statements.push(Statement { tokens: current, terminated: false });
    }
    statements
}

/// The opening and closing spelling of a group's delimiter (nothing for an
/// invisible group).
pub fn delimiters(delimiter: Delimiter) -> (&'static str, &'static str) {
    match delimiter {
        Delimiter::Parenthesis => ("(", ")"),
        Delimiter::Brace => ("{", "}"),
        Delimiter::Bracket => ("[", "]"),
        Delimiter::None => ("", ""),
    }
}

/// Tokens as a person writes them: a space only between two words.
pub fn written(tokens: TokenStream) -> String {
    fn walk(tokens: TokenStream, out: &mut String, last_word: &mut bool) {
        for tree in tokens {
            match tree {
                TokenTree::Group(group) => {
                    let (open, close) = delimiters(group.delimiter());
                    out.push_str(open);
                    *last_word = false;
                    walk(group.stream(), out, last_word);
                    out.push_str(close);
                    *last_word = false;
                }
                TokenTree::Punct(punct) => {
                    out.push(punct.as_char());
                    *last_word = false;
                }
                word => {
                    if *last_word {
                        out.push(' ');
                    }
                    out.push_str(&word.to_string());
                    *last_word = true;
                }
            }
        }
    }
    let mut out = String::new();
    walk(tokens, &mut out, &mut false);
    out
}

/// Tokens whose first and last spans are `start` and `end`: a `syn::Error`
/// spanned by them underlines everything from `start` to `end`.
pub fn span_pair(start: Span, end: Span) -> TokenStream {
    let mut tokens = Ident::new("start", start).into_token_stream();
    Ident::new("end", end).to_tokens(&mut tokens);
    tokens
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    #[test]
    fn statements_end_at_top_level_semicolons() {
        let statements = split_statements(TokenStream::from_str("a; { b; c };; d").unwrap());
        let shape: Vec<(usize, bool)> =
            statements.iter().map(|s| (s.tokens.len(), s.terminated)).collect();
        assert_eq!(shape, [(1, true), (1, true), (0, true), (1, false)]);
    }
}
