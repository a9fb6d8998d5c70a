//! Printing IR expressions back to Rust, with the fewest parentheses precedence allows.
//!
//! In `Mode::Lifted` (the dual-number twin used by `f_hvp`) active values are dual numbers
//! and inactive ones stay plain floats: an inactive float that meets an active one is
//! lifted (`__ad::lift(c)`), and an active value read where only its value matters (a
//! comparison, `floor`, a cast to an integer) is read through `.primal`.

use super::{Ctx, Mode};
use crate::ir::*;
use crate::rules::Partial;
use proc_macro2::TokenStream;
use quote::quote;

/// Binding strengths, loosest first, as Rust's operators bind.
const OR: u8 = 1;
const AND: u8 = 2;
const CMP: u8 = 3;
const BIT_OR: u8 = 4;
const BIT_XOR: u8 = 5;
const BIT_AND: u8 = 6;
const SHIFT: u8 = 7;
const SUM: u8 = 8;
const PRODUCT: u8 = 9;
const CAST: u8 = 10;
const UNARY: u8 = 11;
const ATOM: u8 = 12;

/// How tightly `e`'s outermost operator binds.
fn prec(e: &Expr) -> u8 {
    use ExprKind::*;
    match &e.kind {
        Logic(LogicOp::Or, ..) => OR,
        Logic(LogicOp::And, ..) => AND,
        Cmp(..) => CMP,
        Arith(ArithOp::BitOr, ..) => BIT_OR,
        Arith(ArithOp::BitXor, ..) => BIT_XOR,
        Arith(ArithOp::BitAnd, ..) => BIT_AND,
        Arith(ArithOp::Shl | ArithOp::Shr, ..) => SHIFT,
        Arith(ArithOp::Add | ArithOp::Sub, ..) => SUM,
        Arith(ArithOp::Mul | ArithOp::Div | ArithOp::Rem, ..) => PRODUCT,
        Cast(..) => CAST,
        Neg(_) | Not(_) | Ref(_) => UNARY,
        Float(f) if f.base10_digits().starts_with('-') => UNARY,
        _ => ATOM,
    }
}

impl Ctx<'_> {
    /// The expression's value: an active value where `active` (lifting inactive floats),
    /// a plain value otherwise.
    pub fn expr(&self, e: &Expr, active: bool) -> TokenStream {
        if self.mode == Mode::Lifted {
            let varied = self.act.varied(e);
            let kind = crate::ir::kind_of(e, &self.func.vars, &self.func.float);
            // `Default::default()` takes its type from where it goes: dual numbers, or a
            // `Vec` of them, are defaults too (and so is `empty_array()`).
            let default = matches!(&e.kind, ExprKind::Opaque(OpaqueCall::Function(p, args))
                if args.is_empty() && p.segments.len() >= 2
                    && (p.segments.iter().rev().take(2).map(|s| s.ident.to_string()).eq(["default", "Default"])
                        || p.segments.iter().rev().take(2).map(|s| s.ident.to_string()).eq(["empty_array", "__private"])));
            if active && !varied && !default && matches!(kind, Kind::Float | Kind::Other) {
                // `&0.1` passed to an array rule: a reference to the lifted constant.
                if let ExprKind::Ref(referent) = &e.kind {
                    let inner = self.expr(referent, false);
                    return quote!(&__ad::lift(#inner));
                }
                let inner = self.expr(e, false);
                return quote!(__ad::lift(#inner));
            }
            // A local tuple of constants read where dual numbers go: each element lifted.
            if let (true, false, ExprKind::Var(v)) = (active, varied, &e.kind) {
                if let (Kind::Struct, Some(syn::Type::Tuple(t))) = (kind, &self.func.vars[*v].ty) {
                    let name = self.name(*v);
                    let elems = (0..t.elems.len()).map(syn::Index::from);
                    return quote!((#(__ad::lift(#name.#elems),)*));
                }
            }
            if active && !varied && kind == Kind::FloatSeq {
                // An inactive sequence passed where dual numbers are expected.
                let is_ref = |e: &Expr| match &e.kind {
                    ExprKind::Ref(_) => true,
                    ExprKind::Var(v) => {
                        matches!(self.func.vars[*v].ty, Some(syn::Type::Reference(_)))
                    }
                    _ => false,
                };
                let inner = match &e.kind {
                    ExprKind::Ref(inner) => self.expr(inner, false),
                    _ => self.expr(e, false),
                };
                return if is_ref(e) {
                    quote!(&__ad::lift_seq(&#inner))
                } else {
                    quote!(__ad::lift_seq(&#inner))
                };
            }
            if active && !varied && kind == Kind::Array {
                // An inactive array meeting active ones: its elements become constants.
                return match &e.kind {
                    ExprKind::Ref(inner) => {
                        let inner = self.expr(inner, false);
                        quote!(&__ad::lift_nd(&#inner))
                    }
                    // An array parameter passed on is a reference, and so is its lift.
                    ExprKind::Var(v)
                        if matches!(self.func.vars[*v].ty, Some(syn::Type::Reference(_))) =>
                    {
                        let inner = self.expr(e, false);
                        quote!(&__ad::lift_nd(#inner))
                    }
                    _ => {
                        let inner = self.expr(e, false);
                        quote!(__ad::lift_nd(&#inner))
                    }
                };
            }
            if !active && varied && kind == Kind::Float {
                // (A value made by a cast to an unseen type is a dual number or an integer.)
                if let Some(unseen) = match &e.kind {
                    ExprKind::Var(v) => self.unseen_cast_of(*v),
                    _ => None,
                } {
                    let scalar = self.scalar();
                    let inner = self.atom(e, true);
                    return quote!(__ad::lifted_value::<#unseen, #scalar>(#inner));
                }
                let inner = self.atom(e, true);
                return quote!(#inner.primal);
            }
            if !active && varied && matches!(kind, Kind::FloatSeq | Kind::Array) {
                // An active sequence or array read for its values (a test's call): their
                // primals.
                let primals = match kind {
                    Kind::Array => quote!(__ad::primals_nd),
                    _ => quote!(__ad::primals),
                };
                return match &e.kind {
                    ExprKind::Ref(inner) => {
                        let inner = self.expr(inner, true);
                        quote!(&#primals(&#inner))
                    }
                    ExprKind::Var(v)
                        if matches!(self.func.vars[*v].ty, Some(syn::Type::Reference(_))) =>
                    {
                        let inner = self.expr(e, true);
                        quote!(&#primals(#inner))
                    }
                    _ => {
                        let inner = self.expr(e, true);
                        quote!(#primals(&#inner))
                    }
                };
            }
        }
        self.print(e, active)
    }

    /// `expr`, parenthesised unless it binds at least as tightly as `min`.
    fn at(&self, e: &Expr, min: u8, active: bool) -> TokenStream {
        let inner = self.expr(e, active);
        let lifted = self.mode == Mode::Lifted && active != self.act.varied(e);
        if prec(e) >= min || lifted {
            inner
        } else {
            quote!((#inner))
        }
    }

    /// An operand of a binary operator. A cast is always parenthesised: `b + n as f64 < a`
    /// does not parse (`f64<…` opens generic arguments, wherever the cast ends the left
    /// side), and `(n as f64)` reads the same everywhere.
    fn operand(&self, e: &Expr, min: u8, active: bool) -> TokenStream {
        let min = match &e.kind {
            ExprKind::Cast(a, ty) if !self.cast_vanishes(a, ty, active) => ATOM,
            _ => min,
        };
        self.at(e, min, active)
    }

    /// Whether `a as ty` is printed as `a` alone: a conversion of the float type to itself
    /// (`f64::from(x)`, `T::from(x)`), or of an active value to the float type in the dual
    /// twin, where the value already is a dual number.
    /// A cast's target named by an alias the attribute cannot see (`x as Idx`): neither a
    /// float type nor an integer type it knows.
    pub fn unseen_cast_target(&self, ty: &syn::Type) -> bool {
        crate::types::kind_of_type(ty, &self.func.float) == Kind::Struct
    }

    /// The unseen type a variable was made by casting to (`let k = x as Idx;`).
    pub fn unseen_cast_of(&self, v: VarId) -> Option<&syn::Type> {
        self.func
            .unseen_casts
            .iter()
            .find(|(u, _)| *u == v)
            .map(|(_, t)| t)
    }

    fn cast_vanishes(&self, a: &Expr, ty: &syn::Type, active: bool) -> bool {
        let float_cast = crate::types::kind_of_type(ty, &self.func.float) == Kind::Float;
        let float = self.float().to_string();
        let same_type = quote!(#ty).to_string() == float;
        // The operand's own type, where it is written: `(n as f32) as f64` and `y as f64` for
        // `let y: f32` convert, and keep their rounding.
        let written = match &a.kind {
            ExprKind::Cast(_, t) => Some(t),
            ExprKind::Var(v) => self.func.vars[*v].ty.as_ref().or(self.unseen_cast_of(*v)),
            _ => None,
        };
        // A literal or constant of another float type (`2.5f32 as f64`, `f32::consts::PI as
        // f64`) converts too.
        let other_literal = match &a.kind {
            ExprKind::Float(lit) => {
                let suffix = lit.suffix();
                !suffix.is_empty() && suffix != float
            }
            ExprKind::Const(path) => path.segments.iter().any(|s| {
                let s = s.ident.to_string();
                (s == "f32" || s == "f64") && s != float
            }),
            _ => false,
        };
        let other_float = other_literal || written.is_some_and(|t| quote!(#t).to_string() != float);
        let from_float =
            crate::ir::kind_of(a, &self.func.vars, &self.func.float) == Kind::Float && !other_float;
        // A value whose type the macro guessed (`let k = c.bump();`, a method's result,
        // `cfg.n` or `(cfg.n + 1)` of a local configuration) and that carries no derivative
        // keeps its cast: it may be an integer after all.
        let unvaried_name =
            !matches!(a.kind, ExprKind::Float(_) | ExprKind::Const(_)) && !self.act.varied(a);
        (self.mode == Mode::Lifted && active && float_cast && self.act.varied(a))
            || (same_type && from_float && !unvaried_name)
    }

    /// In the dual twin, a dual number and a plain float meeting in `+ - * /`: the float
    /// stays plain, on the right (`Dual<T> * T` scales both parts), where lifting it to a
    /// constant dual would multiply its zero tangent too (`c·ẋ + 0·x`). A plain float on
    /// the left of `+` or `*` moves to the right; `c - x` and `c / x` lift `c`.
    fn dual_with_scalar(
        &self,
        op: ArithOp,
        a: &Expr,
        b: &Expr,
        p: u8,
        active: bool,
    ) -> Option<TokenStream> {
        if self.mode != Mode::Lifted || !active || op == ArithOp::Rem {
            return None;
        }
        let plain = |e: &Expr| {
            !self.act.varied(e)
                && crate::ir::kind_of(e, &self.func.vars, &self.func.float) == Kind::Float
        };
        let commutes = matches!(op, ArithOp::Add | ArithOp::Mul);
        let (dual, scalar) = match (self.act.varied(a), self.act.varied(b)) {
            (true, false) if plain(b) => (a, b),
            (false, true) if commutes && plain(a) => (b, a),
            _ => return None,
        };
        let (d, s) = (
            self.operand(dual, p, true),
            self.operand(scalar, p + 1, false),
        );
        let op = arith_token(op);
        Some(quote!(#d #op #s))
    }

    /// An expression usable as a method receiver.
    pub fn atom(&self, e: &Expr, active: bool) -> TokenStream {
        self.at(e, ATOM, active)
    }

    fn print(&self, e: &Expr, active: bool) -> TokenStream {
        use ExprKind::*;
        let sp = e.span;
        match &e.kind {
            Float(f) => quote::quote_spanned!(sp=> #f),
            Int(i) => quote!(#i),
            Bool(b) => quote!(#b),
            Var(v) => {
                let name = self.name(*v);
                quote::quote_spanned!(sp=> #name)
            }
            Const(p) => quote!(#p),
            Closed(c) => quote!(#c),
            Primal(p) => self.primal_expr(p),
            Index(base, i) => {
                let (b, i) = (self.atom(base, active), self.expr(i, false));
                quote!(#b[#i])
            }
            Neg(a) => {
                let a = self.at(a, UNARY, active);
                quote!(-#a)
            }
            Not(a) => {
                let a = self.at(a, UNARY, false);
                quote!(!#a)
            }
            Arith(op, a, b) => {
                let p = prec(e);
                if let Some(mixed) = self.dual_with_scalar(*op, a, b, p, active) {
                    return mixed;
                }
                let (a, b) = (self.operand(a, p, active), self.operand(b, p + 1, active));
                let op = arith_token(*op);
                quote!(#a #op #b)
            }
            Cmp(op, a, b) => {
                let (a, b) = (
                    self.operand(a, CMP + 1, false),
                    self.operand(b, CMP + 1, false),
                );
                let op = cmp_token(*op);
                quote!(#a #op #b)
            }
            Logic(op, a, b) => {
                let p = prec(e);
                let (a, b) = (self.operand(a, p, false), self.operand(b, p + 1, false));
                match op {
                    LogicOp::And => quote!(#a && #b),
                    LogicOp::Or => quote!(#a || #b),
                }
            }
            Elementary(rule, args) => self.elementary(rule, args, active),
            Cast(a, ty) => {
                // A dual number rounded through the other float type: its value rounds, its
                // tangent (derivative one) passes; through an integer, it does not.
                if let (Mode::Lifted, true, ExprKind::Cast(inner, other)) =
                    (self.mode, active && self.act.varied(a), &a.kind)
                {
                    if quote!(#other).to_string() != self.float().to_string() {
                        let d = self.atom(inner, true);
                        // (Through an alias the attribute cannot see, `(t as Idx) as f64`,
                        // rustc's types decide whether the tangent passes: not an integer's.)
                        let tangent = match self.unseen_cast_target(other) {
                            true => quote!(__ad::through_cast::<#other, _>(#d.tangent)),
                            false => quote!(#d.tangent),
                        };
                        return quote!(__ad::Dual::new((#d.primal as #other) as #ty, #tangent));
                    }
                }
                // Such a value converted back (`k as f64` of `let k = x as Idx;`): the dual
                // number it was, or a constant.
                if let (Mode::Lifted, true, ExprKind::Var(v)) = (self.mode, active, &a.kind) {
                    if let Some(unseen) = self.unseen_cast_of(*v).filter(|_| self.act.varied(a)) {
                        let scalar = self.scalar();
                        let k = self.name(*v);
                        return quote!(__ad::unlifted_cast::<#unseen, #scalar>(#k));
                    }
                }
                // A dual number converted to an alias the attribute cannot see (`(x * y)
                // as Real`): rustc's types decide whether it stays a dual number.
                if self.mode == Mode::Lifted
                    && active
                    && self.act.varied(a)
                    && self.unseen_cast_target(ty)
                {
                    let d = self.expr(a, true);
                    return quote!(__ad::lifted_cast::<#ty, _>(#d));
                }
                if self.cast_vanishes(a, ty, active) {
                    return self.at(a, CAST, active);
                }
                let a = self.at(a, CAST, false);
                quote!(#a as #ty)
            }
            // A parameter taken as a function value with its derivatives: its value.
            Opaque(OpaqueCall::Function(path, args)) if self.is_function_value(path) => {
                let args = args.iter().map(|a| self.expr(a, false));
                quote!(#path.call(#(#args),*))
            }
            Opaque(OpaqueCall::Function(path, args)) => {
                let args = args.iter().map(|a| self.opaque_arg(a));
                quote!(#path(#(#args),*))
            }
            Opaque(OpaqueCall::Method(recv, m, turbofish, args)) => {
                let recv = self.atom(recv, self.act.varied(recv));
                let args = args.iter().map(|a| self.opaque_arg(a));
                quote!(#recv.#m #turbofish(#(#args),*))
            }
            // Primal values only: what the user's code would print or assert.
            Opaque(OpaqueCall::Macro(path, args)) => {
                let args = args.iter().map(|a| match a {
                    MacroArg::Value(e) => self.expr(e, false),
                    MacroArg::Format(s) => quote!(#s),
                    MacroArg::Named(n, e) => {
                        let e = self.expr(e, false);
                        quote!(#n = #e)
                    }
                });
                quote!(#path!(#(#args),*))
            }
            StopGradient(a) => self.expr(a, false),
            Ref(a) => {
                let a = self.at(a, UNARY, active);
                quote!(&#a)
            }
            Copy(a) => {
                let a = self.atom(a, active);
                match crate::ir::kind_of(e, &self.func.vars, &self.func.float) {
                    Kind::FloatSeq | Kind::IntSeq => quote!(#a.to_vec()),
                    // `to_owned`, not `clone`: of a `&Array2` parameter, `clone` copies the reference.
                    Kind::Array => quote!(#a.to_owned()),
                    // `let mut p = *p0;` of a `Copy` struct parameter, which is `Clone`.
                    Kind::Struct => quote!(::core::clone::Clone::clone(#a)),
                    _ => a,
                }
            }
            Repeat { elem, len, array } => {
                let (elem, len) = (self.expr(elem, active), self.expr(len, false));
                if *array {
                    quote!([#elem; #len])
                } else {
                    quote!(::std::vec![#elem; #len])
                }
            }
            List { elems, array } => {
                let elems = elems.iter().map(|x| self.expr(x, active));
                if *array {
                    quote!([#(#elems),*])
                } else {
                    quote!(::std::vec![#(#elems),*])
                }
            }
            EmptyVec(None) => quote!(::std::vec::Vec::new()),
            EmptyVec(Some(n)) => {
                let n = self.expr(n, false);
                quote!(::std::vec::Vec::with_capacity(#n))
            }
            Tuple(xs) => {
                let xs = xs.iter().map(|x| self.expr(x, active));
                quote!((#(#xs),*))
            }
            Field(a, m) => {
                let a = self.atom(a, active);
                quote!(#a.#m)
            }
            // A tuple of floats read as a struct (its path empty).
            StructLit(path, fields) if path.segments.is_empty() => {
                let xs = fields.iter().map(|(_, x)| self.expr(x, active));
                quote!((#(#xs,)*))
            }
            StructLit(path, fields) => {
                let fields = fields.iter().map(|(m, x)| {
                    let x = self.expr(x, active);
                    quote!(#m: #x)
                });
                quote!(#path { #(#fields),* })
            }
        }
    }

    /// `x.sin()`, `a.powf(b)`, `x.powi(n)`: method syntax, which works for every float type.
    fn elementary(&self, rule: &crate::rules::Rule, args: &[Expr], active: bool) -> TokenStream {
        let differentiable = rule.partial != Partial::Zero;
        let float_ctx = |i: usize| active && differentiable && rule.float_arg(i);
        let recv = self.atom(&args[0], float_ctx(0));
        let rest = args[1..]
            .iter()
            .enumerate()
            .map(|(i, a)| self.expr(a, float_ctx(i + 1)));
        let name = proc_macro2::Ident::new(rule.name, proc_macro2::Span::call_site());
        quote!(#recv.#name(#(#rest),*))
    }
}

pub fn arith_token(op: ArithOp) -> TokenStream {
    match op {
        ArithOp::Add => quote!(+),
        ArithOp::Sub => quote!(-),
        ArithOp::Mul => quote!(*),
        ArithOp::Div => quote!(/),
        ArithOp::Rem => quote!(%),
        ArithOp::Shl => quote!(<<),
        ArithOp::Shr => quote!(>>),
        ArithOp::BitAnd => quote!(&),
        ArithOp::BitOr => quote!(|),
        ArithOp::BitXor => quote!(^),
    }
}

/// `+=`, `-=`, …; `None` is plain `=`.
pub fn assign_token(op: Option<ArithOp>) -> TokenStream {
    match op {
        None => quote!(=),
        Some(ArithOp::Add) => quote!(+=),
        Some(ArithOp::Sub) => quote!(-=),
        Some(ArithOp::Mul) => quote!(*=),
        Some(ArithOp::Div) => quote!(/=),
        Some(ArithOp::Rem) => quote!(%=),
        Some(ArithOp::Shl) => quote!(<<=),
        Some(ArithOp::Shr) => quote!(>>=),
        Some(ArithOp::BitAnd) => quote!(&=),
        Some(ArithOp::BitOr) => quote!(|=),
        Some(ArithOp::BitXor) => quote!(^=),
    }
}

fn cmp_token(op: CmpOp) -> TokenStream {
    match op {
        CmpOp::Eq => quote!(==),
        CmpOp::Ne => quote!(!=),
        CmpOp::Lt => quote!(<),
        CmpOp::Le => quote!(<=),
        CmpOp::Gt => quote!(>),
        CmpOp::Ge => quote!(>=),
    }
}

impl Ctx<'_> {
    /// An expression evaluated as written on primal values (`ExprKind::Primal`): each name
    /// it reads is bound first to its variable's primal value where the generated code
    /// names that differently (a renamed variable; in the dual twin, `x.primal` of a dual
    /// number and the primals of a sequence of them). Numbers and flags are bound by
    /// value, anything else by reference, so a `Vec` is never moved.
    fn primal_expr(&self, p: &PrimalExpr) -> TokenStream {
        let mut bindings = Vec::new();
        let e = &p.expr;
        let mut e = quote!(#e);
        for (name, read) in &p.reads {
            let value = self.expr(read, false);
            if *name == value.to_string() {
                continue;
            }
            // (`self` cannot be bound by `let`: the expression reads the value instead.)
            if name == "self" {
                e = crate::tokens::subst(e, name, &quote!((#value)));
                continue;
            }
            let kind = crate::ir::kind_of(read, &self.func.vars, &self.func.float);
            let by_value = matches!(kind, Kind::Float | Kind::Int | Kind::Bool)
                || value.to_string().starts_with('&');
            bindings.push(if by_value {
                quote!(let #name = #value;)
            } else {
                quote!(let #name = &#value;)
            });
        }
        if bindings.is_empty() {
            quote!(#e)
        } else {
            quote!({ #(#bindings)* #e })
        }
    }
}
