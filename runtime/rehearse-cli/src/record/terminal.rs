//! The person's terminal: raw mode while recording, the recorder's own
//! modes (SGR reports of every mouse motion, bracketed paste), and its
//! restoration on every way out — the end of the recording, the program's
//! exit, a signal (handled by the loop) and a panic (a hook, since the
//! thread that panics may hold anything).

use std::io;
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

use rustix::termios::{OptionalActions, Termios, tcgetattr, tcsetattr};

/// What the recorder sets in the person's terminal: every mouse motion as
/// an SGR report (to follow the pointer and to see clicks even where the
/// program takes no mouse), and bracketed paste (to tell a paste from
/// typing).
pub const MODES_ON: &[u8] = b"\x1b[?1003h\x1b[?1006h\x1b[?2004h";

/// Every input mode the recorder or the program may have set, reset; the
/// pen, the cursor's visibility, cursor and keypad modes, synchronized
/// output and the scroll region as a terminal starts.
pub const MODES_OFF: &[u8] = b"\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?9l\x1b[?1006l\x1b[?1005l\
\x1b[?1015l\x1b[?2004l\x1b[?1004l\x1b[?1l\x1b>\x1b[?2026l\x1b[0m\x1b[?25h\x1b[r";

/// The terminal's settings before raw mode, for whoever restores it first.
static SAVED: Mutex<Option<Termios>> = Mutex::new(None);

/// Set once the terminal is given back (also by the panic hook, while
/// other threads may still hold the screen): nothing is drawn after.
static GIVEN_BACK: AtomicBool = AtomicBool::new(false);

/// Whether the terminal was given back.
pub fn given_back() -> bool {
    GIVEN_BACK.load(Ordering::Acquire)
}

/// The person's terminal in raw mode; dropping it restores the settings
/// (the screen's sequences are [`Screen::leave`](super::screen::Screen)'s).
#[derive(Debug)]
pub struct PersonTerminal(());

/// Why the terminal cannot be used.
pub fn check_terminal() -> Result<(), String> {
    if !rustix::termios::isatty(io::stdin().as_fd()) {
        return Err("standard input is not a terminal: `rehearse record` passes a person's keys and mouse to the program, so run it in a terminal".into());
    }
    if !rustix::termios::isatty(io::stdout().as_fd()) {
        return Err("standard output is not a terminal: `rehearse record` draws the program in your terminal; write the recording with `--out FILE` instead of redirecting it".into());
    }
    Ok(())
}

/// The terminal's size, `(cols, rows)`.
pub fn size() -> io::Result<(u16, u16)> {
    let size = rustix::termios::tcgetwinsize(io::stdout().as_fd())?;
    Ok((size.ws_col.max(1), size.ws_row.max(1)))
}

impl PersonTerminal {
    /// Raw mode: every key reaches the recorder as the terminal sends it,
    /// nothing is echoed, Ctrl+C is a byte for the program.
    pub fn enter() -> io::Result<Self> {
        let saved = tcgetattr(io::stdin().as_fd())?;
        let mut raw = saved.clone();
        raw.make_raw();
        *SAVED.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(saved);
        install_panic_hook();
        tcsetattr(io::stdin().as_fd(), OptionalActions::Now, &raw)?;
        Ok(Self(()))
    }
}

impl Drop for PersonTerminal {
    fn drop(&mut self) {
        restore_settings();
    }
}

/// Restores the settings saved by [`PersonTerminal::enter`], once.
pub fn restore_settings() {
    GIVEN_BACK.store(true, Ordering::Release);
    let saved = SAVED.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
    if let Some(saved) = saved {
        let _ = tcsetattr(io::stdin().as_fd(), OptionalActions::Now, &saved);
    }
}

/// Writes straight to the terminal (not through `std`'s buffer, which a
/// panicking thread may hold).
pub fn write_direct(bytes: &[u8]) {
    let mut rest = bytes;
    while !rest.is_empty() {
        match rustix::io::write(io::stdout().as_fd(), rest) {
            Ok(0) | Err(_) => return,
            Ok(written) => rest = &rest[written..],
        }
    }
}

/// On a panic, the terminal is given back before the message is printed:
/// the modes reset, the main screen, the settings restored.
fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let recording =
                SAVED.lock().unwrap_or_else(std::sync::PoisonError::into_inner).is_some();
            if recording {
                GIVEN_BACK.store(true, Ordering::Release);
                write_direct(b"\x1b[?1049l");
                write_direct(MODES_OFF);
                // The status line cleared, and the message below the
                // program's last row.
                let rows = size().map_or(1, |(_, rows)| rows);
                let above = rows.saturating_sub(1).max(1);
                write_direct(format!("\x1b[{rows};1H\x1b[2K\x1b[{above};1H\r\n").as_bytes());
                restore_settings();
            }
            previous(info);
        }));
    });
}
