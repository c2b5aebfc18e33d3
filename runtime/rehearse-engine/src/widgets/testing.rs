//! What the widget tests share: a session showing one view, for widgets
//! whose facts are only recorded by `show`.

use crate::{Component, Context, Session, SessionOptions, Ui};
use rehearse_core::semantic::{SemanticFacts, SemanticNode};
use rehearse_lang::SemanticRole;

/// An app that shows `view` and ignores its messages.
pub(crate) struct Shows(fn(&mut Ui<'_, ()>));

impl Component for Shows {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        (self.0)(ui);
    }
}

/// A 30x8 session showing `view`.
pub(crate) fn session(view: fn(&mut Ui<'_, ()>)) -> Session<Shows> {
    Session::new(Shows(view), SessionOptions::default().viewport(30, 8))
}

/// The committed node with automation id `id`.
pub(crate) fn node<'s>(session: &'s Session<Shows>, id: &str) -> &'s SemanticNode {
    session.tree().by_id(id).unwrap_or_else(|| panic!("no node #{id}"))
}

/// What names a widget's facts: role, own label and automation id.
pub(crate) fn identity(facts: &SemanticFacts) -> (SemanticRole, Option<&str>, Option<&str>) {
    (facts.role, facts.label.as_deref(), facts.automation_id.as_deref())
}
