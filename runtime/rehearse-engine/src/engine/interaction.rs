//! Interaction state — focus, hover, press, a drag in flight, the focus a
//! modal took — and the focus rules: what can hold focus, the Tab order,
//! moving focus into a modal and back, focus requests from `update`.

use super::{Engine, projection};
use crate::component::Component;
use crate::ui::{NodeIdx, NodeKey};
use rehearse_core::semantic::SemanticNode;
use rehearse_lang::MouseButton;

/// Who holds focus, what the pointer is over and pressed on, by node key
/// (keys survive renders; slots do not).
#[derive(Default)]
pub(super) struct Interaction {
    /// The node holding keyboard focus.
    pub(super) focused: Option<NodeKey>,
    /// The node under the pointer.
    pub(super) hovered: Option<NodeKey>,
    /// The node a button went down on, and the button.
    pub(super) pressed: Option<(NodeKey, MouseButton)>,
    /// A drag in flight.
    pub(super) drag: Option<Drag>,
    /// Focus to restore when a modal closes, innermost last.
    pub(super) focus_stack: Vec<Option<NodeKey>>,
    /// How many modal layers the last render had.
    pub(super) modal_depth: usize,
}

/// A drag in flight: where it started and what it carries.
pub(super) struct Drag {
    /// The node the drag started on.
    pub(super) source: NodeKey,
    /// What the source declared a drag carries (`Ui::drag_payload`).
    pub(super) payload: String,
}

impl<C: Component> Engine<C> {
    pub(super) fn fix_focus(&mut self) -> bool {
        let before = self.interaction.focused;
        let modal_depth = self.frame().layers().modal_count();
        while modal_depth > self.interaction.modal_depth {
            // A modal opened: remember focus, move it into the modal.
            self.interaction.focus_stack.push(self.interaction.focused.take());
            self.interaction.modal_depth += 1;
            self.interaction.focused =
                self.focusables().first().map(|&idx| self.frame().nodes()[idx].key);
        }
        while modal_depth < self.interaction.modal_depth {
            // A modal closed: restore the focus it took, by key.
            self.interaction.modal_depth -= 1;
            self.interaction.focused = self.interaction.focus_stack.pop().flatten();
        }
        if let Some(key) = self.interaction.focused
            && self.find_key(key).is_none_or(|idx| !self.can_focus(idx))
        {
            self.interaction.focused = None;
        }
        if self.interaction.hovered.is_some_and(|key| self.find_key(key).is_none()) {
            self.interaction.hovered = None;
        }
        before != self.interaction.focused
    }

    /// The raw node with this stable key in the current frame.
    pub(super) fn find_key(&self, key: NodeKey) -> Option<NodeIdx> {
        self.frame().nodes().find(&key)
    }

    /// The focus order of the current frame: enabled focusable nodes in
    /// document order (application content, then overlays in stacking
    /// order), only inside the topmost modal overlay when one is open.
    pub(super) fn focusables(&self) -> Vec<NodeIdx> {
        let frame = self.frame();
        let mut order = Vec::new();
        let mut stack: Vec<NodeIdx> = frame.layers().roots_from(0).rev().collect();
        while let Some(idx) = stack.pop() {
            let node = &frame.nodes()[idx];
            if node.focusable && self.can_focus(idx) {
                order.push(idx);
            }
            stack.extend(node.children.iter().rev());
        }
        order
    }

    /// Whether a raw node can hold focus now: focusable, enabled with all
    /// its ancestors, and not beneath an open modal.
    pub(super) fn can_focus(&self, idx: NodeIdx) -> bool {
        let frame = self.frame();
        let floor = frame.layers().modal_floor();
        frame.nodes()[idx].focusable && frame.nodes()[idx].layer >= floor && self.enabled(idx)
    }

    /// Whether a raw node and all its ancestors are enabled.
    pub(super) fn enabled(&self, idx: NodeIdx) -> bool {
        let frame = self.frame();
        let mut current = Some(idx);
        while let Some(node) = current {
            if frame.nodes()[node].facts.states.enabled == Some(false) {
                return false;
            }
            current = frame.nodes()[node].parent;
        }
        true
    }

    pub(super) fn focused_idx(&self) -> Option<NodeIdx> {
        self.interaction.focused.and_then(|key| self.find_key(key))
    }

    pub(super) fn apply_focus_requests(&mut self) -> bool {
        let requests = std::mem::take(&mut self.core.effects.focus_requests);
        if requests.is_empty() {
            return false;
        }
        let Ok(projection) = projection::project(self.frame(), self.generation, self.focused_idx())
        else {
            return false;
        };
        let mut moved = false;
        for selector in requests {
            if let Ok(node) = projection.tree.resolve(&selector)
                && let Some(idx) = self.raw_of(node)
                && self.can_focus(idx)
            {
                self.interaction.focused = Some(self.frame().nodes()[idx].key);
                moved = true;
            }
        }
        moved
    }

    /// The node of the current frame behind a node of a projected tree;
    /// `None` when it is no longer rendered.
    pub(super) fn raw_of(&self, node: &SemanticNode) -> Option<NodeIdx> {
        self.find_key(NodeKey::of_identity(node.identity))
    }

    /// The focused, hovered and pressed nodes' keys.
    pub(super) fn interaction_keys(&self) -> [Option<NodeKey>; 3] {
        let pressed = self.interaction.pressed.map(|(key, _)| key);
        [self.interaction.focused, self.interaction.hovered, pressed]
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use rehearse_core::semantic::SemanticFacts;
    use rehearse_lang::{Selector, SemanticRole};

    use crate::engine::{Engine, SessionOptions};
    use crate::{Component, Context, Ui};

    /// Three buttons (the middle one disabled) and, when open, a modal
    /// with one more. A message opens or closes the modal; a text one asks
    /// for focus.
    struct Form {
        modal: bool,
    }

    enum Msg {
        Modal(bool),
        Focus(&'static str),
    }

    impl Component for Form {
        type Message = Msg;
        fn update(&mut self, msg: Msg, cx: &mut Context<'_, Self>) {
            match msg {
                Msg::Modal(open) => self.modal = open,
                Msg::Focus(id) => cx.focus(Selector::id(id)),
            }
        }
        fn view(&self, ui: &mut Ui<'_, Msg>) {
            let row = |y| Rect::new(0, y, 10, 1);
            for (y, id, enabled) in [(0, "a", true), (1, "off", false), (2, "b", true)] {
                let facts = SemanticFacts::new(SemanticRole::Button).automation_id(id);
                let node = ui.leaf(row(y), facts.enabled(enabled), |_, _| {});
                ui.make_focusable(node);
            }
            if self.modal {
                let dialog = SemanticFacts::new(SemanticRole::Dialog).automation_id("dialog");
                ui.overlay(dialog, Rect::new(0, 0, 10, 4), true, |ui| {
                    let facts = SemanticFacts::new(SemanticRole::Button).automation_id("ok");
                    let node = ui.leaf(row(3), facts, |_, _| {});
                    ui.make_focusable(node);
                });
            }
        }
    }

    fn start() -> Engine<Form> {
        let options = SessionOptions::default().viewport(20, 6);
        Engine::start(Form { modal: false }, options).expect("starts")
    }

    /// The ids of the focus order.
    fn order(engine: &Engine<Form>) -> Vec<String> {
        engine.focusables().into_iter().map(|idx| id(engine, idx)).collect()
    }

    fn id(engine: &Engine<Form>, idx: crate::ui::NodeIdx) -> String {
        engine.frame().nodes()[idx].facts.automation_id.clone().expect("an id").to_string()
    }

    fn focused(engine: &Engine<Form>) -> Option<String> {
        engine.focused_idx().map(|idx| id(engine, idx))
    }

    #[test]
    fn a_modal_takes_focus_while_open_and_gives_it_back_when_it_closes() {
        let mut engine = start();
        assert_eq!(order(&engine), ["a", "b"], "document order, disabled nodes skipped");
        let b = engine.focusables()[1];
        engine.interaction.focused = Some(engine.frame().nodes()[b].key);
        engine.send(Msg::Modal(true)).expect("opens");
        assert_eq!(order(&engine), ["ok"], "only inside the topmost modal");
        assert_eq!(focused(&engine).as_deref(), Some("ok"));
        let b = engine.find_key(engine.frame().nodes()[b].key).expect("still rendered");
        assert!(!engine.can_focus(b), "beneath the modal");
        engine.send(Msg::Modal(false)).expect("closes");
        assert_eq!(focused(&engine).as_deref(), Some("b"));
    }

    #[test]
    fn a_focus_request_moves_focus_only_to_a_node_that_can_hold_it() {
        let mut engine = start();
        engine.send(Msg::Focus("b")).expect("drains");
        assert_eq!(focused(&engine).as_deref(), Some("b"));
        engine.send(Msg::Focus("off")).expect("drains");
        assert_eq!(focused(&engine).as_deref(), Some("b"), "a disabled node does not take it");
        engine.send(Msg::Focus("nowhere")).expect("drains");
        assert_eq!(focused(&engine).as_deref(), Some("b"));
    }
}
