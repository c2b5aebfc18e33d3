//! What `type:` needs before a plane that routes keys to a focused node
//! delivers a character: a focused node that takes text, and no character
//! the app refuses in automation.

use rehearse_lang::{SemanticAction, SemanticRole};

use crate::error::AutomationError;
use crate::scenario::AutomationIds;
use crate::semantic::SemanticTree;

/// Checks that `text` can be typed on the committed `tree`: a node holds
/// focus (else the error gives `no_focus` as the reason: what to do
/// instead on this plane), it takes text (a text role, or `set-value`),
/// and `declared` refuses none of the keys its characters are (`app`
/// names the app in that error). The text itself never appears in an
/// error: it may be a password.
///
/// # Errors
///
/// [`AutomationError::NotActionable`] without focus or on a node that
/// takes no text; [`AutomationError::RefusedKey`] for a refused key.
pub fn check_typing(
    tree: &SemanticTree,
    text: &str,
    declared: &AutomationIds,
    app: &'static str,
    no_focus: &str,
) -> Result<(), AutomationError> {
    let Some(focused) = tree.focused() else {
        return Err(AutomationError::NotActionable {
            target: "nothing".into(),
            operation: "type".into(),
            reason: no_focus.to_owned(),
        });
    };
    if !(focused.role.accepts_text() || focused.actions.contains(SemanticAction::SetValue)) {
        return Err(AutomationError::NotActionable {
            target: focused.label(),
            operation: "type".into(),
            reason: format!("typing needs a focused {}", SemanticRole::typing_roles_phrase()),
        });
    }
    // Every character is a key press: a refused key stays refused.
    if let Some(key) =
        text.chars().map(rehearse_lang::KeyPress::typed).find(|key| declared.refuses(key))
    {
        return Err(AutomationError::RefusedKey { key, app });
    }
    Ok(())
}

/// Checks that automation may press `key`: `declared` does not refuse it
/// (`app` names the app in the error).
///
/// # Errors
///
/// [`AutomationError::RefusedKey`].
pub fn check_key(
    key: rehearse_lang::KeyPress,
    declared: &AutomationIds,
    app: &'static str,
) -> Result<(), AutomationError> {
    if declared.refuses(&key) { Err(AutomationError::RefusedKey { key, app }) } else { Ok(()) }
}
