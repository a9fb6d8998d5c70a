//! Token-level helpers shared by the derive and the attribute: finding and substituting a
//! type parameter (`T` → `Dual<T>`) and listing a generic item's bounds as predicates.

use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::{Generics, Ident};

/// `tokens` with the identifier `t` replaced by `with`.
pub fn subst(tokens: TokenStream, t: &Ident, with: &TokenStream) -> TokenStream {
    // (A lifetime named like it, `'T`, is a `'` and the name: left as it is.)
    let mut after_quote = false;
    tokens
        .into_iter()
        .flat_map(|tt| -> TokenStream {
            let lifetime = std::mem::replace(
                &mut after_quote,
                matches!(&tt, TokenTree::Punct(p) if p.as_char() == '\''),
            );
            match tt {
                TokenTree::Ident(i) if i == *t && !lifetime => with.clone(),
                TokenTree::Group(g) => {
                    let mut group =
                        proc_macro2::Group::new(g.delimiter(), subst(g.stream(), t, with));
                    group.set_span(g.span());
                    TokenTree::Group(group).into()
                }
                other => other.into(),
            }
        })
        .collect()
}

/// `tokens` with every path `__ad::name` turned into `with::name`, and whether there was
/// one.
pub fn subst_private(tokens: TokenStream, name: &str, with: &Ident) -> (TokenStream, bool) {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tts.len());
    let mut found = false;
    for (k, tt) in tts.iter().enumerate() {
        match tt {
            TokenTree::Ident(i) if i == "__ad" && path_to(&tts[k + 1..], name) => {
                found = true;
                out.push(TokenTree::Ident(with.clone()));
            }
            TokenTree::Group(g) => {
                let (inner, f) = subst_private(g.stream(), name, with);
                found |= f;
                let mut group = proc_macro2::Group::new(g.delimiter(), inner);
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            other => out.push(other.clone()),
        }
    }
    (out.into_iter().collect(), found)
}

/// Whether `rest` starts with `::name`.
fn path_to(rest: &[TokenTree], name: &str) -> bool {
    matches!(rest, [TokenTree::Punct(a), TokenTree::Punct(b), TokenTree::Ident(n), ..]
        if a.as_char() == ':' && b.as_char() == ':' && n == name)
}

/// Whether `tokens` contain the identifier `ident` (a type naming a type parameter).
pub fn mentions_ident(tokens: TokenStream, ident: &Ident) -> bool {
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Ident(i) => i == *ident,
        TokenTree::Group(group) => mentions_ident(group.stream(), ident),
        _ => false,
    })
}

/// The names of a path's segments, in order (`std::mem::swap`: `std`, `mem`, `swap`).
pub fn segment_names(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
}

/// The primitive numeric and `bool` types (Copy values with no fields).
pub const SCALAR_TYPES: &[&str] = &[
    "f64", "f32", "bool", "usize", "isize", "u8", "u16", "u32", "u64", "u128", "i8", "i16", "i32",
    "i64", "i128",
];

/// Whether `tokens` contain any of the identifiers `names` (keywords included).
pub fn mentions_any(tokens: TokenStream, names: &[&str]) -> bool {
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Ident(i) => names.iter().any(|n| i == n),
        TokenTree::Group(group) => mentions_any(group.stream(), names),
        _ => false,
    })
}

/// Every bound of `generics` as a where-clause predicate: those written on the type
/// parameters (`T: Float`), then the where clause's.
pub fn predicates(generics: &Generics) -> Vec<TokenStream> {
    let inline = generics
        .type_params()
        .filter(|p| !p.bounds.is_empty())
        .map(|p| {
            let (ident, bounds) = (&p.ident, &p.bounds);
            quote!(#ident: #bounds)
        });
    let written = generics
        .where_clause
        .iter()
        .flat_map(|w| &w.predicates)
        .map(|p| p.to_token_stream());
    inline.chain(written).collect()
}

/// An identifier for a name the macro builds from the user's: the `r#` of raw identifiers
/// it came from dropped (`r#type` gives `type_bar`), and raw again where the whole name is
/// a keyword (`r#type` itself, a function `r#match`).
pub fn ident(name: &str, span: proc_macro2::Span) -> Ident {
    let name = name.replace("r#", "");
    let reserved = matches!(name.as_str(), "self" | "Self" | "super" | "crate" | "_");
    if !reserved && syn::parse_str::<Ident>(&name).is_err() {
        Ident::new_raw(&name, span)
    } else {
        Ident::new(&name, span)
    }
}

/// Whether `e` has a `return` or a `?` (which leave the innermost closure or function).
pub fn exits_early(e: &syn::Expr) -> bool {
    fn question(ts: proc_macro2::TokenStream) -> bool {
        ts.into_iter().any(|t| match t {
            proc_macro2::TokenTree::Punct(p) => p.as_char() == '?',
            proc_macro2::TokenTree::Group(g) => question(g.stream()),
            _ => false,
        })
    }
    let tokens = quote::ToTokens::to_token_stream(e);
    mentions_any(tokens.clone(), &["return"]) || question(tokens)
}

/// The tokens with `dyn` written before each bare trait object of a closure trait that a
/// reference or a type argument holds (`&Fn(f64) -> f64`, `&mut FnMut(f64)`, `Box<Fn(f64)
/// -> f64>`, `&'a Fn(f64)`), as edition 2018 reads them.
pub fn dyn_before_bare_fn(tokens: TokenStream) -> TokenStream {
    use proc_macro2::{Delimiter, Group};
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
    for (k, t) in trees.iter().enumerate() {
        if let TokenTree::Group(g) = t {
            let mut inner = Group::new(g.delimiter(), dyn_before_bare_fn(g.stream()));
            inner.set_span(g.span());
            out.push(TokenTree::Group(inner));
            continue;
        }
        let closure_trait = matches!(t, TokenTree::Ident(i) if i == "Fn" || i == "FnMut" || i == "FnOnce")
            && matches!(trees.get(k + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis);
        let held = match k.checked_sub(1).map(|j| &trees[j]) {
            Some(TokenTree::Punct(p)) => p.as_char() == '&' || p.as_char() == '<',
            // `&mut Fn…`, or a lifetime `&'a Fn…` (its name after the `'`).
            Some(TokenTree::Ident(i)) => {
                i == "mut"
                    || matches!(k.checked_sub(2).map(|j| &trees[j]), Some(TokenTree::Punct(p)) if p.as_char() == '\'')
            }
            _ => false,
        };
        if closure_trait && held {
            if let TokenTree::Ident(i) = t {
                out.push(TokenTree::Ident(Ident::new("dyn", i.span())));
            }
        }
        out.push(t.clone());
    }
    out.into_iter().collect()
}

/// A closure returning its one parameter as it is given (`|t| t`, `move |t: &f64| t`).
fn identity(closure: &syn::ExprClosure) -> bool {
    let [param] = closure.inputs.iter().collect::<Vec<_>>()[..] else {
        return false;
    };
    let param = match param {
        syn::Pat::Type(t) => &*t.pat,
        p => p,
    };
    let syn::Pat::Ident(param) = param else {
        return false;
    };
    closure.asyncness.is_none()
        && param.subpat.is_none()
        && matches!(peel_trivial(&closure.body), syn::Expr::Path(b) if b.path.is_ident(&param.ident))
}

/// `e` without what only wraps it: parentheses, a block holding nothing but `e`, a closure
/// without parameters called where it is written (`(|| e)()`, `(move || e)()`), an identity
/// closure defined and called at once (`{ let id = |t| t; id(e) }`).
pub fn peel_trivial(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => peel_trivial(&p.expr),
        syn::Expr::Block(b) if b.label.is_none() && b.attrs.is_empty() => {
            match b.block.stmts.as_slice() {
                [syn::Stmt::Expr(inner, None)] => peel_trivial(inner),
                // `{ let g = || e; g() }`: `e`, where it stands (nothing runs between).
                [syn::Stmt::Local(l), syn::Stmt::Expr(syn::Expr::Call(c), None)] => {
                    let called = |name: &syn::Ident| {
                        c.args.is_empty()
                            && matches!(&*c.func, syn::Expr::Path(p) if p.path.is_ident(name))
                    };
                    // (`let g = { || e };` and `let g = (|| e);` define the same `g`.)
                    match (
                        &l.pat,
                        l.init.as_ref().map(|i| (peel_trivial(&i.expr), &i.diverge)),
                    ) {
                        (syn::Pat::Ident(p), Some((syn::Expr::Closure(closure), None)))
                            if called(&p.ident)
                                && closure.inputs.is_empty()
                                && closure.asyncness.is_none()
                                && !crate::tokens::exits_early(&closure.body) =>
                        {
                            peel_trivial(&closure.body)
                        }
                        // `{ let id = |t| t; id(&v) }`: the argument, borrowed as written.
                        // (Not where the argument names the closure, whose name it
                        // would lose: `{ let sq = |t| t; sq(sq(x)) }`.)
                        (syn::Pat::Ident(p), Some((syn::Expr::Closure(closure), None)))
                            if identity(closure)
                                && c.args.len() == 1
                                && matches!(&*c.func, syn::Expr::Path(f) if f.path.is_ident(&p.ident))
                                && !mentions_any(
                                    c.args[0].to_token_stream(),
                                    &[&p.ident.to_string()],
                                ) =>
                        {
                            peel_trivial(&c.args[0])
                        }
                        _ => e,
                    }
                }
                _ => e,
            }
        }
        syn::Expr::Call(c) if c.args.is_empty() => {
            let mut f = &*c.func;
            while let syn::Expr::Paren(p) = f {
                f = &p.expr;
            }
            match f {
                // Not where `return` or `?` would leave the closure, not the function.
                syn::Expr::Closure(closure)
                    if closure.inputs.is_empty()
                        && closure.asyncness.is_none()
                        && !crate::tokens::exits_early(&closure.body) =>
                {
                    peel_trivial(&closure.body)
                }
                _ => e,
            }
        }
        _ => e,
    }
}

/// The names a pattern binds (a guard's expression aside).
pub fn pattern_names(p: &syn::Pat, out: &mut Vec<String>) {
    match p {
        syn::Pat::Ident(i) => {
            out.push(i.ident.to_string());
            if let Some((_, sub)) = &i.subpat {
                pattern_names(sub, out);
            }
        }
        syn::Pat::Tuple(t) => t.elems.iter().for_each(|p| pattern_names(p, out)),
        syn::Pat::TupleStruct(t) => t.elems.iter().for_each(|p| pattern_names(p, out)),
        syn::Pat::Struct(s) => s.fields.iter().for_each(|f| pattern_names(&f.pat, out)),
        syn::Pat::Slice(s) => s.elems.iter().for_each(|p| pattern_names(p, out)),
        syn::Pat::Reference(r) => pattern_names(&r.pat, out),
        syn::Pat::Type(t) => pattern_names(&t.pat, out),
        syn::Pat::Paren(p) => pattern_names(&p.pat, out),
        syn::Pat::Guard(g) => pattern_names(&g.pat, out),
        // Every case of an or-pattern binds the same names.
        syn::Pat::Or(o) => o.cases.iter().take(1).for_each(|p| pattern_names(p, out)),
        _ => {}
    }
}

/// Whether `op` is a compound assignment (`+=`, `-=`, …, `>>=`).
pub(crate) fn is_compound_assign(op: &syn::BinOp) -> bool {
    use syn::BinOp::*;
    matches!(
        op,
        AddAssign(_)
            | SubAssign(_)
            | MulAssign(_)
            | DivAssign(_)
            | RemAssign(_)
            | BitXorAssign(_)
            | BitAndAssign(_)
            | BitOrAssign(_)
            | ShlAssign(_)
            | ShrAssign(_)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squash(t: TokenStream) -> String {
        t.to_string().split_whitespace().collect()
    }

    #[test]
    fn substitutes_inside_groups() {
        let t: Ident = syn::parse_quote!(T);
        let out = subst(quote!(Vec<Array2<T>>: Foo<T>), &t, &quote!(Dual<T>));
        assert_eq!(squash(out), "Vec<Array2<Dual<T>>>:Foo<Dual<T>>");
    }

    #[test]
    fn writes_dyn_before_bare_closure_trait_objects() {
        let item = quote!(
            fn f(
                a: &Fn(f64) -> f64,
                b: &mut FnMut(f64),
                c: Box<Fn(f64) -> f64>,
                d: &'a FnOnce(),
                e: &dyn Fn(f64),
                g: G,
            ) where
                G: Fn(f64),
            {
            }
        );
        let out = squash(dyn_before_bare_fn(item));
        assert!(out.contains("a:&dynFn(f64)->f64"), "{out}");
        assert!(out.contains("b:&mutdynFnMut(f64)"), "{out}");
        assert!(out.contains("c:Box<dynFn(f64)->f64>"), "{out}");
        assert!(out.contains("d:&'adynFnOnce()"), "{out}");
        // Written with `dyn` already, or a bound: as they are.
        assert!(out.contains("e:&dynFn(f64)"), "{out}");
        assert!(out.contains("G:Fn(f64)"), "{out}");
    }

    #[test]
    fn lists_inline_and_where_bounds() {
        let f: syn::ItemFn = syn::parse_quote!(
            fn f<T: Float + 'static, U>()
            where
                U: Clone,
            {
            }
        );
        let got: Vec<String> = predicates(&f.sig.generics)
            .into_iter()
            .map(squash)
            .collect();
        assert_eq!(got, vec!["T:Float+'static", "U:Clone"]);
    }
}
