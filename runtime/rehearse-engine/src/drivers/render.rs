//! The deterministic render entry point: `(app factory, size, key script)
//! -> Buffer`, a pure function.

use ratatui::buffer::Buffer;
use ratatui::layout::Size;

use crate::component::Component;
use crate::{Session, SessionOptions};
use rehearse_core::AutomationError;
use rehearse_core::StepError;
use rehearse_core::artifacts::Screen;
use rehearse_lang::{AutomationStep, KeyPress};

/// Why a key script is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("key script token {} `{token}`: {reason}", index + 1)]
pub struct KeyScriptError {
    /// The offending token, as written.
    pub token: String,
    /// Its zero-based position among the script's tokens.
    pub index: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// Why a deterministic render failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// The key script is invalid; nothing ran.
    #[error("{0}")]
    KeyScript(KeyScriptError),
    /// The app did not start (its first commit failed).
    #[error("the app did not start: {0}")]
    Start(AutomationError),
    /// A key step failed.
    #[error("{0}")]
    Step(Box<StepError>),
}

/// Parses a key script: space-separated key names in the `key:` step
/// spelling (`Down`, `Enter`, `Shift+Tab`, `ctrl+n`, `F5`, a single
/// character), case-insensitive. An unknown name is a hard error naming
/// the token, never a skip.
///
/// ```
/// use rehearse::artifacts::parse_key_script;
/// assert_eq!(parse_key_script("Down  Shift+Tab").unwrap().len(), 2);
/// let error = parse_key_script("Down Entr").unwrap_err();
/// assert!(error.to_string().starts_with("key script token 2 `Entr`: unknown key `Entr`; did you mean `enter`?"));
/// ```
///
/// # Errors
///
/// [`KeyScriptError`] for the first token that is not a key.
pub fn parse_key_script(script: &str) -> Result<Vec<KeyPress>, KeyScriptError> {
    script
        .split_whitespace()
        .enumerate()
        .map(|(index, token)| {
            token.parse::<KeyPress>().map_err(|error| KeyScriptError {
                token: token.to_owned(),
                index,
                reason: error.to_string(),
            })
        })
        .collect()
}

/// The keys of `script` for app `C`, refusing the keys `C` declares as
/// having effects outside the app.
fn keys_for<C: Component>(script: &str) -> Result<Vec<KeyPress>, KeyScriptError> {
    let keys = parse_key_script(script)?;
    let refused = C::AUTOMATION_IDS;
    for (index, (key, token)) in keys.iter().zip(script.split_whitespace()).enumerate() {
        if refused.refuses(key) {
            return Err(KeyScriptError {
                token: token.to_owned(),
                index,
                reason: format!(
                    "{} refuses `{key}` in automation: it has effects outside the app",
                    std::any::type_name::<C>()
                ),
            });
        }
    }
    Ok(keys)
}

/// Renders an app headlessly and deterministically: mounts a fresh app
/// from `factory` at `size` with default session options (controlled
/// clock, the built-in theme; nothing is read from user settings, the
/// environment or the disk), presses each key of `script` through the real
/// input path, and returns the committed frame. The same inputs always
/// give the same buffer.
///
/// ```
/// use ratatui::layout::Size;
/// use rehearse::artifacts::render;
/// use rehearse::prelude::*;
/// use rehearse::widgets::TextInput;
///
/// #[derive(Default)]
/// struct Field(String);
/// impl Component for Field {
///     type Message = String;
///     fn update(&mut self, text: String, _: &mut Context<'_, Self>) { self.0 = text; }
///     fn view(&self, ui: &mut Ui<'_, String>) {
///         ui.add(ui.area(), TextInput::new(self.0.as_str()).on_change(|text| text));
///     }
/// }
///
/// let a = render(Field::default, Size::new(20, 3), "Tab h i").unwrap();
/// assert_eq!(a, render(Field::default, Size::new(20, 3), "Tab h i").unwrap());
/// assert!(render(Field::default, Size::new(20, 3), "Tab hi").is_err());
/// ```
///
/// # Errors
///
/// [`RenderError::KeyScript`] before anything runs; otherwise what starting
/// the app or a key step failed with.
pub fn render<C: Component>(
    factory: impl FnOnce() -> C,
    size: Size,
    script: &str,
) -> Result<Buffer, RenderError> {
    render_session(factory, size, script).map(|session| session.buffer().clone())
}

/// [`render`] as a [`Screen`], with the cursor.
///
/// # Errors
///
/// As [`render`].
pub fn render_screen<C: Component>(
    factory: impl FnOnce() -> C,
    size: Size,
    script: &str,
) -> Result<Screen, RenderError> {
    render_session(factory, size, script).map(|session| Screen::from_frame(session.frame()))
}

fn render_session<C: Component>(
    factory: impl FnOnce() -> C,
    size: Size,
    script: &str,
) -> Result<Session<C>, RenderError> {
    let keys = keys_for::<C>(script).map_err(RenderError::KeyScript)?;
    let options = SessionOptions::default().viewport(size.width, size.height);
    let mut session = Session::try_new(factory(), options).map_err(RenderError::Start)?;
    for key in keys {
        session
            .step(AutomationStep::key(key))
            .map_err(|error| RenderError::Step(Box::new(error)))?;
    }
    Ok(session)
}
