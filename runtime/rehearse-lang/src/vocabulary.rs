//! The machinery shared by every closed set: exact parsing, canonical
//! spellings, and an error that lists the closest valid names.

use std::fmt;

use crate::suggest;

/// A closed set of names with one canonical spelling each.
///
/// Implemented by [`SemanticRole`](crate::SemanticRole),
/// [`SemanticAction`](crate::SemanticAction), [`StateName`](crate::StateName),
/// [`Sensitivity`](crate::Sensitivity) and the language's verbs and predicates.
pub trait Vocabulary: Sized + Copy + 'static {
    /// What one member is called in messages ("role", "action", ...).
    const KIND: &'static str;
    /// Every member, in declaration order.
    const ALL: &'static [Self];
    /// Other spellings read as a member (another tool's name for it), never
    /// written: a member always displays as its canonical spelling.
    const ALIASES: &'static [(&'static str, Self)] = &[];

    /// The canonical spelling.
    fn as_str(self) -> &'static str;

    /// Every canonical spelling, in declaration order.
    fn names() -> impl Iterator<Item = &'static str> {
        Self::ALL.iter().map(|member| member.as_str())
    }

    /// Parses a canonical spelling or an alias exactly (case-sensitive).
    fn parse(name: &str) -> Result<Self, UnknownName> {
        Self::ALL
            .iter()
            .copied()
            .find(|member| member.as_str() == name)
            .or_else(|| {
                Self::ALIASES.iter().find(|(alias, _)| *alias == name).map(|&(_, member)| member)
            })
            .ok_or_else(|| UnknownName::new(Self::KIND, name, Self::names()))
    }
}

/// A name that is not a member of a closed set.
///
/// Its message names the offending spelling, suggests the closest members and
/// lists every valid one, so the reader never has to look the set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    kind: &'static str,
    given: String,
    suggestions: Vec<&'static str>,
    valid: Vec<&'static str>,
}

impl UnknownName {
    /// Builds the error for `given`, which is not one of `valid`.
    pub fn new(
        kind: &'static str,
        given: &str,
        valid: impl IntoIterator<Item = &'static str>,
    ) -> Self {
        let valid: Vec<&'static str> = valid.into_iter().collect();
        Self {
            kind,
            given: given.to_owned(),
            suggestions: suggest::closest(given, valid.iter().copied()),
            valid,
        }
    }

    /// What kind of name it was meant to be ("role", "key", ...).
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The spelling that was given.
    pub fn given(&self) -> &str {
        &self.given
    }

    /// The closest valid spellings, best first (possibly none).
    pub fn suggestions(&self) -> &[&'static str] {
        &self.suggestions
    }

    /// Every valid spelling.
    pub fn valid(&self) -> &[&'static str] {
        &self.valid
    }

    /// "did you mean `a` or `b`?" or an empty string.
    pub fn hint(&self) -> String {
        if self.suggestions.is_empty() {
            String::new()
        } else {
            format!("did you mean {}?", suggest::or_list(&self.suggestions))
        }
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} `{}`", self.kind, self.given)?;
        if !self.suggestions.is_empty() {
            write!(f, "; {}", self.hint())?;
        }
        write!(f, " (valid {}s: {})", self.kind, self.valid.join(", "))
    }
}

impl std::error::Error for UnknownName {}

/// Declares a closed set: the enum, its canonical spellings, `Vocabulary`,
/// `FromStr` and `Display`, from one list.
macro_rules! closed_set {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident : $kind:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $spelling:literal $(| $alias:literal)* ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $crate::vocabulary::Vocabulary for $name {
            const KIND: &'static str = $kind;
            const ALL: &'static [Self] = &[ $( Self::$variant ),+ ];
            const ALIASES: &'static [(&'static str, Self)] = &[ $( $( ($alias, Self::$variant), )* )+ ];

            fn as_str(self) -> &'static str {
                match self {
                    $( Self::$variant => $spelling, )+
                }
            }
        }

        impl $name {
            /// The canonical spelling.
            pub fn as_str(self) -> &'static str {
                <Self as $crate::vocabulary::Vocabulary>::as_str(self)
            }

            /// Every member, in declaration order.
            pub const ALL: &'static [Self] = <Self as $crate::vocabulary::Vocabulary>::ALL;

            /// The member's Rust variant name (`TextBox` for `text-box`), for
            /// code that generates Rust paths to it.
            pub const fn variant_name(self) -> &'static str {
                match self {
                    $( Self::$variant => stringify!($variant), )+
                }
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::vocabulary::UnknownName;

            fn from_str(name: &str) -> Result<Self, Self::Err> {
                <Self as $crate::vocabulary::Vocabulary>::parse(name)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

pub(crate) use closed_set;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SemanticRole;

    #[test]
    fn unknown_name_lists_suggestions_and_every_valid_name() {
        let error = SemanticRole::parse("buton").unwrap_err();
        assert_eq!(error.kind(), "role");
        assert_eq!(error.given(), "buton");
        assert_eq!(error.suggestions(), ["button"]);
        let message = error.to_string();
        assert!(message.starts_with("unknown role `buton`; did you mean `button`?"), "{message}");
        assert!(message.contains("application, generic, group"), "{message}");
    }

    #[test]
    fn variant_names_are_the_rust_names() {
        assert_eq!(SemanticRole::TextBox.variant_name(), "TextBox");
        assert_eq!(SemanticRole::ListItem.variant_name(), "ListItem");
    }

    #[test]
    fn unknown_name_without_neighbours_has_no_hint() {
        let error = SemanticRole::parse("qqqqqqqq").unwrap_err();
        assert!(error.suggestions().is_empty());
        assert_eq!(error.hint(), "");
        assert!(!error.to_string().contains("did you mean"));
    }
}
