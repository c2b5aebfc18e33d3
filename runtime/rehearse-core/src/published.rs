//! [`TreeSource`]: a program's own semantic tree, fetched from outside the
//! plane that holds the program — a rehearse app (or an adopted one) in a
//! PTY publishes its tree over the control protocol, and the terminal plane
//! resolves `#id` and `@role` against it.

use crate::AutomationError;
use crate::semantic::SemanticTree;

/// Where a plane that holds a program (a PTY) gets the tree the program
/// itself publishes. A plane with a source resolves selectors against the
/// program's tree whenever it has one, and against what it sees otherwise.
///
/// The control plane's client implements it in the facade
/// (`rehearse::control::SocketTreeSource`), so no plane depends on another.
pub trait TreeSource: Send {
    /// The tree the program shows now; `None` while it publishes none (not
    /// serving yet, or no longer: it ended or was never a rehearse app).
    ///
    /// # Errors
    ///
    /// The program answered, but not with a tree: a protocol error, or a
    /// tree that does not read back.
    fn fetch(&mut self) -> Result<Option<SemanticTree>, AutomationError>;

    /// Where the tree comes from, for messages (`the app socket …`).
    fn describe(&self) -> String;
}
