//! `SemanticAction` and `ActionSet`: what can be done to a node.

use std::fmt;

use crate::vocabulary::closed_set;

closed_set! {
    /// Something automation can do to a node.
    ///
    /// ```
    /// use rehearse_lang::SemanticAction;
    /// assert_eq!("set-value".parse::<SemanticAction>(), Ok(SemanticAction::SetValue));
    /// ```
    #[non_exhaustive]
    pub enum SemanticAction: "action" {
        /// Pointer click (move, button down, button up at the centre).
        Click = "click",
        /// Move keyboard focus to the node.
        Focus = "focus",
        /// Replace or edit the node's value (typing goes here).
        SetValue = "set-value",
        /// Flip a checked or selected state.
        Toggle = "toggle",
        /// Scroll the node's content.
        Scroll = "scroll",
        /// Start a drag from the node.
        Drag = "drag",
        /// Expand a collapsed node.
        Expand = "expand",
        /// Collapse an expanded node.
        Collapse = "collapse",
    }
}

impl SemanticAction {
    const fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// A set of [`SemanticAction`]s, iterated in canonical order.
///
/// ```
/// use rehearse_lang::{ActionSet, SemanticAction};
/// let set = ActionSet::from_slice(&[SemanticAction::Focus, SemanticAction::Click]);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [SemanticAction::Click, SemanticAction::Focus]);
/// assert_eq!(set.to_string(), "click, focus");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ActionSet(u16);

impl ActionSet {
    /// The empty set.
    pub const EMPTY: Self = Self(0);

    /// A set holding every action of `actions`.
    pub const fn from_slice(actions: &[SemanticAction]) -> Self {
        let mut bits = 0;
        let mut index = 0;
        while index < actions.len() {
            bits |= actions[index].bit();
            index += 1;
        }
        Self(bits)
    }

    /// Whether `action` is in the set.
    pub const fn contains(self, action: SemanticAction) -> bool {
        self.0 & action.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with `action` added.
    #[must_use]
    pub const fn with(self, action: SemanticAction) -> Self {
        Self(self.0 | action.bit())
    }

    /// The set with `action` removed.
    #[must_use]
    pub const fn without(self, action: SemanticAction) -> Self {
        Self(self.0 & !action.bit())
    }

    /// The number of actions in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The actions in canonical order.
    pub fn iter(self) -> impl Iterator<Item = SemanticAction> {
        SemanticAction::ALL.iter().copied().filter(move |&action| self.contains(action))
    }
}

impl FromIterator<SemanticAction> for ActionSet {
    fn from_iter<I: IntoIterator<Item = SemanticAction>>(iter: I) -> Self {
        iter.into_iter().fold(Self::EMPTY, Self::with)
    }
}

impl fmt::Debug for ActionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for ActionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(SemanticAction::as_str).collect();
        f.write_str(&names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips() {
        for &action in SemanticAction::ALL {
            assert_eq!(action.as_str().parse::<SemanticAction>(), Ok(action));
        }
        assert_eq!("setvalue".parse::<SemanticAction>().unwrap_err().suggestions(), ["set-value"]);
    }

    #[test]
    fn set_operations() {
        let set = ActionSet::EMPTY.with(SemanticAction::Toggle).with(SemanticAction::Click);
        assert_eq!(set.len(), 2);
        assert!(set.contains(SemanticAction::Toggle));
        assert!(!set.without(SemanticAction::Toggle).contains(SemanticAction::Toggle));
        assert_eq!(format!("{set:?}"), "{Click, Toggle}");
        let collected: ActionSet = [SemanticAction::Drag].into_iter().collect();
        assert_eq!(collected.to_string(), "drag");
    }
}
