//! Routing real terminal events to nodes: focus for keys, hit-testing for
//! the pointer, bubbling to ancestors, key bindings, Tab traversal.

use ratatui::crossterm::event::{Event, MouseEvent, MouseEventKind};

use super::{Drag, Engine, hit};
use crate::component::Component;
use crate::envelope::Envelope;
use crate::ui::{NodeIdx, RawEventCx, WidgetEvent};
use rehearse_core::AutomationError;
use rehearse_core::{key_press, rehearse_button};
use rehearse_lang::{KeyCode, KeyPress, MouseButton, ScrollDirection};

/// What routing one event may have changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Routed {
    /// Nothing.
    Nothing,
    /// Only interaction state (hover, press, focus): re-render before commit.
    Restyle,
    /// App or widget state (a handler consumed the event, a message is
    /// queued): drain now, so the next event sees the result.
    Changed,
}

impl<C: Component> Engine<C> {
    /// Feeds one terminal event (real or synthesized) through routing and
    /// drains. It does not commit: a step or the terminal runner commits once
    /// per operation.
    ///
    /// # Errors
    ///
    /// [`AutomationError::SessionClosed`], a zero-sized resize, or what
    /// draining fails with.
    pub fn handle_event(&mut self, event: &Event) -> Result<(), AutomationError> {
        self.ensure_open()?;
        // Handlers and bindings are app code: a panic closes the session.
        let routed = self.guarded(|engine| engine.route(event))??;
        self.after_routing(routed)
    }

    /// Drains when the event may have changed app or widget state; only
    /// remembers to re-render when it changed interaction state alone.
    pub(crate) fn after_routing(&mut self, routed: Routed) -> Result<(), AutomationError> {
        match routed {
            Routed::Changed => self.settle(),
            Routed::Restyle => {
                self.restyle = true;
                Ok(())
            }
            Routed::Nothing => Ok(()),
        }
    }

    /// Commits the current state as a new generation (after events fed with
    /// [`handle_event`](Self::handle_event)).
    ///
    /// # Errors
    ///
    /// Duplicate or invalid automation ids, render key errors.
    pub fn commit_now(&mut self) -> Result<rehearse_core::semantic::Generation, AutomationError> {
        self.ensure_open()?;
        self.commit()
    }

    /// Routes one event and says what it may have changed.
    fn route(&mut self, event: &Event) -> Result<Routed, AutomationError> {
        Ok(match event {
            Event::Key(key) => key_press(key).map_or(Routed::Nothing, |key| self.route_key(key)),
            Event::Mouse(mouse) => self.route_mouse(mouse),
            Event::Resize(cols, rows) => {
                self.set_viewport(*cols, *rows)?;
                Routed::Changed
            }
            Event::Paste(text) => {
                // Each character sees the state the previous one produced; a
                // line break is Enter, as when typed (`\r\n` is one).
                let mut previous = None;
                for character in text.chars() {
                    let key = match character {
                        '\n' if previous == Some('\r') => None,
                        '\n' | '\r' => Some(KeyPress::from(KeyCode::Enter)),
                        other => Some(KeyPress::char(other)),
                    };
                    previous = Some(character);
                    if let Some(key) = key {
                        let routed = self.route_key(key);
                        self.after_routing(routed)?;
                    }
                }
                Routed::Nothing
            }
            _ => Routed::Nothing,
        })
    }

    pub(crate) fn route_key(&mut self, key: KeyPress) -> Routed {
        if let Some(focused) = self.focused_idx()
            && self.deliver(focused, &WidgetEvent::Key(key))
        {
            return Routed::Changed;
        }
        let frame = self.frame();
        let floor = frame.layers().modal_floor();
        let binding = frame
            .bindings()
            .iter()
            // Beneath an open modal only global bindings fire.
            .filter(|binding| binding.key == key && (binding.layer >= floor || binding.global))
            // The topmost layer first; within it the most deeply nested
            // component, so a nested component can override its parent;
            // among equals, the first registered.
            .rev()
            .max_by_key(|binding| (binding.layer, binding.owner.keys().len()));
        if let Some(binding) = binding {
            let envelope = (binding.make)();
            self.core.effects.queue.push_back(envelope);
            return Routed::Changed;
        }
        let moved = match key.code {
            KeyCode::Tab if key.modifiers.is_empty() => self.move_focus(1),
            KeyCode::BackTab => self.move_focus(-1),
            _ => false,
        };
        if moved { Routed::Restyle } else { Routed::Nothing }
    }

    /// Moves focus `by` places in the focus order, wrapping around.
    pub(crate) fn move_focus(&mut self, by: isize) -> bool {
        let order = self.focusables();
        if order.is_empty() {
            return false;
        }
        let len = order.len() as isize;
        let next = match self.focused_idx().and_then(|idx| order.iter().position(|&n| n == idx)) {
            Some(at) => (at as isize + by).rem_euclid(len),
            None if by >= 0 => 0,
            None => len - 1,
        };
        let key = self.frame().nodes()[order[next as usize]].key;
        let changed = self.interaction.focused != Some(key);
        self.interaction.focused = Some(key);
        changed
    }

    /// Focuses a raw node if it is focusable now.
    pub(crate) fn focus_node(&mut self, idx: NodeIdx) -> bool {
        if !self.can_focus(idx) {
            return false;
        }
        self.interaction.focused = Some(self.frame().nodes()[idx].key);
        true
    }

    fn route_mouse(&mut self, mouse: &MouseEvent) -> Routed {
        let (col, row) = (i32::from(mouse.column), i32::from(mouse.row));
        let target = hit::hit_test(self.frame(), col, row);
        let target_key = target.map(|idx| self.frame().nodes()[idx].key);
        let hover =
            if self.interaction.hovered == target_key { Routed::Nothing } else { Routed::Restyle };
        self.interaction.hovered = target_key;
        let Some(target) = target else {
            if matches!(mouse.kind, MouseEventKind::Up(_)) {
                self.interaction.pressed = None;
                self.interaction.drag = None;
            }
            return hover;
        };
        let (c, r) = (mouse.column, mouse.row);
        match mouse.kind {
            MouseEventKind::Moved | MouseEventKind::Drag(_) => hover,
            MouseEventKind::Down(button) => {
                let button = rehearse_button(button);
                self.interaction.pressed = target_key.map(|key| (key, button));
                let ancestry = hit::ancestry(self.frame(), target);
                if let Some(&focusable) =
                    ancestry.iter().find(|&&idx| self.frame().nodes()[idx].focusable)
                {
                    self.focus_node(focusable);
                }
                if button == MouseButton::Left
                    && let Some(&source) = ancestry
                        .iter()
                        .find(|&&idx| self.frame().nodes()[idx].drag_payload.is_some())
                {
                    let node = &self.frame().nodes()[source];
                    self.interaction.drag = Some(Drag {
                        source: node.key,
                        payload: node.drag_payload.clone().unwrap_or_default(),
                    });
                }
                if self.deliver(target, &WidgetEvent::Press { button, col: c, row: r }) {
                    Routed::Changed
                } else {
                    Routed::Restyle
                }
            }
            MouseEventKind::Up(button) => {
                let button = rehearse_button(button);
                let pressed = self.interaction.pressed.take();
                if let Some(drag) = self.interaction.drag.take() {
                    let source = self.find_key(drag.source);
                    if source.is_some_and(|source| !hit::is_within(self.frame(), target, source)) {
                        self.deliver(target, &WidgetEvent::Drop { payload: drag.payload });
                        return Routed::Changed;
                    }
                }
                let same = pressed.is_some_and(|(key, held)| {
                    held == button && self.frame().nodes()[target].key == key
                });
                if same && self.deliver(target, &WidgetEvent::Click { button, col: c, row: r }) {
                    Routed::Changed
                } else {
                    Routed::Restyle
                }
            }
            MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
                let direction = if mouse.kind == MouseEventKind::ScrollUp {
                    ScrollDirection::Up
                } else {
                    ScrollDirection::Down
                };
                if self.deliver(target, &WidgetEvent::Scroll { direction, col: c, row: r }) {
                    Routed::Changed
                } else {
                    hover
                }
            }
            _ => hover,
        }
    }

    /// Delivers an event to `target`, then bubbles it to each ancestor until
    /// a handler consumes it. A disabled node swallows the event. Returns
    /// whether it was consumed.
    pub(crate) fn deliver(&mut self, target: NodeIdx, event: &WidgetEvent) -> bool {
        let path = hit::ancestry(self.frame(), target);
        let mut out: Vec<Envelope> = Vec::new();
        let mut focus_request = None;
        let mut consumed = false;
        let frame = self.frame.as_ref().expect("rendered before input");
        'bubble: for &idx in &path {
            let node = &frame.nodes()[idx];
            if node.facts.states.enabled == Some(false) {
                consumed = true;
                break;
            }
            if !node.handlers.is_empty() {
                // Its handlers may change widget state: a memoized subtree
                // holding it renders afresh.
                self.touched.push(node.key);
            }
            for handler in &node.handlers {
                let mut focus_me = false;
                let raw = RawEventCx {
                    out: &mut out,
                    owner: &node.owner,
                    states: &mut self.states,
                    key: node.key,
                    bounds: node.layout,
                    focus_me: &mut focus_me,
                };
                let handled = handler(event, raw);
                if focus_me {
                    focus_request = Some(idx);
                }
                if handled {
                    consumed = true;
                    break 'bubble;
                }
            }
        }
        self.core.effects.queue.extend(out);
        if let Some(idx) = focus_request {
            self.focus_node(idx);
        }
        consumed
    }
}
