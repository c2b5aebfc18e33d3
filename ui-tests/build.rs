//! Extracts the normative tables of `docs/testing.md` into Rust data for
//! `tests/conformance.rs`:
//!
//! - the table after `<!-- conformance: steps -->` (`script | scenario! |
//!   lowers to`, every cell one backticked span) becomes
//!   `$OUT_DIR/conformance_rows.rs`, a `&[(script, scenario, line, step)]`,
//!   and `$OUT_DIR/conformance_scenarios.rs`, a `vec![(line, scenario! {
//!   <scenario cell>; })]`: the real macro on every row, so a `scenario!`
//!   cell that does not compile fails the test build at that row, and
//!   `$OUT_DIR/conformance_spellings.rs`, the same rows without the step, a
//!   `&[(script, scenario, line)]` (for `tests/fuzz_seeds.rs`, which needs
//!   no grammar types);
//! - the table after `<!-- conformance: errors -->` (`script | class | at |
//!   message`) becomes `$OUT_DIR/conformance_errors.rs`, a
//!   `&[(script, class, line, column, message, doc_line)]`.
//!
//! A malformed row fails the build with its line number, so the document
//! cannot drift into something the test silently skips.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const DOC: &str = "../docs/testing.md";

fn main() {
    println!("cargo::rerun-if-changed={DOC}");
    println!("cargo::rerun-if-changed=build.rs");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let doc_path = manifest.join(DOC);
    let doc = std::fs::read_to_string(&doc_path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", doc_path.display()));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));

    let steps = table(&doc, "<!-- conformance: steps -->", 3);
    let mut code = String::from("&[\n");
    for row in &steps {
        let [script, scenario, expected] = [0, 1, 2].map(|at| code_cell(&row.cells[at], row.line));
        writeln!(
            code,
            "    // docs/testing.md:{line}\n    ({}, {}, {line}u32, {expected}),",
            raw(&script),
            raw(&scenario),
            line = row.line,
        )
        .unwrap();
    }
    code.push_str("]\n");
    write(&out.join("conformance_rows.rs"), &code);

    let mut code = String::from("&[\n");
    for row in &steps {
        let [script, scenario] = [0, 1].map(|at| code_cell(&row.cells[at], row.line));
        writeln!(
            code,
            "    // docs/testing.md:{line}\n    ({}, {}, {line}u32),",
            raw(&script),
            raw(&scenario),
            line = row.line,
        )
        .unwrap();
    }
    code.push_str("]\n");
    write(&out.join("conformance_spellings.rs"), &code);

    let mut code = String::from("vec![\n");
    for row in &steps {
        let scenario = code_cell(&row.cells[1], row.line);
        writeln!(
            code,
            "    // docs/testing.md:{line}\n    ({line}u32, ::rehearse::scenario! {{ {scenario}; }}),",
            line = row.line,
        )
        .unwrap();
    }
    code.push_str("]\n");
    write(&out.join("conformance_scenarios.rs"), &code);

    let errors = table(&doc, "<!-- conformance: errors -->", 4);
    let mut code = String::from("&[\n");
    for row in &errors {
        let [script, class, at] = [0, 1, 2].map(|index| code_cell(&row.cells[index], row.line));
        let (line, column) = at
            .split_once(':')
            .and_then(|(l, c)| Some((l.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
            .unwrap_or_else(|| {
                panic!("docs/testing.md:{}: `at` must be `LINE:COLUMN`, found {at:?}", row.line)
            });
        writeln!(
            code,
            "    // docs/testing.md:{doc_line}\n    ({}, {}, {line}usize, {column}usize, {}, {doc_line}u32),",
            raw(&script),
            raw(&class),
            raw(&row.cells[3]),
            doc_line = row.line,
        )
        .unwrap();
    }
    code.push_str("]\n");
    write(&out.join("conformance_errors.rs"), &code);
}

struct Row {
    line: usize,
    cells: Vec<String>,
}

/// The body rows of the table that follows `marker`, each with `columns`
/// cells.
fn table(doc: &str, marker: &str, columns: usize) -> Vec<Row> {
    let mut lines = doc.lines().enumerate().skip_while(|(_, line)| line.trim() != marker);
    assert!(lines.next().is_some(), "docs/testing.md has no `{marker}` table");
    let mut rows = Vec::new();
    let mut seen_separator = false;
    for (index, line) in lines.by_ref() {
        let line_number = index + 1;
        let trimmed = line.trim();
        if !trimmed.starts_with('|') {
            if rows.is_empty() && !seen_separator && trimmed.is_empty() {
                continue;
            }
            break;
        }
        let inner =
            trimmed.strip_prefix('|').and_then(|l| l.strip_suffix('|')).unwrap_or_else(|| {
                panic!("docs/testing.md:{line_number}: a table row starts and ends with `|`")
            });
        let cells: Vec<String> = inner.split('|').map(|cell| cell.trim().to_owned()).collect();
        assert_eq!(
            cells.len(),
            columns,
            "docs/testing.md:{line_number}: expected {columns} cells (no `|` inside a cell), found {}",
            cells.len()
        );
        if !seen_separator {
            // The header, then the `|---|` separator.
            if cells
                .iter()
                .all(|cell| !cell.is_empty() && cell.chars().all(|c| c == '-' || c == ':'))
            {
                seen_separator = true;
            }
            continue;
        }
        rows.push(Row { line: line_number, cells });
    }
    assert!(!rows.is_empty(), "the `{marker}` table in docs/testing.md has no rows");
    rows
}

/// The content of a cell that is exactly one backticked code span.
fn code_cell(cell: &str, line: usize) -> String {
    cell.strip_prefix('`')
        .and_then(|c| c.strip_suffix('`'))
        .filter(|c| !c.is_empty() && !c.contains('`'))
        .unwrap_or_else(|| {
            panic!("docs/testing.md:{line}: a cell must be one `code span`, found {cell:?}")
        })
        .to_owned()
}

/// `text` as a Rust raw string literal.
fn raw(text: &str) -> String {
    let mut hashes = 1;
    while text.contains(&format!("\"{}", "#".repeat(hashes))) {
        hashes += 1;
    }
    let fence = "#".repeat(hashes);
    format!("r{fence}\"{text}\"{fence}")
}

fn write(path: &Path, code: &str) {
    std::fs::write(path, code)
        .unwrap_or_else(|error| panic!("cannot write {}: {error}", path.display()));
}
