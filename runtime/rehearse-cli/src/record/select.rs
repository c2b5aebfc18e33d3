//! Selectors the way Playwright's codegen chooses locators: the most stable
//! spelling that picks out exactly the node the person pointed at. On a
//! program that publishes its tree: `#id`, else `@role=name`, else the text
//! of its name, else the same inside an ancestor that has one (`A >> B`),
//! else `>> nth=N`, else the cell. On a plain program: `text~"…"` when the
//! word under the pointer (or a phrase around it) is on the screen once,
//! else the cell.

use rehearse_core::semantic::{SemanticNode, SemanticTree};
use rehearse_lang::script::parse_script;
use rehearse_lang::{AutomationStep, Selector, SemanticRole};

/// Whether `step`'s spelling reads back as `step` and passes the checks a
/// script gets (a role selector must support the step's action, say).
pub fn reads_back(step: &AutomationStep) -> bool {
    parse_script(&step.to_string())
        .is_ok_and(|script| script.steps.len() == 1 && script.steps[0].step == *step)
}

/// Whether `selector` finds exactly `node` in `tree`.
fn finds_only(tree: &SemanticTree, selector: &Selector, node: &SemanticNode) -> bool {
    tree.find_all(selector)
        .is_ok_and(|found| matches!(found.as_slice(), [one] if std::ptr::eq(*one, node)))
}

/// The nodes from the root down to `node` (both included).
fn path_to<'t>(tree: &'t SemanticTree, node: &SemanticNode) -> Vec<&'t SemanticNode> {
    fn walk<'t>(
        at: &'t SemanticNode,
        node: &SemanticNode,
        path: &mut Vec<&'t SemanticNode>,
    ) -> bool {
        path.push(at);
        if std::ptr::eq(at, node) {
            return true;
        }
        for child in &at.children {
            if walk(child, node, path) {
                return true;
            }
        }
        path.pop();
        false
    }
    let mut path = Vec::new();
    walk(&tree.root, node, &mut path);
    path
}

/// Whether text may be written in a selector: it holds no secret typed in
/// this recording.
fn shown(text: &str, secrets: &[String]) -> bool {
    !text.is_empty() && !secrets.iter().any(|secret| text.contains(secret.as_str()))
}

/// The node's own selectors, most stable first: `#id`, `@role=name`,
/// `text~name`, `@role`.
fn own(node: &SemanticNode, secrets: &[String]) -> Vec<Selector> {
    let mut own = Vec::new();
    if let Some(id) = &node.automation_id {
        own.push(Selector::id(id.as_str()));
    }
    if node.role != SemanticRole::Application {
        if shown(&node.name, secrets) {
            own.push(Selector::role(node.role).name(node.name.clone()).into());
            own.push(Selector::text_contains(node.name.clone()));
        }
        own.push(Selector::role(node.role).into());
    }
    own
}

/// A selector that finds exactly `node` and stays true while the screen
/// moves: its id, its role and name, or either inside an ancestor's.
/// `None` for a node only its position or index tells apart.
pub fn stable(tree: &SemanticTree, node: &SemanticNode, secrets: &[String]) -> Option<Selector> {
    candidates(tree, node, secrets, false).into_iter().next()
}

/// The best selector that finds exactly `node`, an index if need be (for
/// an assertion on what is there now).
pub fn any(tree: &SemanticTree, node: &SemanticNode, secrets: &[String]) -> Option<Selector> {
    candidates(tree, node, secrets, true).into_iter().next()
}

/// Every selector that finds exactly `node`, best first; with `indexed`,
/// ending with the `>> nth=N` forms.
fn candidates(
    tree: &SemanticTree,
    node: &SemanticNode,
    secrets: &[String],
    indexed: bool,
) -> Vec<Selector> {
    let mut found: Vec<Selector> = own(node, secrets)
        .into_iter()
        .filter(|selector| finds_only(tree, selector, node))
        .collect();
    // Inside the nearest ancestor that has a selector of its own.
    let path = path_to(tree, node);
    for ancestor in path.iter().rev().skip(1) {
        let Some(scope) = own(ancestor, secrets)
            .into_iter()
            .take_while(|selector| !matches!(selector, Selector::Role { name: None, .. }))
            .find(|selector| finds_only(tree, selector, ancestor))
        else {
            continue;
        };
        for target in own(node, secrets) {
            if matches!(target, Selector::Id(_)) {
                continue;
            }
            let chained = scope.clone().descendant(target);
            if finds_only(tree, &chained, node) {
                found.push(chained);
            }
        }
        break;
    }
    if indexed {
        for of in own(node, secrets) {
            if matches!(of, Selector::Id(_) | Selector::TextContains(_)) {
                continue;
            }
            let matches = tree.find_all(&of).unwrap_or_default();
            if let Some(index) = matches.iter().position(|each| std::ptr::eq(*each, node)) {
                found.push(of.nth(index));
            }
        }
    }
    found
}

/// The selector a pointer action at `(col, row)` is written with, on a
/// program that publishes `tree`: the best one that finds the node under
/// the pointer and that `make` turns into a step that reads back (a role
/// must support the action); else the cell itself.
pub fn tree_target(
    tree: &SemanticTree,
    col: u16,
    row: u16,
    secrets: &[String],
    make: impl Fn(Selector) -> AutomationStep,
) -> Selector {
    let point = Selector::point(col, row);
    let Some(node) = tree.topmost_at(col, row) else { return point };
    candidates(tree, node, secrets, true)
        .into_iter()
        .find(|selector| reads_back(&make(selector.clone())))
        .unwrap_or(point)
}

/// The selector a pointer action at `at` is written with on a plain
/// program whose screen is `lines`, the pointer on the `index`th character
/// of its row: `text~"…"` when the word there — or, when it repeats, a
/// phrase around it — is on the screen exactly once (the terminal plane
/// then points at the middle of it); else the cell.
pub fn screen_target(
    lines: &[String],
    index: usize,
    at: (u16, u16),
    secrets: &[String],
) -> Selector {
    let point = Selector::point(at.0, at.1);
    let Some(line) = lines.get(usize::from(at.1)) else { return point };
    let chars: Vec<char> = line.chars().collect();
    if chars.get(index).is_none_or(|character| character.is_whitespace()) {
        return point;
    }
    let screen = lines.join("\n");
    let mut start = index;
    while start > 0 && !chars[start - 1].is_whitespace() {
        start -= 1;
    }
    let mut end = index + 1;
    while end < chars.len() && !chars[end].is_whitespace() {
        end += 1;
    }
    // The word, then the word with its neighbours one space away (a phrase
    // such as `Save as`), never across two spaces (a column gap).
    for _ in 0..4 {
        let text: String = chars[start..end].iter().collect();
        if shown(&text, secrets) && screen.matches(text.as_str()).count() == 1 {
            return Selector::text_contains(text);
        }
        let grows_right =
            end + 1 < chars.len() && chars[end] == ' ' && !chars[end + 1].is_whitespace();
        let grows_left = start >= 2 && chars[start - 1] == ' ' && !chars[start - 2].is_whitespace();
        if grows_right {
            end += 1;
            while end < chars.len() && !chars[end].is_whitespace() {
                end += 1;
            }
        } else if grows_left {
            start -= 1;
            while start > 0 && !chars[start - 1].is_whitespace() {
                start -= 1;
            }
        } else {
            break;
        }
    }
    point
}

#[cfg(test)]
mod tests {
    use rehearse_core::semantic::{Bounds, Generation};
    use rehearse_lang::{AutomationId, SemanticRole};

    use super::*;

    fn node(role: SemanticRole, name: &str, bounds: (u16, u16, u16, u16)) -> SemanticNode {
        let bounds = Bounds::new(i32::from(bounds.0), i32::from(bounds.1), bounds.2, bounds.3);
        let node = SemanticNode::new(role, bounds).with_name(name);
        node.with_actions(role.default_actions())
    }

    fn tree() -> SemanticTree {
        let save = node(SemanticRole::Button, "Save", (0, 0, 6, 1))
            .with_id(AutomationId::new("save".to_owned()).unwrap());
        let panel = |id: &str, y: u16| {
            node(SemanticRole::Group, "", (0, y, 20, 2))
                .with_id(AutomationId::new(id.to_owned()).unwrap())
                .with_child(node(SemanticRole::Button, "Move", (0, y, 6, 1)))
                .with_child(node(SemanticRole::Button, "Open", (8, y, 6, 1)))
        };
        let list = node(SemanticRole::List, "", (0, 7, 20, 3))
            .with_child(node(SemanticRole::ListItem, "milk", (0, 7, 20, 1)))
            .with_child(node(SemanticRole::ListItem, "milk", (0, 8, 20, 1)));
        let root = node(SemanticRole::Application, "", (0, 0, 40, 12))
            .with_child(save)
            .with_child(node(SemanticRole::Button, "Cancel", (8, 0, 8, 1)))
            .with_child(panel("todo", 2))
            .with_child(panel("done", 4))
            .with_child(list);
        SemanticTree::new(Generation(1), ratatui::layout::Size::new(40, 12), root)
    }

    fn click_at(col: u16, row: u16) -> String {
        let tree = tree();
        tree_target(&tree, col, row, &[], AutomationStep::click).to_string()
    }

    #[test]
    fn a_click_takes_the_most_stable_selector_that_is_unique() {
        assert_eq!(click_at(1, 0), "#save");
        assert_eq!(click_at(9, 0), "@button=Cancel");
        assert_eq!(click_at(1, 2), "#todo >> @button=Move");
        assert_eq!(click_at(9, 4), "#done >> @button=Open");
        assert_eq!(click_at(3, 8), "@list-item=milk >> nth=1");
        // Nothing there but the application: the cell.
        assert_eq!(click_at(30, 11), "30,11");
    }

    #[test]
    fn a_stable_selector_is_never_an_index_or_a_cell() {
        let tree = tree();
        let second = tree.topmost_at(3, 8).unwrap();
        assert_eq!(stable(&tree, second, &[]), None);
        let open = tree.topmost_at(9, 2).unwrap();
        assert_eq!(stable(&tree, open, &[]).unwrap().to_string(), "#todo >> @button=Open");
    }

    #[test]
    fn on_a_screen_a_unique_word_or_phrase_else_the_cell() {
        let lines: Vec<String> = ["$ ls", "README.md  src  Save as", "Save  Save as copy", ""]
            .map(String::from)
            .to_vec();
        assert_eq!(screen_target(&lines, 2, (2, 1), &[]).to_string(), "text~README.md");
        assert_eq!(screen_target(&lines, 11, (11, 1), &[]).to_string(), "text~src");
        // `Save` repeats and so does `Save as`: the cell.
        assert_eq!(screen_target(&lines, 16, (16, 1), &[]).to_string(), "16,1");
        // `Save as copy` is there once.
        assert_eq!(screen_target(&lines, 7, (7, 2), &[]).to_string(), "text~Save as copy");
        // A blank cell is a cell.
        assert_eq!(screen_target(&lines, 9, (9, 1), &[]).to_string(), "9,1");
        // After a wide character the pointer's cell is not its character's
        // index: `日本 ok` has `ok` at cells 5 and 6, characters 3 and 4.
        let wide: Vec<String> = ["日本 ok".to_owned()].to_vec();
        assert_eq!(screen_target(&wide, 3, (5, 0), &[]).to_string(), "text~ok");
        // A typed secret is never written.
        let secret = ["README.md".to_owned()];
        assert_eq!(screen_target(&lines, 2, (2, 1), &secret).to_string(), "2,1");
    }
}
