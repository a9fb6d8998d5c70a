//! Struct values in expressions: struct literals (`S { a: x, b: y }`, `Self { x, y }`),
//! locals holding one, and field reads of values other than struct parameters (a tuple
//! field `t.0` of a call result).

use super::expr::describe_unsupported;
use super::*;

impl Lowerer {
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
            .map(|fv| {
                let value = self.lower_expr(&fv.expr, out);
                // `Ray { origin: a, … }` of a struct parameter (taken by reference): a copy.
                let value = match value.kind {
                    ExprKind::Var(v)
                        if self.vars[v].kind == Kind::Struct && self.struct_params.contains(&v) =>
                    {
                        let span = value.span;
                        Expr::new(ExprKind::Copy(Box::new(value)), span)
                    }
                    _ => value,
                };
                (fv.member.clone(), value)
            })
            .collect();
        Expr::new(ExprKind::StructLit(s.path.clone(), fields), span)
    }

    /// A field read that is not one of a struct parameter: a tuple field `t.0` of a call
    /// result, or an error.
    pub(super) fn lower_other_field(
        &mut self,
        f: &syn::ExprField,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        // `self.bins[f].0` of a sequence of tuples of integers (`field_kinds`): a value
        // with no derivative, read as written.
        if self.is_integer_tuple_field(f) {
            let read = syn::parse_quote_spanned!(span=> ::autodiff::__private::integer(#f));
            if let Some(value) = self.primal(read, Kind::Int, span) {
                return value;
            }
        }
        if self.is_element_field(f) {
            return self.unsupported(
                span,
                "reading a field of a struct element (`p.blocks[l].w`)",
                "pass the element to a `#[differentiate]` function or method that reads its fields: `block(&p.blocks[l], …)` or `p.blocks[l].forward(…)`",
            );
        }
        if let syn::Member::Unnamed(index) = &f.member {
            let base = self.lower_expr(&f.base, out);
            // `pair(x).0`: the call's result is a tuple of floats, of at least that many
            // (its adjoint takes the value's own length).
            if let ExprKind::Var(t) = base.kind {
                let just_called = matches!(out.last(), Some(Stmt { kind: StmtKind::Call { out: o, .. }, .. }) if *o == t);
                if just_called && self.vars[t].kind == Kind::Float && index.index < 8 {
                    self.vars[t].kind = Kind::Tuple {
                        len: index.index as u8 + 1,
                        inactive: 0,
                        seqs: 0,
                    };
                    self.open_tuples.push(t);
                }
            }
            return Expr::new(ExprKind::Field(Box::new(base), f.member.clone()), span);
        }
        // `u.x`, `u.a.b` of a struct value (a call's result, a literal).
        if self.names_struct_value(&f.base) {
            let base = self.lower_expr(&f.base, out);
            return Expr::new(ExprKind::Field(Box::new(base), f.member.clone()), span);
        }
        // `r.start` of a parameter without derivatives of a type the macro does not
        // differentiate (`r: Range<f64>`, also through `let Range { start, end } = r;`): a
        // constant, read as written.
        if let syn::Expr::Path(p) = super::fields::peel(&f.base) {
            if let Some(v) = p.path.get_ident().and_then(|i| self.lookup(&i.to_string())) {
                if self.vars[v].scope.is_none() && self.vars[v].kind == Kind::Other {
                    let base = Expr::new(ExprKind::Var(v), span);
                    return Expr::new(ExprKind::Field(Box::new(base), f.member.clone()), span);
                }
            }
        }
        let refused = super::fields::place_root(&f.base)
            .is_some_and(|i| self.refused_names.contains(&i.to_string()));
        if refused {
            return Expr::new(ExprKind::Bool(false), span);
        }
        let (what, instead) = describe_unsupported(&syn::Expr::Field(f.clone()));
        self.unsupported(span, what, instead)
    }
}
