//! Every spelling of the grammar, valid and invalid, through both dialects,
//! and the `Display` round trip: one module per subject, the helpers they
//! share in `support`.

mod support;

mod display;
mod facts;
mod invalid;
mod names;
mod scenario;
mod tree;
mod valid;
