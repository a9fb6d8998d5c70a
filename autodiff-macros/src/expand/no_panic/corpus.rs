//! The fuzzer's corpus: the `#[differentiate]` functions of the project's tests, read
//! where the tests are; and the fingerprint of their expansions, for refactorings that must
//! not change what the macro emits.

use proc_macro2::TokenStream;
use quote::ToTokens;

/// `(args, item)` of a corpus entry: the `#[differentiate(…)]` attribute taken off.
pub(super) fn split(src: &str) -> (TokenStream, syn::ItemFn) {
    let mut f: syn::ItemFn = syn::parse_str(src).expect("corpus entries parse");
    let pos = f
        .attrs
        .iter()
        .position(|a| a.path().is_ident("differentiate"))
        .expect("corpus entries carry #[differentiate]");
    let attr = f.attrs.remove(pos);
    let args = match &attr.meta {
        syn::Meta::List(l) => l.tokens.clone(),
        _ => TokenStream::new(),
    };
    (args, f)
}

/// The `#[differentiate]` functions of the project's tests (`tests/*.rs`, `tests/expand`,
/// `tests/ui`, `tests/ui-pass`), read where the tests are, in file order, each once: every
/// construct a test exercises is a seed of mutants. Empty outside the repository (a packaged
/// crate has no `tests/` beside it).
pub(super) fn corpus() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests");
    let mut files = vec![];
    for dir in ["", "expand"] {
        files.extend(rust_files(&root.join(dir), false));
    }
    for dir in ["ui", "ui-pass"] {
        files.extend(rust_files(&root.join(dir), true));
    }
    let mut seen = std::collections::HashSet::new();
    files
        .iter()
        // Expansion goldens' outputs, and mutants of the corpus itself.
        .filter(|f| {
            let name = f.to_string_lossy();
            !name.ends_with(".expanded.rs") && !name.ends_with("valid_mutants.rs")
        })
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .flat_map(|src| differentiated_functions(&src))
        .filter(|f| seen.insert(f.clone()))
        .collect()
}

/// The `.rs` files of `dir` (and of its subfolders with `nested`), sorted.
fn rust_files(dir: &std::path::Path, nested: bool) -> Vec<std::path::PathBuf> {
    let mut out = vec![];
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() && nested {
            out.extend(rust_files(&p, true));
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
    out
}

/// Each function of `src` whose attributes, at the start of lines, begin with
/// `#[differentiate…]`: the attributes, the signature and the body up to its closing brace.
fn differentiated_functions(src: &str) -> Vec<String> {
    let mut out = vec![];
    let mut from = 0;
    while let Some(at) = src[from..].find("\n#[differentiate").map(|k| from + k + 1) {
        from = at;
        // Further attribute lines, then the function.
        let mut line = at;
        while src[line..].starts_with("#[") {
            match src[line..].find('\n') {
                Some(k) => line += k + 1,
                None => break,
            }
        }
        let rest = &src[line..];
        if !(rest.starts_with("fn ") || rest.starts_with("pub fn ")) {
            continue;
        }
        let Some(open) = rest.find('{').map(|k| line + k) else {
            continue;
        };
        let mut depth = 0;
        let end = src[open..].char_indices().find_map(|(k, c)| {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(open + k + 1)
        });
        if let Some(end) = end {
            out.push(src[at..end].to_string());
            from = end;
        }
    }
    out
}

#[test]
fn the_corpus_is_read_from_the_tests() {
    let corpus = corpus();
    assert!(corpus.len() > 300, "{} functions", corpus.len());
    assert!(corpus
        .iter()
        .all(|f| f.starts_with("#[differentiate") && f.ends_with('}')));
}

/// Writes the expansion of every corpus function to the file `AUTODIFF_FINGERPRINT` names:
/// a refactoring of the macro that should not change what it emits is checked by comparing
/// this file before and after (`diff`), over every construct the tests exercise.
#[test]
#[ignore = "writes every corpus expansion for a refactoring check: AUTODIFF_FINGERPRINT=path"]
fn fingerprint() {
    let Some(path) = std::env::var_os("AUTODIFF_FINGERPRINT") else {
        return;
    };
    let mut out = String::new();
    for src in corpus() {
        let (args, item) = split(&src);
        let expanded = crate::expand::differentiate(args, item.to_token_stream());
        out.push_str(&format!("// {}\n{expanded}\n\n", item.sig.ident));
    }
    std::fs::write(path, out).expect("the fingerprint file is writable");
}
