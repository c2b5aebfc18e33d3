//! The two views generated from a [`TraceDocument`](super::TraceDocument):
//! [`markdown`] for agents (the failure first, then every step with its
//! screen as text and what changed) and [`html`], one self-contained page
//! that embeds the document and loads nothing.

pub mod html;
pub mod markdown;
