//! Unary and binary operators: arithmetic, comparisons, and `&&`/`||`, which evaluate
//! their right operand only when needed.

use super::calls::CallParts;
use super::*;

impl Lowerer {
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
        let stmt = |kind| Stmt::new(kind, span);
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

    pub(super) fn lower_binary(&mut self, b: &syn::ExprBinary, out: &mut Vec<Stmt>) -> Expr {
        let span = expr_span(&syn::Expr::Binary(b.clone()));
        use syn::BinOp as B;
        let test = is_test(&b.op);
        let arith = matches!(
            b.op,
            B::Add(_) | B::Sub(_) | B::Mul(_) | B::Div(_) | B::Rem(_)
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
            // In order, as `lower_in_order` lowers them; a method of a constant on the left
            // of float arithmetic is read before the right operand's statements run (which
            // may call it again: `c.next() - x * c.next()`).
            let l = self.lower_expr(&b.left, out);
            let l = if arith && self.float_hint(&b.right) {
                self.opaque_operand_once(l, out)
            } else {
                l
            };
            let mark = out.len();
            // `(i + 1) % p.len()`: beside an integer only an integer stands (a struct's
            // `len()` there is a count, as in a loop's bound).
            let beside_integer = arith && self.kind_of(&l) == Kind::Int;
            let outer = self.integer_context;
            self.integer_context |= beside_integer;
            let r = self.lower_expr(&b.right, out);
            self.integer_context = outer;
            let mut l = [l];
            self.keep_before(&mut l, out, mark);
            let [l] = l;
            (l, r)
        };
        if let Some(method) = struct_operator_method(&b.op) {
            if self.kind_of(&l) == Kind::Float && self.kind_of(&r) == Kind::Struct {
                // `k * v`: `#[differentiate] impl Mul<Vec3> for f64` wrote it as a method
                // of the right operand, `v.__lhs_mul(k)` (`expand::impl_block`).
                return self.struct_operator(&format!("__lhs_{method}"), r, l, span, out);
            }
            if self.kind_of(&l) == Kind::Struct || self.kind_of(&r) == Kind::Struct {
                return self.struct_operator(method, l, r, span, out);
            }
        }
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
        // `d >= &0.0` of a parameter `d: &f64`, which the derived items take by value
        // (`parse::collapse`), or of an element `for d in x.iter()` binds, which they read
        // by value: the borrow on the other side goes too.
        let collapsed = |lw: &Self, e: &Expr| match e.kind {
            ExprKind::Var(v) => {
                (lw.vars[v].element && lw.vars[v].scope.is_none()) || lw.vars[v].kind == Kind::Float
            }
            _ => false,
        };
        let (l, r) = match (&l.kind, &r.kind) {
            (_, ExprKind::Ref(inner)) if test && collapsed(self, &l) => {
                (l.clone(), (**inner).clone())
            }
            (ExprKind::Ref(inner), _) if test && collapsed(self, &r) => {
                ((**inner).clone(), r.clone())
            }
            _ => (l, r),
        };
        // `(&lat.cos()) * k`: a borrowed float in arithmetic is the float (std's `&f64 * f64`
        // is `f64 * f64`), which dual numbers take by value.
        let by_value = |lw: &Self, e: Expr| match e.kind {
            ExprKind::Ref(inner) if arith && lw.kind_of(&inner) == Kind::Float => *inner,
            kind => Expr::new(kind, e.span),
        };
        let (l, r) = (by_value(self, l), by_value(self, r));
        let r = if arith && self.kind_of(&l) == Kind::Float {
            self.opaque_operand_once(r, out)
        } else {
            r
        };
        // `<< >> & | ^` of integers (or `bool`s), which carry no derivative; a user type's
        // `BitXor` (a 2-D cross product, `a ^ b`) would lose its operands' derivatives.
        let integer_operator = matches!(
            b.op,
            B::Shl(_) | B::Shr(_) | B::BitAnd(_) | B::BitOr(_) | B::BitXor(_)
        );
        let carries = |k: Kind| {
            matches!(
                k,
                Kind::Float
                    | Kind::FloatSeq
                    | Kind::Struct
                    | Kind::StructSeq
                    | Kind::ArraySeq
                    | Kind::Array
            )
        };
        if integer_operator && (carries(self.kind_of(&l)) || carries(self.kind_of(&r))) {
            return self.unsupported(
                span,
                "an operator `<< >> & | ^` on values that may carry derivatives (a type's own `BitXor`, say)",
                "call the method it stands for by name on the operands (`a.cross(&b)`), as a `#[differentiate]` function or method",
            );
        }
        let (l, r) = (Box::new(l), Box::new(r));
        let kind = match b.op {
            B::Add(_) => ExprKind::Arith(ArithOp::Add, l, r),
            B::Sub(_) => ExprKind::Arith(ArithOp::Sub, l, r),
            B::Mul(_) => ExprKind::Arith(ArithOp::Mul, l, r),
            B::Div(_) => ExprKind::Arith(ArithOp::Div, l, r),
            B::Rem(_) => ExprKind::Arith(ArithOp::Rem, l, r),
            B::Shl(_) => ExprKind::Arith(ArithOp::Shl, l, r),
            B::Shr(_) => ExprKind::Arith(ArithOp::Shr, l, r),
            B::BitAnd(_) => ExprKind::Arith(ArithOp::BitAnd, l, r),
            B::BitOr(_) => ExprKind::Arith(ArithOp::BitOr, l, r),
            B::BitXor(_) => ExprKind::Arith(ArithOp::BitXor, l, r),
            B::Eq(_) => ExprKind::Cmp(CmpOp::Eq, l, r),
            B::Ne(_) => ExprKind::Cmp(CmpOp::Ne, l, r),
            B::Lt(_) => ExprKind::Cmp(CmpOp::Lt, l, r),
            B::Le(_) => ExprKind::Cmp(CmpOp::Le, l, r),
            B::Gt(_) => ExprKind::Cmp(CmpOp::Gt, l, r),
            B::Ge(_) => ExprKind::Cmp(CmpOp::Ge, l, r),
            B::And(_) => ExprKind::Logic(LogicOp::And, l, r),
            B::Or(_) => ExprKind::Logic(LogicOp::Or, l, r),
            _ => return self.unsupported(span, "this operator", "use `+ - * / %`, the integer operators `<< >> & | ^`, comparisons, `&&` or `||` (assignments such as `+=` are statements)"),
        };
        Expr::new(kind, span)
    }
}

/// The method of the operator trait behind an arithmetic operator (`-` is `Sub::sub`).
fn struct_operator_method(op: &syn::BinOp) -> Option<&'static str> {
    use syn::BinOp as B;
    Some(match op {
        B::Add(_) => "add",
        B::Sub(_) => "sub",
        B::Mul(_) => "mul",
        B::Div(_) => "div",
        _ => return None,
    })
}

impl Lowerer {
    /// `a - b` where an operand is a struct value (`*b - *a` of `&Vec3` parameters, `v * k`
    /// of a local `Vec3`): the user's operator impl, called as the method it is
    /// (`a.sub(b)`), whose derivatives `#[differentiate] impl Sub for Vec3` wrote beside the
    /// struct. The result is taken for a struct (`Output = Self`, the usual form); a `let`
    /// with a type says otherwise.
    fn struct_operator(
        &mut self,
        method: &str,
        l: Expr,
        r: Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        self.operator_call(method, vec![l, r], span, out)
    }

    /// `-v` of a struct value: the user's `Neg` impl, as `v.neg()`.
    pub(super) fn struct_negation(&mut self, v: Expr, span: Span, out: &mut Vec<Stmt>) -> Expr {
        self.operator_call("neg", vec![v], span, out)
    }

    /// The operator trait's method, called on the first operand.
    fn operator_call(
        &mut self,
        method: &str,
        mut operands: Vec<Expr>,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        operands[0] = self.lend_receiver(operands[0].clone());
        let call = CallParts {
            callee: syn::Path::from(crate::ir::ident(method, span)),
            args: operands,
            method: true,
        };
        self.call_into_temp(call, Kind::Struct, span, out)
    }
}

/// The float literal 1 (`1.0`, `1.`, `1f64`, `1.0_f32`).
fn is_one(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Float(lit) if lit.base10_parse::<f64>().ok() == Some(1.0))
}

impl Lowerer {
    /// `e`, an operand of float arithmetic or of a float method or function, read once
    /// where it is a method of a value the macro does not differentiate (`x * x * t.tick()`
    /// with `t` a constant struct): written where it stands, the tangent and the reverse
    /// sweep would call it again, which costs a call and, for a method changing state
    /// behind `&self` (a `Cell` counter), reads another value. Bound as a copy, so that a
    /// method giving `&f64` binds the number, not a borrow of the constant; counted among
    /// the calls evaluated once, which a `#[checkpoint]` segment, run again by the reverse
    /// sweep, refuses (`effects::refuse_effects_in_checkpoints`). (The binding's kind is
    /// the float's, also for an integer such as `x.powi(t.n())`: it is only ever read.)
    pub(super) fn opaque_operand_once(&mut self, e: Expr, out: &mut Vec<Stmt>) -> Expr {
        let ExprKind::Opaque(OpaqueCall::Method(recv, name, _, _)) = &e.kind else {
            return e;
        };
        let plain_read = matches!(
            name.to_string().as_str(),
            "len" | "nrows" | "ncols" | "dim" | "shape"
        );
        let scalar_receiver = matches!(self.kind_of(recv), Kind::Float | Kind::Int | Kind::Bool);
        // `cast(2 * n + 1).unwrap()`, `T::from(k).unwrap()`: a function's value, owned, whose
        // type rustc learns from its use (a method of it, `.clone()`, would need it here).
        let unwrapped_call = matches!(name.to_string().as_str(), "unwrap" | "expect")
            && matches!(recv.kind, ExprKind::Opaque(OpaqueCall::Function(..)));
        if plain_read || scalar_receiver || unwrapped_call || self.in_test {
            return e;
        }
        let span = e.span;
        // (`.clone()` of the result: the number, whether the method gives it by value or
        // by reference, generic float types included.)
        let read = ExprKind::Opaque(OpaqueCall::Method(
            Box::new(e),
            Ident::new("clone", span),
            None,
            vec![],
        ));
        let value = self.bind_value("called", Kind::Float, Expr::new(read, span), span, out);
        if let ExprKind::Var(t) = value.kind {
            self.evaluated_once.insert(t);
        }
        value
    }

    /// The operands of a float function or method (`f64::sin(t.tick())`,
    /// `y.atan2(t.tick())`), lowered in order, each read once where it is a method of a
    /// value the macro does not differentiate (see [`Self::opaque_operand_once`]).
    pub(super) fn lower_float_operands<'e>(
        &mut self,
        exprs: impl IntoIterator<Item = &'e syn::Expr>,
        out: &mut Vec<Stmt>,
    ) -> Vec<Expr> {
        self.lower_each_in_order(exprs, out, true)
    }

    /// `a.mul(&b)`, `x.add(y)`, `x.neg()`: `std::ops` in method form (the trait in scope),
    /// on a receiver that reads as a float or an `ndarray` array, is the operator it names,
    /// `(a) * (&b)`. A struct's receiver keeps the method: its type may have an inherent one
    /// of that name, which method resolution would pick over the operator.
    ///
    /// A trait of the user's with a method of that name (`impl Scale for f64 { fn mul(…) }`)
    /// would make the operator the wrong function: on floats, each generated function
    /// repeats a check that calls the method with `std::ops`' trait imported, which rustc
    /// reports as ambiguous (E0034, at the user's method) where another trait of that name
    /// is in scope. (Arrays have no such check: a trait of the user's with a `mul` method
    /// on `ndarray` arrays would go unnoticed.)
    pub(super) fn operator_in_method_form(&mut self, m: &syn::ExprMethodCall) -> Option<syn::Expr> {
        let (recv, name) = (&m.receiver, m.method.to_string());
        let array = self.array_hint(recv);
        if !(self.float_hint(recv) || array) {
            return None;
        }
        let trait_name = match name.as_str() {
            "add" => "Add",
            "sub" => "Sub",
            "mul" => "Mul",
            "div" => "Div",
            "rem" => "Rem",
            "neg" => "Neg",
            _ => return None,
        };
        let operator = match (name.as_str(), m.args.first(), m.args.len()) {
            // (`m.row(0).neg()` borrows the view, as `Neg for &ArrayBase` takes it; a name is
            // negated as written, an owned array by value, a borrowed one through `&`.)
            ("neg", None, 0) if array && !matches!(&**recv, syn::Expr::Path(_)) => {
                Some(syn::parse_quote!(-&(#recv)))
            }
            ("neg", None, 0) => Some(syn::parse_quote!(-(#recv))),
            (_, Some(arg), 1) => Some(match name.as_str() {
                "add" => syn::parse_quote!((#recv) + (#arg)),
                "sub" => syn::parse_quote!((#recv) - (#arg)),
                "mul" => syn::parse_quote!((#recv) * (#arg)),
                "div" => syn::parse_quote!((#recv) / (#arg)),
                "rem" => syn::parse_quote!((#recv) % (#arg)),
                _ => return None,
            }),
            _ => None,
        };
        if operator.is_some() && !array {
            self.check_std_operator(&m.method, trait_name);
        }
        operator
    }

    /// The check that `x.mul(y)` of floats calls `std::ops::Mul::mul` (see
    /// [`Self::operator_in_method_form`]): a function among the body's items, once per
    /// method, spanned on the user's method name so that an ambiguity is reported there.
    fn check_std_operator(&mut self, method: &Ident, trait_name: &str) {
        let float = self.float.clone();
        let concrete = matches!(quote::quote!(#float).to_string().as_str(), "f64" | "f32");
        if !concrete {
            // (On a type parameter `T: Float` the method is the bound's, `std::ops`'.)
            return;
        }
        let check = quote::format_ident!("__std_ops_{method}");
        let tr = Ident::new(trait_name, method.span());
        let span = method.span();
        let item: syn::Item = if trait_name == "Neg" {
            syn::parse_quote_spanned! {span=>
                #[allow(dead_code, clippy::all)]
                fn #check(a: #float) -> #float {
                    use ::core::ops::#tr as _;
                    a.#method()
                }
            }
        } else {
            syn::parse_quote_spanned! {span=>
                #[allow(dead_code, clippy::all)]
                fn #check(a: #float, b: #float) -> #float {
                    use ::core::ops::#tr as _;
                    a.#method(b)
                }
            }
        };
        let named = |i: &syn::Item| matches!(i, syn::Item::Fn(f) if f.sig.ident == check);
        if !self.body_items.iter().any(named) {
            self.body_items.push(item);
        }
    }

    /// Whether `e`, not lowered yet, reads as an `ndarray` array by its syntax: an array
    /// variable, borrowed or not, a part, view, copy or map of one (`a.slice(s![..2, ..])`), or an
    /// operator in method form on one.
    fn array_hint(&self, e: &syn::Expr) -> bool {
        match e {
            syn::Expr::Path(p) => self.names_a(p, Kind::Array),
            syn::Expr::Paren(p) => self.array_hint(&p.expr),
            syn::Expr::Reference(r) => self.array_hint(&r.expr),
            // (`(&a - &b).neg()`: arithmetic with an array operand.)
            syn::Expr::Binary(b) if !is_test(&b.op) => {
                self.array_hint(&b.left) || self.array_hint(&b.right)
            }
            syn::Expr::MethodCall(m) => {
                matches!(
                    m.method.to_string().as_str(),
                    "add"
                        | "sub"
                        | "mul"
                        | "div"
                        | "neg"
                        | "slice"
                        | "t"
                        | "view"
                        | "to_owned"
                        | "clone"
                        | "mapv"
                        | "map"
                        | "row"
                        | "column"
                ) && self.array_hint(&m.receiver)
            }
            _ => false,
        }
    }

    /// Whether the path is a name of a variable of this kind.
    fn names_a(&self, p: &syn::ExprPath, kind: Kind) -> bool {
        p.path
            .get_ident()
            .and_then(|i| self.lookup(&i.to_string()))
            .is_some_and(|v| self.vars[v].kind == kind)
    }

    /// Whether `e`, an operand not lowered yet, reads as a float by its syntax: a float
    /// literal, a float variable, a float method, or arithmetic holding one.
    pub(super) fn float_hint(&self, e: &syn::Expr) -> bool {
        match e {
            syn::Expr::Lit(l) => matches!(l.lit, syn::Lit::Float(_)),
            syn::Expr::Path(p) => self.names_a(p, Kind::Float),
            syn::Expr::Paren(p) => self.float_hint(&p.expr),
            syn::Expr::Unary(u) => self.float_hint(&u.expr),
            syn::Expr::Binary(b) => self.float_hint(&b.left) || self.float_hint(&b.right),
            syn::Expr::MethodCall(m) => {
                crate::rules::lookup(&m.method.to_string()).is_some()
                    || self.float_hint(&m.receiver)
            }
            syn::Expr::Index(ix) => {
                matches!(&*ix.expr, syn::Expr::Path(p) if self.names_a(p, Kind::FloatSeq))
            }
            syn::Expr::Cast(c) => crate::types::kind_of_type(&c.ty, &self.float) == Kind::Float,
            _ => false,
        }
    }
}

/// A comparison or a logical operator (its value is a `bool`).
fn is_test(op: &syn::BinOp) -> bool {
    use syn::BinOp as B;
    matches!(
        op,
        B::And(_) | B::Or(_) | B::Lt(_) | B::Le(_) | B::Gt(_) | B::Ge(_) | B::Eq(_) | B::Ne(_)
    )
}
