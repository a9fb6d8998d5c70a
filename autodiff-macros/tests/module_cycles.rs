//! No module cycles in the macro's crate: between any two sibling modules (two files or
//! folders under the same parent), the `crate::`/`super::`/`self::` paths of one may name the
//! other, or the other way round, but not both, directly or around a longer loop. A child
//! naming its parent's items, or a parent its children's, is a layer reaching down or up
//! and is not counted.
//!
//! The graph is read from the sources: the module tree from `mod` declarations (with
//! `#[path]`) starting at `lib.rs`, and the references from every path written in a file,
//! `use` trees included.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`["emit", "items"]`).
type ModPath = Vec<String>;

/// The modules that are files, with their sources.
fn module_tree() -> BTreeMap<ModPath, syn::File> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    let mut out = BTreeMap::new();
    visit(&root, vec![], true, &mut out);
    out
}

/// Reads `file` as module `path` and the files its `mod x;` declarations name. `owns_dir`:
/// the file is `lib.rs` or `mod.rs`, whose children sit beside it.
fn visit(file: &Path, path: ModPath, owns_dir: bool, out: &mut BTreeMap<ModPath, syn::File>) {
    let src = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let ast = syn::parse_file(&src).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let dir = if owns_dir {
        file.parent().unwrap().to_path_buf()
    } else {
        file.with_extension("")
    };
    for item in &ast.items {
        let syn::Item::Mod(m) = item else { continue };
        if m.content.is_some() {
            continue;
        }
        let name = m.ident.to_string();
        let mut child = path.clone();
        child.push(name.clone());
        let explicit = m.attrs.iter().find_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        });
        let (child_file, child_owns): (PathBuf, bool) = match explicit {
            Some(p) => {
                let f = file.parent().unwrap().join(p);
                let owns = f.file_name().is_some_and(|n| n == "mod.rs");
                (f, owns)
            }
            None if dir.join(format!("{name}.rs")).exists() => {
                (dir.join(format!("{name}.rs")), false)
            }
            None => (dir.join(&name).join("mod.rs"), true),
        };
        visit(&child_file, child, child_owns, out);
    }
    out.insert(path, ast);
}

/// Every absolute module path that the tokens name through `crate::`, `super::` or `self::`,
/// with `here` the module the tokens are written in (inline `mod x { … }` extends it).
fn references(tokens: TokenStream, here: &ModPath, out: &mut Vec<ModPath>) {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tts.len() {
        match &tts[i] {
            TokenTree::Ident(id) if id == "mod" => {
                if let (Some(TokenTree::Ident(name)), Some(TokenTree::Group(g))) =
                    (tts.get(i + 1), tts.get(i + 2))
                {
                    if g.delimiter() == Delimiter::Brace {
                        let mut inner = here.clone();
                        inner.push(name.to_string());
                        references(g.stream(), &inner, out);
                        i += 3;
                        continue;
                    }
                }
            }
            TokenTree::Ident(id)
                if (id == "crate" || id == "super" || id == "self") && is_path_sep(&tts, i + 1) =>
            {
                let start = match id.to_string().as_str() {
                    "crate" => vec![],
                    _ => here.clone(),
                };
                i = path_from(&tts, i, start, out);
                continue;
            }
            TokenTree::Group(g) => references(g.stream(), here, out),
            _ => {}
        }
        i += 1;
    }
}

fn is_path_sep(tts: &[TokenTree], i: usize) -> bool {
    matches!((tts.get(i), tts.get(i + 1)), (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) if a.as_char() == ':' && b.as_char() == ':')
}

/// Reads the path starting at `tts[i]` (its leading `crate`/`super`/`self` applied to
/// `prefix`), records it, and returns the index after it. A braced use tree records each
/// of its branches.
fn path_from(
    tts: &[TokenTree],
    mut i: usize,
    mut prefix: ModPath,
    out: &mut Vec<ModPath>,
) -> usize {
    loop {
        match tts.get(i) {
            Some(TokenTree::Ident(id)) if id == "super" => {
                prefix.pop();
            }
            Some(TokenTree::Ident(id)) if id == "self" || id == "crate" => {}
            Some(TokenTree::Ident(id)) => prefix.push(id.to_string()),
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                let branches: Vec<TokenTree> = g.stream().into_iter().collect();
                for branch in
                    branches.split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
                {
                    if !branch.is_empty() {
                        path_from(branch, 0, prefix.clone(), out);
                    }
                }
                return i + 1;
            }
            _ => break,
        }
        if !is_path_sep(tts, i + 1) {
            i += 1;
            break;
        }
        i += 3;
    }
    out.push(prefix);
    i
}

/// The longest prefix of `path` that is a module of the tree.
fn module_of<'a>(
    path: &[String],
    modules: &'a BTreeMap<ModPath, syn::File>,
) -> Option<&'a ModPath> {
    (0..=path.len())
        .rev()
        .find_map(|k| modules.get_key_value(&path[..k]).map(|(m, _)| m))
}

#[test]
fn no_module_cycles() {
    let modules = module_tree();
    assert!(modules.len() > 20, "read {} modules", modules.len());
    // parent → (sibling → sibling it names, with one reference that shows it)
    let mut edges: BTreeMap<ModPath, BTreeMap<(String, String), String>> = BTreeMap::new();
    for (from, ast) in &modules {
        let mut refs = vec![];
        references(ast.to_token_stream(), from, &mut refs);
        for r in refs {
            let Some(to) = module_of(&r, &modules) else {
                continue;
            };
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue; // a module and its ancestor
            }
            let parent = from[..common].to_vec();
            let edge = (from[common].clone(), to[common].clone());
            edges
                .entry(parent)
                .or_default()
                .entry(edge)
                .or_insert_with(|| format!("{} names crate::{}", from.join("::"), r.join("::")));
        }
    }
    // One report per loop, whichever node it was found from.
    let mut cycles: BTreeMap<(ModPath, BTreeSet<String>), String> = BTreeMap::new();
    for (parent, es) in &edges {
        let nodes: BTreeSet<&String> = es.keys().flat_map(|(a, b)| [a, b]).collect();
        for start in &nodes {
            let Some(cycle) = cycle_through(start, es) else {
                continue;
            };
            let key = (parent.clone(), cycle.iter().cloned().collect());
            let shown: Vec<&str> = cycle
                .windows(2)
                .map(|w| es[&(w[0].clone(), w[1].clone())].as_str())
                .collect();
            cycles.entry(key).or_insert_with(|| {
                format!(
                    "under `crate::{}`: {} ({})",
                    parent.join("::"),
                    cycle.join(" → "),
                    shown.join("; ")
                )
            });
        }
    }
    let cycles: Vec<String> = cycles.into_values().collect();
    assert!(cycles.is_empty(), "module cycles:\n{}", cycles.join("\n"));
}

/// A shortest loop from `start` back to it, as the list of nodes (first = last).
fn cycle_through(start: &str, es: &BTreeMap<(String, String), String>) -> Option<Vec<String>> {
    let mut frontier = vec![vec![start.to_string()]];
    let mut seen = BTreeSet::new();
    while !frontier.is_empty() {
        let mut next = vec![];
        for path in frontier {
            let last = path.last().unwrap().clone();
            for (a, b) in es.keys() {
                if *a != last {
                    continue;
                }
                let mut p = path.clone();
                p.push(b.clone());
                if b == start {
                    return Some(p);
                }
                if seen.insert(b.clone()) {
                    next.push(p);
                }
            }
        }
        frontier = next;
    }
    None
}
