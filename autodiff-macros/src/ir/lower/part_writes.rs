//! A part of a local array written whole: `a.slice_mut(s![.., k..]).assign(&b);`,
//! `a.row_mut(i).assign(&r);`, `a.column_mut(j).assign(&c);`, as ndarray code pads, stacks
//! and fills its arrays.
//!
//! The statement is the assignment `a = ops::slice_assigned(&a, s![…], &b);`: a new value of
//! `a` with the part replaced, `b` broadcast to the part's shape as `assign` broadcasts it,
//! whose rule (`Y = (I − PᵀP) A + Pᵀ E(B)` for the selection `P` and the broadcast `E`)
//! gives the part's cotangent to `b`, summed over the copies, and zeros it in `a`'s. The
//! slice is a constant, as the `s![…]` of a part read (`a.slice(s![…])`) is.

use super::*;

impl Lowerer {
    /// Lowers `e` when it is such a statement; whether it was.
    pub(super) fn part_assigned(&mut self, e: &syn::Expr, out: &mut Vec<Stmt>) -> bool {
        let syn::Expr::MethodCall(assign) = e else {
            return false;
        };
        if assign.method != "assign" || assign.args.len() != 1 {
            return false;
        }
        let syn::Expr::MethodCall(part) = super::fields::peel_parens(&assign.receiver) else {
            return false;
        };
        let info: syn::Expr = match (
            part.method.to_string().as_str(),
            &part.args.iter().collect::<Vec<_>>()[..],
        ) {
            ("slice_mut", [info]) => (*info).clone(),
            ("row_mut", [i]) => syn::parse_quote!(::autodiff::ndarray::s![#i, ..]),
            ("column_mut", [j]) => syn::parse_quote!(::autodiff::ndarray::s![.., #j]),
            _ => return false,
        };
        let syn::Expr::Path(array) = super::fields::peel_parens(&part.receiver) else {
            return false;
        };
        let Some(v) = array
            .path
            .get_ident()
            .and_then(|i| self.lookup(&i.to_string()))
        else {
            return false;
        };
        if self.vars[v].kind != Kind::Array || !self.vars[v].mutable {
            return false;
        }
        // (A slice reading a float, or a name the macro renames otherwise, keeps the
        // message of a part written.)
        let Some(info) = super::methods::slice_macro(self, &info) else {
            return false;
        };
        let span = part.method.span();
        let values = self.lower_expr(&assign.args[0], out);
        let whole = Expr::new(
            ExprKind::Ref(Box::new(Expr::new(ExprKind::Var(v), span))),
            span,
        );
        let info = Expr::new(ExprKind::Closed(info), span);
        let value = self.ops_call("slice_assigned", vec![whole, info, values], span, out);
        out.push(Stmt::new(
            StmtKind::Assign {
                place: Place::Var(v),
                value,
                compound: None,
            },
            span,
        ));
        true
    }
}
