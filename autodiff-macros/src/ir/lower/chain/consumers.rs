//! A chain's consumer as a block: `sum`, `product`, `fold` (a tuple accumulator too),
//! `collect`, `for_each`, and `reduce(…).unwrap()` (and `max_by`/`min_by`, whose
//! comparators are read for the order they sort in).

use super::*;

impl Lowerer {
    /// `chain.sum()`, `.product()`, `.fold(..)`, `.collect()`, `.for_each(..)`, as a block.
    pub(in crate::ir::lower) fn desugar_consumer(
        &mut self,
        m: &syn::ExprMethodCall,
    ) -> Option<Expr> {
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
        if self.walks_array_sub_slice(&chain) || endless(&chain) {
            return None;
        }
        let mut walk = self.walk(&chain);
        let (bindings, current) = self.stages(&chain, &mut walk)?;
        let (setup, index, range) = (&walk.setup, &walk.index, &walk.range);
        let capacity = &walk.len;
        let acc = self.synthetic_ident("acc");
        // `sum::<usize>()` (or `let n: usize = ….sum();`, given the turbofish by `lower_let`):
        // an integer accumulator, which carries no derivative.
        let integer = m.turbofish.as_ref().and_then(|t| match t.args.first() {
            Some(syn::GenericArgument::Type(ty))
                if crate::types::kind_of_type(ty, &self.float) == crate::types::Kind::Int =>
            {
                Some(ty.clone())
            }
            _ => None,
        });
        // `sum::<Point>()`: struct values added with the type's own `+` from its own zero,
        // the sum of nothing (`Sum` is implemented so, a fold of `Add` from a zero).
        // Floats summed as a type the macro cannot see (`sum::<DType>()`, `type DType =
        // f32;` elsewhere) are summed as floats: that type is the floats' alias.
        let summed_struct = m.turbofish.as_ref().and_then(|t| match t.args.first() {
            Some(syn::GenericArgument::Type(ty))
                if method == "sum"
                    && crate::types::kind_of_type(ty, &self.float)
                        == crate::types::Kind::Struct
                    && !self.yields_floats(&chain) =>
            {
                Some(ty.clone())
            }
            _ => None,
        });
        if let Some(ty) = summed_struct {
            return Some(syn::parse_quote!({
                #(#setup)*
                let mut #acc: #ty = ::autodiff::__private::sum_of_nothing::<#ty>();
                for #index in #range { #(#bindings)* #acc = #acc + #current; }
                #acc
            }));
        }
        let summed_integers = integer.is_some();
        let float = &integer.unwrap_or_else(|| self.float.clone());
        // `|acc, p| (acc.0 + p.0, acc.1 + p.1)`: the accumulator taken apart by a pattern.
        let fold_step = match (method.as_str(), m.args.len()) {
            ("fold", 2) => {
                accumulator_by_pattern(&m.args[0], &m.args[1]).unwrap_or_else(|| m.args[1].clone())
            }
            _ => Expr::Verbatim(quote::quote!()),
        };
        // A float sum starts at −0, as `std`'s does (the sum of nothing, or of −0s, is −0).
        let zero: Expr = match summed_integers {
            true => syn::parse_quote!(<#float as ::autodiff::__private::Zero>::zero()),
            false => syn::parse_quote!(::autodiff::__private::sum_start::<#float>()),
        };
        let body: Expr = match method.as_str() {
            "sum" => syn::parse_quote!({
                #(#setup)*
                let mut #acc: #float = #zero;
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
            "fold" if m.args.len() == 2 && tuple_fold(&m.args[0], &fold_step).is_some() => {
                let (inits, c) = tuple_fold(&m.args[0], &fold_step).expect("checked");
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
        if self.walks_array_sub_slice(&chain) || endless(&chain) {
            return None;
        }
        let mut walk = self.walk(&chain);
        let (bindings, current) = self.stages(&chain, &mut walk)?;
        let (setup, index, range) = (&walk.setup, &walk.index, &walk.range);
        let (acc, started) = (self.synthetic_ident("acc"), self.synthetic_ident("started"));
        // `.reduce(f32::max)`: the function given by its path, called as a closure would.
        let by_path: Option<syn::ExprClosure> = match comparator {
            Expr::Path(p) if extremum.is_none() => {
                Some(syn::parse_quote!(|__left, __right| #p(__left, __right)))
            }
            _ => None,
        };
        let step: Expr = match extremum {
            None => {
                let c = match (&by_path, comparator) {
                    (Some(c), _) => c,
                    (None, Expr::Closure(c)) => c,
                    _ => return None,
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

/// A fold over a tuple accumulator named whole (`|acc, p| (acc.0 + p.0, acc.1 + p.1)`) as
/// one taking it apart (`|(__acc_0, __acc_1), p| (__acc_0 + p.0, __acc_1 + p.1)`), which `tuple_fold`
/// reads; `None` where the closure already has a pattern or the tuple has no 2 to 4 parts.
fn accumulator_by_pattern(init: &Expr, step: &Expr) -> Option<Expr> {
    use syn::visit_mut::VisitMut;
    let Expr::Tuple(t) = init else { return None };
    let Expr::Closure(c) = step else { return None };
    let n = t.elems.len();
    if !(2..=4).contains(&n) {
        return None;
    }
    let syn::Pat::Ident(acc) = c.inputs.first()? else {
        return None;
    };
    if acc.by_ref.is_some() || acc.subpat.is_some() {
        return None;
    }
    let acc = acc.ident.clone();
    let parts: Vec<syn::Ident> = (0..n)
        .map(|k| quote::format_ident!("__{}_{}", acc, k))
        .collect();
    struct Parts<'a>(&'a syn::Ident, &'a [syn::Ident]);
    impl VisitMut for Parts<'_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            let named = |e: &Expr| matches!(e, Expr::Path(p) if p.path.is_ident(self.0));
            match e {
                Expr::Field(f) if named(&f.base) => {
                    if let syn::Member::Unnamed(i) = &f.member {
                        if let Some(part) = self.1.get(i.index as usize) {
                            *e = syn::parse_quote!(#part);
                            return;
                        }
                    }
                }
                _ if named(e) => {
                    let parts = self.1;
                    *e = syn::parse_quote!((#(#parts),*));
                    return;
                }
                // (A closure of its own may name another `acc`: left alone.)
                Expr::Closure(_) => return,
                _ => {}
            }
            syn::visit_mut::visit_expr_mut(self, e);
        }
    }
    let mut c = c.clone();
    let mut body = (*c.body).clone();
    Parts(&acc, &parts).visit_expr_mut(&mut body);
    c.body = Box::new(body);
    c.inputs[0] = syn::parse_quote!((#(#parts),*));
    Some(Expr::Closure(c))
}

impl Lowerer {
    /// Whether a chain yields floats for certain: every source a float sequence of the
    /// function's, and each `map` closure's value made by arithmetic and float methods (no
    /// struct literal, no call of a capitalised path such as `Vec3::new`).
    fn yields_floats(&self, chain: &Chain) -> bool {
        let float_seq = |s: &Source| match s {
            Source::Seq(Expr::Path(p)) => p
                .path
                .get_ident()
                .and_then(|i| self.lookup(&i.to_string()))
                .is_some_and(|v| self.vars[v].kind == crate::ir::Kind::FloatSeq),
            _ => false,
        };
        let builds_struct = |c: &Closure| {
            let body = &c.body;
            let tokens = quote::quote!(#body).to_string();
            tokens.contains('{')
                || tokens
                    .split(|ch: char| !ch.is_alphanumeric() && ch != '_')
                    .any(|w| w.starts_with(|ch: char| ch.is_ascii_uppercase()))
        };
        chain.sources.iter().all(float_seq)
            && chain.stages.iter().all(|s| match s {
                Stage::Map(c) => !builds_struct(c),
                Stage::Filter(_) => true,
                Stage::Scan { .. } => false,
            })
    }
}
