//! `rehearse review`: every pending golden (`NAME.FORMAT.new`) under a
//! path, shown one by one as a diff to accept, reject or skip — or all
//! accepted or rejected at once for scripts (`docs/cli.md`).

mod app;
mod diff;
mod item;

use std::path::{Path, PathBuf};

use rehearse_core::artifacts::find_pending;
use rehearse_engine::live::{self, TerminalOptions};

pub use app::ReviewApp;

use crate::exit::{Exit, Failure};

/// What `review` was asked.
pub struct ReviewArgs {
    /// Where to look (a directory, or one golden or pending file).
    pub path: PathBuf,
    /// Accept every pending golden without asking.
    pub accept_all: bool,
    /// Reject every pending golden without asking.
    pub reject_all: bool,
}

/// Runs the review.
pub fn review(args: &ReviewArgs) -> Result<Exit, Failure> {
    let pending = find_pending(&args.path)
        .map_err(|error| Failure::script(format!("{}: {error}", args.path.display())))?;
    if args.accept_all || args.reject_all {
        return all(&pending, args.accept_all, &args.path);
    }
    if pending.is_empty() {
        println!("no pending goldens under {}", args.path.display());
        return Ok(Exit::Passed);
    }
    let root = root_of(&args.path);
    live::run(ReviewApp::new(&root, pending), TerminalOptions::default())
        .map_err(|error| Failure::runtime(format!("the review could not run: {error}")))?;
    let left = find_pending(&args.path).map(|left| left.len()).unwrap_or(0);
    println!(
        "{left} pending golden{} left under {}",
        if left == 1 { "" } else { "s" },
        args.path.display()
    );
    Ok(Exit::Passed)
}

/// The directory paths are shown relative to.
fn root_of(path: &Path) -> PathBuf {
    if path.is_dir() { path.to_path_buf() } else { path.parent().unwrap_or(path).to_path_buf() }
}

/// Accepts (or rejects) every pending golden, naming each.
fn all(
    pending: &[rehearse_core::artifacts::PendingGolden],
    accept: bool,
    path: &Path,
) -> Result<Exit, Failure> {
    for golden in pending {
        let done = if accept { golden.accept() } else { golden.reject() };
        done.map_err(|error| Failure::runtime(format!("{}: {error}", golden.pending.display())))?;
        println!("{} {}", if accept { "accepted" } else { "rejected" }, golden.golden.display());
    }
    println!(
        "{} {} pending golden{} under {}",
        if accept { "accepted" } else { "rejected" },
        pending.len(),
        if pending.len() == 1 { "" } else { "s" },
        path.display()
    );
    Ok(Exit::Passed)
}
