//! Slices narrowed by reassignment, as unrolled loops walk them: `x = &x[8..];` after
//! reading `x[0]` … `x[7]`, then `x.len()` and `x.iter()` of what is left. In the copy the
//! derivatives are built from, each such slice keeps the sequence it was bound to and an
//! offset counts what was cut from its front: `x = &x[8..]` is `x_start += 8`, `x[i]` is
//! `x[x_start + i]`, `x.len()` is `x.len() - x_start`, and any other use is of `x[x_start..]`.
//! An integer offset is what the reverse sweep can restore; a slice variable it cannot.

use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Expr, Ident};

/// The copy of `item` with its narrowed slices read through offsets; `None` where none is
/// narrowed, or where one is also bound again, assigned something else, or declared
/// anywhere but as a parameter or by a `let` of the body's outermost block (the macro then
/// says that it refuses the narrowing).
pub(crate) fn narrowed_slices_as_offsets(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let mut assigned = Assignments::default();
    assigned.visit_block(&item.block);
    if assigned.narrowed.is_empty() {
        return None;
    }
    let mut bindings = Bindings::default();
    bindings.visit_block(&item.block);
    let params: Vec<Ident> = item
        .sig
        .inputs
        .iter()
        .filter_map(|input| match input {
            syn::FnArg::Typed(pt) => match &*pt.pat {
                syn::Pat::Ident(p) => Some(p.ident.clone()),
                _ => None,
            },
            syn::FnArg::Receiver(_) => None,
        })
        .collect();
    let mut copy = item.clone();
    // (name, the index of the outermost statement declaring it, or none for a parameter)
    let mut slices: Vec<(Ident, Option<usize>)> = vec![];
    for name in &assigned.narrowed {
        if assigned.other.contains(name) || slices.iter().any(|(n, _)| n == name) {
            continue;
        }
        let bound = bindings.0.iter().filter(|n| *n == name).count();
        let declared = item.block.stmts.iter().position(|s| {
            matches!(s, syn::Stmt::Local(l) if {
                let mut b = Bindings::default();
                b.visit_pat(&l.pat);
                b.0.contains(name)
            })
        });
        match (bound, declared) {
            (0, _) if params.contains(name) => slices.push((name.clone(), None)),
            // (Narrowed only after the `let`: before it, the name is another variable.)
            (1, Some(k)) => {
                let mut before = Assignments::default();
                for s in &item.block.stmts[..=k] {
                    before.visit_stmt(s);
                }
                if before.narrowed.contains(name) || before.other.contains(name) {
                    return None;
                }
                slices.push((name.clone(), Some(k)));
            }
            _ => return None,
        }
    }
    let tokens = quote::ToTokens::to_token_stream(item);
    // Declared from the last statement back, so that earlier indices still hold.
    slices.sort_by_key(|(_, k)| std::cmp::Reverse(k.map_or(0, |k| k + 1)));
    for (name, declared) in &slices {
        let start = fresh(&format!("{name}_start"), &tokens);
        let from = declared.map_or(0, |k| k + 1);
        let mut offsets = Offsets {
            name: name.clone(),
            start: start.clone(),
            unread: false,
        };
        for s in &mut copy.block.stmts[from..] {
            offsets.visit_stmt_mut(s);
        }
        if offsets.unread {
            return None;
        }
        copy.block
            .stmts
            .insert(from, syn::parse_quote!(let mut #start: usize = 0;));
    }
    // (A narrowed parameter is not assigned in the copy: not `mut` there either, which a
    // parameter `wrt` leaves out could not be in the derived items' closures.)
    for input in copy.sig.inputs.iter_mut() {
        if let syn::FnArg::Typed(pt) = input {
            if let syn::Pat::Ident(p) = &mut *pt.pat {
                if slices.iter().any(|(n, k)| k.is_none() && *n == p.ident) {
                    p.mutability = None;
                }
            }
        }
    }
    Some(copy)
}

/// A name the function does not use: `base`, else `base_2`, `base_3`, ….
fn fresh(base: &str, tokens: &proc_macro2::TokenStream) -> Ident {
    let mut name = base.to_string();
    let mut k = 2;
    while crate::tokens::mentions_any(tokens.clone(), &[&name]) {
        name = format!("{base}_{k}");
        k += 1;
    }
    Ident::new(&name, proc_macro2::Span::call_site())
}

/// The variables assigned `&v[a..]` of themselves, and those assigned anything else.
#[derive(Default)]
struct Assignments {
    narrowed: Vec<Ident>,
    other: Vec<Ident>,
}

impl<'a> Visit<'a> for Assignments {
    fn visit_expr_assign(&mut self, a: &'a syn::ExprAssign) {
        if let Some(name) = ident(&a.left) {
            match narrowing(&a.left, &a.right) {
                Some(_) => self.narrowed.push(name),
                None => self.other.push(name),
            }
        }
        syn::visit::visit_expr_assign(self, a);
    }
}

/// `a` of `x = &x[a..]`.
fn narrowing<'e>(left: &Expr, right: &'e Expr) -> Option<&'e Expr> {
    let name = ident(left)?;
    let Expr::Reference(r) = right else {
        return None;
    };
    let Expr::Index(i) = &*r.expr else {
        return None;
    };
    let Expr::Range(range) = &*i.index else {
        return None;
    };
    if ident(&i.expr).as_ref() != Some(&name) || range.end.is_some() {
        return None;
    }
    range.start.as_deref()
}

fn name_span(p: &syn::ExprPath) -> proc_macro2::Span {
    p.path
        .segments
        .first()
        .map_or_else(proc_macro2::Span::call_site, |s| s.ident.span())
}

fn ident(e: &Expr) -> Option<Ident> {
    match e {
        Expr::Path(p) if p.qself.is_none() => p.path.get_ident().cloned(),
        _ => None,
    }
}

/// Every name a pattern of the body binds (closures' and loops' included), once per binding.
#[derive(Default)]
struct Bindings(Vec<Ident>);

impl<'a> Visit<'a> for Bindings {
    fn visit_pat_ident(&mut self, p: &'a syn::PatIdent) {
        self.0.push(p.ident.clone());
        syn::visit::visit_pat_ident(self, p);
    }
}

/// Rewrites the uses of one narrowed slice through its offset.
struct Offsets {
    name: Ident,
    start: Ident,
    /// A macro mentioning the slice whose arguments could not be read.
    unread: bool,
}

impl Offsets {
    fn is_slice(&self, e: &Expr) -> bool {
        ident(e).is_some_and(|i| i == self.name)
    }

    /// `x[s + i]` for `x[i]`, and the bounds of a range moved alike.
    fn shifted_index(&self, index: &Expr) -> Expr {
        // (The index in parentheses: `x[i >> 1]` is `x[x_start + (i >> 1)]`.)
        let start = &self.start;
        let Expr::Range(r) = index else {
            return syn::parse_quote!(#start + (#index));
        };
        let from = match &r.start {
            Some(a) => quote::quote!(#start + (#a)),
            None => quote::quote!(#start),
        };
        let (limits, end) = (&r.limits, &r.end);
        match end {
            Some(b) => syn::parse_quote!(#from #limits #start + (#b)),
            None => syn::parse_quote!(#from ..),
        }
    }
}

impl VisitMut for Offsets {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        let (name, start) = (self.name.clone(), self.start.clone());
        match e {
            // `x = &x[a..]`: `x_start += a` (`a` may read the slice itself).
            Expr::Assign(a) if self.is_slice(&a.left) => {
                let Some(k) = narrowing(&a.left, &a.right) else {
                    return;
                };
                let mut k = k.clone();
                self.visit_expr_mut(&mut k);
                *e = syn::parse_quote!(#start += #k);
            }
            Expr::Index(i) if self.is_slice(&i.expr) => {
                self.visit_expr_mut(&mut i.index);
                let index = self.shifted_index(&i.index);
                *e = syn::parse_quote!(#name[#index]);
            }
            Expr::MethodCall(m) if self.is_slice(&m.receiver) => {
                for a in &mut m.args {
                    self.visit_expr_mut(a);
                }
                let plain = m.args.is_empty() && m.turbofish.is_none();
                // (The offset named with the use's span: what the macro says of a form it
                // refuses points at the user's code.)
                let start =
                    Ident::new(&start.to_string(), start.span().located_at(m.method.span()));
                *e = match m.method.to_string().as_str() {
                    "len" if plain => syn::parse_quote!((#name.len() - #start)),
                    "is_empty" if plain => syn::parse_quote!((#name.len() == #start)),
                    "first" if plain => syn::parse_quote!(#name.get(#start)),
                    _ => {
                        *m.receiver = syn::parse_quote!(#name[#start..]);
                        return;
                    }
                };
            }
            // `for v in x`: its items, what is left of it walked.
            Expr::ForLoop(f)
                if self.is_slice(&f.expr)
                    || matches!(&*f.expr, Expr::Reference(r) if self.is_slice(&r.expr)) =>
            {
                *f.expr = syn::parse_quote!(#name[#start..].iter());
                self.visit_block_mut(&mut f.body);
            }
            // `&x`: what is left of it, borrowed once.
            Expr::Reference(r) if self.is_slice(&r.expr) => {
                *e = syn::parse_quote!(&#name[#start..]);
            }
            // Any other use of the slice: what is left of it.
            Expr::Path(p) if ident(&Expr::Path(p.clone())).is_some_and(|i| i == name) => {
                let start = Ident::new(&start.to_string(), start.span().located_at(name_span(p)));
                *e = syn::parse_quote!((&#name[#start..]));
            }
            _ => syn::visit_mut::visit_expr_mut(self, e),
        }
    }

    /// `assert!(x.len() == 3)`, `println!("{}", x[0])`: the arguments, read as expressions,
    /// rewritten alike (a macro whose arguments are not expressions that mentions the slice
    /// makes the whole rewrite give up: `unread`).
    fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
        if !crate::tokens::mentions_ident(m.tokens.clone(), &self.name) {
            return;
        }
        let parser = syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated;
        match syn::parse::Parser::parse2(parser, m.tokens.clone()) {
            Ok(mut args) => {
                for a in args.iter_mut() {
                    self.visit_expr_mut(a);
                }
                m.tokens = quote::ToTokens::to_token_stream(&args);
            }
            Err(_) => self.unread = true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_narrowed_in_a_loop_is_read_through_an_offset() {
        let item: syn::ItemFn = syn::parse_quote! {
            fn f(x: &[f64], y: &[f64]) -> f64 {
                let (mut x, mut y) = (&x[..2], &y[..2]);
                let mut s = 0.0;
                while x.len() >= 1 {
                    s += x[0] * y[0];
                    x = &x[1..];
                    y = &y[1..];
                }
                x.iter().zip(y.iter()).fold(s, |s, (&a, &b)| s + a * b) + g(x)
            }
        };
        let copy = narrowed_slices_as_offsets(&item).expect("two narrowed slices");
        let text = quote::quote!(#copy).to_string();
        for part in [
            "let mut y_start : usize = 0 ;",
            "let mut x_start : usize = 0 ;",
            "while (x . len () - x_start) >= 1",
            "x [x_start + (0)] * y [y_start + (0)]",
            "x_start += 1 ;",
            "x [x_start ..] . iter () . zip (y [y_start ..] . iter ())",
            "g ((& x [x_start ..]))",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
        let rebound: syn::ItemFn = syn::parse_quote! {
            fn h(mut x: &[f64]) -> f64 {
                x = &x[1..];
                let x = 2.0;
                x
            }
        };
        assert!(narrowed_slices_as_offsets(&rebound).is_none());
    }
}
