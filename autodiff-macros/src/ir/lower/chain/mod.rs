//! Iterator chains, desugared at the syntax level into index loops, which the rest of
//! lowering already knows.
//!
//! A chain is one or two *sources* walked in step (`x.iter()`, `x.iter().zip(y)`, a range
//! `(a..b)` or `(a..=b)`), then *steps* that reorder or cut the walk (`rev`, `skip`,
//! `take`, `step_by`), `enumerate`, and `map` and `filter` closures (a filter skips the rest
//! of a step, so steps and `enumerate` come before it); it ends in a consumer (`sum`,
//! `product`, `fold`, `collect`, `for_each`) or feeds a `for` loop. The loop counter `i`
//! runs over the final length; each step maps its counter back to the one before it:
//!
//! | step | length after it | counter before it |
//! |---|---|---|
//! | `rev` | `L` | `L − 1 − c` |
//! | `skip(n)` | `L − min(n, L)` | `c + n` |
//! | `take(n)` | `min(L, n)` | `c` |
//! | `step_by(n)` | `(L + n − 1) / n` | `c · n` |
//!
//! so the source's position is the counter mapped back through every step, and
//! `enumerate`'s index the counter mapped back through the steps after it. (Expressions are
//! spliced as tokens, so every one that goes inside another is parenthesised.)

use super::iter::{bind_pattern, closure_of, Closure};
use super::Lowerer;
use syn::Expr;

mod consumers;
mod places;
mod walk;

use super::views::{split_views, sub_slice, substitute_views};
use places::{split_places, substitute_places};

/// The iterator chain of a consumer or a `for` loop.
pub(super) struct Chain {
    sources: Vec<Source>,
    steps: Vec<Step>,
    /// `enumerate`, after this many steps.
    enumerate: Option<usize>,
    /// `map` and `filter` closures, applied in order.
    stages: Vec<Stage>,
    /// The sources walked by `iter_mut()` or `&mut x`: their items are places, written
    /// through `*v`.
    writable: Vec<usize>,
    /// How the sources' items nest in what a step yields: `a.zip(b).zip(c)` yields
    /// `((a, b), c)`.
    shape: Shape,
    /// `indexed_iter()`: each item comes with its index in the array (`(i, j)` in a
    /// matrix), in place of `enumerate`'s count.
    indexed: bool,
    /// The sources walked by `cycle()` (`x.iter().skip(w).cycle()` zipped with a finite
    /// walk, a ring buffer read from its write position): item `c` is the sequence's
    /// `c mod len`, and the walk's length is the others' (none, where it is empty).
    cycled: Vec<usize>,
    /// Where a cycled source starts, for `x.iter().cycle().skip(k)` as a side of a zip:
    /// item `c` is the sequence's `(c + k) mod len`.
    offsets: Vec<(usize, Expr)>,
}

/// The nesting of a zip's items, each leaf a source's index.
#[derive(Clone)]
pub(super) enum Shape {
    Leaf(usize),
    Pair(Box<Shape>, Box<Shape>),
}

impl Shape {
    /// The same shape over sources numbered from `by` on.
    fn shifted(&self, by: usize) -> Shape {
        match self {
            Shape::Leaf(k) => Shape::Leaf(k + by),
            Shape::Pair(a, b) => Shape::Pair(Box::new(a.shifted(by)), Box::new(b.shifted(by))),
        }
    }

    /// The item built from each source's: a leaf's, or a pair of the two parts.
    pub(super) fn build(&self, items: &[Expr]) -> Expr {
        match self {
            Shape::Leaf(k) => items[*k].clone(),
            Shape::Pair(a, b) => {
                let (a, b) = (a.build(items), b.build(items));
                syn::parse_quote!((#a, #b))
            }
        }
    }
}

enum Stage {
    /// `map(f)`: the next yield is `f(item)`.
    Map(Closure),
    /// `filter(p)`: the rest of the step runs where `p(&item)` holds.
    Filter(Closure),
    /// `scan(init, |acc, item| { …; Some(value) })`: a state kept from step to step (bound
    /// before the loop to `init`), which the closure updates through `*acc`; the next yield
    /// is `value`.
    Scan {
        init: Box<Expr>,
        state: syn::Ident,
        item: Box<syn::Pat>,
        /// The closure's body, its value unwrapped from `Some`.
        body: Box<Expr>,
    },
}

enum Source {
    /// A sequence, as written: `x` of `x.iter()`.
    Seq(Expr),
    /// `x.windows(k)`, `x.chunks(k)`, `x.chunks_exact(k)`: sub-slices of a sequence. A name
    /// bound to one is read through `w[j]`, `w.len()` and `w.iter()`, which become reads
    /// of the sequence itself (see [`substitute_views`]).
    Views { seq: Expr, size: Expr, kind: Views },
    /// `start..end` or `start..=end` over integers.
    Range {
        start: Expr,
        end: Expr,
        inclusive: bool,
    },
}

#[derive(Clone, Copy, PartialEq)]
enum Views {
    Windows,
    Chunks,
    ChunksExact,
}

enum Step {
    Rev,
    Skip(Expr),
    Take(Expr),
    /// `step_by(n)`: every `n`-th.
    Every(Expr),
}

impl Lowerer {
    /// `for PAT in ITER { body }` over an iterator chain, as an index loop.
    /// Returns the statements that compute the lengths its range reads, to run before it.
    pub(super) fn desugar_for(
        &mut self,
        f: &syn::ExprForLoop,
    ) -> Option<(Vec<syn::Stmt>, syn::ExprForLoop)> {
        let chain = parse_chain(&f.expr, true)?;
        if self.walks_array_sub_slice(&chain) || endless(&chain) {
            return None;
        }
        // A range alone is a loop of its own (`for i in (0..n).rev()`); ranges zipped
        // (`(0..n).zip(1..n)`) are a chain.
        let sequence = |s: &Source| matches!(s, Source::Seq(_) | Source::Views { .. });
        if chain.stages.is_empty()
            && chain.enumerate.is_none()
            && chain.sources.len() == 1
            && !chain.sources.iter().any(sequence)
        {
            return None;
        }
        // Every source must be a sequence the function knows (a slice, `Vec` or array).
        // A constant table (`const HORNER: [f64; 4]`, `Self::NODES`) is one too: its
        // elements are read by index, `HORNER[k]`, which carries no derivative.
        let known = |s: &Source| match s {
            Source::Seq(Expr::Path(p))
            | Source::Views {
                seq: Expr::Path(p), ..
            } if self.is_constant_table(&p.path) => true,
            Source::Seq(Expr::Index(ix)) if self.constant_row(&Expr::Index(ix.clone())) => true,
            Source::Seq(Expr::Path(p))
            | Source::Views {
                seq: Expr::Path(p), ..
            } => p
                .path
                .get_ident()
                .and_then(|i| self.lookup(&i.to_string()))
                .is_some_and(|v| {
                    matches!(
                        self.vars[v].kind,
                        crate::ir::Kind::FloatSeq
                            | crate::ir::Kind::IntSeq
                            | crate::ir::Kind::Array
                    ) || self.struct_slices.contains(&v)
                        || self.vars[v]
                            .ty
                            .as_ref()
                            .is_some_and(crate::types::is_int_tuple_seq)
                }),
            _ => true,
        };
        if !chain.sources.iter().all(known) {
            return None;
        }
        let mut walk = self.walk(&chain);
        let (mut bindings, item) = self.stages(&chain, &mut walk)?;
        let mut pairs = vec![];
        bind_pattern(&f.pat, &item, &mut pairs)?;
        let (mut places, pairs) = split_places(&chain, &walk, pairs);
        // A row of a constant table walked in turn (`for row in M.iter() { for m in
        // row.iter() … }`) is read in place, `M[i]`, as a constant table is.
        let (rows, pairs): (Vec<_>, Vec<_>) = pairs.into_iter().partition(|(name, v)| {
            self.constant_row(v)
                && !binds_mutably(&f.pat, name)
                && used_as_sequence(&f.body, name) == Some(true)
        });
        if let Some((name, Expr::Index(ix))) = pairs.iter().find(|(name, v)| {
            self.constant_row(v) && used_as_sequence(&f.body, name) == Some(false)
        }) {
            let table = quote::ToTokens::to_token_stream(&ix.expr)
                .to_string()
                .replace(' ', "");
            let message = format!("a row of the constant table `{table}`, `{name}`, walked or indexed and also used otherwise (passed on whole, say) is not supported in a `#[differentiate]` function: index the table in the loop instead (`for i in 0..{table}.len()`, `{table}[i][j]`, `&{table}[i]`)");
            self.error(name.span(), message);
        }
        places.extend(rows);
        // An array of a field holding one per element (`for w in &self.weights`) is read in
        // place, `self.weights[i]`: it cannot be moved out of its sequence.
        let (arrays, pairs): (Vec<_>, Vec<_>) = pairs
            .into_iter()
            .partition(|(_, v)| self.array_seq_element(v));
        places.extend(arrays);
        let (views, pairs) = split_views(pairs);
        let mut lets = self.bind_in_order(pairs);
        super::iter::keep_mut(&mut lets, &f.pat);
        bindings.extend(lets);
        let (setup, index, range) = (&walk.setup, &walk.index, &walk.range);
        let mut body = f.body.clone();
        if !places.is_empty() || !views.is_empty() {
            let mut block = Expr::Block(syn::ExprBlock {
                attrs: vec![],
                label: None,
                block: body,
            });
            substitute_places(&mut block, &places)?;
            substitute_views(&mut block, &views)?;
            let Expr::Block(b) = block else {
                unreachable!("a block stays a block")
            };
            body = b.block;
        }
        let (attrs, label) = (&f.attrs, &f.label);
        let new: syn::ExprForLoop = syn::parse_quote! {
            #(#attrs)*
            #label for #index in #range {
                #(#bindings)*
                #body
            }
        };
        Some((setup.clone(), new))
    }
}

impl Lowerer {
    /// Whether `path` names a constant or a static by Rust's naming (`HORNER`,
    /// `tables::NODES`, `Self::WEIGHTS`: the last segment in upper case), not a local.
    pub(in crate::ir::lower) fn is_constant_table(&self, path: &syn::Path) -> bool {
        let Some(last) = path.segments.last() else {
            return false;
        };
        let name = last.ident.to_string();
        let upper = name.chars().any(|c| c.is_ascii_uppercase())
            && name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        upper
            && last.arguments.is_none()
            && (path.segments.len() > 1 || self.lookup(&name).is_none())
    }

    /// Whether `e` is an element of a field holding one `ndarray` array per element,
    /// `self.weights[i]` (`Kind::ArraySeq`).
    fn array_seq_element(&self, e: &Expr) -> bool {
        let Expr::Index(ix) = e else { return false };
        let roots = self.struct_roots();
        super::fields::field_path(&ix.expr, &roots).is_some_and(|(root, path)| {
            self.field_kinds.get(&super::fields::path_key(&root, &path))
                == Some(&crate::ir::Kind::ArraySeq)
        })
    }

    /// Whether `e` is an element of a constant table, `M[i]` (`is_constant_table`).
    fn constant_row(&self, e: &Expr) -> bool {
        matches!(e, Expr::Index(ix)
            if !matches!(&*ix.index, Expr::Range(_))
                && matches!(&*ix.expr, Expr::Path(p) if self.is_constant_table(&p.path)))
    }

    /// Whether `chain` walks a sub-slice of an `ndarray` array (`a[1..]`, as
    /// `a.iter().skip(1)` beside a zip becomes): arrays have no range index, so such a
    /// chain is left to the messages for what is not desugared.
    fn walks_array_sub_slice(&self, chain: &Chain) -> bool {
        chain.sources.iter().any(|s| match s {
            Source::Seq(Expr::Index(ix)) if matches!(&*ix.index, Expr::Range(_)) => {
                matches!(&*ix.expr, Expr::Path(p) if p.path.get_ident()
                    .and_then(|i| self.lookup(&i.to_string()))
                    .is_some_and(|v| self.vars[v].kind == crate::ir::Kind::Array))
            }
            _ => false,
        })
    }
}

/// A chain as a loop: `setup` binds the lengths, `index` runs over `range` (`len` steps),
/// and each step binds `position`, then yields `item`.
struct Walk {
    setup: Vec<syn::Stmt>,
    index: syn::Ident,
    range: Expr,
    /// How many steps (a `Vec`'s capacity for `collect`).
    len: Expr,
    position: Vec<syn::Stmt>,
    item: Expr,
}

/// Whether `pat` binds `name` as `mut`.
fn binds_mutably(pat: &syn::Pat, name: &syn::Ident) -> bool {
    struct Find<'a>(&'a syn::Ident, bool);
    impl<'ast> syn::visit::Visit<'ast> for Find<'_> {
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            self.1 |= p.ident == *self.0 && p.mutability.is_some();
        }
    }
    let mut find = Find(name, false);
    syn::visit::Visit::visit_pat(&mut find, pat);
    find.1
}

/// Whether `body` walks, indexes or measures `name` as a sequence (`name.iter()`,
/// `name[j]`, `name.len()`, `for v in name`): `Some(true)` where it uses it in no other way,
/// `Some(false)` where it also does (a row passed on whole is a value, which the place
/// `M[i]` is not), `None` where it uses it in none of those ways.
fn used_as_sequence(body: &syn::Block, name: &syn::Ident) -> Option<bool> {
    fn mentions(ts: proc_macro2::TokenStream, name: &syn::Ident) -> usize {
        ts.into_iter()
            .map(|t| match t {
                proc_macro2::TokenTree::Ident(i) if i == *name => 1,
                proc_macro2::TokenTree::Group(g) => mentions(g.stream(), name),
                _ => 0,
            })
            .sum()
    }
    struct Find<'a>(&'a syn::Ident, usize);
    impl Find<'_> {
        fn is_name(&self, e: &Expr) -> bool {
            let e = match e {
                Expr::Reference(r) => &*r.expr,
                other => other,
            };
            matches!(e, Expr::Path(p) if p.path.is_ident(self.0))
        }
    }
    impl<'ast> syn::visit::Visit<'ast> for Find<'_> {
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            self.1 += usize::from(
                self.is_name(&m.receiver)
                    && matches!(m.method.to_string().as_str(), "iter" | "len" | "into_iter"),
            );
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_index(&mut self, ix: &'ast syn::ExprIndex) {
            self.1 += usize::from(self.is_name(&ix.expr));
            syn::visit::visit_expr_index(self, ix);
        }
        fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
            self.1 += usize::from(self.is_name(&f.expr));
            syn::visit::visit_expr_for_loop(self, f);
        }
    }
    let mut find = Find(name, 0);
    syn::visit::Visit::visit_block(&mut find, body);
    (find.1 > 0).then(|| find.1 == mentions(quote::ToTokens::to_token_stream(body), name))
}

/// `x` of a copy of it walked whole (`x.clone()`, `x.to_vec()`, `x.to_owned()`), whose
/// items are `x`'s.
fn uncloned(e: &Expr) -> &Expr {
    match e {
        Expr::MethodCall(m)
            if m.args.is_empty()
                && matches!(
                    m.method.to_string().as_str(),
                    "clone" | "to_vec" | "to_owned"
                ) =>
        {
            uncloned(&m.receiver)
        }
        Expr::Paren(p) => uncloned(&p.expr),
        other => other,
    }
}

/// Parses a chain; a bare `x` (or `&x`) counts when `bare` (in `for v in x`).
fn parse_chain(e: &Expr, bare: bool) -> Option<Chain> {
    let seq = |x: &Expr| Chain {
        sources: vec![Source::Seq(x.clone())],
        steps: vec![],
        enumerate: None,
        stages: vec![],
        writable: vec![],
        shape: Shape::Leaf(0),
        indexed: false,
        cycled: vec![],
        offsets: vec![],
    };
    match e {
        Expr::MethodCall(m) => {
            let name = m.method.to_string();
            match (name.as_str(), m.args.len()) {
                ("iter" | "into_iter", 0) => match range(&m.receiver) {
                    Some(r) => Some(Chain {
                        sources: vec![r],
                        ..seq(&m.receiver)
                    }),
                    // `x.clone().into_iter()`: the items of `x`, read in place.
                    None => Some(seq(uncloned(&m.receiver))),
                },
                // An `ndarray` array's entries with their indices.
                ("indexed_iter", 0) => Some(Chain {
                    enumerate: Some(0),
                    indexed: true,
                    ..seq(&m.receiver)
                }),
                ("iter_mut", 0) => Some(Chain {
                    writable: vec![0],
                    ..seq(&m.receiver)
                }),
                ("windows" | "chunks" | "chunks_exact", 1) => {
                    let kind = match name.as_str() {
                        "windows" => Views::Windows,
                        "chunks" => Views::Chunks,
                        _ => Views::ChunksExact,
                    };
                    let (whole, size) = ((*m.receiver).clone(), m.args[0].clone());
                    Some(Chain {
                        sources: vec![Source::Views {
                            seq: whole,
                            size,
                            kind,
                        }],
                        ..seq(&m.receiver)
                    })
                }
                ("copied" | "cloned", 0) => parse_chain(&m.receiver, false),
                ("enumerate", 0) => {
                    let mut c = parse_chain(&m.receiver, false)?;
                    if c.enumerate.is_some() || !c.stages.is_empty() {
                        return None;
                    }
                    c.enumerate = Some(c.steps.len());
                    Some(c)
                }
                ("rev" | "skip" | "take" | "step_by", _) => {
                    let mut c = parse_chain(&m.receiver, false)?;
                    // (A cycled walk has no end to `rev` from.)
                    if !c.stages.is_empty() || !c.cycled.is_empty() && name == "rev" {
                        return None;
                    }
                    let step = match (name.as_str(), m.args.first()) {
                        ("rev", None) => Step::Rev,
                        ("skip", Some(n)) => Step::Skip(n.clone()),
                        ("take", Some(n)) => Step::Take(n.clone()),
                        ("step_by", Some(n)) => Step::Every(n.clone()),
                        _ => return None,
                    };
                    c.steps.push(step);
                    Some(c)
                }
                ("zip", 1) => zip(
                    parse_chain(&m.receiver, false)?,
                    parse_chain(&m.args[0], true)?,
                ),
                // A sequence (or its part after `skip`) walked round and round.
                ("cycle", 0) => {
                    let c = skipped_as_sub_slice(parse_chain(&m.receiver, false)?);
                    let plain = c.sources.len() == 1
                        && matches!(c.sources[0], Source::Seq(_))
                        && c.steps.is_empty()
                        && c.stages.is_empty()
                        && c.enumerate.is_none()
                        && c.writable.is_empty()
                        && !c.indexed;
                    plain.then_some(Chain {
                        cycled: vec![0],
                        ..c
                    })
                }
                ("scan", 2) => {
                    let Expr::Closure(cl) = &m.args[1] else {
                        return None;
                    };
                    let mut c = parse_chain(&m.receiver, false)?;
                    let (state, item, body) = scan_parts(cl)?;
                    if !c.writable.is_empty() {
                        return None;
                    }
                    c.stages.push(Stage::Scan {
                        init: Box::new(m.args[0].clone()),
                        state,
                        item: Box::new(item),
                        body: Box::new(body),
                    });
                    Some(c)
                }
                ("map" | "filter", 1) => {
                    let Expr::Closure(cl) = &m.args[0] else {
                        return None;
                    };
                    let mut c = parse_chain(&m.receiver, false)?;
                    if !c.writable.is_empty() {
                        return None;
                    }
                    c.stages.push(match name.as_str() {
                        "map" => Stage::Map(closure_of(cl)),
                        _ => Stage::Filter(closure_of(cl)),
                    });
                    Some(c)
                }
                _ => None,
            }
        }
        // `std::iter::zip(a, b)`, `zip(&a, &b)`.
        Expr::Call(c)
            if c.args.len() == 2
                && matches!(&*c.func, Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "zip")) =>
        {
            zip(
                parse_chain(&c.args[0], true)?,
                parse_chain(&c.args[1], true)?,
            )
        }
        Expr::Reference(r) if bare && r.mutability.is_some() => Some(Chain {
            writable: vec![0],
            ..seq(&r.expr)
        }),
        Expr::Reference(r) if bare => parse_chain(&r.expr, true),
        // `for v in x`, and `for b in &self.bodies` of a struct's field.
        Expr::Path(_) | Expr::Field(_) if bare => Some(seq(e)),
        Expr::Paren(p) => match range(&p.expr) {
            Some(r) => Some(Chain {
                sources: vec![r],
                ..seq(e)
            }),
            None => parse_chain(&p.expr, bare),
        },
        Expr::Range(_) => Some(Chain {
            sources: vec![range(e)?],
            ..seq(e)
        }),
        _ => None,
    }
}

/// Whether a walk has no end: every source cycled (`x.iter().cycle()`) and not cut by a
/// `take` (before any `step_by`, whose length would overflow).
fn endless(chain: &Chain) -> bool {
    let cut = chain.steps.iter().find_map(|s| match s {
        Step::Take(_) => Some(true),
        Step::Every(_) => Some(false),
        _ => None,
    });
    chain.cycled.len() == chain.sources.len() && cut != Some(true)
}

/// Two plain chains walked in step; either may itself be a zip (`a.zip(b).zip(c)`), whose
/// items nest as its `zip`s do.
fn zip(c: Chain, other: Chain) -> Option<Chain> {
    // `x.iter().zip(x.iter().skip(1))`: consecutive pairs, each side a sub-slice; a cycled
    // side skipped (`x.iter().cycle().skip(w)`), one starting at `w mod len`.
    let (c, other) = (cycled_skips_as_offset(c), cycled_skips_as_offset(other));
    let (mut c, other) = (skipped_as_sub_slice(c), skipped_as_sub_slice(other));
    let plain = |c: &Chain| c.enumerate.is_none() && c.stages.is_empty() && c.steps.is_empty();
    if !plain(&c) || !plain(&other) {
        return None;
    }
    let n = c.sources.len();
    c.writable.extend(other.writable.iter().map(|k| k + n));
    c.cycled.extend(other.cycled.iter().map(|k| k + n));
    c.offsets
        .extend(other.offsets.iter().map(|(k, e)| (k + n, e.clone())));
    c.shape = Shape::Pair(Box::new(c.shape), Box::new(other.shape.shifted(n)));
    c.sources.extend(other.sources);
    Some(c)
}

/// A cycled sequence walked after `skip(n)` steps only (`x.iter().cycle().skip(w)`), as the
/// cycle starting at `w` (its offset), so that it can be zipped; any other chain as it is.
fn cycled_skips_as_offset(mut c: Chain) -> Chain {
    let skips_only = c.sources.len() == 1
        && c.cycled == [0]
        && c.offsets.is_empty()
        && c.enumerate.is_none()
        && c.stages.is_empty()
        && !c.steps.is_empty()
        && c.steps.iter().all(|s| matches!(s, Step::Skip(_)));
    if !skips_only {
        return c;
    }
    let skips: Vec<Expr> = std::mem::take(&mut c.steps)
        .into_iter()
        .filter_map(|s| match s {
            Step::Skip(n) => Some(n),
            _ => None,
        })
        .collect();
    c.offsets
        .push((0, syn::parse_quote!((0usize #(+ (#skips))*))));
    c
}

/// A sequence walked after `skip(n)` steps only (`x.iter().skip(1)`), as the sub-slice it
/// walks, `x[min(n, len)..]` (skipping past the end yields nothing, as `skip` does), so
/// that it can be zipped; any other chain as it is.
fn skipped_as_sub_slice(mut c: Chain) -> Chain {
    // (`x.iter().cycle().skip(k)` is no sub-slice cycled: it starts at `k mod n`.)
    if !c.cycled.is_empty() {
        return c;
    }
    let skips: Vec<&Expr> = c
        .steps
        .iter()
        .filter_map(|s| match s {
            Step::Skip(n) => Some(n),
            _ => None,
        })
        .collect();
    let simple = c.sources.len() == 1
        && c.enumerate.is_none()
        && c.stages.is_empty()
        && c.writable.is_empty()
        && !skips.is_empty()
        && skips.len() == c.steps.len();
    let Some(Source::Seq(x)) = c.sources.first().filter(|_| simple) else {
        return c;
    };
    let x = match x {
        Expr::Reference(r) => (*r.expr).clone(),
        x => x.clone(),
    };
    // (A name or a field, written twice below: not a call, which would run twice.)
    if !matches!(x, Expr::Path(_) | Expr::Field(_)) {
        return c;
    }
    let n: Expr = syn::parse_quote!((0usize #(+ (#skips))*));
    let part: Expr = syn::parse_quote!(#x[(#n).min(#x.len())..]);
    c.sources = vec![Source::Seq(part)];
    c.steps.clear();
    c
}

/// `a..b` or `a..=b` (parenthesised or not) as a source.
fn range(e: &Expr) -> Option<Source> {
    match e {
        Expr::Paren(p) => range(&p.expr),
        Expr::Range(r) => Some(Source::Range {
            start: (**r.start.as_ref()?).clone(),
            end: (**r.end.as_ref()?).clone(),
            inclusive: matches!(r.limits, syn::RangeLimits::Closed(_)),
        }),
        _ => None,
    }
}

/// A `scan` closure's parts: the state's name (`acc` of `|acc, &v|`), the item's pattern,
/// and its body with the value it yields unwrapped (`{ *acc += v; Some(*acc) }` gives
/// `{ *acc += v; *acc }`); `None` where it yields otherwise (`None` ends a scan early).
fn scan_parts(cl: &syn::ExprClosure) -> Option<(syn::Ident, syn::Pat, Expr)> {
    let [state, item] = [cl.inputs.first()?, cl.inputs.iter().nth(1)?];
    let state = match state {
        syn::Pat::Ident(p) => p.ident.clone(),
        syn::Pat::Type(t) => match &*t.pat {
            syn::Pat::Ident(p) => p.ident.clone(),
            _ => return None,
        },
        _ => return None,
    };
    let unwrap_some = |e: &Expr| match e {
        Expr::Call(c)
            if c.args.len() == 1
                && matches!(&*c.func, Expr::Path(p) if p.path.is_ident("Some")) =>
        {
            Some(c.args[0].clone())
        }
        _ => None,
    };
    let mentions_none = crate::tokens::mentions_any(
        quote::ToTokens::to_token_stream(&*cl.body),
        &["None", "return"],
    );
    if mentions_none {
        return None;
    }
    let body = match &*cl.body {
        Expr::Block(b) => {
            let mut b = b.clone();
            let Some(syn::Stmt::Expr(tail, None)) = b.block.stmts.last_mut() else {
                return None;
            };
            *tail = unwrap_some(tail)?;
            Expr::Block(b)
        }
        other => unwrap_some(other)?,
    };
    Some((state, item.clone(), body))
}
