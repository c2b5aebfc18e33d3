//! The component model: state, messages, `update` and `view`.

use std::fmt;
use std::sync::Arc;

use crate::context::Context;
use crate::ui::Ui;
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
}

/// A sibling-scoped reconciliation key for nested components and keyed
/// widgets. It keeps state (and focus) attached to the right item when
/// siblings are added, removed or reordered.
///
/// A `Key` is never an automation id: selectors cannot see it.
///
/// ```
/// use rehearse::ReconcileKey;
/// assert_eq!(ReconcileKey::from(3usize).to_string(), "3");
/// assert_eq!(ReconcileKey::from("row-a"), ReconcileKey::new("row-a"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReconcileKey(KeyRepr);

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum KeyRepr {
    Int(u64),
    Str(Arc<str>),
}

impl ReconcileKey {
    /// A key from text.
    pub fn new(key: impl AsRef<str>) -> Self {
        Self(KeyRepr::Str(Arc::from(key.as_ref())))
    }

    /// Bytes that identify the key, tagged by kind so `ReconcileKey::from(3)` and
    /// `ReconcileKey::from("3")` stay distinct.
    pub(crate) fn fingerprint(&self, mut write: impl FnMut(&[u8])) {
        match &self.0 {
            KeyRepr::Int(key) => {
                write(&[0]);
                write(&key.to_le_bytes());
            }
            KeyRepr::Str(key) => {
                write(&[1]);
                write(key.as_bytes());
            }
        }
    }
}

impl From<&str> for ReconcileKey {
    fn from(key: &str) -> Self {
        Self::new(key)
    }
}

impl From<String> for ReconcileKey {
    fn from(key: String) -> Self {
        Self(KeyRepr::Str(Arc::from(key)))
    }
}

impl From<u64> for ReconcileKey {
    fn from(key: u64) -> Self {
        Self(KeyRepr::Int(key))
    }
}

impl From<usize> for ReconcileKey {
    fn from(key: usize) -> Self {
        Self(KeyRepr::Int(key as u64))
    }
}

impl From<u32> for ReconcileKey {
    fn from(key: u32) -> Self {
        Self(KeyRepr::Int(u64::from(key)))
    }
}

impl fmt::Display for ReconcileKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            KeyRepr::Int(key) => key.fmt(f),
            KeyRepr::Str(key) => f.write_str(key),
        }
    }
}

impl fmt::Debug for ReconcileKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            KeyRepr::Int(key) => write!(f, "ReconcileKey({key})"),
            KeyRepr::Str(key) => write!(f, "ReconcileKey({key:?})"),
        }
    }
}

/// Which component a message, a timer, a command or a handler belongs to:
/// the keys from the root to where it lives (empty for the root), and
/// which mounting of a component there it is. A component unmounted and
/// another mounted under the same keys later is another instance: what was
/// addressed to the first never reaches the second.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub(crate) struct ComponentPath {
    keys: Arc<[ReconcileKey]>,
    instance: u64,
}

impl ComponentPath {
    /// The root component (instance 0).
    pub(crate) fn root() -> Self {
        Self { keys: Arc::from(Vec::new()), instance: 0 }
    }

    /// The nested component mounted under `key` as `instance`.
    pub(crate) fn child(&self, key: &ReconcileKey, instance: u64) -> Self {
        let mut keys = self.keys.to_vec();
        keys.push(key.clone());
        Self { keys: Arc::from(keys), instance }
    }

    pub(crate) fn keys(&self) -> &[ReconcileKey] {
        &self.keys
    }

    /// Which mounting of a component under these keys this is.
    pub(crate) fn instance(&self) -> u64 {
        self.instance
    }

    /// Whether this path is `ancestor`'s place or lies below it.
    pub(crate) fn starts_with(&self, ancestor: &Self) -> bool {
        self.keys.starts_with(&ancestor.keys)
    }
}

impl fmt::Debug for ComponentPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("/")?;
        let keys: Vec<String> = self.keys.iter().map(ToString::to_string).collect();
        f.write_str(&keys.join("/"))
    }
}
