//! [`Waker`]: wakes whichever thread is polling the control sockets (a
//! byte on a socket pair that is part of every poll), so a poll never has
//! to time out to notice something changed.

use std::io;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::Arc;

use rustix::net::{RecvFlags, SendFlags};

/// The sending end: cheap to clone, never blocks.
#[derive(Debug, Clone)]
pub(crate) struct Waker(Arc<UnixStream>);

/// The end a poll watches.
#[derive(Debug)]
pub(crate) struct Wakeup(UnixStream);

/// A connected pair.
pub(crate) fn pair() -> io::Result<(Waker, Wakeup)> {
    let (send, receive) = UnixStream::pair()?;
    Ok((Waker(Arc::new(send)), Wakeup(receive)))
}

impl Waker {
    /// Makes the next (or the current) poll return. A full pair already
    /// holds a wake-up, so a byte that does not fit is not needed.
    pub(crate) fn wake(&self) {
        let _ = rustix::net::send(&*self.0, &[1], SendFlags::DONTWAIT | SendFlags::NOSIGNAL);
    }
}

impl Wakeup {
    /// Takes every pending wake-up (never blocks).
    pub(crate) fn drain(&self) {
        let mut buffer = [0u8; 64];
        while let Ok((read, _)) = rustix::net::recv(&self.0, &mut buffer, RecvFlags::DONTWAIT) {
            if read < buffer.len() {
                return;
            }
        }
    }
}

impl AsFd for Wakeup {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.0.as_fd()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustix::event::{PollFd, PollFlags, poll};

    fn ready(wakeup: &Wakeup) -> bool {
        let mut fds = [PollFd::new(wakeup, PollFlags::IN)];
        let zero = rustix::event::Timespec { tv_sec: 0, tv_nsec: 0 };
        poll(&mut fds, Some(&zero)).unwrap() == 1
    }

    #[test]
    fn a_wake_makes_the_poll_ready_until_drained() {
        let (waker, wakeup) = pair().unwrap();
        assert!(!ready(&wakeup));
        for _ in 0..1000 {
            waker.clone().wake();
        }
        assert!(ready(&wakeup));
        wakeup.drain();
        assert!(!ready(&wakeup));
    }
}
