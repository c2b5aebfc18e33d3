//! [`Mirror`]: an adopted app served from its real terminal shows there
//! exactly what it draws under the harness. Every backend call that changes
//! the screen is repeated on a crossterm backend writing into memory, and a
//! flush sends the frame — with the render-commit marker when the
//! environment carries its key — to standard output in one write, so a
//! driver reading the terminal never sees half a frame before its marker.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use ratatui::backend::{Backend, ClearType, CrosstermBackend};
use ratatui::buffer::Cell;
use ratatui::layout::Position;
use rehearse_core::marker::{MarkerKey, SESSION_ENV, TOKEN_ENV};

/// Where the crossterm backend writes: bytes held until a flush sends
/// them (ratatui keeps its backend's writer out of reach).
#[derive(Default, Clone)]
struct Held(Rc<RefCell<Vec<u8>>>);

impl Write for Held {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The real terminal's side of a harness backend. It lives on the app's
/// thread, where it is made.
pub(crate) struct Mirror {
    backend: CrosstermBackend<Held>,
    held: Held,
    /// The marker's key and the last revision announced.
    marker: Option<(MarkerKey, u64)>,
}

impl std::fmt::Debug for Mirror {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the key: it authenticates the markers.
        f.debug_struct("Mirror").field("marker", &self.marker.is_some()).finish_non_exhaustive()
    }
}

impl Mirror {
    /// A mirror onto standard output, announcing each frame with the
    /// marker when `REHEARSE_TOKEN` and `REHEARSE_SESSION` are set.
    pub(crate) fn from_env() -> Self {
        let marker = match (std::env::var(TOKEN_ENV), std::env::var(SESSION_ENV)) {
            (Ok(token), Ok(session)) if !token.is_empty() => {
                Some((MarkerKey::new(token, session), 0))
            }
            _ => None,
        };
        let held = Held::default();
        Self { backend: CrosstermBackend::new(held.clone()), held, marker }
    }

    pub(crate) fn draw(&mut self, cells: &[(u16, u16, &Cell)]) -> io::Result<()> {
        self.backend.draw(cells.iter().copied())
    }

    pub(crate) fn hide_cursor(&mut self) -> io::Result<()> {
        self.backend.hide_cursor()
    }

    pub(crate) fn show_cursor(&mut self) -> io::Result<()> {
        self.backend.show_cursor()
    }

    pub(crate) fn set_cursor_position(&mut self, position: Position) -> io::Result<()> {
        self.backend.set_cursor_position(position)
    }

    pub(crate) fn clear(&mut self) -> io::Result<()> {
        self.backend.clear()
    }

    pub(crate) fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.backend.clear_region(clear_type)
    }

    /// Queues bytes the app writes to its terminal itself (the modes it
    /// turns on), sent with the next flush.
    pub(crate) fn write_raw(&mut self, bytes: &[u8]) {
        self.held.0.borrow_mut().extend_from_slice(bytes);
    }

    /// Writes what was queued, and the marker after a drawn frame, in one
    /// write.
    pub(crate) fn flush(&mut self, drew: bool) -> io::Result<()> {
        let mut bytes = std::mem::take(&mut *self.held.0.borrow_mut());
        if drew && let Some((key, revision)) = &mut self.marker {
            *revision += 1;
            let marker = key
                .encode(*revision, None)
                .map_err(|error| io::Error::other(format!("the marker: {error}")))?;
            bytes.extend_from_slice(&marker);
        }
        if bytes.is_empty() {
            return Ok(());
        }
        let mut out = io::stdout().lock();
        out.write_all(&bytes)?;
        out.flush()
    }
}
