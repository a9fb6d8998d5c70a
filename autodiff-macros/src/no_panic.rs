//! The macro never panics: [`crate::expand::differentiate`] runs in-process on thousands of
//! mutants of the test corpus (token-level edits of the `#[differentiate]` functions under
//! `tests/`) and must return either code that parses as a file or a `compile_error!`.
//!
//! Mutations: operators swapped, tokens and statements deleted, duplicated or swapped,
//! `break`/`continue`/`return`/`?`/closures/macros and other snippets inserted, identifiers
//! renamed or replaced by types and keywords, literals changed, delimiters changed or
//! removed, `#[checkpoint]` (well- and ill-formed) put anywhere, and the attribute's
//! arguments replaced. Deterministic (fixed seeds); `AUTODIFF_FUZZ=N` runs N mutants instead
//! of the default. The corpus is read from the project's tests when the test runs.

use proc_macro2::{Delimiter, Group, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};

/// Mutants per run unless `AUTODIFF_FUZZ` says otherwise.
const DEFAULT_MUTANTS: usize = 2500;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// A token tree we can edit in place.
#[derive(Clone)]
enum T {
    Leaf(TokenTree),
    Group(Delimiter, Vec<T>),
}

fn tree(ts: TokenStream) -> Vec<T> {
    ts.into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) => T::Group(g.delimiter(), tree(g.stream())),
            other => T::Leaf(other),
        })
        .collect()
}

fn stream(ts: &[T]) -> TokenStream {
    ts.iter()
        .map(|t| match t {
            T::Leaf(tt) => tt.clone(),
            T::Group(d, inner) => TokenTree::Group(Group::new(*d, stream(inner))),
        })
        .collect()
}

fn snippet(s: &str) -> Vec<T> {
    tree(s.parse().expect("snippets are token streams"))
}

/// Paths (indices of groups) to every token sequence: the root and each group's contents.
fn sequences(ts: &[T], path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    out.push(path.clone());
    for (i, t) in ts.iter().enumerate() {
        if let T::Group(_, inner) = t {
            path.push(i);
            sequences(inner, path, out);
            path.pop();
        }
    }
}

fn seq_at<'a>(ts: &'a mut Vec<T>, path: &[usize]) -> &'a mut Vec<T> {
    match path.split_first() {
        None => ts,
        Some((&i, rest)) => match &mut ts[i] {
            T::Group(_, inner) => seq_at(inner, rest),
            T::Leaf(_) => unreachable!("paths lead to groups"),
        },
    }
}

fn is_punct(t: &T, c: char) -> bool {
    matches!(t, T::Leaf(TokenTree::Punct(p)) if p.as_char() == c)
}

/// Statement starts in a sequence: 0, after each `;` and after each `{ … }` group.
fn boundaries(seq: &[T]) -> Vec<usize> {
    let mut out = vec![0];
    for (i, t) in seq.iter().enumerate() {
        if is_punct(t, ';') || matches!(t, T::Group(Delimiter::Brace, _)) {
            out.push(i + 1);
        }
    }
    out.dedup();
    out
}

fn idents(ts: &[T], out: &mut Vec<String>) {
    for t in ts {
        match t {
            T::Leaf(TokenTree::Ident(i)) => out.push(i.to_string()),
            T::Group(_, inner) => idents(inner, out),
            _ => {}
        }
    }
}

const OPERATORS: &[char] = &[
    '+', '-', '*', '/', '%', '<', '>', '=', '!', '&', '|', '^', '.', ',', ';', ':', '?', '#',
];
const SNIPPETS: &[&str] = &[
    "break;",
    "continue;",
    "return;",
    "return 0.0;",
    "return x;",
    "loop { break; }",
    "while false {}",
    "for i in 0..0 {}",
    "let q = 1.0;",
    "let mut q = x; q += 1.0;",
    "x = x;",
    "s += 1.0;",
    "v[0] = 1.0;",
    "v[0] += x;",
    "let v = vec![0.0; 3];",
    "let v = Vec::new();",
    "let (a, b) = (1.0, 2.0);",
    "let [p, q] = [1.0, 2.0];",
    "if let Some(z) = None::<f64> {}",
    "let Some(z) = None::<f64> else { return 0.0; };",
    "match x { _ => {} }",
    "match 1 { n if n > 0 => {} _ => {} }",
    "let c = |t: f64| t * 2.0;",
    "let f = c(x);",
    "println!(\"{}\", x);",
    "let q = x?;",
    "let q = async { 1.0 };",
    "unsafe {}",
    "let p = &mut x;",
    "*p = 1.0;",
    "fn inner() {}",
    "struct S;",
    "use std::f64::consts::PI;",
    "'a: loop { break 'a; }",
    "let q = loop { break 1.0; };",
    "let q = x.iter().map(|t| t * 2.0).sum::<f64>();",
    "let q = x.foo();",
    "let q = f64::foo(x);",
    "let q = x.powi(1, 2);",
    "let q = x.sin(1.0);",
    "let q = (x, x).0;",
    "let q = [x; 3][0];",
    "let q = autodiff::stop_gradient(x);",
    "let q: f32 = 1.0;",
    "let q = x as usize;",
    "let q = 1 as f64;",
    "let q = T::from(2.0).unwrap();",
    "let q = S { a: x };",
    "x.push(1.0);",
    "let q = x.len() as f64;",
    "{ let q = x; }",
    "#[checkpoint] { let q = x; }",
    "#[checkpoint] for i in 0..3 { s += x; }",
    "#[checkpoint(segments = 0)] for i in 0..3 {}",
    "#[checkpoint(snapshots = 0)] while false {}",
    "#[checkpoint(segments = n)] for i in (0..3).rev() {}",
    "#[checkpoint] loop { break; }",
    "#[checkpoint] let q = 1.0;",
    "#[checkpoint] x = 1.0;",
    "#[checkpoint] if true {}",
    "#[checkpoint] return x;",
];
const ATTRS: &[&str] = &[
    "#[checkpoint]",
    "#[checkpoint]",
    "#[checkpoint(segments = 2)]",
    "#[checkpoint(snapshots = 1)]",
    "#[checkpoint(segments)]",
    "#[checkpoint(bogus = 3)]",
    "#[checkpoint = 1]",
    "#[checkpoint(segments = 1, snapshots = 2)]",
    "#[inline]",
    "#[allow(unused)]",
    "#[differentiate]",
    "#[cfg(test)]",
];
const REPLACEMENT_IDENTS: &[&str] = &[
    "f32",
    "f64",
    "usize",
    "i32",
    "u8",
    "bool",
    "Vec",
    "T",
    "Self",
    "self",
    "x",
    "y",
    "n",
    "len",
    "sin",
    "max",
    "push",
    "to_vec",
    "clone",
    "mut",
    "let",
    "fn",
    "if",
    "else",
    "for",
    "while",
    "loop",
    "in",
    "return",
    "break",
    "continue",
    "match",
    "as",
    "ref",
    "move",
    "async",
    "await",
    "unsafe",
    "const",
    "static",
    "dyn",
    "impl",
    "where",
    "crate",
    "super",
    "checkpoint",
    "differentiate",
    "stop_gradient",
    "_",
    "x_bar",
    "tape",
    "dout",
    "ret",
];
const LITERALS: &[&str] = &[
    "0", "1", "2", "0.0", "1.0", "-1.0", "1e308", "1e-308", "2.5f32", "3usize", "0u8", "\"s\"",
    "'c'", "b'x'", "true", "1_000.0", "0x10", "1.", "255u8", "-0.0",
];
const ARGS: &[&str] = &[
    "",
    "",
    "",
    "wrt(x)",
    "wrt(x, y)",
    "wrt(y)",
    "wrt(n)",
    "wrt(q)",
    "wrt()",
    "wrt",
    "wrt(x, x)",
    "custom",
    "custom, wrt(x)",
    "bogus",
    "wrt = x",
    "wrt(x),",
    "1",
];

/// One random edit of `item`.
fn mutate(rng: &mut Rng, item: &mut Vec<T>) {
    let mut paths = vec![];
    sequences(item, &mut vec![], &mut paths);
    let path = rng.pick(&paths).clone();
    let mut names = vec![];
    idents(item, &mut names);
    let seq = seq_at(item, &path);
    let n = seq.len();
    match rng.below(14) {
        // swap an operator
        0 | 1 => {
            let puncts: Vec<usize> = (0..n)
                .filter(|&i| matches!(seq[i], T::Leaf(TokenTree::Punct(_))))
                .collect();
            if let Some(&i) = puncts.get(rng.below(puncts.len())) {
                let spacing = match &seq[i] {
                    T::Leaf(TokenTree::Punct(p)) => p.spacing(),
                    _ => Spacing::Alone,
                };
                let c = *rng.pick(OPERATORS);
                seq[i] = T::Leaf(TokenTree::Punct(proc_macro2::Punct::new(c, spacing)));
            }
        }
        // delete a few tokens
        2 => {
            if n > 0 {
                let i = rng.below(n);
                let k = (1 + rng.below(3)).min(n - i);
                seq.drain(i..i + k);
            }
        }
        // delete, duplicate or swap statements
        3..=5 => {
            let b = boundaries(seq);
            if b.len() >= 2 {
                let s = rng.below(b.len() - 1);
                let range = b[s]..b[s + 1];
                let stmt: Vec<T> = seq[range.clone()].to_vec();
                match rng.below(3) {
                    0 => {
                        seq.drain(range);
                    }
                    1 => {
                        let at = *rng.pick(&b);
                        seq.splice(at..at, stmt);
                    }
                    _ => {
                        seq.drain(range.clone());
                        let b2 = boundaries(seq);
                        let at = *rng.pick(&b2);
                        seq.splice(at..at, stmt);
                    }
                }
            }
        }
        // insert a snippet at a statement start
        6 | 7 => {
            let b = boundaries(seq);
            let at = *rng.pick(&b);
            seq.splice(at..at, snippet(rng.pick::<&str>(SNIPPETS)));
        }
        // rename or replace an identifier
        8 | 9 => {
            let ids: Vec<usize> = (0..n)
                .filter(|&i| matches!(seq[i], T::Leaf(TokenTree::Ident(_))))
                .collect();
            if let Some(&i) = ids.get(rng.below(ids.len())) {
                let name = if rng.chance(0.5) && !names.is_empty() {
                    rng.pick(&names).clone()
                } else {
                    rng.pick(REPLACEMENT_IDENTS).to_string()
                };
                seq[i] = snippet(&name).remove(0);
            }
        }
        // change a literal
        10 => {
            let lits: Vec<usize> = (0..n)
                .filter(|&i| matches!(seq[i], T::Leaf(TokenTree::Literal(_))))
                .collect();
            let at = lits
                .get(rng.below(lits.len()))
                .copied()
                .unwrap_or(rng.below(n + 1));
            let lit = snippet(rng.pick::<&str>(LITERALS));
            if at < n && lits.contains(&at) {
                seq.splice(at..at + 1, lit);
            } else {
                seq.splice(at..at, lit);
            }
        }
        // an attribute anywhere
        11 => {
            let at = if rng.chance(0.7) {
                *rng.pick(&boundaries(seq))
            } else {
                rng.below(n + 1)
            };
            seq.splice(at..at, snippet(rng.pick::<&str>(ATTRS)));
        }
        // change a delimiter, or unwrap a group
        12 => {
            let groups: Vec<usize> = (0..n).filter(|&i| matches!(seq[i], T::Group(..))).collect();
            if let Some(&i) = groups.get(rng.below(groups.len())) {
                if let T::Group(d, inner) = seq[i].clone() {
                    if rng.chance(0.5) {
                        seq.splice(i..i + 1, inner);
                    } else {
                        let nd = *rng.pick(&[
                            Delimiter::Parenthesis,
                            Delimiter::Bracket,
                            Delimiter::Brace,
                            Delimiter::None,
                        ]);
                        if nd != d {
                            seq[i] = T::Group(nd, inner);
                        }
                    }
                }
            }
        }
        // wrap a few tokens in parentheses, or add `?`, `.await`, unary operators
        _ => {
            if n > 0 {
                let i = rng.below(n);
                let k = (1 + rng.below(3)).min(n - i);
                match rng.below(3) {
                    0 => {
                        let inner: Vec<T> = seq.drain(i..i + k).collect();
                        seq.insert(i, T::Group(Delimiter::Parenthesis, inner));
                    }
                    1 => {
                        let s = *rng.pick(&["?", ".await", ".clone()", "as f64", "as usize"]);
                        seq.splice(i + k..i + k, snippet(s));
                    }
                    _ => {
                        let s = *rng.pick(&["-", "!", "&", "&mut", "*", "move"]);
                        seq.splice(i..i, snippet(s));
                    }
                }
            }
        }
    }
}

/// `(args, item)` of a corpus entry: the `#[differentiate(…)]` attribute taken off.
fn split(src: &str) -> (TokenStream, syn::ItemFn) {
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

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// A panic hook that stays silent for the panics this thread catches on purpose.
fn install_quiet_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                previous(info);
            }
        }));
    });
}

enum Outcome {
    Code,
    CompileError,
    Panic(String),
    Unparsable(String),
}

fn expand_checked(args: &TokenStream, item: &TokenStream) -> Outcome {
    QUIET.with(|q| q.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        crate::expand::differentiate(args.clone(), item.clone())
    }));
    QUIET.with(|q| q.set(false));
    match result {
        Err(payload) => Outcome::Panic(
            payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default(),
        ),
        Ok(out) => {
            let text = out.to_string();
            if text.contains("compile_error") {
                Outcome::CompileError
            } else {
                match syn::parse2::<syn::File>(out) {
                    Ok(_) => Outcome::Code,
                    Err(e) => Outcome::Unparsable(e.to_string()),
                }
            }
        }
    }
}

#[test]
fn the_macro_never_panics_on_mutants_of_the_corpus() {
    install_quiet_hook();
    let total: usize = std::env::var("AUTODIFF_FUZZ")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_MUTANTS);
    let corpus: Vec<(TokenStream, syn::ItemFn)> = corpus().iter().map(|s| split(s)).collect();
    // The corpus itself first: it must expand to code or errors too.
    let mut failures = vec![];
    let (mut code, mut errors, mut unparsed) = (0usize, 0usize, 0usize);
    let mut rng = Rng(0x00d1_ff00);
    let mut record = |args: &TokenStream,
                      item: &TokenStream,
                      outcome: Outcome,
                      failures: &mut Vec<String>| match outcome {
        Outcome::Code => code += 1,
        Outcome::CompileError => errors += 1,
        Outcome::Panic(msg) => {
            failures.push(format!("panic `{msg}` on #[differentiate({args})]\n{item}"))
        }
        Outcome::Unparsable(e) => failures.push(format!(
            "unparsable expansion ({e}) of #[differentiate({args})]\n{item}"
        )),
    };
    for (args, f) in &corpus {
        let item = f.to_token_stream();
        let outcome = expand_checked(args, &item);
        record(args, &item, outcome, &mut failures);
    }
    for k in 0..total {
        let (args, f) = &corpus[k % corpus.len()];
        // Edits until the mutant still parses as a function (a few tries), else the last.
        let mut item = TokenStream::new();
        for attempt in 0..8 {
            let mut t = tree(f.to_token_stream());
            for _ in 0..1 + rng.below(3) {
                mutate(&mut rng, &mut t);
            }
            item = stream(&t);
            if syn::parse2::<syn::ItemFn>(item.clone()).is_ok() {
                break;
            }
            if attempt == 7 {
                unparsed += 1;
            }
        }
        let args: TokenStream = if rng.chance(0.15) {
            rng.pick(ARGS).parse().expect("args are token streams")
        } else {
            args.clone()
        };
        let outcome = expand_checked(&args, &item);
        record(&args, &item, outcome, &mut failures);
    }
    eprintln!(
        "no_panic: {} corpus functions, {total} mutants ({unparsed} not a function): {code} expanded to code, {errors} to compile errors, {} failures",
        corpus.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} inputs made the macro panic or emit unparsable code; the first ones:\n\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

/// Inputs the mutants found that the macro once mishandled (`(args, item)`), minimized and
/// kept as regressions: each must now expand to code or to a `compile_error!`.
const KNOWN_FAILURES: &[(&str, &str)] = &[
    // panics in ir/lower_iter.rs: "casts cannot be followed by a function call" (the fold's
    // function is spliced in front of a call)
    (
        "",
        "fn m(x: &[f64]) -> f64 { x.iter().cloned().fold(0.0, f64::max as f64) }",
    ),
    // a type macro named like the float type as the result: the expansion does not parse
    // ("expected `,`") and carries no `compile_error!`
    ("", "fn f(x: f64) -> f64! { x } { let q = x; }"),
];

#[test]
fn known_no_panic_failures() {
    install_quiet_hook();
    let mut still = vec![];
    for (args, item) in KNOWN_FAILURES {
        let (a, i): (TokenStream, TokenStream) = (args.parse().unwrap(), item.parse().unwrap());
        match expand_checked(&a, &i) {
            Outcome::Code | Outcome::CompileError => {}
            Outcome::Panic(m) => still.push(format!("panic `{m}`: {item}")),
            Outcome::Unparsable(e) => still.push(format!("unparsable ({e}): {item}")),
        }
    }
    assert!(still.is_empty(), "still failing:\n{}", still.join("\n"));
}

/// The `#[differentiate]` functions of the project's tests (`tests/*.rs`, `tests/expand`,
/// `tests/ui`, `tests/ui-pass`), read where the tests are, in file order, each once: every
/// construct a test exercises is a seed of mutants. Empty outside the repository (a packaged
/// crate has no `tests/` beside it).
fn corpus() -> Vec<String> {
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
