//! Drivers that run whole sessions for an artifact: a pure headless render
//! of `(app factory, size, key script)` and one scenario replayed at several
//! viewports. The encoders they use live in `rehearse_core::artifacts`.

mod matrix;
mod render;

pub use matrix::{Matrix, MatrixError, ViewportFailure, ViewportRun, matrix};
pub use render::{KeyScriptError, RenderError, parse_key_script, render, render_screen};
