//! `RuntimeCore`: the component instances, their message queue, timers and
//! nested components.

use std::any::Any;
use std::collections::{BTreeMap, VecDeque};
use std::marker::PhantomData;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::clock::TimerQueue;
use crate::component::{Component, ComponentPath, ReconcileKey};
use crate::context::Context;
use crate::ui::{FrameBuilder, Ui};
use rehearse_core::LogicalTime;
use rehearse_lang::Selector;

/// A message on its way to one component.
pub(crate) struct Envelope {
    pub(crate) target: ComponentPath,
    pub(crate) message: Box<dyn Any + Send>,
    /// The message's type, for diagnostics ("what kept producing work").
    pub(crate) type_name: &'static str,
}

impl Envelope {
    pub(crate) fn new<M: Send + 'static>(target: ComponentPath, message: M) -> Self {
        Self { target, message: Box::new(message), type_name: std::any::type_name::<M>() }
    }
}

/// Everything `update`, `mount` and event handlers can ask for.
#[derive(Default)]
pub(crate) struct Effects {
    pub(crate) queue: VecDeque<Envelope>,
    pub(crate) timers: TimerQueue,
    pub(crate) quit: bool,
    pub(crate) focus_requests: Vec<Selector>,
    /// Messages that arrived for a component that is no longer mounted.
    pub(crate) dropped_late: usize,
    /// Tracked commands and links.
    pub(crate) commands: crate::command::Commands,
    /// The last component instance number handed out (the root is 0).
    instances: u64,
}

impl Effects {
    /// A number for a component being mounted, unique in the session.
    pub(crate) fn new_instance(&mut self) -> u64 {
        self.instances += 1;
        self.instances
    }

    /// Forgets the queued messages and timers of components that
    /// unmounted, and tells their running commands to stop: none of it may
    /// reach whatever mounts at the same place later.
    pub(crate) fn forget(&mut self, removed: &[ComponentPath]) {
        if removed.is_empty() {
            return;
        }
        let alive =
            |envelope: &Envelope| !removed.iter().any(|path| envelope.target.starts_with(path));
        self.timers.retain(alive);
        self.queue.retain(alive);
        self.commands.cancel(|target| removed.iter().any(|path| target.starts_with(path)));
    }
}

/// A component with its type erased, so nested components of any type can
/// live in one tree.
pub(crate) trait AnyComponent {
    /// Applies a message; `false` when it is of another component's type
    /// (left over from a different component once mounted at this path).
    fn update_any(
        &mut self,
        message: Box<dyn Any + Send>,
        effects: &mut Effects,
        path: &ComponentPath,
        now: LogicalTime,
    ) -> bool;
    fn view_any(&self, frame: &mut FrameBuilder, children: &mut ChildSlots, path: &ComponentPath);
    fn mount_any(&mut self, effects: &mut Effects, path: &ComponentPath, now: LogicalTime);
    fn unmount_any(&mut self);
    fn as_any(&self) -> &dyn Any;
}

impl<C: Component> AnyComponent for C {
    fn update_any(
        &mut self,
        message: Box<dyn Any + Send>,
        effects: &mut Effects,
        path: &ComponentPath,
        now: LogicalTime,
    ) -> bool {
        match message.downcast::<C::Message>() {
            Ok(message) => {
                let mut ctx = Context::new(effects, path, now);
                self.update(*message, &mut ctx);
                true
            }
            Err(_) => false,
        }
    }

    fn view_any(&self, frame: &mut FrameBuilder, children: &mut ChildSlots, path: &ComponentPath) {
        let mut ui = Ui::<C::Message>::new(frame, children, path);
        self.view(&mut ui);
    }

    fn mount_any(&mut self, effects: &mut Effects, path: &ComponentPath, now: LogicalTime) {
        let mut ctx = Context::new(effects, path, now);
        self.mount(&mut ctx);
    }

    fn unmount_any(&mut self) {
        self.unmount();
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// One mounted component and its nested children.
pub(crate) struct Slot {
    pub(crate) component: Box<dyn AnyComponent>,
    pub(crate) children: ChildSlots,
    /// Which mounting under this slot's keys it is.
    pub(crate) instance: u64,
    mounted: bool,
    /// Whether the parent rendered this child in the current pass.
    pub(crate) seen: bool,
}

impl Slot {
    pub(crate) fn new(component: Box<dyn AnyComponent>, instance: u64) -> Self {
        Self { component, children: ChildSlots::default(), instance, mounted: false, seen: true }
    }

    pub(crate) fn mount(&mut self, effects: &mut Effects, path: &ComponentPath, now: LogicalTime) {
        if !self.mounted {
            self.mounted = true;
            self.component.mount_any(effects, path, now);
        }
    }

    /// Unmounts children first, then this component; exactly once.
    pub(crate) fn unmount(&mut self) {
        if !self.mounted {
            return;
        }
        self.mounted = false;
        self.children.unmount_all();
        // A panicking unmount must not keep the others from unmounting (and
        // while unwinding, a second panic would abort the process).
        let _ = catch_unwind(AssertUnwindSafe(|| self.component.unmount_any()));
    }

    pub(crate) fn is_mounted(&self) -> bool {
        self.mounted
    }

    /// Renders this component, then unmounts the children it no longer
    /// rendered (their paths are noted so their pending timers go too).
    pub(crate) fn render(&mut self, frame: &mut FrameBuilder, path: &ComponentPath) {
        self.children.begin_pass();
        self.component.view_any(frame, &mut self.children, path);
        for (key, instance) in self.children.end_pass() {
            frame.removed_components.push(path.child(&key, instance));
        }
    }

    fn find_mut(&mut self, keys: &[ReconcileKey]) -> Option<&mut Slot> {
        match keys.split_first() {
            None => Some(self),
            Some((first, rest)) => self.children.map.get_mut(first)?.find_mut(rest),
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.unmount();
    }
}

/// The nested children of one component, by key.
#[derive(Default)]
pub(crate) struct ChildSlots {
    pub(crate) map: BTreeMap<ReconcileKey, Slot>,
}

impl ChildSlots {
    fn begin_pass(&mut self) {
        for slot in self.map.values_mut() {
            slot.seen = false;
        }
    }

    /// Drops (and so unmounts, exactly once) every child whose key was not
    /// rendered in this pass; returns their keys.
    fn end_pass(&mut self) -> Vec<(ReconcileKey, u64)> {
        let gone: Vec<(ReconcileKey, u64)> = self
            .map
            .iter()
            .filter(|(_, slot)| !slot.seen)
            .map(|(key, slot)| (key.clone(), slot.instance))
            .collect();
        for (key, _) in &gone {
            self.map.remove(key);
        }
        gone
    }

    fn unmount_all(&mut self) {
        for slot in self.map.values_mut() {
            slot.unmount();
        }
    }
}

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
        frame.effects = std::mem::take(&mut self.effects);
        self.root.render(frame, &ComponentPath::root());
        self.effects = std::mem::take(&mut frame.effects);
        // Work queued for components that unmounted must not reach whatever
        // mounts at the same path later.
        let removed = std::mem::take(&mut frame.removed_components);
        self.effects.forget(&removed);
    }
}
