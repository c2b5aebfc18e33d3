//! One `{expr}` of a step as the lexer finds it: the value, where it is,
//! and how it stands once probed (see [`super::holes`] for how steps with
//! values are checked and lowered).

use proc_macro2::{Span, TokenStream, TokenTree};
use rehearse_lang::script::{Lexeme, Loc, LocRange};

/// One `{expr}` of a step.
pub struct Hole {
    /// The expression (without a leading `const`).
    pub expr: TokenStream,
    /// Written `{const EXPR}`: a constant whose id the compiler can check.
    pub constant: bool,
    /// The braces' span.
    pub span: Span,
    /// Its token's location.
    pub loc: Loc,
    /// Its number among every value of the `scenario!` (probes differ).
    pub number: usize,
    /// How it stands in the step, once probed.
    pub kind: HoleKind,
}

/// How a value stands in a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoleKind {
    /// As free text (a name, text to type, a value): quoted.
    Text,
    /// Bare: an id, a number, a duration, a size, a point.
    Bare,
}

impl Hole {
    /// The value in `braces`, not yet located or probed.
    pub fn new(braces: TokenStream, span: Span) -> Self {
        let mut tokens: Vec<TokenTree> = braces.into_iter().collect();
        let constant = matches!(tokens.first(), Some(TokenTree::Ident(word)) if word == "const");
        if constant {
            tokens.remove(0);
        }
        Self {
            expr: tokens.into_iter().collect(),
            constant,
            span,
            loc: Loc(0),
            number: 0,
            kind: HoleKind::Text,
        }
    }

    /// Whether `range` covers the value.
    pub fn within(&self, range: LocRange) -> bool {
        range.start <= self.loc && self.loc <= range.end
    }

    /// What stands in for the value while the step is checked: text no
    /// step could mean, or a number that is a valid id, count, duration,
    /// size component and coordinate, different for every value.
    pub fn probe(&self) -> Vec<Lexeme> {
        let number = self.number + 1;
        match self.kind {
            HoleKind::Text => vec![Lexeme::Quoted(format!("\u{e000}{number}"))],
            HoleKind::Bare => number.to_string().chars().map(Lexeme::Char).collect(),
        }
    }
}
