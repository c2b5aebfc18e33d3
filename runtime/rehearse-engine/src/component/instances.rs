//! Mounted component instances with their types erased, so nested
//! components of any type live in one tree.

use std::any::Any;
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use super::{Component, Context};
use crate::effects::Effects;
use crate::identity::{ComponentPath, ReconcileKey};
use crate::ui::{FrameBuilder, Ui};
use rehearse_core::LogicalTime;

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
            frame.note_removed_component(path.child(&key, instance));
        }
    }

    pub(crate) fn find_mut(&mut self, keys: &[ReconcileKey]) -> Option<&mut Slot> {
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
