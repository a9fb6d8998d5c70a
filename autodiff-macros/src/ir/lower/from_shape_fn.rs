//! `ndarray`'s `from_shape_fn`: an array whose entries a closure computes from their index,
//! `let m = Array2::from_shape_fn((n, k), |(i, j)| x[i] * x[j]);`. It is the array of zeros
//! filled by element writes, which the rest of the lowering knows:
//!
//! ```text
//! let m = Array2::from_shape_fn((n, k), |(i, j)| e);    let (rows, cols) = (n, k);
//!                                                       let mut filled = Array2::zeros((rows, cols));
//!                                                       for i in 0..rows {
//!                                                           for j in 0..cols { filled[[i, j]] = e; }
//!                                                       }
//!                                                       let m = filled;
//! let v = Array1::from_shape_fn(n, |i| e);              … for i in 0..len { filled[i] = e; } …
//! ```
//!
//! The closure's body runs once per entry in row-major order, as `from_shape_fn` runs it,
//! and sees the names it saw (the binding's own name is bound after). Taken so only for a
//! shape written as a tuple (or a length), a closure of plain names or `_`, and a body with
//! no `return` or `?` of its own; any other `from_shape_fn` gets the macro's message.

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
        // (The closure's body keeps its meaning inlined only without an exit of its own.)
        if crate::tokens::exits_early(&closure.body) {
            return None;
        }
        let v = &name.ident;
        let body = &closure.body;
        // (The binding typed, so that its rank is known as the array's it takes.)
        let float = self.float.clone();
        let ty = match ty {
            Some(t) => quote::quote!(: #t),
            None if array_path.segments.iter().any(|s| !s.arguments.is_none()) => {
                quote::quote!(: #array_path)
            }
            None => quote::quote!(: #array_path<#float>),
        };
        let shape = &call.args[0];
        let span = expr_span(&init.expr);
        // Filled under a name of its own and bound after: the body may read an earlier
        // variable of the binding's name (`let v = from_shape_fn(n, |i| v[n - 1 - i]);`).
        let filled = self.synthetic_ident("filled");
        let index = |lw: &mut Self, p: &syn::Pat| -> Option<syn::Ident> {
            match p {
                syn::Pat::Ident(i)
                    if i.by_ref.is_none() && i.mutability.is_none() && i.subpat.is_none() =>
                {
                    Some(i.ident.clone())
                }
                syn::Pat::Wild(_) => Some(lw.synthetic_ident("unused")),
                _ => None,
            }
        };
        let stmts: syn::Block = match (array.as_str(), &closure.inputs[0]) {
            ("Array2", syn::Pat::Tuple(t)) if t.elems.len() == 2 => {
                let (i, j) = (index(self, &t.elems[0])?, index(self, &t.elems[1])?);
                let (rows, cols) = (self.synthetic_ident("rows"), self.synthetic_ident("cols"));
                let syn::Expr::Tuple(s) = shape else {
                    return None;
                };
                let [r, c] = [s.elems.first()?, s.elems.get(1)?];
                if s.elems.len() != 2 {
                    return None;
                }
                syn::parse_quote_spanned! {span=> {
                    let (#rows, #cols): (usize, usize) = (#r, #c);
                    let mut #filled = #array_path::zeros((#rows, #cols));
                    for #i in 0..#rows {
                        for #j in 0..#cols {
                            #filled[[#i, #j]] = #body;
                        }
                    }
                    let #v #ty = #filled;
                }}
            }
            ("Array1", p) => {
                let i = index(self, p)?;
                let len = self.synthetic_ident("len");
                let shape = match shape {
                    syn::Expr::Tuple(s) if s.elems.len() == 1 => &s.elems[0],
                    syn::Expr::Tuple(_) => return None,
                    other => other,
                };
                syn::parse_quote_spanned! {span=> {
                    let #len: usize = #shape;
                    let mut #filled = #array_path::zeros(#len);
                    for #i in 0..#len {
                        #filled[#i] = #body;
                    }
                    let #v #ty = #filled;
                }}
            }
            _ => return None,
        };
        Some(stmts.stmts)
    }
}

/// The message for a `from_shape_fn` the rewrite does not take (here and inside an
/// expression, `calls`).
pub(super) const REFUSED: &str = "`from_shape_fn` here is not supported in a `#[differentiate]` function: bind the array by a `let`, with a shape written as a tuple (or a length), a closure of plain names for the index's parts and no `return` or `?` in its body, `let m = Array2::from_shape_fn((n, k), |(i, j)| …);` (`|i|` for an `Array1`), and use `m`";

/// Where a `let` of `from_shape_fn` with a closure is, when the rewrite did not take it.
pub(super) fn refused(local: &syn::Local) -> Option<proc_macro2::Span> {
    let init = local.init.as_ref()?;
    let syn::Expr::Call(c) = &*init.expr else {
        return None;
    };
    let syn::Expr::Path(p) = &*c.func else {
        return None;
    };
    let named = p
        .path
        .segments
        .last()
        .is_some_and(|s| s.ident == "from_shape_fn");
    let closure = c.args.iter().any(|a| matches!(a, syn::Expr::Closure(_)));
    (named && closure).then(|| expr_span(&init.expr))
}
