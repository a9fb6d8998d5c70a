//! Lowering of expressions, and the coarse kind (float, sequence, integer, …) of each.

use super::{expr_span, Lowerer};
use crate::ir::*;
use crate::rules;

/// A call of a function that may be differentiable, with its lowered arguments.
pub(super) struct CallParts {
    pub(super) callee: syn::Path,
    pub(super) args: Vec<Expr>,
    /// `args[0].callee(args[1..])`
    pub(super) method: bool,
}

impl Lowerer {
    /// `e` lowered as (part of) a test, whose value is a `bool` (see `Lowerer::in_test`).
    pub(super) fn lower_test(&mut self, e: &syn::Expr, out: &mut Vec<Stmt>) -> Expr {
        let outer = std::mem::replace(&mut self.in_test, true);
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
                Some(ident) => match self.lookup(&ident.to_string()) {
                    Some(v) if self.is_element_alias(v) => self.element_value(v, span),
                    Some(v) => mk(ExprKind::Var(v)),
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
                    syn::UnOp::Neg(_) => mk(ExprKind::Neg(inner)),
                    syn::UnOp::Not(_) => mk(ExprKind::Not(inner)),
                    // `*v` of an element bound by an iterator loop: elements are values here.
                    _ if matches!(inner.kind, ExprKind::Var(v) if self.vars[v].element) => *inner,
                    // `*i` of an index a closure takes by reference (`.filter(|(i, _)| *i != 1)`
                    // after `enumerate`): integers are values here.
                    _ if matches!(inner.kind, ExprKind::Var(v) if self.vars[v].kind == Kind::Int) => *inner,
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
            syn::Expr::Index(ix) if self.is_rows_field(&ix.expr) => self.unsupported(
                span,
                "reading rows held in a field of a struct by two indices (`m.data[i][j]`)",
                "keep the entries flat in a `Vec<f64>` field read as `data[i * cols + j]`, or differentiate a function that takes the rows as a parameter (`fn det(a: &[Vec<f64>]) -> f64`)",
            ),
            syn::Expr::Index(ix) => {
                if let Some(entry) = self.row_entry(ix) {
                    return self.lower_expr(&entry, out);
                }
                let base = self.lower_expr(&ix.expr, out);
                let index = self.lower_expr(&ix.index, out);
                mk(ExprKind::Index(Box::new(base), Box::new(index)))
            }
            syn::Expr::MethodCall(m) => self.lower_method(m, out),
            // `arr2(&[[c, -s], [s, c]])`, `array![a, b]`: entries that may carry derivatives.
            syn::Expr::Call(_) | syn::Expr::Macro(_)
                if super::array::array_literal(e, &self.float).is_some() =>
            {
                let filled = super::array::array_literal(e, &self.float).expect("checked");
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
                    out.push(Stmt {
                        kind: StmtKind::Let {
                            var: t,
                            init: Some(value),
                        },
                        span,
                    });
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
            _ => {
                let (what, instead) = describe_unsupported(e);
                self.unsupported(span, what, instead)
            }
        }
    }

    /// Whether `e` is a local holding a struct value, or a named field path from one.
    fn names_struct_value(&self, e: &syn::Expr) -> bool {
        match e {
            syn::Expr::Path(p) => p.path.get_ident().is_some_and(|i| {
                self.lookup(&i.to_string()).is_some_and(|v| {
                    self.vars[v].kind == Kind::Struct && !self.struct_params.contains(&v)
                })
            }),
            syn::Expr::Field(f) => {
                matches!(f.member, syn::Member::Named(_)) && self.names_struct_value(&f.base)
            }
            syn::Expr::Paren(p) => self.names_struct_value(&p.expr),
            _ => false,
        }
    }

    /// `S { a: x, b: y }`, `Self { x, y }`, nested literals: a struct value.
    pub(super) fn lower_struct_lit(
        &mut self,
        s: &syn::ExprStruct,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        if let Some(rest) = &s.rest {
            return self.unsupported(
                syn::spanned::Spanned::span(rest),
                "a struct literal with `..` (functional update)",
                "name every field in the literal",
            );
        }
        if s.qself.is_some() {
            return self.unsupported(
                span,
                "a struct literal with a qualified path",
                "name the struct by its path or `Self`",
            );
        }
        let fields = s
            .fields
            .iter()
            .map(|fv| (fv.member.clone(), self.lower_expr(&fv.expr, out)))
            .collect();
        Expr::new(ExprKind::StructLit(s.path.clone(), fields), span)
    }

    /// A field read that is not one of a struct parameter: a tuple field `t.0` of a call
    /// result, or an error.
    fn lower_other_field(&mut self, f: &syn::ExprField, span: Span, out: &mut Vec<Stmt>) -> Expr {
        if self.is_element_field(f) {
            return self.unsupported(
                span,
                "reading a field of a struct element (`p.blocks[l].w`)",
                "pass the element to a `#[differentiate]` function or method that reads its fields: `block(&p.blocks[l], …)` or `p.blocks[l].forward(…)`",
            );
        }
        if let syn::Member::Unnamed(_) = f.member {
            let base = self.lower_expr(&f.base, out);
            return Expr::new(ExprKind::Field(Box::new(base), f.member.clone()), span);
        }
        // `u.x`, `u.a.b` of a struct value (a call's result, a literal).
        if self.names_struct_value(&f.base) {
            let base = self.lower_expr(&f.base, out);
            return Expr::new(ExprKind::Field(Box::new(base), f.member.clone()), span);
        }
        let (what, instead) = describe_unsupported(&syn::Expr::Field(f.clone()));
        self.unsupported(span, what, instead)
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
        out.push(Stmt {
            kind: StmtKind::Let {
                var: tmp,
                init: None,
            },
            span,
        });
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

    fn lower_lit(&mut self, lit: &syn::Lit, span: Span) -> Expr {
        let kind = match lit {
            syn::Lit::Float(f) => ExprKind::Float(f.clone()),
            syn::Lit::Int(i) if matches!(i.suffix(), "f64" | "f32") => ExprKind::Float(
                syn::LitFloat::new(&format!("{}.0{}", i.base10_digits(), i.suffix()), i.span()),
            ),
            syn::Lit::Int(i) => ExprKind::Int(i.clone()),
            syn::Lit::Bool(b) => ExprKind::Bool(b.value),
            _ => return self.unsupported(span, "this literal", "use a number or a boolean"),
        };
        Expr::new(kind, span)
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
        let mut lowered: Vec<Expr> = vec![];
        for e in exprs {
            let mark = out.len();
            let next = self.lower_expr(e, out);
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
            out.insert(at, Stmt { kind, span });
            at += 1;
        }
    }

    /// `l && r` (`and`) or `l || r` whose `r` needs the statements `needs` (lowered in the
    /// block `id`): `let c = l; let t = !and; if c { needs; t = r }` for `&&`, the branches
    /// swapped for `||`; the test is `t`.
    #[allow(clippy::too_many_arguments)]
    fn short_circuit(
        &mut self,
        and: bool,
        l: Expr,
        mut needs: Vec<Stmt>,
        r: Expr,
        id: BlockId,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let c = self.temp("left", Kind::Bool, span);
        let t = self.temp("test", Kind::Bool, span);
        let stmt = |kind| Stmt { kind, span };
        out.push(stmt(StmtKind::Let {
            var: c,
            init: Some(l),
        }));
        out.push(stmt(StmtKind::Let {
            var: t,
            init: Some(Expr::new(ExprKind::Bool(!and), span)),
        }));
        needs.push(stmt(StmtKind::Assign {
            place: Place::Var(t),
            value: r,
            compound: None,
        }));
        let open = Block { id, stmts: needs };
        let other = Block {
            id: self.open_scope(),
            stmts: vec![],
        };
        self.close_scope();
        let (then, els) = if and { (open, other) } else { (other, open) };
        out.push(stmt(StmtKind::If { cond: c, then, els }));
        Expr::new(ExprKind::Var(t), span)
    }

    fn lower_binary(&mut self, b: &syn::ExprBinary, out: &mut Vec<Stmt>) -> Expr {
        let span = expr_span(&syn::Expr::Binary(b.clone()));
        use syn::BinOp as B;
        let test = matches!(
            b.op,
            B::And(_) | B::Or(_) | B::Lt(_) | B::Le(_) | B::Gt(_) | B::Ge(_) | B::Eq(_) | B::Ne(_)
        );
        let (l, r) = if matches!(b.op, B::And(_) | B::Or(_)) {
            let l = self.lower_test(&b.left, out);
            // The right operand's statements (a block, a loop of `any`) run only where the
            // left leaves the answer open, as Rust's short circuit has it.
            let id = self.open_scope();
            let mut needs = vec![];
            let r = self.lower_test(&b.right, &mut needs);
            self.close_scope();
            if !needs.is_empty() {
                return self.short_circuit(matches!(b.op, B::And(_)), l, needs, r, id, span, out);
            }
            (l, r)
        } else if test {
            let l = self.lower_test(&b.left, out);
            let mark = out.len();
            let r = self.lower_test(&b.right, out);
            let mut l = [l];
            self.keep_before(&mut l, out, mark);
            let [l] = l;
            (l, r)
        } else {
            let mut both = self.lower_in_order([&*b.left, &*b.right], out).into_iter();
            let (l, r) = (both.next(), both.next());
            (l.expect("two operands"), r.expect("two operands"))
        };
        if self.kind_of(&l) == Kind::Array || self.kind_of(&r) == Kind::Array {
            let op = match b.op {
                B::Add(_) => Some(ArithOp::Add),
                B::Sub(_) => Some(ArithOp::Sub),
                B::Mul(_) => Some(ArithOp::Mul),
                B::Div(_) => Some(ArithOp::Div),
                B::Rem(_) => Some(ArithOp::Rem),
                _ => None,
            };
            if let Some(op) = op {
                return self.array_arith(op, l, r, span, out);
            }
        }
        // `1.0 / x` is `x.recip()` (the same IEEE division), whose partial −y² needs no
        // second division in the reverse sweep: the logistic `1.0 / (1.0 + (-x).exp())`.
        if matches!(b.op, B::Div(_)) && is_one(&l) && self.kind_of(&r) == Kind::Float {
            let recip = crate::rules::lookup("recip").expect("recip has a rule");
            return Expr::new(ExprKind::Elementary(recip, vec![r]), span);
        }
        let (l, r) = (Box::new(l), Box::new(r));
        let kind = match b.op {
            B::Add(_) => ExprKind::Arith(ArithOp::Add, l, r),
            B::Sub(_) => ExprKind::Arith(ArithOp::Sub, l, r),
            B::Mul(_) => ExprKind::Arith(ArithOp::Mul, l, r),
            B::Div(_) => ExprKind::Arith(ArithOp::Div, l, r),
            B::Rem(_) => ExprKind::Arith(ArithOp::Rem, l, r),
            B::Eq(_) => ExprKind::Cmp(CmpOp::Eq, l, r),
            B::Ne(_) => ExprKind::Cmp(CmpOp::Ne, l, r),
            B::Lt(_) => ExprKind::Cmp(CmpOp::Lt, l, r),
            B::Le(_) => ExprKind::Cmp(CmpOp::Le, l, r),
            B::Gt(_) => ExprKind::Cmp(CmpOp::Gt, l, r),
            B::Ge(_) => ExprKind::Cmp(CmpOp::Ge, l, r),
            B::And(_) => ExprKind::Logic(LogicOp::And, l, r),
            B::Or(_) => ExprKind::Logic(LogicOp::Or, l, r),
            _ => return self.unsupported(span, "this operator", "use `+ - * / %`, comparisons, `&&` or `||` (assignments such as `+=` are statements)"),
        };
        Expr::new(kind, span)
    }

    /// `x[a..b]` of a float sequence `x` (passed on as `&x[a..b]`) as a block that copies
    /// the part into a new `Vec`, element by element: the copy's cotangent flows back into
    /// those elements of `x̄` through the pushes, as any other.
    fn float_sub_slice(&mut self, e: &syn::Expr) -> Option<syn::Expr> {
        let (base, from, to) = super::chain::sub_slice(e)?;
        let syn::Expr::Path(p) = base else {
            return None;
        };
        let v = self.lookup(&p.path.get_ident()?.to_string())?;
        if self.vars[v].kind != Kind::FloatSeq {
            return None;
        }
        let (start, end) = (self.synthetic_ident("from"), self.synthetic_ident("to"));
        let (part, k) = (self.synthetic_ident("part"), self.synthetic_ident("k"));
        let from: syn::Expr = from.cloned().unwrap_or_else(|| syn::parse_quote!(0));
        let to: syn::Expr = to.unwrap_or_else(|| syn::parse_quote!(#base.len()));
        Some(syn::parse_quote!({
            let #start: usize = #from;
            let #end: usize = #to;
            let mut #part = ::std::vec::Vec::with_capacity(#end - #start);
            for #k in #start..#end {
                #part.push(#base[#k]);
            }
            #part
        }))
    }

    /// A sequence's ends and emptiness, read through indexing and its length:
    /// `x.first().unwrap()` (also `expect`, after `copied()` or `cloned()`) is `x[0]`,
    /// `x.last().unwrap()` is `x[x.len() - 1]` (both panic where those do), and
    /// `x.is_empty()` is `x.len() == 0`, `x.get(i).unwrap()` is `x[i]`. Only for a float
    /// sequence named by a variable.
    fn sequence_end(&self, m: &syn::ExprMethodCall) -> Option<syn::Expr> {
        let named_seq = |e: &syn::Expr| -> Option<syn::Expr> {
            let syn::Expr::Path(p) = e else { return None };
            let v = self.lookup(&p.path.get_ident()?.to_string())?;
            (self.vars[v].kind == Kind::FloatSeq).then(|| e.clone())
        };
        let name = m.method.to_string();
        if name == "is_empty" && m.args.is_empty() {
            let x = named_seq(&m.receiver)?;
            return Some(syn::parse_quote!((#x.len() == 0)));
        }
        if !matches!(name.as_str(), "unwrap" | "expect" | "unwrap_or") {
            return None;
        }
        let mut end = &*m.receiver;
        if let syn::Expr::MethodCall(c) = end {
            if matches!(c.method.to_string().as_str(), "copied" | "cloned") && c.args.is_empty() {
                end = &c.receiver;
            }
        }
        let syn::Expr::MethodCall(e) = end else {
            return None;
        };
        let x = named_seq(&e.receiver)?;
        let element: syn::Expr = match (e.method.to_string().as_str(), e.args.first()) {
            ("first", None) => syn::parse_quote!(#x[0]),
            ("last", None) => syn::parse_quote!(#x[#x.len() - 1]),
            // `x.get(i).unwrap()`; `x.get(i).copied().unwrap_or(d)` is `d` past the end.
            ("get", Some(i)) if e.args.len() == 1 && !matches!(i, syn::Expr::Range(_)) => {
                if name == "unwrap_or" {
                    let d = m.args.first()?;
                    return Some(syn::parse_quote!((if (#i) < #x.len() { #x[#i] } else { #d })));
                }
                syn::parse_quote!(#x[#i])
            }
            _ => return None,
        };
        match (name.as_str(), m.args.first()) {
            // `x.first().copied().unwrap_or(d)`: `d` for an empty sequence.
            ("unwrap_or", Some(d)) => {
                Some(syn::parse_quote!((if #x.len() == 0 { #d } else { #element })))
            }
            ("unwrap_or", None) => None,
            _ => Some(element),
        }
    }

    /// `x.iter().any(|v| …)` and `all` as the loop they run: a flag set, and the loop left,
    /// at the first element that decides (`for v in x.iter() { if … { found = true; break;
    /// } }`). The answer is a `bool`, which carries no derivative.
    fn any_or_all(&mut self, m: &syn::ExprMethodCall) -> Option<syn::Expr> {
        let any = m.method == "any";
        if !(any || m.method == "all") || m.args.len() != 1 {
            return None;
        }
        let syn::Expr::Closure(c) = &m.args[0] else {
            return None;
        };
        let [param] = c.inputs.iter().collect::<Vec<_>>()[..] else {
            return None;
        };
        let param = match param {
            syn::Pat::Type(t) => &*t.pat,
            other => other,
        };
        let (receiver, body) = (&m.receiver, &c.body);
        let flag = self.synthetic_ident(if any { "found" } else { "holds" });
        Some(if any {
            syn::parse_quote!({
                let mut #flag = false;
                for #param in #receiver {
                    if #body {
                        #flag = true;
                        break;
                    }
                }
                #flag
            })
        } else {
            syn::parse_quote!({
                let mut #flag = true;
                for #param in #receiver {
                    if !(#body) {
                        #flag = false;
                        break;
                    }
                }
                #flag
            })
        })
    }

    /// `….filter(|v| …).count()` and `….position(|v| …)` unwrapped, as the loops they run:
    /// a counter, or the first index whose element passes. Both answers are integers, which
    /// carry no derivative.
    fn count_or_position(&mut self, m: &syn::ExprMethodCall) -> Option<syn::Expr> {
        let predicate = |e: &syn::Expr, name: &str| -> Option<(syn::Expr, syn::Pat, syn::Expr)> {
            let syn::Expr::MethodCall(c) = e else {
                return None;
            };
            let (true, [syn::Expr::Closure(f)]) =
                (c.method == name, &c.args.iter().collect::<Vec<_>>()[..])
            else {
                return None;
            };
            let [param] = &f.inputs.iter().collect::<Vec<_>>()[..] else {
                return None;
            };
            let param = match param {
                syn::Pat::Type(t) => (*t.pat).clone(),
                other => (*other).clone(),
            };
            Some(((*c.receiver).clone(), param, (*f.body).clone()))
        };
        let name = m.method.to_string();
        if name == "count" && m.args.is_empty() {
            let (source, param, body) = predicate(&m.receiver, "filter")?;
            let n = self.synthetic_ident("count");
            return Some(syn::parse_quote!({
                let mut #n: usize = 0;
                for #param in #source {
                    if #body {
                        #n += 1;
                    }
                }
                #n
            }));
        }
        let (source, param, body) = predicate(&m.receiver, "position")?;
        let (k, i, found) = (
            self.synthetic_ident("position"),
            self.synthetic_ident("index"),
            self.synthetic_ident("found"),
        );
        match (name.as_str(), m.args.first()) {
            ("unwrap_or", Some(d)) => Some(syn::parse_quote!({
                let mut #k: usize = #d;
                for (#i, #param) in (#source).enumerate() {
                    if #body {
                        #k = #i;
                        break;
                    }
                }
                #k
            })),
            ("unwrap" | "expect", _) => Some(syn::parse_quote!({
                let mut #k: usize = 0;
                let mut #found = false;
                for (#i, #param) in (#source).enumerate() {
                    if #body {
                        #k = #i;
                        #found = true;
                        break;
                    }
                }
                if !#found {
                    panic!("`position` found no element where the predicate holds");
                }
                #k
            })),
            _ => None,
        }
    }

    /// Whether `e` names a variable holding an `ndarray` array.
    fn names_array(&self, e: &syn::Expr) -> bool {
        let syn::Expr::Path(p) = e else { return false };
        p.path
            .get_ident()
            .and_then(|i| self.lookup(&i.to_string()))
            .is_some_and(|v| self.vars[v].kind == Kind::Array)
    }

    fn lower_method(&mut self, m: &syn::ExprMethodCall, out: &mut Vec<Stmt>) -> Expr {
        let span = m.method.span();
        let name = m.method.to_string();
        if let Some(len) = self.row_len(m) {
            return self.lower_expr(&len, out);
        }
        if let Some(search) = self.any_or_all(m) {
            return self.lower_expr(&search, out);
        }
        if let Some(search) = self.count_or_position(m) {
            return self.lower_expr(&search, out);
        }
        if let Some(test) = range_contains(m) {
            return self.lower_test(&test, out);
        }
        if let Some(chosen) = super::array::mean_axis_or(m) {
            return self.lower_expr(&chosen, out);
        }
        if let Some(chain) = super::array::zip_as_chain(m) {
            if self.zips_matrices(m) {
                return self.unsupported(
                    span,
                    "`Zip` over an array of two or more dimensions",
                    "zip one-dimensional arrays, or write the loops over `a[[i, j]]`",
                );
            }
            return self.lower_expr(&chain, out);
        }
        // `a.fold(init, |acc, x| …)` of an `ndarray` array folds its elements in order, as
        // `a.iter().fold(…)` does.
        if name == "fold" && m.args.len() == 2 && self.names_array(&m.receiver) {
            let (recv, args) = (&m.receiver, &m.args);
            return self.lower_expr(&syn::parse_quote!(#recv.iter().fold(#args)), out);
        }
        // An iterator chain ending in a consumer is rewritten before its receiver, which
        // is no value on its own, would be lowered.
        if matches!(
            name.as_str(),
            "sum" | "product" | "fold" | "collect" | "unwrap" | "expect" | "for_each"
        ) {
            if let Some(receiver) = self.rows_as_sub_slices(&m.receiver) {
                let mut m = m.clone();
                *m.receiver = receiver;
                return self.lower_method(&m, out);
            }
        }
        if matches!(
            name.as_str(),
            "sum" | "product" | "fold" | "collect" | "unwrap" | "expect"
        ) {
            if let Some(block) = self.desugar_consumer(m) {
                return self.lower_expr(&block, out);
            }
        }
        if let Some(rewritten) = self.sequence_end(m) {
            return self.lower_expr(&rewritten, out);
        }
        let recv = self.lower_expr(&m.receiver, out);
        // A call's result whose method is none of a float's, a sequence's or an array's
        // (`b.sub(a).scale(k)`): a struct value.
        if let ExprKind::Var(t) = recv.kind {
            let just_called = matches!(out.last(), Some(Stmt { kind: StmtKind::Call { out: o, .. }, .. }) if *o == t);
            if just_called && self.vars[t].kind == Kind::Float && super::uses::struct_method(&name)
            {
                self.vars[t].kind = Kind::Struct;
            }
            // `g(x).sum()`, `g(x).dot(&w)`: methods only an `ndarray` array has (a float and
            // a `Vec` have none of them), so the result is one.
            if just_called
                && self.vars[t].kind == Kind::Float
                && matches!(
                    name.as_str(),
                    "sum"
                        | "mean"
                        | "dot"
                        | "t"
                        | "sum_axis"
                        | "mean_axis"
                        | "mapv"
                        | "nrows"
                        | "ncols"
                )
                && m.args.len() <= 1
            {
                self.vars[t].kind = Kind::Array;
                self.guessed.retain(|&g| g != t);
            }
        }
        let recv_kind = self.kind_of(&recv);
        // A closure mapped over an array is read as syntax (`array::elementwise`).
        let mapped =
            recv_kind == Kind::Array && matches!(name.as_str(), "mapv" | "mapv_into" | "map");
        // `g(x).expect("…")`, `T::from(x).unwrap()`, `a.mean().unwrap()`: the value itself
        // (the message is the primal's).
        // `a.mean_axis(Axis(0)).unwrap()`: the means, which `array_method` computed whole.
        let mean_axis =
            matches!(&*m.receiver, syn::Expr::MethodCall(inner) if inner.method == "mean_axis");
        if matches!(name.as_str(), "unwrap" | "expect")
            && (matches!(recv.kind, ExprKind::Cast(..))
                || recv_kind == Kind::Float && matches!(recv.kind, ExprKind::Var(_))
                || mean_axis && recv_kind == Kind::Array)
        {
            return recv;
        }
        let mark = out.len();
        // `mask.mapv(|m| m as f64)` of a value without derivatives: a closure reading nothing
        // but its parameters is a constant function, passed as written.
        let closed = |lw: &Self, a: &syn::Expr| match a {
            syn::Expr::Closure(c) if !recv_kind.is_float() => {
                let params: Vec<syn::Pat> = c.inputs.iter().cloned().collect();
                crate::ir::hygiene::free_names(&params, &c.body)
                    .iter()
                    .all(|f| lw.lookup(&f.name).is_none() && lw.closure_named(&f.name).is_none())
            }
            _ => false,
        };
        // `a.slice(s![1..])`, `s![i..i + w]`: the slice (`array_method` takes it).
        let slice_arg = |lw: &Self, a: &syn::Expr| {
            (name == "slice" && recv_kind == Kind::Array)
                .then(|| slice_macro(lw, a))
                .flatten()
        };
        let mut args: Vec<Expr> = if m.args.iter().any(|a| slice_arg(self, a).is_some()) {
            m.args
                .iter()
                .map(|a| match slice_arg(self, a) {
                    Some(slice) => Expr::new(ExprKind::Closed(slice), span),
                    None => self.lower_expr(a, out),
                })
                .collect()
        } else if !mapped && m.args.iter().any(|a| closed(self, a)) {
            m.args
                .iter()
                .map(|a| match a {
                    syn::Expr::Closure(_) if closed(self, a) => {
                        Expr::new(ExprKind::Closed(a.clone()), span)
                    }
                    _ => self.lower_expr(a, out),
                })
                .collect()
        } else if mapped {
            m.args
                .iter()
                .map(|a| match a {
                    syn::Expr::Closure(_) => Expr::new(ExprKind::Bool(false), span),
                    _ => self.lower_expr(a, out),
                })
                .collect()
        } else {
            self.lower_in_order(&m.args, out)
        };
        // The receiver is evaluated before the arguments (`t.powf({ t = y; t })`).
        let mut receiver = [recv];
        self.keep_before(&mut receiver, out, mark);
        let [recv] = receiver;
        let mk = |kind| Expr::new(kind, span);
        if matches!(name.as_str(), "unwrap" | "expect") && matches!(recv.kind, ExprKind::Opaque(_))
        {
            // `T::from(2.0).unwrap()`: a constant, computed as written.
            let turbofish = m.turbofish.clone();
            return mk(ExprKind::Opaque(OpaqueCall::Method(
                Box::new(recv),
                m.method.clone(),
                turbofish,
                args,
            )));
        }
        // `a.view()`: the array itself, which the derived items read in place (a view
        // parameter is taken as a reference to an array, `parse::view_as_array_ref`).
        if recv_kind == Kind::Array && name == "view" && args.is_empty() {
            return self.by_ref(recv);
        }
        if recv_kind == Kind::Array
            && !super::array::SHAPE_METHODS.contains(&name.as_str())
            && !matches!(name.as_str(), "clone" | "to_owned" | "into_owned")
        {
            let fn_arg = m.args.first();
            if let Some(e) = self.array_method(recv.clone(), &name, args.clone(), fn_arg, span, out)
            {
                return e;
            }
            return self.unsupported(span, &format!("the array method `{name}`"), "use `dot`, `t`, `sum`, `mean`, `mapv(f64::exp | f64::ln | f64::tanh)`, operators, or a rule of `autodiff::ops`");
        }
        match name.as_str() {
            "to_vec" | "clone" | "to_owned" | "into_owned" if args.is_empty() => {
                return mk(ExprKind::Copy(Box::new(recv)))
            }
            "sum" | "product" | "fold" | "collect" | "for_each" if recv_kind != Kind::Array => {
                return self.unsupported(
                    span,
                    "this iterator chain",
                    "use `x.iter()` or a range `(a..b)` (with `copied`, `cloned`, `zip`, `enumerate`, `rev`, `skip`, `take`, `step_by`, then `map` and `filter`) ending in `sum`, `product`, `fold`, `collect` or `for_each`, or a `for` loop",
                );
            }
            "iter" | "iter_mut" | "into_iter" | "map" | "filter" | "zip" | "enumerate" | "rev"
            | "skip" | "take" | "step_by" => {
                return self.unsupported(
                    span,
                    "this iterator adapter",
                    "use `x.iter()` or a range `(a..b)` with `copied`, `cloned`, `zip`, `enumerate`, `rev`, `skip`, `take`, `step_by`, then `map` and `filter`, ending in `sum`, `product`, `fold`, `collect` or `for_each`, or a `for` loop",
                );
            }
            _ => {}
        }
        if rules::lookup(&name).is_none() && self.differentiable_receiver(&recv) {
            return self.method_call(recv, m, out);
        }
        if recv_kind.is_float() || recv_kind == Kind::Other {
            if let Some(rule) = rules::lookup(&name) {
                if recv_kind == Kind::FloatSeq {
                    return self.unsupported(
                        span,
                        &format!("the method `{name}` on a sequence"),
                        "apply it to each element in a loop",
                    );
                }
                if args.len() + 1 != rule.arity {
                    self.error(
                        span,
                        format!("`{name}` takes {} argument(s)", rule.arity - 1),
                    );
                }
                args.insert(0, recv);
                return mk(ExprKind::Elementary(rule, args));
            }
        }
        // Any other method is called as written: on a constant that is fine (a trait's method
        // on `3.0_f64`); on a value with a derivative, activity analysis reports it.
        let turbofish = m.turbofish.clone();
        let mapped_constant = matches!(name.as_str(), "mapv" | "map")
            && matches!(
                args.as_slice(),
                [Expr {
                    kind: ExprKind::Closed(_),
                    ..
                }]
            );
        let call = mk(ExprKind::Opaque(OpaqueCall::Method(
            Box::new(recv),
            m.method.clone(),
            turbofish,
            args,
        )));
        if mapped_constant {
            // An array of floats made from one without (`mask.mapv(|m| m as f64)`): a
            // constant array, held in a variable as arrays are.
            let t = self.temp("mapped", Kind::Array, span);
            self.vars[t].mutable = false;
            out.push(Stmt {
                kind: StmtKind::Let {
                    var: t,
                    init: Some(call),
                },
                span,
            });
            return mk(ExprKind::Var(t));
        }
        call
    }

    fn lower_call(&mut self, c: &syn::ExprCall, out: &mut Vec<Stmt>) -> Expr {
        let span = expr_span(&syn::Expr::Call(c.clone()));
        // `(|| e)()`, `(move |a| a * k)(x)`: a closure called where it is written, inlined
        // as a `let`-bound one is (its captures are the names in scope here).
        let mut callee = &*c.func;
        while let syn::Expr::Paren(p) = callee {
            callee = &p.expr;
        }
        if let syn::Expr::Closure(closure) = callee {
            let closure = super::iter::closure_of(closure);
            self.refuse_early_return(&closure.body);
            let args: Vec<syn::Expr> = c.args.iter().cloned().collect();
            if let Some(inlined) = self.inline(&closure.params, &closure.body, &args) {
                return self.lower_expr(&inlined, out);
            }
        }
        let syn::Expr::Path(p) = &*c.func else {
            return self.unsupported(
                span,
                "calling a computed function value",
                "call a named function",
            );
        };
        let path = &p.path;
        let last = path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let mk = |kind| Expr::new(kind, span);
        if let Some(name) = path.get_ident() {
            let args: Vec<syn::Expr> = c.args.iter().cloned().collect();
            if let Some(block) = self.inline_closure(&name.to_string(), &args) {
                return self.lower_expr(&block, out);
            }
        }
        if path
            .get_ident()
            .is_some_and(|i| self.lookup(&i.to_string()).is_some())
        {
            return self.unsupported(
                span,
                "calling a function value (a parameter or local holding a function)",
                "call a named `#[differentiate]` function",
            );
        }
        if last == "stop_gradient" && c.args.len() == 1 {
            let inner = self.lower_expr(&c.args[0], out);
            return mk(ExprKind::StopGradient(Box::new(inner)));
        }
        // `U::from_f64(x)` into another type parameter: a plain call, which activity
        // analysis refuses where `x` carries a derivative (`U` has no derivative rule).
        if path.segments.len() >= 2 {
            let head = path.segments[0].ident.to_string();
            if self.type_params.contains(&head) && !self.is_float_type_name(&path.segments[0].ident)
            {
                let args: Vec<Expr> = self.lower_in_order(&c.args, out);
                return mk(ExprKind::Opaque(OpaqueCall::Function(path.clone(), args)));
            }
        }
        if is_vec_path(path) {
            match (last.as_str(), c.args.len()) {
                ("new", 0) => return mk(ExprKind::EmptyVec(None)),
                // `Vec::from([a, b])`: the list itself; `Vec::from(xs)` of a sequence, a copy.
                ("from", 1) => match &c.args[0] {
                    syn::Expr::Array(a) => {
                        let elems = self.lower_in_order(&a.elems, out);
                        return mk(ExprKind::List {
                            elems,
                            array: false,
                        });
                    }
                    syn::Expr::Repeat(r) => {
                        let elem = Box::new(self.lower_expr(&r.expr, out));
                        let len = Box::new(self.lower_expr(&r.len, out));
                        return mk(ExprKind::Repeat {
                            elem,
                            len,
                            array: false,
                        });
                    }
                    other => {
                        let arg = self.lower_expr(other, out);
                        if self.kind_of(&arg) == Kind::FloatSeq {
                            return mk(ExprKind::Copy(Box::new(arg)));
                        }
                        return mk(ExprKind::Opaque(OpaqueCall::Function(
                            path.clone(),
                            vec![arg],
                        )));
                    }
                },
                ("with_capacity", 1) => {
                    let n = self.lower_expr(&c.args[0], out);
                    return mk(ExprKind::EmptyVec(Some(Box::new(n))));
                }
                _ => {}
            }
        }
        if path.segments.len() == 2 && self.is_float_type_name(&path.segments[0].ident) {
            if let Some(rule) = rules::lookup(&last) {
                let args: Vec<Expr> = self.lower_in_order(&c.args, out);
                if args.len() != rule.arity {
                    self.error(span, format!("`{last}` takes {} argument(s)", rule.arity));
                }
                return mk(ExprKind::Elementary(rule, args));
            }
            let args: Vec<Expr> = self.lower_in_order(&c.args, out);
            // `f64::from(x)` of a float is the float itself, derivative included.
            let literal = matches!(args.first().map(|a| &a.kind), Some(ExprKind::Float(_)));
            if last == "from"
                && args.len() == 1
                && self.kind_of(&args[0]) == Kind::Float
                && !literal
            {
                let float = self.float.clone();
                let arg = args.into_iter().next().expect("one argument");
                return mk(ExprKind::Cast(Box::new(arg), float));
            }
            // `T::from(2.0)`, `f64::from(n)`: a constant, computed as written.
            return mk(ExprKind::Opaque(OpaqueCall::Function(path.clone(), args)));
        }
        let args: Vec<Expr> = self.lower_in_order(&c.args, out);
        let local_fn = path
            .get_ident()
            .is_some_and(|i| self.is_local_fn(&i.to_string()));
        if self.in_test && !local_fn {
            // A test reads the call's value only as a `bool` (or compares it): the call runs
            // on primal values, and nothing flows back through it.
            let args = args
                .into_iter()
                .map(|a| {
                    let span = a.span;
                    Expr::new(ExprKind::StopGradient(Box::new(a)), span)
                })
                .collect();
            return mk(ExprKind::Opaque(OpaqueCall::Function(path.clone(), args)));
        }
        if !local_fn && args.iter().any(|a| self.kind_of(a).is_float()) {
            let call = CallParts {
                callee: path.clone(),
                args,
                method: false,
            };
            let kind = self.call_kind(&call);
            let tmp = self.temp("call", kind, span);
            self.vars[tmp].mutable = false;
            if kind == Kind::Float {
                self.guessed.push(tmp);
            }
            self.push_call(tmp, call, span, out);
            return mk(ExprKind::Var(tmp));
        }
        mk(ExprKind::Opaque(OpaqueCall::Function(path.clone(), args)))
    }

    fn is_float_type_name(&self, ident: &Ident) -> bool {
        let float = &self.float;
        ident == "f64"
            || ident == "f32"
            || ident == "Float"
            || *ident == quote::quote!(#float).to_string()
    }

    /// If `e` is a call that may need a derivative, lowers its arguments and returns it.
    pub(super) fn split_call(&mut self, e: &syn::Expr, out: &mut Vec<Stmt>) -> Option<CallParts> {
        if let syn::Expr::MethodCall(m) = e {
            return self.split_method(m, out);
        }
        let syn::Expr::Call(c) = e else { return None };
        if let Some(plain) = unqualified(c) {
            return self.split_call(&syn::Expr::Call(plain), out);
        }
        let syn::Expr::Path(p) = &*c.func else {
            return None;
        };
        let last = p.path.segments.last()?.ident.to_string();
        let float_static =
            p.path.segments.len() == 2 && self.is_float_type_name(&p.path.segments[0].ident);
        let is_vec = is_vec_path(&p.path);
        let is_local = p.path.get_ident().is_some_and(|i| {
            let name = i.to_string();
            self.lookup(&name).is_some()
                || self.closures.iter().any(|(n, _)| *n == name)
                || self.is_local_fn(&name)
        });
        if last == "stop_gradient" || float_static || is_vec || is_local {
            return None;
        }
        let mut pre = vec![];
        let mut args: Vec<Expr> = self.lower_in_order(&c.args, &mut pre);
        // An output buffer passed on as it is (`norm2(y)` with `y: &mut [f64]`): the
        // derived items hold its contents in a local `Vec`, lent as a slice.
        for a in &mut args {
            if matches!(a.kind, ExprKind::Var(v) if self.outputs.iter().any(|o| o.local == v)) {
                let span = a.span;
                *a = Expr::new(ExprKind::Ref(Box::new(a.clone())), span);
            }
        }
        if !args.iter().any(|a| self.kind_of(a).is_float()) {
            return None;
        }
        out.extend(pre);
        Some(CallParts {
            callee: p.path.clone(),
            args,
            method: false,
        })
    }

    /// `let out = callee(args)` as a split call; its pullback is `out_pb`.
    pub(super) fn push_call(
        &mut self,
        out_var: VarId,
        call: CallParts,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        let name = crate::ir::ident(&format!("{}_pb", self.vars[out_var].stem), span);
        let scope = self.vars[out_var].scope;
        let pullback = self.vars.len();
        let stem = name.clone();
        self.vars.push(Var {
            name,
            stem,
            kind: Kind::Pullback,
            scope,
            mutable: false,
            ty: None,
            element: false,
        });
        let kind = StmtKind::Call {
            out: out_var,
            pullback,
            callee: call.callee,
            args: call.args,
            method: call.method,
        };
        out.push(Stmt { kind, span });
    }

    fn lower_vec_macro(&mut self, mac: &syn::Macro, out: &mut Vec<Stmt>) -> Expr {
        let span = mac.path.segments[0].ident.span();
        if let Ok(r) = mac.parse_body_with(parse_repeat) {
            let elem = Box::new(self.lower_expr(&r.0, out));
            let len = Box::new(self.lower_expr(&r.1, out));
            return Expr::new(
                ExprKind::Repeat {
                    elem,
                    len,
                    array: false,
                },
                span,
            );
        }
        let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
        match mac.parse_body_with(parser) {
            Ok(list) => {
                let elems = list.iter().map(|x| self.lower_expr(x, out)).collect();
                Expr::new(
                    ExprKind::List {
                        elems,
                        array: false,
                    },
                    span,
                )
            }
            Err(e) => {
                self.errors.push(e);
                Expr::new(ExprKind::Bool(false), span)
            }
        }
    }

    /// The coarse kind of an expression's value.
    pub fn kind_of(&self, e: &Expr) -> Kind {
        kind_of(e, &self.vars, &self.float)
    }
}

/// The coarse kind of an expression's value, given the variables' kinds.
pub fn kind_of(e: &Expr, vars: &[Var], float: &Type) -> Kind {
    let k = |e: &Expr| kind_of(e, vars, float);
    match &e.kind {
        ExprKind::Float(_) | ExprKind::Elementary(..) => Kind::Float,
        ExprKind::Int(_) => Kind::Int,
        ExprKind::Bool(_) | ExprKind::Cmp(..) | ExprKind::Logic(..) | ExprKind::Not(_) => {
            Kind::Bool
        }
        ExprKind::Var(v) => vars[*v].kind,
        ExprKind::Const(p) => {
            // `f64::MAX`, `std::f64::consts::PI`, `T::…`: a float constant.
            let float_name = quote::quote!(#float).to_string();
            let names_float = p
                .segments
                .iter()
                .any(|s| s.ident == "f64" || s.ident == "f32" || s.ident == float_name);
            if names_float && p.segments.len() > 1 {
                Kind::Float
            } else {
                Kind::Other
            }
        }
        ExprKind::Index(base, _) => match k(base) {
            Kind::FloatSeq | Kind::Array => Kind::Float,
            Kind::StructSeq => Kind::Struct,
            Kind::IntSeq => Kind::Int,
            _ => Kind::Other,
        },
        ExprKind::Neg(a) | ExprKind::StopGradient(a) | ExprKind::Ref(a) | ExprKind::Copy(a) => k(a),
        ExprKind::Arith(_, a, b) => match (k(a), k(b)) {
            (Kind::Float, _) | (_, Kind::Float) => Kind::Float,
            (Kind::Int, _) | (_, Kind::Int) => Kind::Int,
            _ => Kind::Other,
        },
        ExprKind::Cast(_, ty) => crate::parse::kind_of_type(ty, float),
        // `Array2::zeros((n, m))`, `Array1::from_elem(n, 0.0)`: an array to fill.
        ExprKind::Opaque(OpaqueCall::Function(p, _)) if array_constructor(p) => Kind::Array,
        ExprKind::Opaque(OpaqueCall::Method(_, name, _, args))
            if args.is_empty()
                && matches!(
                    name.to_string().as_str(),
                    "len" | "nrows" | "ncols" | "ndim"
                ) =>
        {
            Kind::Int
        }
        // `a.shape()`: the lengths, integers.
        ExprKind::Opaque(OpaqueCall::Method(_, name, _, args))
            if args.is_empty() && name == "shape" =>
        {
            Kind::IntSeq
        }
        // `T::zero()`, `f64::from(n)`, `T::from(0.0).unwrap()`: constants of the float type.
        ExprKind::Opaque(OpaqueCall::Function(p, _)) if float_constructor(p, float) => Kind::Float,
        ExprKind::Opaque(OpaqueCall::Method(recv, name, _, _))
            if (name == "unwrap" || name == "expect")
                && matches!(&recv.kind, ExprKind::Opaque(OpaqueCall::Function(p, _)) if float_constructor(p, float)) =>
        {
            Kind::Float
        }
        ExprKind::Field(base, syn::Member::Unnamed(i)) => match k(base) {
            Kind::Tuple { inactive, .. } if i.index < 8 && inactive >> i.index & 1 == 1 => {
                Kind::Int
            }
            Kind::Tuple { .. } => Kind::Float,
            _ => Kind::Other,
        },
        // A named field of a struct value: a float (a wrong guess is a type error in the
        // generated code, not a wrong derivative).
        ExprKind::Field(..) if crate::ir::struct_field_chain(e, vars).is_some() => Kind::Float,
        ExprKind::StructLit(..) => Kind::Struct,
        ExprKind::Opaque(_) | ExprKind::Tuple(_) | ExprKind::Field(..) | ExprKind::Closed(_) => {
            Kind::Other
        }
        ExprKind::Repeat { elem, .. } => seq_of(k(elem)),
        ExprKind::List { elems, .. } => seq_of(elems.first().map_or(Kind::Float, k)),
        ExprKind::EmptyVec(_) => Kind::FloatSeq,
    }
}

fn seq_of(k: Kind) -> Kind {
    match k {
        Kind::Int => Kind::IntSeq,
        Kind::Float | Kind::Other => Kind::FloatSeq,
        _ => Kind::Other,
    }
}

fn parse_repeat(input: syn::parse::ParseStream) -> syn::Result<(syn::Expr, syn::Expr)> {
    let elem: syn::Expr = input.parse()?;
    input.parse::<syn::Token![;]>()?;
    let len: syn::Expr = input.parse()?;
    Ok((elem, len))
}

/// A name for an unsupported expression and what to write instead.
fn describe_unsupported(e: &syn::Expr) -> (&'static str, &'static str) {
    match e {
        syn::Expr::Closure(_) => ("a closure here", "bind it with `let f = |…| …;` and call it, or use it in an iterator chain's `map` or `fold`"),
        syn::Expr::Async(_) | syn::Expr::Await(_) => ("`async` code", "differentiate a synchronous function and call it from async code"),
        syn::Expr::Unsafe(_) => ("an `unsafe` block", "differentiate safe code; call unsafe code only on inactive values, outside the function"),
        syn::Expr::RawAddr(_) => ("a raw pointer", "use references and slices"),
        syn::Expr::Try(_) => ("the `?` operator", "handle errors outside the differentiated function"),
        syn::Expr::Struct(_) => ("a struct literal", "pass the fields' values as parameters"),
        syn::Expr::Reference(_) => ("a `&mut` borrow", "assign to the variable directly"),
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

/// `Vec::f`, `std::vec::Vec::f`, `::std::vec::Vec::f`.
fn is_vec_path(path: &syn::Path) -> bool {
    let n = path.segments.len();
    n >= 2 && path.segments[n - 2].ident == "Vec"
}

/// The kind of the first value assigned to `v` in these statements (at any depth).
pub(super) fn assigned_kind(v: VarId, stmts: &[Stmt], vars: &[Var], float: &Type) -> Option<Kind> {
    for s in stmts {
        match &s.kind {
            StmtKind::Assign {
                place: Place::Var(t),
                value,
                compound: None,
            } if *t == v => {
                return Some(kind_of(value, vars, float));
            }
            StmtKind::Call { out, .. } if *out == v => return Some(vars[v].kind),
            _ => {}
        }
        for b in s.blocks() {
            if let Some(k) = assigned_kind(v, &b.stmts, vars, float) {
                return Some(k);
            }
        }
    }
    None
}

/// `s![…]` whose identifiers name integer variables or nothing of the function (`s![1..]`,
/// `s![i..i + w, 0]`): the macro with each variable written by the name every generated
/// function gives it, which reads the value where the call is (the part is taken then; its
/// pullback keeps the slice). `None` for anything else.
fn slice_macro(lw: &Lowerer, a: &syn::Expr) -> Option<syn::Expr> {
    use proc_macro2::{Group, TokenStream, TokenTree};
    let syn::Expr::Macro(m) = a else {
        return None;
    };
    if m.mac.path.segments.last().is_none_or(|s| s.ident != "s") {
        return None;
    }
    fn rename(lw: &Lowerer, ts: TokenStream) -> Option<TokenStream> {
        ts.into_iter()
            .map(|t| match t {
                TokenTree::Ident(i) => match lw.lookup(&i.to_string().replace("r#", "")) {
                    None => Some(TokenTree::Ident(i)),
                    Some(v) if lw.vars[v].kind == Kind::Int => {
                        Some(TokenTree::Ident(lw.vars[v].name.clone()))
                    }
                    Some(_) => None,
                },
                TokenTree::Group(g) => {
                    let mut inner = Group::new(g.delimiter(), rename(lw, g.stream())?);
                    inner.set_span(g.span());
                    Some(TokenTree::Group(inner))
                }
                other => Some(other),
            })
            .collect()
    }
    let mut renamed = m.clone();
    renamed.mac.tokens = rename(lw, m.mac.tokens.clone())?;
    Some(syn::Expr::Macro(renamed))
}

/// The type known for a value assigned to `v` in `stmts` (or in blocks nested in them).
pub(super) fn assigned_type(stmts: &[Stmt], v: VarId, vars: &[Var]) -> Option<Type> {
    stmts.iter().find_map(|s| match &s.kind {
        StmtKind::Assign {
            place: Place::Var(to),
            value:
                Expr {
                    kind: ExprKind::Var(from),
                    ..
                },
            compound: None,
        } if *to == v => vars[*from].ty.clone(),
        _ => s
            .blocks()
            .into_iter()
            .find_map(|b| assigned_type(&b.stmts, v, vars)),
    })
}

/// `F::zero()`, `F::one()`, `F::from(…)`, `F::epsilon()`…: an associated function of the
/// float type `F` that makes a value of it (`from` yields an `Option` for generic `T`,
/// unwrapped by the caller).
/// `Array2::zeros`, `Array1::<f64>::ones`, `Array::from_elem`, any path to them.
fn array_constructor(p: &syn::Path) -> bool {
    let n = p.segments.len();
    n >= 2
        && p.segments[n - 2].ident.to_string().starts_with("Array")
        && matches!(
            p.segments[n - 1].ident.to_string().as_str(),
            "zeros" | "ones" | "from_elem"
        )
}

fn float_constructor(p: &syn::Path, float: &Type) -> bool {
    let float_name = quote::quote!(#float).to_string();
    let n = p.segments.len();
    n == 2
        && (p.segments[0].ident == float_name
            || p.segments[0].ident == "f64"
            || p.segments[0].ident == "f32")
        && matches!(
            p.segments[1].ident.to_string().as_str(),
            "zero"
                | "one"
                | "from"
                | "epsilon"
                | "infinity"
                | "neg_infinity"
                | "nan"
                | "max_value"
                | "min_value"
                | "min_positive_value"
                | "from_f64"
                | "from_usize"
                | "default"
        )
}

/// The float literal 1 (`1.0`, `1.`, `1f64`, `1.0_f32`).
fn is_one(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Float(lit) if lit.base10_parse::<f64>().ok() == Some(1.0))
}

/// `<f64>::sin(y)` and `<f64 as Float>::sin(y)` as `f64::sin(y)`: a float function with a
/// derivative rule, of a type named by one identifier, called through a qualified path.
/// (Other qualified calls stay as written: `<f64 as Zero>::zero()` needs its trait.)
fn unqualified(c: &syn::ExprCall) -> Option<syn::ExprCall> {
    let syn::Expr::Path(p) = &*c.func else {
        return None;
    };
    let qself = p.qself.as_ref()?;
    let syn::Type::Path(ty) = &*qself.ty else {
        return None;
    };
    let ty = ty.path.get_ident().filter(|_| ty.qself.is_none())?;
    let name = &p.path.segments.last()?.ident;
    if p.path.segments.len() != qself.position + 1 || rules::lookup(&name.to_string()).is_none() {
        return None;
    }
    let mut plain = c.clone();
    *plain.func = syn::parse_quote!(#ty::#name);
    Some(plain)
}

/// `(lo..=hi).contains(&x)` as the comparisons it makes (`lo <= x && x <= hi`; `x < hi`
/// for `lo..hi`, one side for `lo..` and `..hi`): a `bool`, which carries no derivative.
fn range_contains(m: &syn::ExprMethodCall) -> Option<syn::Expr> {
    if m.method != "contains" || m.args.len() != 1 {
        return None;
    }
    let mut recv = &*m.receiver;
    while let syn::Expr::Paren(p) = recv {
        recv = &p.expr;
    }
    let syn::Expr::Range(r) = recv else {
        return None;
    };
    let x = match &m.args[0] {
        syn::Expr::Reference(x) => &*x.expr,
        other => other,
    };
    let low = r.start.as_ref().map(|lo| quote::quote!((#lo) <= (#x)));
    let high = r.end.as_ref().map(|hi| match r.limits {
        syn::RangeLimits::Closed(_) => quote::quote!((#x) <= (#hi)),
        syn::RangeLimits::HalfOpen(_) => quote::quote!((#x) < (#hi)),
    });
    Some(match (low, high) {
        (Some(l), Some(h)) => syn::parse_quote!((#l && #h)),
        (Some(l), None) => syn::parse_quote!((#l)),
        (None, Some(h)) => syn::parse_quote!((#h)),
        (None, None) => syn::parse_quote!(true),
    })
}
