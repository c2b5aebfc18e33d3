//! The adopted flavour picker in a real terminal: type to narrow the list,
//! Enter picks, Esc picks nothing; what was picked is printed.
//!
//! With `REHEARSE_CONTROL=/path/app.sock` in the environment (as `rehearse
//! open --exec picker` offers it) the loop is also served over the control
//! protocol, from the line that starts it (`rehearse::adopt::run`).

fn main() -> std::io::Result<()> {
    rehearse_examples::picker::main()
}
