//! Buffers lent by a differentiated caller: `fill_sq(x, &mut buf)` inside a
//! `#[differentiate]` function. The call maps the buffer's contents before it (and the other
//! arguments) to its contents after it, so the callee is read, for its callers, as a pure
//! function of its *lent form*: each buffer parameter (`out: &mut [F]`, `&mut Vec<F>`) taken
//! as its entry contents (`out: &[F]`), copied into a local `Vec` first, and returned as a
//! result beside the function's value:
//!
//! ```text
//! fn fill_sq(x: &[f64], out: &mut [f64])            // the user's function
//! fn __lent(x: &[f64], out: &[f64]) -> (Vec<f64>,)   // its lent form, in `impl fill_sq`
//! fn dot_fill(x: &[f64], out: &mut [f64]) -> f64
//! fn __lent_valued(x: &[f64], out: &[f64]) -> (f64, Vec<f64>)
//! fn __lent(x: &[f64], out: &[f64]) -> Vec<f64>       // the value computed and dropped
//! ```
//!
//! Every buffer is an input of the lent form, whether or not the body reads it (an element
//! the callee leaves alone keeps the caller's value, and its derivative). The lent form is
//! differentiated as any other function (`associated`, in `impl fill_sq` beside the
//! function, so that a `use` importing the function imports it too), and callers reach it
//! through its entry points, `fill_sq::__lent_pullback_all` and the others
//! (`emit::names::callee`). A caller's `fill_sq(x, &mut buf);` is then lowered as `let
//! (new,): (Vec<f64>,) = fill_sq::__lent(x, &buf); buf = new;` (`ir::lower::lent`).
//!
//! This module makes the lent form, from syntax alone; the driver expands it.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::visit_mut::VisitMut;

/// The lent form's name, an associated function of the type named like the callee: the
/// buffers' new contents alone, what a call made as a statement (`fill(x, &mut buf);`) uses.
pub const LENT: &str = "__lent";

/// The lent form of a function with a value, the value first, what a call bound by a `let`
/// uses (`let v = g(x, &mut buf);`).
pub const LENT_VALUED: &str = "__lent_valued";

/// `g::__lent` of a callee `g`, or `g::__lent_valued` where the call's value is kept (a
/// turbofish moves to it: `g::<T>` gives `g::__lent::<T>`).
pub fn lent_path(path: &syn::Path, valued: bool) -> syn::Path {
    let mut lent = path.clone();
    let (arguments, span) = match lent.segments.last_mut() {
        Some(last) => (std::mem::take(&mut last.arguments), last.ident.span()),
        None => (syn::PathArguments::None, Span::call_site()),
    };
    let name = if valued { LENT_VALUED } else { LENT };
    let mut segment = syn::PathSegment::from(syn::Ident::new(name, span));
    segment.arguments = arguments;
    lent.segments.push(segment);
    lent
}

/// Whether `path` names a function of a type (`Self::f`, `Type::f`: the segment before the
/// last is capitalised, by Rust's naming), which a caller reaches through the type.
pub fn names_a_type_fn(path: &syn::Path) -> bool {
    let n = path.segments.len();
    n >= 2
        && path.segments[n - 2]
            .ident
            .to_string()
            .trim_start_matches("r#")
            .starts_with(|c: char| c.is_ascii_uppercase())
}

/// The callee `g` whose lent form `path` names (`g::__lent::<T>` gives `g::<T>`), and
/// whether the form keeps the value.
pub fn lent_form_of(path: &syn::Path) -> (syn::Path, bool) {
    let mut callee = path.clone();
    let lent = callee.segments.pop();
    let valued = lent.as_ref().is_some_and(|s| s.ident == LENT_VALUED);
    if let (Some(lent), Some(last)) = (lent, callee.segments.last_mut()) {
        last.arguments = lent.arguments;
    }
    // (`Punctuated::pop` leaves the separator before the popped segment in place.)
    let segments = std::mem::take(&mut callee.segments);
    callee.segments = segments.into_iter().collect();
    (callee, valued)
}

/// Whether `path` names a lent form (`g::__lent`, `g::__lent_valued`).
pub fn is_lent_path(path: &syn::Path) -> bool {
    path.segments.len() >= 2
        && path
            .segments
            .last()
            .is_some_and(|s| s.ident == LENT || s.ident == LENT_VALUED)
}

/// The lent forms of `item`, whose buffer parameters are `buffers` (by name), a function of
/// float type `float`: `__lent`, and for a function with a value `__lent_valued` too; none
/// where the body uses a buffer otherwise than a local `Vec` can stand for it (see [`Uses`]).
pub fn items(item: &syn::ItemFn, buffers: &[syn::Ident], float: &syn::Type) -> Vec<syn::ItemFn> {
    let valued = lent_form(item, buffers, float, true);
    let has_value = valued.as_ref().is_some_and(|v| v.sig.ident == LENT_VALUED);
    let plain = if has_value {
        lent_form(item, buffers, float, false)
    } else {
        None
    };
    valued.into_iter().chain(plain).collect()
}

/// One lent form of `item`: with `keep_value`, the function's value (if it has one) comes
/// first among the results, and the form is `__lent_valued`; without, the value is computed
/// and dropped, as a call made as a statement drops it.
fn lent_form(
    item: &syn::ItemFn,
    buffers: &[syn::Ident],
    float: &syn::Type,
    keep_value: bool,
) -> Option<syn::ItemFn> {
    let mut lent = item.clone();
    let mut uses = Uses {
        buffers,
        other: false,
    };
    uses.visit_block_mut(&mut lent.block);
    if uses.other {
        return None;
    }
    // A copy of the user's code, linted once already where it is written.
    lent.attrs.retain(|a| a.path().is_ident("allow"));
    lent.attrs.push(syn::parse_quote!(#[doc(hidden)]));
    lent.attrs
        .push(syn::parse_quote!(#[allow(warnings, clippy::all, clippy::pedantic)]));
    lent.sig.ident = syn::Ident::new(LENT, item.sig.ident.span());
    let dropped_value = !keep_value;
    let mut names = vec![];
    for input in lent.sig.inputs.iter_mut() {
        let syn::FnArg::Typed(pt) = input else {
            continue;
        };
        let syn::Pat::Ident(p) = &mut *pt.pat else {
            continue;
        };
        if !buffers.contains(&p.ident) {
            continue;
        }
        p.mutability = None;
        *pt.ty = syn::parse_quote!(&[#float]);
        names.push(p.ident.clone());
    }
    let value = match &item.sig.output {
        syn::ReturnType::Type(_, ty) if !matches!(&**ty, syn::Type::Tuple(t) if t.elems.is_empty()) => {
            Some((**ty).clone())
        }
        _ => None,
    };
    if value.is_some() && keep_value {
        lent.sig.ident = syn::Ident::new(LENT_VALUED, item.sig.ident.span());
    }
    // Only a value of the function's float type: one of another type (or one whose type
    // only the signature fixes) could not be typed here.
    if value
        .as_ref()
        .is_some_and(|ty| quote!(#ty).to_string() != quote!(#float).to_string())
    {
        return None;
    }
    // The value computed all the same (its statements run), then dropped.
    let computed = value.is_some();
    let value = value.filter(|_| !dropped_value);
    // An early `return` gives the buffers' contents too.
    let mut returns = Returns {
        buffers: &names,
        keep_value: value.is_some(),
        float,
    };
    returns.visit_block_mut(&mut lent.block);
    let vec_ty = quote!(::std::vec::Vec<#float>);
    let vec_tys = names.iter().map(|_| &vec_ty);
    lent.sig.output = match &value {
        Some(ty) => syn::parse_quote!(-> (#ty, #(#vec_tys,)*)),
        // (One result is itself, not a one-element tuple.)
        None if names.len() == 1 => syn::parse_quote!(-> #vec_ty),
        None => syn::parse_quote!(-> (#(#vec_tys,)*)),
    };
    let mut stmts: Vec<syn::Stmt> = names
        .iter()
        .map(|b| syn::parse_quote!(let mut #b = #b.to_vec();))
        .collect();
    let mut body = std::mem::take(&mut lent.block.stmts);
    let tail = match (computed, body.last()) {
        (true, Some(syn::Stmt::Expr(_, None))) => match body.pop() {
            Some(syn::Stmt::Expr(e, None)) => Some(e),
            _ => None,
        },
        _ => None,
    };
    stmts.append(&mut body);
    match tail {
        Some(e) => {
            let v = format_ident!("__lent_value");
            stmts.push(syn::parse_quote!(let #v: #float = #e;));
            let kept = value.is_some().then(|| Box::new(syn::parse_quote!(#v)));
            stmts.push(syn::Stmt::Expr(results(kept, &names), None));
        }
        None if computed => return None,
        None => stmts.push(syn::Stmt::Expr(results(None, &names), None)),
    }
    lent.block.stmts = stmts;
    Some(lent)
}

/// In the lent form a buffer is a local `Vec`, where the function has a `&mut [F]` (or
/// `&mut Vec<F>`): the same to a method's receiver (`out.len()`, `out.iter_mut()`), an
/// index (`out[i]`) and a borrow (`&mut out[..]`, `&mut *out`). The buffer passed on as it
/// is, which the function's derivatives lend as a slice (`norm2(out)`), is lent so
/// (`norm2(&out)`), and a loop over it (`for v in out`) walks it by `iter_mut()`. Any
/// other use sets `other`: the function then has no lent form.
struct Uses<'a> {
    buffers: &'a [syn::Ident],
    other: bool,
}

impl Uses<'_> {
    fn is_buffer(&self, e: &syn::Expr) -> bool {
        matches!(e, syn::Expr::Path(p) if p.qself.is_none() && p.path.get_ident().is_some_and(|i| self.buffers.contains(i)))
    }

    /// An argument: the buffer itself lent as a slice.
    fn argument(&mut self, a: &mut syn::Expr) {
        if self.is_buffer(a) {
            *a = syn::parse_quote!(&#a);
        } else {
            self.visit_expr_mut(a);
        }
    }
}

impl VisitMut for Uses<'_> {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        match e {
            syn::Expr::MethodCall(m) => {
                if !self.is_buffer(&m.receiver) {
                    self.visit_expr_mut(&mut m.receiver);
                }
                m.args.iter_mut().for_each(|a| self.argument(a));
            }
            syn::Expr::Call(c) => {
                self.visit_expr_mut(&mut c.func);
                c.args.iter_mut().for_each(|a| self.argument(a));
            }
            syn::Expr::Index(ix) => {
                if !self.is_buffer(&ix.expr) {
                    self.visit_expr_mut(&mut ix.expr);
                }
                self.visit_expr_mut(&mut ix.index);
            }
            syn::Expr::Reference(syn::ExprReference { expr, .. })
            | syn::Expr::Unary(syn::ExprUnary {
                op: syn::UnOp::Deref(_),
                expr,
                ..
            }) => {
                if !self.is_buffer(expr) {
                    self.visit_expr_mut(expr);
                }
            }
            syn::Expr::ForLoop(f) => {
                if self.is_buffer(&f.expr) {
                    let b = &f.expr;
                    *f.expr = syn::parse_quote!(#b.iter_mut());
                } else {
                    self.visit_expr_mut(&mut f.expr);
                }
                self.visit_block_mut(&mut f.body);
            }
            _ if self.is_buffer(e) => self.other = true,
            _ => syn::visit_mut::visit_expr_mut(self, e),
        }
    }

    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

/// What the lent form returns: `(value, out, …)`, `(out, …)`, or `out` alone.
fn results(value: Option<Box<syn::Expr>>, buffers: &[syn::Ident]) -> syn::Expr {
    match (value, buffers) {
        (Some(v), _) => syn::parse_quote!((#v, #(#buffers,)*)),
        (None, [one]) => syn::parse_quote!(#one),
        (None, _) => syn::parse_quote!((#(#buffers,)*)),
    }
}

/// The lent form's early returns (outside closures and nested items, which return from
/// themselves): `return;` gives the buffers (`return out;`), `return v;` the value with
/// them (`return (v, out);`), or computes the value and drops it where the form does.
struct Returns<'a> {
    buffers: &'a [syn::Ident],
    keep_value: bool,
    float: &'a syn::Type,
}

impl VisitMut for Returns<'_> {
    fn visit_expr_return_mut(&mut self, r: &mut syn::ExprReturn) {
        let float = self.float;
        let buffers = self.buffers;
        let given = match r.expr.take() {
            None => results(None, buffers),
            Some(v) if self.keep_value => results(Some(v), buffers),
            Some(v) => {
                let value = format_ident!("__lent_value");
                let given = results(None, buffers);
                syn::parse_quote!({ let #value: #float = #v; #given })
            }
        };
        r.expr = Some(Box::new(given));
    }
    fn visit_expr_closure_mut(&mut self, _: &mut syn::ExprClosure) {}
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

/// The attribute's arguments for the lent form: `associated` (it lives in `impl g`),
/// `recursive` as given, and `wrt(…)` as given with the buffers added (their contents are
/// results of the call, and their entry contents inputs, whatever `wrt` says of them).
pub fn args(wrt: Option<&[syn::Ident]>, recursive: bool, buffers: &[syn::Ident]) -> TokenStream {
    let wrt = wrt.map(|names| {
        let added = buffers.iter().filter(|b| !names.contains(b));
        let all: Vec<&syn::Ident> = names.iter().chain(added).collect();
        quote!(, wrt(#(#all),*))
    });
    let recursive = recursive.then(|| quote!(, recursive));
    quote!(associated #wrt #recursive)
}
