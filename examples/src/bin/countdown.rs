//! The adopted countdown in a real terminal: space starts and pauses, `+` and
//! `-` add or take a minute, `r` resets, q or Esc quits.
//!
//! With `REHEARSE_CONTROL=/path/app.sock` in the environment (as `rehearse
//! open --exec countdown` offers it) the loop is also served over the control
//! protocol, from the line that starts it (`rehearse::adopt::run`).

fn main() -> std::io::Result<()> {
    rehearse_examples::countdown::main()
}
