//! What a frame drew where a node lies: tests check that a tag lays its
//! parts out where ratatui drew them.

use rehearse_adopt::Harness;
use rehearse_core::semantic::SemanticNode;

/// The text drawn in `node`'s clipped bounds, trimmed.
fn drawn(harness: &Harness, node: &SemanticNode) -> String {
    let buffer = &harness.frame().buffer;
    let clip = node.clipped_bounds;
    let mut text = String::new();
    for row in clip.y..clip.bottom() {
        for col in clip.x..clip.right() {
            let (Ok(col), Ok(row)) = (u16::try_from(col), u16::try_from(row)) else { continue };
            text.push_str(buffer[(col, row)].symbol());
        }
    }
    text.trim().to_owned()
}

/// Every one of `nodes` in view is named by exactly what it drew.
pub fn named_as_drawn<'n>(harness: &Harness, nodes: impl IntoIterator<Item = &'n SemanticNode>) {
    for node in nodes.into_iter().filter(|node| node.in_view) {
        assert_eq!(node.name, drawn(harness, node), "{}", node.markdown_line());
    }
}
