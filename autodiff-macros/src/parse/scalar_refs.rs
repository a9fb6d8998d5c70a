//! `fn update(scale: &mut f64, ssq: &mut f64, x: f64)`: numbers changed in place, as BLAS
//! helpers and integrators write them. Their derivatives are those of the same function
//! with a buffer of one entry in place of each (`scale: &mut [f64]`, `*scale` read as
//! `scale[0]`), whose derived items then take the numbers themselves again: `update_vjp(&mut
//! scale, &mut ssq, x, &mut scale_bar, &mut ssq_bar)`, the cotangents in and out as a
//! buffer's are (a number the function only writes leaves a zero cotangent: its value on
//! entry is never read).

use proc_macro2::TokenStream;
use quote::quote;
use syn::visit_mut::VisitMut;
use syn::Type;

/// The copy of `item` with its `&mut F` parameters (`F` a float type) as one-entry buffers,
/// and their names. `None` where it has none.
pub(crate) fn scalar_refs_as_buffers(item: &syn::ItemFn) -> Option<(syn::ItemFn, Vec<syn::Ident>)> {
    let float = super::float_type(&item.sig, Some(&item.block), false).ok();
    let mut copy = item.clone();
    let mut names = vec![];
    for arg in copy.sig.inputs.iter_mut() {
        let syn::FnArg::Typed(pt) = arg else { continue };
        let (syn::Pat::Ident(name), Type::Reference(r)) = (&*pt.pat, &mut *pt.ty) else {
            continue;
        };
        let number = crate::types::is_float_name(&r.elem)
            || float.as_ref().is_some_and(|f| {
                quote!(#f).to_string() == {
                    let e = &r.elem;
                    quote!(#e).to_string()
                }
            });
        if r.mutability.is_some() && number {
            let elem = (*r.elem).clone();
            *r.elem = syn::parse_quote!([#elem]);
            names.push(name.ident.clone());
        }
    }
    if names.is_empty() {
        return None;
    }
    FirstEntries(names.clone()).visit_block_mut(&mut copy.block);
    Some((copy, names))
}

/// `*x` and `x.m(…)` of a number taken by `&mut`: `x[0]`, where `x` still names the
/// parameter (not after a `let`, a closure's parameter or a pattern rebinding it).
struct FirstEntries(Vec<syn::Ident>);

impl FirstEntries {
    fn names_one(&self, e: &syn::Expr) -> bool {
        matches!(e, syn::Expr::Path(p) if p.path.get_ident().is_some_and(|i| self.0.contains(i)))
    }

    /// Visits `visit` with the names `pats` bind no longer the parameters.
    fn shadowed<'p>(
        &mut self,
        pats: impl IntoIterator<Item = &'p syn::Pat>,
        visit: impl FnOnce(&mut Self),
    ) {
        let saved = self.0.clone();
        pats.into_iter().for_each(|p| self.unbind(p));
        visit(self);
        self.0 = saved;
    }

    /// The names `pat` binds are no longer the parameters.
    fn unbind(&mut self, pat: &syn::Pat) {
        let mut bound = vec![];
        crate::tokens::pattern_names(pat, &mut bound);
        self.0.retain(|n| !bound.contains(&n.to_string()));
    }
}

impl VisitMut for FirstEntries {
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        let saved = self.0.clone();
        for stmt in &mut b.stmts {
            match stmt {
                syn::Stmt::Local(l) => {
                    if let Some(init) = &mut l.init {
                        self.visit_expr_mut(&mut init.expr);
                        if let Some((_, diverge)) = &mut init.diverge {
                            self.visit_expr_mut(diverge);
                        }
                    }
                    self.unbind(&l.pat);
                }
                other => self.visit_stmt_mut(other),
            }
        }
        self.0 = saved;
    }

    fn visit_expr_closure_mut(&mut self, c: &mut syn::ExprClosure) {
        let pats: Vec<syn::Pat> = c.inputs.iter().cloned().collect();
        self.shadowed(&pats, |this| this.visit_expr_mut(&mut c.body));
    }

    fn visit_expr_for_loop_mut(&mut self, f: &mut syn::ExprForLoop) {
        self.visit_expr_mut(&mut f.expr);
        let pat = (*f.pat).clone();
        self.shadowed([&pat], |this| this.visit_block_mut(&mut f.body));
    }

    fn visit_arm_mut(&mut self, arm: &mut syn::Arm) {
        let pat = arm.pat.clone();
        self.shadowed([&pat], |this| this.visit_expr_mut(&mut arm.body));
    }

    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        match e {
            syn::Expr::Unary(u)
                if matches!(u.op, syn::UnOp::Deref(_)) && self.names_one(&u.expr) =>
            {
                let x = &u.expr;
                *e = syn::parse_quote!(#x[0]);
                return;
            }
            syn::Expr::MethodCall(m) if self.names_one(&m.receiver) => {
                let x = &m.receiver;
                *m.receiver = syn::parse_quote!(#x[0]);
            }
            _ => {}
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}

/// The derived items of the buffer copy, each of `f`'s public forward and reverse items
/// taking the numbers again: a parameter `x`, `x_dot` or `x_bar` of a name in `names`
/// typed `&mut [F]` (`&[F]`) is `&mut F` (`&F`), lent to the body as a one-entry slice.
pub(crate) fn numbers_again(
    derived: TokenStream,
    f: &syn::Ident,
    names: &[syn::Ident],
) -> TokenStream {
    /// A method's derived items: the functions of an `impl`, without it.
    struct ImplFns(Vec<syn::ImplItem>);
    impl syn::parse::Parse for ImplFns {
        fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
            let mut items = vec![];
            while !input.is_empty() {
                items.push(input.parse()?);
            }
            Ok(ImplFns(items))
        }
    }
    let public = [format!("{f}_jvp"), format!("{f}_vjp")];
    let ours = |param: &syn::Ident| {
        let p = param.to_string();
        names.iter().any(|n| {
            let n = n.to_string();
            p == n || p == format!("{n}_dot") || p == format!("{n}_bar")
        })
    };
    let vjp = format!("{f}_vjp");
    let take_numbers = |sig: &mut syn::Signature, block: &mut syn::Block| {
        if !public.contains(&sig.ident.to_string()) {
            return;
        }
        let mut lends = vec![];
        // The seeds of numbers the function only writes (`*cm = 3.0 * u;`): `f_vjp` takes
        // them by `&mut`, as those of numbers it reads, and leaves the cotangent of the
        // value on entry there, which is zero (that value is never read).
        let mut zeroed = vec![];
        for arg in sig.inputs.iter_mut() {
            let syn::FnArg::Typed(pt) = arg else { continue };
            let syn::Pat::Ident(name) = &*pt.pat else {
                continue;
            };
            let Type::Reference(r) = &mut *pt.ty else {
                continue;
            };
            let Type::Slice(slice) = &*r.elem else {
                continue;
            };
            if !ours(&name.ident) {
                continue;
            }
            let (x, elem) = (name.ident.clone(), (*slice.elem).clone());
            let seed =
                sig.ident == vjp && r.mutability.is_none() && x.to_string().ends_with("_bar");
            lends.push(if r.mutability.is_some() {
                quote!(let #x: &mut [#elem] = ::core::slice::from_mut(#x);)
            } else if seed {
                quote!(let #x: &[#elem] = ::core::slice::from_ref(&*#x);)
            } else {
                quote!(let #x: &[#elem] = ::core::slice::from_ref(#x);)
            });
            if seed {
                r.mutability = Some(Default::default());
                zeroed.push(quote!(*#x = <#elem as ::autodiff::num_traits::Zero>::zero();));
            }
            *r.elem = elem;
        }
        if zeroed.is_empty() {
            for (i, lend) in lends.into_iter().enumerate() {
                block.stmts.insert(i, syn::parse_quote!(#lend));
            }
        } else {
            let inner = &*block;
            *block = syn::parse_quote!({
                let __result = {
                    #(#lends)*
                    #inner
                };
                #(#zeroed)*
                __result
            });
        }
    };
    if let Ok(mut file) = syn::parse2::<syn::File>(derived.clone()) {
        for item in &mut file.items {
            if let syn::Item::Fn(func) = item {
                take_numbers(&mut func.sig, &mut func.block);
            }
        }
        return quote!(#file);
    }
    let Ok(ImplFns(mut items)) = syn::parse2::<ImplFns>(derived.clone()) else {
        return derived;
    };
    for item in &mut items {
        if let syn::ImplItem::Fn(func) = item {
            take_numbers(&mut func.sig, &mut func.block);
        }
    }
    quote!(#(#items)*)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_changed_in_place_are_one_entry_buffers() {
        let item: syn::ItemFn = syn::parse_quote! {
            fn upd(scale: &mut f32, ssq: &mut f32, cmax: f32) {
                *ssq = *ssq * (*scale / cmax);
                *scale = scale.max(cmax);
            }
        };
        let (copy, names) = scalar_refs_as_buffers(&item).expect("two numbers");
        assert_eq!(names.len(), 2);
        let text = quote!(#copy).to_string();
        assert!(text.contains("scale : & mut [f32]"), "{text}");
        assert!(
            text.contains("ssq [0] = ssq [0] * (scale [0] / cmax)"),
            "{text}"
        );
        assert!(
            text.contains("scale [0] = scale [0] . max (cmax)"),
            "{text}"
        );
        let f: syn::Ident = syn::parse_quote!(upd);
        let derived = quote! {
            fn upd_vjp(scale: &mut [f32], cmax: f32, scale_bar: &mut [f32]) -> (f32,) { (cmax,) }
            fn __hidden(scale: &mut [f32]) {}
        };
        let text = numbers_again(derived, &f, &names).to_string();
        assert!(
            text.contains("fn upd_vjp (scale : & mut f32 , cmax : f32 , scale_bar : & mut f32)"),
            "{text}"
        );
        assert!(
            text.contains("let scale : & mut [f32] = :: core :: slice :: from_mut (scale) ;"),
            "{text}"
        );
        assert!(text.contains("fn __hidden (scale : & mut [f32])"), "{text}");
    }
}
