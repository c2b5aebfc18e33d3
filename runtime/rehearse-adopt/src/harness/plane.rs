//! The adopted app as a [`Plane`]: the one executor in `rehearse-core`
//! runs steps against the app's own loop through this — crossterm events
//! into its shim, settled when it blocks waiting for input, one commit of
//! its last flushed frame per step.

use std::sync::Arc;
use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Rect, Size};
use rehearse_core::semantic::{Generation, SemanticNode, SemanticTree};
use rehearse_core::wait::IdleReport;
use rehearse_core::{
    AutomationError, AutomationIds, CommitRecord, CommittedFrame, Input, LogicalTime,
    MAX_TIMERS_PER_ADVANCE, Pending, Plane, PlaneKind, Settled, SinkHost, StepNote, check_key,
    check_typing, key_event, mouse_event,
};
use rehearse_lang::script::CheckContext;
use rehearse_lang::{KeyPress, SemanticRole};

use super::shared::{Ended, Shared};
use crate::project::Layout;

/// How errors name an adopted app.
const APP: &str = "the adopted app";

/// The adopt plane as a [`Plane`]: the harness's view of the app — the
/// state it shares with the app's thread, the commit record (the committed
/// frame, its sinks and hooks) and the committed frame's layout. A
/// [`Harness`](crate::Harness) drives one (reach it with
/// [`Driver::plane`](rehearse_core::Driver::plane)); it is public so
/// front-ends can serve it as a `dyn Plane`.
pub struct AdoptPlane {
    pub(crate) shared: Arc<Shared>,
    record: CommitRecord,
    layout: Layout,
    pub(crate) declared: AutomationIds,
    pub(crate) settle_timeout: Duration,
    /// The frames the app had flushed when the committed generation was
    /// taken: more since means it drew something not committed yet.
    pub(crate) committed_frames: u64,
}

impl AdoptPlane {
    /// A plane over an app already running; commits nothing yet.
    pub(crate) fn new(
        shared: Arc<Shared>,
        declared: AutomationIds,
        settle_timeout: Duration,
    ) -> Self {
        let viewport = shared.lock().viewport;
        let area = Rect::new(0, 0, viewport.width, viewport.height);
        let tree = SemanticTree::new(
            Generation(0),
            viewport,
            SemanticNode::new(SemanticRole::Application, area.into()),
        );
        Self {
            shared,
            record: CommitRecord::new(CommittedFrame::new(
                Generation(0),
                viewport,
                tree,
                Buffer::empty(area),
            )),
            layout: Layout::default(),
            declared,
            settle_timeout,
            committed_frames: 0,
        }
    }

    fn push(&mut self, event: Event) -> Result<(), AutomationError> {
        self.ensure_open()?;
        self.shared.update(|state| state.queue.push_back(event));
        Ok(())
    }

    fn key(&mut self, key: KeyPress) -> Result<(), AutomationError> {
        check_key(key, &self.declared, APP)?;
        self.push(Event::Key(key_event(key)))
    }

    fn type_text(&mut self, text: &str) -> Result<(), AutomationError> {
        let no_focus = "no node holds focus; the app reports focus with `focused(true)` on the tag of the field that has it";
        check_typing(&self.committed().tree, text, &self.declared, APP, no_focus)?;
        self.ensure_open()?;
        // All at once: a key a person types in the terminal meanwhile lands
        // before or after the text, never inside it.
        self.shared.update(|state| {
            state.queue.extend(
                text.chars().map(|character| Event::Key(key_event(KeyPress::typed(character)))),
            );
        });
        Ok(())
    }

    /// A paste: one `Event::Paste` when the app turned bracketed paste on,
    /// otherwise the keys typing it would press, as a terminal delivers it.
    fn paste(&mut self, text: &str) -> Result<(), AutomationError> {
        self.ensure_open()?;
        if self.shared.lock().modes.bracketed_paste {
            let event = Event::Paste(text.to_owned());
            self.shared.update(|state| state.queue.push_back(event));
            return Ok(());
        }
        if let Some(key) = text.chars().map(KeyPress::typed).find(|key| self.declared.refuses(key))
        {
            return Err(AutomationError::RefusedKey { key, app: APP });
        }
        self.shared.update(|state| {
            state.queue.extend(
                text.chars().map(|character| Event::Key(key_event(KeyPress::typed(character)))),
            );
        });
        Ok(())
    }

    /// Waits until the app blocks waiting for input with nothing queued (or
    /// ends); an app that panicked or failed fails the step.
    fn settle_now(&mut self) -> Result<(), AutomationError> {
        let settled = self.shared.wait_until(self.settle_timeout, |state| state.settled());
        let state = self.shared.lock();
        if self.record.is_observed() {
            match &state.ended {
                Some(ended) => {
                    let status = ended.status();
                    self.record.note(StepNote::Settled(Settled::Ended));
                    self.record.note(StepNote::Ended { status: &status });
                }
                None if settled => self.record.note(StepNote::Settled(Settled::AppBlocked)),
                None => {}
            }
        }
        match &state.ended {
            Some(Ended::Returned) => Ok(()),
            Some(Ended::Failed(message)) => {
                Err(AutomationError::Render(format!("the adopted app's loop failed: {message}")))
            }
            Some(Ended::Panicked(message)) => {
                Err(AutomationError::ComponentPanicked(message.clone()))
            }
            None if settled => Ok(()),
            None => Err(AutomationError::SettleTimeout {
                waiting_for: if self.shared.realtime {
                    "the adopted app to come back to reading its `EventSource`".into()
                } else {
                    "the adopted app to block waiting for input".into()
                },
                waited: self.settle_timeout,
                detail: if self.shared.realtime {
                    ": it stayed busy (a long computation on its loop's thread, or a poll with a zero timeout in a loop)".into()
                } else {
                    ": it reads events only through its `EventSource`, and never polls with a zero timeout in a loop".into()
                },
            }),
        }
    }

    /// The frame the app shows now, laid out and projected as generation
    /// `generation`.
    fn snapshot(
        &self,
        generation: Generation,
    ) -> Result<(CommittedFrame, Layout), AutomationError> {
        let state = self.shared.lock();
        let viewport = state.viewport;
        let (buffer, cursor, nodes) = match &state.drawn {
            Some(drawn) => (drawn.buffer.clone(), drawn.cursor, drawn.nodes.clone()),
            None => {
                (Buffer::empty(Rect::new(0, 0, viewport.width, viewport.height)), None, Vec::new())
            }
        };
        drop(state);
        let now = LogicalTime(self.shared.elapsed());
        // The tree is laid out in the frame's own size (a resize not drawn
        // yet shows the last frame as it was).
        let size = Size::new(buffer.area.width, buffer.area.height);
        let layout = Layout::new(nodes, size);
        let tree = layout.project(&buffer, generation, size, self.declared)?;
        let mut frame = CommittedFrame::new(generation, size, tree, buffer);
        frame.cursor = cursor;
        frame.time = now;
        let focused = frame.tree.focused().map(SemanticNode::label);
        frame.interaction = rehearse_core::InteractionState::new(focused, None, None);
        Ok((frame, layout))
    }

    /// Commits the frame the app shows now, without waiting for it to
    /// settle (the caller knows it has).
    pub(crate) fn commit_now(&mut self) -> Result<Generation, AutomationError> {
        let generation = self.committed().generation.next();
        let frames = self.shared.lock().frames;
        let (frame, layout) = self.snapshot(generation)?;
        self.committed_frames = frames;
        self.layout = layout;
        self.record.commit(frame);
        Ok(generation)
    }
}

impl SinkHost for AdoptPlane {
    fn commit_record(&self) -> &CommitRecord {
        &self.record
    }

    fn commit_record_mut(&mut self) -> &mut CommitRecord {
        &mut self.record
    }
}

impl Plane for AdoptPlane {
    fn kind(&self) -> PlaneKind {
        PlaneKind::Adopt
    }

    fn ensure_open(&self) -> Result<(), AutomationError> {
        match &self.shared.lock().ended {
            None => Ok(()),
            Some(ended) => Err(AutomationError::TargetEnded {
                status: ended.status(),
                before: "the step reached it".into(),
            }),
        }
    }

    fn reach(&self, node: &SemanticNode, operation: &str) -> Result<(u16, u16), AutomationError> {
        let at = usize::try_from(node.identity.0).ok().filter(|&at| at < self.layout.clips.len());
        let Some(at) = at else {
            return Err(AutomationError::NotActionable {
                target: node.label(),
                operation: operation.to_owned(),
                reason: "it is not in the committed frame".into(),
            });
        };
        let clip = self.layout.clips[at];
        let (col, row) = clip.centre();
        match self.layout.hit(col, row) {
            Some(recipient) if self.layout.is_within(recipient, at) => {}
            recipient => {
                let reached = recipient
                    .and_then(|raw| {
                        let identity = u64::try_from(raw).ok()?;
                        self.committed().tree.nodes().find(|n| n.identity.0 == identity)
                    })
                    .map_or_else(|| "nothing".to_owned(), SemanticNode::label);
                return Err(AutomationError::covered(
                    node.label(),
                    operation,
                    (col, row),
                    &reached,
                ));
            }
        }
        match (u16::try_from(col), u16::try_from(row)) {
            (Ok(col), Ok(row)) => Ok((col, row)),
            _ => {
                Err(AutomationError::NotInView { target: node.label(), clipped: clip.to_string() })
            }
        }
    }

    fn check_context(&self) -> CheckContext<'_> {
        self.declared.check_context()
    }

    fn reach_point(&self, col: u16, row: u16) -> Result<(), AutomationError> {
        let viewport = self.committed().viewport;
        if col < viewport.width && row < viewport.height {
            Ok(())
        } else {
            Err(AutomationError::NoMatch {
                selector: rehearse_lang::Selector::point(col, row),
                hint: Some(format!("the screen is {}x{}", viewport.width, viewport.height)),
            })
        }
    }

    fn deliver(&mut self, input: Input<'_>) -> Result<(), AutomationError> {
        match input {
            Input::Pointer { kind, col, row } => self.push(Event::Mouse(mouse_event(kind, col, row))),
            Input::Key(key) => self.key(key),
            Input::Text(text) | Input::Secret(text) => self.type_text(text),
            Input::Paste(text) => self.paste(text),
            Input::Focus(target) => Err(AutomationError::NotAvailable {
                what: match target.order() {
                    Some(order) => format!("focus:{order}"),
                    None => "focus".into(),
                },
                reason: "an adopted app moves its own focus; press its keys (`key:tab`) or click the field".into(),
            }),
            _ => Err(AutomationError::Unsupported {
                operation: format!("{input:?}"),
                reason: "the adopt plane does not know this input".into(),
            }),
        }
    }

    fn advance(&mut self, duration: Duration) -> Result<(), AutomationError> {
        if self.shared.realtime {
            return Err(AutomationError::RealtimeAdvance);
        }
        self.settle_now()?;
        let target = self.shared.lock().now.saturating_add(duration);
        let mut fired = 0usize;
        loop {
            // The app's poll times out on the way: stop there and let it react.
            let due = {
                let state = self.shared.lock();
                state
                    .waiting
                    .flatten()
                    .filter(|deadline| *deadline <= target && state.ended.is_none())
            };
            let Some(due) = due else { break };
            fired += 1;
            if fired > MAX_TIMERS_PER_ADVANCE {
                let reached = self.shared.lock().now;
                return Err(AutomationError::AdvanceDidNotConverge {
                    requested: duration,
                    reached,
                    limit: MAX_TIMERS_PER_ADVANCE,
                    producers: vec!["the adopted app's poll timeout".to_owned()],
                });
            }
            self.shared.update(|state| state.now = state.now.max(due));
            self.settle_now()?;
        }
        self.shared.update(|state| state.now = target);
        self.settle_now()
    }

    fn sleep(&mut self, duration: Duration) -> Result<(), AutomationError> {
        // `sleep:` lets wall time pass, as on the engine; the app's clock is
        // the controlled one, so it sees none of it.
        std::thread::sleep(duration);
        self.settle_now()
    }

    fn resize(&mut self, cols: u16, rows: u16) -> Result<(), AutomationError> {
        if cols == 0 || rows == 0 {
            return Err(AutomationError::InvalidViewport { cols, rows });
        }
        if rehearse_core::check_screen_size(cols, rows).is_err() {
            return Err(AutomationError::ViewportTooLarge {
                cols,
                rows,
                limit: rehearse_core::MAX_SCREEN_CELLS,
            });
        }
        if self.shared.in_terminal {
            return Err(AutomationError::NotAvailable {
                what: "resize".into(),
                reason: "the app is served from a real terminal and takes that terminal's size; resize the terminal (a `rehearse open` session: `resize` on the host's socket)".into(),
            });
        }
        self.ensure_open()?;
        self.shared.update(|state| {
            state.viewport = Size::new(cols, rows);
            state.queue.push_back(Event::Resize(cols, rows));
        });
        Ok(())
    }

    fn settle(&mut self) -> Result<(), AutomationError> {
        self.settle_now()
    }

    fn commit(&mut self) -> Result<Generation, AutomationError> {
        self.settle_now()?;
        self.commit_now()
    }

    fn now(&self) -> LogicalTime {
        LogicalTime(self.shared.elapsed())
    }

    fn pending(&self) -> Pending {
        let state = self.shared.lock();
        let mut idle = IdleReport::default();
        idle.queued_messages = state.queue.len();
        idle.future_timers = usize::from(state.waiting.flatten().is_some() || state.timed);
        // Under the controlled clock the app changes only on input or
        // logical time, neither of which waiting in wall time brings; under
        // the wall clock its polls time out and a person may type.
        let pending = Pending::new(idle, self.shared.realtime);
        match &state.ended {
            Some(ended) => pending.ended(ended.status()),
            None => pending,
        }
    }

    fn await_change(&mut self, timeout: Duration) -> Result<(), AutomationError> {
        if self.shared.realtime {
            let seen = self.committed_frames;
            self.shared.wait_until(timeout, |state| state.frames != seen || state.ended.is_some());
        }
        self.settle_now()
    }

    fn current_tree(&self) -> Result<SemanticTree, AutomationError> {
        Ok(self.snapshot(self.committed().generation)?.0.tree)
    }

    fn current_frame(&mut self) -> Result<CommittedFrame, AutomationError> {
        Ok(self.snapshot(self.committed().generation)?.0)
    }
}
