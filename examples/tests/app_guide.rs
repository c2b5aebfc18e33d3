//! `docs/app.md` builds the tea timer: every Rust excerpt in it must be
//! code of the real app, its binary or its tests, line for line (leading
//! indentation aside), so the guide compiles and runs because they do.

const GUIDE: &str = include_str!("../../docs/app.md");
const SOURCES: [(&str, &str); 3] = [
    ("examples/src/tea.rs", include_str!("../src/tea.rs")),
    ("examples/src/bin/tea.rs", include_str!("../src/bin/tea.rs")),
    ("examples/tests/tea.rs", include_str!("tea.rs")),
];

/// The lines of `text` without their leading indentation.
fn trimmed(text: &str) -> Vec<&str> {
    text.lines().map(str::trim_start).collect()
}

/// The guide's ```rust blocks, each with the line it starts on.
fn rust_blocks() -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (at, line) in GUIDE.lines().enumerate() {
        match (&mut open, line) {
            (None, "```rust") => open = Some((at + 2, String::new())),
            (Some(_), "```") => blocks.extend(open.take()),
            (Some((_, block)), line) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    assert!(open.is_none(), "docs/app.md ends inside a ```rust block");
    blocks
}

#[test]
fn every_rust_excerpt_in_the_guide_is_code_of_the_tea_timer() {
    let blocks = rust_blocks();
    assert!(blocks.len() >= 10, "the guide shows the app: {} excerpts", blocks.len());
    for (line, block) in blocks {
        let wanted = trimmed(&block);
        let found = SOURCES.iter().any(|(_, source)| {
            trimmed(source).windows(wanted.len()).any(|window| window == wanted.as_slice())
        });
        let files: Vec<&str> = SOURCES.iter().map(|(name, _)| *name).collect();
        assert!(
            found,
            "docs/app.md line {line}: this excerpt is not in {}; copy it from the code again:\n{block}",
            files.join(", ")
        );
    }
}
