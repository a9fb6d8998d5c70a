//! Fields read as arrays (`self.ai.dot(&v)`) that the method also assigns whole: the hidden
//! pure method of a `&mut self` method holds each field it assigns as a float, so such a
//! field gets the macro's message, which says what to write, before rustc's errors about
//! the generated code could. (A field given an array, `self.h = w.dot(&h) + &x`, is
//! refused where it is assigned: `Writes::place`.)

use super::places::self_field;
use syn::visit::Visit;
use syn::{Ident, ItemFn};

/// Methods of arrays and vectors and no float's: a receiver of one holds an array.
const ARRAY_ONLY: &[&str] = &[
    "dot",
    "t",
    "mapv",
    "mapv_into",
    "row",
    "column",
    "nrows",
    "ncols",
    "shape",
    "dim",
    "raw_dim",
    "ndim",
    "view",
    "sum_axis",
    "mean_axis",
    "outer_iter",
    "axis_iter",
];

/// An array's method called on one of `fields`, the fields the method assigns whole.
pub(super) fn array_field_read(item: &ItemFn, fields: &[Ident]) -> Option<syn::Error> {
    struct Find<'f> {
        fields: &'f [Ident],
        found: Option<syn::Error>,
    }
    impl<'a> Visit<'a> for Find<'_> {
        fn visit_expr_method_call(&mut self, m: &'a syn::ExprMethodCall) {
            let field = self_field(&m.receiver).filter(|f| self.fields.contains(f));
            if let (true, Some(field)) =
                (ARRAY_ONLY.contains(&m.method.to_string().as_str()), field)
            {
                self.found.get_or_insert_with(|| {
                    syn::Error::new_spanned(m, format!("`self.{field}` holds an array (an array's method is called on it here), and the method assigns it whole: a `#[differentiate]` method taking `&mut self` follows float fields and elements of fields of floats, not arrays assigned whole; take `&self` and return the new value (`fn step(&self, …) -> Array2<f64>`), and assign it to the field outside"))
                });
            }
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    }
    let mut find = Find {
        fields,
        found: None,
    };
    find.visit_block(&item.block);
    find.found
}
