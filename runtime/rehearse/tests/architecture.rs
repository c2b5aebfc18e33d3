//! ARCHITECTURE.md is normative about structure: its crate table says which
//! rehearse crates each crate may depend on, and its module table says which
//! top-level modules each module may import. This test reads both tables and
//! the code, and fails on any edge the tables do not allow — so a cycle
//! cannot come back unnoticed. Below the top level, it reads every module
//! of every crate in the crate table and fails on any circle of imports but
//! the engine's `component` ↔ `ui`.

#[path = "architecture/module_graph.rs"]
mod module_graph;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use module_graph::{ModuleGraph, between_siblings, circles};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn architecture() -> String {
    fs::read_to_string(workspace().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md exists")
}

/// The rows of the first Markdown table after `heading`, as trimmed cells.
fn table(text: &str, heading: &str) -> Vec<Vec<String>> {
    let start = text.find(heading).unwrap_or_else(|| panic!("ARCHITECTURE.md has `{heading}`"));
    text[start..]
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .skip(2) // the header and its rule
        .map(|line| line.trim_matches('|').split('|').map(|cell| cell.trim().to_owned()).collect())
        .collect()
}

fn names(cell: &str) -> BTreeSet<String> {
    cell.split(',')
        .map(|name| name.trim().trim_matches('`').to_owned())
        .filter(|n| !n.is_empty())
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// Code without comments and without its unit-test module (tests may reach
/// anywhere in their crate).
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines().filter(|line| !line.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// `crate::NAME` paths in `code`: a lowercase name is a module; a re-exported
/// name at the crate root stands for the module it comes from.
fn imported_modules(code: &str, root_names: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut modules = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().last();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `rehearse_core::...` and the like
        }
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        modules.extend(module_of(&name, root_names));
    }
    // `use crate::{a::X, b};` groups.
    let mut rest = code;
    while let Some(at) = rest.find("crate::{") {
        rest = &rest[at + "crate::{".len()..];
        let group = &rest[..rest.find('}').unwrap_or(rest.len())];
        for item in group.split(',') {
            let name: String =
                item.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            modules.extend(module_of(&name, root_names));
        }
    }
    modules
}

/// The module `crate::NAME` stands for: the one a root re-export comes
/// from, else a lowercase name is a module itself.
fn module_of(name: &str, root_names: &BTreeMap<String, String>) -> Option<String> {
    match root_names.get(name) {
        Some(module) => Some(module.clone()),
        None => name.chars().next().is_some_and(char::is_lowercase).then(|| name.to_owned()),
    }
}

/// Names the crate root re-exports, with the module each comes from.
fn root_names(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for statement in lib.split(';') {
        let statement = statement.trim();
        let Some(path) = statement.strip_prefix("pub use ") else { continue };
        let Some((module, items)) = path.split_once("::") else { continue };
        if !module.chars().all(|c| c.is_lowercase() || c == '_') || module == "crate" {
            continue;
        }
        for item in items.trim_matches(|c| c == '{' || c == '}').split(',') {
            let name = item.trim().rsplit("::").next().unwrap_or("").trim();
            if !name.is_empty() {
                names.insert(name.to_owned(), module.to_owned());
            }
        }
    }
    names
}

#[test]
fn every_module_imports_only_what_the_module_table_allows() {
    let text = architecture();
    let mut allowed: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for row in table(&text, "## Module imports") {
        allowed.entry(row[0].clone()).or_default().insert(row[1].clone(), names(&row[2]));
    }
    assert!(allowed.len() >= 2, "the module table covers the runtime crates");
    let mut violations = Vec::new();
    for (krate, modules) in &allowed {
        let src = workspace().join("runtime").join(krate).join("src");
        let lib = fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
        let roots = root_names(&lib);
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        for file in files {
            let relative = file.strip_prefix(&src).expect("under src");
            let first = relative.components().next().expect("a path").as_os_str();
            let module = first.to_string_lossy().trim_end_matches(".rs").to_owned();
            // Unit tests and their support (`tests.rs`, `testing.rs`) may reach anywhere.
            if module == "lib"
                || module == "tests"
                || relative.ends_with("tests.rs")
                || relative.ends_with("testing.rs")
            {
                continue;
            }
            let Some(may) = modules.get(&module) else {
                violations.push(format!("{krate}: module `{module}` is not in the table"));
                continue;
            };
            let code = code_of(&fs::read_to_string(&file).expect("readable source"));
            for import in imported_modules(&code, &roots) {
                if import != module && !may.contains(&import) {
                    violations.push(format!(
                        "{krate}: {} imports `{import}`, which `{module}` may not",
                        relative.display()
                    ));
                }
            }
        }
    }
    assert!(
        violations.is_empty(),
        "update the code or ARCHITECTURE.md:\n{}",
        violations.join("\n")
    );
}

#[test]
fn every_crate_depends_only_on_what_the_crate_table_allows() {
    let text = architecture();
    let rows = table(&text, "## The crate graph");
    assert!(rows.len() >= 5, "the crate table lists the crates");
    let mut violations = Vec::new();
    for row in rows {
        let krate = row[0].trim_matches('`');
        let manifest =
            fs::read_to_string(workspace().join(row[1].trim_matches('`')).join("Cargo.toml"))
                .unwrap_or_else(|error| panic!("{krate}'s Cargo.toml: {error}"));
        let may = names(&row[2]);
        // `[dependencies]` and every `[target.'cfg(..)'.dependencies]`.
        let sections = manifest.split("\n[").filter(|section| {
            let header = section.lines().next().unwrap_or("");
            header == "dependencies]"
                || (header.starts_with("target.") && header.ends_with(".dependencies]"))
        });
        for line in sections.flat_map(|section| section.lines().skip(1)) {
            let name = line.split(['=', '.']).next().unwrap_or("").trim();
            if name.starts_with("rehearse") && !may.contains(name) {
                violations.push(format!("{krate} depends on {name}"));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "update the code or ARCHITECTURE.md:\n{}",
        violations.join("\n")
    );
}

#[test]
fn the_import_check_sees_a_forbidden_edge() {
    // The checker itself: a module that reaches up is caught, through a
    // path, a group and a root re-export.
    let roots = root_names("pub use session::{Session, SessionOptions};\npub use engine::Engine;");
    let code = code_of(
        "use crate::ui::Ui;\nuse crate::{widgets::Button, Session};\n// crate::ignored\nfn f() -> crate::Engine { todo!() }",
    );
    let found = imported_modules(&code, &roots);
    let expected: BTreeSet<String> =
        ["engine", "session", "ui", "widgets"].into_iter().map(String::from).collect();
    assert_eq!(found, expected);
}

#[test]
fn the_module_table_has_no_cycle_but_component_and_ui() {
    // A view takes a `Ui` and `Ui::nest` takes a component: that pair is
    // inherent. Any other cycle in the table would let modules import up.
    let text = architecture();
    let mut graph: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for row in table(&text, "## Module imports") {
        graph.insert((row[0].clone(), row[1].clone()), names(&row[2]));
    }
    let reaches = |krate: &String, from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<String> =
            graph.get(&(krate.clone(), from.clone())).into_iter().flatten().cloned().collect();
        while let Some(next) = stack.pop() {
            if seen.insert(next.clone()) {
                stack.extend(graph.get(&(krate.clone(), next)).into_iter().flatten().cloned());
            }
        }
        seen
    };
    let inherent: BTreeSet<String> = ["component", "ui"].map(String::from).into();
    for (krate, module) in graph.keys() {
        let cycle: BTreeSet<String> = reaches(krate, module)
            .into_iter()
            .filter(|other| reaches(krate, other).contains(module))
            .collect();
        assert!(
            cycle.is_empty() || cycle == inherent,
            "{krate}: `{module}` is on a cycle through {cycle:?}"
        );
    }
}

/// The one circle allowed: a view takes a `Ui`, and `Ui::nest` takes a
/// component.
const INHERENT_CRATE: &str = "rehearse-engine";
const INHERENT_CIRCLE: [&str; 2] = ["component", "ui"];

#[test]
fn no_module_of_any_crate_imports_in_a_circle_but_component_and_ui() {
    let text = architecture();
    let rows = table(&text, "## The crate graph");
    let inherent: BTreeSet<String> = INHERENT_CIRCLE.map(String::from).into();
    let mut found = Vec::new();
    let mut read = 0;
    let mut saw_inherent = false;
    for row in rows {
        let krate = row[0].trim_matches('`');
        let src = workspace().join(row[1].trim_matches('`')).join("src");
        let edges = ModuleGraph::read(&src).edges();
        read += edges.len();
        for circle in circles(&between_siblings(&edges)) {
            if krate == INHERENT_CRATE && circle == inherent {
                saw_inherent = true;
            } else {
                found.push(format!("{krate}: {circle:?}"));
            }
        }
    }
    assert!(read >= 100, "the crates' modules were read ({read})");
    // The reader sees through the real code: it finds the circle it allows.
    assert!(saw_inherent, "the reader finds {INHERENT_CRATE}'s {INHERENT_CIRCLE:?}");
    assert!(
        found.is_empty(),
        "modules import in a circle; move what they share down into a module both import:\n{}",
        found.join("\n")
    );
}
