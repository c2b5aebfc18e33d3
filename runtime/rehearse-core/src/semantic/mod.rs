//! The semantic model: what widgets mean, and the tree a generation commits.
//!
//! - [`Semantic`] and [`SemanticFacts`]: what one widget reports about itself.
//! - [`Semantics`]: give an existing ratatui widget semantics without patching it.
//! - [`SemanticTree`] and [`SemanticNode`]: the committed, queryable tree,
//!   serializable to JSON ([`SemanticTree::to_json`]) and Markdown
//!   ([`SemanticTree::to_markdown`]) with sensitive values redacted.
//! - [`resolve_name`]: the naming conventions; [`SemanticFacts::project`]:
//!   a widget's facts as a node of the tree.

mod facts;
mod gauge;
mod json;
mod json_read;
mod markdown;
mod naming;
mod outline;
mod present;
mod project;
mod query;
mod scroll;
mod text_match;
mod tree;
mod wrapper;

pub use facts::{IntoSemanticText, ReportedStates, Semantic, SemanticFacts, SemanticValue};
pub use json::MAX_JSON_INDENT_LEVELS;
pub use json_read::{MAX_PUBLISHED_NODES, TreeJsonError};
pub use naming::{MAX_CONTENT_NAME_BYTES, resolve_name, resolve_name_inferring};
pub use outline::{
    MAX_OUTLINE_LINES, OutlineMismatch, match_outline, outline_diff, outline_line, outline_of,
};
pub use project::{Inherited, Placement};
pub use query::ResolveError;
pub use scroll::ScrollPosition;
pub use text_match::{CompiledRegex, MAX_COMPILED_REGEX_BYTES};
pub use tree::{
    Bounds, Descendants, Generation, NodeIdentity, NodeStates, SemanticNode, SemanticTree,
    SubtreeStamp,
};
pub use wrapper::{Semantics, mapped_role};
