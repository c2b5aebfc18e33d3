//! State names, the tri-state `Checked`, and the words `true` and `false`
//! a state predicate takes (`Boolean`).

use crate::vocabulary::closed_set;

closed_set! {
    /// A state a semantic node can report.
    ///
    /// States are published only when the widget or the framework actually
    /// knows them; none is ever inferred from appearance. `hidden` and
    /// `offscreen` are computed by the engine from geometry: a node scrolled
    /// out of its viewport is `offscreen` (and therefore `hidden`), which is
    /// not the same as never displayed. `inert` and `modal` are computed by
    /// the engine from its layers: `inert` is everything beneath an open
    /// modal dialog, `modal` that dialog itself.
    #[non_exhaustive]
    pub enum StateName: "state" {
        /// Holds keyboard focus.
        Focused = "focused",
        /// Accepts input.
        Enabled = "enabled",
        /// Does not accept input.
        Disabled = "disabled",
        /// Is the selected item of its container.
        Selected = "selected",
        /// Shows its children.
        Expanded = "expanded",
        /// Is checked (false, true or mixed).
        Checked = "checked",
        /// Shows a value the user cannot change (a read-only text box).
        ReadOnly = "readonly",
        /// Is not visible to the user.
        Hidden = "hidden",
        /// Is laid out but scrolled entirely out of view.
        Offscreen = "offscreen",
        /// Lies beneath an open modal dialog: shown, but out of reach of
        /// role, name and text queries and of every action.
        Inert = "inert",
        /// Is a dialog opened as a modal overlay: while it is open, what
        /// lies beneath it is inert.
        Modal = "modal",
    }
}

impl StateName {
    /// Whether a widget may report this state itself (`#[semantic(checked)]`),
    /// as opposed to the engine computing it from geometry.
    pub const fn is_widget_reported(self) -> bool {
        !matches!(self, Self::Hidden | Self::Offscreen | Self::Inert | Self::Modal)
    }

    /// The word that reads a reported state in Markdown and messages: the
    /// state's own spelling when it holds, and its opposite when it does not
    /// (`collapsed` for `expanded`, `unchecked` for `checked`, `disabled`
    /// for `enabled`); `None` when a state that does not hold has no word
    /// (nothing is printed for it).
    ///
    /// ```
    /// use rehearse_lang::StateName;
    /// assert_eq!(StateName::Expanded.word(true), Some("expanded"));
    /// assert_eq!(StateName::Expanded.word(false), Some("collapsed"));
    /// assert_eq!(StateName::Focused.word(false), None);
    /// ```
    pub fn word(self, holds: bool) -> Option<&'static str> {
        match (self, holds) {
            (state, true) => Some(state.as_str()),
            (Self::Expanded, false) => Some("collapsed"),
            (Self::Checked, false) => Some("unchecked"),
            (Self::Enabled, false) => Some(Self::Disabled.as_str()),
            (Self::Disabled, false) => Some(Self::Enabled.as_str()),
            (_, false) => None,
        }
    }
}

closed_set! {
    /// The checked state of a checkbox-like node.
    ///
    /// ```
    /// use rehearse_lang::Checked;
    /// assert_eq!(Checked::from(true), Checked::True);
    /// assert_eq!("mixed".parse::<Checked>(), Ok(Checked::Mixed));
    /// ```
    pub enum Checked: "checked state" {
        /// Not checked.
        False = "false",
        /// Checked.
        True = "true",
        /// Partly checked (some children checked).
        Mixed = "mixed",
    }
}

impl Checked {
    /// The word that reads the checked state in Markdown: `checked`,
    /// `unchecked` or `mixed`.
    pub fn state_word(self) -> &'static str {
        match self {
            Self::True => StateName::Checked.as_str(),
            Self::False => StateName::Checked.word(false).unwrap_or("unchecked"),
            Self::Mixed => self.as_str(),
        }
    }
}

impl From<bool> for Checked {
    fn from(checked: bool) -> Self {
        if checked { Self::True } else { Self::False }
    }
}

impl From<Option<bool>> for Checked {
    /// `None` is the indeterminate (mixed) state.
    fn from(checked: Option<bool>) -> Self {
        checked.map_or(Self::Mixed, Self::from)
    }
}

closed_set! {
    /// The words `selected=` takes: `true` and `false`.
    ///
    /// ```
    /// use rehearse_lang::Boolean;
    /// assert_eq!("false".parse::<Boolean>().map(bool::from), Ok(false));
    /// assert_eq!(Boolean::from(true).as_str(), "true");
    /// ```
    pub enum Boolean: "boolean" {
        /// `true`
        True = "true",
        /// `false`
        False = "false",
    }
}

impl From<bool> for Boolean {
    fn from(value: bool) -> Self {
        if value { Self::True } else { Self::False }
    }
}

impl From<Boolean> for bool {
    fn from(value: Boolean) -> Self {
        value == Boolean::True
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_round_trip() {
        for &state in StateName::ALL {
            assert_eq!(state.as_str().parse::<StateName>(), Ok(state));
        }
        assert!("focussed".parse::<StateName>().unwrap_err().suggestions().contains(&"focused"));
        assert!(StateName::Checked.is_widget_reported());
        assert!(!StateName::Offscreen.is_widget_reported());
        assert!(!StateName::Inert.is_widget_reported());
        assert!(!StateName::Modal.is_widget_reported());
        assert!(StateName::ReadOnly.is_widget_reported());
        assert_eq!("readonly".parse::<StateName>(), Ok(StateName::ReadOnly));
        assert_eq!(StateName::ReadOnly.word(false), None);
    }

    #[test]
    fn checked_from_bool_and_option() {
        assert_eq!(Checked::from(false), Checked::False);
        assert_eq!(Checked::from(Some(true)), Checked::True);
        assert_eq!(Checked::from(None::<bool>), Checked::Mixed);
        assert_eq!("yes".parse::<Checked>().unwrap_err().kind(), "checked state");
        let words: Vec<&str> = Checked::ALL.iter().map(|c| c.state_word()).collect();
        assert_eq!(words, ["unchecked", "checked", "mixed"]);
        assert_eq!(StateName::Enabled.word(false), Some("disabled"));
    }
}
