//! `ndarray`'s `from_shape_fn`: an array whose entries a closure computes from their index,
//! `let m = Array2::from_shape_fn((n, k), |(i, j)| x[i] * x[j]);`. It is the array of zeros
//! filled by element writes, which the rest of the lowering knows:
//!
//! ```text
//! let m = Array2::from_shape_fn((n, k), |(i, j)| e);    let rows: usize = n;
//!                                                       let cols: usize = k;
//!                                                       let mut m = Array2::zeros((rows, cols));
//!                                                       for i in 0..rows {
//!                                                           for j in 0..cols { m[[i, j]] = e; }
//!                                                       }
//! let v = Array1::from_shape_fn(n, |i| e);              … for i in 0..len { v[i] = e; }
//! ```
//!
//! The closure's body runs once per entry in row-major order, as `from_shape_fn` runs it.

use super::*;

impl Lowerer {
    /// The statements a `let` of `from_shape_fn` stands for (see the module's comment), or
    /// `None` where the `let` is not one the rewrite takes (another shape or closure form).
    pub(super) fn array_by_index_fn(&mut self, local: &syn::Local) -> Option<Vec<syn::Stmt>> {
        let (pat, ty) = match &local.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
            p => (p, None),
        };
        let syn::Pat::Ident(name) = pat else {
            return None;
        };
        let init = local.init.as_ref().filter(|i| i.diverge.is_none())?;
        let syn::Expr::Call(call) = &*init.expr else {
            return None;
        };
        let syn::Expr::Path(path) = &*call.func else {
            return None;
        };
        let segments: Vec<String> = path
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let [.., array, f] = segments.as_slice() else {
            return None;
        };
        if f != "from_shape_fn" || call.args.len() != 2 {
            return None;
        }
        let syn::Expr::Closure(closure) = &call.args[1] else {
            return None;
        };
        if closure.inputs.len() != 1 || closure.asyncness.is_some() {
            return None;
        }
        let array_path = {
            let mut p = path.path.clone();
            p.segments.pop();
            p.segments = std::mem::take(&mut p.segments).into_iter().collect();
            p
        };
        let v = &name.ident;
        let body = &closure.body;
        let ty = ty.map(|t| quote::quote!(: #t));
        let shape = &call.args[0];
        let span = expr_span(&init.expr);
        let stmts: syn::Block = match (array.as_str(), &closure.inputs[0]) {
            ("Array2", syn::Pat::Tuple(t)) if t.elems.len() == 2 => {
                let (i, j) = (&t.elems[0], &t.elems[1]);
                let (rows, cols) = (self.synthetic_ident("rows"), self.synthetic_ident("cols"));
                let dims: syn::Stmt = match shape {
                    syn::Expr::Tuple(s) if s.elems.len() == 2 => {
                        let (r, c) = (&s.elems[0], &s.elems[1]);
                        syn::parse_quote!(let (#rows, #cols): (usize, usize) = (#r, #c);)
                    }
                    _ => syn::parse_quote!(let (#rows, #cols): (usize, usize) = #shape;),
                };
                syn::parse_quote_spanned! {span=> {
                    #dims
                    let mut #v #ty = #array_path::zeros((#rows, #cols));
                    for #i in 0..#rows {
                        for #j in 0..#cols {
                            #v[[#i, #j]] = #body;
                        }
                    }
                }}
            }
            ("Array1", i @ (syn::Pat::Ident(_) | syn::Pat::Wild(_))) => {
                let len = self.synthetic_ident("len");
                let shape = match shape {
                    syn::Expr::Tuple(s) if s.elems.len() == 1 => &s.elems[0],
                    other => other,
                };
                syn::parse_quote_spanned! {span=> {
                    let #len: usize = #shape;
                    let mut #v #ty = #array_path::zeros(#len);
                    for #i in 0..#len {
                        #v[#i] = #body;
                    }
                }}
            }
            _ => return None,
        };
        Some(stmts.stmts)
    }
}
