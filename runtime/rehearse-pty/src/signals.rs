//! The signals a program starts with: every signal at its default
//! disposition and none blocked, as a terminal starts a shell — whatever
//! the process that starts it ignores.
//!
//! A process started in the background by a shell without job control
//! (`cargo test &` in a script, a CI step) or by `nohup` ignores SIGINT,
//! SIGQUIT or SIGHUP, and an ignored signal stays ignored across `exec`:
//! a program started from it could not be stopped with Ctrl+C, and neither
//! could the foreground jobs of a shell it runs (a shell may not reset what
//! it was started ignoring). A signal *caught* by a handler, though, is
//! reset to its default by `exec`. So before a program starts, every such
//! signal the starting process ignores gets a handler that does nothing
//! (`signal-hook`, which chains to the ignoring disposition it replaces):
//! the starting process goes on ignoring it, and the program starts with
//! the default. The mask needs nothing: the standard library empties it in
//! every child before `exec`.
//!
//! Linux tells which signals a process ignores (`SigIgn` in
//! `/proc/self/status`); elsewhere nothing is changed, and a program
//! inherits what its starter ignores.

use signal_hook::consts::signal::{
    SIGALRM, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2, SIGWINCH,
};

/// The signals a program gets at their default. Not here: SIGPIPE (the
/// standard library resets it in the child itself), SIGCHLD (a parent that
/// ignores it has its children reaped for it, which a handler would
/// change), SIGTTIN and SIGTTOU (a handler would change what the starting
/// process's own reads and writes do when it runs in the background), and
/// the signals `signal-hook` refuses to handle (SIGKILL, SIGSTOP, SIGILL,
/// SIGFPE, SIGSEGV).
pub const RESET: [i32; 9] =
    [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2, SIGALRM, SIGWINCH];

/// Makes every signal of [`RESET`] that this process ignores caught by a
/// handler that does nothing, so a program this process starts from now on
/// begins with its default disposition; this process goes on ignoring it.
/// Programs started through [`PtySession`](crate::PtySession) get this
/// already; call it before starting a program another way.
///
/// # Errors
///
/// Installing a handler failed (reading what is ignored failing, or a
/// system other than Linux, changes nothing and is not an error).
pub fn default_for_programs() -> std::io::Result<()> {
    let ignored = ignored_now();
    for signal in RESET {
        if ignored & (1 << (signal - 1)) != 0 {
            let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            signal_hook::flag::register(signal, flag)?;
        }
    }
    Ok(())
}

/// The signals this process ignores, as `/proc/self/status` says: bit
/// `N - 1` for signal `N` (none where it cannot be read).
pub fn ignored_now() -> u64 {
    std::fs::read_to_string("/proc/self/status").ok().as_deref().and_then(sig_ign).unwrap_or(0)
}

/// The `SigIgn:` mask of a `/proc/PID/status` text.
fn sig_ign(status: &str) -> Option<u64> {
    let line = status.lines().find_map(|line| line.strip_prefix("SigIgn:"))?;
    u64::from_str_radix(line.trim(), 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_ignored_mask() {
        let status = "Name:\tsleep\nSigBlk:\t0000000000000000\nSigIgn:\t0000000000000006\n";
        assert_eq!(sig_ign(status), Some(0b110)); // SIGINT (2) and SIGQUIT (3)
        assert_eq!(sig_ign("Name:\tx\n"), None);
    }
}
