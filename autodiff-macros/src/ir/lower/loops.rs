//! Loops: `for` over ranges and iterator chains, `while`, `loop` (for its value too), and `break`/`continue` as the loop's flags, tested after each iteration.

use super::fields::peel_parens;
use super::*;

impl Lowerer {
    pub(super) fn lower_for(&mut self, f: &syn::ExprForLoop, out: &mut Vec<Stmt>) {
        let span = f.for_token.span;
        if let Some(lanes) = self.axis_iter_as_lanes(f) {
            return self.lower_for(&lanes, out);
        }
        // `for t in [0.5, 1.5, 2.5]` (or over `&[…]`): the array bound to a name first, then
        // walked as a local array is.
        let (literal, by_ref) = match &*f.expr {
            syn::Expr::Reference(r) if r.mutability.is_none() => (&*r.expr, true),
            e => (e, false),
        };
        if let syn::Expr::Array(a) = literal {
            let scalars = a.elems.iter().all(|e| {
                !matches!(
                    e,
                    syn::Expr::Array(_) | syn::Expr::Tuple(_) | syn::Expr::Struct(_)
                )
            });
            if scalars && !a.elems.is_empty() {
                let items = self.synthetic_ident("items");
                let bind: syn::Stmt = syn::parse_quote!(let #items = #a;);
                self.lower_stmt(&bind, out);
                let mut walked = f.clone();
                *walked.expr = if by_ref {
                    syn::parse_quote!(#items.iter())
                } else {
                    syn::parse_quote!(#items.iter().copied())
                };
                return self.lower_for(&walked, out);
            }
        }
        if let Some(sequence) = self.rows_as_sub_slices(&f.expr) {
            let mut f = f.clone();
            *f.expr = sequence;
            return self.lower_for(&f, out);
        }
        // `for b in &bodies[i + 1..]` over a part of a slice of structs: its elements, as
        // `bodies.iter().skip(i + 1)` walks them (`take` for an end).
        if let Some(walk) = self.struct_sub_slice_walk(&f.expr) {
            let mut f = f.clone();
            *f.expr = walk;
            return self.lower_for(&f, out);
        }
        if let Some(stepped) = self.reversed_then_stepped(f, out) {
            return self.lower_for(&stepped, out);
        }
        if range_parts(&f.expr).is_none() {
            if let Some((setup, desugared)) = self.desugar_for(f) {
                // The lengths the loop's range reads, computed before it.
                for s in &setup {
                    self.lower_stmt(s, out);
                }
                return self.lower_for(&desugared, out);
            }
        }
        let wild = Ident::new("_", span);
        let index = match &*f.pat {
            syn::Pat::Ident(pi) => Some(&pi.ident),
            syn::Pat::Wild(_) => Some(&wild),
            _ => None,
        };
        if zips_stepped(&f.expr) {
            return self.error(expr_span(&f.expr), "`zip` of a sequence walked with a step (`a.iter().rev().zip(b)`, `skip`, `take`, `step_by`) is not supported in a `#[differentiate]` function: loop over indices and read each side at its own (`for k in 0..n { let p = &a[n - 1 - k]; let q = b[k]; … }`)");
        }
        // (What the loop walks is said first: a pattern is only wrong for a range.)
        let Some(parts) = range_parts(&f.expr) else {
            return self.error(expr_span(&f.expr), unwalked_message(&f.expr));
        };
        let Some(index) = index else {
            return self.error(syn::spanned::Spanned::span(&*f.pat), "`for` loops over a range bind one index variable (`for i in 0..n`); iterate over indices instead of elements");
        };
        let bound = |lw: &mut Self, e: &syn::Expr, base: &str, out: &mut Vec<Stmt>| {
            lw.integer_context = true;
            let value = lw.lower_expr(e, out);
            lw.integer_context = false;
            let v = lw.temp(base, Kind::Int, span);
            lw.vars[v].mutable = false;
            out.push(Stmt::new(
                StmtKind::Let {
                    var: v,
                    init: Some(value),
                },
                span,
            ));
            v
        };
        let start = bound(self, parts.start, "lo", out);
        let end = bound(self, parts.end, "hi", out);
        let step = parts.step.map(|s| bound(self, s, "step", out));
        let range = Range {
            start,
            end,
            inclusive: parts.inclusive,
            rev: parts.rev,
            step,
        };
        let trips = self.temp("trips", Kind::Int, span);
        self.enter_loop(f.label.as_ref(), None);
        let id = self.open_scope();
        let var = self.declare(index, Kind::Int, false, None);
        let body = self.lower_body_block(&f.body);
        let mut stmts = vec![];
        self.flatten_into(body, &mut stmts);
        self.close_scope();
        let (b, c) = self.leave_loop();
        self.declare_loop_flags(b, c, &mut stmts, span, out);
        let exit = self.exit_test(b, &stmts, span);
        let body = Block { id, stmts };
        // A loop that may stop early, or strides, is replayed from its trip count.
        let trips = (exit.is_some() || range.step.is_some()).then_some(trips);
        let checkpoint = self.checkpoint_attr(&f.attrs);
        if checkpoint.is_some() {
            self.check_checkpointed_loop(span, &exit, Some(&range));
        }
        out.push(Stmt::new(
            StmtKind::For {
                var,
                range,
                body,
                exit,
                trips,
                checkpoint,
            },
            span,
        ));
    }

    /// `loop { … }`; with `value`, a `loop` whose `break value` assigns those variables.
    pub(super) fn lower_loop(
        &mut self,
        l: &syn::ExprLoop,
        value: Option<Vec<VarId>>,
        out: &mut Vec<Stmt>,
    ) {
        let checkpoint = self.checkpoint_attr(&l.attrs);
        let span = l.loop_token.span;
        let label = l.label.as_ref();
        // Set on every path out of the loop, though rustc cannot see it through the flags
        // the lowering makes of `break`: start from a default it then replaces.
        for &v in value.iter().flatten() {
            self.vars[v].mutable = true;
            let default = self.placeholder(v, span);
            out.push(Stmt::new(
                StmtKind::Assign {
                    place: Place::Var(v),
                    value: default,
                    compound: None,
                },
                span,
            ));
        }
        self.lower_while(None, &l.body, label, value, checkpoint, span, out)
    }

    /// `break`, `break 'label`, `break value`: the value is assigned to the loop's result
    /// variables, then the flags of the loops it leaves are set.
    pub(super) fn lower_break(&mut self, b: &syn::ExprBreak, span: Span, out: &mut Vec<Stmt>) {
        let label = b.label.as_ref();
        if let Some(value) = &b.expr {
            match self.loop_value(label) {
                Some(vars) => self.assign_result(value, &vars, out),
                // The loop's value is dropped (`loop { … break y; };`): so is the value,
                // unless computing it has effects.
                None if !has_calls(value) => {}
                None => {
                    return self.error(span, "`break` with a value leaves a `loop` whose value is used (`let v = loop { … break value; };`); here, assign the value to a variable before `break`")
                }
            }
        }
        if let Some(flags) = self.loop_flags_for(true, label, span) {
            out.extend(flags.into_iter().map(|f| set_flag(f, span)));
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_while(
        &mut self,
        cond: Option<&syn::Expr>,
        body: &syn::Block,
        label: Option<&syn::Label>,
        value: Option<Vec<VarId>>,
        checkpoint: Option<Checkpoint>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let trips = self.temp("trips", Kind::Int, span);
        self.enter_loop(label, value);
        // The condition is evaluated in the loop, so it may not hoist calls.
        let mut pre = vec![];
        let cond = match cond {
            Some(c) => self.lower_test(c, &mut pre),
            None => Expr::new(ExprKind::Bool(true), span),
        };
        if !pre.is_empty() {
            self.error(span, "this `while` condition needs statements of its own (an iterator chain, a reduction): compute it in a variable before the loop and again at the end of its body");
        }
        let mut block = self.lower_body_block(body);
        let (b, c) = self.leave_loop();
        self.declare_loop_flags(b, c, &mut block.stmts, span, out);
        let exit = self.exit_test(b, &block.stmts, span);
        if checkpoint.is_some() {
            self.check_checkpointed_loop(span, &exit, None);
        }
        out.push(Stmt::new(
            StmtKind::While {
                cond,
                body: block,
                exit,
                trips,
                checkpoint,
            },
            span,
        ));
    }

    /// Declares the loop's flags before it (`let mut brk = false;`) and resets the
    /// `continue` flag at the top of each iteration.
    fn declare_loop_flags(
        &mut self,
        brk: Option<VarId>,
        cont: Option<VarId>,
        body: &mut Vec<Stmt>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let outer = self.current_scope();
        for f in brk.into_iter().chain(cont) {
            self.vars[f].scope = outer;
            let init = Expr::new(ExprKind::Bool(false), span);
            out.push(Stmt::new(
                StmtKind::Let {
                    var: f,
                    init: Some(init),
                },
                span,
            ));
        }
        if let Some(c) = cont {
            let value = Expr::new(ExprKind::Bool(false), span);
            body.insert(
                0,
                Stmt::new(
                    StmtKind::Assign {
                        place: Place::Var(c),
                        value,
                        compound: None,
                    },
                    span,
                ),
            );
        }
    }

    /// The test after each iteration: leave on `break` or `return`.
    fn exit_test(&mut self, brk: Option<VarId>, body: &[Stmt], span: Span) -> Option<Expr> {
        let var = |v| Expr::new(ExprKind::Var(v), span);
        // The `return` flag ends the loop only if the body can set it.
        let done = self
            .done_flag()
            .filter(|&d| body.iter().any(|s| super::stmts::sets_any(s, &[d])));
        match (brk, done) {
            (None, None) => None,
            (Some(f), None) | (None, Some(f)) => Some(var(f)),
            (Some(a), Some(b)) => Some(Expr::new(
                ExprKind::Logic(LogicOp::Or, Box::new(var(a)), Box::new(var(b))),
                span,
            )),
        }
    }
}

pub(super) fn set_flag(f: VarId, span: Span) -> Stmt {
    let value = Expr::new(ExprKind::Bool(true), span);
    Stmt::new(
        StmtKind::Assign {
            place: Place::Var(f),
            value,
            compound: None,
        },
        span,
    )
}

struct RangeParts<'e> {
    start: &'e syn::Expr,
    end: &'e syn::Expr,
    inclusive: bool,
    rev: bool,
    step: Option<&'e syn::Expr>,
}

impl Lowerer {
    /// `for i in (a..b).rev().step_by(k) { … }` (from `b - 1` down, every `k`-th) as a loop
    /// over the offsets from the top, `b` bound once first as Rust evaluates it:
    /// `let hi = b; for s in (0..hi.saturating_sub(a)).step_by(k) { let i = hi - 1 - s; … }`
    /// (`(hi + 1).saturating_sub(a)` and `hi - s` for `a..=b`).
    fn reversed_then_stepped(
        &mut self,
        f: &syn::ExprForLoop,
        out: &mut Vec<Stmt>,
    ) -> Option<syn::ExprForLoop> {
        let syn::Expr::MethodCall(step_by) = peel_parens(&f.expr) else {
            return None;
        };
        let syn::Expr::MethodCall(rev) = peel_parens(&step_by.receiver) else {
            return None;
        };
        if step_by.method != "step_by" || step_by.args.len() != 1 || rev.method != "rev" {
            return None;
        }
        let syn::Expr::Range(r) = peel_parens(&rev.receiver) else {
            return None;
        };
        let (start, end) = (r.start.as_deref()?, r.end.as_deref()?);
        let (k, pat) = (&step_by.args[0], &f.pat);
        let (lo, hi, count, offset) = (
            self.synthetic_ident("lo"),
            self.synthetic_ident("hi"),
            self.synthetic_ident("count"),
            self.synthetic_ident("offset"),
        );
        // The bounds in their own integer type, which the loop variable's uses may decide
        // (`(1..=5).rev().step_by(2)` over `x.powi(k)` is of `i32`): counted and stepped
        // through the runtime's generic `range_len` and `range_item`, as chains are.
        let items = quote::quote!(::autodiff::__private);
        let counted: syn::Expr = match r.limits {
            syn::RangeLimits::HalfOpen(_) => syn::parse_quote!(#items::range_len(#lo, #hi)),
            syn::RangeLimits::Closed(_) => {
                syn::parse_quote!(#items::range_len(#lo, #hi) + usize::from(#lo <= #hi))
            }
        };
        let bind: [syn::Stmt; 3] = [
            syn::parse_quote!(let #lo = #start;),
            syn::parse_quote!(let #hi = #end;),
            syn::parse_quote!(let #count: usize = #counted;),
        ];
        for s in &bind {
            self.lower_stmt(s, out);
        }
        let index: syn::Expr = syn::parse_quote!(#items::range_item(#lo, #count - 1 - #offset));
        let stmts = &f.body.stmts;
        let mut stepped = f.clone();
        *stepped.expr = syn::parse_quote!((0..#count).step_by(#k));
        *stepped.pat = syn::parse_quote!(#offset);
        stepped.body = syn::parse_quote!({ let #pat = #index; #(#stmts)* });
        Some(stepped)
    }
}

/// `a..b`, `a..=b`, `(a..b).rev()`, `(a..b).step_by(k)`, `(a..b).step_by(k).rev()`.
fn range_parts(e: &syn::Expr) -> Option<RangeParts<'_>> {
    match e {
        syn::Expr::Range(r) => Some(RangeParts {
            start: r.start.as_deref()?,
            end: r.end.as_deref()?,
            inclusive: matches!(r.limits, syn::RangeLimits::Closed(_)),
            rev: false,
            step: None,
        }),
        syn::Expr::Paren(p) => range_parts(&p.expr),
        syn::Expr::MethodCall(m) if m.method == "rev" && m.args.is_empty() => {
            let inner = range_parts(&m.receiver)?;
            (!inner.rev).then_some(RangeParts { rev: true, ..inner })
        }
        syn::Expr::MethodCall(m) if m.method == "step_by" && m.args.len() == 1 => {
            let inner = range_parts(&m.receiver)?;
            (!inner.rev && inner.step.is_none()).then_some(RangeParts {
                step: Some(&m.args[0]),
                ..inner
            })
        }
        _ => None,
    }
}

/// Whether `e` zips a sequence walked with a step (`a.iter().rev().zip(b)`).
fn zips_stepped(e: &syn::Expr) -> bool {
    fn stepped(e: &syn::Expr) -> bool {
        match e {
            syn::Expr::MethodCall(m) => {
                matches!(
                    m.method.to_string().as_str(),
                    "rev" | "skip" | "take" | "step_by"
                ) || stepped(&m.receiver)
            }
            syn::Expr::Reference(r) => stepped(&r.expr),
            syn::Expr::Paren(p) => stepped(&p.expr),
            _ => false,
        }
    }
    match e {
        syn::Expr::MethodCall(m) if m.method == "zip" => {
            stepped(&m.receiver) || m.args.iter().any(stepped) || zips_stepped(&m.receiver)
        }
        syn::Expr::MethodCall(m) => zips_stepped(&m.receiver),
        _ => false,
    }
}

/// Whether an expression calls something (which may have effects).
fn has_calls(e: &syn::Expr) -> bool {
    struct Calls(bool);
    impl syn::visit::Visit<'_> for Calls {
        fn visit_expr_call(&mut self, _: &syn::ExprCall) {
            self.0 = true;
        }
        fn visit_expr_method_call(&mut self, _: &syn::ExprMethodCall) {
            self.0 = true;
        }
        fn visit_macro(&mut self, _: &syn::Macro) {
            self.0 = true;
        }
    }
    let mut calls = Calls(false);
    syn::visit::Visit::visit_expr(&mut calls, e);
    calls.0
}

impl Lowerer {
    /// `for row in a.axis_iter(axis) { … }` of a matrix as a loop over the lines along the
    /// axis: `for i in 0..a.shape()[axis.index()] { let line = a.index_axis(axis, i); let row:
    /// &Array1<F> = &line; … }` (`ops::index_axis`, the line copied out: the body reads it
    /// through the reference as it reads the view).
    fn axis_iter_as_lanes(&mut self, f: &syn::ExprForLoop) -> Option<syn::ExprForLoop> {
        let syn::Expr::MethodCall(mut m) = (*f.expr).clone() else {
            return None;
        };
        // `.enumerate()`: the counter is the line's index, `for (j, col) in …`.
        let mut counter: Option<syn::Pat> = None;
        let mut pat = (*f.pat).clone();
        if m.method == "enumerate" && m.args.is_empty() {
            let syn::Expr::MethodCall(inner) = (*m.receiver).clone() else {
                return None;
            };
            let syn::Pat::Tuple(t) = &pat else {
                return None;
            };
            let [index, line] = [t.elems.first()?.clone(), t.elems.get(1)?.clone()];
            if t.elems.len() != 2 {
                return None;
            }
            (counter, pat, m) = (Some(index), line, inner);
        }
        // `a.outer_iter()` is `a.axis_iter(Axis(0))`.
        if m.method == "outer_iter" && m.args.is_empty() {
            m.method = syn::Ident::new("axis_iter", m.method.span());
            m.args.push(syn::parse_quote!(::autodiff::ndarray::Axis(0)));
        }
        let (recv, axis) = (&m.receiver, m.args.first()?);
        let plain = matches!(&**recv, syn::Expr::Path(_) | syn::Expr::Field(_));
        if m.method != "axis_iter" || m.args.len() != 1 || !plain {
            return None;
        }
        let i = self.synthetic_ident("line");
        let body = &f.body;
        let body: syn::Block = match counter {
            Some(c) => syn::parse_quote!({ let #c = #i; #body }),
            None => syn::parse_quote!({ #body }),
        };
        // The pattern bound to a typed reference to the line, as the view it stands for is
        // passed on (`total(row)` of a `fn total(v: ArrayView1<f64>)`, whose derived items
        // take `&Array1`).
        let line = self.synthetic_ident("line_value");
        let float = self.float.clone();
        let mut lanes: syn::ExprForLoop = syn::parse_quote_spanned! {m.method.span()=>
            for #i in 0..#recv.shape()[(#axis).index()] {
                let #line = #recv.index_axis(#axis, #i);
                let #pat: &::autodiff::ndarray::Array1<#float> = &#line;
                #body
            }
        };
        lanes.label = f.label.clone();
        lanes.attrs = f.attrs.clone();
        Some(lanes)
    }
}

impl Lowerer {
    /// `&bodies[a..]`, `&bodies[a..b]` or `bodies[a..b].iter()` of a slice of structs, as
    /// `bodies.iter().skip(a)` (and `.take(b - a)`).
    fn struct_sub_slice_walk(&self, e: &syn::Expr) -> Option<syn::Expr> {
        let part = match e {
            syn::Expr::Reference(r) if r.mutability.is_none() => &*r.expr,
            syn::Expr::MethodCall(m) if m.method == "iter" && m.args.is_empty() => &*m.receiver,
            _ => return None,
        };
        let syn::Expr::Index(ix) = part else {
            return None;
        };
        let syn::Expr::Path(p) = &*ix.expr else {
            return None;
        };
        let v = self.lookup(&p.path.get_ident()?.to_string())?;
        if !self.struct_slices.contains(&v) {
            return None;
        }
        let syn::Expr::Range(r) = &*ix.index else {
            return None;
        };
        let seq = &ix.expr;
        let start: syn::Expr = match &r.start {
            Some(a) => (**a).clone(),
            None => syn::parse_quote!(0),
        };
        Some(match (&r.end, &r.limits) {
            (None, _) => syn::parse_quote!(#seq.iter().skip(#start)),
            (Some(b), syn::RangeLimits::HalfOpen(_)) => {
                syn::parse_quote!(#seq.iter().skip(#start).take((#b) - (#start)))
            }
            (Some(b), syn::RangeLimits::Closed(_)) => {
                syn::parse_quote!(#seq.iter().skip(#start).take((#b) + 1 - (#start)))
            }
        })
    }
}

/// The message for a `for` loop over what the macro cannot walk, naming a map's walks
/// (`m.values()`, `m.iter()` of a `HashMap`: the macro sees no type, but these names are
/// a map's alone).
fn unwalked_message(iterable: &syn::Expr) -> String {
    const RANGE_OR_SLICE: &str = "a `for` loop in a `#[differentiate]` function runs over an integer range (`a..b`, `a..=b`, `(a..b).rev()`, `(a..b).step_by(k)`) or over a slice's elements (`for v in x`, `x.iter()`, with `copied`, `enumerate`, `zip`)";
    let mut e = iterable;
    while let syn::Expr::MethodCall(m) = e {
        let name = m.method.to_string();
        if matches!(
            name.as_str(),
            "values" | "values_mut" | "keys" | "into_values" | "into_keys"
        ) {
            return format!("`{name}()` walks a map, which a `#[differentiate]` function does not differentiate through: keep the values in a `Vec` (of tuples or structs, walked by `.iter()`) or an array, or mark the field `#[no_grad]` and compute from it in a function without the attribute; {RANGE_OR_SLICE}");
        }
        e = &m.receiver;
    }
    RANGE_OR_SLICE.to_string()
}
