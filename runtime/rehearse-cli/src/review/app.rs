//! The review app: pending goldens in a list, the selected one shown as a
//! diff beside it, and keys to accept, reject or skip it. Built on
//! rehearse's own engine, so rehearse drives it in tests like any app.

use std::path::{Path, PathBuf};

use ratatui::layout::{Constraint, Layout, Rect};
use rehearse_core::artifacts::PendingGolden;
use rehearse_engine::widgets::{Heading, List, ListItem, Status, Text};
use rehearse_engine::{Component, Context, Ui};
use rehearse_lang::{KeyCode, KeyPress};

use super::diff;
pub use super::item::{Decision, Item, Msg};

/// The review: every pending golden found, which one is shown, and whether
/// the golden or the actual output is on screen.
pub struct ReviewApp {
    root: PathBuf,
    items: Vec<Item>,
    at: usize,
    show_golden: bool,
}

impl ReviewApp {
    /// A review of `pending` goldens found under `root`.
    pub fn new(root: &Path, pending: Vec<PendingGolden>) -> Self {
        let items = pending
            .into_iter()
            .map(|pending| {
                let comparison = pending.compare();
                Item { pending, comparison, decision: None }
            })
            .collect();
        Self { root: root.to_path_buf(), items, at: 0, show_golden: false }
    }

    /// The items and what was decided.
    #[cfg(test)]
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    fn decide(&mut self, decision: Decision) {
        let Some(item) = self.items.get_mut(self.at) else { return };
        if matches!(item.decision, Some(Decision::Accepted | Decision::Rejected)) {
            return;
        }
        let done = match decision {
            Decision::Accepted => item.pending.accept(),
            Decision::Rejected => item.pending.reject(),
            _ => Ok(()),
        };
        item.decision = Some(match done {
            Ok(()) => decision,
            Err(error) => Decision::Failed(error.to_string()),
        });
        // On to the next one not yet decided, if any.
        let next = (1..=self.items.len())
            .map(|step| (self.at + step) % self.items.len())
            .find(|&at| self.items[at].decision.is_none());
        if let Some(next) = next {
            self.at = next;
        }
        self.show_golden = false;
    }

    fn relative<'a>(&self, path: &'a Path) -> std::borrow::Cow<'a, str> {
        path.strip_prefix(&self.root).unwrap_or(path).to_string_lossy()
    }

    fn label(&self, item: &Item) -> String {
        let mark = match &item.decision {
            None => "  ",
            Some(Decision::Accepted) => "✓ ",
            Some(Decision::Rejected) => "✗ ",
            Some(Decision::Skipped) => "→ ",
            Some(Decision::Failed(_)) => "! ",
        };
        format!("{mark}{}", self.relative(&item.pending.golden))
    }

    fn summary(&self) -> String {
        let count = |wanted: fn(&Option<Decision>) -> bool| {
            self.items.iter().filter(|item| wanted(&item.decision)).count()
        };
        let accepted = count(|d| matches!(d, Some(Decision::Accepted)));
        let rejected = count(|d| matches!(d, Some(Decision::Rejected)));
        let open = count(|d| matches!(d, None | Some(Decision::Skipped)));
        format!("{accepted} accepted, {rejected} rejected, {open} left")
    }
}

impl Component for ReviewApp {
    type Message = Msg;

    fn update(&mut self, msg: Msg, ctx: &mut Context<'_, Self>) {
        match msg {
            Msg::Accept => self.decide(Decision::Accepted),
            Msg::Reject => self.decide(Decision::Rejected),
            Msg::Skip => self.decide(Decision::Skipped),
            Msg::Select(at) if at < self.items.len() => {
                self.at = at;
                self.show_golden = false;
            }
            Msg::Select(_) => {}
            Msg::Toggle => self.show_golden = !self.show_golden,
            Msg::Quit => ctx.quit(),
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        for (key, msg) in [
            ('a', Msg::Accept),
            ('r', Msg::Reject),
            ('s', Msg::Skip),
            ('g', Msg::Toggle),
            ('q', Msg::Quit),
        ] {
            ui.on_key_global(KeyPress::char(key), move || msg.clone());
        }
        let len = self.items.len();
        let at = self.at;
        ui.on_key_global(KeyCode::Down, move || Msg::Select((at + 1).min(len.saturating_sub(1))));
        ui.on_key_global(KeyCode::Up, move || Msg::Select(at.saturating_sub(1)));
        ui.on_key_global(KeyCode::Esc, || Msg::Quit);
        let [title, body, keys] =
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1), Constraint::Length(1)])
                .areas(ui.area());
        ui.add(
            title,
            Heading::new(format!(
                "rehearse review: {} pending golden{} under {} · {}",
                len,
                if len == 1 { "" } else { "s" },
                self.root.display(),
                self.summary()
            ))
            .automation_id("title"),
        );
        ui.add(
            keys,
            Status::new("a accept · r reject · s skip · g golden/actual · ↑↓ choose · q quit")
                .automation_id("keys"),
        );
        if self.items.is_empty() {
            ui.add(
                body,
                Text::new("Nothing to review: no pending goldens (NAME.FORMAT.new).")
                    .automation_id("empty"),
            );
            return;
        }
        let width = (body.width / 3).clamp(20, 60);
        let [list, diff_area] =
            Layout::horizontal([Constraint::Length(width), Constraint::Fill(1)]).areas(body);
        let items: Vec<ListItem<'_, Msg>> = self
            .items
            .iter()
            .enumerate()
            .map(|(at, item)| {
                ListItem::new(self.label(item)).automation_id(format!("pending-{at}"))
            })
            .collect();
        List::new()
            .automation_id("pending")
            .name("pending goldens")
            .selected(Some(self.at))
            .on_select(Msg::Select)
            .show(ui, Rect { width: list.width.saturating_sub(1), ..list }, items);
        diff::show(ui, diff_area, &self.items[self.at], self.show_golden, |path| {
            self.relative(path).into_owned()
        });
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use rehearse_core::artifacts::find_pending;
    use rehearse_engine::{Session, SessionOptions};
    use rehearse_lang::SemanticRole;

    use super::*;

    fn node_name(session: &Session<ReviewApp>, id: &str) -> String {
        session.tree().by_id(id).map(|node| node.name.clone()).unwrap_or_default()
    }

    #[test]
    fn a_reviewer_sees_each_diff_and_accepts_rejects_and_skips_with_keys() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("a.txt"), "ab\ncd\n").unwrap();
        fs::write(root.join("a.txt.new"), "ab\nxy\n").unwrap();
        fs::create_dir(root.join("tree")).unwrap();
        fs::write(root.join("tree/b.md.new"), "- application\n  - button \"Save\"\n").unwrap();
        fs::write(root.join("tree/c.md"), "- application\n").unwrap();
        fs::write(root.join("tree/c.md.new"), "- application\n  - list\n").unwrap();
        let pending = find_pending(root).unwrap();
        let mut session = Session::new(
            ReviewApp::new(root, pending),
            SessionOptions::default().viewport(100, 20),
        );
        let list = session.tree().by_id("pending").unwrap();
        assert_eq!(list.children.len(), 3);
        assert_eq!(list.children[0].role, SemanticRole::ListItem);
        assert!(node_name(&session, "title").contains("3 pending goldens"));
        assert!(node_name(&session, "keys").contains("a accept · r reject · s skip"));
        assert_eq!(node_name(&session, "summary"), "2 cells changed");
        let screen: String = (0..20u16)
            .map(|row| {
                (0..100u16).map(|col| session.buffer()[(col, row)].symbol()).collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert!(screen.contains("xy"), "the actual output is shown:\n{screen}");
        // The changed cells are marked.
        let marked =
            session.buffer().content.iter().filter(|cell| cell.bg == super::diff::CHANGED).count();
        assert_eq!(marked, 2);

        session.run_script("key:g").unwrap();
        assert!(node_name(&session, "shown").contains("showing the golden"));
        session.run_script("key:a").unwrap();
        assert_eq!(fs::read_to_string(root.join("a.txt")).unwrap(), "ab\nxy\n");
        assert!(!root.join("a.txt.new").exists());
        assert!(node_name(&session, "pending-0").starts_with("✓ "));
        // On to the next: a tree without a golden.
        assert_eq!(node_name(&session, "summary"), "no golden yet: 2 lines");
        session.run_script("key:s").unwrap();
        assert_eq!(node_name(&session, "summary"), "1 line added, 0 lines removed");
        session.run_script("key:r").unwrap();
        assert!(!root.join("tree/c.md.new").exists());
        assert_eq!(fs::read_to_string(root.join("tree/c.md")).unwrap(), "- application\n");
        assert!(node_name(&session, "title").contains("1 accepted, 1 rejected, 1 left"));
        assert!(matches!(session.app().items()[1].decision, Some(Decision::Skipped)));
        session.run_script("key:q").unwrap();
        assert!(session.quit_requested());
    }

    #[test]
    fn a_terminal_state_golden_is_shown_as_a_line_diff() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let golden = "terminal 20x2 buffer=main viewport=0\n0| \"hello\"\n1| \"\"\n";
        fs::write(root.join("shown.terminal.txt"), golden).unwrap();
        fs::write(root.join("shown.terminal.txt.new"), golden.replace("hello", "changed")).unwrap();
        let pending = find_pending(root).unwrap();
        let mut session = Session::new(
            ReviewApp::new(root, pending),
            SessionOptions::default().viewport(100, 20),
        );
        assert!(node_name(&session, "shown").starts_with("terminal golden"));
        assert_eq!(node_name(&session, "summary"), "1 line added, 1 line removed");
        let screen: String = (0..20u16)
            .map(|row| {
                (0..100u16).map(|col| session.buffer()[(col, row)].symbol()).collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert!(screen.contains("- 0| \"hello\""), "{screen}");
        assert!(screen.contains("+ 0| \"changed\""), "{screen}");
        session.run_script("key:a").unwrap();
        assert!(fs::read_to_string(root.join("shown.terminal.txt")).unwrap().contains("changed"));
    }

    #[test]
    fn nothing_to_review_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let session = Session::new(
            ReviewApp::new(dir.path(), Vec::new()),
            SessionOptions::default().viewport(80, 10),
        );
        assert!(node_name(&session, "empty").starts_with("Nothing to review"));
    }
}
