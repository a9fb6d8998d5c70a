//! Lowering of expressions: the dispatch over syn's expression forms (each form's own
//! lowering in the modules named for it), operands lowered in Rust's evaluation order, and
//! errors for what is not supported.

use super::calls::unqualified;
use super::kinds::assigned_kind;
use super::kinds::assigned_type;
use super::{expr_span, Lowerer};
use crate::ir::*;

impl Lowerer {
    /// A closure's body inlined where it is called: in a test, the body's assignments
    /// (`let mut probe = |t| { y = sq(t); y > 1.0 }; if probe(x) { … }`) give values to the
    /// code after it, so its calls keep their derivatives there.
    pub(super) fn lower_inlined(&mut self, inlined: &syn::Expr, out: &mut Vec<Stmt>) -> Expr {
        let outer = self.in_test;
        self.in_test = outer && !assigns(inlined);
        let value = self.lower_expr(inlined, out);
        self.in_test = outer;
        value
    }

    /// `e` lowered as (part of) a test, whose value is a `bool` (see `Lowerer::in_test`).
    pub(super) fn lower_test(&mut self, e: &syn::Expr, out: &mut Vec<Stmt>) -> Expr {
        // A test that assigns (`if { y = sq(x); y > 1.0 }`, a closure doing so inlined in
        // the condition) gives values to the code after it: its calls keep their
        // derivatives, as anywhere else.
        let outer = std::mem::replace(&mut self.in_test, !assigns(e));
        let test = self.lower_expr(e, out);
        self.in_test = outer;
        test
    }

    pub(super) fn lower_expr(&mut self, e: &syn::Expr, out: &mut Vec<Stmt>) -> Expr {
        let span = expr_span(e);
        let mk = |kind| Expr::new(kind, span);
        if let Some(copy) = self.row_value(e) {
            return self.lower_expr(&copy, out);
        }
        match e {
            syn::Expr::Lit(l) => self.lower_lit(&l.lit, span),
            syn::Expr::Path(p) if p.qself.is_none() => match p.path.get_ident() {
                // A name whose value was refused: its message said it all.
                Some(ident)
                    if !self.errors.is_empty() && self.refused_names.contains(&ident.to_string()) =>
                {
                    mk(ExprKind::Bool(false))
                }
                Some(ident) => match self.lookup(&ident.to_string()) {
                    Some(v) if self.is_element_alias(v) => self.element_value(v, span),
                    Some(v) => self.read_once(e, mk(ExprKind::Var(v)), out),
                    None => mk(ExprKind::Const(p.path.clone())),
                },
                None => mk(ExprKind::Const(p.path.clone())),
            },
            syn::Expr::Paren(p) => self.lower_expr(&p.expr, out),
            syn::Expr::Group(g) => self.lower_expr(&g.expr, out),
            syn::Expr::Unary(u) => {
                let inner = Box::new(match u.op {
                    syn::UnOp::Not(_) => self.lower_test(&u.expr, out),
                    _ => self.lower_expr(&u.expr, out),
                });
                match u.op {
                    // `-v` of a struct value: the user's `Neg` impl, as `v.neg()`.
                    syn::UnOp::Neg(_) if self.kind_of(&inner) == Kind::Struct => {
                        self.struct_negation(*inner, span, out)
                    }
                    syn::UnOp::Neg(_) => mk(ExprKind::Neg(inner)),
                    syn::UnOp::Not(_) => mk(ExprKind::Not(inner)),
                    // A value refused already (its placeholder, `false`): its message said it.
                    _ if matches!(inner.kind, ExprKind::Bool(false)) && !self.errors.is_empty() => *inner,
                    // `*v` of an element bound by an iterator loop: elements are values here.
                    _ if matches!(inner.kind, ExprKind::Var(v) if self.vars[v].element) => *inner,
                    // `*i` of an index a closure takes by reference (`.filter(|(i, _)| *i != 1)`
                    // after `enumerate`): integers are values here.
                    _ if matches!(inner.kind, ExprKind::Var(v) if self.vars[v].kind == Kind::Int) => *inner,
                    // `*r` of `let r = &x;` with `x` a float: `r` holds the value (`lets.rs`).
                    _ if matches!(inner.kind, ExprKind::Var(v) if self.vars[v].kind == Kind::Float && !self.vars[v].mutable) => *inner,
                    // `*self` of a `Copy` struct passed on by value (`dot(*self, *self)`): the
                    // struct itself, which calls take by reference.
                    _ if matches!(inner.kind, ExprKind::Var(v) if self.vars[v].kind == Kind::Struct) => {
                        *inner
                    }
                    // `*x.iter().max_by(…).unwrap()`, `*x.last().unwrap()`: the reduction or
                    // element is a value here.
                    _ if matches!(&*u.expr, syn::Expr::MethodCall(m) if matches!(m.method.to_string().as_str(), "unwrap" | "expect"))
                        && self.kind_of(&inner) == Kind::Float =>
                    {
                        *inner
                    }
                    _ => self.unsupported(
                        span,
                        "the dereference `*x`",
                        "use the value directly (parameters are taken by value or as slices)",
                    ),
                }
            }
            syn::Expr::Binary(b) => self.lower_binary(b, out),
            syn::Expr::Index(ix) if self.is_element_field_expr(&ix.expr) => self.unsupported(
                span,
                "indexing a field of an element of a slice of structs (`p.pos[0]`)",
                "pass the element to a `#[differentiate]` function that takes the struct by reference and reads the field there (`energy(p)` with `fn energy(p: &Particle)`), or give the struct a float field per coordinate",
            ),
            syn::Expr::Index(ix) if self.refused_rows_field(&ix.expr) => {
                Expr::new(ExprKind::Bool(false), span)
            }
            syn::Expr::Index(ix) if self.is_rows_field(&ix.expr) => self.unsupported(
                span,
                "reading rows of rows held in a field of a struct (`self.w[l][i][j]`)",
                "keep one row of entries per layer (`w: Vec<Vec<f64>>` read as `self.w[l][i * cols + j]`), or differentiate a function that takes the rows as a parameter (`fn layer(w: &[Vec<f64>], x: &[f64]) -> f64`)",
            ),
            syn::Expr::Index(ix) => {
                if let Some(entry) = self.row_entry(ix) {
                    return self.lower_expr(&entry, out);
                }
                let base = self.lower_expr(&ix.expr, out);
                // `p[i][j]` of a struct with an `Index` of its own (its `p[i]` read as an
                // entry, `v[i]` of a vector, a float).
                let entry_of_struct = |lw: &Self, e: &Expr| {
                    matches!(&e.kind, ExprKind::Index(b, _) if lw.kind_of(b) == Kind::Struct)
                };
                if entry_of_struct(self, &base) {
                    return self.unsupported(
                        span,
                        "indexing an element of a struct value (`p[i][j]` of a type with an `Index` of its own)",
                        "read the entries through the field that holds them (`p.points[i][j]`)",
                    );
                }
                let index = self.lower_expr(&ix.index, out);
                let read = mk(ExprKind::Index(Box::new(base), Box::new(index)));
                self.read_once(&ix.expr, read, out)
            }
            syn::Expr::MethodCall(m) => self.lower_method(m, out),
            // `arr2(&[[c, -s], [s, c]])`, `array![a, b]`: entries that may carry derivatives.
            syn::Expr::Call(_) | syn::Expr::Macro(_)
                if super::literals::array_literal(e, &self.float).is_some() =>
            {
                let filled = super::literals::array_literal(e, &self.float).expect("checked");
                self.lower_expr(&filled, out)
            }
            syn::Expr::Call(c) => match unqualified(c) {
                Some(plain) => self.lower_call(&plain, out),
                None => self.lower_call(c, out),
            },
            syn::Expr::Cast(c) => {
                let inner = self.lower_expr(&c.expr, out);
                mk(ExprKind::Cast(Box::new(inner), (*c.ty).clone()))
            }
            syn::Expr::Reference(r) if r.mutability.is_none() && self.float_sub_slice(&r.expr).is_some() => {
                let copy = self.float_sub_slice(&r.expr).expect("checked");
                let part = self.lower_expr(&copy, out);
                mk(ExprKind::Ref(Box::new(part)))
            }
            syn::Expr::Reference(r) if r.mutability.is_none() => {
                // `&p.w`: the field's variable already is a reference.
                if let Some(v) = self.field_read(&r.expr) {
                    if self.vars[v].kind != Kind::Float {
                        return mk(ExprKind::Var(v));
                    }
                }
                let inner = self.lower_expr(&r.expr, out);
                mk(ExprKind::Ref(Box::new(inner)))
            }
            syn::Expr::Macro(m) if m.mac.path.is_ident("vec") => self.lower_vec_macro(&m.mac, out),
            syn::Expr::Macro(m) if super::macros::matches_as_match(&m.mac).is_some() => {
                let test = super::macros::matches_as_match(&m.mac).expect("checked");
                self.lower_expr(&test, out)
            }
            syn::Expr::Macro(m) if super::macros::is_effect(&m.mac) => {
                self.lower_effect_macro(&m.mac, out)
            }
            syn::Expr::Array(a) => {
                let elems = self.lower_in_order(&a.elems, out);
                mk(ExprKind::List { elems, array: true })
            }
            syn::Expr::Repeat(r) => {
                let elem = Box::new(self.lower_expr(&r.expr, out));
                let len = Box::new(self.lower_expr(&r.len, out));
                mk(ExprKind::Repeat {
                    elem,
                    len,
                    array: true,
                })
            }
            syn::Expr::Tuple(t) => {
                let elems: Vec<Expr> = self.lower_in_order(&t.elems, out);
                // `(a, 2.0 * a)` of two to four floats, as a value: a struct of fields `.0`,
                // `.1`, … (the path left empty), as tuple parameters are read.
                if (2..=4).contains(&elems.len())
                    && elems.iter().all(|x| self.kind_of(x) == Kind::Float)
                {
                    let arity = elems.len();
                    let fields = elems
                        .into_iter()
                        .enumerate()
                        .map(|(i, x)| (syn::Member::Unnamed(syn::Index::from(i)), x))
                        .collect();
                    let tuple = syn::Path {
                        leading_colon: None,
                        segments: Default::default(),
                    };
                    let value = mk(ExprKind::StructLit(tuple, fields));
                    // Held in a variable, so that the function is known to hold a struct
                    // value (which has no dual-number twin) wherever it is passed.
                    let t = self.temp("tuple", Kind::Struct, span);
                    self.vars[t].mutable = false;
                    // Its type, written: the reverse sweep declares its adjoint as zeros of
                    // it where the value itself is gone (a loop's body, `tuples`).
                    let float = &self.float;
                    let floats = (0..arity).map(|_| float);
                    self.vars[t].ty = Some(syn::parse_quote!((#(#floats,)*)));
                    out.push(Stmt::new(StmtKind::Let {
                            var: t,
                            init: Some(value),
                        }, span));
                    return mk(ExprKind::Var(t));
                }
                mk(ExprKind::Tuple(elems))
            }
            syn::Expr::Struct(s) => self.lower_struct_lit(s, span, out),
            syn::Expr::Field(f) => match self.field_read(e) {
                Some(v) => mk(ExprKind::Var(v)),
                None => match self.element_field(f, out) {
                    Some(read) => read,
                    None => self.lower_other_field(f, span, out),
                },
            },
            syn::Expr::Block(b) if b.label.is_some() => self.unsupported(
                span,
                "a labelled block",
                "use `if` / `else` instead of `break 'label`",
            ),
            syn::Expr::If(_) | syn::Expr::Match(_) | syn::Expr::Block(_) | syn::Expr::Loop(_) => {
                self.lower_valued_expr(e, span, out)
            }
            // A closure given to a method the chains do not take (`Zip::from(&a2).fold(…)` of
            // a matrix, `v.retain(…)`): the message names the method.
            syn::Expr::Closure(_) if !self.methods_around.is_empty() => {
                let method = self.methods_around.last().expect("checked").method().to_string();
                self.unsupported(
                    span,
                    &format!("a closure passed to `{method}` here"),
                    "closures are taken by the iterator chains and `Zip`s the macro knows (over slices and one-dimensional arrays) and by `mapv`; write this one as a loop",
                )
            }
            _ => {
                let (what, instead) = describe_unsupported(e);
                self.unsupported(span, what, instead)
            }
        }
    }

    /// `if`, `match` or a block used as a value: lowered into a temporary it assigns.
    fn lower_valued_expr(&mut self, e: &syn::Expr, span: Span, out: &mut Vec<Stmt>) -> Expr {
        let tmp = self.temp("value", Kind::Float, span);
        self.vars[tmp].mutable = false;
        // A `return` or `break` in a branch (`x[i?]`) leaves the value unassigned on that
        // path, which the generated code's flags hide from rustc: it starts from a default.
        let diverges = crate::tokens::mentions_any(
            quote::ToTokens::to_token_stream(e),
            &["return", "break", "continue"],
        );
        self.vars[tmp].mutable |= diverges;
        out.push(Stmt::new(
            StmtKind::Let {
                var: tmp,
                init: None,
            },
            span,
        ));
        let start = out.len();
        self.lower_valued(e, &[tmp], out);
        // The block's value has the kind of what is assigned to it.
        if let Some(kind) = assigned_kind(tmp, &out[start..], &self.vars, &self.float) {
            self.vars[tmp].kind = kind;
        }
        // And its type, where a branch's value has one known (an array's rank).
        self.vars[tmp].ty = assigned_type(&out[start..], tmp, &self.vars);
        if diverges {
            let placeholder = self.placeholder(tmp, span);
            if let StmtKind::Let { init, .. } = &mut out[start - 1].kind {
                *init = Some(placeholder);
            }
        }
        Expr::new(ExprKind::Var(tmp), span)
    }

    /// Records an error and returns a placeholder so lowering can go on and find more.
    pub(super) fn unsupported(&mut self, span: Span, what: &str, instead: &str) -> Expr {
        self.error(
            span,
            format!("{what} is not supported in a `#[differentiate]` function: {instead}"),
        );
        Expr::new(ExprKind::Bool(false), span)
    }

    /// Operands lowered left to right, as Rust evaluates them. A later operand may need
    /// statements of its own (`s - { s = y; s }`, `g(s, { s += 1.0; s })`), which run
    /// before the expression: an earlier operand reading a variable they assign is kept in
    /// a temporary first, so it still sees the value from before them.
    pub(super) fn lower_in_order<'e>(
        &mut self,
        exprs: impl IntoIterator<Item = &'e syn::Expr>,
        out: &mut Vec<Stmt>,
    ) -> Vec<Expr> {
        self.lower_each_in_order(exprs, out, false)
    }

    /// [`Self::lower_in_order`]; with `once`, each operand that is a method of a constant
    /// is read once where it stands (`Lowerer::opaque_operand_once`).
    pub(super) fn lower_each_in_order<'e>(
        &mut self,
        exprs: impl IntoIterator<Item = &'e syn::Expr>,
        out: &mut Vec<Stmt>,
        once: bool,
    ) -> Vec<Expr> {
        let mut lowered: Vec<Expr> = vec![];
        for e in exprs {
            let mark = out.len();
            let mut next = self.lower_expr(e, out);
            if once {
                next = self.opaque_operand_once(next, out);
            }
            self.keep_before(&mut lowered, out, mark);
            lowered.push(next);
        }
        lowered
    }

    /// `earlier` (operands lowered before the statements `out[mark..]`), each that reads a
    /// variable those statements assign replaced by a temporary bound before them.
    pub(super) fn keep_before(&mut self, earlier: &mut [Expr], out: &mut Vec<Stmt>, mark: usize) {
        if out.len() == mark {
            return;
        }
        let mut written = std::collections::HashSet::new();
        for s in &out[mark..] {
            visit_stmt(s, &mut |v, write| {
                if write {
                    written.insert(v);
                }
            });
        }
        let mut at = mark;
        for e in earlier.iter_mut() {
            let mut clobbered = false;
            e.visit_vars(&mut |v| clobbered |= written.contains(&v));
            if !clobbered {
                continue;
            }
            let (kind, span) = (self.kind_of(e), e.span);
            if !matches!(kind, Kind::Float | Kind::Int | Kind::Bool) {
                self.unsupported(
                    span,
                    "an operand that a later operand of the same expression changes",
                    "compute the later operand first, into a `let`",
                );
                continue;
            }
            let t = self.temp("operand", kind, span);
            let init = std::mem::replace(e, Expr::new(ExprKind::Var(t), span));
            let kind = StmtKind::Let {
                var: t,
                init: Some(init),
            };
            out.insert(at, Stmt::new(kind, span));
            at += 1;
        }
    }
}

/// A name for an unsupported expression and what to write instead.
pub(super) fn describe_unsupported(e: &syn::Expr) -> (&'static str, &'static str) {
    match e {
        syn::Expr::Closure(_) => ("a closure here", "bind it with `let f = |…| …;` and call it, or use it in an iterator chain's `map` or `fold`"),
        syn::Expr::Async(_) | syn::Expr::Await(_) => ("`async` code", "differentiate a synchronous function and call it from async code"),
        syn::Expr::Unsafe(_) => ("an `unsafe` block", "differentiate safe code; call unsafe code only on inactive values, outside the function"),
        syn::Expr::RawAddr(_) => ("a raw pointer", "use references and slices"),
        syn::Expr::Try(_) => ("the `?` operator", "handle errors outside the differentiated function"),
        syn::Expr::Struct(_) => ("a struct literal", "pass the fields' values as parameters"),
        syn::Expr::Reference(_) => ("a `&mut` borrow here", "assign to the variable directly; a buffer of floats (a local `Vec`, or a buffer parameter) may be lent whole to a `#[differentiate]` function by a call of its own (`fill(x, &mut buf);`, `let v = g(x, &mut buf);`)"),
        syn::Expr::Macro(_) => ("this macro", "only `vec![…]`, `matches!`, assertions and printing are; compute the value without the macro"),
        syn::Expr::Break(_) | syn::Expr::Continue(_) | syn::Expr::Return(_) => ("`break`, `continue` or `return` inside an expression", "use it as a statement"),
        syn::Expr::Range(_) => ("a range outside a `for` loop", "use it as the range of a `for` loop"),
        syn::Expr::Let(_) => ("`let` in a condition", "use `match`"),
        syn::Expr::Field(_) => ("a named field access", "pass the field's value as a parameter"),
        syn::Expr::While(_) | syn::Expr::ForLoop(_) => ("a `while` or `for` loop used for its value", "assign the result to a variable declared before the loop, and `break` without a value"),
        syn::Expr::Lit(_) => ("this literal", "use a number or a boolean"),
        _ => ("this expression", "write it with arithmetic, float methods, indexing, `if`, `match` and loops"),
    }
}

/// Whether `e` assigns anything (`=`, `+=`, …).
pub(super) fn assigns(e: &syn::Expr) -> bool {
    use syn::visit::Visit;
    struct Find(bool);
    impl<'ast> Visit<'ast> for Find {
        fn visit_expr_assign(&mut self, _: &'ast syn::ExprAssign) {
            self.0 = true;
        }
        fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
            use syn::BinOp::*;
            if matches!(
                b.op,
                AddAssign(_) | SubAssign(_) | MulAssign(_) | DivAssign(_) | RemAssign(_)
            ) {
                self.0 = true;
            }
            syn::visit::visit_expr_binary(self, b);
        }
    }
    let mut find = Find(false);
    find.visit_expr(e);
    find.0
}
