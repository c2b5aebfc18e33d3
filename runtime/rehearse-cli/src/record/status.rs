//! The status line on the person's last row: that a recording is on, how
//! many steps it holds and the last one (a secret shows as its variable,
//! as it is written), whether the program publishes its tree, and the
//! chord that marks the recording — Ctrl+] then `c` (a checkpoint), `a`
//! (an assertion on what is under the pointer) or `q` (stop and write).

/// Something the last mark did, said once on the status line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A checkpoint was written.
    Checkpoint,
    /// An assertion was written.
    Asserted,
    /// Nothing under the pointer to assert on.
    NothingThere,
    /// A click on a program that takes no mouse input.
    NoMouse,
}

/// What the status line says.
#[derive(Debug, Clone, Default)]
pub struct Status {
    /// The prefix was pressed: the marks are offered.
    pub menu: bool,
    /// The program publishes its tree.
    pub tree: bool,
    /// Checkpoints written so far.
    pub checkpoints: usize,
    /// What the last mark did.
    pub notice: Option<Mark>,
}

impl Status {
    /// The line, for `count` steps of which the last is `last`.
    pub fn line(&self, count: usize, last: Option<&str>) -> String {
        if self.menu {
            // At most 80 columns, the width of the smallest usual terminal.
            return " MARK  c checkpoint | a assert what is under the pointer | q stop and save"
                .into();
        }
        let tree = if self.tree { " | tree" } else { "" };
        let said = match self.notice {
            Some(Mark::Checkpoint) => " | checkpoint written".to_owned(),
            Some(Mark::Asserted) => " | assertion written".to_owned(),
            Some(Mark::NothingThere) => " | nothing there to assert on".to_owned(),
            Some(Mark::NoMouse) => " | the program takes no mouse input: not recorded".to_owned(),
            None => last.map(|last| format!(" | {last}")).unwrap_or_default(),
        };
        let plural = if count == 1 { "" } else { "s" };
        format!(" REC {count} step{plural}{tree}{said} | Ctrl+] marks")
    }
}

/// An environment variable name made of `word` (`password` is
/// `PASSWORD`, `2fa code` is `SECRET_2FA_CODE`; nothing usable is
/// `SECRET`), which the person may rename in the recording.
pub fn variable_name(word: &str) -> String {
    let mut name = String::new();
    for character in word.trim().chars() {
        if character.is_ascii_alphanumeric() {
            name.push(character.to_ascii_uppercase());
        } else if !name.is_empty() && !name.ends_with('_') {
            name.push('_');
        }
        if name.len() >= 32 {
            break;
        }
    }
    let name = name.trim_end_matches('_');
    match name.chars().next() {
        None => "SECRET".into(),
        Some(first) if first.is_ascii_digit() => format!("SECRET_{name}"),
        Some(_) => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_names_are_variable_names() {
        assert_eq!(variable_name("password"), "PASSWORD");
        assert_eq!(variable_name(" Enter PIN "), "ENTER_PIN");
        assert_eq!(variable_name("2fa-code"), "SECRET_2FA_CODE");
        assert_eq!(variable_name("••••"), "SECRET");
        for name in ["PASSWORD", "ENTER_PIN", "SECRET_2FA_CODE", "SECRET"] {
            assert!(rehearse_lang::validate_env_name(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn the_line_counts_steps_and_shows_the_last() {
        let status = Status { tree: true, ..Status::default() };
        assert_eq!(
            status.line(3, Some("key:enter")),
            " REC 3 steps | tree | key:enter | Ctrl+] marks"
        );
        let menu = Status { menu: true, ..Status::default() };
        assert!(menu.line(0, None).contains("q stop and save"));
    }
}
