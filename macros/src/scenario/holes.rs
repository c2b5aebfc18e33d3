//! `{expr}` in a step: a Rust value interpolated where the step takes an
//! id, a name, text, a value, a count, a duration, a size or a point
//! (`click:#{ids::card(n)}; type:{title}; wait-for:count={n},@list-item,500;`).
//!
//! At compile time each value is *probed*: it stands in as quoted text
//! first, and as a number when the grammar wants something bare there
//! (an id, a count, a size), so the step's shape is checked with every
//! other check. At run time the values' `Display` goes into the step's
//! written text, which is parsed then — so what a value makes invalid fails
//! when the step runs, with the grammar's own message, and the step's
//! spelling in results shows the values it ran with.
//!
//! `{const PATH}` is a constant (`#{const ids::SAVE}`): with `app = App;`,
//! an id it names is checked against `App`'s declarations at compile time.

use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned};
use rehearse_lang::script::{
    Dialect, GrammarError, Lexeme, Located, ParsedStep, parse_step_in, quote,
};

use crate::scenario::hole::{Hole, HoleKind};
use crate::scenario::lex::RawStep;

/// Parses a step, probing how each of its values stands: as text first,
/// bare where the grammar refuses text.
pub fn parse(raw: &mut RawStep) -> Result<ParsedStep, GrammarError> {
    if raw.holes.is_empty() {
        return parse_step_in(&raw.lexemes, Dialect::Scenario);
    }
    loop {
        match parse_step_in(&probed(raw), Dialect::Scenario) {
            Ok(parsed) => return Ok(parsed),
            Err(error) => {
                let Some(hole) = raw
                    .holes
                    .iter_mut()
                    .find(|hole| hole.kind == HoleKind::Text && hole.within(error.range))
                else {
                    return Err(named(raw, error));
                };
                hole.kind = HoleKind::Bare;
            }
        }
    }
}

/// The error with each value's probe named by the value as written
/// (`{size}` rather than the `2` that stood in for it).
fn named(raw: &RawStep, mut error: GrammarError) -> GrammarError {
    for hole in raw.holes.iter().filter(|hole| hole.within(error.range)) {
        let probe: String = hole
            .probe()
            .iter()
            .map(|lexeme| match lexeme {
                Lexeme::Char(character) => character.to_string(),
                Lexeme::Quoted(text) => text.clone(),
            })
            .collect();
        let written = format!("{{{}}}", hole.expr);
        // A number probe only where the message quotes it whole (`2`, not
        // the 2 in `120x40`); the text probe is a private-use character.
        error.message = match hole.kind {
            HoleKind::Bare => error.message.replace(&format!("`{probe}`"), &format!("`{written}`")),
            HoleKind::Text => error.message.replace(&probe, &written),
        };
        error.suggestions.retain(|suggestion| !suggestion.contains(&probe));
    }
    error
}

/// The step's lexemes with every value's probe in its place.
fn probed(raw: &RawStep) -> Vec<Located<Lexeme>> {
    let mut out = Vec::with_capacity(raw.lexemes.len());
    let mut holes = raw.holes.iter().peekable();
    for lexeme in &raw.lexemes {
        match holes.peek() {
            Some(hole) if hole.loc == lexeme.loc && matches!(lexeme.value, Lexeme::Quoted(_)) => {
                out.extend(hole.probe().into_iter().map(|probe| Located::new(probe, lexeme.loc)));
                holes.next();
            }
            _ => out.push(lexeme.clone()),
        }
    }
    out
}

/// One piece of the step's text for the run-time parse: written text, or a
/// value with how it stands.
enum Piece<'a> {
    /// Written text, as the script spelling has it.
    Written(String),
    /// A value.
    Value(&'a Hole),
}

/// The `Interpolated` pieces the step is built from when it runs: its
/// written text and each value's `Display` (a type error points at the
/// value).
pub fn lower(raw: &RawStep) -> TokenStream {
    let mut tokens = TokenStream::new();
    for piece in pieces(raw) {
        tokens.extend(match piece {
            Piece::Written(text) => {
                let text = Literal::string(&text);
                quote! { ::rehearse::__private::Interpolated::Written(#text), }
            }
            Piece::Value(hole) => {
                let expr = &hole.expr;
                let kind = match hole.kind {
                    HoleKind::Text => quote! { Text },
                    HoleKind::Bare => quote! { Bare },
                };
                quote_spanned! {hole.span=>
                    ::rehearse::__private::Interpolated::#kind(
                        ::std::string::ToString::to_string(&(#expr))
                    ),
                }
            }
        });
    }
    tokens
}

/// The step's text around its values.
fn pieces(raw: &RawStep) -> Vec<Piece<'_>> {
    let mut pieces = Vec::new();
    let mut written = String::new();
    let mut holes = raw.holes.iter().peekable();
    for lexeme in &raw.lexemes {
        match (holes.peek(), &lexeme.value) {
            (Some(hole), Lexeme::Quoted(_)) if hole.loc == lexeme.loc => {
                if !written.is_empty() {
                    pieces.push(Piece::Written(std::mem::take(&mut written)));
                }
                pieces.push(Piece::Value(hole));
                holes.next();
            }
            (_, Lexeme::Char(character)) => written.push(*character),
            (_, Lexeme::Quoted(text)) => written.push_str(&quote(text)),
        }
    }
    if !written.is_empty() {
        pieces.push(Piece::Written(written));
    }
    pieces
}
