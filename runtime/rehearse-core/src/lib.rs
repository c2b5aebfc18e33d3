//! # rehearse-core
//!
//! What every plane of rehearse shares: the scenario, step results and
//! errors, the executor that runs steps against a plane through a small
//! trait, the artifact encoders and golden baselines. Users reach all of it
//! through `rehearse`.

pub mod marker;
