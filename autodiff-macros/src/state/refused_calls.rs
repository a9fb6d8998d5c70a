//! The calls a `&mut self` method cannot be read through as a function of its state: a
//! method stepping a field's own state (`self.fast.update(x)`), a method of `self` itself,
//! a collection field changed or lent mutably in place (`self.log.push(x)`,
//! `self.lots.last_mut()`); found before the method is split, each with its message.

use super::places::{inside_self_field, self_field};
use syn::visit::Visit;
use syn::{Expr, Ident, ItemFn};

/// A call that evidently steps the state of a field of `self`: a method of a field named
/// like this method (`self.fast.update(close)` in `update`), or, in a method that assigns
/// no field itself, any method of a field (its `&mut self` is there for them).
pub(super) fn sub_state_call(
    item: &ItemFn,
    nothing_assigned: bool,
) -> Option<&syn::ExprMethodCall> {
    struct Find<'a> {
        name: &'a Ident,
        any: bool,
        found: Option<&'a syn::ExprMethodCall>,
    }
    impl<'a> Visit<'a> for Find<'a> {
        fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
            let on_field = self_field(&m.receiver).is_some() || inside_self_field(&m.receiver);
            // A field's reads (`self.items.iter()`, `self.w.len()`) and a float field's own
            // methods (`self.gain_db.exp()`) step no state.
            let method = m.method.to_string();
            let reads = crate::types::READS_ONLY.contains(&method.as_str())
                || crate::rules::lookup(&method).is_some();
            let named = m.method == *self.name || STEP_NAMES.contains(&method.as_str());
            if self.found.is_none() && on_field && ((self.any && !reads) || named) {
                self.found = Some(m);
            }
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    }
    let mut find = Find {
        name: &item.sig.ident,
        any: nothing_assigned,
        found: None,
    };
    find.visit_block(&item.block);
    find.found
}

/// A method called on `self` itself (`self.process(s)`, in a closure too).
pub(super) fn self_method_call(body: &syn::Block) -> Option<&syn::ExprMethodCall> {
    struct Find<'a>(Option<&'a syn::ExprMethodCall>);
    impl<'a> Visit<'a> for Find<'a> {
        fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
            if self.0.is_none() && matches!(&*m.receiver, Expr::Path(p) if p.path.is_ident("self"))
            {
                self.0 = Some(m);
            }
            syn::visit::visit_expr_method_call(self, m);
        }
    }
    let mut find = Find(None);
    find.visit_block(body);
    find.0
}

/// The names steps go by (`self.lowpass.process(x)`, `self.fast.update(close)`).
pub(super) const STEP_NAMES: &[&str] = &[
    "update",
    "process",
    "step",
    "tick",
    "advance",
    "feed",
    "next",
    "next_sample",
    "process_sample",
    "integrate",
    "evolve",
    "propagate",
    "smooth",
    "observe",
];

/// A collection's own methods that change it in place (`self.log.push(x)`).
const CHANGES: &[&str] = &[
    "push",
    "extend",
    "extend_from_slice",
    "insert",
    "clear",
    "pop",
    "remove",
    "truncate",
    "resize",
    "swap",
    "sort",
    "sort_by",
    "reverse",
    "retain",
    "drain",
    "append",
];

/// Whether `method` changes a collection in place: one of `CHANGES`, or of `ndarray`'s
/// own (`self.w.scaled_add(mu * e, x)`, `ARRAY_IN_PLACE`).
pub(super) fn changes(method: &str) -> bool {
    CHANGES.contains(&method) || ARRAY_IN_PLACE.contains(&method)
}

/// `ndarray`'s methods changing an array in place, whole (`a.scaled_add(k, &x)`,
/// `a.fill(0.0)`): what a body can write element by element instead.
pub(crate) const ARRAY_IN_PLACE: &[&str] = &[
    "scaled_add",
    "assign",
    "fill",
    "mapv_inplace",
    "map_inplace",
    "zip_mut_with",
];

/// A collection's own methods lending a part of it mutably (`last_mut`, `get_mut`): no
/// method of the user's to differentiate alone.
pub(super) const LENDS_MUTABLY: &[&str] = &[
    "last_mut",
    "first_mut",
    "get_mut",
    "iter_mut",
    "as_mut",
    "as_mut_slice",
    "split_at_mut",
    "split_first_mut",
    "split_last_mut",
    "chunks_mut",
    "values_mut",
    "entry",
    // `ndarray`'s mutable views of a field (`self.w.slice_mut(s![0..2])`).
    "slice_mut",
    "view_mut",
    "as_slice_mut",
    "rows_mut",
    "columns_mut",
    "row_mut",
    "column_mut",
    "index_axis_mut",
    "axis_iter_mut",
];

/// `self.receipt.push(x)`, `self.log.clear()`: a collection field of `self` changed by
/// its own method.
pub(super) fn field_changed_in_place<'a>(
    item: &'a ItemFn,
    grown: &[Ident],
) -> Option<&'a syn::ExprMethodCall> {
    struct Find<'a, 'g>(Option<&'a syn::ExprMethodCall>, &'g [Ident]);
    impl<'a> Visit<'a> for Find<'a, '_> {
        fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
            let on_field = self_field(&m.receiver).is_some() || inside_self_field(&m.receiver);
            // (A float pushed onto a field of floats is followed: `pushed_fields`.)
            let followed =
                m.method == "push" && self_field(&m.receiver).is_some_and(|f| self.1.contains(f));
            if self.0.is_none() && on_field && !followed && changes(&m.method.to_string()) {
                self.0 = Some(m);
            }
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    }
    let mut find = Find(None, grown);
    find.visit_block(&item.block);
    find.0
}

/// The fields the method pushes floats onto as statements (`self.history.push(y);`, a log
/// of its outputs), and changes in no other way: each is lent to the hidden method as the
/// `Vec` it is, an output buffer that grows. A push of what is plainly an integer (a
/// literal, a cast to an integer type, a length) or of a loop's index keeps the message.
pub(super) fn pushed_fields(item: &ItemFn) -> Vec<Ident> {
    struct Find {
        pushed: Vec<Ident>,
        refused: Vec<Ident>,
        indices: Vec<Ident>,
    }
    impl Find {
        fn integer(&self, e: &Expr) -> bool {
            match e {
                Expr::Lit(l) => matches!(&l.lit, syn::Lit::Int(i) if !i.suffix().starts_with('f')),
                Expr::Cast(c) => matches!(&*c.ty, syn::Type::Path(p)
                    if crate::types::INTS.iter().any(|i| p.path.is_ident(i))),
                Expr::MethodCall(m) => m.method == "len",
                Expr::Path(p) => p.path.get_ident().is_some_and(|i| self.indices.contains(i)),
                Expr::Paren(p) => self.integer(&p.expr),
                _ => false,
            }
        }
    }
    impl<'a> Visit<'a> for Find {
        fn visit_expr_for_loop(&mut self, f: &'a syn::ExprForLoop) {
            if let syn::Pat::Ident(p) = &*f.pat {
                if matches!(&*f.expr, Expr::Range(_)) {
                    self.indices.push(p.ident.clone());
                }
            }
            syn::visit::visit_expr_for_loop(self, f);
        }
        fn visit_stmt(&mut self, s: &'a syn::Stmt) {
            if let syn::Stmt::Expr(Expr::MethodCall(m), Some(_)) = s {
                if let (true, Some(field), [arg]) = (
                    m.method == "push",
                    self_field(&m.receiver),
                    m.args.iter().collect::<Vec<_>>().as_slice(),
                ) {
                    match self.integer(arg) {
                        true => self.refused.push(field.clone()),
                        false => self.pushed.push(field.clone()),
                    }
                    syn::visit::visit_expr(self, arg);
                    return;
                }
            }
            syn::visit::visit_stmt(self, s);
        }
        fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
            // Any other change of the field, or a push inside an expression.
            if let Some(field) = self_field(&m.receiver) {
                if changes(&m.method.to_string()) {
                    self.refused.push(field.clone());
                }
            }
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    }
    let mut find = Find {
        pushed: vec![],
        refused: vec![],
        indices: vec![],
    };
    find.visit_block(&item.block);
    let mut pushed: Vec<Ident> = vec![];
    for f in find.pushed {
        if !find.refused.contains(&f) && !pushed.contains(&f) {
            pushed.push(f);
        }
    }
    pushed
}

pub(super) fn sub_state_error(call: &syn::ExprMethodCall) -> syn::Error {
    let (field, method) = (
        quote::ToTokens::to_token_stream(&call.receiver),
        &call.method,
    );
    // A collection's own method lending a part of it mutably (`last_mut`, `get_mut`): no
    // method of the user's to differentiate alone.
    if LENDS_MUTABLY.contains(&method.to_string().as_str()) {
        return syn::Error::new_spanned(call, format!("`{field}.{method}(…)` lends part of a collection field of `self` mutably, which a `#[differentiate]` method taking `&mut self` does not follow (it differentiates the float fields, and entries of float fields, that it assigns): keep the state that changes in float fields or a `Vec<f64>` field assigned by index (`self.amounts[k] -= q;`), or take `&self` and return the new values"));
    }
    syn::Error::new_spanned(call, format!("`{field}.{method}(…)` steps the state of a field of `self` here, inside a loop, a branch, a closure or an expression that reads the field again, which a `#[differentiate]` method taking `&mut self` does not follow yet: call the step as a statement of the method's own body (`let y = {field}.{method}(…);`, `{field}.{method}(…);`), where it is differentiated step by step, or write the step in this method on float fields of `Self`"))
}
