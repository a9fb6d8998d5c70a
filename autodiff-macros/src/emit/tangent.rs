//! Forward mode: the tangent of each expression, `ẏ = Σ ∂y/∂xᵢ ẋᵢ`, written beside the
//! primal code (explicit tangents keep inactive values plain floats).
//!
//! While an expression's tangent is a multiple of one tangent (`c·ẋ`, as for `100.0 * a * a`
//! or `x.sin() * 3.0`) it is kept as its coefficient and that tangent, so that the product
//! rule of two such factors is `(α v + u β)·ẋ`: one multiplication by the tangent where the
//! term-by-term rule `α ẋ v + u β ẋ` spends three (and the coefficient often repeats a primal
//! product the optimiser shares).

use super::{Ctx, Emitter};
use crate::ir::*;
use crate::rules::Partial;
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

/// A tangent expression as it is built.
enum Tangent {
    /// `±coef·dot`, where `dot` names one tangent or tangent element and a missing
    /// coefficient is one.
    Scaled {
        coef: Option<TokenStream>,
        neg: bool,
        dot: TokenStream,
    },
    /// Any other tangent expression.
    Other(TokenStream),
}

impl Tangent {
    fn into_tokens(self) -> TokenStream {
        match self {
            Tangent::Scaled { coef, neg, dot } => {
                let t = match coef {
                    Some(c) => {
                        let c = paren(c);
                        quote!(#dot * #c)
                    }
                    None => dot,
                };
                if neg {
                    let t = paren(t);
                    quote!(-#t)
                } else {
                    t
                }
            }
            Tangent::Other(t) => t,
        }
    }

    /// `self · factor`, for a factor with no tangent.
    fn scaled_by(self, factor: TokenStream) -> Tangent {
        let factor = paren(factor);
        match self {
            Tangent::Scaled { coef, neg, dot } => Tangent::Scaled {
                coef: Some(match coef {
                    Some(c) => {
                        let c = paren(c);
                        quote!(#c * #factor)
                    }
                    None => factor,
                }),
                neg,
                dot,
            },
            Tangent::Other(t) => {
                let t = paren(t);
                Tangent::Other(quote!(#t * #factor))
            }
        }
    }

    fn negated(self) -> Tangent {
        match self {
            Tangent::Scaled { coef, neg, dot } => Tangent::Scaled {
                coef,
                neg: !neg,
                dot,
            },
            Tangent::Other(t) => {
                let t = paren(t);
                Tangent::Other(quote!(-#t))
            }
        }
    }

    /// The tangent both are multiples of, if any.
    fn common_direction(&self, other: &Tangent) -> Option<String> {
        match (self, other) {
            (Tangent::Scaled { dot: a, .. }, Tangent::Scaled { dot: b, .. })
                if a.to_string() == b.to_string() =>
            {
                Some(a.to_string())
            }
            _ => None,
        }
    }

    /// The signed coefficient, when it is written out.
    fn coefficient(&self) -> Option<TokenStream> {
        match self {
            Tangent::Scaled {
                coef: Some(c), neg, ..
            } => Some(if *neg {
                let c = paren(c.clone());
                quote!(-#c)
            } else {
                c.clone()
            }),
            _ => None,
        }
    }

    /// `coef · value` (or `value · coef`, keeping a product's order) and the sign, for a
    /// scaled tangent; just `value` when the coefficient is one.
    fn coefficient_times(self, value: TokenStream, coef_first: bool) -> (TokenStream, bool) {
        let Tangent::Scaled { coef, neg, .. } = self else {
            unreachable!("a common direction is scaled")
        };
        let term = match coef.map(paren) {
            None => value,
            Some(c) if coef_first => quote!(#c * #value),
            Some(c) => quote!(#value * #c),
        };
        (term, neg)
    }

    /// The coefficient and sign, to compare two tangents.
    fn signature(&self) -> String {
        match self {
            Tangent::Scaled { coef, neg, .. } => format!("{neg} {coef:?}"),
            Tangent::Other(t) => t.to_string(),
        }
    }

    fn dot(&self) -> TokenStream {
        match self {
            Tangent::Scaled { dot, .. } => dot.clone(),
            Tangent::Other(t) => t.clone(),
        }
    }
}

impl Ctx<'_> {
    /// `u.a.b` read from a struct value `u` (not a parameter, whose fields are variables of
    /// their own): `u` and the path `a.b`.
    pub fn struct_field_chain(&self, e: &Expr) -> Option<(VarId, Vec<syn::Member>)> {
        crate::ir::struct_field_chain(e, &self.func.vars)
    }

    /// `d(uv)` for `u̇ = α ẋ`, `v̇ = β ẋ`: `(α v + u β) ẋ`, or `(u + u) u̇` for a square.
    fn product_of_multiples(
        &self,
        ta: Tangent,
        tb: Tangent,
        va: TokenStream,
        vb: TokenStream,
    ) -> Tangent {
        if va.to_string() == vb.to_string() && ta.signature() == tb.signature() {
            return ta.scaled_by(quote!(#va + #va));
        }
        let dot = ta.dot();
        // α v and u β, in the order of the product.
        let (left, right) = (
            ta.coefficient_times(vb, true),
            tb.coefficient_times(va, false),
        );
        let ((l, ln), (r, rn)) = (left, right);
        let (coef, neg) = match (ln, rn) {
            (false, false) => (quote!(#l + #r), false),
            (true, true) => (quote!(#l + #r), true),
            (false, true) => (quote!(#l - #r), false),
            (true, false) => (quote!(#r - #l), false),
        };
        Tangent::Scaled {
            coef: Some(coef),
            neg,
            dot,
        }
    }

    pub fn kind_of(&self, e: &Expr) -> Kind {
        crate::ir::kind_of(e, &self.func.vars, &self.func.float)
    }
}

impl Emitter<'_> {
    /// The tangent of `e`, or `None` where it is zero.
    pub fn tangent(&mut self, e: &Expr) -> Option<TokenStream> {
        self.tangent_form(e).map(Tangent::into_tokens)
    }

    fn tangent_form(&mut self, e: &Expr) -> Option<Tangent> {
        if !self.act.varied(e) {
            return None;
        }
        use ExprKind::*;
        let scaled = |dot: TokenStream| Tangent::Scaled {
            coef: None,
            neg: false,
            dot,
        };
        match &e.kind {
            Var(v) => {
                let dot = self.dot(*v);
                Some(scaled(quote!(#dot)))
            }
            Index(base, i) => {
                let (tb, i) = (self.tangent(base)?, self.expr(i, false));
                Some(scaled(quote!(#tb[#i])))
            }
            Neg(a) => self.tangent_form(a).map(Tangent::negated),
            Arith(op, a, b) => self.arith_tangent(*op, a, b),
            Elementary(rule, args) => self.elementary_tangent(rule, args, None),
            // `x as Idx`: an alias the attribute cannot see, of a float or of an integer
            // (which truncates): rustc's types decide whether the tangent goes through.
            Cast(a, ty) if self.unseen_cast_target(ty) => {
                let t = self.tangent_form(a)?.into_tokens();
                Some(Tangent::Other(quote!(__ad::through_cast::<#ty, _>(#t))))
            }
            Cast(a, _) => self.tangent_form(a),
            _ => self.other_tangent(e).map(Tangent::Other),
        }
    }

    /// Tangents of the expressions that are not arithmetic on floats.
    fn other_tangent(&mut self, e: &Expr) -> Option<TokenStream> {
        use ExprKind::*;
        let cx = self.cx();
        let val = |x: &Expr| cx.atom(x, false);
        match &e.kind {
            Field(a, member) => {
                let t = self.tangent(a)?;
                Some(quote!(#t.#member))
            }
            StructLit(..) => Some(self.struct_tangent(e)),
            // (`&(h_dot / 2.0)`: a borrow binds tighter than the operator of an operand's
            // tangent.)
            Ref(a) => self
                .tangent(a)
                .map(|t| match syn::parse2::<syn::ExprPath>(t.clone()) {
                    Ok(_) => quote!(&#t),
                    Err(_) => quote!(&(#t)),
                }),
            Copy(a) => {
                let t = self.tangent(a)?;
                match self.kind_of(e) {
                    Kind::FloatSeq => Some(quote!(#t.to_vec())),
                    Kind::Array => Some(quote!(#t.to_owned())),
                    Kind::Struct => Some(quote!(::core::clone::Clone::clone(#t))),
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

    /// The tangent of a struct literal, whole: a literal of the same struct whose float
    /// fields hold their tangents (zero where constant), whose struct, sequence and array
    /// fields hold theirs, and whose other fields (integers, flags) their values, which a
    /// tangent ignores.
    pub fn struct_tangent(&mut self, e: &Expr) -> TokenStream {
        let ExprKind::StructLit(path, fields) = &e.kind else {
            return self.tangent(e).unwrap_or_else(|| self.zero());
        };
        let fields = fields.iter().map(|(m, x)| {
            let t = match (&x.kind, self.kind_of(x)) {
                (ExprKind::StructLit(..), _) => self.struct_tangent(x),
                (_, Kind::Float) => self.tangent(x).unwrap_or_else(|| self.zero()),
                // (A sequence, an array or rows of structs: their tangent, or zeros of
                // their shape where constant; never their value.)
                (
                    _,
                    Kind::Struct | Kind::FloatSeq | Kind::Array | Kind::StructSeq | Kind::ArraySeq,
                ) => match self.tangent(x) {
                    Some(t) => t,
                    None => {
                        let v = self.expr(x, false);
                        quote!(__ad::Differentiable::zero_like(&#v))
                    }
                },
                _ => self.expr(x, false),
            };
            (m, t)
        });
        let (members, tangents): (Vec<_>, Vec<_>) = fields.unzip();
        if path.segments.is_empty() {
            // A tuple of floats: its tangent is the tuple of their tangents.
            return quote!((#(#tangents,)*));
        }
        quote!(#path { #(#members: #tangents),* })
    }

    fn arith_tangent(&mut self, op: ArithOp, a: &Expr, b: &Expr) -> Option<Tangent> {
        let (ta, tb) = (self.tangent_form(a), self.tangent_form(b));
        let (va, vb) = (self.atom(a, false), self.atom(b, false));
        let other = |t: TokenStream| Some(Tangent::Other(t));
        // Scalar tangents fuse a product into a sum (`__ad::mul_add`); array ones cannot.
        let scalar = self.kind_of(a) == Kind::Float && self.kind_of(b) == Kind::Float;
        match (op, ta, tb) {
            (_, None, None) => None,
            (ArithOp::Add | ArithOp::Sub, Some(ta), None) => Some(ta),
            (ArithOp::Add, None, Some(tb)) => Some(tb),
            (ArithOp::Sub, None, Some(tb)) => Some(tb.negated()),
            // α ẋ ± β ẋ = (α ± β) ẋ, when both coefficients are written out
            (ArithOp::Add | ArithOp::Sub, Some(ta), Some(tb))
                if ta.common_direction(&tb).is_some()
                    && ta.coefficient().is_some()
                    && tb.coefficient().is_some() =>
            {
                let (ca, cb, dot) = (ta.coefficient()?, paren(tb.coefficient()?), ta.dot());
                let coef = match op {
                    ArithOp::Add => quote!(#ca + #cb),
                    _ => quote!(#ca - #cb),
                };
                Some(Tangent::Scaled {
                    coef: Some(coef),
                    neg: false,
                    dot,
                })
            }
            (ArithOp::Add | ArithOp::Sub, Some(ta), Some(tb)) if scalar => {
                other(fused_sum(ta, tb, op == ArithOp::Sub))
            }
            (ArithOp::Add, Some(ta), Some(tb)) => {
                let (ta, tb) = (ta.into_tokens(), right_of_sum(tb.into_tokens()));
                other(quote!(#ta + #tb))
            }
            (ArithOp::Sub, Some(ta), Some(tb)) => {
                let (ta, tb) = (ta.into_tokens(), right_of_sum(tb.into_tokens()));
                other(quote!(#ta - #tb))
            }
            (ArithOp::Mul, Some(ta), None) => Some(ta.scaled_by(vb)),
            (ArithOp::Mul, None, Some(tb)) => Some(tb.scaled_by(va)),
            // d(uv) = u̇ v + u v̇; with u̇ = α ẋ and v̇ = β ẋ, (α v + u β) ẋ (for u = v: 2u u̇)
            (ArithOp::Mul, Some(ta), Some(tb)) if ta.common_direction(&tb).is_some() => {
                Some(self.product_of_multiples(ta, tb, va, vb))
            }
            (ArithOp::Mul, Some(ta), Some(tb)) if scalar => {
                let (ta, tb) = (ta.into_tokens(), paren(tb.into_tokens()));
                other(quote!(__ad::mul_add(#ta, #vb, #va * #tb)))
            }
            (ArithOp::Mul, Some(ta), Some(tb)) => {
                let (ta, tb) = (paren(ta.into_tokens()), paren(tb.into_tokens()));
                other(quote!(#ta * #vb + #va * #tb))
            }
            // d(a/b) = (da b − a db) / b², as (da − (a/b) db) / b: `b * b` overflows where
            // b does not (|b| > 1.8e19 in f32), which would make the tangent a silent zero.
            (ArithOp::Div, Some(ta), Some(tb)) if scalar => {
                let (ta, tb) = (ta.into_tokens(), paren(tb.into_tokens()));
                other(quote!(__ad::mul_add(#tb, -(#va / #vb), #ta) / #vb))
            }
            (ArithOp::Div, Some(ta), Some(tb)) => {
                let (ta, tb) = (paren(ta.into_tokens()), paren(tb.into_tokens()));
                other(quote!((#ta - (#va / #vb) * #tb) / #vb))
            }
            (ArithOp::Div, Some(ta), None) => {
                let ta = paren(ta.into_tokens());
                other(quote!(#ta / #vb))
            }
            (ArithOp::Div, None, Some(tb)) => {
                let tb = paren(tb.into_tokens());
                other(quote!(-((#va / #vb) * #tb) / #vb))
            }
            // a % b = a − q b, q = trunc(a/b) read off the exact remainder (see `partial::rem`)
            (ArithOp::Rem, ta, tb) => {
                let ta = ta.map_or_else(|| self.zero(), |t| paren(t.into_tokens()));
                match tb {
                    Some(tb) => {
                        let tb = paren(tb.into_tokens());
                        other(quote!(#ta - #tb * ((#va - #va % #vb) / #vb).round()))
                    }
                    None => other(ta),
                }
            }
            // (Integers carry no derivative.)
            (
                ArithOp::Shl | ArithOp::Shr | ArithOp::BitAnd | ArithOp::BitOr | ArithOp::BitXor,
                ..,
            ) => None,
        }
    }

    /// The tangent of `let result = init`: a call's partial takes its result from `result`
    /// instead of calling the function again.
    pub fn let_tangent(&mut self, init: &Expr, result: &Ident) -> Option<TokenStream> {
        match &init.kind {
            ExprKind::Elementary(rule, args) if self.act.varied(init) => self
                .elementary_tangent(rule, args, Some(quote!(#result)))
                .map(Tangent::into_tokens),
            _ => self.tangent(init),
        }
    }

    /// `result`: the call's value where a variable holds it already.
    fn elementary_tangent(
        &mut self,
        rule: &crate::rules::Rule,
        args: &[Expr],
        result: Option<TokenStream>,
    ) -> Option<Tangent> {
        let name = Ident::new(rule.name, Span::call_site());
        let vals: Vec<_> = args.iter().map(|a| self.atom(a, false)).collect();
        let (x, rest) = (&vals[0], &vals[1..]);
        let y = result.unwrap_or_else(|| quote!(#x.#name(#(#rest),*)));
        match rule.partial {
            Partial::Zero => None,
            Partial::Unary => {
                let t = self.tangent_form(&args[0])?;
                Some(t.scaled_by(quote!(__ad::partial::#name(#x, #y))))
            }
            Partial::IntExponent => {
                let (t, n) = (self.tangent_form(&args[0])?, &vals[1]);
                Some(t.scaled_by(quote!(__ad::partial::powi(#x, #n, #y))))
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
                Some(Tangent::Other(quote!({
                    let (#(#pattern),*) = __ad::partial::#name(#(#vals,)* #y);
                    #(#terms)+*
                })))
            }
        }
    }
}

/// `ta ± tb` for scalar tangents, with the product of a scaled tangent fused into the sum
/// (`__ad::mul_add(ẋ, α, tb)` for `αẋ + tb`): one instruction fewer per term where the
/// target has fused multiply-add, the same sum where it has not.
fn fused_sum(ta: Tangent, tb: Tangent, minus: bool) -> TokenStream {
    let b_neg = minus != matches!(tb, Tangent::Scaled { neg: true, .. });
    match (ta, tb) {
        (
            Tangent::Scaled {
                coef: Some(c),
                neg,
                dot,
            },
            tb,
        ) => {
            let tb = if minus { tb.negated() } else { tb }.into_tokens();
            let c = signed(c, neg);
            quote!(__ad::mul_add(#dot, #c, #tb))
        }
        (
            ta,
            Tangent::Scaled {
                coef: Some(c), dot, ..
            },
        ) => {
            let (c, ta) = (signed(c, b_neg), ta.into_tokens());
            quote!(__ad::mul_add(#dot, #c, #ta))
        }
        (ta, tb) => {
            let (ta, tb) = (ta.into_tokens(), right_of_sum(tb.into_tokens()));
            if minus {
                quote!(#ta - #tb)
            } else {
                quote!(#ta + #tb)
            }
        }
    }
}

/// `c` or `-(c)`.
fn signed(c: TokenStream, neg: bool) -> TokenStream {
    if neg {
        let c = paren(c);
        quote!(-#c)
    } else {
        c
    }
}

/// A tangent as the right operand of `+` or `-`: parenthesised only if it is itself a sum
/// (a product binds tighter; a left operand never needs parentheses).
fn right_of_sum(t: TokenStream) -> TokenStream {
    let binary_sum = t.clone().into_iter().skip(1).any(
        |tt| matches!(tt, proc_macro2::TokenTree::Punct(p) if matches!(p.as_char(), '+' | '-')),
    );
    if binary_sum {
        quote!((#t))
    } else {
        t
    }
}

/// Parenthesises a tangent expression unless it is one operand already: a name, a literal,
/// a path, a call, an indexed or parenthesised expression.
pub fn paren(t: TokenStream) -> TokenStream {
    use proc_macro2::{Delimiter, TokenTree};
    let atomic = !t.is_empty()
        && t.clone().into_iter().all(|tt| match tt {
            TokenTree::Punct(p) => matches!(p.as_char(), ':' | '.'),
            // A leading block would read as a statement.
            TokenTree::Group(g) => g.delimiter() != Delimiter::Brace,
            TokenTree::Ident(i) => i != "as",
            TokenTree::Literal(_) => true,
        });
    if atomic {
        t
    } else {
        quote!((#t))
    }
}
