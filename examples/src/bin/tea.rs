//! The tea timer in a real terminal: Up/Down pick a tea, Enter or `s`
//! starts it, Ctrl+Q or Ctrl+C quits.

use rehearse::live::{TerminalOptions, run};
use rehearse_examples::tea::TeaTimer;

fn main() -> Result<(), rehearse::AutomationError> {
    run(TeaTimer::default(), TerminalOptions::default())
}
