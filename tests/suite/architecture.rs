//! The page's layers as `docs/architecture.md` draws them are the rules: every module of
//! `src/ui` stands in one layer of its table, imports only from the layers and the web's crates
//! its layer's row allows, and the few imports that do not hold yet are listed on that page too
//! (so the list can only shrink). Read as text: nothing of the page is built.

use board_suite::games::GameId;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const DOC: &str = "docs/architecture.md";
const UI: &str = "src/ui";
const WEB_CRATES: [&str; 5] = ["yew", "web_sys", "gloo", "js_sys", "wasm_bindgen"];

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The rows of the page's table whose header begins with `first`: its cells, trimmed.
fn table(doc: &str, first: &str) -> Vec<Vec<String>> {
    let header = format!("| {first} |");
    let mut lines = doc.lines().skip_while(|line| !line.starts_with(&header));
    assert!(lines.next().is_some(), "{DOC} has no table headed `{first}`");
    lines
        .skip(1)
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.trim().trim_matches('|').split('|').map(|cell| cell.trim().to_owned()).collect())
        .collect()
}

/// The names a cell quotes (in backticks).
fn quoted(cell: &str) -> Vec<String> {
    cell.split('`').skip(1).step_by(2).map(str::to_owned).collect()
}

/// A module's name as the code names it: `storage.rs` and `session/` are `storage` and `session`.
fn module_name(quoted: &str) -> String {
    quoted.trim_end_matches('/').trim_end_matches(".rs").to_owned()
}

/// What a layer may import.
struct Rule {
    layers: BTreeSet<String>,
    /// Modules of those layers it may not.
    but: BTreeSet<String>,
    /// The paths of the web's crates it may name: `None` for any.
    web: Option<Vec<String>>,
}

struct Layers {
    /// Each module's layer.
    of: BTreeMap<String, String>,
    rules: BTreeMap<String, Rule>,
    /// The imports that do not hold yet: (file under `src/ui`, the module or path it names).
    not_yet: BTreeSet<(String, String)>,
}

fn layers() -> Layers {
    let doc = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join(DOC));
    let mut of = BTreeMap::new();
    for row in table(&doc, "module") {
        for name in quoted(&row[0]) {
            let names = if name == "<game>.rs" {
                GameId::ALL.iter().map(|game| game.slug().replace('-', "_")).collect()
            } else {
                vec![module_name(&name)]
            };
            for name in names {
                assert!(of.insert(name.clone(), row[1].clone()).is_none(), "{name} is in two rows of {DOC}");
            }
        }
    }
    let rules = table(&doc, "layer")
        .into_iter()
        .map(|row| {
            let (from, but) = row[1].split_once(" but ").unwrap_or((&row[1], ""));
            let layers =
                from.split(',').map(|layer| layer.trim().to_owned()).filter(|l| !l.is_empty()).collect();
            let but = quoted(but).iter().map(|name| module_name(name)).collect();
            let web = match row[2].as_str() {
                "any" => None,
                "none" => Some(Vec::new()),
                alone => Some(quoted(alone)),
            };
            (row[0].clone(), Rule { layers, but, web })
        })
        .collect();
    let not_yet = table(&doc, "file").into_iter().map(|row| (unquote(&row[0]), unquote(&row[1]))).collect();
    Layers { of, rules, not_yet }
}

fn unquote(cell: &str) -> String {
    cell.trim_matches('`').to_owned()
}

/// Every file of `src/ui` but the tests', with its path under `src/ui`.
fn files(root: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path: PathBuf = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && path.file_name().is_some_and(|n| n != "tests.rs")
            {
                let under = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                found.push((under, read(&path)));
            }
        }
    }
    found.sort();
    found
}

/// The modules the ui's root declares for its tests alone.
fn test_modules(root_text: &str) -> BTreeSet<String> {
    let lines: Vec<&str> = root_text.lines().map(str::trim).collect();
    lines
        .windows(2)
        .filter(|pair| pair[0] == "#[cfg(test)]")
        .filter_map(|pair| pair[1].strip_prefix("mod ")?.strip_suffix(';').map(str::to_owned))
        .collect()
}

/// The items the ui's root re-exports, each with its module (`pub use model::UiGame;`).
fn reexports(root_text: &str) -> BTreeMap<String, String> {
    let mut items = BTreeMap::new();
    for statement in root_text.split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else { continue };
        let Some((module, rest)) = path.split_once("::") else { continue };
        for item in rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|i| !i.is_empty()) {
            items.insert(item.to_owned(), module.to_owned());
        }
    }
    items
}

/// The code of a file without its comments' lines and its tests (which come last).
fn code(text: &str) -> String {
    let lines = text.lines().take_while(|line| line.trim() != "#[cfg(test)]");
    lines.filter(|line| !line.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The names that follow a path's prefix: `x` in `x::y`, and `x`, `y` in `{x, y::z}`.
fn heads(after: &str) -> Vec<String> {
    let ident =
        |s: &str| s.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let (mut depth, mut heads, mut start) = (0, Vec::new(), 0);
    let Some(group) = after.strip_prefix('{') else {
        heads.push(ident(after));
        return heads.into_iter().filter(|head| !head.is_empty()).collect();
    };
    for (at, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                heads.push(ident(&group[start..at]));
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                heads.push(ident(&group[start..at]));
                start = at + 1;
            }
            _ => {}
        }
    }
    heads.into_iter().filter(|head| !head.is_empty()).collect()
}

/// The names of the ui's root a file's code uses: through `crate::ui::`, or through as many
/// `super::` as the file is deep.
fn root_names(code: &str, depth: usize) -> BTreeSet<String> {
    let mut prefixes = vec!["crate::ui::".to_owned()];
    if depth > 0 {
        prefixes.push("super::".repeat(depth));
    }
    let mut names = BTreeSet::new();
    for prefix in &prefixes {
        for (at, _) in code.match_indices(prefix.as_str()) {
            // `super::super::x` is not `super::x` one level down.
            let before = &code[..at];
            if prefix.starts_with("super") && (before.ends_with("super::") || before.ends_with("crate::")) {
                continue;
            }
            let after = &code[at + prefix.len()..];
            if after.starts_with("super::") {
                continue;
            }
            names.extend(heads(after));
        }
    }
    names
}

/// The paths of the web's crates a file's code names (`yew::Reducible`, `web_sys::Element`).
fn web_paths(code: &str) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    for krate in WEB_CRATES {
        for (at, _) in code.match_indices(&format!("{krate}::")) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            for head in heads(&code[at + krate.len() + 2..]) {
                paths.insert(format!("{krate}::{head}"));
            }
        }
    }
    paths
}

#[test]
fn every_import_of_the_page_keeps_to_its_layer() {
    let layers = layers();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(UI);
    let root_text = read(&root.join("mod.rs"));
    let (tests, reexported) = (test_modules(&root_text), reexports(&root_text));
    let mut crossings = BTreeSet::new();
    for (file, text) in files(&root) {
        let parts: Vec<&str> = file.split('/').collect();
        let module = module_name(parts[0]);
        if tests.contains(&module) {
            continue;
        }
        let layer =
            layers.of.get(&module).unwrap_or_else(|| panic!("{UI}/{file}: {module} is in no row of {DOC}"));
        let rule = layers.rules.get(layer).unwrap_or_else(|| panic!("{DOC}: the layer {layer} has no rule"));
        // How many levels below the ui's root the file's module is (a folder's mod.rs is its folder).
        let depth = parts.len() - usize::from(parts.last() == Some(&"mod.rs"));
        let code = code(&text);
        for name in root_names(&code, depth) {
            let named = reexported.get(&name).cloned().unwrap_or_else(|| name.clone());
            // An item of the root itself is the shell's.
            let named = if layers.of.contains_key(&named) { named } else { "mod".to_owned() };
            if named == module {
                continue;
            }
            let their = &layers.of[&named];
            if their != layer && !rule.layers.contains(their) || rule.but.contains(&named) {
                crossings.insert((file.clone(), named));
            }
        }
        if let Some(allowed) = &rule.web {
            for path in web_paths(&code) {
                if !allowed.contains(&path) {
                    crossings.insert((file.clone(), path));
                }
            }
        }
    }
    let new: Vec<_> = crossings.difference(&layers.not_yet).collect();
    assert!(new.is_empty(), "imports that cross a layer (file under {UI}, what it names): {new:?}");
    let mended: Vec<_> = layers.not_yet.difference(&crossings).collect();
    assert!(mended.is_empty(), "no longer crossing: take them out of {DOC}'s list: {mended:?}");
}

#[test]
fn the_path_reader_finds_groups_and_levels() {
    assert_eq!(heads("{a, b::{c, d}, e::f}; x"), ["a", "b", "e"]);
    assert_eq!(heads("storage::{self, Loaded};"), ["storage"]);
    let code = "use super::flow::Flow;\nuse super::super::model::X;\nuse crate::ui::{lazy, storage::read};";
    assert_eq!(root_names(code, 1), BTreeSet::from(["flow".into(), "lazy".into(), "storage".into()]));
    assert_eq!(root_names(code, 2), BTreeSet::from(["model".into(), "lazy".into(), "storage".into()]));
    assert_eq!(
        web_paths("use yew::{Html, Reducible};\nlet x = web_sys::window();"),
        BTreeSet::from(["web_sys::window".into(), "yew::Html".into(), "yew::Reducible".into(),])
    );
}

/// The games named in `text` as `before<slug>after`, for any slug-like name.
fn named_games(text: &str, before: &str, after: &str) -> BTreeSet<String> {
    text.match_indices(before)
        .filter_map(|(at, _)| {
            let rest = &text[at + before.len()..];
            let slug: String = rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '-').collect();
            rest[slug.len()..].starts_with(after).then_some(slug).filter(|slug| !slug.is_empty())
        })
        .collect()
}

/// The `<name>`s of the files in `folder` named `<before><name><after>`.
fn files_named(folder: &Path, before: &str, after: &str) -> BTreeSet<String> {
    let names =
        fs::read_dir(folder).unwrap().filter_map(|entry| entry.unwrap().file_name().into_string().ok());
    names.filter_map(|name| Some(name.strip_prefix(before)?.strip_suffix(after)?.to_owned())).collect()
}

#[test]
fn every_list_of_the_games_outside_rust_is_the_registrys() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let games: BTreeSet<String> = GameId::ALL.iter().map(|game| game.slug().to_owned()).collect();
    let build = read(&here.join("build.rs"));
    let listed =
        build.split_once("let games = [").and_then(|(_, rest)| rest.split_once(']')).map(|(list, _)| list);
    let build_games: BTreeSet<String> = listed
        .expect("build.rs lists the games")
        .split(',')
        .map(|g| g.trim().trim_matches('"').to_owned())
        .collect();
    let mut benches = files_named(&here.join("scripts"), "bench-", ".sh");
    benches.retain(|name| name != "server" && name != "engines");
    // bench.sh runs each game's script by its name.
    let bench = read(&here.join("scripts/bench.sh"));
    let benched = games.iter().filter(|game| bench.contains(game.as_str())).cloned().collect();
    let lists = [
        ("src/bin/game-<slug>.rs", files_named(&here.join("src/bin"), "game-", ".rs")),
        (
            "index.html's data-bin=\"game-<slug>\"",
            named_games(&read(&here.join("index.html")), "data-bin=\"game-", "\""),
        ),
        ("build.rs's games", build_games),
        ("size-ceilings.json's routes", named_games(&read(&here.join("size-ceilings.json")), "\"#/", "\"")),
        ("size-report.json's routes", named_games(&read(&here.join("size-report.json")), "\"#/", "\"")),
        ("scripts/bench-<slug>.sh", benches),
        ("scripts/bench.sh", benched),
    ];
    for (list, named) in lists {
        assert_eq!(named, games, "{list} names other games than the registry (src/games.rs)");
    }
}
