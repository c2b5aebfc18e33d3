//! A step in `scenario!`'s spelling: the script's, but every free text a
//! Rust string literal (names, text, values, typed and pasted text, screen
//! text), and a key name quoted when its characters are not Rust tokens
//! (`key:"ctrl+]"`). Written for the steps a recording holds; any other is
//! refused, naming it.

use rehearse_lang::{
    AutomationStep, FocusTarget, Predicate, Selector, TerminalCondition, TextMatcher, TextRegex,
    WaitCondition,
};

/// `text` as a Rust string literal.
pub fn literal(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for character in text.chars() {
        match character {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\r' => quoted.push_str("\\r"),
            '\t' => quoted.push_str("\\t"),
            '\0' => quoted.push_str("\\0"),
            control if control.is_control() => {
                quoted.push_str(&format!("\\u{{{:x}}}", u32::from(control)));
            }
            other => quoted.push(other),
        }
    }
    quoted.push('"');
    quoted
}

/// A regular expression in `scenario!`'s spelling: its pattern a string
/// literal between the slashes (`/"Sav(e|ing)"/i`).
fn regex(regex: &TextRegex) -> String {
    let flag = if regex.ignores_case() { "i" } else { "" };
    format!("/{}/{flag}", literal(regex.pattern()))
}

/// A selector in `scenario!`'s spelling; `None` for an id Rust would read
/// as a comment.
fn selector(chosen: &Selector) -> Option<String> {
    Some(match chosen {
        Selector::Id(id) if id.contains("//") || id.contains("/*") => return None,
        Selector::Id(id) => format!("#{id}"),
        Selector::Role { role, name: None } => format!("@{role}"),
        Selector::Role { role, name: Some(name) } => format!("@{role}={}", literal(name)),
        Selector::RoleNameMatches { role, name } => format!("@{role}={}", regex(name)),
        Selector::TextContains(text) => format!("text~{}", literal(text)),
        Selector::TextMatches(matching) => format!("text~{}", regex(matching)),
        Selector::Point { col, row } => format!("{col},{row}"),
        Selector::Within { scope, target } => {
            format!("{}>>{}", selector(scope)?, selector(target)?)
        }
        Selector::Nth { of, index } => format!("{}>>nth={index}", selector(of)?),
        _ => return None,
    })
}

fn predicate(predicate: &Predicate) -> String {
    match predicate {
        Predicate::ValueEquals(value) => format!("value={}", literal(value)),
        Predicate::TextContains(text) => format!("text={}", literal(text)),
        Predicate::ValueMatches(matching) => format!("value={}", regex(matching)),
        Predicate::TextMatches(matching) => format!("text={}", regex(matching)),
        // No free text: the script's spelling.
        other => other.to_string(),
    }
}

fn condition(condition: &WaitCondition) -> Option<String> {
    Some(format!("{},{}", predicate(&condition.predicate), selector(&condition.selector)?))
}

fn terminal(condition: &TerminalCondition) -> String {
    match condition {
        TerminalCondition::Text { region, matcher } => {
            let (name, text) = match matcher {
                TextMatcher::Contains(text)
                | TextMatcher::Lacks(text)
                | TextMatcher::Equals(text) => (matcher.name(), text.clone()),
                TextMatcher::Matches(pattern) => (matcher.name(), pattern.as_str().to_owned()),
            };
            format!("{name}={},{}", literal(&text), region.subject())
        }
        // Counts, codes and durations: the script's spelling.
        other => other.to_string(),
    }
}

/// The key's name, quoted unless every character of it is a Rust token.
fn key_name(spelled: &str) -> String {
    let tokens = spelled
        .split('+')
        .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric()));
    if tokens || spelled == "+" { spelled.to_owned() } else { literal(spelled) }
}

/// `step` as `scenario!` spells it, or why it cannot be written there.
pub fn spell(step: &AutomationStep) -> Result<String, String> {
    let verb = step.verb();
    let refused = || format!("`{step}` cannot be written in `scenario!` by the recorder");
    let spelled = match step {
        AutomationStep::Click { target, .. } | AutomationStep::Hover { target } => {
            format!("{verb}:{}", selector(target).ok_or_else(refused)?)
        }
        AutomationStep::Focus { target: FocusTarget::Selector(target) } => {
            format!("{verb}:{}", selector(target).ok_or_else(refused)?)
        }
        AutomationStep::Type { text } => format!("{verb}:{}", literal(text)),
        AutomationStep::TypeSecret { .. } => step.to_string(),
        AutomationStep::Key { key } => format!("{verb}:{}", key_name(&key.to_string())),
        AutomationStep::Scroll { target: Some(target), direction } => {
            format!("{verb}:{},{}", selector(target).ok_or_else(refused)?, direction.as_str())
        }
        AutomationStep::Drag { from, to } => format!(
            "{verb}:{}>{}",
            selector(from).ok_or_else(refused)?,
            selector(to).ok_or_else(refused)?
        ),
        AutomationStep::Paste { text } | AutomationStep::Send { text } => {
            format!("{verb}:{}", literal(text))
        }
        AutomationStep::WaitFor { condition: wait, timeout } => {
            format!("{verb}:{},{}", condition(wait).ok_or_else(refused)?, timeout.as_millis())
        }
        AutomationStep::WaitForTerminal { condition, timeout } => {
            format!("{verb}:{},{}", terminal(condition), timeout.as_millis())
        }
        // No free text: the script's spelling is the macro's.
        AutomationStep::Resize { .. }
        | AutomationStep::Mouse { .. }
        | AutomationStep::Checkpoint { .. }
        | AutomationStep::Scroll { target: None, .. }
        | AutomationStep::Focus { .. }
        | AutomationStep::Drain
        | AutomationStep::Advance { .. }
        | AutomationStep::Sleep { .. } => step.to_string(),
        _ => return Err(refused()),
    };
    Ok(spelled)
}

#[cfg(test)]
pub(crate) mod tests {
    use std::time::Duration;

    use rehearse_lang::script::{Dialect, lex_step, parse_step_in};
    use rehearse_lang::{
        KeyCode, KeyPress, Modifiers, PointerAction, PointerButton, ScrollDirection, Secret,
        SemanticRole, TextRegion,
    };

    use super::*;

    /// Every kind of step a recording holds, with awkward text.
    pub(crate) fn recordable() -> Vec<AutomationStep> {
        let ms = Duration::from_millis(1500);
        let text = |text: &str| Selector::text_contains(text);
        let screen = |matcher| TerminalCondition::Text { region: TextRegion::Screen, matcher };
        vec![
            AutomationStep::click(Selector::id("new-todo")),
            AutomationStep::right_click(Selector::role(SemanticRole::Button).name("Save as")),
            AutomationStep::middle_click(text("say \"hi\"; then > go")),
            AutomationStep::click(Selector::point(3, 4)),
            AutomationStep::click(
                Selector::id("col.todo")
                    .descendant(Selector::role(SemanticRole::Button).name("Move")),
            ),
            AutomationStep::click(Selector::from(SemanticRole::ListItem).nth(2)),
            AutomationStep::type_text("Buy milk, then: bread; (now)"),
            AutomationStep::type_text("tab\there\nnew line \\ back"),
            AutomationStep::type_secret(Secret::env("PASSWORD")),
            AutomationStep::key(KeyCode::Enter),
            AutomationStep::key(KeyPress::new(KeyCode::Char('c'), Modifiers::CTRL)),
            AutomationStep::key(KeyPress::new(KeyCode::Char(']'), Modifiers::CTRL)),
            AutomationStep::key(KeyPress::new(KeyCode::Char(';'), Modifiers::ALT)),
            AutomationStep::key(KeyPress::new(KeyCode::Left, Modifiers::SHIFT)),
            AutomationStep::key(KeyCode::BackTab),
            AutomationStep::paste("two\nlines"),
            AutomationStep::send("\u{1b}[24~"),
            AutomationStep::resize(120, 39),
            AutomationStep::mouse(3, 4, PointerButton::WheelDown, PointerAction::Click),
            AutomationStep::mouse(8, 2, PointerButton::Left, PointerAction::Press),
            AutomationStep::scroll_at(Selector::id("items"), ScrollDirection::Up),
            AutomationStep::drag(Selector::id("a"), Selector::point(9, 9)),
            AutomationStep::checkpoint("checkpoint-1"),
            AutomationStep::wait_for(
                WaitCondition::new(Predicate::Exists, Selector::id("saved")),
                ms,
            ),
            AutomationStep::wait_for(
                WaitCondition::new(Predicate::Missing, Selector::role(SemanticRole::Dialog)),
                ms,
            ),
            AutomationStep::wait_for(
                WaitCondition::new(Predicate::ValueEquals("a,b".into()), Selector::id("q")),
                ms,
            ),
            AutomationStep::wait_for(
                WaitCondition::new(
                    Predicate::TextContains("1 done".into()),
                    Selector::id("status"),
                ),
                ms,
            ),
            AutomationStep::wait_for(
                WaitCondition::new(
                    Predicate::Selected(false),
                    Selector::role(SemanticRole::ListItem).name("Eggs"),
                ),
                ms,
            ),
            AutomationStep::wait_for(WaitCondition::new(Predicate::Focused, Selector::id("q")), ms),
            AutomationStep::wait_for_terminal(screen(TextMatcher::Contains("hello\n$".into())), ms),
            AutomationStep::wait_for_terminal(TerminalCondition::ExitCode(0), ms),
            AutomationStep::wait_for_terminal(TerminalCondition::ExitCode(-1), ms),
            AutomationStep::wait_for_terminal(TerminalCondition::Exited, ms),
            AutomationStep::wait_for(
                WaitCondition::new(Predicate::Selected(true), Selector::id("item-2")),
                ms,
            ),
            AutomationStep::mouse(0, 0, PointerButton::WheelUp, PointerAction::Click),
            AutomationStep::mouse(8, 2, PointerButton::Right, PointerAction::Move),
            AutomationStep::mouse(9, 2, PointerButton::Middle, PointerAction::Release),
            AutomationStep::scroll_at(
                Selector::id("list").descendant(Selector::role(SemanticRole::ListItem).name("x")),
                ScrollDirection::Down,
            ),
            AutomationStep::drag(
                Selector::from(Selector::role(SemanticRole::ListItem).name("a")).nth(0),
                Selector::role(SemanticRole::List).name("Done"),
            ),
        ]
    }

    /// Text as awkward as a person can type: every ASCII character, alone
    /// and between letters, and some beyond.
    pub(crate) fn awkward() -> Vec<String> {
        let mut texts: Vec<String> = (0u8..128).map(|byte| char::from(byte).to_string()).collect();
        texts.extend((0u8..128).map(|byte| format!("a{}b", char::from(byte))));
        let more = ["  padded ", "${secret.X}", "é日本🙂", "\"q\"", r"a\b", ">>", "nth=1", "#id"];
        texts.extend(more.map(String::from));
        texts.extend(
            ["@button", "1,2", "--", "a;b", "(x)", "x>y", "{x}", "// not a comment"]
                .map(String::from),
        );
        texts
    }

    /// Every step a recording may hold with `text` in each of its free-text
    /// places (those that take any text).
    pub(crate) fn with_text(text: &str) -> Vec<AutomationStep> {
        let ms = Duration::from_millis(2000);
        let mut steps = vec![
            AutomationStep::type_text(text),
            AutomationStep::paste(text),
            AutomationStep::send(text),
            AutomationStep::wait_for(
                WaitCondition::new(Predicate::ValueEquals(text.into()), Selector::id("q")),
                ms,
            ),
            AutomationStep::click(Selector::role(SemanticRole::Button).name(text)),
        ];
        if !text.is_empty() {
            steps.extend([
                AutomationStep::click(Selector::text_contains(text)),
                AutomationStep::wait_for(
                    WaitCondition::new(Predicate::TextContains(text.into()), Selector::id("q")),
                    ms,
                ),
                AutomationStep::wait_for_terminal(
                    TerminalCondition::Text {
                        region: TextRegion::Screen,
                        matcher: TextMatcher::Contains(text.into()),
                    },
                    ms,
                ),
            ]);
        }
        steps
    }

    #[test]
    fn awkward_text_in_every_free_text_place_spells_as_the_macro_reads_it() {
        for text in awkward() {
            // The script lexer stands in for Rust's here; they share every
            // escape but `\u{…}`, which only controls other than these get.
            if text.chars().any(|c| c.is_control() && !"\n\r\t\0".contains(c)) {
                continue;
            }
            for step in with_text(&text) {
                let spelled = spell(&step).unwrap();
                let lexemes =
                    lex_step(&spelled).unwrap_or_else(|error| panic!("{spelled}: {error}"));
                let parsed = parse_step_in(&lexemes, Dialect::Scenario)
                    .unwrap_or_else(|error| panic!("`{spelled}`: {error}"));
                assert_eq!(parsed.step, step, "{spelled}");
            }
        }
    }

    #[test]
    fn every_recordable_step_spells_as_the_macro_reads_it() {
        for step in recordable() {
            let spelled = spell(&step).unwrap();
            // Rust's escapes and the script's agree on every one used here
            // but `\u{…}`, which only the `send:` row has.
            let lexed = if spelled.contains("\\u{") {
                spelled.replace("\\u{1b}", "\\e")
            } else {
                spelled.clone()
            };
            let lexemes = lex_step(&lexed).unwrap_or_else(|error| panic!("{spelled}: {error}"));
            let parsed = parse_step_in(&lexemes, Dialect::Scenario)
                .unwrap_or_else(|error| panic!("`{spelled}`: {error}"));
            assert_eq!(parsed.step, step, "{spelled}");
        }
    }

    #[test]
    fn a_regex_is_a_literal_between_slashes() {
        let regex = |pattern: &str| TextRegex::new(pattern).unwrap();
        let ms = Duration::from_millis(500);
        let steps = [
            AutomationStep::click(
                Selector::role(SemanticRole::Button)
                    .name_matching(regex("Sav(e|ing)").ignoring_case()),
            ),
            AutomationStep::hover(Selector::text_matches(regex(r"a/b\d"))),
            AutomationStep::wait_for(
                WaitCondition::new(Predicate::ValueMatches(regex("^a,b$")), Selector::id("q")),
                ms,
            ),
            AutomationStep::wait_for(
                WaitCondition::new(Predicate::TextMatches(regex("(?m)^ok")), Selector::id("q")),
                ms,
            ),
        ];
        let spelled: Vec<String> = steps.iter().map(|step| spell(step).unwrap()).collect();
        assert_eq!(spelled[0], r#"click:@button=/"Sav(e|ing)"/i"#);
        assert_eq!(spelled[1], r#"hover:text~/"a/b\\d"/"#);
        for (step, spelled) in steps.iter().zip(&spelled) {
            let lexemes = lex_step(spelled).unwrap_or_else(|error| panic!("{spelled}: {error}"));
            let parsed = parse_step_in(&lexemes, Dialect::Scenario)
                .unwrap_or_else(|error| panic!("`{spelled}`: {error}"));
            assert_eq!(&parsed.step, step, "{spelled}");
        }
    }

    #[test]
    fn free_text_is_always_a_literal() {
        assert_eq!(spell(&AutomationStep::type_text("hello")).unwrap(), r#"type:"hello""#);
        assert_eq!(spell(&AutomationStep::send("\u{1b}[A")).unwrap(), r#"send:"\u{1b}[A""#);
        assert_eq!(
            spell(&AutomationStep::key(KeyPress::new(KeyCode::Char(']'), Modifiers::CTRL)))
                .unwrap(),
            r#"key:"ctrl+]""#
        );
        assert_eq!(spell(&AutomationStep::key(KeyCode::Enter)).unwrap(), "key:enter");
        assert!(spell(&AutomationStep::click(Selector::id("a//b"))).is_err());
    }
}
