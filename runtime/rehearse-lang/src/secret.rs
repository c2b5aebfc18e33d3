//! Secrets a step types (`type:${secret.API_TOKEN}`): read when the step
//! runs, typed like any text, and never shown — not in `Display`, `Debug`,
//! reports, errors or protocol replies. (Pixels and recordings show
//! whatever the screen shows; see docs/artifacts.md.)

use std::borrow::Cow;
use std::fmt;

/// Text to type that no output may echo.
///
/// ```
/// use rehearse_lang::Secret;
/// let token = Secret::env("API_TOKEN");
/// assert_eq!(token.to_string(), "${secret.API_TOKEN}");
/// let literal = Secret::value("hunter2");
/// assert_eq!(format!("{literal} {literal:?}"), "<redacted> Secret(<redacted>)");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Secret(Source);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Source {
    /// An environment variable, read when the step runs.
    Env(String),
    /// A value the test computed.
    Value(String),
}

impl Secret {
    /// The value of the environment variable `name`, read when the step
    /// runs (the script spelling `${secret.NAME}`).
    pub fn env(name: impl Into<String>) -> Self {
        Self(Source::Env(name.into()))
    }

    /// A value the test holds. Its step displays as `type:<redacted>`,
    /// which is not a script spelling: only `${secret.NAME}` reads back.
    pub fn value(value: impl Into<String>) -> Self {
        Self(Source::Value(value.into()))
    }

    /// The environment variable the secret is read from, if it is one.
    pub fn env_name(&self) -> Option<&str> {
        match &self.0 {
            Source::Env(name) => Some(name),
            Source::Value(_) => None,
        }
    }

    /// The text to type. Only the executor calls this, to deliver it.
    ///
    /// # Errors
    ///
    /// The environment variable is not set or not UTF-8 (the message names
    /// the variable, never a value).
    pub fn reveal(&self) -> Result<Cow<'_, str>, String> {
        match &self.0 {
            Source::Value(value) => Ok(Cow::Borrowed(value)),
            Source::Env(name) => std::env::var(name).map(Cow::Owned).map_err(|error| match error {
                std::env::VarError::NotPresent => format!(
                    "the environment variable `{name}` that `${{secret.{name}}}` reads is not set"
                ),
                std::env::VarError::NotUnicode(_) => {
                    format!("the environment variable `{name}` is not UTF-8")
                }
            }),
        }
    }
}

/// Checks the name in `${secret.NAME}`: an environment variable name,
/// `[A-Za-z_][A-Za-z0-9_]*`.
///
/// # Errors
///
/// What is wrong with it, in words.
pub fn validate_env_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    match chars.next() {
        None => Err("the environment variable name is empty".into()),
        Some(first) if !(first.is_ascii_alphabetic() || first == '_') => Err(format!(
            "`{name}` is not an environment variable name: it starts with {first:?}; a name is letters, digits and `_`, not starting with a digit"
        )),
        _ => match chars.find(|c| !(c.is_ascii_alphanumeric() || *c == '_')) {
            Some(bad) => Err(format!(
                "`{name}` is not an environment variable name: it has {bad:?}; a name is letters, digits and `_`"
            )),
            None => Ok(()),
        },
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Source::Env(name) => write!(f, "${{secret.{name}}}"),
            Source::Value(_) => f.write_str("<redacted>"),
        }
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Source::Env(name) => write!(f, "Secret(env {name})"),
            Source::Value(_) => f.write_str("Secret(<redacted>)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_environment_rules() {
        assert!(validate_env_name("API_TOKEN_2").is_ok());
        assert!(validate_env_name("_x").is_ok());
        assert!(validate_env_name("2FA").unwrap_err().contains("starts with '2'"));
        assert!(validate_env_name("A-B").unwrap_err().contains("has '-'"));
        assert!(validate_env_name("").is_err());
    }

    #[test]
    fn a_missing_variable_is_named_and_a_value_never_shown() {
        let missing = Secret::env("REHEARSE_TEST_SURELY_UNSET_VARIABLE");
        let error = missing.reveal().unwrap_err();
        assert!(error.contains("`REHEARSE_TEST_SURELY_UNSET_VARIABLE`"), "{error}");
        let value = Secret::value("hunter2");
        assert_eq!(value.reveal().unwrap(), "hunter2");
        assert!(!format!("{value} {value:?}").contains("hunter2"));
    }
}
