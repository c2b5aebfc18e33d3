//! The wire's integration tests, one binary: each module is one subject.

mod support;

mod catalogue;
mod hostile;
mod limits;
mod roundtrip;
