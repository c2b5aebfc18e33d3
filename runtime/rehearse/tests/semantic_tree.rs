//! The semantic tree a commit publishes: names, values and what is redacted.

use ratatui::layout::Rect;
use ratatui::widgets::Paragraph;
use rehearse::prelude::*;

/// A drawn sensitive value, and a text with no name of its own.
struct Secret;

impl Component for Secret {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let token = "sk-live-SECRET";
        ui.add(
            Rect::new(0, 0, 20, 1),
            Semantics::new(Paragraph::new(token))
                .value(token, Sensitivity::Sensitive)
                .automation_id("token"),
        );
        ui.add(Rect::new(0, 1, 20, 1), Semantics::new(Paragraph::new("Plain words")));
    }
}

#[test]
fn a_node_with_a_redacted_value_is_never_named_by_what_it_drew() {
    let session = Session::new(Secret, SessionOptions::default().viewport(20, 2));
    let tree = session.tree();
    let token = tree.by_id("token").unwrap();
    assert_eq!(token.name, "token", "named by its id, not by the secret it drew");
    for output in [tree.to_json(), tree.to_markdown()] {
        assert!(!output.contains("SECRET"), "{output}");
    }
    assert!(tree.containing_text("SECRET").is_empty());
    // Render inference still names a text that has no value.
    assert_eq!(tree.containing_text("Plain words").len(), 1);
}
