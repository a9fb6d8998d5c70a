//! Forward mode: the tangent of each expression, `ẏ = Σ ∂y/∂xᵢ ẋᵢ`, written beside the
//! primal code (explicit tangents keep inactive values plain floats).

use super::Ctx;
use crate::ir::*;
use crate::rules::Partial;
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

impl Ctx<'_> {
    /// The tangent of `e`, or `None` where it is zero.
    pub fn tangent(&self, e: &Expr) -> Option<TokenStream> {
        if !self.act.varied(e) {
            return None;
        }
        use ExprKind::*;
        let val = |x: &Expr| self.atom(x, false);
        match &e.kind {
            Var(v) => {
                let dot = self.dot(*v);
                Some(quote!(#dot))
            }
            Index(base, i) => {
                let (tb, i) = (self.tangent(base)?, self.expr(i, false));
                Some(quote!(#tb[#i]))
            }
            Neg(a) => self.tangent(a).map(|t| {
                let t = paren(t);
                quote!(-#t)
            }),
            Arith(op, a, b) => self.arith_tangent(*op, a, b),
            Elementary(rule, args) => self.elementary_tangent(rule, args),
            Field(a, member) => {
                let t = self.tangent(a)?;
                Some(quote!(#t.#member))
            }
            Cast(a, _) => self.tangent(a),
            Ref(a) => self.tangent(a).map(|t| quote!(&#t)),
            Copy(a) => {
                let t = self.tangent(a)?;
                match self.kind_of(e) {
                    Kind::FloatSeq => Some(quote!(#t.to_vec())),
                    Kind::Array => Some(quote!(#t.to_owned())),
                    _ => Some(t),
                }
            }
            Repeat { elem, len, array } => {
                let (t, len) = (self.tangent(elem)?, val(len));
                Some(if *array {
                    quote!([#t; #len])
                } else {
                    quote!(::std::vec![#t; #len])
                })
            }
            List { elems, array } => {
                let zero = self.zero();
                let ts = elems
                    .iter()
                    .map(|x| self.tangent(x).unwrap_or_else(|| zero.clone()));
                Some(if *array {
                    quote!([#(#ts),*])
                } else {
                    quote!(::std::vec![#(#ts),*])
                })
            }
            _ => None,
        }
    }

    pub fn kind_of(&self, e: &Expr) -> Kind {
        crate::ir::kind_of(e, &self.func.vars, &self.func.float)
    }

    fn arith_tangent(&self, op: ArithOp, a: &Expr, b: &Expr) -> Option<TokenStream> {
        let (ta, tb) = (self.tangent(a).map(paren), self.tangent(b).map(paren));
        let (va, vb) = (self.atom(a, false), self.atom(b, false));
        Some(match (op, ta, tb) {
            (_, None, None) => return None,
            (ArithOp::Add, Some(ta), Some(tb)) => quote!(#ta + #tb),
            (ArithOp::Sub, Some(ta), Some(tb)) => quote!(#ta - #tb),
            (ArithOp::Add | ArithOp::Sub, Some(ta), None) => ta,
            (ArithOp::Add, None, Some(tb)) => tb,
            (ArithOp::Sub, None, Some(tb)) => quote!(-#tb),
            // d(a²) = 2a da, for a a
            (ArithOp::Mul, Some(ta), Some(_)) if va.to_string() == vb.to_string() => {
                quote!(#ta * (#va + #va))
            }
            // d(ab) = da b + a db
            (ArithOp::Mul, Some(ta), Some(tb)) => quote!(#ta * #vb + #va * #tb),
            (ArithOp::Mul, Some(ta), None) => quote!(#ta * #vb),
            (ArithOp::Mul, None, Some(tb)) => quote!(#va * #tb),
            // d(a/b) = (da b − a db) / b²
            (ArithOp::Div, Some(ta), Some(tb)) => quote!((#ta * #vb - #va * #tb) / (#vb * #vb)),
            (ArithOp::Div, Some(ta), None) => quote!(#ta / #vb),
            (ArithOp::Div, None, Some(tb)) => quote!(-(#va * #tb) / (#vb * #vb)),
            // a % b = a − q b, q = trunc(a/b) read off the exact remainder (see `partial::rem`)
            (ArithOp::Rem, ta, tb) => {
                let ta = ta.unwrap_or_else(|| self.zero());
                match tb {
                    Some(tb) => quote!(#ta - #tb * ((#va - #va % #vb) / #vb).round()),
                    None => ta,
                }
            }
        })
    }

    fn elementary_tangent(&self, rule: &crate::rules::Rule, args: &[Expr]) -> Option<TokenStream> {
        let name = Ident::new(rule.name, Span::call_site());
        let vals: Vec<_> = args.iter().map(|a| self.atom(a, false)).collect();
        let (x, rest) = (&vals[0], &vals[1..]);
        let y = quote!(#x.#name(#(#rest),*));
        match rule.partial {
            Partial::Zero => None,
            Partial::Unary => {
                let t = paren(self.tangent(&args[0])?);
                Some(quote!(#t * __ad::partial::#name(#x, #y)))
            }
            Partial::IntExponent => {
                let (t, n) = (paren(self.tangent(&args[0])?), &vals[1]);
                Some(quote!(#t * __ad::partial::powi(#x, #n, #y)))
            }
            Partial::Multi => {
                let mut pattern = vec![];
                let mut terms = vec![];
                for a in args {
                    match self.tangent(a).map(paren) {
                        Some(t) => {
                            let d = self.temp("d");
                            terms.push(quote!(#t * #d));
                            pattern.push(quote!(#d));
                        }
                        None => pattern.push(quote!(_)),
                    }
                }
                Some(quote!({
                    let (#(#pattern),*) = __ad::partial::#name(#(#vals,)* #y);
                    #(#terms)+*
                }))
            }
        }
    }
}

/// Parenthesises a tangent expression unless it is a name or an indexed name.
pub fn paren(t: TokenStream) -> TokenStream {
    let mut trees = t.clone().into_iter();
    let first_is_name = matches!(trees.next(), Some(proc_macro2::TokenTree::Ident(_)));
    let rest_indexes = trees.all(|tt| matches!(tt, proc_macro2::TokenTree::Group(g) if g.delimiter() == proc_macro2::Delimiter::Bracket));
    if first_is_name && rest_indexes {
        t
    } else {
        quote!((#t))
    }
}
