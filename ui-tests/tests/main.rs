//! The macros' and the docs' tests, one binary: each module is one subject
//! (trybuild cases, the normative tables, the documented tree shapes). The
//! fuzz corpus replay silences the panic hook while it runs, so it is a binary
//! of its own (tests/fuzz_corpus.rs).

mod conformance;
mod derive;
mod fuzz_seeds;
mod scenario;
mod semantics_doc;
