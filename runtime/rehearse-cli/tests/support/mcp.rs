//! What the MCP tests share: building a tool call and reading its text.

use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
use serde_json::Value;

/// A call of tool `name` with `arguments` (a JSON object).
pub fn call(name: &'static str, arguments: Value) -> CallToolRequestParams {
    let Value::Object(arguments) = arguments else { panic!("arguments are an object") };
    CallToolRequestParams::new(name).with_arguments(arguments)
}

/// The text blocks of a tool's result, joined.
pub fn text_of(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text(text) => Some(text.text.clone()),
            _ => None,
        })
        .collect()
}
