//! Lexing `scenario!`'s input: splitting it into the optional `app = Path;`
//! (or `ids = module;`) and `plane = engine|terminal;` headers and
//! steps, and lexing every step into the grammar's front-end-neutral input.
//!
//! Each step is the tokens up to a top-level `;`. A string literal becomes
//! one [`Lexeme::Quoted`] with its value; every other token becomes one
//! [`Lexeme::Char`] per character of its spelling (an identifier, a
//! punctuation character, a number such as `500ms` or `120x40`, a group's
//! delimiters), and no whitespace is inserted between tokens. Every lexeme
//! of a token is located by the token's index in [`Input::spans`], so a
//! grammar error maps back to the exact tokens at fault.

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};
use rehearse_lang::Vocabulary;
use rehearse_lang::script::{Lexeme, Loc, LocRange, Located, PlaneName, quote};

use crate::ctxt::Ctxt;
use crate::scenario::hole::Hole;
use crate::tokens::{delimiters, split_statements, written};

/// The lexed input of one `scenario!` call.
pub struct Input {
    /// The `app = Path;` (or `ids = module;`) header, if given.
    pub app: Option<App>,
    /// The `plane = engine|terminal;` header, if given: steps the plane
    /// cannot take are compile errors.
    pub plane: Option<PlaneName>,
    /// The steps, in order (empty steps are skipped).
    pub steps: Vec<RawStep>,
    /// The span of every token of every step, indexed by [`Loc`].
    pub spans: Vec<Span>,
    /// How many `{expr}` values the steps before hold (numbers them).
    pub holes_seen: usize,
    /// The directory `use:PATH` is relative to: the calling file's, when
    /// the compiler names it.
    pub dir: Option<std::path::PathBuf>,
}

/// The `app = Path;` header, or `ids = module;` for an app without a
/// type of its own (its ids declared by `automation_ids! { pub mod ids { … } }`).
pub struct App {
    /// Where the declarations are.
    pub source: Declarations,
    /// The type or module as written, for messages (`TodoApp`,
    /// `todo::TodoApp`, `countdown::ids`).
    pub written: String,
}

/// Where a `scenario!` header finds the ids and refused keys.
pub enum Declarations {
    /// `app = Type;`: `<Type as rehearse::DeclaresIds>::AUTOMATION_IDS`.
    App(syn::Type),
    /// `ids = module;`: `module::DECLARED`, as `automation_ids!` makes it.
    Ids(syn::Path),
}

/// One step's lexemes and how it was written.
pub struct RawStep {
    /// The grammar's input for the step.
    pub lexemes: Vec<Located<Lexeme>>,
    /// The span of the step's first token (for `line!()` and `column!()`).
    pub first: Span,
    /// The locations of the first and last lexemes.
    pub range: LocRange,
    /// The step as written: characters as they are, string literals
    /// re-quoted, no whitespace.
    pub spelling: String,
    /// The `{expr}` values in it, in order.
    pub holes: Vec<Hole>,
    /// For `use:PATH`, the script file's steps, read and checked.
    pub included: Option<rehearse_lang::script::Script>,
}

impl Input {
    /// Splits and lexes `tokens`, recording every malformed header, stray
    /// header and missing `;` in `cx`.
    pub fn from_tokens(cx: &Ctxt, tokens: TokenStream) -> Self {
        let mut input = Self {
            app: None,
            plane: None,
            steps: Vec::new(),
            spans: Vec::new(),
            holes_seen: 0,
            dir: None,
        };
        let statements = split_statements(tokens);
        let mut headers_seen: Vec<&'static str> = Vec::new();
        for mut statement in statements {
            statement.tokens = without_doc_comments(cx, statement.tokens);
            if statement.tokens.is_empty() {
                continue;
            }
            if !statement.terminated {
                let end = statement.tokens.last().map_or_else(Span::call_site, TokenTree::span);
                cx.push(syn::Error::new(
                    end,
                    "missing `;` after the last step; every step of `scenario!` ends with `;`",
                ));
            }
            if let Some((word, rest)) = header(&statement.tokens) {
                let head = collect(&statement.tokens[..2]);
                if !input.steps.is_empty() {
                    cx.error_spanned_by(
                        head,
                        format!("the `{word} = ...;` header must come first, before every step"),
                    );
                } else if headers_seen.contains(&word) {
                    cx.error_spanned_by(head, format!("a second `{word} = ...;` header; give one"));
                } else {
                    headers_seen.push(word);
                    match word {
                        "app" | "ids" if input.app.is_some() => cx.error_spanned_by(
                            head,
                            "give one of `app = Type;` and `ids = module;`: both say where the ids are declared",
                        ),
                        "app" => input.app = app(cx, rest, &statement.tokens),
                        "ids" => input.app = ids(cx, rest, &statement.tokens),
                        _ => input.plane = plane(cx, rest, &statement.tokens),
                    }
                }
                continue;
            }
            let step = input.lex(cx, statement.tokens);
            input.steps.push(step);
        }
        input
    }

    fn lex(&mut self, cx: &Ctxt, tokens: Vec<TokenTree>) -> RawStep {
        let mut flat = Vec::new();
        flatten(tokens, &mut flat);
        let first = flat.first().map_or_else(Span::call_site, |token| token.span);
        let mut lexemes = Vec::new();
        let mut holes = Vec::new();
        let start = self.loc();
        for token in flat {
            let loc = self.loc();
            self.spans.push(token.span);
            match token.kind {
                Kind::Literal(literal) => match syn::Lit::new(literal.clone()) {
                    syn::Lit::Str(text) => {
                        if !text.suffix().is_empty() {
                            cx.push(syn::Error::new(
                                token.span,
                                format!(
                                    "a string literal with the suffix `{}`; write the string alone",
                                    text.suffix()
                                ),
                            ));
                        }
                        lexemes.push(Located::new(Lexeme::Quoted(text.value()), loc));
                    }
                    _ => lexemes.extend(chars(&literal.to_string(), loc)),
                },
                Kind::Ident(word) => lexemes.extend(chars(&word, loc)),
                Kind::Char(character) => lexemes.push(Located::new(Lexeme::Char(character), loc)),
                Kind::Hole(mut hole) => {
                    hole.loc = loc;
                    hole.number = self.holes_seen;
                    self.holes_seen += 1;
                    holes.push(hole);
                    // Stands in until the hole's kind is probed (see `holes`).
                    lexemes.push(Located::new(Lexeme::Quoted(String::new()), loc));
                }
            }
        }
        let end = Loc(self.loc().0.saturating_sub(1).max(start.0));
        let spelling = spelling(&lexemes);
        RawStep {
            lexemes,
            first,
            range: LocRange::new(start, end),
            spelling,
            holes,
            included: None,
        }
    }

    fn loc(&self) -> Loc {
        Loc(u32::try_from(self.spans.len()).unwrap_or(u32::MAX))
    }

    /// The spans of the first and last token of `range`.
    pub fn span_range(&self, range: LocRange) -> (Span, Span) {
        let at = |loc: Loc| self.spans.get(loc.0 as usize).copied().unwrap_or_else(Span::call_site);
        (at(range.start), at(range.end))
    }

    /// The step whose lexemes include `loc`, with its index.
    pub fn step_at(&self, loc: Loc) -> Option<(usize, &RawStep)> {
        self.steps
            .iter()
            .enumerate()
            .find(|(_, step)| step.range.start <= loc && loc <= step.range.end)
    }
}

/// How a lexed step is written: characters as they are, quoted strings
/// re-quoted.
pub fn spelling(lexemes: &[Located<Lexeme>]) -> String {
    lexemes
        .iter()
        .map(|lexeme| match &lexeme.value {
            Lexeme::Char(character) => character.to_string(),
            Lexeme::Quoted(text) => quote(text),
        })
        .collect()
}

fn chars(text: &str, loc: Loc) -> impl Iterator<Item = Located<Lexeme>> + '_ {
    text.chars().map(move |character| Located::new(Lexeme::Char(character), loc))
}

/// The header's word (`app`, `ids` or `plane`) and the tokens after its
/// `=`, if the statement is a header.
fn header(tokens: &[TokenTree]) -> Option<(&'static str, &[TokenTree])> {
    match tokens {
        [TokenTree::Ident(word), TokenTree::Punct(eq), rest @ ..]
            if eq.as_char() == '=' && eq.spacing() == Spacing::Alone =>
        {
            ["app", "ids", "plane"]
                .into_iter()
                .find(|header| word == header)
                .map(|word| (word, rest))
        }
        _ => None,
    }
}

/// `plane = engine;` or `plane = terminal;`.
fn plane(cx: &Ctxt, rest: &[TokenTree], statement: &[TokenTree]) -> Option<PlaneName> {
    let valid = PlaneName::names().map(|name| format!("`plane = {name};`")).collect::<Vec<_>>();
    match rest {
        [TokenTree::Ident(word)] => match PlaneName::parse(&word.to_string()) {
            Ok(plane) => Some(plane),
            Err(unknown) => {
                cx.error_spanned_by(word, format!("{unknown}; write {}", valid.join(" or ")));
                None
            }
        },
        [] => {
            cx.error_spanned_by(
                collect(&statement[..2]),
                format!("missing the plane after `plane =`; write {}", valid.join(" or ")),
            );
            None
        }
        _ => {
            cx.error_spanned_by(
                collect(rest),
                format!("the plane is one word; write {}", valid.join(" or ")),
            );
            None
        }
    }
}

fn app(cx: &Ctxt, rest: &[TokenTree], statement: &[TokenTree]) -> Option<App> {
    if rest.is_empty() {
        cx.error_spanned_by(
            collect(&statement[..2]),
            "missing the app type after `app =`; write `app = MyApp;` with the type the steps run against",
        );
        return None;
    }
    let tokens: TokenStream = rest.iter().cloned().collect();
    match syn::parse2::<syn::Type>(tokens.clone()) {
        Ok(ty) => Some(App { written: written(tokens), source: Declarations::App(ty) }),
        Err(error) => {
            cx.push(syn::Error::new(
                error.span(),
                format!("the app after `app =` must be a type such as `TodoApp`: {error}"),
            ));
            None
        }
    }
}

/// `ids = path::to::ids;`: the module `automation_ids!` declared, for an
/// app without a type to name.
fn ids(cx: &Ctxt, rest: &[TokenTree], statement: &[TokenTree]) -> Option<App> {
    if rest.is_empty() {
        cx.error_spanned_by(
            collect(&statement[..2]),
            "missing the module after `ids =`; write `ids = my_app::ids;` with the module `automation_ids!` declared",
        );
        return None;
    }
    let tokens: TokenStream = rest.iter().cloned().collect();
    match syn::parse2::<syn::Path>(tokens.clone()) {
        Ok(path) => Some(App { written: written(tokens), source: Declarations::Ids(path) }),
        Err(error) => {
            cx.push(syn::Error::new(
                error.span(),
                format!(
                    "the ids after `ids =` must be a module path such as `countdown::ids`: {error}"
                ),
            ));
            None
        }
    }
}

/// A leaf token of a step: groups are opened into their delimiters (as
/// characters) and contents; invisible groups (from `macro_rules!`
/// fragments) into their contents alone.
struct Flat {
    kind: Kind,
    span: Span,
}

enum Kind {
    Literal(proc_macro2::Literal),
    Ident(String),
    Char(char),
    /// `{expr}`: a Rust expression whose value goes into the step.
    Hole(Hole),
}

fn flatten(tokens: impl IntoIterator<Item = TokenTree>, out: &mut Vec<Flat>) {
    let mut after_dollar = false;
    for tree in tokens {
        let dollar = matches!(&tree, TokenTree::Punct(punct) if punct.as_char() == '$');
        match tree {
            // `${secret.NAME}` is written text; any other `{...}` is a value.
            TokenTree::Group(group) if group.delimiter() == Delimiter::Brace && !after_dollar => {
                let span = group.span();
                out.push(Flat { kind: Kind::Hole(Hole::new(group.stream(), span)), span });
            }
            TokenTree::Group(group) => {
                let (open, close) = delimiters(group.delimiter());
                for character in open.chars() {
                    out.push(Flat { kind: Kind::Char(character), span: group.span_open() });
                }
                flatten(group.stream(), out);
                for character in close.chars() {
                    out.push(Flat { kind: Kind::Char(character), span: group.span_close() });
                }
            }
            TokenTree::Ident(ident) => {
                out.push(Flat { kind: Kind::Ident(ident.to_string()), span: ident.span() });
            }
            TokenTree::Punct(punct) => {
                out.push(Flat { kind: Kind::Char(punct.as_char()), span: punct.span() });
            }
            TokenTree::Literal(literal) => {
                let span = literal.span();
                out.push(Flat { kind: Kind::Literal(literal), span });
            }
        }
        after_dollar = dollar;
    }
}

/// `tokens` without the doc comments among them (`///` and `//!` reach a
/// macro as `#[doc = "..."]` and `#![doc = "..."]`), each reported: a step
/// cannot hold one, and the grammar would read it as a misplaced quote.
fn without_doc_comments(cx: &Ctxt, tokens: Vec<TokenTree>) -> Vec<TokenTree> {
    let mut kept = Vec::with_capacity(tokens.len());
    let mut at = 0;
    while at < tokens.len() {
        let length = doc_comment_length(&tokens[at..]);
        if length == 0 {
            kept.push(tokens[at].clone());
            at += 1;
            continue;
        }
        cx.error_spanned_by(
            collect(&tokens[at..at + length]),
            "a doc comment inside `scenario!`; comments inside `scenario!` are `//` (doc comments `///` and `//!` document items, and steps are not items)",
        );
        at += length;
    }
    kept
}

/// How many tokens a doc comment at the start of `tokens` takes: 2 for
/// `#[doc = ...]`, 3 for `#![doc = ...]`, 0 when there is none.
fn doc_comment_length(tokens: &[TokenTree]) -> usize {
    let is_doc = |tree: &TokenTree| match tree {
        TokenTree::Group(group) if group.delimiter() == Delimiter::Bracket => {
            matches!(group.stream().into_iter().next(), Some(TokenTree::Ident(word)) if word == "doc")
        }
        _ => false,
    };
    match tokens {
        [TokenTree::Punct(hash), group, ..] if hash.as_char() == '#' && is_doc(group) => 2,
        [TokenTree::Punct(hash), TokenTree::Punct(bang), group, ..]
            if hash.as_char() == '#' && bang.as_char() == '!' && is_doc(group) =>
        {
            3
        }
        _ => 0,
    }
}

fn collect(tokens: &[TokenTree]) -> TokenStream {
    tokens.iter().cloned().collect()
}
