//! The index loop a chain becomes: the lengths bound first, the counter's range, each
//! step's counter mapped back to the source's position, and what each stage yields there.

use super::*;

impl Lowerer {
    /// The statements of one step, from the source's position to its last yield: each `map`
    /// turns the yield into the next, each `filter` skips the rest of the step where it
    /// fails (`continue`).
    pub(super) fn stages(
        &mut self,
        chain: &Chain,
        walk: &mut Walk,
    ) -> Option<(Vec<syn::Stmt>, Expr)> {
        let mut bindings: Vec<syn::Stmt> = walk.position.clone();
        let mut current = walk.item.clone();
        for (k, stage) in chain.stages.iter().enumerate() {
            match stage {
                Stage::Map(map) => {
                    self.refuse_early_return(&map.body);
                    let next = self.synthetic_ident(&format!("mapped{k}"));
                    let call =
                        self.inline(&map.params, &map.body, std::slice::from_ref(&current))?;
                    // `map(|&v| (v.cos(), v.sin()))`: a pair, bound part by part, so that a
                    // pattern later (`fold(…, |(sa, sb), (c, s)| …)`) reads floats.
                    if let Some(n) = tuple_len(&map.body) {
                        let parts: Vec<syn::Ident> = (0..n)
                            .map(|j| self.synthetic_ident(&format!("mapped{k}_{j}")))
                            .collect();
                        bindings.push(syn::parse_quote!(let (#(#parts),*) = #call;));
                        current = syn::parse_quote!((#(#parts),*));
                        continue;
                    }
                    bindings.push(syn::parse_quote!(let #next = #call;));
                    current = syn::parse_quote!(#next);
                }
                // The state a variable of its own, bound before the loop; `*acc` and
                // `acc` in the body are that variable.
                Stage::Scan {
                    init,
                    state,
                    item,
                    body,
                } => {
                    let kept = self.synthetic_ident(&format!("scan{k}"));
                    walk.setup.push(syn::parse_quote!(let mut #kept = #init;));
                    let body = scan_state_as(body, state, &kept);
                    self.refuse_early_return(&body);
                    let call = self.inline(
                        std::slice::from_ref(item),
                        &body,
                        std::slice::from_ref(&current),
                    )?;
                    let next = self.synthetic_ident(&format!("mapped{k}"));
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
    pub(super) fn walk(&mut self, chain: &Chain) -> Walk {
        let mut walk = self.walk_unbound(chain);
        // A matrix's column count, bound before the loop: its entries are read and written
        // as `m[[k / cols, k % cols]]`, where `m.ncols()` would borrow `m` inside its own
        // index.
        // An array of more axes, or of a number the type leaves open, binds its shape.
        let mut columns: Vec<syn::Stmt> = vec![];
        for source in &chain.sources {
            if let Source::Seq(x) = source {
                if self.is_matrix(x) {
                    let cols = columns_of(x);
                    columns.push(syn::parse_quote!(let #cols = #x.ncols();));
                } else if self.has_many_axes(x) {
                    let shape = shape_of(x);
                    columns.push(syn::parse_quote!(let #shape = #x.raw_dim();));
                }
            }
        }
        columns.append(&mut walk.setup);
        walk.setup = columns;
        walk
    }

    fn walk_unbound(&mut self, chain: &Chain) -> Walk {
        let index = self.synthetic_ident("i");
        let plain = chain.steps.is_empty() && chain.cycled.is_empty();
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
            // (A count, whatever the range's integer type: `(-2..3)` is one of `i32`.)
            let len = syn::parse_quote!(::autodiff::__private::range_len(#start, #end));
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
            let mut lens = lens.into_iter();
            let first = lens.next().expect("a chain has a source");
            let len: Expr = lens.fold(first, |a, b| syn::parse_quote!(#a.min(#b)));
            let starts = vec![None; chain.sources.len()];
            let item = self.item(
                chain,
                &index,
                &starts,
                &vec![None; chain.sources.len()],
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
        let mut periods = vec![];
        let mut len: Option<syn::Ident> = None;
        for (k, source) in chain.sources.iter().enumerate() {
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
                    // A count, whatever the range's integer type (`(-2..=2).rev()`).
                    setup.push(
                        syn::parse_quote!(let #this = ::autodiff::__private::range_len(#s, #e);),
                    );
                    starts.push(Some(s));
                }
            }
            // A cycled sequence's length is its period; the walk's, none of its own (unless
            // it is empty, which ends the walk at once, as `cycle` does).
            // (Its offset, where it starts, bound once.)
            periods.push(chain.cycled.contains(&k).then(|| {
                let period = self.synthetic_ident("period");
                setup.push(syn::parse_quote!(let #period = #this;));
                setup.push(
                    syn::parse_quote!(let #this = if #period == 0 { 0 } else { usize::MAX };),
                );
                let offset = chain.offsets.iter().find(|(j, _)| *j == k).map(|(_, n)| {
                    let offset = self.synthetic_ident("offset");
                    setup.push(syn::parse_quote!(let #offset: usize = #n;));
                    offset
                });
                (period, offset)
            }));
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
        let item = self.item(chain, &at, &starts, &periods, enumerated);
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
        periods: &[Option<(syn::Ident, Option<syn::Ident>)>],
        enumerated: Option<Expr>,
    ) -> Expr {
        let items: Vec<Expr> = chain
            .sources
            .iter()
            .zip(starts)
            .zip(periods)
            .map(|((source, start), period)| {
                // A cycled sequence's position: the walk's, modulo its period.
                let at: Expr = match period {
                    Some((p, Some(offset))) => syn::parse_quote!(((#at + #offset) % #p)),
                    Some((p, None)) => syn::parse_quote!((#at % #p)),
                    None => syn::parse_quote!(#at),
                };
                (source, start, at)
            })
            .map(|(source, start, at)| match (source, start) {
                (Source::Seq(x), Some(s)) => {
                    let base = sub_slice(x).map_or(x, |(base, _, _)| base);
                    syn::parse_quote!(#base[#s + #at])
                }
                // A matrix walked by `iter()`, in its logical (row-major) order: entry `at`
                // of the flattened matrix.
                (Source::Seq(x), None) if self.is_matrix(x) => {
                    let cols = columns_of(x);
                    syn::parse_quote!(#x[[#at / #cols, #at % #cols]])
                }
                // Entry `at` of an array of any number of axes, in the same order.
                (Source::Seq(x), None) if self.has_many_axes(x) => {
                    let shape = shape_of(x);
                    syn::parse_quote!(#x[::autodiff::__private::unravel_index(&#shape, #at)])
                }
                (Source::Seq(x), None) => syn::parse_quote!(#x[#at]),
                (Source::Range { .. }, Some(s)) => {
                    syn::parse_quote!(::autodiff::__private::range_item(#s, #at))
                }
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
        let item = chain.shape.build(&items);
        // `indexed_iter()`: the entry's own index, `(i, j)` in a matrix.
        let enumerated = match (chain.indexed, chain.sources.as_slice()) {
            (true, [Source::Seq(x)]) if self.is_matrix(x) => {
                let cols = columns_of(x);
                Some(syn::parse_quote!((#at / #cols, #at % #cols)))
            }
            (true, [Source::Seq(x)]) if self.has_many_axes(x) => {
                let shape = shape_of(x);
                Some(syn::parse_quote!(::autodiff::__private::unravel_pattern(&#shape, #at)))
            }
            (true, _) => Some(syn::parse_quote!(#at)),
            (false, _) => enumerated,
        };
        match enumerated {
            Some(e) => syn::parse_quote!((#e, #item)),
            None => item,
        }
    }
}

/// The number of parts of a closure body that ends in a tuple of two to four
/// (`(v.cos(), v.sin())`, `{ let r = …; (r * c, r * s) }`).
fn tuple_len(body: &Expr) -> Option<usize> {
    let tail = match body {
        Expr::Block(b) => match b.block.stmts.last() {
            Some(syn::Stmt::Expr(e, None)) => e,
            _ => return None,
        },
        e => e,
    };
    match tail {
        Expr::Tuple(t) if (2..=4).contains(&t.elems.len()) => Some(t.elems.len()),
        Expr::Paren(p) => tuple_len(&p.expr),
        _ => None,
    }
}

impl Lowerer {
    /// Whether `x` names a two-dimensional `ndarray` array (`Array2`, `ArrayView2`, or
    /// `Ix2` spelled out), whose `iter()` walks its entries row by row.
    fn is_matrix(&self, x: &Expr) -> bool {
        let Expr::Path(p) = x else { return false };
        let Some(v) = p.path.get_ident().and_then(|i| self.lookup(&i.to_string())) else {
            return false;
        };
        self.vars[v].kind == crate::ir::Kind::Array
            && self.vars[v].ty.as_ref().is_some_and(|t| {
                let written = quote::quote!(#t).to_string();
                ["Array2", "ArrayView2", "Ix2"].iter().any(|m| {
                    written
                        .split(|c: char| !c.is_alphanumeric())
                        .any(|w| w == *m)
                })
            })
    }
}

impl Lowerer {
    /// Whether `x` names an `ndarray` array of three or more axes, or of a number its type
    /// leaves open (`Array3`, `ArrayD`, `Array<F, D>` for a type parameter `D`), whose
    /// `iter()` walks its entries in logical order through `unravel_index`.
    fn has_many_axes(&self, x: &Expr) -> bool {
        let Expr::Path(p) = x else { return false };
        let Some(v) = p.path.get_ident().and_then(|i| self.lookup(&i.to_string())) else {
            return false;
        };
        let Some(t) = self.vars[v]
            .ty
            .as_ref()
            .filter(|_| self.vars[v].kind == crate::ir::Kind::Array)
        else {
            return false;
        };
        let written = quote::quote!(#t).to_string();
        let words: Vec<&str> = written
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| !w.is_empty())
            .collect();
        let named = |w: &str| {
            let rank = |prefix: &str| {
                w.strip_prefix(prefix)
                    .is_some_and(|r| matches!(r, "3" | "4" | "5" | "6" | "D" | "Dyn"))
            };
            rank("Array") || rank("ArrayView") || rank("ArrayViewMut") || rank("Ix")
        };
        // `Array<F, D>`, `ArrayView<'_, F, D>`: the dimension a type parameter.
        let generic = words
            .first()
            .is_some_and(|w| matches!(*w, "Array" | "ArrayView" | "ArrayViewMut" | "ArrayBase"))
            && words
                .last()
                .is_some_and(|w| self.type_params.iter().any(|p| p == w));
        words.iter().any(|w| named(w)) || generic
    }
}

/// The local holding the shape of the array `x` a chain walks (`__a_shape`).
fn shape_of(x: &Expr) -> syn::Ident {
    walk_local(x, "shape")
}

/// `body` with the scan's state `*acc` (and `acc`) written as the variable `kept`.
fn scan_state_as(body: &Expr, state: &syn::Ident, kept: &syn::Ident) -> Expr {
    struct Rename<'a>(&'a syn::Ident, &'a syn::Ident);
    impl syn::visit_mut::VisitMut for Rename<'_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            if let Expr::Unary(u) = e {
                if matches!(u.op, syn::UnOp::Deref(_))
                    && matches!(&*u.expr, Expr::Path(p) if p.path.is_ident(self.0))
                {
                    let kept = self.1;
                    *e = syn::parse_quote!(#kept);
                    return;
                }
            }
            if let Expr::Path(p) = e {
                if p.path.is_ident(self.0) {
                    let kept = self.1;
                    *e = syn::parse_quote!(#kept);
                    return;
                }
            }
            syn::visit_mut::visit_expr_mut(self, e);
        }
    }
    let mut body = body.clone();
    syn::visit_mut::VisitMut::visit_expr_mut(&mut Rename(state, kept), &mut body);
    body
}

/// The local holding the column count of the matrix `x` a chain walks (`__m_ncols`).
fn columns_of(x: &Expr) -> syn::Ident {
    walk_local(x, "ncols")
}

/// A local bound before a walk over `x`, named after it: `__{x}_{what}`.
fn walk_local(x: &Expr, what: &str) -> syn::Ident {
    let name = quote::ToTokens::to_token_stream(x).to_string();
    let name: String = name
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    quote::format_ident!("__{}_{}", name, what)
}
