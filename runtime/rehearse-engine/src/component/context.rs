//! `Context`: what `update` and `mount` can do besides changing state.

use std::marker::PhantomData;
use std::time::Duration;

use crate::clock::TimerId;
use crate::command::{CommandId, CommandLink, Link};
use crate::component::Component;
use crate::effects::Effects;
use crate::envelope::Envelope;
use crate::identity::ComponentPath;
use rehearse_core::LogicalTime;
use rehearse_lang::Selector;

/// The effects a component can request while handling a message: more
/// messages, timers on the session clock, focus moves, quitting.
///
/// Messages sent here are handled in the same drain, before the next
/// commit, in the order they were sent.
pub struct Context<'a, C: Component + ?Sized> {
    effects: &'a mut Effects,
    path: &'a ComponentPath,
    now: LogicalTime,
    _component: PhantomData<fn(&C)>,
}

impl<'a, C: Component + ?Sized> Context<'a, C> {
    pub(crate) fn new(effects: &'a mut Effects, path: &'a ComponentPath, now: LogicalTime) -> Self {
        Self { effects, path, now, _component: PhantomData }
    }

    /// Queues a message for this component.
    pub fn send(&mut self, message: C::Message) {
        self.effects.queue.push_back(Envelope::new(self.path.clone(), message));
    }

    /// Delivers `message` to this component once `delay` of session time
    /// has passed. Under the controlled clock that happens only when a step
    /// advances time; timers due at the same time run in the order they were
    /// scheduled.
    pub fn after(&mut self, delay: Duration, message: C::Message) -> TimerId {
        let due = self.now + delay;
        self.effects.timers.schedule(due, Envelope::new(self.path.clone(), message))
    }

    /// Cancels a timer; `false` if it already ran or was cancelled.
    pub fn cancel_timer(&mut self, timer: TimerId) -> bool {
        self.effects.timers.cancel(timer)
    }

    /// The session's logical time.
    pub fn now(&self) -> LogicalTime {
        self.now
    }

    /// Moves focus to the one node `selector` matches, after the next render.
    pub fn focus(&mut self, selector: impl Into<Selector>) {
        self.effects.focus_requests.push(selector.into());
    }

    /// Starts `work` on a worker thread as a tracked command. It reports
    /// back through its [`CommandLink`]; the runtime counts it as running
    /// until the link is dropped, so waits and idle reports know about it.
    /// Under a controlled clock, the command's own time (sleeps, I/O) is
    /// wall time: logical time does not move while it runs.
    pub fn spawn<F>(&mut self, name: &'static str, work: F) -> CommandId
    where
        F: FnOnce(CommandLink<C::Message>) + Send + 'static,
    {
        self.effects.commands.spawn(name, self.path.clone(), work)
    }

    /// A tracked link for a thread the app starts itself: the runtime
    /// counts it as the running command `name` until the link is
    /// [finished](CommandLink::finish) or dropped, exactly like a command
    /// [`spawn`](Self::spawn) started. Hand one to each piece of work instead
    /// of keeping an untracked [`link`](Self::link): while no tracked link is
    /// alive, a `wait-for` that cannot hold gives up at once instead of
    /// waiting out its timeout in wall time.
    pub fn tracked_link(&mut self, name: &'static str) -> CommandLink<C::Message> {
        self.effects.commands.tracked_link(name, self.path.clone())
    }

    /// An untracked link for a thread the app manages itself. The runtime
    /// cannot know whether such a thread will send again; idle reports say
    /// so while any link is alive. What it sends after this component
    /// unmounted is dropped (counted as a late message), also when another
    /// component is mounted in the same place by then.
    pub fn link(&mut self) -> Link<C::Message> {
        self.effects.commands.link(self.path.clone())
    }

    /// Asks the host to end the session after this drain. The terminal
    /// runner (`live::run`) restores the terminal and returns; a headless
    /// session finishes the step that quit (it commits its generation), and
    /// every later step, `send` and `drain` fails with
    /// [`AutomationError::AppQuit`](rehearse_core::AutomationError::AppQuit).
    /// `quit_requested()` on the session says whether the app quit.
    pub fn quit(&mut self) {
        self.effects.quit = true;
    }
}
