//! The fuzzer's mutation engine: token trees edited in place, at random but
//! deterministically (a seeded generator): operators swapped, tokens and statements
//! deleted, duplicated or swapped, snippets inserted, identifiers and literals replaced,
//! delimiters changed, `#[checkpoint]` put anywhere; and the attribute arguments a mutant
//! may take instead of its own.

use proc_macro2::{Delimiter, Group, Spacing, TokenStream, TokenTree};

pub(super) struct Rng(pub(super) u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub(super) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub(super) fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
    pub(super) fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// A token tree we can edit in place.
#[derive(Clone)]
pub(super) enum T {
    Leaf(TokenTree),
    Group(Delimiter, Vec<T>),
}

pub(super) fn tree(ts: TokenStream) -> Vec<T> {
    ts.into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) => T::Group(g.delimiter(), tree(g.stream())),
            other => T::Leaf(other),
        })
        .collect()
}

pub(super) fn stream(ts: &[T]) -> TokenStream {
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
pub(super) const ARGS: &[&str] = &[
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
pub(super) fn mutate(rng: &mut Rng, item: &mut Vec<T>) {
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
