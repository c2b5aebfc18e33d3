//! Tracked commands and links: work on other threads that reports back to a
//! component through the session's inbound channel.

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Duration;

use crate::envelope::Envelope;
use crate::identity::ComponentPath;

/// Identifies a tracked command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CommandId(u64);

/// What other threads send to the session.
pub(crate) enum Inbound {
    /// A message for a component.
    Message(Envelope),
    /// A tracked command finished (its link was dropped).
    Finished(CommandId),
    /// A tracked command's last message and its end, in one notice
    /// ([`CommandLink::finish`]).
    Last(Envelope, CommandId),
}

/// The message could not be delivered: the session is closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the session is closed; the message was not delivered")]
pub struct SessionClosed;

/// A tracked command's handle back into the session. The runtime counts the
/// command as running until this link is dropped (normally when the
/// command's closure returns) or [`finish`](Self::finish)ed, so idle
/// reports and waits know about it.
///
/// A message the session processed says nothing about the link: after
/// [`send`](Self::send), the command still counts as running until its
/// thread drops the link, which it may not have done yet when a wait sees
/// the message. Send the last message with [`finish`](Self::finish) to end
/// the command in the same notice, so that whoever sees the result also
/// sees the command finished.
pub struct CommandLink<M> {
    sender: Sender<Inbound>,
    target: ComponentPath,
    id: CommandId,
    cancelled: Arc<AtomicBool>,
    /// The end was already sent (by `finish`).
    finished: bool,
    _message: PhantomData<fn(M)>,
}

impl<M: Send + 'static> CommandLink<M> {
    /// Sends a message to the component that started the command.
    ///
    /// # Errors
    ///
    /// [`SessionClosed`] after the session shut down, or after the
    /// component that started the command unmounted: late messages are
    /// rejected and never reach a closed session, nor a component mounted
    /// later in the same place.
    pub fn send(&self, message: M) -> Result<(), SessionClosed> {
        if self.is_cancelled() {
            return Err(SessionClosed);
        }
        self.sender
            .send(Inbound::Message(Envelope::new(self.target.clone(), message)))
            .map_err(|_| SessionClosed)
    }

    /// Sends the command's last message and ends the command, in one notice:
    /// the session never processes this message while still counting the
    /// command as running, whatever the thread does next. The thread may go
    /// on (without a link, nothing it does reaches the session).
    ///
    /// # Errors
    ///
    /// [`SessionClosed`], as for [`send`](Self::send); the command is ended
    /// either way.
    pub fn finish(mut self, message: M) -> Result<(), SessionClosed> {
        if self.is_cancelled() {
            return Err(SessionClosed);
        }
        let envelope = Envelope::new(self.target.clone(), message);
        let sent = self.sender.send(Inbound::Last(envelope, self.id));
        // Sent or not, the end must not be sent again on drop; if the
        // channel is gone, the session is closed and counts nothing.
        self.finished = sent.is_ok();
        sent.map_err(|_| SessionClosed)
    }

    /// Whether the session asked this command to stop: it shut down, or the
    /// component that started the command unmounted.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Acquire)
    }

    /// The command's id.
    pub fn id(&self) -> CommandId {
        self.id
    }
}

impl<M> Drop for CommandLink<M> {
    fn drop(&mut self) {
        if !self.finished {
            let _ = self.sender.send(Inbound::Finished(self.id));
        }
    }
}

/// An untracked link for app threads the runtime did not start. The runtime
/// cannot prove such a thread will never send again, so idle reports say
/// `external_links_untracked` while any link is alive.
pub struct Link<M> {
    sender: Sender<Inbound>,
    target: ComponentPath,
    _alive: Arc<()>,
    _message: PhantomData<fn(M)>,
}

impl<M: Send + 'static> Link<M> {
    /// Sends a message to the component that made the link.
    ///
    /// # Errors
    ///
    /// [`SessionClosed`] after the session shut down.
    pub fn send(&self, message: M) -> Result<(), SessionClosed> {
        self.sender
            .send(Inbound::Message(Envelope::new(self.target.clone(), message)))
            .map_err(|_| SessionClosed)
    }
}

impl<M> Clone for Link<M> {
    fn clone(&self) -> Self {
        Self {
            sender: self.sender.clone(),
            target: self.target.clone(),
            _alive: self._alive.clone(),
            _message: PhantomData,
        }
    }
}

struct Running {
    name: &'static str,
    cancelled: Arc<AtomicBool>,
    /// The component it reports to.
    target: ComponentPath,
}

/// The session side: the channel, the running commands, the live links.
/// The channel is made on first use, so a session that never starts a
/// command or hands out a link allocates nothing for it.
#[derive(Default)]
pub(crate) struct Commands {
    channel: Option<Channel>,
    running: BTreeMap<CommandId, Running>,
    next_id: u64,
    shut: bool,
}

struct Channel {
    sender: Sender<Inbound>,
    receiver: Receiver<Inbound>,
    links_alive: Arc<()>,
}

impl Commands {
    fn channel(&mut self) -> &Channel {
        self.channel.get_or_insert_with(|| {
            let (sender, receiver) = channel();
            Channel { sender, receiver, links_alive: Arc::new(()) }
        })
    }

    /// A sender that fails every send once the session shut down.
    fn sender(&mut self) -> Sender<Inbound> {
        if self.shut {
            // A channel whose receiver is already gone.
            return channel().0;
        }
        self.channel().sender.clone()
    }

    /// Starts `work` on its own thread with a tracked link to `target`.
    pub(crate) fn spawn<M, F>(
        &mut self,
        name: &'static str,
        target: ComponentPath,
        work: F,
    ) -> CommandId
    where
        M: Send + 'static,
        F: FnOnce(CommandLink<M>) + Send + 'static,
    {
        let link = self.tracked_link(name, target);
        let id = link.id;
        // If the thread cannot start, the closure and its link are dropped,
        // which reports the command finished: nothing is left running.
        let _ = std::thread::Builder::new()
            .name(format!("rehearse-command-{name}"))
            .spawn(move || work(link));
        id
    }

    /// A link tracked as the command `name` until it is finished or
    /// dropped, for a thread the app starts itself.
    pub(crate) fn tracked_link<M>(
        &mut self,
        name: &'static str,
        target: ComponentPath,
    ) -> CommandLink<M> {
        let id = CommandId(self.next_id);
        self.next_id += 1;
        let cancelled = Arc::new(AtomicBool::new(self.shut));
        if !self.shut {
            let target = target.clone();
            self.running.insert(id, Running { name, cancelled: cancelled.clone(), target });
        }
        let sender = self.sender();
        CommandLink { sender, target, id, cancelled, finished: false, _message: PhantomData }
    }

    pub(crate) fn link<M>(&mut self, target: ComponentPath) -> Link<M> {
        let sender = self.sender();
        let alive = self
            .channel
            .as_ref()
            .map_or_else(|| Arc::new(()), |channel| channel.links_alive.clone());
        Link { sender, target, _alive: alive, _message: PhantomData }
    }

    /// Takes everything that arrived, without blocking.
    pub(crate) fn try_collect(&mut self, into: &mut Vec<Envelope>) -> bool {
        let mut any = false;
        while let Some(inbound) =
            self.channel.as_ref().and_then(|channel| channel.receiver.try_recv().ok())
        {
            any = true;
            self.accept(inbound, into);
        }
        any
    }

    /// Waits up to `timeout` for something to arrive, then takes it and
    /// everything behind it. Returns whether anything arrived.
    pub(crate) fn wait(&mut self, timeout: Duration, into: &mut Vec<Envelope>) -> bool {
        let Some(channel) = self.channel.as_ref() else { return false };
        match channel.receiver.recv_timeout(timeout) {
            Ok(inbound) => {
                self.accept(inbound, into);
                self.try_collect(into);
                true
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => false,
        }
    }

    fn accept(&mut self, inbound: Inbound, into: &mut Vec<Envelope>) {
        match inbound {
            Inbound::Message(envelope) => into.push(envelope),
            Inbound::Finished(id) => {
                self.running.remove(&id);
            }
            Inbound::Last(envelope, id) => {
                into.push(envelope);
                self.running.remove(&id);
            }
        }
    }

    /// Tracked commands still running.
    pub(crate) fn running(&self) -> usize {
        self.running.len()
    }

    /// Names of the running commands, in start order.
    pub(crate) fn running_names(&self) -> Vec<&'static str> {
        self.running.values().map(|running| running.name).collect()
    }

    /// Whether an untracked link is alive somewhere.
    pub(crate) fn untracked_links(&self) -> bool {
        self.channel.as_ref().is_some_and(|channel| Arc::strong_count(&channel.links_alive) > 1)
    }

    /// Tells the running commands reporting to a component `gone` says
    /// unmounted to stop ([`CommandLink::is_cancelled`]). They stay tracked
    /// until they finish; what they still send is dropped.
    pub(crate) fn cancel(&mut self, gone: impl Fn(&ComponentPath) -> bool) {
        for running in self.running.values().filter(|running| gone(&running.target)) {
            running.cancelled.store(true, Ordering::Release);
        }
    }

    /// Shuts the channel: running commands are told to stop, and every later
    /// send fails, so nothing reaches the closed session. Threads are
    /// detached, not joined.
    pub(crate) fn shut_down(&mut self) {
        for running in self.running.values() {
            running.cancelled.store(true, Ordering::Release);
        }
        self.shut = true;
        // Dropping the receiver discards what is in flight and makes every
        // later send fail.
        self.channel = None;
        self.running.clear();
    }
}
