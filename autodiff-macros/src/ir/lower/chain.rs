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
}

enum Stage {
    /// `map(f)`: the next yield is `f(item)`.
    Map(Closure),
    /// `filter(p)`: the rest of the step runs where `p(&item)` holds.
    Filter(Closure),
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
        // Ranges alone are loops of their own (`for i in (0..n).rev()`).
        let sequence = |s: &Source| matches!(s, Source::Seq(_) | Source::Views { .. });
        if chain.stages.is_empty() && !chain.sources.iter().any(sequence) {
            return None;
        }
        // Every source must be a sequence the function knows (a slice, `Vec` or array).
        let known = |s: &Source| match s {
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
                }),
            _ => true,
        };
        if !chain.sources.iter().all(known) {
            return None;
        }
        let walk = self.walk(&chain);
        let (mut bindings, item) = self.stages(&chain, &walk)?;
        let mut pairs = vec![];
        bind_pattern(&f.pat, &item, &mut pairs)?;
        let (places, pairs) = split_places(&chain, &walk, pairs);
        let (views, pairs) = split_views(pairs);
        bindings.extend(self.bind_in_order(pairs));
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

    /// `chain.sum()`, `.product()`, `.fold(..)`, `.collect()`, `.for_each(..)`, as a block.
    pub(super) fn desugar_consumer(&mut self, m: &syn::ExprMethodCall) -> Option<Expr> {
        let method = m.method.to_string();
        if matches!(method.as_str(), "unwrap" | "expect") {
            return self.desugar_reduce(m);
        }
        if !matches!(
            method.as_str(),
            "sum" | "product" | "fold" | "collect" | "for_each"
        ) {
            return None;
        }
        let chain = parse_chain(&m.receiver, false)?;
        let walk = self.walk(&chain);
        let (bindings, current) = self.stages(&chain, &walk)?;
        let (setup, index, range) = (&walk.setup, &walk.index, &walk.range);
        let capacity = &walk.len;
        let acc = self.synthetic_ident("acc");
        let float = &self.float;
        let body: Expr = match method.as_str() {
            "sum" => syn::parse_quote!({
                #(#setup)*
                let mut #acc: #float = <#float as ::autodiff::__private::Zero>::zero();
                for #index in #range { #(#bindings)* #acc += #current; }
                #acc
            }),
            "product" => syn::parse_quote!({
                #(#setup)*
                let mut #acc: #float = <#float as ::autodiff::__private::One>::one();
                for #index in #range { #(#bindings)* #acc *= #current; }
                #acc
            }),
            // `fold((0.0, 0.0), |(s, q), &x| (s + x, q + x * x))`: one accumulator per
            // element of the tuple, each a float of its own, given back as a tuple.
            "fold" if m.args.len() == 2 && tuple_fold(&m.args[0], &m.args[1]).is_some() => {
                let (inits, c) = tuple_fold(&m.args[0], &m.args[1]).expect("checked");
                let c = closure_of(c);
                self.refuse_early_return(&c.body);
                let accs: Vec<syn::Ident> =
                    inits.iter().map(|_| self.synthetic_ident("acc")).collect();
                let nexts: Vec<syn::Ident> =
                    inits.iter().map(|_| self.synthetic_ident("next")).collect();
                let args = [syn::parse_quote!((#(#accs),*)), current.clone()];
                let step = self.inline(&c.params, &c.body, &args)?;
                syn::parse_quote!({
                    #(#setup)*
                    #(let mut #accs = #inits;)*
                    for #index in #range {
                        #(#bindings)*
                        let (#(#nexts),*) = #step;
                        #(#accs = #nexts;)*
                    }
                    (#(#accs),*)
                })
            }
            "fold" if m.args.len() == 2 => {
                let init = &m.args[0];
                let step = match &m.args[1] {
                    Expr::Closure(c) => {
                        let c = closure_of(c);
                        self.refuse_early_return(&c.body);
                        let args = [syn::parse_quote!(#acc), current.clone()];
                        self.inline(&c.params, &c.body, &args)?
                    }
                    // `f64::max`: a function named by a path.
                    f @ Expr::Path(_) => syn::parse_quote!(#f(#acc, #current)),
                    _ => return None,
                };
                syn::parse_quote!({
                    #(#setup)*
                    let mut #acc = #init;
                    for #index in #range { #(#bindings)* #acc = #step; }
                    #acc
                })
            }
            "collect" => syn::parse_quote!({
                #(#setup)*
                let mut #acc = ::std::vec::Vec::with_capacity(#capacity);
                for #index in #range { #(#bindings)* #acc.push(#current); }
                #acc
            }),
            "for_each" if m.args.len() == 1 => {
                let Expr::Closure(c) = &m.args[0] else {
                    return None;
                };
                let c = closure_of(c);
                self.refuse_early_return(&c.body);
                // `x.iter_mut().for_each(|v| *v *= k)`: the element is a place.
                let mut pairs = vec![];
                let [param] = c.params.as_slice() else {
                    return None;
                };
                bind_pattern(param, &current, &mut pairs)?;
                let (places, pairs) = split_places(&chain, &walk, pairs);
                let mut body = c.body.clone();
                substitute_places(&mut body, &places)?;
                let params: Vec<syn::Pat> =
                    pairs.iter().map(|(n, _)| syn::parse_quote!(#n)).collect();
                let args: Vec<Expr> = pairs.into_iter().map(|(_, v)| v).collect();
                let call = self.inline(&params, &body, &args)?;
                syn::parse_quote!({
                    #(#setup)*
                    for #index in #range { #(#bindings)* #call; }
                })
            }
            _ => return None,
        };
        Some(body)
    }

    /// `chain.reduce(|a, b| …).unwrap()` (or `.expect(…)`): the first yield starts the
    /// accumulator, each later one is folded in; an empty chain panics as `unwrap` would.
    fn desugar_reduce(&mut self, m: &syn::ExprMethodCall) -> Option<Expr> {
        let Expr::MethodCall(reduce) = &*m.receiver else {
            return None;
        };
        let mut reduce: &syn::ExprMethodCall = reduce;
        // `max_by(…).copied().unwrap()`: the items are values here already.
        if matches!(reduce.method.to_string().as_str(), "copied" | "cloned") {
            let Expr::MethodCall(inner) = &*reduce.receiver else {
                return None;
            };
            reduce = inner;
        }
        let extremum = match reduce.method.to_string().as_str() {
            "max_by" => Some(true),
            "min_by" => Some(false),
            "reduce" => None,
            _ => return None,
        };
        let comparator = reduce.args.first()?;
        let chain = parse_chain(&reduce.receiver, false)?;
        let walk = self.walk(&chain);
        let (bindings, current) = self.stages(&chain, &walk)?;
        let (setup, index, range) = (&walk.setup, &walk.index, &walk.range);
        let (acc, started) = (self.synthetic_ident("acc"), self.synthetic_ident("started"));
        let step: Expr = match extremum {
            None => {
                let Expr::Closure(c) = comparator else {
                    return None;
                };
                let c = closure_of(c);
                self.refuse_early_return(&c.body);
                let args = [syn::parse_quote!(#acc), current.clone()];
                self.inline(&c.params, &c.body, &args)?
            }
            // As the standard library's: `max_by` keeps the last of equal maxima, `min_by`
            // the first of equal minima; `cmp(acc, item) == Greater` is `acc > item`
            // (`acc < item` for a comparator that swaps its arguments).
            Some(max) => {
                let ascending = ordering_of(comparator)?;
                let greater: Expr = match ascending {
                    true => syn::parse_quote!(#acc > #current),
                    false => syn::parse_quote!(#acc < #current),
                };
                match max {
                    true => syn::parse_quote!(if #greater { #acc } else { #current }),
                    false => syn::parse_quote!(if #greater { #current } else { #acc }),
                }
            }
        };
        let float = &self.float;
        // `expect`'s message where it is a literal without braces (a format string then).
        let message = match (m.method == "expect", m.args.first()) {
            (true, Some(Expr::Lit(l))) if !quote::quote!(#l).to_string().contains(['{', '}']) => {
                quote::quote!(#l)
            }
            _ => quote::quote!("called `Option::unwrap()` on a `None` value"),
        };
        Some(syn::parse_quote!({
            #(#setup)*
            let mut #acc: #float = <#float as ::autodiff::__private::Zero>::zero();
            let mut #started = false;
            for #index in #range {
                #(#bindings)*
                if #started {
                    #acc = #step;
                } else {
                    #acc = #current;
                    #started = true;
                }
            }
            if !#started {
                ::core::panic!(#message);
            }
            #acc
        }))
    }

    /// The statements of one step, from the source's position to its last yield: each `map`
    /// turns the yield into the next, each `filter` skips the rest of the step where it
    /// fails (`continue`).
    fn stages(&mut self, chain: &Chain, walk: &Walk) -> Option<(Vec<syn::Stmt>, Expr)> {
        let mut bindings: Vec<syn::Stmt> = walk.position.clone();
        let mut current = walk.item.clone();
        for (k, stage) in chain.stages.iter().enumerate() {
            match stage {
                Stage::Map(map) => {
                    self.refuse_early_return(&map.body);
                    let next = self.synthetic_ident(&format!("mapped{k}"));
                    let call =
                        self.inline(&map.params, &map.body, std::slice::from_ref(&current))?;
                    bindings.push(syn::parse_quote!(let #next = #call;));
                    current = syn::parse_quote!(#next);
                }
                Stage::Filter(keep) => {
                    self.refuse_early_return(&keep.body);
                    // The yield is bound once, so the test and the rest read the same value.
                    current = self.bind_yield(current, k, &mut bindings);
                    let test =
                        self.inline(&keep.params, &keep.body, std::slice::from_ref(&current))?;
                    bindings.push(syn::parse_quote!(if !(#test) { continue; }));
                }
            }
        }
        Some((bindings, current))
    }

    /// `current` with each part that is not a plain name bound to one (a pair's parts one
    /// by one, so that patterns can still take it apart).
    fn bind_yield(&mut self, current: Expr, k: usize, bindings: &mut Vec<syn::Stmt>) -> Expr {
        match current {
            Expr::Path(_) => current,
            Expr::Tuple(t) => {
                let parts: Vec<Expr> = t
                    .elems
                    .into_iter()
                    .map(|e| self.bind_yield(e, k, bindings))
                    .collect();
                syn::parse_quote!((#(#parts),*))
            }
            other => {
                let item = self.synthetic_ident(&format!("item{k}"));
                bindings.push(syn::parse_quote!(let #item = #other;));
                syn::parse_quote!(#item)
            }
        }
    }

    /// The loop a chain becomes: lengths bound first, the counter's range, and what a step
    /// yields (after the bindings in `position`).
    fn walk(&mut self, chain: &Chain) -> Walk {
        let index = self.synthetic_ident("i");
        let plain = chain.steps.is_empty();
        // A range alone, walked in order: the loop runs over it.
        if let (
            true,
            None,
            [Source::Range {
                start,
                end,
                inclusive,
            }],
        ) = (plain, chain.enumerate, chain.sources.as_slice())
        {
            let range: Expr = match inclusive {
                true => syn::parse_quote!(#start..=#end),
                false => syn::parse_quote!(#start..#end),
            };
            let end: Expr = match inclusive {
                true => syn::parse_quote!((#end) + 1),
                false => syn::parse_quote!(#end),
            };
            let len = syn::parse_quote!(#end - ::core::cmp::min(#start, #end));
            return Walk {
                setup: vec![],
                range,
                len,
                position: vec![],
                item: syn::parse_quote!(#index),
                index,
            };
        }
        // Sequences alone, walked in order: `x[i]` over `0..x.len()`.
        // Sequences alone (whole ones: a sub-slice's start is bound once, below).
        let whole = |s: &Source| matches!(s, Source::Seq(x) if sub_slice(x).is_none());
        if plain && chain.sources.iter().all(whole) {
            let lens: Vec<Expr> = chain
                .sources
                .iter()
                .map(|s| match s {
                    Source::Seq(x) => syn::parse_quote!(#x.len()),
                    _ => unreachable!("whole sequences only"),
                })
                .collect();
            let len: Expr = match lens.as_slice() {
                [a] => a.clone(),
                [a, b] => syn::parse_quote!(#a.min(#b)),
                _ => unreachable!("a chain walks one or two sources"),
            };
            let item = self.item(
                chain,
                &index,
                &[None, None],
                chain.enumerate.map(|_| syn::parse_quote!(#index)),
            );
            return Walk {
                setup: vec![],
                range: syn::parse_quote!(0..#len),
                len,
                position: vec![],
                item,
                index,
            };
        }
        let mut setup: Vec<syn::Stmt> = vec![];
        // Each source's length, then the shortest (`zip` stops at the shorter).
        let mut starts = vec![];
        let mut len: Option<syn::Ident> = None;
        for source in &chain.sources {
            let this = self.synthetic_ident("len");
            match source {
                // `x[a..b]`: `a` evaluated once, as Rust does, before the walk.
                Source::Seq(x) => match sub_slice(x) {
                    Some((base, from, to)) => {
                        let s = self.synthetic_ident("start");
                        let from: Expr = from.cloned().unwrap_or_else(|| syn::parse_quote!(0));
                        let to: Expr = to.unwrap_or_else(|| syn::parse_quote!(#base.len()));
                        setup.push(syn::parse_quote!(let #s: usize = #from;));
                        setup.push(syn::parse_quote!(let #this = (#to) - #s;));
                        starts.push(Some(s));
                    }
                    None => {
                        setup.push(syn::parse_quote!(let #this = #x.len();));
                        starts.push(None);
                    }
                },
                // The size bound once; the count of sub-slices as the standard library's.
                Source::Views { seq, size, kind } => {
                    let k = self.synthetic_ident("size");
                    setup.push(syn::parse_quote!(let #k: usize = #size;));
                    let count: Expr = match kind {
                        Views::Windows => syn::parse_quote!((#seq.len() + 1).saturating_sub(#k)),
                        Views::Chunks => syn::parse_quote!((#seq.len() + #k - 1) / #k),
                        Views::ChunksExact => syn::parse_quote!(#seq.len() / #k),
                    };
                    setup.push(syn::parse_quote!(let #this = #count;));
                    starts.push(Some(k));
                }
                Source::Range {
                    start,
                    end,
                    inclusive,
                } => {
                    let (s, e) = (self.synthetic_ident("start"), self.synthetic_ident("end"));
                    setup.push(syn::parse_quote!(let #s = #start;));
                    let end: Expr = match inclusive {
                        true => syn::parse_quote!((#end) + 1),
                        false => syn::parse_quote!(#end),
                    };
                    setup.push(syn::parse_quote!(let #e = #end;));
                    // `::core::cmp::min`, not a method: a literal bound has no type yet.
                    setup.push(syn::parse_quote!(let #this = #e - ::core::cmp::min(#s, #e);));
                    starts.push(Some(s));
                }
            }
            len = Some(match len {
                None => this,
                Some(before) => {
                    let both = self.synthetic_ident("len");
                    setup.push(syn::parse_quote!(let #both = ::core::cmp::min(#before, #this);));
                    both
                }
            });
        }
        let mut lens = vec![len.expect("a chain has a source")];
        for step in &chain.steps {
            let before = lens.last().expect("a length").clone();
            let after = self.synthetic_ident("len");
            let value: Expr = match step {
                Step::Rev => syn::parse_quote!(#before),
                Step::Skip(n) => syn::parse_quote!(#before - ::core::cmp::min(#n, #before)),
                Step::Take(n) => syn::parse_quote!(::core::cmp::min(#before, #n)),
                Step::Every(n) => syn::parse_quote!((#before + (#n) - 1) / (#n)),
            };
            setup.push(syn::parse_quote!(let #after = #value;));
            lens.push(after);
        }
        // Counters mapped back through the steps, from the last one.
        let mut counter: Expr = syn::parse_quote!(#index);
        let mut enumerated: Option<Expr> = None;
        for (k, step) in chain.steps.iter().enumerate().rev() {
            if chain.enumerate == Some(k + 1) {
                enumerated = Some(counter.clone());
            }
            let before = &lens[k];
            counter = match step {
                Step::Rev => syn::parse_quote!(#before - 1 - (#counter)),
                Step::Skip(n) => syn::parse_quote!((#counter) + (#n)),
                Step::Take(_) => counter,
                Step::Every(n) => syn::parse_quote!((#counter) * (#n)),
            };
        }
        if chain.enumerate == Some(0) {
            enumerated = Some(counter.clone());
        }
        let at = self.synthetic_ident("at");
        let item = self.item(chain, &at, &starts, enumerated);
        let len = lens.last().expect("a length");
        Walk {
            setup,
            range: syn::parse_quote!(0..#len),
            len: syn::parse_quote!(#len),
            position: vec![syn::parse_quote!(let #at = #counter;)],
            item,
            index,
        }
    }

    /// What a step yields at source position `at`: `x[at]`, `start + at`, a pair for `zip`,
    /// with `enumerate`'s index in front.
    fn item(
        &self,
        chain: &Chain,
        at: &syn::Ident,
        starts: &[Option<syn::Ident>],
        enumerated: Option<Expr>,
    ) -> Expr {
        let items: Vec<Expr> = chain
            .sources
            .iter()
            .zip(starts)
            .map(|(source, start)| match (source, start) {
                (Source::Seq(x), Some(s)) => {
                    let base = sub_slice(x).map_or(x, |(base, _, _)| base);
                    syn::parse_quote!(#base[#s + #at])
                }
                (Source::Seq(x), None) => syn::parse_quote!(#x[#at]),
                (Source::Range { .. }, Some(s)) => syn::parse_quote!(#s + #at),
                (Source::Views { seq, kind, .. }, Some(k)) => match kind {
                    Views::Windows => syn::parse_quote!(#seq[#at..#at + #k]),
                    Views::ChunksExact => syn::parse_quote!(#seq[#at * #k..#at * #k + #k]),
                    Views::Chunks => syn::parse_quote!(
                        #seq[#at * #k..::core::cmp::min(#at * #k + #k, #seq.len())]
                    ),
                },
                (Source::Range { .. } | Source::Views { .. }, None) => {
                    unreachable!("a range has a start, sub-slices a size")
                }
            })
            .collect();
        let item: Expr = match items.as_slice() {
            [x] => x.clone(),
            [x, y] => syn::parse_quote!((#x, #y)),
            _ => unreachable!("a chain walks one or two sources"),
        };
        match enumerated {
            Some(e) => syn::parse_quote!((#e, #item)),
            None => item,
        }
    }
}

/// `x[a..b]`, `x[a..]`, `x[..b]`, `x[a..=b]` as `(x, a, end)`, the end exclusive.
pub(super) fn sub_slice(e: &Expr) -> Option<(&Expr, Option<&Expr>, Option<Expr>)> {
    let Expr::Index(ix) = e else { return None };
    let Expr::Range(r) = &*ix.index else {
        return None;
    };
    let end = r.end.as_deref().map(|end| -> Expr {
        match r.limits {
            syn::RangeLimits::Closed(_) => syn::parse_quote!((#end) + 1),
            syn::RangeLimits::HalfOpen(_) => end.clone(),
        }
    });
    Some((&ix.expr, r.start.as_deref(), end))
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

/// Parses a chain; a bare `x` (or `&x`) counts when `bare` (in `for v in x`).
fn parse_chain(e: &Expr, bare: bool) -> Option<Chain> {
    let seq = |x: &Expr| Chain {
        sources: vec![Source::Seq(x.clone())],
        steps: vec![],
        enumerate: None,
        stages: vec![],
        writable: vec![],
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
                    None => Some(seq(&m.receiver)),
                },
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
                    if !c.stages.is_empty() {
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

/// Two plain chains walked in step.
fn zip(mut c: Chain, other: Chain) -> Option<Chain> {
    let plain = |c: &Chain| {
        c.enumerate.is_none() && c.stages.is_empty() && c.steps.is_empty() && c.sources.len() == 1
    };
    if !plain(&c) || !plain(&other) {
        return None;
    }
    c.writable
        .extend(other.writable.iter().map(|k| k + c.sources.len()));
    c.sources.extend(other.sources);
    Some(c)
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

/// Names bound to expressions.
type Bindings = Vec<(syn::Ident, Expr)>;

/// The names a pattern binds to an item of a writable source (`iter_mut`, `&mut x`), which
/// are places, apart from those bound to values.
fn split_places(chain: &Chain, walk: &Walk, pairs: Bindings) -> (Bindings, Bindings) {
    let items: Vec<String> = match &walk.item {
        Expr::Tuple(t) if chain.sources.len() > 1 || chain.enumerate.is_some() => {
            let mut parts: Vec<&Expr> = t.elems.iter().collect();
            if chain.enumerate.is_some() {
                parts.remove(0);
            }
            let flat: Vec<&Expr> = match parts.as_slice() {
                [Expr::Tuple(inner)] if chain.sources.len() > 1 => inner.elems.iter().collect(),
                _ => parts,
            };
            flat.into_iter()
                .map(|e| quote::quote!(#e).to_string())
                .collect()
        }
        single => vec![quote::quote!(#single).to_string()],
    };
    let writable: Vec<&String> = chain
        .writable
        .iter()
        .filter_map(|k| items.get(*k))
        .collect();
    pairs
        .into_iter()
        .partition(|(_, v)| writable.contains(&&quote::quote!(#v).to_string()))
}

/// Whether a pattern in `body` binds one of the names again.
fn binds_again(body: &Expr, names: &[(syn::Ident, Expr)]) -> bool {
    struct Rebinds<'p>(&'p [(syn::Ident, Expr)], bool);
    impl syn::visit::Visit<'_> for Rebinds<'_> {
        fn visit_pat_ident(&mut self, p: &syn::PatIdent) {
            self.1 |= self.0.iter().any(|(n, _)| *n == p.ident);
        }
    }
    let mut rebinds = Rebinds(names, false);
    syn::visit::Visit::visit_expr(&mut rebinds, body);
    rebinds.1
}

/// Replaces each name bound to a place by the place itself (`*v` and `v` by `x[at]`), so
/// that `*v = …`, `*v /= s` and reads of `v` are element writes and reads. `None` where the
/// body binds one of the names again (it would then mean something else).
fn substitute_places(body: &mut Expr, places: &[(syn::Ident, Expr)]) -> Option<()> {
    use syn::visit_mut::VisitMut;
    if binds_again(body, places) {
        return None;
    }
    struct Places<'p>(&'p [(syn::Ident, Expr)]);
    impl Places<'_> {
        fn place(&self, e: &Expr) -> Option<Expr> {
            let e = match e {
                Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => &*u.expr,
                other => other,
            };
            let Expr::Path(p) = e else { return None };
            let name = p.path.get_ident()?;
            self.0
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        }
    }
    impl VisitMut for Places<'_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            match self.place(e) {
                Some(place) => *e = place,
                None => syn::visit_mut::visit_expr_mut(self, e),
            }
        }
    }
    Places(places).visit_expr_mut(body);
    Some(())
}

/// The names bound to a sub-slice `x[a..b]` (a window or chunk), apart from the others.
pub(super) fn split_views(pairs: Bindings) -> (Bindings, Bindings) {
    pairs.into_iter().partition(|(_, v)| sub_slice(v).is_some())
}

/// Replaces the reads of each name bound to a sub-slice `x[a..b]` by reads of `x`:
/// `w[j]` by `x[a + j]`, `w.len()` by `b - a`, `w.iter()` by `x[a..b].iter()`. `None` where
/// the body uses such a name otherwise, or binds it again.
pub(super) fn substitute_views(body: &mut Expr, views: &[(syn::Ident, Expr)]) -> Option<()> {
    use syn::visit_mut::VisitMut;
    if views.is_empty() {
        return Some(());
    }
    // A window named like the sequence it is part of (`x.windows(2).map(|x| x[1] - x[0])`):
    // the closure's name is renamed first, so the sequence's reads stay the sequence's.
    let renamed: Vec<(syn::Ident, Expr)>;
    let views = if views.iter().any(|(n, slice)| mentions_name(slice, n)) {
        renamed = views
            .iter()
            .map(|(n, slice)| {
                if !mentions_name(slice, n) {
                    return (n.clone(), slice.clone());
                }
                let fresh = quote::format_ident!("{}_window", n.to_string().replace("r#", ""));
                rename_paths(body, n, &fresh);
                (fresh, slice.clone())
            })
            .collect();
        &renamed[..]
    } else {
        views
    };
    if binds_again(body, views) {
        return None;
    }
    struct Reads<'p> {
        views: &'p [(syn::Ident, Expr)],
        other_use: bool,
    }
    impl Reads<'_> {
        fn view(&self, e: &Expr) -> Option<(&Expr, Expr, Expr)> {
            let e = match e {
                Expr::Reference(r) => &*r.expr,
                Expr::Paren(p) => &*p.expr,
                other => other,
            };
            let Expr::Path(p) = e else { return None };
            let name = p.path.get_ident()?;
            let (_, slice) = self.views.iter().find(|(n, _)| n == name)?;
            let (base, from, to) = sub_slice(slice)?;
            Some((base, from?.clone(), to?))
        }
    }
    impl VisitMut for Reads<'_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            let replaced: Option<Expr> = match &*e {
                Expr::Index(ix) => self.view(&ix.expr).map(|(base, from, _)| {
                    let j = &ix.index;
                    syn::parse_quote!(#base[(#from) + (#j)])
                }),
                Expr::MethodCall(m) if m.args.is_empty() => {
                    match (self.view(&m.receiver), m.method.to_string().as_str()) {
                        (Some((_, from, to)), "len") => Some(syn::parse_quote!(((#to) - (#from)))),
                        (Some((base, from, to)), "iter" | "into_iter") => {
                            Some(syn::parse_quote!(#base[#from..#to].iter()))
                        }
                        _ => None,
                    }
                }
                Expr::Path(_) if self.view(e).is_some() => {
                    self.other_use = true;
                    None
                }
                _ => None,
            };
            match replaced {
                Some(r) => {
                    *e = r;
                    // The index itself may read another window (`w[v[0]]`).
                    syn::visit_mut::visit_expr_mut(self, e);
                }
                None => syn::visit_mut::visit_expr_mut(self, e),
            }
        }
    }
    let mut reads = Reads {
        views,
        other_use: false,
    };
    reads.visit_expr_mut(body);
    (!reads.other_use).then_some(())
}

/// Whether a comparator of two floats orders them ascending (`|a, b| a.partial_cmp(b)
/// .unwrap()`, `a.total_cmp(b)`, `f64::total_cmp`) or descending (`b.partial_cmp(a)…`);
/// `None` for any other comparator.
fn ordering_of(cmp: &Expr) -> Option<bool> {
    fn name(p: &syn::Pat) -> Option<&syn::Ident> {
        match p {
            syn::Pat::Ident(i) => Some(&i.ident),
            syn::Pat::Reference(r) => name(&r.pat),
            syn::Pat::Type(t) => name(&t.pat),
            _ => None,
        }
    }
    fn operand(e: &Expr) -> Option<&syn::Ident> {
        match e {
            Expr::Path(p) => p.path.get_ident(),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => operand(&u.expr),
            Expr::Reference(r) => operand(&r.expr),
            Expr::Paren(p) => operand(&p.expr),
            _ => None,
        }
    }
    match cmp {
        Expr::Path(p) => {
            let last = p.path.segments.last()?;
            (last.ident == "total_cmp" && p.path.segments.len() == 2).then_some(true)
        }
        Expr::Closure(c) if c.inputs.len() == 2 => {
            let (a, b) = (name(&c.inputs[0])?, name(&c.inputs[1])?);
            let mut body = &*c.body;
            if let Expr::Block(b) = body {
                match b.block.stmts.as_slice() {
                    [syn::Stmt::Expr(e, None)] => body = e,
                    _ => return None,
                }
            }
            // `x.partial_cmp(y).unwrap()` (or `expect`, `unwrap_or(…)`), `x.total_cmp(y)`.
            let call = match body {
                Expr::MethodCall(m)
                    if matches!(
                        m.method.to_string().as_str(),
                        "unwrap" | "expect" | "unwrap_or"
                    ) =>
                {
                    match &*m.receiver {
                        Expr::MethodCall(inner) if inner.method == "partial_cmp" => inner,
                        _ => return None,
                    }
                }
                Expr::MethodCall(m) if m.method == "total_cmp" => m,
                _ => return None,
            };
            let (x, y) = (operand(&call.receiver)?, operand(call.args.first()?)?);
            match (x == a && y == b, x == b && y == a) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The initial values and the closure of a fold whose accumulator is a tuple of two to four
/// (`fold((0.0, 1.0), |(s, p), v| …)`), the closure taking it apart by a tuple pattern.
fn tuple_fold<'a>(init: &'a Expr, step: &'a Expr) -> Option<(Vec<&'a Expr>, &'a syn::ExprClosure)> {
    let Expr::Tuple(t) = init else { return None };
    let Expr::Closure(c) = step else { return None };
    let first = c.inputs.first()?;
    let first = match first {
        syn::Pat::Type(pt) => &*pt.pat,
        other => other,
    };
    let syn::Pat::Tuple(p) = first else {
        return None;
    };
    ((2..=4).contains(&t.elems.len()) && p.elems.len() == t.elems.len())
        .then(|| (t.elems.iter().collect(), c))
}

/// Whether `e` reads the name `n` (as a path).
fn mentions_name(e: &Expr, n: &syn::Ident) -> bool {
    crate::tokens::mentions_ident(quote::ToTokens::to_token_stream(e), n)
}

/// Every path `from` in `e` (the expressions of a closure body) written `to`.
fn rename_paths(e: &mut Expr, from: &syn::Ident, to: &syn::Ident) {
    use syn::visit_mut::VisitMut;
    struct Rename<'a>(&'a syn::Ident, &'a syn::Ident);
    impl VisitMut for Rename<'_> {
        fn visit_expr_path_mut(&mut self, p: &mut syn::ExprPath) {
            if p.qself.is_none() && p.path.is_ident(self.0) {
                p.path.segments[0].ident = self.1.clone();
            }
        }
    }
    Rename(from, to).visit_expr_mut(e);
}
