//! The workspace's shape, checked: dependencies point inward (docs/architecture.md), no crate's
//! modules import each other in a circle, and no production file grows past what one reads at once.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

/// The domain: the shop's rules, which must not know how they are stored or served.
const DOMAIN: [&str; 7] = [
    "bitik-common",
    "bitik-catalog",
    "bitik-cart",
    "bitik-orders",
    "bitik-payments",
    "bitik-identity",
    "bitik-messages",
];

/// What a domain crate may never depend on, even through another crate.
const OUTSIDE_THE_DOMAIN: [&str; 6] = ["actix-web", "diesel", "diesel-async", "reqwest", "tokio-postgres", "lettre"];

/// What `cargo metadata` says: each workspace package's name and directory, and every package's
/// normal (not dev, not build) dependencies by name.
struct Workspace {
    members: BTreeMap<String, PathBuf>,
    normal_dependencies: HashMap<String, Vec<String>>,
}

fn workspace() -> &'static Workspace {
    static WORKSPACE: OnceLock<Workspace> = OnceLock::new();
    WORKSPACE.get_or_init(read_workspace)
}

/// The machine's own target: packages only other platforms use are neither fetched nor counted.
fn host() -> String {
    let output = Command::new("rustc").arg("-vV").output().expect("rustc -vV runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.lines().find_map(|line| line.strip_prefix("host: ")).expect("rustc names its host").to_owned()
}

fn read_workspace() -> Workspace {
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--filter-platform", &host()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("cargo metadata answers JSON");
    let name_of: HashMap<&str, &str> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
        .collect();
    let members = metadata["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| {
            let package = metadata["packages"].as_array().unwrap().iter().find(|p| p["id"] == *id).unwrap();
            let manifest = PathBuf::from(package["manifest_path"].as_str().unwrap());
            (package["name"].as_str().unwrap().to_owned(), manifest.parent().unwrap().to_owned())
        })
        .collect();
    let normal_dependencies = metadata["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| {
            let deps = node["deps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|dep| dep["dep_kinds"].as_array().unwrap().iter().any(|kind| kind["kind"].is_null()))
                .map(|dep| name_of[dep["pkg"].as_str().unwrap()].to_owned())
                .collect();
            (name_of[node["id"].as_str().unwrap()].to_owned(), deps)
        })
        .collect();
    Workspace { members, normal_dependencies }
}

impl Workspace {
    /// Every package `package` needs to build, directly or not.
    fn closure(&self, package: &str) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![package.to_owned()];
        while let Some(next) = stack.pop() {
            for dep in self.normal_dependencies.get(&next).into_iter().flatten() {
                if seen.insert(dep.clone()) {
                    stack.push(dep.clone());
                }
            }
        }
        seen
    }
}

#[test]
fn the_domain_knows_no_web_framework_database_or_http_client() {
    let workspace = workspace();
    for crate_name in DOMAIN {
        let needs = workspace.closure(crate_name);
        let wrong: Vec<_> = OUTSIDE_THE_DOMAIN.iter().filter(|name| needs.contains(**name)).collect();
        assert!(wrong.is_empty(), "{crate_name} depends on {wrong:?}");
    }
}

/// The HTTP crates: the storefront's API with what every route shares, the back office's, and
/// the error envelope both answer with.
const HTTP: [&str; 4] = ["bitik-api", "bitik-backoffice", "bitik-http-errors", "bitik-webhooks"];

#[test]
fn the_http_crates_know_no_database_and_no_picture_storage() {
    for http in HTTP {
        let needs = workspace().closure(http);
        for name in ["diesel", "diesel-async", "bitik-postgres", "tokio-postgres", "bitik-storage", "object_store"] {
            assert!(!needs.contains(name), "{http} depends on {name}");
        }
    }
}

/// A file's lines before its inline tests; none for a file of tests.
fn production_lines(file: &Path) -> usize {
    let stem = file.file_stem().unwrap_or_default().to_string_lossy();
    if stem == "tests" || stem.ends_with("_tests") {
        return 0;
    }
    let text = std::fs::read_to_string(file).unwrap();
    text.split("#[cfg(test)]\nmod tests {").next().unwrap_or_default().lines().count()
}

#[test]
fn the_server_does_not_need_the_demo_shop_for_anything_but_seeding() {
    // Only the binary's `seed` command names it; nothing the server runs does.
    let workspace = workspace();
    for library in [
        "bitik-api",
        "bitik-backoffice",
        "bitik-webhooks",
        "bitik-pages",
        "bitik-postgres",
        "bitik-wave",
        "bitik-whatsapp",
    ] {
        assert!(!workspace.closure(library).contains("bitik-demo"), "{library} depends on the demo shop");
    }
}

#[test]
fn no_crate_has_modules_importing_each_other_in_a_circle() {
    for (name, dir) in &workspace().members {
        let graph = module_graph(&dir.join("src"));
        if let Some(circle) = find_circle(&graph) {
            panic!("{name}: modules import each other in a circle: {}", circle.join(" -> "));
        }
    }
}

/// Past this, a file holds more than one thing: split it by what each part does.
const LONGEST_FILE: usize = 600;

#[test]
fn no_production_file_is_longer_than_600_lines() {
    for (name, dir) in &workspace().members {
        let mut files = Vec::new();
        collect_rust_files(&dir.join("src"), &mut files);
        for file in files {
            let lines = production_lines(&file);
            assert!(lines <= LONGEST_FILE, "{name}: {} has {lines} lines (at most {LONGEST_FILE})", file.display());
        }
    }
}

/// Past this, an HTTP crate is too big for a reader to find a route in: give a part of the API
/// its own crate, served as a `bitik_api::Section` (the back office is one).
const LARGEST_HTTP_CRATE: usize = 6_000;

#[test]
fn no_http_crate_holds_more_than_6000_production_lines() {
    let workspace = workspace();
    for http in HTTP {
        let dir = &workspace.members[http];
        let mut files = Vec::new();
        collect_rust_files(&dir.join("src"), &mut files);
        let lines: usize = files.iter().map(|file| production_lines(file)).sum();
        assert!(lines <= LARGEST_HTTP_CRATE, "{http} holds {lines} production lines (at most {LARGEST_HTTP_CRATE})");
    }
}

/// Module path (`routes::orders`) → the modules its code names (`crate::…`, `super::…`,
/// `self::…`), for every file of a library's `src` but its root, which only declares and
/// re-exports, and its tests.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    collect_rust_files(src, &mut files);
    let module_of = |file: &Path| -> Option<String> {
        let relative = file.strip_prefix(src).ok()?.with_extension("");
        let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        if parts.last().is_some_and(|last| last == "mod") {
            parts.pop();
        }
        let is_test = parts.last().is_some_and(|last| last == "tests" || last.ends_with("_tests"));
        (!parts.is_empty() && !is_test && parts != ["main"] && parts != ["lib"]).then(|| parts.join("::"))
    };
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(f)).collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let Some(module) = module_of(file) else { continue };
        let text = std::fs::read_to_string(file).unwrap();
        // Inline test modules may reach anything of their parent's.
        let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap_or_default();
        let targets = named_paths(code)
            .into_iter()
            .filter_map(|path| resolve(&module, &path, &modules))
            .filter(|target| *target != module && !module.starts_with(&format!("{target}::")))
            .collect();
        graph.insert(module, targets);
    }
    graph
}

fn collect_rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// Every path starting with `crate`, `super` or `self` that `code` names, with `use` groups
/// (`use crate::{a::b, c}`) spelled out; `*` and `{` end a path.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for statement in code.split(';') {
        let statement = statement.trim();
        if let Some(tree) = statement.strip_prefix("use ").or_else(|| statement.strip_prefix("pub use ")) {
            expand_use(&tree.split_whitespace().collect::<String>(), &mut paths);
        }
    }
    let words: Vec<&str> = code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).collect();
    for word in words {
        let segments: Vec<String> = word.split("::").map(str::to_owned).collect();
        if segments.len() > 1 && ["crate", "super", "self"].contains(&segments[0].as_str()) {
            paths.push(segments.into_iter().filter(|s| !s.is_empty()).collect());
        }
    }
    paths.retain(|p| p.first().is_some_and(|first| ["crate", "super", "self"].contains(&first.as_str())));
    paths
}

/// `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e` (written without spaces).
fn expand_use(tree: &str, paths: &mut Vec<Vec<String>>) {
    let Some(open) = tree.find('{') else {
        paths.push(tree.split("::").filter(|s| !s.is_empty() && *s != "*").map(str::to_owned).collect());
        return;
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start) = (0, 0);
    let mut parts = Vec::new();
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        expand_use(&format!("{prefix}{part}"), paths);
    }
}

/// The longest module of `modules` that `path`, named from `module`, lies in.
fn resolve(module: &str, path: &[String], modules: &BTreeSet<String>) -> Option<String> {
    let mut base: Vec<&str> = match path.first()?.as_str() {
        "crate" => Vec::new(),
        "self" => module.split("::").collect(),
        "super" => {
            let mut here: Vec<&str> = module.split("::").collect();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                here.pop();
                rest = &rest[1..];
            }
            return longest_module(here, rest, modules);
        }
        _ => return None,
    };
    base.truncate(base.len());
    longest_module(base, &path[1..], modules)
}

fn longest_module<'a>(mut base: Vec<&'a str>, rest: &'a [String], modules: &BTreeSet<String>) -> Option<String> {
    let mut found = (!base.is_empty()).then(|| base.join("::")).filter(|m| modules.contains(m));
    for segment in rest {
        base.push(segment);
        let candidate = base.join("::");
        if modules.contains(&candidate) {
            found = Some(candidate);
        }
    }
    found
}

/// A circle of the graph, if it has one, as the modules along it.
fn find_circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut HashMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = stack.iter().position(|n| n == node).unwrap_or(0);
                let mut circle = stack[start..].to_vec();
                circle.push(node.to_owned());
                return Some(circle);
            }
            None => {}
        }
        marks.insert(node.to_owned(), Mark::Open);
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, marks, stack) {
                return Some(circle);
            }
        }
        stack.pop();
        marks.insert(node.to_owned(), Mark::Done);
        None
    }
    let mut marks = HashMap::new();
    graph.keys().find_map(|node| visit(node, graph, &mut marks, &mut Vec::new()))
}

#[test]
fn the_circle_finder_finds_circles_and_only_them() {
    let graph = |edges: &[(&str, &str)]| {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in edges {
            graph.entry(from.to_string()).or_default().insert(to.to_string());
        }
        graph
    };
    assert_eq!(find_circle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])), None);
    assert_eq!(
        find_circle(&graph(&[("routes", "error"), ("error", "routes")])),
        Some(vec!["error".to_owned(), "routes".to_owned(), "error".to_owned()])
    );
    let mut paths = Vec::new();
    expand_use("crate::{error::ApiError,routes::{catalog,orders::OrderDto}}", &mut paths);
    assert_eq!(paths.len(), 3);
    let modules: BTreeSet<String> = ["error", "routes", "routes::orders"].iter().map(|s| s.to_string()).collect();
    assert_eq!(resolve("routes::cart", &paths[2], &modules).as_deref(), Some("routes::orders"));
    assert_eq!(
        resolve("routes::cart", &["super".into(), "orders".into()], &modules).as_deref(),
        Some("routes::orders")
    );
}
