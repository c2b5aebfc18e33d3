//! [`HarnessBackend`]: ratatui's `TestBackend`, with each flushed frame
//! handed to the harness together with what its tags recorded, and what
//! the app writes to its terminal itself (the modes it turns on) read as a
//! terminal would read it.

use std::io::{self, Write};
use std::num::NonZeroU16;
use std::sync::Arc;

use ratatui::backend::{Backend, ClearType, TestBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

use super::mirror::Mirror;
use super::shared::{Drawn, Modes, Shared};
use crate::record;

/// The backend an adopted app draws on under a harness: a `TestBackend`
/// of the harness's viewport. `Terminal::draw` ends with a flush, which
/// publishes the frame: its cells, its cursor and its semantic nodes.
///
/// It is also the app's terminal for what the app writes itself
/// (`io::Write`): `execute!(terminal.backend_mut(), EnableBracketedPaste)`
/// turns bracketed paste on, so a `paste:` arrives as one `Event::Paste`
/// (as keys otherwise), and `EnableMouseCapture` asks for the mouse — read
/// from the sequences as a terminal reads them, and passed on to the real
/// terminal when the app is served from one.
pub struct HarnessBackend {
    inner: TestBackend,
    shared: Arc<Shared>,
    cursor_shown: bool,
    /// A frame was drawn since the last flush.
    drew: bool,
    /// The real terminal, when the app is served from it.
    mirror: Option<Mirror>,
    /// Reads the modes the app turns on from what it writes.
    modes: vt100::Parser,
}

impl std::fmt::Debug for HarnessBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HarnessBackend")
            .field("inner", &self.inner)
            .field("mirror", &self.mirror)
            .finish_non_exhaustive()
    }
}

impl HarnessBackend {
    pub(crate) fn new(shared: Arc<Shared>, mirror: Option<Mirror>) -> Self {
        let size = shared.lock().viewport;
        Self {
            inner: TestBackend::new(size.width, size.height),
            shared,
            cursor_shown: false,
            drew: false,
            mirror,
            // Only its modes are read: one cell of screen is enough.
            modes: vt100::Parser::new(NonZeroU16::MIN, NonZeroU16::MIN, 0),
        }
    }

    /// Follows a resize the harness made (ratatui's autoresize asks
    /// `size()` first, then clears and draws).
    fn follow_viewport(&mut self) {
        let size = self.shared.lock().viewport;
        let buffer = self.inner.buffer().area;
        if (buffer.width, buffer.height) != (size.width, size.height) {
            self.inner.resize(size.width, size.height);
        }
    }

    /// The `TestBackend` underneath.
    pub fn test_backend(&self) -> &TestBackend {
        &self.inner
    }
}

impl Write for HarnessBackend {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.modes.process(bytes);
        let screen = self.modes.screen();
        let modes = Modes {
            bracketed_paste: screen.bracketed_paste(),
            mouse: screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None,
        };
        self.shared.update(|state| state.modes = modes);
        if let Some(mirror) = &mut self.mirror {
            mirror.write_raw(bytes);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.mirror.as_mut().map_or(Ok(()), |mirror| mirror.flush(false))
    }
}

/// `TestBackend` never fails.
fn infallible<T>(result: Result<T, core::convert::Infallible>) -> T {
    match result {
        Ok(value) => value,
        Err(never) => match never {},
    }
}

impl Backend for HarnessBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.follow_viewport();
        self.drew = true;
        if let Some(mirror) = &mut self.mirror {
            let cells: Vec<_> = content.collect();
            infallible(self.inner.draw(cells.iter().copied()));
            return mirror.draw(&cells);
        }
        infallible(self.inner.draw(content));
        Ok(())
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.cursor_shown = false;
        infallible(self.inner.hide_cursor());
        self.mirror.as_mut().map_or(Ok(()), Mirror::hide_cursor)
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.cursor_shown = true;
        infallible(self.inner.show_cursor());
        self.mirror.as_mut().map_or(Ok(()), Mirror::show_cursor)
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(infallible(self.inner.get_cursor_position()))
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let position = position.into();
        infallible(self.inner.set_cursor_position(position));
        self.mirror.as_mut().map_or(Ok(()), |mirror| mirror.set_cursor_position(position))
    }

    fn clear(&mut self) -> io::Result<()> {
        self.follow_viewport();
        infallible(self.inner.clear());
        self.mirror.as_mut().map_or(Ok(()), Mirror::clear)
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        infallible(self.inner.clear_region(clear_type));
        self.mirror.as_mut().map_or(Ok(()), |mirror| mirror.clear_region(clear_type))
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.shared.lock().viewport)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        let columns_rows = self.shared.lock().viewport;
        // The pixel size of a cell as TestBackend reports it.
        let pixels = infallible(self.inner.window_size()).pixels;
        Ok(WindowSize { columns_rows, pixels })
    }

    fn flush(&mut self) -> io::Result<()> {
        infallible(self.inner.flush());
        let drew = std::mem::take(&mut self.drew);
        if !drew {
            return self.mirror.as_mut().map_or(Ok(()), |mirror| mirror.flush(false));
        }
        let cursor = if self.cursor_shown {
            let position = infallible(self.inner.get_cursor_position());
            Some((position.x, position.y))
        } else {
            None
        };
        let drawn =
            Drawn { buffer: self.inner.buffer().clone(), cursor, nodes: record::take_frame() };
        self.shared.update(|state| {
            // A redraw that shows the same (an app that draws on every
            // tick) is no new frame: an idle app's generation stays put.
            if state.drawn.as_ref() != Some(&drawn) {
                state.drawn = Some(drawn);
                state.frames += 1;
            }
        });
        self.mirror.as_mut().map_or(Ok(()), |mirror| mirror.flush(true))
    }
}
