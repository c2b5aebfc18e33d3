//! The adopted shopping list in a real terminal (crossterm events, the
//! wall clock). Tab moves between the field and the list; Enter adds;
//! Up/Down select; Delete asks to remove; q or Esc quits.
//!
//! With `REHEARSE_CONTROL=/path/app.sock` in the environment (as `rehearse
//! open --exec shopping` offers it) the same loop is also served over the
//! control protocol, so `#id` and `@role` reach this binary; with
//! `REHEARSE_AUTOMATION_HEADLESS=1` as well it runs off screen.

use ratatui::crossterm::{event::EnableMouseCapture, execute};
use rehearse_examples::shopping::{App, ids};

fn main() -> std::io::Result<()> {
    if rehearse::control::serve_adopted(ids::DECLARED, |t, e| {
        // What `shopping::main` turns on in its terminal: the mouse.
        execute!(t.backend_mut(), EnableMouseCapture)?;
        App::default().run(t, e)
    })? {
        return Ok(());
    }
    rehearse_examples::shopping::main()
}
