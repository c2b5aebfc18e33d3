//! Procedural macros for rehearse. Use them through the `rehearse` crate.
