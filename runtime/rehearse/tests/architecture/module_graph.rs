//! The import graph of every module of a crate, read from its source.
//!
//! Every file is a module (`a.rs` and `a/mod.rs` are `a`, `a/b.rs` is
//! `a/b`), found by following the `mod` declarations from the crate root;
//! `#[cfg(test)]` items and comments are left out (tests may reach
//! anywhere). A module imports another when its code names an item that
//! lives there: through `use` trees and through paths in code (`crate::`,
//! `super::`, `self::`, a child module, or a name a `use` bound). A path is
//! followed through the `use`s (re-exports and private imports alike) of the
//! modules it passes, so it lands where the item is defined, not on a
//! facade.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module's path from the crate root (`[]` is the root).
type ModPath = Vec<String>;

/// A token of Rust source, as far as paths need it.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    /// `::`
    Colons,
    Punct(char),
}

/// Tokens of `text` without comments and literals.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' {
            i = skip_string(&chars, i + 1);
        } else if (c == 'r' || c == 'b' || c == 'c')
            && let Some(end) = raw_or_prefixed_string(&chars, i)
        {
            i = end;
        } else if c == '\'' {
            if at(i + 1) == '\\' {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                // A lifetime or a label.
                i += 1;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            out.push(Token::Ident(word.strip_prefix("r#").unwrap_or(&word).to_owned()));
            if word == "r" && at(i) == '#' {
                // `r#ident`: the `r` is dropped, the ident follows.
                out.pop();
                i += 1;
            }
        } else if c.is_ascii_digit() {
            while at(i).is_alphanumeric()
                || at(i) == '_'
                || (at(i) == '.' && at(i + 1).is_ascii_digit())
            {
                i += 1;
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push(Token::Colons);
            i += 2;
        } else {
            out.push(Token::Punct(c));
            i += 1;
        }
    }
    without_test_items(out)
}

/// The index after a `"…"` string whose body starts at `i`.
fn skip_string(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && chars[i] != '"' {
        i += if chars[i] == '\\' { 2 } else { 1 };
    }
    i + 1
}

/// The index after a raw, byte or C string starting at `i`, if one does.
fn raw_or_prefixed_string(chars: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    while j < chars.len() && j < i + 2 && matches!(chars[j], 'r' | 'b' | 'c') {
        j += 1;
    }
    let raw = chars[i..j].contains(&'r');
    let mut hashes = 0;
    while raw && chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if chars.get(j) != Some(&'"')
        || (i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
    {
        return None;
    }
    if !raw {
        return Some(skip_string(chars, j + 1));
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(j)
}

/// `tokens` without the items under `#[cfg(test)]`.
fn without_test_items(tokens: Vec<Token>) -> Vec<Token> {
    let attribute: Vec<Token> = tokens_of_attribute();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i..].starts_with(&attribute) {
            i += attribute.len();
            // Skip the item: up to a `;` or a `{…}` block outside brackets.
            let mut depth = 0usize;
            while i < tokens.len() {
                match &tokens[i] {
                    Token::Punct('(' | '[') => depth += 1,
                    Token::Punct(')' | ']') => depth = depth.saturating_sub(1),
                    Token::Punct(';') if depth == 0 => break,
                    Token::Punct('{') if depth == 0 => {
                        let mut braces = 0usize;
                        while i < tokens.len() {
                            match tokens[i] {
                                Token::Punct('{') => braces += 1,
                                Token::Punct('}') => {
                                    braces -= 1;
                                    if braces == 0 {
                                        break;
                                    }
                                }
                                _ => {}
                            }
                            i += 1;
                        }
                        break;
                    }
                    _ => {}
                }
                i += 1;
            }
            i += 1;
        } else {
            out.push(tokens[i].clone());
            i += 1;
        }
    }
    out
}

fn tokens_of_attribute() -> Vec<Token> {
    let ident = |s: &str| Token::Ident(s.to_owned());
    vec![
        Token::Punct('#'),
        Token::Punct('['),
        ident("cfg"),
        Token::Punct('('),
        ident("test"),
        Token::Punct(')'),
        Token::Punct(']'),
    ]
}

/// One name a `use` brings in: the path as written and the name it binds
/// (`None` for a glob).
#[derive(Debug)]
struct Use {
    path: Vec<String>,
    binding: Option<String>,
}

/// What one module's source says.
#[derive(Debug, Default)]
struct Module {
    children: BTreeSet<String>,
    uses: Vec<Use>,
    /// Paths of two or more segments named in code outside `use`.
    paths: Vec<Vec<String>>,
}

impl Module {
    fn read(text: &str) -> Module {
        let tokens = tokens(text);
        let mut module = Module::default();
        let ident = |i: usize| match tokens.get(i) {
            Some(Token::Ident(name)) => Some(name.as_str()),
            _ => None,
        };
        let mut i = 0;
        while i < tokens.len() {
            match ident(i) {
                Some("mod") if tokens.get(i + 2) == Some(&Token::Punct(';')) => {
                    module.children.extend(ident(i + 1).map(str::to_owned));
                    i += 3;
                }
                Some("use") => {
                    i = use_tree(&tokens, i + 1, &[], &mut module.uses);
                }
                Some(first)
                    if i == 0 || !matches!(tokens[i - 1], Token::Colons | Token::Punct('.')) =>
                {
                    let mut path = vec![first.to_owned()];
                    i += 1;
                    while tokens.get(i) == Some(&Token::Colons)
                        && let Some(next) = ident(i + 1)
                    {
                        path.push(next.to_owned());
                        i += 2;
                    }
                    if path.len() > 1 {
                        module.paths.push(path);
                    }
                }
                _ => {
                    let leading_colons = tokens[i] == Token::Colons;
                    i += 1;
                    // A `::path` (an external crate) is skipped whole.
                    while leading_colons
                        && ident(i).is_some()
                        && tokens.get(i + 1) == Some(&Token::Colons)
                    {
                        i += 2;
                    }
                }
            }
        }
        module
    }
}

/// Reads the use tree starting at `i` under `prefix` into `out`; returns the
/// index after it (after the `;`, `,` or `}` that ends it is left to the
/// caller, except `;`).
fn use_tree(tokens: &[Token], mut i: usize, prefix: &[String], out: &mut Vec<Use>) -> usize {
    let mut path = prefix.to_vec();
    if tokens.get(i) == Some(&Token::Colons) {
        // `use ::external::…`.
        path.push(String::from("::"));
        i += 1;
    }
    loop {
        match tokens.get(i) {
            Some(Token::Ident(name)) => {
                path.push(name.clone());
                i += 1;
                if tokens.get(i) == Some(&Token::Colons) {
                    i += 1;
                    continue;
                }
                let mut binding = path.last().cloned();
                if tokens.get(i) == Some(&Token::Ident(String::from("as"))) {
                    binding = match tokens.get(i + 1) {
                        Some(Token::Ident(alias)) if alias != "_" => Some(alias.clone()),
                        _ => None,
                    };
                    i += 2;
                }
                if path.last().is_some_and(|last| last == "self") {
                    path.pop();
                    if binding.as_deref() == Some("self") {
                        binding = path.last().cloned();
                    }
                }
                out.push(Use { path, binding });
                break;
            }
            Some(Token::Punct('*')) => {
                out.push(Use { path, binding: None });
                i += 1;
                break;
            }
            Some(Token::Punct('{')) => {
                i += 1;
                while !matches!(tokens.get(i), Some(Token::Punct('}')) | None) {
                    let before = i;
                    i = use_tree(tokens, i, &path, out);
                    if tokens.get(i) == Some(&Token::Punct(',')) {
                        i += 1;
                    }
                    if i == before {
                        // Not a use tree (`#var` in a `quote!`): skip the token.
                        i += 1;
                    }
                }
                i += 1;
                break;
            }
            _ => break,
        }
    }
    if prefix.is_empty() && tokens.get(i) == Some(&Token::Punct(';')) {
        i += 1;
    }
    i
}

/// Where a path lands: a module itself, or an item that lives in a module.
#[derive(Clone, Debug, PartialEq)]
enum Target {
    Module(ModPath),
    ItemIn(ModPath),
}

/// Every module of one crate and what each imports.
#[derive(Debug, Default)]
pub struct ModuleGraph {
    modules: BTreeMap<ModPath, Module>,
}

impl ModuleGraph {
    /// Reads the crate whose sources are under `src` (`lib.rs`, else
    /// `main.rs`, and the modules they declare).
    pub fn read(src: &Path) -> ModuleGraph {
        let root = if src.join("lib.rs").exists() { "lib.rs" } else { "main.rs" };
        ModuleGraph::from_sources(|path: &[String]| {
            if path.is_empty() {
                return fs::read_to_string(src.join(root)).ok();
            }
            let dir = path.iter().fold(src.to_path_buf(), |dir, part| dir.join(part));
            fs::read_to_string(dir.with_extension("rs"))
                .or_else(|_| fs::read_to_string(dir.join("mod.rs")))
                .ok()
        })
    }

    /// Reads a crate from `source`, the text of each module by its path.
    pub fn from_sources(source: impl Fn(&[String]) -> Option<String>) -> ModuleGraph {
        let mut graph = ModuleGraph::default();
        let mut pending = vec![ModPath::new()];
        while let Some(path) = pending.pop() {
            let Some(text) = source(&path) else { continue };
            let module = Module::read(&text);
            for child in &module.children {
                let mut child_path = path.clone();
                child_path.push(child.clone());
                pending.push(child_path);
            }
            graph.modules.insert(path, module);
        }
        graph
    }

    /// Each module (`crate` for the root, `a/b` below) with the modules it
    /// imports.
    pub fn edges(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut edges = BTreeMap::new();
        for (path, module) in &self.modules {
            let mut imports = BTreeSet::new();
            let written = module.uses.iter().map(|u| &u.path).chain(&module.paths);
            for target in written.filter_map(|segments| self.resolve(path, segments, 0)) {
                let (Target::Module(to) | Target::ItemIn(to)) = target;
                if &to != path {
                    imports.insert(name(&to));
                }
            }
            edges.insert(name(path), imports);
        }
        edges
    }

    /// Where `segments`, written in module `from`, lands in this crate.
    fn resolve(&self, from: &ModPath, segments: &[String], depth: usize) -> Option<Target> {
        let (first, rest) = segments.split_first()?;
        if depth > 16 {
            return None;
        }
        let start = match first.as_str() {
            "crate" => ModPath::new(),
            "self" => from.clone(),
            "super" => from[..from.len().checked_sub(1)?].to_vec(),
            name => {
                let module = self.modules.get(from)?;
                if module.children.contains(name) {
                    child(from, name)
                } else {
                    // A name a `use` of this module binds, else not this crate's.
                    let bound = module.uses.iter().find(|u| u.binding.as_deref() == Some(name))?;
                    let target = self.resolve(from, &bound.path, depth + 1)?;
                    return self.walk(target, rest, depth);
                }
            }
        };
        self.walk(Target::Module(start), rest, depth)
    }

    /// Follows `rest` from `target`.
    fn walk(&self, mut target: Target, rest: &[String], depth: usize) -> Option<Target> {
        for segment in rest {
            let Target::Module(at) = target else { break };
            let module = self.modules.get(&at)?;
            target = if segment == "super" {
                Target::Module(at[..at.len().checked_sub(1)?].to_vec())
            } else if segment == "self" {
                Target::Module(at)
            } else if module.children.contains(segment) {
                Target::Module(child(&at, segment))
            } else if let Some(bound) =
                module.uses.iter().find(|u| u.binding.as_deref() == Some(segment.as_str()))
            {
                self.resolve(&at, &bound.path, depth + 1)?
            } else {
                Target::ItemIn(at)
            };
        }
        Some(target)
    }
}

fn child(parent: &ModPath, name: &str) -> ModPath {
    let mut path = parent.clone();
    path.push(name.to_owned());
    path
}

fn name(path: &ModPath) -> String {
    if path.is_empty() { String::from("crate") } else { path.join("/") }
}

/// `edges` as the table reads them, at every level: a module and its own
/// submodules are one unit to their siblings, so an import from anywhere in
/// one sibling's subtree into another's is an edge between the two
/// siblings. An import between a module and its own ancestor is no edge (a
/// submodule works in its parent's context, as "its own submodules aside"
/// says at the top level).
pub fn between_siblings(
    edges: &BTreeMap<String, BTreeSet<String>>,
) -> BTreeMap<String, BTreeSet<String>> {
    let path = |name: &str| -> Vec<String> {
        if name == "crate" { Vec::new() } else { name.split('/').map(str::to_owned).collect() }
    };
    let mut siblings: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, imports) in edges {
        let from = path(from);
        for to in imports {
            let to = path(to);
            let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if shared == from.len() || shared == to.len() {
                continue;
            }
            siblings.entry(from[..=shared].join("/")).or_default().insert(to[..=shared].join("/"));
        }
    }
    siblings
}

/// The circles of `edges`: each set of two or more modules every one of
/// which imports, directly or not, every other.
pub fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let reaches = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&String> = edges.get(from).into_iter().flatten().collect();
        while let Some(next) = stack.pop() {
            if seen.insert(next.clone()) {
                stack.extend(edges.get(next).into_iter().flatten());
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        edges.keys().map(|module| (module, reaches(module))).collect();
    let mut circles: Vec<BTreeSet<String>> = Vec::new();
    for (module, reached) in &reach {
        if !reached.contains(*module) || circles.iter().any(|c| c.contains(*module)) {
            continue;
        }
        let circle: BTreeSet<String> = reached
            .iter()
            .filter(|other| reach.get(other).is_some_and(|back| back.contains(*module)))
            .cloned()
            .collect();
        circles.push(circle);
    }
    circles
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The circles of a crate made of `files` (module path, source).
    fn circles_of(files: &[(&str, &str)]) -> Vec<BTreeSet<String>> {
        let files: BTreeMap<String, String> =
            files.iter().map(|(path, text)| (path.to_string(), text.to_string())).collect();
        let graph = ModuleGraph::from_sources(|path| files.get(&path.join("/")).cloned());
        circles(&between_siblings(&graph.edges()))
    }

    fn set(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|name| name.to_string()).collect()
    }

    /// `a` → `b` → `c`, where `b`'s item lives in its submodule and is
    /// reached through `b`'s re-export; `c/inner` names `tail`.
    fn downward(tail: &str) -> Vec<(&'static str, String)> {
        vec![
            ("", "mod a;\nmod b;\nmod c;\npub use a::A;\npub use b::B;".into()),
            ("a", "use crate::B;\npub struct A(B);".into()),
            ("b", "mod inner;\npub use self::inner::B;".into()),
            ("b/inner", "pub struct B(super::super::c::C);".into()),
            ("c", "mod inner;\npub use inner::C;".into()),
            ("c/inner", format!("pub struct C;\n{tail}")),
        ]
    }

    fn circles_with(tail: &str) -> Vec<BTreeSet<String>> {
        let files = downward(tail);
        let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
        circles_of(&files)
    }

    #[test]
    fn a_downward_crate_has_no_circle() {
        let quiet = concat!(
            "// crate::a::A in a comment\n",
            "const S: &str = \"crate::a::A in a string\";\n",
            "#[cfg(test)]\nmod tests { use crate::a::A; }\n",
            "#[cfg(test)]\nfn only_in_tests() -> crate::A { todo!() }\n",
            "fn own() -> super::C { C }\n",
            "fn external() -> ::a::A { todo!() }\n",
            "fn expands() { quote! { use ::rehearse::{#name, Other}; } }\n",
        );
        assert_eq!(circles_with(quiet), Vec::<BTreeSet<String>>::new());
    }

    #[test]
    fn a_path_back_up_closes_a_circle_between_siblings() {
        let circle = set(&["a", "b", "c"]);
        for back in [
            "fn f(_: crate::a::A) {}",
            "fn f(_: crate::A) {}",
            "use crate::{b, a::A};",
            "use crate::a as up;\nfn f(_: up::A) {}",
            "fn f() -> r#crate_free::X { crate::a::A::new() }",
            "fn f(_: &'static str, _: char) -> super::super::a::A { let _ = '\\''; todo!() }",
        ] {
            assert_eq!(circles_with(back), vec![circle.clone()], "{back}");
        }
    }

    #[test]
    fn circles_are_found_at_every_level() {
        let found = circles_of(&[
            ("", "mod outer;"),
            ("outer", "mod x;\nmod y;\npub struct Context;"),
            ("outer/x", "use super::y::Y;\nuse super::Context;\npub struct X(Y, Context);"),
            ("outer/y", "pub struct Y;\nfn f() -> super::x::X { todo!() }"),
        ]);
        assert_eq!(found, vec![set(&["outer/x", "outer/y"])]);
    }

    #[test]
    fn the_circle_finder_reports_each_circle_once() {
        let edges: BTreeMap<String, BTreeSet<String>> = [
            ("a", set(&["b"])),
            ("b", set(&["c"])),
            ("c", set(&["a", "d"])),
            ("d", set(&["e"])),
            ("e", set(&["d"])),
            ("f", set(&["a"])),
        ]
        .into_iter()
        .map(|(from, to)| (from.to_owned(), to))
        .collect();
        assert_eq!(circles(&edges), vec![set(&["a", "b", "c"]), set(&["d", "e"])]);
    }
}
