//! Input as widgets receive it, and the context their handlers run in.

use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::marker::PhantomData;

use crate::envelope::Envelope;
use crate::identity::ComponentPath;
use crate::ui::key::NodeKey;
use rehearse_core::semantic::Bounds;
use rehearse_lang::{KeyPress, MouseButton, ScrollDirection};

/// An input event delivered to a node (and bubbled to its ancestors until a
/// handler consumes it).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WidgetEvent {
    /// A key, delivered to the focused node first.
    Key(KeyPress),
    /// A button went down over the node.
    Press {
        /// The button.
        button: MouseButton,
        /// Screen column.
        col: u16,
        /// Screen row.
        row: u16,
    },
    /// A button went down and up over the same node.
    Click {
        /// The button.
        button: MouseButton,
        /// Screen column.
        col: u16,
        /// Screen row.
        row: u16,
    },
    /// The wheel turned over the node.
    Scroll {
        /// Which way.
        direction: ScrollDirection,
        /// Screen column.
        col: u16,
        /// Screen row.
        row: u16,
    },
    /// A drag that started on a drag source was released over the node.
    Drop {
        /// What the source carried.
        payload: String,
    },
}

/// Framework-owned interaction state of widgets (a cursor, a scroll
/// offset), keyed by the node's stable key and kept across renders while the
/// node keeps rendering.
/// One node may keep several kinds of state (a list keeps its scroll offset
/// and its last selection), so entries are keyed by node and type.
#[derive(Default)]
pub(crate) struct WidgetStates {
    map: FxHashMap<(NodeKey, TypeId), Box<dyn Any>>,
}

impl WidgetStates {
    pub(crate) fn get_or_default<T: Default + 'static>(&mut self, key: NodeKey) -> &mut T {
        self.map
            .entry((key, TypeId::of::<T>()))
            .or_insert_with(|| Box::new(T::default()))
            .downcast_mut::<T>()
            .expect("entries are keyed by their type")
    }

    /// Forgets the state of nodes that did not render.
    pub(crate) fn retain(&mut self, rendered: impl Fn(&NodeKey) -> bool) {
        self.map.retain(|(key, _), _| rendered(key));
    }
}

/// What an erased handler gets: the pieces of an [`EventCx`].
pub(crate) struct RawEventCx<'a> {
    pub(crate) out: &'a mut Vec<Envelope>,
    pub(crate) owner: &'a ComponentPath,
    pub(crate) states: &'a mut WidgetStates,
    pub(crate) key: NodeKey,
    pub(crate) bounds: Bounds,
    pub(crate) focus_me: &'a mut bool,
}

pub(crate) type ErasedHandler = Box<dyn Fn(&WidgetEvent, RawEventCx<'_>) -> bool>;

/// The context an event handler runs in: emit messages to the component
/// that rendered the node, and keep per-node interaction state.
pub struct EventCx<'a, M> {
    raw: RawEventCx<'a>,
    _message: PhantomData<fn(M)>,
}

impl<'a, M: Send + 'static> EventCx<'a, M> {
    pub(crate) fn new(raw: RawEventCx<'a>) -> Self {
        Self { raw, _message: PhantomData }
    }

    /// Sends a message to the component that rendered this node.
    pub fn emit(&mut self, message: M) {
        self.raw.out.push(Envelope::new(self.raw.owner.clone(), message));
    }

    /// This node's interaction state, created with `Default` on first use.
    pub fn state<T: Default + 'static>(&mut self) -> &mut T {
        self.raw.states.get_or_default::<T>(self.raw.key)
    }

    /// The node's layout bounds on screen.
    pub fn bounds(&self) -> Bounds {
        self.raw.bounds
    }

    /// Moves keyboard focus to this node (if it is focusable).
    pub fn focus(&mut self) {
        *self.raw.focus_me = true;
    }
}

/// Wraps a typed handler into the erased form nodes store.
pub(crate) fn erase<M, F>(handler: F) -> ErasedHandler
where
    M: Send + 'static,
    F: Fn(&WidgetEvent, &mut EventCx<'_, M>) -> bool + 'static,
{
    Box::new(move |event, raw| handler(event, &mut EventCx::new(raw)))
}
