//! The todo example in a real terminal. Type and press Enter to add; click
//! `[ ]` or select and press Space to toggle; `✕` or Delete to delete;
//! Ctrl+Q or Ctrl+C quits.

use rehearse::live::{TerminalOptions, run};
use rehearse_examples::todo::TodoApp;

fn main() -> Result<(), rehearse::AutomationError> {
    let count = std::env::args().nth(1).and_then(|arg| arg.parse().ok()).unwrap_or(0);
    run(TodoApp::with_items(count), TerminalOptions::default())
}
