//! Statement lists and blocks: the body and its result variables, nested blocks, and the
//! guard that moves the statements after one that may set an exit flag into an `if` on the
//! flags, so that each IR block runs to its end or not at all.

use super::let_patterns::{expand_let_else, is_let_else};
use super::uses::{collect_array_only_uses, collect_casts, collect_lent_args, collect_use_kinds};
use super::*;

/// What happens to a block's tail expression.
#[derive(Clone)]
pub(super) enum Tail {
    /// It is the function's result.
    Return,
    /// It is assigned to these variables.
    Into(Vec<VarId>),
    /// Its value is dropped (it must be `()`).
    Discard,
}

impl Lowerer {
    /// Lowers the function body (in the parameters' scope, block 0): its statements, and
    /// its tail expression into the return variables.
    pub fn lower_body(&mut self, body: &syn::Block, ret_kinds: &[Kind]) -> Block {
        for (i, kind) in ret_kinds.iter().enumerate() {
            let base = if ret_kinds.len() == 1 {
                "ret".to_string()
            } else {
                format!("ret{i}")
            };
            let v = self.temp(&base, *kind, Span::call_site());
            self.vars[v].mutable = false;
            self.ret.push(v);
        }
        let mut stmts = self.lower_stmts(&body.stmts, true);
        self.declare_results(&mut stmts);
        Block { id: 0, stmts }
    }

    /// Declares the return variables (and the `return` flag) in the body.
    fn declare_results(&mut self, stmts: &mut Vec<Stmt>) {
        let span = Span::call_site();
        if let Some(done) = self.done {
            // `return` was lowered to a flag; the result may then be written on several
            // paths, so it starts from a default value.
            self.vars[done].scope = Some(0);
            let mut lets = vec![Stmt::new(
                StmtKind::Let {
                    var: done,
                    init: Some(Expr::new(ExprKind::Bool(false), span)),
                },
                span,
            )];
            for &r in &self.ret {
                self.vars[r].mutable = true;
                let init = self.placeholder(r, span);
                lets.push(Stmt::new(
                    StmtKind::Let {
                        var: r,
                        init: Some(init),
                    },
                    span,
                ));
            }
            stmts.splice(0..0, lets);
            return;
        }
        for &r in self.ret.clone().iter().rev() {
            let at = stmts
                .iter()
                .position(|s| assigns(s, r))
                .unwrap_or(stmts.len());
            match &stmts.get(at).map(|s| &s.kind) {
                // `let ret; ret = e;` reads better as `let ret = e;`.
                Some(StmtKind::Assign {
                    place: Place::Var(v),
                    value,
                    compound: None,
                }) if *v == r => {
                    let value = value.clone();
                    stmts[at].kind = StmtKind::Let {
                        var: r,
                        init: Some(value),
                    };
                }
                _ => stmts.insert(at, Stmt::new(StmtKind::Let { var: r, init: None }, span)),
            }
        }
    }

    /// Splices a nested block's statements into the enclosing list; its variables (whose
    /// names are unique) now belong to the enclosing block.
    pub(super) fn flatten_into(&mut self, block: Block, out: &mut Vec<Stmt>) {
        let outer = self.current_scope();
        for var in &mut self.vars {
            if var.scope == Some(block.id) {
                var.scope = outer;
            }
        }
        out.extend(block.stmts);
    }

    /// The value a variable starts from where rustc cannot see that every path assigns it
    /// first: zero for a variable known to be a float (its type is written: a `T: Float`
    /// need not be `Default`), an empty array for an array, else `Default::default()` (a
    /// guessed float may be a tuple).
    pub(super) fn placeholder(&self, var: VarId, span: Span) -> Expr {
        // (In a function generic over its float type, a float's type is that parameter,
        // which need not be `Default`.)
        let generic = !crate::types::is_float_name(&self.float);
        let known_float = self.vars[var].kind == Kind::Float
            && (self.ret.contains(&var) || self.vars[var].ty.is_some() || generic);
        let path: syn::Path = if known_float {
            syn::parse_quote!(::autodiff::__private::Zero::zero)
        } else if self.vars[var].kind == Kind::Array {
            // (An array of a `T: Float` is not `Default`.)
            syn::parse_quote!(::autodiff::__private::empty_array)
        } else {
            syn::parse_quote!(::core::default::Default::default)
        };
        Expr::new(ExprKind::Opaque(OpaqueCall::Function(path, vec![])), span)
    }

    /// Lowers a `{ … }` in a new scope.
    fn lower_block(&mut self, block: &syn::Block, tail: Tail) -> Block {
        let id = self.open_scope();
        let stmts = self.lower_stmts_with_tail(&block.stmts, tail);
        self.close_scope();
        Block { id, stmts }
    }

    fn lower_stmts(&mut self, stmts: &[syn::Stmt], is_body: bool) -> Vec<Stmt> {
        let tail = if is_body && !self.ret.is_empty() {
            Tail::Return
        } else {
            Tail::Discard
        };
        self.lower_stmts_with_tail(stmts, tail)
    }

    /// Lowers a statement list; once a statement may set an exit flag, the rest goes into
    /// an `if` on the flags.
    pub(super) fn lower_stmts_with_tail(&mut self, stmts: &[syn::Stmt], tail: Tail) -> Vec<Stmt> {
        // A `let … else` becomes statements here, so that a `return` in its `else` guards
        // the rest of the list (the element read of `let Some(&v) = x.first()` included).
        // Local matrices written as nested arrays, held flat (`nested_arrays`).
        let flattened: Vec<syn::Stmt>;
        let stmts = match super::nested_arrays::flatten(stmts) {
            Some(flat) => {
                flattened = flat;
                &flattened[..]
            }
            None => stmts,
        };
        let expanded: Vec<syn::Stmt>;
        let stmts = if stmts.iter().any(is_let_else) {
            expanded = stmts.iter().flat_map(expand_let_else).collect();
            &expanded[..]
        } else {
            stmts
        };
        let mut out = vec![];
        // A statement list inside a statement (a block an initialiser is lowered to, such as
        // the copy of `&x[a..b]` passed on) has uses of its own: the enclosing list's are
        // put back when it ends, so the `let` being lowered still sees its own.
        let enclosing = (
            self.use_kinds.clone(),
            self.cast_names.clone(),
            self.lent_names.clone(),
            self.array_only_names.clone(),
        );
        for (i, stmt) in stmts.iter().enumerate() {
            let last = i + 1 == stmts.len();
            let before = out.len();
            // Only the uses after it (a name used before may be another variable).
            if let syn::Stmt::Local(local) = stmt {
                self.use_kinds.clear();
                self.cast_names.clear();
                self.lent_names.clear();
                self.array_only_names.clear();
                // Up to a `let` shadowing the name (its initialiser still reads this one).
                let bound = simple_binding(&local.pat);
                for later in &stmts[i + 1..] {
                    let shadows = match later {
                        syn::Stmt::Local(l) => bound.is_some() && simple_binding(&l.pat) == bound,
                        _ => false,
                    };
                    let read = match (shadows, later) {
                        (true, syn::Stmt::Local(l)) => match &l.init {
                            Some(init) => init.expr.to_token_stream(),
                            None => proc_macro2::TokenStream::new(),
                        },
                        _ => later.to_token_stream(),
                    };
                    collect_use_kinds(read.clone(), &mut self.use_kinds);
                    collect_casts(read.clone(), &mut self.cast_names);
                    collect_array_only_uses(read.clone(), &mut self.array_only_names);
                    collect_lent_args(read, &mut self.lent_names);
                    if shadows {
                        break;
                    }
                }
                // `let t = g(q); t`: a name the function returns has the result's kind.
                if let (Tail::Return, [r], Some(syn::Stmt::Expr(syn::Expr::Path(p), None))) =
                    (&tail, self.ret.as_slice(), stmts.last())
                {
                    let kind = self.vars[*r].kind;
                    // (The user's names: a chain's accumulator is typed by the chain.)
                    if let (Some(name), Kind::FloatSeq | Kind::Array) = (p.path.get_ident(), kind) {
                        if !name.to_string().starts_with("__") {
                            self.use_kinds.entry(name.to_string()).or_insert(kind);
                        }
                    }
                }
            }
            match stmt {
                syn::Stmt::Expr(e, None) if last => self.lower_tail(e, &tail, &mut out),
                _ => self.lower_stmt(stmt, &mut out),
            }
            let flags = self.live_flags();
            let sets_flag = out[before..].iter().any(|s| sets_any(s, &flags));
            if sets_flag && !last {
                let span = stmt_span(&stmts[i + 1]);
                let guard = self.guard(&flags, span, &mut out);
                let id = self.open_scope();
                let rest = self.lower_stmts_with_tail(&stmts[i + 1..], tail);
                self.close_scope();
                let then = Block { id, stmts: rest };
                let els = self.empty_block();
                out.push(Stmt::new(
                    StmtKind::If {
                        cond: guard,
                        then,
                        els,
                    },
                    span,
                ));
                break;
            }
        }
        (
            self.use_kinds,
            self.cast_names,
            self.lent_names,
            self.array_only_names,
        ) = enclosing;
        out
    }

    pub(super) fn empty_block(&mut self) -> Block {
        let id = self.blocks;
        self.blocks += 1;
        Block { id, stmts: vec![] }
    }

    /// The exit flags a statement here may set.
    fn live_flags(&self) -> Vec<VarId> {
        let mut flags: Vec<VarId> = self.done.into_iter().collect();
        if let Some(l) = self.loops.last() {
            flags.extend(l.brk);
            flags.extend(l.cont);
        }
        flags
    }

    /// `let go = !(flag || …);`
    fn guard(&mut self, flags: &[VarId], span: Span, out: &mut Vec<Stmt>) -> VarId {
        let mut test: Option<Expr> = None;
        for &f in flags {
            let e = Expr::new(ExprKind::Var(f), span);
            test = Some(match test {
                None => e,
                Some(t) => Expr::new(ExprKind::Logic(LogicOp::Or, Box::new(t), Box::new(e)), span),
            });
        }
        let not = Expr::new(
            ExprKind::Not(Box::new(test.expect("a guard has a flag"))),
            span,
        );
        let go = self.temp("go", Kind::Bool, span);
        self.vars[go].mutable = false;
        out.push(Stmt::new(
            StmtKind::Let {
                var: go,
                init: Some(not),
            },
            span,
        ));
        go
    }

    pub(super) fn lower_tail(&mut self, e: &syn::Expr, tail: &Tail, out: &mut Vec<Stmt>) {
        match tail {
            Tail::Return => {
                let ret = self.ret.clone();
                self.assign_result(e, &ret, out);
            }
            Tail::Into(vars) => self.assign_result(e, vars, out),
            Tail::Discard => self.lower_expr_stmt(e, out),
        }
    }

    pub(super) fn lower_stmt(&mut self, stmt: &syn::Stmt, out: &mut Vec<Stmt>) {
        match stmt {
            syn::Stmt::Local(local) => {
                self.refuse_checkpoint(&local.attrs);
                self.lower_let(local, out)
            }
            // `fill(x, &mut buf);`: the buffer lent to a differentiated callee.
            syn::Stmt::Expr(syn::Expr::Call(c), _) if self.lends_buffer(c.args.iter()) => {
                self.lower_lent_call(c, None, out)
            }
            syn::Stmt::Expr(e, _) => self.lower_expr_stmt(e, out),
            syn::Stmt::Item(item) => self.body_item(item),
            syn::Stmt::Macro(m) if macros::is_effect(&m.mac) => {
                let span = m.mac.path.segments[0].ident.span();
                let call = self.lower_effect_macro(&m.mac, out);
                self.push_effect(call, span, out);
            }
            syn::Stmt::Macro(m) => self.error(
                m.mac.path.segments[0].ident.span(),
                format!(
                    "the macro `{}!` is not supported inside a `#[differentiate]` function: `vec![…]`, assertions, `panic!`-like and printing macros are; compute the value outside or without the macro",
                    path_name(&m.mac.path)
                ),
            ),
        }
    }

    pub(super) fn lower_body_block(&mut self, block: &syn::Block) -> Block {
        self.lower_block(block, Tail::Discard)
    }

    pub(super) fn lower_branch(&mut self, block: &syn::Block, tail: &Tail) -> Block {
        self.lower_block(block, tail.clone())
    }

    pub(super) fn lower_branch_expr(&mut self, e: &syn::Expr, tail: &Tail) -> Block {
        let id = self.open_scope();
        let mut stmts = vec![];
        self.lower_tail(e, tail, &mut stmts);
        self.close_scope();
        Block { id, stmts }
    }

    /// `if`, `match` and blocks used for their value.
    pub(super) fn as_statement_expr<'e>(&self, e: &'e syn::Expr) -> Option<&'e syn::Expr> {
        match e {
            syn::Expr::If(_) | syn::Expr::Match(_) | syn::Expr::Loop(_) => Some(e),
            syn::Expr::Block(b) if b.label.is_none() => Some(e),
            syn::Expr::Paren(p) => self.as_statement_expr(&p.expr),
            _ => None,
        }
    }

    /// Lowers `e` so that its value ends up in `vars` (one per tuple element).
    pub(super) fn lower_valued(&mut self, e: &syn::Expr, vars: &[VarId], out: &mut Vec<Stmt>) {
        match e {
            syn::Expr::If(_) | syn::Expr::Match(_) => {
                self.lower_control(e, Tail::Into(vars.to_vec()), out)
            }
            syn::Expr::Loop(l) => self.lower_loop(l, Some(vars.to_vec()), out),
            syn::Expr::Block(b) if b.label.is_none() => {
                let block = self.lower_block(&b.block, Tail::Into(vars.to_vec()));
                self.flatten_into(block, out);
            }
            syn::Expr::Paren(p) => self.lower_valued(&p.expr, vars, out),
            _ => self.assign_result(e, vars, out),
        }
    }

    /// `vars = e`, with a tuple spread over several variables.
    pub(super) fn assign_result(&mut self, e: &syn::Expr, vars: &[VarId], out: &mut Vec<Stmt>) {
        let span = expr_span(e);
        if self.as_statement_expr(e).is_some() {
            return self.lower_valued(e, vars, out);
        }
        if let syn::Expr::Return(r) = e {
            return self.lower_return(r, out);
        }
        if vars.len() > 1 {
            let syn::Expr::Tuple(t) = e else {
                // `return pts[i];`, `p.into()`, `g(x)`: a tuple value, taken apart as
                // `let (a, b) = …;` takes one, `{ let (r0, r1) = e; (r0, r1) }`.
                let parts: Vec<Ident> = (0..vars.len())
                    .map(|k| self.synthetic_ident(&format!("part{k}")))
                    .collect();
                // (`return *p;` of `p: &(f64, f64)` takes `p`'s fields.)
                let e = match e {
                    syn::Expr::Unary(u)
                        if matches!(u.op, syn::UnOp::Deref(_))
                            && matches!(&*u.expr, syn::Expr::Path(_)) =>
                    {
                        &*u.expr
                    }
                    other => other,
                };
                let spread: syn::Expr = syn::parse_quote_spanned!(span=> {
                    let (#(#parts,)*) = #e;
                    (#(#parts,)*)
                });
                return self.lower_valued(&spread, vars, out);
            };
            if t.elems.len() != vars.len() {
                return self.error(span, format!("expected a tuple of {} values", vars.len()));
            }
            for (elem, &v) in t.elems.iter().zip(vars) {
                self.assign_result(elem, &[v], out);
            }
            return;
        }
        let Some(&var) = vars.first() else {
            // A value where the function returns `()` (rustc refuses it too).
            return self.error(
                span,
                "this function returns `()`, so nothing can be returned here: write `return;`",
            );
        };
        let value = match self.split_call(e, out) {
            // The call defines a temporary; the variable is then assigned from it.
            Some(call) => {
                // (A struct's constructor gives a struct, whatever `var` was taken for.)
                let kind = match self.call_kind(&call) {
                    Kind::Struct => Kind::Struct,
                    _ => self.vars[var].kind,
                };
                let tmp = self.temp("call", kind, span);
                self.vars[tmp].mutable = false;
                self.push_call(tmp, call, span, out);
                Expr::new(ExprKind::Var(tmp), span)
            }
            None => self.lower_expr(e, out),
        };
        // `let q: &f64 = if c { &a } else { &b };`: a float's borrow is its value (see
        // `lower_let`), which a float variable is given.
        let value = match value.kind {
            ExprKind::Ref(inner)
                if self.vars[var].kind == Kind::Float && self.kind_of(&inner) == Kind::Float =>
            {
                *inner
            }
            // `let w = if c { &v } else { &u };`, `let w = { …; &v[1..] };`: a copy. Rust lets
            // nothing change `v` while `w` borrows it, so the copy reads as the borrow would,
            // and the derived items need not hold the borrow across the body's later writes
            // of `v` (nor into the pullback).
            ExprKind::Ref(inner) if self.kind_of(&inner) == Kind::FloatSeq => {
                Expr::new(ExprKind::Copy(inner), value.span)
            }
            kind => Expr::new(kind, value.span),
        };
        out.push(Stmt::new(
            StmtKind::Assign {
                place: Place::Var(var),
                value,
                compound: None,
            },
            span,
        ));
    }
}

/// Whether a statement (at any depth) assigns `v`.
fn assigns(stmt: &Stmt, v: VarId) -> bool {
    sets_any(stmt, &[v])
}

/// Whether a statement (at any depth) assigns one of the flags.
pub(super) fn sets_any(stmt: &Stmt, flags: &[VarId]) -> bool {
    stmt.any(&|s| match &s.kind {
        StmtKind::Assign {
            place: Place::Var(v),
            ..
        }
        | StmtKind::Call { out: v, .. } => flags.contains(v),
        _ => false,
    })
}

fn stmt_span(s: &syn::Stmt) -> Span {
    syn::spanned::Spanned::span(s)
}

pub(super) fn path_name(p: &syn::Path) -> String {
    p.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}

/// The name a `let` binds when its pattern is one name (`k`, `mut k`, `k: usize`).
fn simple_binding(p: &syn::Pat) -> Option<String> {
    match p {
        syn::Pat::Ident(i) => Some(i.ident.to_string()),
        syn::Pat::Type(t) => simple_binding(&t.pat),
        _ => None,
    }
}
