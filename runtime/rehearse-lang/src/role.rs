//! `SemanticRole`: what a node *is*, as a closed set.

use crate::action::{ActionSet, SemanticAction};
use crate::vocabulary::closed_set;

closed_set! {
    /// What a semantic node is, independent of how it is drawn.
    ///
    /// A closed set with one kebab-case spelling per role (`text-box`,
    /// `list-item`, ...), used verbatim by selectors (`@text-box`), the derive
    /// (`#[semantic(role = text-box)]`), JSON and Markdown. Parsing is exact:
    ///
    /// ```
    /// use rehearse_lang::SemanticRole;
    /// assert_eq!("list-item".parse::<SemanticRole>(), Ok(SemanticRole::ListItem));
    /// let error = "buton".parse::<SemanticRole>().unwrap_err();
    /// assert_eq!(error.suggestions(), ["button"]);
    /// ```
    #[non_exhaustive]
    pub enum SemanticRole: "role" {
        /// The synthetic root of every tree.
        Application = "application",
        /// A node with no more specific role.
        Generic = "generic",
        /// A set of related nodes, such as a bordered frame.
        Group = "group",
        /// Static text.
        Text = "text",
        /// A heading or title.
        Heading = "heading",
        /// A push button.
        Button = "button",
        /// A single-line text field.
        TextBox = "text-box",
        /// A multi-line text field.
        TextArea = "text-area",
        /// A two- or three-state check box.
        Checkbox = "checkbox",
        /// One option of a radio group.
        Radio = "radio",
        /// A set of mutually exclusive radios.
        RadioGroup = "radio-group",
        /// A text field with a list of choices.
        ComboBox = "combo-box",
        /// A list of items.
        List = "list",
        /// One item of a list.
        ListItem = "list-item",
        /// A table of rows and cells.
        Table = "table",
        /// One row of a table.
        Row = "row",
        /// One cell of a row.
        Cell = "cell",
        /// The strip of tabs.
        TabList = "tab-list",
        /// One tab.
        Tab = "tab",
        /// A hierarchical list.
        Tree = "tree",
        /// One item of a tree.
        TreeItem = "tree-item",
        /// A dialog, modal or not.
        Dialog = "dialog",
        /// An important, usually transient message (a toast).
        Alert = "alert",
        /// A progress indicator.
        ProgressBar = "progress-bar",
        /// A value chosen within a range.
        Slider = "slider",
        /// A viewport that scrolls its content.
        ScrollView = "scroll-view",
        /// A visual divider.
        Separator = "separator",
        /// A status line.
        Status = "status",
        /// A hyperlink.
        Link = "link",
        /// An embedded terminal.
        Terminal = "terminal",
        /// A picture.
        Image = "image",
        /// A menu of commands.
        Menu = "menu",
        /// One command of a menu.
        MenuItem = "menu-item",
        /// A strip of controls.
        Toolbar = "toolbar",
    }
}

impl SemanticRole {
    /// The actions a node of this role supports unless its widget says
    /// otherwise.
    ///
    /// This is the table the `scenario!` macro uses to reject a step that a
    /// role cannot take (`click:@progress-bar`) at compile time.
    ///
    /// ```
    /// use rehearse_lang::{SemanticAction, SemanticRole};
    /// assert!(SemanticRole::Button.default_actions().contains(SemanticAction::Click));
    /// assert!(SemanticRole::ProgressBar.default_actions().is_empty());
    /// ```
    pub const fn default_actions(self) -> ActionSet {
        use SemanticAction::*;
        let actions: &[SemanticAction] = match self {
            Self::Button | Self::Link => &[Click, Focus],
            Self::TextBox => &[Click, Focus, SetValue],
            Self::TextArea => &[Click, Focus, SetValue, Scroll],
            Self::Checkbox | Self::Radio => &[Click, Focus, Toggle],
            Self::ComboBox => &[Click, Focus, SetValue, Expand, Collapse],
            Self::Slider => &[Click, Focus, SetValue, Drag],
            Self::Terminal => &[Click, Focus],
            Self::List | Self::Table | Self::Tree => &[Focus, Scroll],
            Self::RadioGroup | Self::TabList | Self::Menu => &[Focus],
            Self::ListItem | Self::Row | Self::Tab | Self::MenuItem => &[Click],
            Self::TreeItem => &[Click, Expand, Collapse],
            Self::ScrollView => &[Scroll],
            Self::Application
            | Self::Generic
            | Self::Group
            | Self::Text
            | Self::Heading
            | Self::Cell
            | Self::Dialog
            | Self::Alert
            | Self::ProgressBar
            | Self::Separator
            | Self::Status
            | Self::Image
            | Self::Toolbar => &[],
        };
        ActionSet::from_slice(actions)
    }

    /// Whether typed text can go into a node of this role (`type:` steps).
    pub const fn accepts_text(self) -> bool {
        matches!(self, Self::TextBox | Self::TextArea | Self::ComboBox | Self::Terminal)
    }

    /// Whether `type:` can go to a focused node of this role by default: it
    /// accepts text ([`accepts_text`](Self::accepts_text)) or sets its value
    /// ([`SemanticAction::SetValue`] among its default actions). The
    /// compile-time check and the run-time executor ask the same question.
    pub const fn takes_typing(self) -> bool {
        self.accepts_text() || self.default_actions().contains(SemanticAction::SetValue)
    }

    /// Every role [`takes_typing`](Self::takes_typing), in declaration order.
    pub fn typing_roles() -> impl Iterator<Item = Self> {
        Self::ALL.iter().copied().filter(|role| role.takes_typing())
    }

    /// The roles typing goes to, for messages: "text-box, text-area,
    /// combo-box, slider or terminal".
    ///
    /// ```
    /// use rehearse_lang::SemanticRole;
    /// assert_eq!(
    ///     SemanticRole::typing_roles_phrase(),
    ///     "text-box, text-area, combo-box, slider or terminal"
    /// );
    /// ```
    pub fn typing_roles_phrase() -> String {
        let names: Vec<&str> = Self::typing_roles().map(Self::as_str).collect();
        match names.split_last() {
            None => String::new(),
            Some((last, [])) => (*last).to_owned(),
            Some((last, init)) => format!("{} or {last}", init.join(", ")),
        }
    }

    /// Whether a node of this role takes its accessible name from the text of
    /// its descendants when it has no label of its own.
    ///
    /// Exactly the name-from-content roles of the adapter conventions:
    /// button, list-item, menu-item, tab, checkbox, radio, cell, row, heading.
    /// Containers (dialog, list, table, group, application, ...) never are.
    pub const fn name_from_content(self) -> bool {
        matches!(
            self,
            Self::Button
                | Self::ListItem
                | Self::MenuItem
                | Self::Tab
                | Self::Checkbox
                | Self::Radio
                | Self::Cell
                | Self::Row
                | Self::Heading
        )
    }

    /// Whether built-in widgets of this role publish their contents as a
    /// `value` automatically. An explicit annotation bypasses this gate.
    pub const fn derives_value(self) -> bool {
        matches!(
            self,
            Self::TextBox | Self::TextArea | Self::ComboBox | Self::ProgressBar | Self::Slider
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::Vocabulary;

    #[test]
    fn every_role_round_trips_through_its_spelling() {
        assert_eq!(SemanticRole::ALL.len(), 34);
        for &role in SemanticRole::ALL {
            assert_eq!(role.as_str().parse::<SemanticRole>(), Ok(role));
            assert_eq!(role.to_string(), role.as_str());
            assert!(
                role.as_str().bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{role:?} is not kebab-case"
            );
        }
    }

    #[test]
    fn parsing_is_exact() {
        for wrong in ["Button", "textbox", "text_box", " button", "button ", ""] {
            assert!(wrong.parse::<SemanticRole>().is_err(), "{wrong:?} parsed");
        }
    }

    #[test]
    fn unknown_roles_suggest_the_closest() {
        let best = |name: &str| SemanticRole::parse(name).unwrap_err().suggestions()[0];
        assert_eq!(best("textbox"), "text-box");
        assert_eq!(best("listitem"), "list-item");
        assert_eq!(best("chekbox"), "checkbox");
        assert_eq!(best("Button"), "button");
        assert_eq!(best("progressbar"), "progress-bar");
    }

    #[test]
    fn actionable_roles_have_actions_and_static_ones_do_not() {
        assert!(SemanticRole::ProgressBar.default_actions().is_empty());
        assert!(SemanticRole::Text.default_actions().is_empty());
        assert!(SemanticRole::Dialog.default_actions().is_empty());
        assert!(SemanticRole::Checkbox.default_actions().contains(SemanticAction::Toggle));
        assert!(!SemanticRole::Button.default_actions().contains(SemanticAction::SetValue));
        assert!(SemanticRole::TextBox.accepts_text());
        assert!(!SemanticRole::Button.accepts_text());
    }

    #[test]
    fn containers_are_never_named_from_content() {
        for role in [
            SemanticRole::Dialog,
            SemanticRole::List,
            SemanticRole::Table,
            SemanticRole::Group,
            SemanticRole::Application,
            SemanticRole::ScrollView,
        ] {
            assert!(!role.name_from_content(), "{role}");
        }
        assert!(SemanticRole::Button.name_from_content());
        assert!(SemanticRole::ListItem.name_from_content());
    }
}
