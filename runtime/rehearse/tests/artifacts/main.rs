//! Checkpoint artifacts end to end: the file sink and its atomic writes,
//! formats that parse back, PNG determinism, recordings, golden baselines
//! with their closed manifest and modes, the deterministic render and
//! viewport matrices. Runs with and without the `png` feature:
//! `cargo test -p rehearse --no-default-features --test artifacts` (so it is
//! a binary of its own, not a module of `tests/main.rs`: that run rebuilds
//! only it).
//!
//! One test binary, one module per subject; the form app and helpers they
//! share are in `support`.

mod support;

mod atomic;
mod baselines;
mod checks;
mod formats;
#[cfg(feature = "png")]
mod png;
mod recordings;
mod render;
mod sink;
