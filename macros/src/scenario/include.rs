//! `use:PATH;` in `scenario!`: a script file's steps, read and checked at
//! compile time (the path is relative to the file the call is in, as
//! `include_str!`'s is — to the crate, `CARGO_MANIFEST_DIR`, when the
//! compiler cannot name that file; a `use:` inside the file is relative to
//! that file), spliced in with
//! their own file, line and column as origin. The expansion includes every
//! file read (`include_bytes!`), so editing one rebuilds the test.

use std::path::Path;

use proc_macro2::{Literal, Span, TokenStream};
use quote::{quote, quote_spanned};
use rehearse_lang::script::{CheckContext, Lexeme, MAX_SCRIPT_STEPS, parse_script_file_with};

use crate::ctxt::Ctxt;
use crate::scenario::lex::RawStep;
use crate::scenario::lower::lower_step;
use crate::tokens::span_pair;

/// The path of a `use:PATH` step (bare or a string literal), if it is one.
pub fn path(raw: &RawStep) -> Option<String> {
    let chars: String = raw.lexemes.iter().take(4).filter_map(|l| l.value.as_char()).collect();
    if chars != "use:" || raw.lexemes.len() < 5 {
        return None;
    }
    let rest = &raw.lexemes[4..];
    match rest {
        [one] => match &one.value {
            Lexeme::Quoted(text) => Some(text.clone()),
            Lexeme::Char(character) => Some(character.to_string()),
        },
        _ => rest.iter().map(|l| l.value.as_char()).collect(),
    }
}

/// Where a `use:` is read from: the tokens' spans (to put an error on the
/// path) and the directory of the calling file.
pub struct Place<'a> {
    /// Every token's span, indexed by [`Loc`](rehearse_lang::script::Loc).
    pub spans: &'a [Span],
    /// The calling file's directory, when the compiler names it.
    pub dir: Option<&'a Path>,
    /// The steps every `use:` of this call brought in so far: together
    /// they are bounded as one script's are ([`MAX_SCRIPT_STEPS`]).
    pub expanded: std::cell::Cell<usize>,
}

/// Reads and checks the file; its errors are reported on the path, the
/// token that names the file they are about.
pub fn read(
    cx: &Ctxt,
    context: &CheckContext<'_>,
    place: &Place<'_>,
    raw: &mut RawStep,
    path: String,
) {
    let file = match place.dir {
        Some(dir) => dir.join(&path),
        None => {
            let crate_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
            Path::new(&crate_dir).join(&path)
        }
    };
    // The path's tokens: everything after `use:`.
    let span = |at: usize| {
        raw.lexemes
            .get(at)
            .and_then(|lexeme| place.spans.get(lexeme.loc.0 as usize).copied())
            .unwrap_or(raw.first)
    };
    let on_path = span_pair(span(4), span(raw.lexemes.len().saturating_sub(1)));
    if let Err(error) = std::fs::metadata(&file) {
        let message = format!("in `use:{path}`: cannot read `{}`: {error}", file.display());
        cx.error_spanned_by(on_path, message);
        return;
    }
    match parse_script_file_with(&file, context) {
        Ok(script) => {
            let expanded = place.expanded.get() + script.len();
            place.expanded.set(expanded);
            if expanded > MAX_SCRIPT_STEPS {
                cx.error_spanned_by(
                    on_path,
                    format!(
                        "in `use:{path}`: the `use:` steps of this `scenario!` bring in {expanded} steps, more than {MAX_SCRIPT_STEPS} (MAX_SCRIPT_STEPS, docs/limits.md); include less"
                    ),
                );
                return;
            }
            raw.included = Some(script);
        }
        Err(errors) => {
            for error in errors.iter() {
                let shown = error.to_string();
                let shown = if error.file.is_some() {
                    shown
                } else {
                    format!("{}: {shown}", file.display())
                };
                cx.error_spanned_by(on_path.clone(), format!("in `use:{path}`: {shown}"));
            }
        }
    }
}

/// The steps a `use:` brought in, as `.step_at(..)` calls at their own file,
/// line and column, and an `include_bytes!` of every file read.
pub fn lower(raw: &RawStep) -> Result<(TokenStream, TokenStream), String> {
    let Some(script) = &raw.included else { return Ok(Default::default()) };
    let mut chain = TokenStream::new();
    let top = script.files.first().map(|file| file.display().to_string()).unwrap_or_default();
    for step in &script.steps {
        let lowered = lower_step(&step.step)?;
        let spelling = Literal::string(&step.source);
        let file = Literal::string(step.file.as_deref().unwrap_or(&top));
        let line = Literal::u32_unsuffixed(u32::try_from(step.line).unwrap_or(u32::MAX));
        let column = Literal::u32_unsuffixed(u32::try_from(step.column).unwrap_or(u32::MAX));
        chain.extend(quote! { .step_at(#lowered, #spelling, #file, #line, #column) });
    }
    let mut reads = TokenStream::new();
    for file in &script.files {
        let file = Literal::string(&file.display().to_string());
        reads.extend(quote_spanned! {raw.first=> const _: &[u8] = ::core::include_bytes!(#file); });
    }
    Ok((reads, chain))
}
