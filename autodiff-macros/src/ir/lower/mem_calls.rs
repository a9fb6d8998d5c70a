//! `std::mem::take(&mut x)` and `std::mem::replace(&mut x, v)` of a variable, written out:
//! the old value read, then the new one assigned (`let old = x; x = v;`), so that each
//! carries its derivative as an assignment does. `take` gives a float or an integer its
//! zero (what `Default` gives); of anything else it is left to the `&mut` message.

use super::*;

impl Lowerer {
    /// `let p = mem::take(&mut x);`, `let p = mem::replace(&mut x, v);`: lowered here.
    pub(super) fn mem_let(&mut self, local: &syn::Local, out: &mut Vec<Stmt>) -> bool {
        let Some(init) = local.init.as_ref().filter(|i| i.diverge.is_none()) else {
            return false;
        };
        let Some((place, new)) = self.mem_call(&init.expr) else {
            return false;
        };
        // The new value first (it may read the name being bound), then the old one kept,
        // the variable given the new one, and the pattern bound last (it may shadow it).
        let (fresh, kept) = (self.synthetic_ident("new"), self.synthetic_ident("old"));
        self.lower_let(&local_of(syn::parse_quote!(let #fresh = #new;)), out);
        self.lower_let(&local_of(syn::parse_quote!(let #kept = #place;)), out);
        self.lower_expr_stmt(&syn::parse_quote!(#place = #fresh), out);
        let mut old = local.clone();
        old.init = Some(syn::LocalInit {
            eq_token: Default::default(),
            expr: Box::new(syn::parse_quote!(#kept)),
            diverge: None,
        });
        self.lower_let(&old, out);
        true
    }

    /// `y = mem::take(&mut x);` and `mem::take(&mut x);`: lowered here.
    pub(super) fn mem_assign(&mut self, e: &syn::Expr, out: &mut Vec<Stmt>) -> bool {
        let (target, call) = match e {
            syn::Expr::Assign(a) => (Some(&*a.left), &*a.right),
            call => (None, call),
        };
        let Some((place, new)) = self.mem_call(call) else {
            return false;
        };
        let (fresh, kept) = (self.synthetic_ident("new"), self.synthetic_ident("old"));
        self.lower_let(&local_of(syn::parse_quote!(let #fresh = #new;)), out);
        self.lower_let(&local_of(syn::parse_quote!(let #kept = #place;)), out);
        self.lower_expr_stmt(&syn::parse_quote!(#place = #fresh), out);
        if let Some(target) = target {
            self.lower_expr_stmt(&syn::parse_quote!(#target = #kept), out);
        }
        true
    }

    /// The variable a `take` or `replace` call changes, and its new value.
    fn mem_call(&self, e: &syn::Expr) -> Option<(syn::Expr, syn::Expr)> {
        let syn::Expr::Call(c) = e else { return None };
        let syn::Expr::Path(p) = &*c.func else {
            return None;
        };
        let names = crate::tokens::segment_names(&p.path);
        let (take, replace) = match &names[..] {
            [.., m, f] if m == "mem" => (f == "take", f == "replace"),
            _ => return None,
        };
        let syn::Expr::Reference(r) = c.args.first()? else {
            return None;
        };
        let syn::Expr::Path(place) = &*r.expr else {
            return None;
        };
        let var = self.lookup(&place.path.get_ident()?.to_string())?;
        let new: syn::Expr = match (take, replace, c.args.len()) {
            (_, true, 2) => c.args[1].clone(),
            (true, _, 1) => match self.vars[var].kind {
                Kind::Float => self.float_zero(),
                Kind::Int => syn::parse_quote!(0),
                _ => return None,
            },
            _ => return None,
        };
        (r.mutability.is_some()).then(|| (syn::Expr::Path(place.clone()), new))
    }

    /// `0.0`, or `T::zero()` of a generic float type.
    fn float_zero(&self) -> syn::Expr {
        let float = &self.float;
        match quote::quote!(#float).to_string().as_str() {
            "f64" | "f32" => syn::parse_quote!(0.0),
            _ => syn::parse_quote!(<#float as ::autodiff::num_traits::Zero>::zero()),
        }
    }
}

/// The `let` of a statement written as one.
fn local_of(stmt: syn::Stmt) -> syn::Local {
    match stmt {
        syn::Stmt::Local(local) => local,
        _ => unreachable!("a `let` statement"),
    }
}
