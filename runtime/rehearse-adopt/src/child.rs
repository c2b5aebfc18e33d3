//! What one part of a tagged composite widget publishes — a table's cell,
//! a tab — given as its label or as facts of its own.

use rehearse_core::semantic::SemanticFacts;
use rehearse_lang::SemanticRole;

/// What one part of a tagged widget publishes (a [`TaggedTable`]'s cells,
/// a [`TaggedTabs`]' tabs): its label (a `&str` or `String`, which names a
/// node of the part's role) or facts of its own (an id, states; their
/// role stays as given).
///
/// [`TaggedTable`]: crate::TaggedTable
/// [`TaggedTabs`]: crate::TaggedTabs
pub trait PartFacts {
    /// The part's facts, `role` when it is only a label, before the
    /// widget adds what its state says (selected).
    fn part_facts(self, role: SemanticRole) -> SemanticFacts;
}

impl PartFacts for &str {
    fn part_facts(self, role: SemanticRole) -> SemanticFacts {
        SemanticFacts::new(role).label(self)
    }
}

impl PartFacts for String {
    fn part_facts(self, role: SemanticRole) -> SemanticFacts {
        SemanticFacts::new(role).label(self)
    }
}

impl PartFacts for &String {
    fn part_facts(self, role: SemanticRole) -> SemanticFacts {
        self.as_str().part_facts(role)
    }
}

impl PartFacts for SemanticFacts {
    fn part_facts(self, _: SemanticRole) -> SemanticFacts {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_names_a_node_of_the_role_and_facts_keep_their_own() {
        let cell = "Milk".part_facts(SemanticRole::Cell);
        assert_eq!((cell.role, cell.label.as_deref()), (SemanticRole::Cell, Some("Milk")));
        let tab = String::from("Home").part_facts(SemanticRole::Tab);
        assert_eq!((tab.role, tab.label.as_deref()), (SemanticRole::Tab, Some("Home")));
        let own = SemanticFacts::new(SemanticRole::Button).automation_id("b");
        assert_eq!(own.part_facts(SemanticRole::Cell).role, SemanticRole::Button);
    }
}
