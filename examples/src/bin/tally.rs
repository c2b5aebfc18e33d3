//! The adopted tally counter in a real terminal: Up and Down (or a click)
//! pick a row, `+` and `-` count, q quits.
//!
//! With `REHEARSE_CONTROL=/path/app.sock` in the environment (as `rehearse
//! open --exec tally` offers it) the loop is also served over the control
//! protocol, from the line that starts it (`rehearse::adopt::init`).

fn main() -> std::io::Result<()> {
    rehearse_examples::tally::main()
}
