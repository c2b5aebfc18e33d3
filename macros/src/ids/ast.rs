//! The input of `automation_ids!`:
//!
//! ```text
//! /// docs
//! pub mod ids for TodoApp {      // `for App` is optional
//!     /// docs
//!     NEW_TODO = "new-todo";     // an exact id: `pub const NEW_TODO: &str`
//!     fn item = "item-{n}";      // a family: `pub fn item(n: impl Display) -> String`
//!     refuse f6, ctrl+p;         // keys automation must never press
//!     widget SaveButton;         // a derived widget's static `#[semantic(id = "...")]`
//! }
//! ```
//!
//! Entries are parsed one at a time (split on top-level `;`), so a malformed
//! entry is reported and the others are still read and checked.

use proc_macro2::{Span, TokenStream, TokenTree};
use rehearse_lang::KeyPress;
use syn::parse::{ParseStream, Parser};
use syn::{Attribute, Ident, LitStr, Token, Visibility};

use crate::ctxt::Ctxt;
use crate::tokens::{Statement, split_statements};

/// The whole input.
pub struct Input {
    /// Attributes on the module (its docs).
    pub attrs: Vec<Attribute>,
    /// The module's visibility.
    pub vis: Visibility,
    /// The module's name.
    pub name: Ident,
    /// The app after `for`, if given.
    pub app: Option<syn::Type>,
    /// The entries, in order.
    pub entries: Vec<Entry>,
}

/// One entry with its attributes.
pub struct Entry {
    /// Attributes (docs) on the entry.
    pub attrs: Vec<Attribute>,
    /// What it declares.
    pub kind: EntryKind,
}

/// What an entry declares.
pub enum EntryKind {
    /// `NAME = "id";`
    Exact {
        /// The constant's name.
        name: Ident,
        /// The id.
        id: LitStr,
    },
    /// `fn name = "pattern";`
    Family {
        /// The function's name.
        name: Ident,
        /// The pattern with `{n}` and `{name}` placeholders.
        pattern: LitStr,
    },
    /// `refuse KEY, KEY;`
    Refuse {
        /// The keys, each with its tokens.
        keys: Vec<RefusedKey>,
    },
    /// `widget Type;`
    Widget {
        /// The widget type.
        ty: syn::Type,
    },
}

/// One refused key as written.
pub struct RefusedKey {
    /// The tokens that spell it (for spans).
    pub tokens: TokenStream,
    /// The spelling: a string literal's value, or the tokens' characters.
    pub spelling: String,
    /// The key, or why the spelling is not one (with the closest key names).
    pub key: Result<KeyPress, String>,
}

impl Input {
    /// Parses `tokens`; structural errors of the header are fatal, those of
    /// an entry are recorded in `cx` and the entry is skipped.
    pub fn from_tokens(cx: &Ctxt, tokens: TokenStream) -> syn::Result<Self> {
        let (attrs, vis, name, app, body) = (|input: ParseStream<'_>| {
            let attrs = input.call(Attribute::parse_outer)?;
            let vis: Visibility = input.parse()?;
            input.parse::<Token![mod]>().map_err(|error| {
                syn::Error::new(
                    error.span(),
                    "expected `mod NAME { ... }`, such as `pub mod ids for MyApp { SAVE = \"save\"; }`",
                )
            })?;
            let name: Ident = input.parse()?;
            let app = if input.peek(Token![for]) {
                input.parse::<Token![for]>()?;
                Some(input.parse::<syn::Type>()?)
            } else {
                None
            };
            let content;
            syn::braced!(content in input);
            let body: TokenStream = content.parse()?;
            if !input.is_empty() {
                return Err(input.error("unexpected tokens after the module's `{ ... }`"));
            }
            Ok((attrs, vis, name, app, body))
        })
        .parse2(tokens)?;
        let entries = split_statements(body)
            .into_iter()
            .filter(|statement| !statement.tokens.is_empty())
            .filter_map(|Statement { tokens, terminated }| {
                if !terminated {
                    let last = tokens.last().map_or_else(Span::call_site, TokenTree::span);
                    cx.push(syn::Error::new(last, "missing `;` after this entry"));
                }
                let tokens: TokenStream = tokens.into_iter().collect();
                match entry.parse2(tokens) {
                    Ok(entry) => Some(entry),
                    Err(error) => {
                        cx.push(error);
                        None
                    }
                }
            })
            .collect();
        Ok(Self { attrs, vis, name, app, entries })
    }
}

const ENTRY_FORMS: &str =
    "write `NAME = \"id\";`, `fn name = \"id-{n}\";`, `refuse KEY;` or `widget Type;`";

fn entry(input: ParseStream<'_>) -> syn::Result<Entry> {
    let attrs = input.call(Attribute::parse_outer)?;
    let kind = if input.peek(Token![fn]) {
        input.parse::<Token![fn]>()?;
        let name: Ident = input.parse()?;
        input.parse::<Token![=]>()?;
        let pattern = string(input, "a family's pattern")?;
        EntryKind::Family { name, pattern }
    } else if input.peek(Ident) && input.peek2(Token![=>]) {
        let name: Ident = input.parse()?;
        let arrow: Token![=>] = input.parse()?;
        return Err(syn::Error::new_spanned(
            arrow,
            format!("write `{name} = \"id\";` with `=`, not `=>`"),
        ));
    } else if input.peek(Ident) && input.peek2(Token![=]) {
        let name: Ident = input.parse()?;
        input.parse::<Token![=]>()?;
        let id = string(input, "an automation id")?;
        EntryKind::Exact { name, id }
    } else if input.peek(Ident) && input.fork().parse::<Ident>().is_ok_and(|word| word == "refuse")
    {
        let word: Ident = input.parse()?;
        let rest: TokenStream = input.parse()?;
        let keys = keys(rest);
        if keys.is_empty() {
            return Err(syn::Error::new(
                word.span(),
                "`refuse` needs at least one key, such as `refuse f6;`",
            ));
        }
        return Ok(Entry { attrs, kind: EntryKind::Refuse { keys } });
    } else if input.peek(Ident) && input.fork().parse::<Ident>().is_ok_and(|word| word == "widget")
    {
        input.parse::<Ident>()?;
        let ty: syn::Type = input.parse()?;
        EntryKind::Widget { ty }
    } else {
        return Err(input.error(format!("expected an entry; {ENTRY_FORMS}")));
    };
    if !input.is_empty() {
        return Err(input.error("unexpected tokens; an entry ends with `;`"));
    }
    Ok(Entry { attrs, kind })
}

fn string(input: ParseStream<'_>, what: &str) -> syn::Result<LitStr> {
    input.parse::<LitStr>().map_err(|error| {
        syn::Error::new(error.span(), format!("{what} is a string literal, such as \"save\""))
    })
}

/// The comma-separated keys of `refuse`.
fn keys(tokens: TokenStream) -> Vec<RefusedKey> {
    let mut keys = Vec::new();
    let mut current: Vec<TokenTree> = Vec::new();
    let mut finish = |current: &mut Vec<TokenTree>| {
        if current.is_empty() {
            return;
        }
        let tokens: TokenStream = std::mem::take(current).into_iter().collect();
        let spelling = spell_key(&tokens);
        let key = spelling.parse::<KeyPress>().map_err(|error| error.to_string());
        keys.push(RefusedKey { tokens, spelling, key });
    };
    for tree in tokens {
        match &tree {
            TokenTree::Punct(punct) if punct.as_char() == ',' => finish(&mut current),
            _ => current.push(tree),
        }
    }
    finish(&mut current);
    keys
}

/// A key as written: a lone string literal's value, or the tokens'
/// characters with no whitespace (`ctrl + s` is `ctrl+s`).
fn spell_key(tokens: &TokenStream) -> String {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    if let [TokenTree::Literal(literal)] = &trees[..]
        && let syn::Lit::Str(text) = syn::Lit::new(literal.clone())
    {
        return text.value();
    }
    trees.iter().map(ToString::to_string).collect()
}
