//! The notes example in a real terminal: type to search (debounced), Save
//! writes the notes on a worker thread; Ctrl+C quits.

use rehearse::live::{TerminalOptions, run};
use rehearse_examples::notes::NotesApp;

fn main() -> Result<(), rehearse::AutomationError> {
    run(NotesApp::sample(), TerminalOptions::default())
}
