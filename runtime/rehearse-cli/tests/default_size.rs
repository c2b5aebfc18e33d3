//! One default size across the toolkit: `rehearse open` without `--size`
//! starts its program at 100x30, as the terminal plane's
//! `PtySessionOptions` and the engine's `SessionOptions` do.

use crate::support;

use support::Runtime;

#[test]
fn open_without_a_size_starts_the_program_at_100x30() {
    let runtime = Runtime::new();
    runtime.ok(&["open", "--exec", "/bin/cat"]);
    let golden = runtime.ok(&["snapshot", "--format", "terminal"]);
    let header = golden.lines().next().unwrap_or_default();
    assert!(header.starts_with("terminal 100x30 "), "{header}");
    let (cols, rows) = rehearse_pty::session::DEFAULT_SIZE;
    assert_eq!(format!("{cols}x{rows}"), "100x30");
    runtime.ok(&["close"]);
}
