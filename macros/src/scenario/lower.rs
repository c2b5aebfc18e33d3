//! Lowering one typed step to the constructor call that builds it, every
//! path absolute (`::rehearse::AutomationStep::click(..)`), and a key to a
//! `KeyPress` literal (a constant expression the `const` assertions use
//! too).

use std::time::Duration;

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{ToTokens, quote};

use super::lower_regex::regex;
use rehearse_lang::{
    AutomationStep, FocusTarget, Guard, KeyCode, KeyPress, LineCount, MouseButton, Predicate,
    ScrollDirection, Selector, StyleCheck, StyleColor, TerminalCondition, TextMatcher, TextRegion,
    WaitCondition,
};

/// The constructor call that builds `step`, or what cannot be lowered.
pub fn lower_step(step: &AutomationStep) -> Result<TokenStream, String> {
    let step = match step {
        AutomationStep::Click { target, button } => {
            let constructor = match button {
                MouseButton::Left => quote! { click },
                MouseButton::Right => quote! { right_click },
                MouseButton::Middle => quote! { middle_click },
            };
            let target = selector(target)?;
            quote! { ::rehearse::AutomationStep::#constructor(#target) }
        }
        AutomationStep::Hover { target } => {
            let target = selector(target)?;
            quote! { ::rehearse::AutomationStep::hover(#target) }
        }
        AutomationStep::Focus { target } => match target {
            FocusTarget::Next => quote! { ::rehearse::AutomationStep::focus_next() },
            FocusTarget::Prev => quote! { ::rehearse::AutomationStep::focus_prev() },
            FocusTarget::Selector(target) => {
                let target = selector(target)?;
                quote! { ::rehearse::AutomationStep::focus(#target) }
            }
        },
        AutomationStep::Type { text } => {
            let text = Literal::string(text);
            quote! { ::rehearse::AutomationStep::type_text(#text) }
        }
        AutomationStep::Key { key } => {
            let key = key_press(key);
            quote! { ::rehearse::AutomationStep::key(#key) }
        }
        AutomationStep::Scroll { target: None, direction } => {
            let direction = scroll_direction(*direction);
            quote! { ::rehearse::AutomationStep::scroll(#direction) }
        }
        AutomationStep::Scroll { target: Some(target), direction } => {
            let target = selector(target)?;
            let direction = scroll_direction(*direction);
            quote! { ::rehearse::AutomationStep::scroll_at(#target, #direction) }
        }
        AutomationStep::Drag { from, to } => {
            let (from, to) = (selector(from)?, selector(to)?);
            quote! { ::rehearse::AutomationStep::drag(#from, #to) }
        }
        AutomationStep::Advance { duration } => {
            let duration = duration_tokens(*duration)?;
            quote! { ::rehearse::AutomationStep::advance(#duration) }
        }
        AutomationStep::Sleep { duration } => {
            let duration = duration_tokens(*duration)?;
            quote! { ::rehearse::AutomationStep::sleep(#duration) }
        }
        AutomationStep::Resize { cols, rows } => {
            let (cols, rows) = (Literal::u16_unsuffixed(*cols), Literal::u16_unsuffixed(*rows));
            quote! { ::rehearse::AutomationStep::resize(#cols, #rows) }
        }
        AutomationStep::Drain => quote! { ::rehearse::AutomationStep::drain() },
        AutomationStep::Checkpoint { name } => {
            let name = Literal::string(name);
            quote! { ::rehearse::AutomationStep::checkpoint(#name) }
        }
        AutomationStep::WaitFor { condition, timeout } => {
            let WaitCondition { predicate, selector: target } = condition;
            let predicate = predicate_tokens(predicate)?;
            let target = selector(target)?;
            let timeout = duration_tokens(*timeout)?;
            quote! {
                ::rehearse::AutomationStep::wait_for(
                    ::rehearse::WaitCondition::new(#predicate, #target),
                    #timeout,
                )
            }
        }
        AutomationStep::TypeSecret { secret } => match secret.env_name() {
            Some(name) => {
                let name = Literal::string(name);
                quote! {
                    ::rehearse::AutomationStep::type_secret(::rehearse::__private::Secret::env(#name))
                }
            }
            None => return Err("a secret that is not `${secret.NAME}`".into()),
        },
        AutomationStep::Paste { text } => {
            let text = Literal::string(text);
            quote! { ::rehearse::AutomationStep::paste(#text) }
        }
        AutomationStep::Send { text } => {
            let text = Literal::string(text);
            quote! { ::rehearse::AutomationStep::send(#text) }
        }
        AutomationStep::Mouse { col, row, button, action } => {
            let (col, row) = (Literal::u16_unsuffixed(*col), Literal::u16_unsuffixed(*row));
            let button = Ident::new(button.variant_name(), Span::call_site());
            let action = Ident::new(action.variant_name(), Span::call_site());
            quote! {
                ::rehearse::AutomationStep::mouse(
                    #col,
                    #row,
                    ::rehearse::__private::PointerButton::#button,
                    ::rehearse::__private::PointerAction::#action,
                )
            }
        }
        AutomationStep::WaitForTerminal { condition, timeout } => {
            let condition = terminal_condition(condition)?;
            let timeout = duration_tokens(*timeout)?;
            quote! { ::rehearse::AutomationStep::wait_for_terminal(#condition, #timeout) }
        }
        AutomationStep::Download { source, name } => {
            let (source, name) = (Literal::string(source), Literal::string(name));
            quote! { ::rehearse::AutomationStep::download(#source, #name) }
        }
        AutomationStep::Transform { name, command, args } => {
            let (name, command) = (Literal::string(name), Literal::string(command));
            let args = args.iter().map(|arg| Literal::string(arg));
            quote! {
                ::rehearse::AutomationStep::transform(
                    #name,
                    #command,
                    [#(#args),*] as [&str; _],
                )
            }
        }
        AutomationStep::Monitor { interval } => {
            let interval = duration_tokens(*interval)?;
            quote! { ::rehearse::AutomationStep::monitor(#interval) }
        }
        AutomationStep::Batch { inputs, then } => {
            let inputs = inputs.iter().map(lower_step).collect::<Result<Vec<_>, _>>()?;
            let then = match then {
                Some(then) => {
                    let then = lower_step(then)?;
                    quote! { ::core::option::Option::Some(#then) }
                }
                None => quote! { ::core::option::Option::None },
            };
            // The parser built it from the same steps, so it cannot fail.
            quote! {
                match ::rehearse::AutomationStep::batch(::std::vec![#(#inputs),*], #then) {
                    ::core::result::Result::Ok(step) => step,
                    ::core::result::Result::Err(why) => ::core::panic!("{}", why),
                }
            }
        }
        AutomationStep::ExpectTree { target, pattern, timeout } => {
            let target = selector(target)?;
            let pattern = super::lower_tree::tree_pattern(pattern);
            let timeout = duration_tokens(*timeout)?;
            quote! { ::rehearse::AutomationStep::expect_tree(#target, #pattern, #timeout) }
        }
        AutomationStep::Annotated { label, guard, step } => {
            let mut tokens = lower_step(step)?;
            if let Some(label) = label {
                let label = Literal::string(label);
                tokens = quote! { #tokens.labeled(#label) };
            }
            match guard.as_deref() {
                Some(Guard::Node(WaitCondition { predicate, selector: target })) => {
                    let predicate = predicate_tokens(predicate)?;
                    let target = selector(target)?;
                    tokens = quote! { #tokens.when(::rehearse::WaitCondition::new(#predicate, #target)) };
                }
                Some(Guard::Terminal(condition)) => {
                    let condition = terminal_condition(condition)?;
                    tokens = quote! { #tokens.when(#condition) };
                }
                Some(other) => return Err(format!("the guard `{other}`")),
                None => {}
            }
            tokens
        }
        other => return Err(format!("the step `{other}`")),
    };
    Ok(step)
}

/// A terminal condition. A pattern was checked when the step was parsed, so
/// the generated `Pattern::new` cannot fail.
fn terminal_condition(condition: &TerminalCondition) -> Result<TokenStream, String> {
    let string = |text: &str| {
        let text = Literal::string(text);
        quote! { ::std::string::String::from(#text) }
    };
    let count = |n: usize| Literal::usize_unsuffixed(n);
    Ok(match condition {
        TerminalCondition::Text { region, matcher } => {
            let region = match region {
                TextRegion::Screen => quote! { Screen },
                TextRegion::History => quote! { History },
                TextRegion::Scrollback => quote! { Scrollback },
            };
            let matcher = match matcher {
                TextMatcher::Contains(text) => {
                    let text = string(text);
                    quote! { Contains(#text) }
                }
                TextMatcher::Lacks(text) => {
                    let text = string(text);
                    quote! { Lacks(#text) }
                }
                TextMatcher::Equals(text) => {
                    let text = string(text);
                    quote! { Equals(#text) }
                }
                TextMatcher::Matches(pattern) => {
                    let pattern = Literal::string(pattern.as_str());
                    quote! {
                        Matches(match ::rehearse::__private::Pattern::new(#pattern) {
                            ::core::result::Result::Ok(pattern) => pattern,
                            ::core::result::Result::Err(why) => ::core::panic!("{}", why),
                        })
                    }
                }
            };
            quote! {
                ::rehearse::__private::TerminalCondition::Text {
                    region: ::rehearse::__private::TextRegion::#region,
                    matcher: ::rehearse::__private::TextMatcher::#matcher,
                }
            }
        }
        TerminalCondition::ScrollbackLines(lines) => {
            let lines = match *lines {
                LineCount::Equals(n) => {
                    let n = count(n);
                    quote! { Equals(#n) }
                }
                LineCount::AtLeast(n) => {
                    let n = count(n);
                    quote! { AtLeast(#n) }
                }
                LineCount::AtMost(n) => {
                    let n = count(n);
                    quote! { AtMost(#n) }
                }
                LineCount::Between(low, high) => {
                    let (low, high) = (count(low), count(high));
                    quote! { Between(#low, #high) }
                }
            };
            quote! {
                ::rehearse::__private::TerminalCondition::ScrollbackLines(
                    ::rehearse::__private::LineCount::#lines
                )
            }
        }
        TerminalCondition::Exited => quote! { ::rehearse::__private::TerminalCondition::Exited },
        TerminalCondition::ExitCode(code) => {
            let code = Literal::i32_unsuffixed(*code);
            quote! { ::rehearse::__private::TerminalCondition::ExitCode(#code) }
        }
        TerminalCondition::Quiet(quiet) => {
            let quiet = duration_tokens(*quiet)?;
            quote! { ::rehearse::__private::TerminalCondition::Quiet(#quiet) }
        }
        TerminalCondition::CursorVisible(visible) => {
            quote! { ::rehearse::__private::TerminalCondition::CursorVisible(#visible) }
        }
        TerminalCondition::CursorAt { col, row } => {
            let (col, row) = (Literal::u16_unsuffixed(*col), Literal::u16_unsuffixed(*row));
            quote! { ::rehearse::__private::TerminalCondition::CursorAt { col: #col, row: #row } }
        }
        other => return Err(format!("the condition `{other}`")),
    })
}

/// A style predicate's check: `fg=red` is
/// `StyleCheck::Fg(StyleColor::Ansi(AnsiColor::Red))`.
fn style_tokens(check: &StyleCheck) -> TokenStream {
    let color = |color: &StyleColor| match color {
        StyleColor::Default => quote! { ::rehearse::__private::StyleColor::Default },
        StyleColor::Ansi(name) => {
            let name = Ident::new(name.variant_name(), Span::call_site());
            quote! {
                ::rehearse::__private::StyleColor::Ansi(::rehearse::__private::AnsiColor::#name)
            }
        }
        StyleColor::Indexed(index) => {
            let index = Literal::u8_unsuffixed(*index);
            quote! { ::rehearse::__private::StyleColor::Indexed(#index) }
        }
        StyleColor::Rgb(r, g, b) => {
            let [r, g, b] = [*r, *g, *b].map(Literal::u8_unsuffixed);
            quote! { ::rehearse::__private::StyleColor::Rgb(#r, #g, #b) }
        }
    };
    match check {
        StyleCheck::Fg(fg) => {
            let fg = color(fg);
            quote! { ::rehearse::__private::StyleCheck::Fg(#fg) }
        }
        StyleCheck::Bg(bg) => {
            let bg = color(bg);
            quote! { ::rehearse::__private::StyleCheck::Bg(#bg) }
        }
        StyleCheck::Attribute(attribute, on) => {
            let attribute = Ident::new(attribute.variant_name(), Span::call_site());
            quote! {
                ::rehearse::__private::StyleCheck::Attribute(
                    ::rehearse::__private::StyleAttribute::#attribute,
                    #on,
                )
            }
        }
    }
}

pub(super) fn selector(written: &Selector) -> Result<TokenStream, String> {
    Ok(match written {
        Selector::Id(id) => {
            let id = Literal::string(id);
            quote! { ::rehearse::Selector::id(#id) }
        }
        Selector::Role { role, name } => {
            let role = Ident::new(role.variant_name(), Span::call_site());
            let name = name.as_ref().map(|name| {
                let name = Literal::string(name);
                quote! { .name(#name) }
            });
            quote! { ::rehearse::Selector::role(::rehearse::SemanticRole::#role) #name }
        }
        Selector::RoleNameMatches { role, name } => {
            let role = Ident::new(role.variant_name(), Span::call_site());
            let name = regex(name);
            quote! {
                ::rehearse::Selector::from(
                    ::rehearse::Selector::role(::rehearse::SemanticRole::#role).name_matching(#name)
                )
            }
        }
        Selector::TextContains(text) => {
            let text = Literal::string(text);
            quote! { ::rehearse::Selector::text_contains(#text) }
        }
        Selector::TextMatches(matching) => {
            let matching = regex(matching);
            quote! { ::rehearse::Selector::text_matches(#matching) }
        }
        Selector::Point { col, row } => {
            let (col, row) = (Literal::u16_unsuffixed(*col), Literal::u16_unsuffixed(*row));
            quote! { ::rehearse::Selector::point(#col, #row) }
        }
        Selector::Within { scope, target } => {
            let (scope, target) = (selector(scope)?, selector(target)?);
            quote! { ::rehearse::Selector::from(#scope).descendant(#target) }
        }
        Selector::Nth { of, index } => {
            let (of, index) = (selector(of)?, Literal::usize_unsuffixed(*index));
            quote! { ::rehearse::Selector::from(#of).nth(#index) }
        }
        other => return Err(format!("the selector `{other}`")),
    })
}

fn predicate_tokens(predicate: &Predicate) -> Result<TokenStream, String> {
    Ok(match predicate {
        Predicate::Exists => quote! { ::rehearse::Predicate::Exists },
        Predicate::Missing => quote! { ::rehearse::Predicate::Missing },
        Predicate::InView => quote! { ::rehearse::Predicate::InView },
        Predicate::Focused => quote! { ::rehearse::Predicate::Focused },
        Predicate::Enabled => quote! { ::rehearse::Predicate::Enabled },
        Predicate::Disabled => quote! { ::rehearse::Predicate::Disabled },
        Predicate::Selected(selected) => quote! { ::rehearse::Predicate::Selected(#selected) },
        Predicate::Checked(checked) => {
            let checked = Ident::new(checked.variant_name(), Span::call_site());
            quote! { ::rehearse::Predicate::Checked(::rehearse::__private::Checked::#checked) }
        }
        Predicate::Expanded(expanded) => quote! { ::rehearse::Predicate::Expanded(#expanded) },
        Predicate::ReadOnly(readonly) => quote! { ::rehearse::Predicate::ReadOnly(#readonly) },
        Predicate::Modal(modal) => quote! { ::rehearse::Predicate::Modal(#modal) },
        Predicate::ScrollOffset(offset) => {
            let offset = Literal::u64_unsuffixed(*offset);
            quote! { ::rehearse::Predicate::ScrollOffset(#offset) }
        }
        Predicate::ScrollExtent(extent) => {
            let extent = Literal::u64_unsuffixed(*extent);
            quote! { ::rehearse::Predicate::ScrollExtent(#extent) }
        }
        Predicate::Style(check) => {
            let check = style_tokens(check);
            quote! { ::rehearse::Predicate::Style(#check) }
        }
        Predicate::ValueEquals(value) => {
            let value = Literal::string(value);
            quote! { ::rehearse::Predicate::ValueEquals(::std::string::String::from(#value)) }
        }
        Predicate::TextContains(text) => {
            let text = Literal::string(text);
            quote! { ::rehearse::Predicate::TextContains(::std::string::String::from(#text)) }
        }
        Predicate::ValueMatches(matching) => {
            let matching = regex(matching);
            quote! { ::rehearse::Predicate::ValueMatches(#matching) }
        }
        Predicate::TextMatches(matching) => {
            let matching = regex(matching);
            quote! { ::rehearse::Predicate::TextMatches(#matching) }
        }
        Predicate::Count(count) => {
            let count = Literal::usize_unsuffixed(*count);
            quote! { ::rehearse::Predicate::Count(#count) }
        }
        other => return Err(format!("the predicate `{other}`")),
    })
}

/// A `KeyPress` struct literal (a constant expression, usable in the
/// `const` assertions too).
pub fn key_press(key: &KeyPress) -> TokenStream {
    let code = match key.code {
        KeyCode::Char(character) => {
            let character = Literal::character(character);
            quote! { Char(#character) }
        }
        KeyCode::F(number) => {
            let number = Literal::u8_unsuffixed(number);
            quote! { F(#number) }
        }
        named => match named.variant_name() {
            Some(name) => Ident::new(name, Span::call_site()).into_token_stream(),
            // A key this macro does not know how to spell; no parsed key is one.
            None => unreachable!("every named key is a unit variant: {named:?}"),
        },
    };
    let (ctrl, alt, shift) = (key.modifiers.ctrl, key.modifiers.alt, key.modifiers.shift);
    quote! {
        ::rehearse::KeyPress {
            code: ::rehearse::KeyCode::#code,
            modifiers: ::rehearse::Modifiers { ctrl: #ctrl, alt: #alt, shift: #shift },
        }
    }
}

fn scroll_direction(direction: ScrollDirection) -> TokenStream {
    let direction = Ident::new(direction.variant_name(), Span::call_site());
    quote! { ::rehearse::__private::ScrollDirection::#direction }
}

pub(super) fn duration_tokens(duration: Duration) -> Result<TokenStream, String> {
    let millis = u64::try_from(duration.as_millis())
        .ok()
        .filter(|&millis| Duration::from_millis(millis) == duration)
        .ok_or_else(|| format!("the duration {duration:?}"))?;
    let millis = Literal::u64_unsuffixed(millis);
    Ok(quote! { ::core::time::Duration::from_millis(#millis) })
}
