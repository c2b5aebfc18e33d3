//! The login example in a real terminal. Sign in as `ada` / `lovelace`;
//! Ctrl+Q or Ctrl+C quits.

use rehearse::live::{TerminalOptions, run};
use rehearse_examples::login::LoginApp;

fn main() -> Result<(), rehearse::AutomationError> {
    run(LoginApp::default(), TerminalOptions::default())
}
