//! From what a widget reports ([`SemanticFacts`]) to a node of the
//! committed tree: the one projection of states, view and actionability
//! every plane that records widgets (the engine, an adopted app) uses. The
//! plane decides what only it knows — where the node sits, what it
//! inherits, whether it holds focus, which actions it offers — and adds its
//! name, id, children and identity.

use rehearse_lang::ActionSet;

use super::facts::SemanticFacts;
use super::tree::{Bounds, NodeStates, SemanticNode};

/// What a node inherits from its ancestors when it is projected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Inherited {
    /// Every ancestor is enabled.
    pub enabled: bool,
    /// It lies beneath an open modal dialog.
    pub inert: bool,
}

impl Inherited {
    /// What the root's children inherit: enabled, and inert only beneath a
    /// modal.
    pub const ROOT: Self = Self { enabled: true, inert: false };
}

/// Where a projected node sits and what its plane decided about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// Where it was laid out.
    pub layout: Bounds,
    /// Its layout bounds clipped by every ancestor and the viewport.
    pub clip: Bounds,
    /// What it inherits.
    pub inherited: Inherited,
    /// Whether it holds focus (`None`: not focusable, and not reported).
    pub focused: Option<bool>,
    /// The actions it offers.
    pub actions: ActionSet,
}

impl SemanticFacts {
    /// Whether a node with these facts is enabled beneath ancestors that
    /// pass on `inherited`: its own report (enabled when it reports
    /// nothing) and every ancestor's.
    #[inline]
    pub fn enabled_within(&self, inherited: Inherited) -> bool {
        inherited.enabled && self.states.enabled.unwrap_or(true)
    }

    /// What its children inherit from a node with these facts.
    #[inline]
    pub fn passed_on(&self, inherited: Inherited) -> Inherited {
        Inherited { enabled: self.enabled_within(inherited), inert: inherited.inert }
    }

    /// The node these facts describe at `placement`: its role, value and
    /// reported states; enabled beneath its ancestors; hidden and offscreen
    /// when laid out with area but clipped out of view; inert beneath a
    /// modal; actionable when enabled, not inert and offering an action.
    /// Its name, automation id, children, overlay order and identity are
    /// the caller's to set.
    #[inline]
    pub fn project(&self, placement: Placement) -> SemanticNode {
        let Placement { layout, clip, inherited, focused, actions } = placement;
        let enabled = self.enabled_within(inherited);
        let inert = inherited.inert;
        let in_view = !clip.is_empty();
        let offscreen = !layout.is_empty() && !in_view;
        let mut states = NodeStates::default();
        states.focused = focused;
        states.enabled = enabled;
        states.selected = self.states.selected;
        states.expanded = self.states.expanded;
        states.checked = self.states.checked;
        states.readonly = self.states.readonly;
        states.scroll = self.states.scroll;
        states.hidden = offscreen;
        states.offscreen = offscreen;
        states.inert = inert;
        let mut node = SemanticNode::new(self.role, layout);
        node.value = self.value.clone();
        node.states = states;
        node.clipped_bounds = clip;
        node.in_view = in_view;
        node.actions = actions;
        node.actionable = enabled && !inert && !actions.is_empty();
        node
    }
}

#[cfg(test)]
mod tests {
    use rehearse_lang::{SemanticAction, SemanticRole};

    use super::*;

    fn placed(inherited: Inherited, clip: Bounds) -> Placement {
        Placement {
            layout: Bounds::new(0, 0, 10, 1),
            clip,
            inherited,
            focused: None,
            actions: ActionSet::EMPTY.with(SemanticAction::Click),
        }
    }

    #[test]
    fn a_node_beneath_a_disabled_ancestor_or_a_modal_is_not_actionable() {
        let facts = SemanticFacts::new(SemanticRole::Button);
        let shown = Bounds::new(0, 0, 10, 1);
        let live = facts.project(placed(Inherited::ROOT, shown));
        assert!(live.actionable && live.in_view && live.states.enabled);
        let disabled = facts.project(placed(Inherited { enabled: false, inert: false }, shown));
        assert!(!disabled.actionable && !disabled.states.enabled);
        let inert = facts.project(placed(Inherited { enabled: true, inert: true }, shown));
        assert!(!inert.actionable && inert.states.inert && inert.states.enabled);
    }

    #[test]
    fn a_node_clipped_out_of_view_is_hidden_and_offscreen() {
        let facts = SemanticFacts::new(SemanticRole::Button).disabled(false);
        let node = facts.project(placed(Inherited::ROOT, Bounds::new(0, 0, 0, 0)));
        assert!(!node.in_view && node.states.hidden && node.states.offscreen);
        assert!(node.actionable, "out of view is still actionable: scrolling brings it back");
    }
}
