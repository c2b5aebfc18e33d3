//! What the todo app's memo tests compare besides the frames.

use rehearse_examples::todo::TodoApp;

/// The app state a memoizing and a plain session must agree on.
pub fn same_todos(memoized: &TodoApp, plain: &TodoApp) -> Result<(), String> {
    let (a, b) = (memoized.todos(), plain.todos());
    if a == b { Ok(()) } else { Err(format!("\n  memoizing: {a:?}\n  plain:     {b:?}")) }
}
