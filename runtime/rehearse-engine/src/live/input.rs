//! The live runner's input on Unix: the terminal's bytes read here, not by
//! crossterm, so the runner knows how many it has consumed when it commits
//! (the `in=` count of the render-commit marker, see
//! [`rehearse_core::marker`]).
//!
//! Bytes are parsed into crossterm events by `terminput` (a port of
//! crossterm's own parser) and converted by `terminput-crossterm`; SIGWINCH
//! arrives through a self-pipe (`signal-hook`) polled beside stdin and
//! becomes `Event::Resize`, as crossterm's reader makes it.

use std::io;
use std::os::fd::AsFd;
use std::os::unix::net::UnixStream;
use std::time::Duration;

use ratatui::crossterm::event::Event;
use rustix::event::{PollFd, PollFlags, Timespec};

/// The most bytes one read takes.
const READ_CHUNK: usize = 4096;

/// Stdin and window-size changes, parsed into events, with the count of
/// bytes consumed.
pub(super) struct TerminalInput {
    parser: Parser,
    winch: UnixStream,
    winch_id: signal_hook::SigId,
    events: std::collections::VecDeque<Event>,
}

impl TerminalInput {
    /// Starts listening for SIGWINCH (stdin needs nothing).
    pub(super) fn new() -> io::Result<Self> {
        let (winch, sender) = UnixStream::pair()?;
        winch.set_nonblocking(true)?;
        let winch_id =
            signal_hook::low_level::pipe::register(signal_hook::consts::SIGWINCH, sender)?;
        Ok(Self {
            parser: Parser::default(),
            winch,
            winch_id,
            events: std::collections::VecDeque::new(),
        })
    }

    /// How many input bytes have been read and turned into events (a
    /// sequence still incomplete at the end of a read is not counted).
    pub(super) fn consumed(&self) -> u64 {
        self.parser.consumed
    }

    /// Waits up to `timeout` for input or a resize; reads everything then
    /// available. Returns whether anything was read (bytes or a resize),
    /// even when it made no event.
    pub(super) fn wait(&mut self, timeout: Duration) -> io::Result<bool> {
        let stdin = io::stdin();
        let mut fds = [PollFd::new(&stdin, PollFlags::IN), PollFd::new(&self.winch, PollFlags::IN)];
        let timeout = Timespec {
            tv_sec: i64::try_from(timeout.as_secs()).unwrap_or(i64::MAX),
            tv_nsec: i64::from(timeout.subsec_nanos()),
        };
        match rustix::event::poll(&mut fds, Some(&timeout)) {
            Ok(0) | Err(rustix::io::Errno::INTR) => return Ok(false),
            Ok(_) => {}
            Err(error) => return Err(error.into()),
        }
        let (input, resized) = (readable(&fds[0]), readable(&fds[1]));
        if resized {
            let mut drained = [0u8; 64];
            while matches!(io::Read::read(&mut &self.winch, &mut drained), Ok(n) if n > 0) {}
            let (cols, rows) = ratatui::crossterm::terminal::size()?;
            self.events.push_back(Event::Resize(cols, rows));
        }
        if input {
            self.read_available()?;
        }
        Ok(input || resized)
    }

    /// Reads stdin until nothing more is waiting, parsing as it goes.
    fn read_available(&mut self) -> io::Result<()> {
        let stdin = io::stdin();
        let mut buf = [0u8; READ_CHUNK];
        loop {
            let n = match rustix::io::read(stdin.as_fd(), &mut buf) {
                Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
                Ok(n) => n,
                Err(rustix::io::Errno::INTR) => continue,
                Err(error) => return Err(error.into()),
            };
            self.parser.feed(&buf[..n], &mut self.events);
            let mut more = [PollFd::new(&stdin, PollFlags::IN)];
            let zero = Timespec { tv_sec: 0, tv_nsec: 0 };
            if !matches!(rustix::event::poll(&mut more, Some(&zero)), Ok(1)) || !readable(&more[0])
            {
                return Ok(());
            }
        }
    }

    /// The next event read, if any.
    pub(super) fn next(&mut self) -> Option<Event> {
        self.events.pop_front()
    }
}

impl Drop for TerminalInput {
    fn drop(&mut self) {
        signal_hook::low_level::unregister(self.winch_id);
    }
}

fn readable(fd: &PollFd<'_>) -> bool {
    fd.revents().intersects(PollFlags::IN | PollFlags::HUP | PollFlags::ERR)
}

/// Bytes to events, a byte at a time as crossterm's own reader parses, and
/// the count of bytes that completed an event (or were dropped as
/// unparseable).
#[derive(Default)]
pub(super) struct Parser {
    pending: Vec<u8>,
    consumed: u64,
}

impl Parser {
    /// Parses `bytes`, the whole of one read, pushing complete events.
    pub(super) fn feed(&mut self, bytes: &[u8], events: &mut std::collections::VecDeque<Event>) {
        for (index, &byte) in bytes.iter().enumerate() {
            self.pending.push(byte);
            // A lone ESC is the Escape key only when nothing follows it in
            // the same read (crossterm's rule); else it starts a sequence.
            if self.pending == [0x1b] && index + 1 < bytes.len() {
                continue;
            }
            match terminput::Event::parse_from(&self.pending) {
                Ok(None) => continue,
                Ok(Some(event)) => {
                    // An event crossterm has no shape for is read and dropped.
                    if let Ok(event) = terminput_crossterm::to_crossterm(event) {
                        events.push_back(event);
                    }
                }
                // Bytes that are no event are dropped, as crossterm does.
                Err(_) => {}
            }
            self.consumed += self.pending.len() as u64;
            self.pending.clear();
        }
    }

    /// Bytes consumed so far.
    #[cfg(test)]
    pub(super) fn consumed(&self) -> u64 {
        self.consumed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{
        KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
    };

    fn parse(reads: &[&[u8]]) -> (Vec<Event>, u64) {
        let mut parser = Parser::default();
        let mut events = std::collections::VecDeque::new();
        for read in reads {
            parser.feed(read, &mut events);
        }
        (events.into(), parser.consumed())
    }

    #[test]
    fn keys_mouse_and_paste_parse_as_crossterm_events() {
        let (events, consumed) = parse(&[b"a\r\x1b[A\x1b[<0;4;2M\x1b[200~hi\x1b[201~\x1b"]);
        let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        assert_eq!(
            events,
            [
                key(KeyCode::Char('a')),
                key(KeyCode::Enter),
                key(KeyCode::Up),
                Event::Mouse(MouseEvent {
                    kind: MouseEventKind::Down(MouseButton::Left),
                    column: 3,
                    row: 1,
                    modifiers: KeyModifiers::NONE,
                }),
                Event::Paste("hi".into()),
                key(KeyCode::Esc),
            ]
        );
        assert_eq!(consumed, 29, "every byte read made an event");
    }

    #[test]
    fn a_sequence_split_across_reads_counts_once_complete() {
        let mut parser = Parser::default();
        let mut events = std::collections::VecDeque::new();
        parser.feed(b"x\x1b[<0;4", &mut events);
        assert_eq!((events.len(), parser.consumed()), (1, 1), "the half sequence is not consumed");
        parser.feed(b";2M", &mut events);
        assert_eq!((events.len(), parser.consumed()), (2, 10));
    }
}
