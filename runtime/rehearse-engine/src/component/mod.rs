//! The component model: state, messages, `update` and `view`.

mod context;
mod instances;

use crate::ui::Ui;
pub use context::Context;
pub(crate) use instances::{ChildSlots, Slot};
use rehearse_core::AutomationIds;

/// An application or a nested piece of one: state that changes only in
/// `update`, and a `view` that renders it with ratatui through a [`Ui`].
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::{Button, Text};
/// use ratatui::layout::{Constraint, Layout};
///
/// #[derive(Default)]
/// struct Counter { clicks: u32 }
///
/// enum Msg { Clicked }
///
/// impl Component for Counter {
///     type Message = Msg;
///     fn update(&mut self, msg: Msg, _ctx: &mut Context<'_, Self>) {
///         match msg { Msg::Clicked => self.clicks += 1 }
///     }
///     fn view(&self, ui: &mut Ui<'_, Msg>) {
///         let [label, button] = Layout::vertical([Constraint::Length(1), Constraint::Length(3)]).areas(ui.area());
///         ui.add(label, Text::new(format!("clicked {} times", self.clicks)).automation_id("count"));
///         ui.add(button, Button::new("Click me").automation_id("click").on_click(|| Msg::Clicked));
///     }
/// }
///
/// let mut session = Session::new(Counter::default(), SessionOptions::default().viewport(30, 4));
/// session.step(AutomationStep::click(Selector::id("click"))).unwrap();
/// assert_eq!(session.tree().by_id("count").unwrap().name, "clicked 1 times");
/// ```
pub trait Component: 'static {
    /// What `update` receives. Messages may arrive from worker threads
    /// through links, hence `Send`.
    type Message: Send + 'static;

    /// The automation ids this app declares and the keys automation must not
    /// press. `scenario!` with `app = Self;` checks its steps against them at
    /// compile time, text scripts at parse time, and a strict session at
    /// every commit. The default declares nothing (and checks nothing).
    const AUTOMATION_IDS: AutomationIds = AutomationIds::UNDECLARED;

    /// Applies one message. Effects (more messages, timers, focus requests,
    /// quitting) go through `ctx`.
    fn update(&mut self, msg: Self::Message, ctx: &mut Context<'_, Self>);

    /// Renders the current state. Nesting in the render is nesting in the
    /// semantic tree.
    fn view(&self, ui: &mut Ui<'_, Self::Message>);

    /// Called once when the component is mounted, before its first view.
    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        let _ = ctx;
    }

    /// Called exactly once when the component is removed: its key left the
    /// render, or the session ended (normally, on error, or by drop).
    fn unmount(&mut self) {}

    /// The model plane: a serializable projection of the app's state — what
    /// a test or an agent asserts on without pixels (display mode, selection,
    /// open dialogs, visible rows). A pure function of the app with no
    /// rendering types; the control protocol's `state` request returns the
    /// root component's. `None` (the default) exposes none. It must not
    /// carry a sensitive value: write `"<redacted>"` in its place, as the
    /// semantic tree does.
    fn model_state(&self) -> Option<serde_json::Value> {
        None
    }
}

/// What `scenario! { app = App; ... }` and `automation_ids! { mod ids for
/// App { ... } }` check ids and keys against: every [`Component`] declares
/// through its `AUTOMATION_IDS`; an app that is not a `Component` (a plain
/// ratatui app adopted with `rehearse::adopt`) implements this directly:
///
/// ```
/// rehearse::automation_ids! {
///     /// The shopping list's ids.
///     pub mod ids for ShoppingApp {
///         ITEMS = "items";
///     }
/// }
/// struct ShoppingApp;
/// impl rehearse::DeclaresIds for ShoppingApp {
///     const AUTOMATION_IDS: rehearse::AutomationIds = ids::DECLARED;
/// }
/// let steps = rehearse::scenario! { app = ShoppingApp; click:#items; };
/// assert_eq!(steps.len(), 1);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an app `scenario!` can check ids against",
    label = "not a `rehearse::Component`, nor an adopted app",
    note = "`app = ...;` names a type that implements `rehearse::Component`, or `rehearse::DeclaresIds` for a plain ratatui app adopted with `rehearse::adopt`"
)]
pub trait DeclaresIds {
    /// The ids the app declares and the keys automation must not press.
    const AUTOMATION_IDS: AutomationIds;
}

impl<C: Component> DeclaresIds for C {
    const AUTOMATION_IDS: AutomationIds = <C as Component>::AUTOMATION_IDS;
}
