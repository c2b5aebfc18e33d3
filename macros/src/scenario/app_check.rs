//! `app = App;`: the `const` assertions that check every id a step uses
//! against what `App` declares, and every key it presses against what `App`
//! refuses — the steps written in the macro, spanned at the id or key, and
//! the steps a `use:` brings in, spanned at that `use:` and naming the
//! file, line and column they come from.

use proc_macro2::{Delimiter, Group, Ident, Literal, Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use rehearse_lang::script::{Loc, LocRange, ParsedStep, StepFacts, parse_step_str};
use rehearse_lang::{AutomationStep, KeyPress};

use crate::scenario::lex::{App, Declarations, Input, RawStep};
use crate::scenario::lower::key_press;

/// Where a check's failure is reported, and what it says first.
struct Site<'a> {
    input: &'a Input,
    ids_const: &'a Ident,
    app: &'a str,
    /// Empty for a step written in the macro; where an included step
    /// comes from otherwise.
    prefix: String,
}

impl Site<'_> {
    /// `value` (an id's tokens) is declared by the app.
    fn id(&self, range: LocRange, value: TokenStream) -> TokenStream {
        let (ids_const, app, prefix) = (self.ids_const, Literal::string(self.app), &self.prefix);
        let panic = spanned_panic(self.input, range, quote! { "{}", message.as_str() });
        quote! {
            const _: () = {
                if let ::core::option::Option::Some(declared) = #ids_const.declared() {
                    if let ::core::option::Option::Some(message) =
                        ::rehearse::__private::undeclared_id_message(declared, #value, #app)
                    {
                        let message = ::rehearse::__private::ConstMessage::new()
                            .push(#prefix)
                            .push(message.as_str());
                        #panic
                    }
                }
            };
        }
    }

    /// `key` is not one the app refuses.
    fn key(&self, range: LocRange, key: &KeyPress, why: &str) -> TokenStream {
        let ids_const = self.ids_const;
        let pressed = key_press(key);
        let message = Literal::string(&format!(
            "{}`{}` refuses `{key}` in automation{why}",
            self.prefix, self.app
        ));
        let panic = spanned_panic(self.input, range, message.into_token_stream());
        quote! {
            const _: () = {
                if ::rehearse::__private::refuses_key(#ids_const.refused_keys(), &#pressed) {
                    #panic
                }
            };
        }
    }

    /// Every key typing `text` presses is allowed.
    fn typed(&self, range: LocRange, text: &str) -> TokenStream {
        let mut checks = TokenStream::new();
        let mut seen = std::collections::BTreeSet::new();
        for character in text.chars() {
            let key = KeyPress::typed(character);
            if seen.insert(key) {
                checks.extend(self.key(
                    range,
                    &key,
                    ", and typing this text would press it: the key has effects outside the app",
                ));
            }
        }
        checks
    }
}

const PRESSED: &str = ": the key has effects outside the app, so a test must never press it";

/// The `const` assertions of `app = App;`: each id a step uses is declared
/// by `App`, and no key a step presses is one `App` refuses.
pub fn assertions(input: &Input, app: &App, parsed: &[Option<ParsedStep>]) -> TokenStream {
    let ids_const = Ident::new("APP_IDS", Span::mixed_site());
    let mut site = Site { input, ids_const: &ids_const, app: &app.written, prefix: String::new() };
    let mut checks = TokenStream::new();
    let mut any_id = false;
    for (raw, parsed) in input.steps.iter().zip(parsed) {
        if let Some(parsed) = parsed {
            site.prefix.clear();
            any_id |= written(&site, raw, parsed, &mut checks);
        }
        any_id |= included(&mut site, raw, &mut checks);
    }
    if checks.is_empty() {
        return TokenStream::new();
    }
    let (declared, ty) = match &app.source {
        Declarations::App(ty) => (
            quote! { <#ty as ::rehearse::DeclaresIds>::AUTOMATION_IDS },
            Some(ty.to_token_stream()),
        ),
        // `automation_ids!` always declares: no check that it does.
        Declarations::Ids(path) => (quote! { #path::DECLARED }, None),
    };
    let mut declares_none = TokenStream::new();
    if let Some(ty) = ty.filter(|_| any_id) {
        let message = Literal::string(&format!(
            "`{}` declares no automation ids; set `const AUTOMATION_IDS` in its `impl Component` (an adopted ratatui app: in `impl rehearse::DeclaresIds`), declared with `rehearse::automation_ids!`, so `scenario!` can check the ids it uses",
            app.written
        ));
        let panic = panic_over(&ty, message.into_token_stream());
        declares_none = quote! {
            const _: () = {
                if #ids_const.declared().is_none() {
                    #panic
                }
            };
        };
    }
    quote! {
        const #ids_const: ::rehearse::AutomationIds = #declared;
        #declares_none
        #checks
    }
}

/// The checks of a step written in the macro; whether it uses an id.
fn written(site: &Site<'_>, raw: &RawStep, parsed: &ParsedStep, checks: &mut TokenStream) -> bool {
    let mut any_id = false;
    for id in parsed.facts.selectors.iter().filter_map(|selector| selector.id.as_ref()) {
        // An interpolated id is checked when it runs, unless it is a
        // `{const PATH}` the compiler can evaluate.
        let value = match raw.holes.iter().find(|hole| hole.within(id.range)) {
            None => Literal::string(&id.value).into_token_stream(),
            Some(hole) if hole.constant => {
                let expr = &hole.expr;
                quote_spanned! {hole.span=> #expr}
            }
            Some(_) => continue,
        };
        any_id = true;
        checks.extend(site.id(id.range, value));
    }
    if let Some(key) =
        parsed.facts.key.as_ref().filter(|key| !raw.holes.iter().any(|h| h.within(key.range)))
    {
        checks.extend(site.key(key.range, &key.value, PRESSED));
    }
    if raw.holes.is_empty() {
        checks.extend(presses(site, &parsed.step, |index| match index {
            None => typed_text(&parsed.facts),
            // An input of a batch: its key, or its typed text.
            Some(index) => match parsed.facts.inputs.get(index) {
                Some(input) => {
                    input.key.as_ref().map_or_else(|| typed_text(input), |key| key.range)
                }
                None => parsed.facts.range,
            },
        }));
    }
    any_id
}

/// Where a `type:` step's text literal is: the token after `type` and `:`.
fn typed_text(facts: &StepFacts) -> LocRange {
    LocRange { start: Loc(facts.verb_range.end.0 + 2), end: facts.range.end }
}

/// The checks of what `step` presses besides a `key:` of its own: the text
/// a `type:` (guarded or not) types, and what a batch's inputs press, each
/// reported where `at` says (`None` for the step's own text, `Some(i)` for
/// a batch's input `i`).
fn presses(
    site: &Site<'_>,
    step: &AutomationStep,
    at: impl Fn(Option<usize>) -> LocRange,
) -> TokenStream {
    let mut checks = TokenStream::new();
    match step.parts().2 {
        AutomationStep::Type { text: typed } => checks.extend(site.typed(at(None), typed)),
        AutomationStep::Batch { inputs, .. } => {
            for (index, input) in inputs.iter().enumerate() {
                match input {
                    AutomationStep::Key { key } => {
                        checks.extend(site.key(at(Some(index)), key, PRESSED));
                    }
                    AutomationStep::Type { text } => {
                        checks.extend(site.typed(at(Some(index)), text));
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
    checks
}

/// The checks of the steps a `use:` brought in, reported on the `use:`;
/// whether one uses an id.
fn included(site: &mut Site<'_>, raw: &RawStep, checks: &mut TokenStream) -> bool {
    let Some(script) = &raw.included else { return false };
    let top = script.files.first().map(|file| file.display().to_string()).unwrap_or_default();
    let mut any_id = false;
    for step in &script.steps {
        // Each step's source parses on its own: the file was checked whole.
        let Ok(parsed) = parse_step_str(&step.source) else { continue };
        let file = step.file.as_deref().unwrap_or(&top);
        site.prefix = format!("in `{}` ({file}:{}:{}): ", step.source, step.line, step.column);
        for id in parsed.facts.selectors.iter().filter_map(|selector| selector.id.as_ref()) {
            any_id = true;
            checks.extend(site.id(raw.range, Literal::string(&id.value).into_token_stream()));
        }
        if let Some(key) = &parsed.facts.key {
            checks.extend(site.key(raw.range, &key.value, PRESSED));
        }
        checks.extend(presses(site, &parsed.step, |_| raw.range));
    }
    any_id
}

/// `::core::panic!(args)` whose span runs from the first to the last token
/// of `range`, where `const` evaluation reports it.
fn spanned_panic(input: &Input, range: LocRange, args: TokenStream) -> TokenStream {
    let (start, end) = input.span_range(range);
    panic_between(start, end, args)
}

/// `::core::panic!(args)` spanning all of `tokens` (a type path, say).
pub fn panic_over(tokens: &TokenStream, args: TokenStream) -> TokenStream {
    let spans: Vec<Span> = tokens.clone().into_iter().map(|token| token.span()).collect();
    let start = spans.first().copied().unwrap_or_else(Span::call_site);
    let end = spans.last().copied().unwrap_or(start);
    panic_between(start, end, args)
}

fn panic_between(start: Span, end: Span, args: TokenStream) -> TokenStream {
    let mut group = Group::new(Delimiter::Parenthesis, args);
    group.set_span(end);
    let mut panic = quote_spanned! {start=> ::core::panic! };
    panic.extend(group.into_token_stream());
    panic
}
