//! `RuntimeCore`: the component instances, their message queue, timers and
//! nested components.

use std::marker::PhantomData;

use crate::component::{Component, Slot};
use crate::effects::Effects;
use crate::envelope::Envelope;
use crate::identity::ComponentPath;
use crate::ui::FrameBuilder;
use rehearse_core::LogicalTime;

/// Owns the component instance and its state, the scoped message queue,
/// timers, nested components and their reconciliation data.
pub struct RuntimeCore<C: Component> {
    root: Slot,
    pub(crate) effects: Effects,
    _component: PhantomData<fn() -> C>,
}

impl<C: Component> RuntimeCore<C> {
    pub(crate) fn new(component: C) -> Self {
        Self {
            root: Slot::new(Box::new(component), 0),
            effects: Effects::default(),
            _component: PhantomData,
        }
    }

    /// The root component.
    pub fn app(&self) -> &C {
        self.root
            .component
            .as_any()
            .downcast_ref::<C>()
            .expect("the root slot holds the root component")
    }

    pub(crate) fn mount(&mut self, now: LogicalTime) {
        self.root.mount(&mut self.effects, &ComponentPath::root(), now);
    }

    /// Unmounts every component, children first; exactly once.
    pub(crate) fn unmount(&mut self) {
        self.root.unmount();
        self.effects.queue.clear();
        self.effects.timers.clear();
    }

    /// Queues a message for the root component.
    pub(crate) fn send(&mut self, message: C::Message) {
        self.effects.queue.push_back(Envelope::new(ComponentPath::root(), message));
    }

    /// Delivers one queued message; `None` when the queue is empty.
    /// Returns the delivered message's type name.
    pub(crate) fn deliver_next(&mut self, now: LogicalTime) -> Option<&'static str> {
        let envelope = self.effects.queue.pop_front()?;
        let type_name = envelope.type_name;
        self.deliver(envelope, now);
        Some(type_name)
    }

    pub(crate) fn deliver(&mut self, envelope: Envelope, now: LogicalTime) {
        if !self.root.is_mounted() {
            self.effects.dropped_late += 1;
            return;
        }
        match self.root.find_mut(envelope.target.keys()) {
            // Addressed to this very mounting, not an earlier one here.
            Some(slot) if slot.is_mounted() && slot.instance == envelope.target.instance() => {
                let delivered = slot.component.update_any(
                    envelope.message,
                    &mut self.effects,
                    &envelope.target,
                    now,
                );
                if !delivered {
                    self.effects.dropped_late += 1;
                }
            }
            _ => self.effects.dropped_late += 1,
        }
    }

    /// Renders the whole component tree into `frame`. The effects move into
    /// the frame for the pass, so components mounted while rendering queue
    /// their messages and timers in the one queue, in order.
    pub(crate) fn render(&mut self, frame: &mut FrameBuilder) {
        *frame.effects_mut() = std::mem::take(&mut self.effects);
        self.root.render(frame, &ComponentPath::root());
        self.effects = std::mem::take(frame.effects_mut());
        // Work queued for components that unmounted must not reach whatever
        // mounts at the same path later.
        let removed = frame.take_removed_components();
        self.effects.forget(&removed);
    }
}
