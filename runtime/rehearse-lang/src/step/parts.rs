//! The parts of a step a user names besides selectors: mouse buttons,
//! focus targets and orders, scroll directions.

use crate::selector::Selector;
use crate::verb::Verb;
use crate::vocabulary::closed_set;

/// The mouse button of a click.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MouseButton {
    /// The primary button (`click:`).
    Left,
    /// The secondary button (`rclick:`).
    Right,
    /// The middle button (`mclick:`).
    Middle,
}

impl MouseButton {
    /// Every button.
    pub const ALL: &'static [Self] = &[Self::Left, Self::Right, Self::Middle];

    /// The button a click verb clicks with (`rclick` is [`Right`](Self::Right)),
    /// or `None` for a verb that is not a click.
    pub fn clicked_by(verb: Verb) -> Option<Self> {
        Self::ALL.iter().copied().find(|button| button.verb() == verb)
    }

    /// The verb that clicks with this button: `click`, `rclick` or `mclick`.
    ///
    /// ```
    /// use rehearse_lang::MouseButton;
    /// assert_eq!(MouseButton::Right.verb().as_str(), "rclick");
    /// ```
    pub const fn verb(self) -> Verb {
        match self {
            Self::Left => Verb::Click,
            Self::Right => Verb::RightClick,
            Self::Middle => Verb::MiddleClick,
        }
    }
}

/// Where a focus step moves focus.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FocusTarget {
    /// The next focusable node in tab order (`focus:next`).
    Next,
    /// The previous focusable node (`focus:prev`).
    Prev,
    /// The one node a selector matches (`focus:#name`).
    Selector(Selector),
}

closed_set! {
    /// A move through the tab order: the words `focus:` takes besides a
    /// selector.
    pub enum FocusOrder: "focus order" {
        /// The next focusable node (`focus:next`).
        Next = "next",
        /// The previous focusable node (`focus:prev`).
        Prev = "prev",
    }
}

impl From<FocusOrder> for FocusTarget {
    fn from(order: FocusOrder) -> Self {
        match order {
            FocusOrder::Next => Self::Next,
            FocusOrder::Prev => Self::Prev,
        }
    }
}

impl FocusTarget {
    /// The move through the tab order, or `None` for a selector.
    pub const fn order(&self) -> Option<FocusOrder> {
        match self {
            Self::Next => Some(FocusOrder::Next),
            Self::Prev => Some(FocusOrder::Prev),
            Self::Selector(_) => None,
        }
    }
}

closed_set! {
    /// The direction of a scroll step.
    pub enum ScrollDirection: "scroll direction" {
        /// Toward the start (`up`).
        Up = "up",
        /// Toward the end (`down`).
        Down = "down",
    }
}
