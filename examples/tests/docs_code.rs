//! Rust the docs show from the repository's files stays that code: a block
//! after `<!-- the whole of PATH -->` is the file at PATH (from the
//! workspace's root), whole; a block after `<!-- from PATH -->` is lines of
//! it, in order and together (their leading indentation aside). The files
//! are compiled and tested by the workspace, so the blocks are too.

use std::path::Path;

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace holds the examples")
}

/// Every block that follows a marker: (doc, line, marker's kind, path, block).
fn marked_blocks() -> Vec<(String, usize, &'static str, String, String)> {
    let mut found = Vec::new();
    let docs = std::fs::read_dir(workspace().join("docs")).expect("docs/");
    for entry in docs {
        let path = entry.expect("a doc").path();
        if path.extension().is_none_or(|extension| extension != "md") {
            continue;
        }
        let doc = std::fs::read_to_string(&path).expect("a readable doc");
        let name = format!("docs/{}", path.file_name().unwrap_or_default().to_string_lossy());
        let lines: Vec<&str> = doc.lines().collect();
        for (at, line) in lines.iter().enumerate() {
            let marker = [("whole", "<!-- the whole of "), ("from", "<!-- from ")]
                .into_iter()
                .find_map(|(kind, start)| Some((kind, line.strip_prefix(start)?)));
            let Some((kind, rest)) = marker else { continue };
            let file = rest.trim_end_matches("-->").trim().to_owned();
            let fence = lines.get(at + 1).copied().unwrap_or_default();
            assert!(fence.starts_with("```rust"), "{name}:{}: the marker precedes a block", at + 1);
            let block: Vec<&str> =
                lines[at + 2..].iter().copied().take_while(|line| *line != "```").collect();
            let mut text = block.join("\n");
            text.push('\n');
            found.push((name.clone(), at + 1, kind, file, text));
        }
    }
    found
}

#[test]
fn every_marked_block_is_the_code_it_names() {
    let blocks = marked_blocks();
    assert!(blocks.len() >= 4, "the docs show files: {} marked blocks", blocks.len());
    for (doc, line, kind, file, block) in blocks {
        let source = std::fs::read_to_string(workspace().join(&file))
            .unwrap_or_else(|error| panic!("{doc}:{line}: {file}: {error}"));
        if kind == "whole" {
            assert_eq!(block, source, "{doc}:{line}: not the whole of {file}; copy it again");
            continue;
        }
        let source: Vec<&str> = source.lines().map(str::trim_start).collect();
        let wanted: Vec<&str> = block.lines().map(str::trim_start).collect();
        assert!(
            source.windows(wanted.len()).any(|window| window == wanted.as_slice()),
            "{doc}:{line}: these lines are not in {file}; copy them again:\n{block}"
        );
    }
}
