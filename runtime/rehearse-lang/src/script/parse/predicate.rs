//! The predicate of `wait-for:`: a name, and the value some names take.

use crate::script::error::{ErrorKind, GrammarError};
use crate::state::Boolean;
use crate::state::Checked;
use crate::style::{AnsiColor, StyleAttribute, StyleCheck, StyleColor};
use crate::suggest::closest;
use crate::terminal::TerminalPredicateName;
use crate::vocabulary::{UnknownName, Vocabulary};
use crate::wait::{Predicate, PredicateName};

use super::piece::Piece;
use super::regex::Matched;
use super::written::Written;
use super::{Parser, error, unknown_name};
use crate::spelling::quote;

impl Parser {
    /// `text~X` where a predicate goes: the text selector, written where
    /// `wait-for:` wants what to wait for; the predicate for text is
    /// `text=X`.
    fn selector_for_predicate(&self, piece: Piece<'_>) -> GrammarError {
        let text = match self.name(piece.skip(5)) {
            Ok(Some(Written::Quoted(text) | Written::Bare(text))) => text,
            _ => "…".to_owned(),
        };
        let suggestion = format!("text={}", quote(&text));
        error(
            ErrorKind::UnknownPredicate,
            piece.sub_range(0, 5),
            format!(
                "`text~` is a selector, not a predicate; to wait until a node's text contains {}, write `{suggestion}` and then the node's selector",
                quote(&text)
            ),
        )
        .with_suggestions([suggestion])
    }

    pub(super) fn predicate(&self, piece: Piece<'_>) -> Result<Predicate, GrammarError> {
        let piece = piece.trim();
        let (name_piece, value_piece) = match piece.find_char('=') {
            Some(at) => {
                let (name, _, value) = piece.split_at(at);
                (name.trim(), Some(value))
            }
            None => (piece, None),
        };
        if name_piece.starts_with("text~") {
            return Err(self.selector_for_predicate(name_piece));
        }
        let name_text = self.strict(name_piece, "a predicate name")?;
        let name = PredicateName::parse(&name_text).map_err(|_| {
            // Suggest from every predicate, the terminal ones too.
            let unknown = UnknownName::new(
                "predicate",
                &name_text,
                PredicateName::names().chain(TerminalPredicateName::names()),
            );
            if name_text.is_empty() {
                error(
                    ErrorKind::UnknownPredicate,
                    name_piece.range(),
                    format!("missing predicate (valid predicates: {})", unknown.valid().join(", ")),
                )
            } else {
                unknown_name(ErrorKind::UnknownPredicate, name_piece.range(), &unknown)
            }
        })?;
        let missing = |example: &str| {
            error(
                ErrorKind::MissingPredicateValue,
                piece.range(),
                format!("`{name}` needs a value: write `{name}={example}`"),
            )
        };
        let plain = |predicate: Predicate| match value_piece {
            None => Ok(predicate),
            Some(value) => Err(error(
                ErrorKind::UnexpectedPredicateValue,
                value.range(),
                format!("`{name}` takes no value; write `{name}`"),
            )
            .with_suggestions([name.as_str()])),
        };
        match name {
            PredicateName::Exists => plain(Predicate::Exists),
            PredicateName::Missing => plain(Predicate::Missing),
            PredicateName::InView => plain(Predicate::InView),
            PredicateName::Focused => plain(Predicate::Focused),
            PredicateName::Enabled => plain(Predicate::Enabled),
            PredicateName::Disabled => plain(Predicate::Disabled),
            PredicateName::Value | PredicateName::Text => {
                let Some(value_piece) = value_piece else { return Err(missing("ready")) };
                let is_value = name == PredicateName::Value;
                match self.text_or_regex(value_piece, "a predicate value")? {
                    Some(Matched::Text(text)) if is_value => Ok(Predicate::ValueEquals(text)),
                    Some(Matched::Text(text)) => Ok(Predicate::TextContains(text)),
                    Some(Matched::Regex(regex)) if is_value => Ok(Predicate::ValueMatches(regex)),
                    Some(Matched::Regex(regex)) => Ok(Predicate::TextMatches(regex)),
                    None => Err(error(
                        ErrorKind::EmptyText,
                        value_piece.range(),
                        format!(
                            "empty value after `{name}=`; write `{name}=\"\"` to wait for an empty {}",
                            if name == PredicateName::Value { "value" } else { "text" }
                        ),
                    )),
                }
            }
            PredicateName::Count => {
                let Some(value_piece) = value_piece.map(Piece::trim) else {
                    return Err(missing("1"));
                };
                if value_piece.is_empty() {
                    return Err(missing("1"));
                }
                let text = self.strict(value_piece, "a count")?;
                if text.bytes().all(|b| b.is_ascii_digit()) {
                    if let Ok(count) = text.parse::<usize>() {
                        return Ok(Predicate::Count(count));
                    }
                    return Err(error(
                        ErrorKind::MalformedCount,
                        value_piece.range(),
                        format!("count `{text}` is too large"),
                    ));
                }
                Err(error(
                    ErrorKind::MalformedCount,
                    value_piece.range(),
                    format!(
                        "`{text}` is not a count; write a whole number of matches such as `count=3`"
                    ),
                ))
            }
            PredicateName::Selected
            | PredicateName::Expanded
            | PredicateName::ReadOnly
            | PredicateName::Modal
            | PredicateName::Bold
            | PredicateName::Italic
            | PredicateName::Underline
            | PredicateName::Reverse => {
                let state = |holds: bool| match name {
                    PredicateName::Selected => Predicate::Selected(holds),
                    PredicateName::Expanded => Predicate::Expanded(holds),
                    PredicateName::ReadOnly => Predicate::ReadOnly(holds),
                    PredicateName::Bold => attribute(StyleAttribute::Bold, holds),
                    PredicateName::Italic => attribute(StyleAttribute::Italic, holds),
                    PredicateName::Underline => attribute(StyleAttribute::Underline, holds),
                    PredicateName::Reverse => attribute(StyleAttribute::Reverse, holds),
                    _ => Predicate::Modal(holds),
                };
                let Some(value_piece) = value_piece.map(Piece::trim) else {
                    return Ok(state(true));
                };
                match value_piece.bare().map(|word| Boolean::parse(&word)) {
                    Some(Ok(holds)) => Ok(state(holds.into())),
                    _ => {
                        let given = value_piece.spelling();
                        let suggestions = closest(&given, Boolean::names());
                        Err(error(
                            ErrorKind::MalformedBool,
                            value_piece.range(),
                            format!(
                                "`{name}=` takes `true` or `false`; found `{given}` (write `{name}` or `{name}=false`)"
                            ),
                        )
                        .with_suggestions(suggestions))
                    }
                }
            }
            PredicateName::Checked => {
                let Some(value_piece) = value_piece.map(Piece::trim) else {
                    return Ok(Predicate::Checked(Checked::True));
                };
                match value_piece.bare().map(|word| Checked::parse(&word)) {
                    Some(Ok(checked)) => Ok(Predicate::Checked(checked)),
                    _ => {
                        let given = value_piece.spelling();
                        let suggestions = closest(&given, Checked::names());
                        Err(error(
                            ErrorKind::MalformedBool,
                            value_piece.range(),
                            format!(
                                "`checked=` takes `true`, `false` or `mixed`; found `{given}` (write `checked`, `checked=false` or `checked=mixed`)"
                            ),
                        )
                        .with_suggestions(suggestions))
                    }
                }
            }
            PredicateName::Fg | PredicateName::Bg => {
                let Some(value_piece) = value_piece.map(Piece::trim).filter(|p| !p.is_empty())
                else {
                    return Err(missing("red"));
                };
                let text = self.strict(value_piece, "a colour")?;
                let color = text.parse::<StyleColor>().map_err(|message| {
                    let suggestions = closest(&text, AnsiColor::names());
                    error(ErrorKind::MalformedColor, value_piece.range(), message)
                        .with_suggestions(suggestions)
                })?;
                Ok(Predicate::Style(if name == PredicateName::Fg {
                    StyleCheck::Fg(color)
                } else {
                    StyleCheck::Bg(color)
                }))
            }
            PredicateName::Scroll | PredicateName::ScrollExtent => {
                let Some(value_piece) = value_piece.map(Piece::trim).filter(|p| !p.is_empty())
                else {
                    return Err(missing("0"));
                };
                let text = self.strict(value_piece, "a scroll position")?;
                let what = if name == PredicateName::Scroll { "offset" } else { "extent" };
                if !text.is_empty()
                    && text.bytes().all(|b| b.is_ascii_digit())
                    && let Ok(units) = text.parse::<u64>()
                {
                    return Ok(if name == PredicateName::Scroll {
                        Predicate::ScrollOffset(units)
                    } else {
                        Predicate::ScrollExtent(units)
                    });
                }
                Err(error(
                    ErrorKind::MalformedCount,
                    value_piece.range(),
                    format!(
                        "`{text}` is not a scroll {what}; write a whole number of the content's units (rows, items) such as `{name}=0`"
                    ),
                ))
            }
        }
    }
}

/// `bold`, `italic=false`, ...: a style attribute on or off.
fn attribute(attribute: StyleAttribute, on: bool) -> Predicate {
    Predicate::Style(StyleCheck::Attribute(attribute, on))
}

#[cfg(test)]
mod tests {
    use crate::script::{ErrorKind, parse_step_str};
    use crate::{AutomationStep, Checked, Predicate};

    fn predicate(text: &str) -> Predicate {
        let step = format!("wait-for:{text},#a,1");
        match parse_step_str(&step).unwrap_or_else(|error| panic!("{step}: {error}")).step {
            AutomationStep::WaitFor { condition, .. } => condition.predicate,
            other => panic!("{other}"),
        }
    }

    #[test]
    fn states_read_as_selected_does_and_display_canonically() {
        for (written, expected, shown) in [
            ("checked", Predicate::Checked(Checked::True), "checked"),
            ("checked=true", Predicate::Checked(Checked::True), "checked"),
            ("checked=false", Predicate::Checked(Checked::False), "checked=false"),
            ("checked=mixed", Predicate::Checked(Checked::Mixed), "checked=mixed"),
            ("expanded", Predicate::Expanded(true), "expanded"),
            ("expanded=false", Predicate::Expanded(false), "expanded=false"),
            ("readonly=true", Predicate::ReadOnly(true), "readonly"),
            ("readonly=false", Predicate::ReadOnly(false), "readonly=false"),
            ("modal", Predicate::Modal(true), "modal"),
            ("modal=false", Predicate::Modal(false), "modal=false"),
            ("scroll=0", Predicate::ScrollOffset(0), "scroll=0"),
            ("scroll-extent=40", Predicate::ScrollExtent(40), "scroll-extent=40"),
        ] {
            let parsed = predicate(written);
            assert_eq!(parsed, expected, "{written}");
            assert_eq!(parsed.to_string(), shown, "{written}");
        }
    }

    #[test]
    fn a_state_or_a_position_that_is_not_one_is_named() {
        let fails = |text: &str, kind: ErrorKind, message: &str| {
            let error = parse_step_str(&format!("wait-for:{text},#a,1")).expect_err(text);
            assert_eq!(error.kind, kind, "{text}: {error}");
            assert!(error.message.contains(message), "{text}: {}", error.message);
        };
        fails("expanded=yes", ErrorKind::MalformedBool, "`expanded=` takes `true` or `false`");
        fails("checked=maybe", ErrorKind::MalformedBool, "`true`, `false` or `mixed`");
        fails("modal=1", ErrorKind::MalformedBool, "write `modal` or `modal=false`");
        fails("scroll", ErrorKind::MissingPredicateValue, "write `scroll=0`");
        fails("scroll=top", ErrorKind::MalformedCount, "`top` is not a scroll offset");
        fails("scroll-extent=-1", ErrorKind::MalformedCount, "is not a scroll extent");
        let error = parse_step_str("wait-for:checked=mixd,#a,1").unwrap_err();
        assert_eq!(error.suggestions, ["mixed"]);
    }

    #[test]
    fn style_predicates_read_every_colour_spelling_and_display_canonically() {
        use crate::{AnsiColor, StyleAttribute, StyleCheck, StyleColor};
        let style = Predicate::Style;
        let on = |attribute, on| Predicate::Style(StyleCheck::Attribute(attribute, on));
        for (written, expected, shown) in [
            ("fg=red", style(StyleCheck::Fg(StyleColor::Ansi(AnsiColor::Red))), "fg=red"),
            (
                "fg = light-cyan",
                style(StyleCheck::Fg(StyleColor::Ansi(AnsiColor::LightCyan))),
                "fg=light-cyan",
            ),
            ("bg=#1E1E2e", style(StyleCheck::Bg(StyleColor::Rgb(0x1e, 0x1e, 0x2e))), "bg=#1e1e2e"),
            ("fg=idx196", style(StyleCheck::Fg(StyleColor::Indexed(196))), "fg=idx196"),
            ("fg=idx1", style(StyleCheck::Fg(StyleColor::Indexed(1))), "fg=idx1"),
            ("bg=default", style(StyleCheck::Bg(StyleColor::Default)), "bg=default"),
            ("bg=reset", style(StyleCheck::Bg(StyleColor::Default)), "bg=default"),
            ("bold", on(StyleAttribute::Bold, true), "bold"),
            ("bold=true", on(StyleAttribute::Bold, true), "bold"),
            ("italic=false", on(StyleAttribute::Italic, false), "italic=false"),
            ("underline", on(StyleAttribute::Underline, true), "underline"),
            ("reverse=false", on(StyleAttribute::Reverse, false), "reverse=false"),
        ] {
            let parsed = predicate(written);
            assert_eq!(parsed, expected, "{written}");
            assert_eq!(parsed.to_string(), shown, "{written}");
            assert_eq!(predicate(shown), parsed, "{shown} reads back");
        }
    }

    #[test]
    fn every_colour_and_attribute_step_displays_as_a_spelling_that_reads_back() {
        use crate::{AnsiColor, Selector, StyleAttribute, StyleCheck, StyleColor, WaitCondition};
        let mut colors: Vec<StyleColor> =
            AnsiColor::ALL.iter().map(|c| StyleColor::Ansi(*c)).collect();
        colors.push(StyleColor::Default);
        colors.extend((0..=255).map(StyleColor::Indexed));
        // 24-bit colours from a fixed seed (a linear congruential generator).
        let mut state: u32 = 0x2026_1203;
        for _ in 0..64 {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let [r, g, b, _] = state.to_le_bytes();
            colors.push(StyleColor::Rgb(r, g, b));
        }
        let mut checks: Vec<StyleCheck> =
            colors.iter().flat_map(|c| [StyleCheck::Fg(*c), StyleCheck::Bg(*c)]).collect();
        for attribute in StyleAttribute::ALL {
            checks.extend([true, false].map(|on| StyleCheck::Attribute(*attribute, on)));
        }
        let selectors =
            [Selector::text_contains("a, b"), Selector::id("status"), Selector::point(3, 4)];
        for check in checks {
            for selector in &selectors {
                let condition = WaitCondition::new(Predicate::Style(check), selector.clone());
                let step = AutomationStep::wait_for(condition, std::time::Duration::from_millis(9));
                let shown = step.to_string();
                let read = parse_step_str(&shown).unwrap_or_else(|e| panic!("{shown}: {e}")).step;
                assert_eq!(read, step, "{shown}");
            }
        }
    }

    #[test]
    fn a_colour_that_is_not_one_is_named_on_its_token() {
        let error = parse_step_str("wait-for:fg=rde,text~Error,500").unwrap_err();
        assert_eq!(error.kind, ErrorKind::MalformedColor);
        assert_eq!(error.suggestions, ["red"]);
        assert!(error.message.starts_with("unknown colour `rde`; did you mean `red`?"), "{error}");
        assert!(error.message.contains("default (or reset), #rrggbb, idx0 to idx255"), "{error}");
        assert_eq!((error.range.start.0, error.range.end.0), (12, 14));
        for (written, message) in [
            ("fg=#12345", "six hexadecimal digits"),
            ("bg=idx256", "a palette index is 0 to 255"),
            ("fg=\"red\"", "a colour is never quoted"),
        ] {
            let error = parse_step_str(&format!("wait-for:{written},text~E,1")).expect_err(written);
            assert!(error.message.contains(message), "{written}: {error}");
        }
        let error = parse_step_str("wait-for:fg,text~E,1").unwrap_err();
        assert_eq!(error.kind, ErrorKind::MissingPredicateValue);
        assert!(error.message.contains("write `fg=red`"), "{error}");
        let error = parse_step_str("wait-for:bold=yes,text~E,1").unwrap_err();
        assert_eq!(error.kind, ErrorKind::MalformedBool);
        assert!(error.message.contains("write `bold` or `bold=false`"), "{error}");
    }
}
