//! Lowering of statements that are expressions: assignments, `if`, `match`, loops, exits.

use super::stmts::Tail;
use super::{expr_span, Lowerer};
use crate::ir::*;

impl Lowerer {
    /// A statement that is an expression (`x = …;`, `if …`, `for …`, `v.push(…)`, …).
    pub(super) fn lower_expr_stmt(&mut self, e: &syn::Expr, out: &mut Vec<Stmt>) {
        let span = expr_span(e);
        self.refuse_checkpoint(super::checkpoint::expr_attrs(e));
        match e {
            syn::Expr::Assign(a) => self.lower_assign(&a.left, &a.right, None, span, out),
            syn::Expr::Binary(b) => match compound_op(&b.op) {
                Some(op) => self.lower_assign(&b.left, &b.right, Some(op), span, out),
                None => self.error(
                    span,
                    "this expression's value is unused: assign it (`let y = …;`)",
                ),
            },
            syn::Expr::If(_) | syn::Expr::Match(_) => self.lower_control(e, Tail::Discard, out),
            syn::Expr::Block(b) if b.label.is_none() => {
                let checkpoint = self.checkpoint_attr(&b.attrs);
                let block = self.lower_body_block(&b.block);
                match checkpoint {
                    Some(Checkpoint::Sqrt) => out.push(Stmt { kind: StmtKind::Block { body: block }, span }),
                    Some(_) => self.error(span, "a `#[checkpoint]` block is one segment: write `#[checkpoint]` without arguments"),
                    None => self.flatten_into(block, out),
                }
            }
            syn::Expr::ForLoop(f) => self.lower_for(f, out),
            syn::Expr::While(w) if matches!(&*w.cond, syn::Expr::Let(_)) => {
                // `while let P = e { body }` is `loop { match e { P => body, _ => break } }`.
                let syn::Expr::Let(l) = &*w.cond else {
                    unreachable!()
                };
                let (label, attrs, pat, scrutinee, body) =
                    (&w.label, &w.attrs, &l.pat, &l.expr, &w.body);
                let desugared: syn::Expr = syn::parse_quote_spanned! {span=>
                    #(#attrs)* #label loop { match #scrutinee { #pat => #body, _ => break } }
                };
                self.lower_expr_stmt(&desugared, out)
            }
            syn::Expr::While(w) => {
                let checkpoint = self.checkpoint_attr(&w.attrs);
                self.lower_while(
                    Some(&w.cond),
                    &w.body,
                    w.label.as_ref(),
                    None,
                    checkpoint,
                    span,
                    out,
                )
            }
            syn::Expr::Loop(l) => self.lower_loop(l, None, out),
            syn::Expr::Break(b) => self.lower_break(b, span, out),
            syn::Expr::Continue(c) => {
                if let Some(flags) = self.loop_flags_for(false, c.label.as_ref(), span) {
                    out.extend(flags.into_iter().map(|f| set_flag(f, span)));
                }
            }
            syn::Expr::Return(r) => {
                self.lower_valued(&syn::Expr::Return(r.clone()), &self.ret.clone(), out)
            }
            // `Zip::from(&mut a).and(&b).for_each(…)`: the zipped iterators' `for_each`.
            syn::Expr::MethodCall(m)
                if m.method == "for_each" && super::array::zip_as_chain(m).is_some() =>
            {
                if self.zips_matrices(m) {
                    self.unsupported(
                        span,
                        "`Zip` over an array of two or more dimensions",
                        "zip one-dimensional arrays, or write the loops over `a[[i, j]]`",
                    );
                    return;
                }
                let chain = super::array::zip_as_chain(m).expect("checked");
                self.lower_expr_stmt(&chain, out)
            }
            syn::Expr::MethodCall(m) if m.method == "for_each" => match self.desugar_consumer(m) {
                Some(block) => self.lower_expr_stmt(&block, out),
                None => self.lower_effect(e, span, out),
            },
            syn::Expr::MethodCall(m) if m.method == "push" && m.args.len() == 1 => {
                let Some(vec) = self.place_var(&m.receiver) else {
                    return;
                };
                let value = self.lower_expr(&m.args[0], out);
                // (A chain's own accumulator, `….collect()`, is the user's value: what they
                // do with it gets the message.)
                let name = &self.vars[vec].stem;
                if matches!(self.kind_of(&value), Kind::FloatSeq | Kind::Array)
                    && !name.to_string().starts_with("__")
                {
                    return self.error(
                        expr_span(&m.args[0]),
                        format!("a `Vec` pushed into `{name}` makes a matrix of rows, which the derivatives cannot build by `push`: build it as `vec![vec![0.0; cols]; rows]` and write its entries (`{name}[i][j] = …`), or keep it flat (`{name}.push(v)` for each entry, read as `{name}[i * cols + j]`)"),
                    );
                }
                out.push(Stmt {
                    kind: StmtKind::Push { vec, value },
                    span,
                });
            }
            syn::Expr::Paren(p) => self.lower_expr_stmt(&p.expr, out),
            // A closure called for its effect on what it captures (`add(x);`).
            syn::Expr::Call(c) => match self.closure_call(c) {
                Some(block) => self.lower_expr_stmt(&block, out),
                None => self.lower_effect(e, span, out),
            },
            _ => self.lower_effect(e, span, out),
        }
    }

    /// An expression statement that is not an assignment or control flow: a call for its
    /// side effects on inactive values, kept as a statement.
    fn lower_effect(&mut self, e: &syn::Expr, span: Span, out: &mut Vec<Stmt>) {
        let errors = self.errors.len();
        let lowered = self.lower_expr(e, out);
        if !matches!(lowered.kind, ExprKind::Opaque(_)) && self.errors.len() == errors {
            self.error(
                span,
                "this expression's value is unused: assign it (`let y = …;`)",
            );
        }
        self.push_effect(lowered, span, out);
    }

    /// `let unit = call;`: a call kept for its effect.
    pub(super) fn push_effect(&mut self, lowered: Expr, span: Span, out: &mut Vec<Stmt>) {
        let tmp = self.temp("unit", Kind::Other, span);
        out.push(Stmt {
            kind: StmtKind::Let {
                var: tmp,
                init: Some(lowered),
            },
            span,
        });
    }

    fn place_var(&mut self, e: &syn::Expr) -> Option<VarId> {
        match e {
            syn::Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.get_ident().expect("checked").to_string();
                let v = self.lookup(&name);
                if v.is_none() {
                    self.error(expr_span(e), format!("unknown variable `{name}`"));
                }
                v
            }
            syn::Expr::Paren(p) => self.place_var(&p.expr),
            _ => {
                self.error(expr_span(e), "only a local variable or `v[i]` can be assigned in a `#[differentiate]` function");
                None
            }
        }
    }

    fn lower_assign(
        &mut self,
        left: &syn::Expr,
        right: &syn::Expr,
        compound: Option<ArithOp>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let place = match left {
            // Rust evaluates the value before the place (`v[{ i += 1; i }] = x[i]` reads the
            // `i` from before): the value first, kept in a temporary where the index's
            // statements assign what it reads.
            syn::Expr::Index(ix) => {
                let Some(v) = self.place_var(&ix.expr) else {
                    return;
                };
                let value = self.lower_expr(right, out);
                let mark = out.len();
                let index = self.lower_expr(&ix.index, out);
                let mut value = [value];
                self.keep_before(&mut value, out, mark);
                let [value] = value;
                out.push(Stmt {
                    kind: StmtKind::Assign {
                        place: Place::Index(v, Box::new(index)),
                        value,
                        compound,
                    },
                    span,
                });
                return;
            }
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => {
                return self.error(
                    span,
                    "assignment through `*` is not supported: assign to a local variable",
                );
            }
            _ => match self.place_var(left) {
                Some(v) => Place::Var(v),
                None => return,
            },
        };
        // `x = &x[1..]`: a slice variable narrowed to a part of a sequence, which the
        // derived items copy (a part passed on is a `Vec`), so it cannot be a view again.
        if let (Place::Var(v), syn::Expr::Reference(r)) = (&place, right) {
            if matches!(&*r.expr, syn::Expr::Index(ix) if matches!(&*ix.index, syn::Expr::Range(_)))
                && self.vars[*v].kind == Kind::FloatSeq
            {
                self.unsupported(span, "a slice variable given a part of a sequence (`x = &x[1..]`)", "index with an offset instead (`x[k + i]`, with `k += 1` where the slice would be narrowed)");
                return;
            }
        }
        if let (None, Place::Var(v)) = (compound, &place) {
            // A call or an `if`/`match`/block assigned to a variable goes through a temporary.
            let kind = self.vars[*v].kind;
            let tmp = if let Some(call) = self.split_call(right, out) {
                let tmp = self.temp("call", kind, span);
                self.push_call(tmp, call, span, out);
                Some(tmp)
            } else if self.as_statement_expr(right).is_some() {
                let tmp = self.temp("value", kind, span);
                self.vars[tmp].mutable = false;
                out.push(Stmt {
                    kind: StmtKind::Let {
                        var: tmp,
                        init: None,
                    },
                    span,
                });
                self.lower_valued(right, &[tmp], out);
                Some(tmp)
            } else {
                None
            };
            if let Some(tmp) = tmp {
                let value = Expr::new(ExprKind::Var(tmp), span);
                out.push(Stmt {
                    kind: StmtKind::Assign {
                        place,
                        value,
                        compound,
                    },
                    span,
                });
                return;
            }
        }
        let value = self.lower_expr(right, out);
        out.push(Stmt {
            kind: StmtKind::Assign {
                place,
                value,
                compound,
            },
            span,
        });
    }

    /// `if` and `match`, as statements or for their value (`tail`).
    pub(super) fn lower_control(&mut self, e: &syn::Expr, tail: Tail, out: &mut Vec<Stmt>) {
        let span = expr_span(e);
        match e {
            syn::Expr::If(i) => {
                if let syn::Expr::Let(l) = &*i.cond {
                    if let Some((test, bind)) = super::let_patterns::element_option(&l.pat, &l.expr)
                    {
                        // `if let Some(&v) = x.get(i) { a } else { b }` is
                        // `if i < x.len() { let v = x[i]; a } else { b }`.
                        let mut desugared = i.clone();
                        desugared.cond = Box::new(test);
                        desugared
                            .then_branch
                            .stmts
                            .insert(0, syn::Stmt::Local(bind));
                        return self.lower_control(&syn::Expr::If(desugared), tail, out);
                    }
                    // `if let P = e { a } else { b }` is `match e { P => a, _ => b }`.
                    let scrutinee = self.lower_expr(&l.expr, out);
                    let wild: syn::Pat = syn::parse_quote!(_);
                    let then = syn::Expr::Block(syn::ExprBlock {
                        attrs: vec![],
                        label: None,
                        block: i.then_branch.clone(),
                    });
                    let unit: syn::Expr = syn::parse_quote!({});
                    let els = match &i.else_branch {
                        Some((_, e)) => &**e,
                        None => {
                            if let Tail::Into(_) = tail {
                                return self.error(
                                    span,
                                    "an `if let` used for its value needs an `else` branch",
                                );
                            }
                            &unit
                        }
                    };
                    let arms = [(&*l.pat, &then), (&wild, els)];
                    return self.lower_match(scrutinee, &l.expr, &arms, tail, span, out);
                }
                let test = self.lower_test(&i.cond, out);
                let cond = self.temp("cond", Kind::Bool, span);
                self.vars[cond].mutable = false;
                out.push(Stmt {
                    kind: StmtKind::Let {
                        var: cond,
                        init: Some(test),
                    },
                    span,
                });
                let then = self.lower_branch(&i.then_branch, &tail);
                let els = match &i.else_branch {
                    Some((_, e)) => match &**e {
                        syn::Expr::Block(b) => self.lower_branch(&b.block, &tail),
                        other => self.lower_branch_expr(other, &tail),
                    },
                    None => {
                        if let Tail::Into(_) = tail {
                            self.error(span, "an `if` used for its value needs an `else` branch");
                        }
                        self.empty_block()
                    }
                };
                out.push(Stmt {
                    kind: StmtKind::If { cond, then, els },
                    span,
                });
            }
            syn::Expr::Match(m) => {
                let scrutinee = self.lower_expr(&m.expr, out);
                let arms: Vec<(&syn::Pat, &syn::Expr)> =
                    m.arms.iter().map(|a| (&a.pat, &*a.body)).collect();
                self.lower_match(scrutinee, &m.expr, &arms, tail, span, out);
            }
            _ => unreachable!("lower_control is only called on `if` and `match`"),
        }
    }

    /// `match` (and `if let`) on a value that carries no derivative. Arms whose patterns
    /// bind variables (`Some(i)`, `Ok(n)`, `k @ 1..=3`) bind hidden names, and the arm's
    /// body starts with `let i = identity(hidden);`: a `let` like any other, which the
    /// reverse sweep saves if it reads it. A guard may read the pattern's bindings and constants.
    fn lower_match(
        &mut self,
        scrutinee: Expr,
        written: &syn::Expr,
        arms: &[(&syn::Pat, &syn::Expr)],
        tail: Tail,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let binds = arms.iter().any(|(p, _)| pattern_binds(p));
        if binds && self.reads_float(&scrutinee) {
            return self.error(
                expr_span(written),
                "a `match` or `if let` whose patterns bind variables takes a value with no derivative (an index, an `Option<usize>`, a count), and this one is computed from differentiated values: read the floats by indexing (`x[0]`) and test them with `if`",
            );
        }
        let arm = self.temp("arm", Kind::Int, span);
        self.vars[arm].mutable = false;
        let mut lowered = vec![];
        for (pat, body) in arms {
            let mut pat = (*pat).clone();
            let bindings = hide_bindings(&mut pat, &mut |name, s| self.hidden_binding(name, s));
            if let syn::Pat::Guard(g) = &pat {
                if let Some(local) = self.local_read(&g.guard) {
                    self.error(local.span(), format!("a match guard here reads the local `{local}`: a guard may read the pattern's bindings and constants; test other values with `if` inside the arm"));
                }
            }
            let id = self.open_scope();
            let mut stmts = vec![];
            for (user, hidden, mutable) in &bindings {
                let var = self.declare(user, Kind::Other, *mutable, None);
                let path: syn::Path = hidden.clone().into();
                let hidden = Expr::new(ExprKind::Const(path), user.span());
                // An opaque call, so that the reverse sweep saves the value instead of
                // computing it again from a name only the forward sweep's arm binds.
                let identity = OpaqueCall::Function(
                    syn::parse_quote!(::core::convert::identity),
                    vec![hidden],
                );
                stmts.push(Stmt {
                    kind: StmtKind::Let {
                        var,
                        init: Some(Expr::new(ExprKind::Opaque(identity), user.span())),
                    },
                    span: user.span(),
                });
            }
            self.lower_tail(body, &tail, &mut stmts);
            self.close_scope();
            lowered.push((pat, Block { id, stmts }));
        }
        out.push(Stmt {
            kind: StmtKind::Match {
                scrutinee,
                arms: lowered,
                arm,
            },
            span,
        });
    }

    /// Whether `e` reads a variable that holds floats.
    fn reads_float(&self, e: &Expr) -> bool {
        match &e.kind {
            // `x.len()` reads only the shape.
            ExprKind::Opaque(OpaqueCall::Method(_, m, _, args))
                if super::array::SHAPE_METHODS.contains(&m.to_string().as_str()) =>
            {
                args.iter().any(|a| self.reads_float(a))
            }
            ExprKind::Var(v) => self.vars[*v].kind.is_float(),
            _ => e.children().into_iter().any(|c| self.reads_float(c)),
        }
    }

    /// A name for a pattern's binding that no user code or generated name uses.
    fn hidden_binding(&mut self, user: &Ident, span: Span) -> Ident {
        let base = format!("{}_matched", user.to_string().trim_start_matches("r#"));
        self.fresh_name(&base, span, false)
    }

    /// The first identifier `e` reads that names a local variable.
    fn local_read(&self, e: &syn::Expr) -> Option<Ident> {
        fn first(ts: proc_macro2::TokenStream, hit: &impl Fn(&Ident) -> bool) -> Option<Ident> {
            ts.into_iter().find_map(|t| match t {
                proc_macro2::TokenTree::Ident(i) => hit(&i).then_some(i),
                proc_macro2::TokenTree::Group(g) => first(g.stream(), hit),
                _ => None,
            })
        }
        first(quote::ToTokens::to_token_stream(e), &|i| {
            self.lookup(&i.to_string()).is_some()
        })
    }

    fn lower_for(&mut self, f: &syn::ExprForLoop, out: &mut Vec<Stmt>) {
        let span = f.for_token.span;
        if let Some(sequence) = self.rows_as_sub_slices(&f.expr) {
            let mut f = f.clone();
            *f.expr = sequence;
            return self.lower_for(&f, out);
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
        let Some(index) = index else {
            return self.error(syn::spanned::Spanned::span(&*f.pat), "`for` loops over a range bind one index variable (`for i in 0..n`); iterate over indices instead of elements");
        };
        let Some(parts) = range_parts(&f.expr) else {
            return self.error(expr_span(&f.expr), "a `for` loop in a `#[differentiate]` function runs over an integer range (`a..b`, `a..=b`, `(a..b).rev()`, `(a..b).step_by(k)`) or over a slice's elements (`for v in x`, `x.iter()`, with `copied`, `enumerate`, `zip`)");
        };
        let bound = |lw: &mut Self, e: &syn::Expr, base: &str, out: &mut Vec<Stmt>| {
            let value = lw.lower_expr(e, out);
            let v = lw.temp(base, Kind::Int, span);
            lw.vars[v].mutable = false;
            out.push(Stmt {
                kind: StmtKind::Let {
                    var: v,
                    init: Some(value),
                },
                span,
            });
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
        out.push(Stmt {
            kind: StmtKind::For {
                var,
                range,
                body,
                exit,
                trips,
                checkpoint,
            },
            span,
        });
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
            out.push(Stmt {
                kind: StmtKind::Assign {
                    place: Place::Var(v),
                    value: default,
                    compound: None,
                },
                span,
            });
        }
        self.lower_while(None, &l.body, label, value, checkpoint, span, out)
    }

    /// `break`, `break 'label`, `break value`: the value is assigned to the loop's result
    /// variables, then the flags of the loops it leaves are set.
    fn lower_break(&mut self, b: &syn::ExprBreak, span: Span, out: &mut Vec<Stmt>) {
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
    fn lower_while(
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
        out.push(Stmt {
            kind: StmtKind::While {
                cond,
                body: block,
                exit,
                trips,
                checkpoint,
            },
            span,
        });
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
            out.push(Stmt {
                kind: StmtKind::Let {
                    var: f,
                    init: Some(init),
                },
                span,
            });
        }
        if let Some(c) = cont {
            let value = Expr::new(ExprKind::Bool(false), span);
            body.insert(
                0,
                Stmt {
                    kind: StmtKind::Assign {
                        place: Place::Var(c),
                        value,
                        compound: None,
                    },
                    span,
                },
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

fn set_flag(f: VarId, span: Span) -> Stmt {
    let value = Expr::new(ExprKind::Bool(true), span);
    Stmt {
        kind: StmtKind::Assign {
            place: Place::Var(f),
            value,
            compound: None,
        },
        span,
    }
}

fn compound_op(op: &syn::BinOp) -> Option<ArithOp> {
    Some(match op {
        syn::BinOp::AddAssign(_) => ArithOp::Add,
        syn::BinOp::SubAssign(_) => ArithOp::Sub,
        syn::BinOp::MulAssign(_) => ArithOp::Mul,
        syn::BinOp::DivAssign(_) => ArithOp::Div,
        syn::BinOp::RemAssign(_) => ArithOp::Rem,
        _ => return None,
    })
}

/// Whether a pattern binds a variable (a lower-case identifier: `None` and constants are
/// paths).
fn pattern_binds(p: &syn::Pat) -> bool {
    let mut copy = p.clone();
    !hide_bindings(&mut copy, &mut |i, _| i.clone()).is_empty()
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

fn is_binding(i: &Ident) -> bool {
    i.to_string()
        .trim_start_matches("r#")
        .starts_with(|c: char| c.is_lowercase() || c == '_')
}

/// Renames the variables `pat` binds (and their reads in its guard) by `hide`; returns each
/// as (name written, hidden name, declared `mut`). A `mut` binding loses its `mut`: the
/// arm's own `let` is mutable instead.
fn hide_bindings(
    pat: &mut syn::Pat,
    hide: &mut impl FnMut(&Ident, Span) -> Ident,
) -> Vec<(Ident, Ident, bool)> {
    use syn::visit_mut::VisitMut;
    struct Hider<'h, H> {
        hide: &'h mut H,
        found: Vec<(Ident, Ident, bool)>,
    }
    impl<H: FnMut(&Ident, Span) -> Ident> VisitMut for Hider<'_, H> {
        fn visit_pat_ident_mut(&mut self, pi: &mut syn::PatIdent) {
            if let Some((_, sub)) = &mut pi.subpat {
                self.visit_pat_mut(sub);
            }
            if !is_binding(&pi.ident) || pi.ident == "_" {
                return;
            }
            let hidden = (self.hide)(&pi.ident, pi.ident.span());
            let mutable = pi.mutability.take().is_some();
            self.found.push((pi.ident.clone(), hidden.clone(), mutable));
            pi.ident = hidden;
        }
        fn visit_expr_mut(&mut self, _: &mut syn::Expr) {}
    }
    let mut hider = Hider {
        hide,
        found: vec![],
    };
    hider.visit_pat_mut(pat);
    let found = hider.found;
    if let syn::Pat::Guard(g) = pat {
        struct Reads<'f>(&'f [(Ident, Ident, bool)]);
        impl VisitMut for Reads<'_> {
            fn visit_ident_mut(&mut self, i: &mut Ident) {
                if let Some((_, hidden, _)) = self.0.iter().find(|(u, _, _)| u == i) {
                    *i = hidden.clone();
                }
            }
            fn visit_macro_mut(&mut self, _: &mut syn::Macro) {}
        }
        Reads(&found).visit_expr_mut(&mut g.guard);
    }
    found
}

struct RangeParts<'e> {
    start: &'e syn::Expr,
    end: &'e syn::Expr,
    inclusive: bool,
    rev: bool,
    step: Option<&'e syn::Expr>,
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
