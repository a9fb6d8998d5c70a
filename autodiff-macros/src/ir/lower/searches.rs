//! Searches for an index, evaluated as written on primal values: `xs.binary_search_by(|p|
//! p.partial_cmp(&x).unwrap())` (and `_by_key`, `binary_search`), `xs.partition_point(|&v|
//! v < x)`, `xs.iter().position(…)`, with what turns their result into an index
//! (`.unwrap_or_else(|i| i - 1)`, `.unwrap_or(0)`, `.is_ok()`).
//!
//! An index found by comparing floats is piecewise constant in them: its derivative is zero
//! wherever it is defined, as a branch's condition's is. So the search needs no derivative
//! code, only the values it compares; every generated function runs it as the user wrote
//! it, on the primal values of what it reads (`ExprKind::Primal`), and the index it finds
//! selects entries as any integer does.
//!
//! A sort of a local sequence of floats (`sorted.sort_by(|a, b| a.partial_cmp(b).unwrap())`,
//! a median's or a quantile's first step) is such a search too: the order it finds is
//! found on primal values (`__private::sorted_order`, with the user's comparator), and the
//! sequence is then gathered in that order, `v = order.iter().map(|&k| v[k]).collect()`,
//! whose derivative each entry carries as any read by index does.

use super::*;

/// Methods of slices and iterators that find an index by comparing elements.
const SEARCHES: &[&str] = &[
    "binary_search_by",
    "binary_search_by_key",
    "binary_search",
    "partition_point",
    "position",
    "rposition",
];

/// Methods that turn a search's `Result` or `Option` into an index.
const TO_INDEX: &[&str] = &[
    "unwrap",
    "expect",
    "unwrap_or",
    "unwrap_or_else",
    "unwrap_or_default",
    "unwrap_unchecked",
];

/// Methods that turn a search's `Result` or `Option` into a flag.
const TO_FLAG: &[&str] = &["is_ok", "is_err", "is_some", "is_none"];

/// What a chain of method calls ending in `m` gives when a search is in it: an index, a
/// flag, or the search's own `Result`/`Option`. `None` when no search is in it, or when a
/// method after the search is none of those above (its value could be anything).
fn search_result(m: &syn::ExprMethodCall) -> Option<Kind> {
    let name = m.method.to_string();
    if SEARCHES.contains(&name.as_str()) {
        return Some(if name == "partition_point" {
            Kind::Int
        } else {
            Kind::Other
        });
    }
    let syn::Expr::MethodCall(inner) = super::fields::peel_parens(&m.receiver) else {
        return None;
    };
    let inner_kind = search_result(inner)?;
    if inner_kind != Kind::Other {
        return None;
    }
    if TO_INDEX.contains(&name.as_str()) {
        Some(Kind::Int)
    } else if TO_FLAG.contains(&name.as_str()) {
        Some(Kind::Bool)
    } else {
        None
    }
}

impl Lowerer {
    /// `m` as an `ExprKind::Primal` when it is a search for an index (see the module's
    /// doc). The names it reads are looked up here, where the user wrote them.
    pub(super) fn index_search(&mut self, m: &syn::ExprMethodCall) -> Option<Expr> {
        let kind = search_result(m)?;
        self.primal(syn::Expr::MethodCall(m.clone()), kind, m.method.span())
    }

    /// `v.sort_by(cmp);` (`sort_unstable_by`, `sort_by_key`) of a local sequence of floats, lowered as
    /// its order found on primal values and the sequence gathered in it (see the module's
    /// doc); `false` where `m` is no such sort.
    pub(super) fn sort_of_floats(&mut self, m: &syn::ExprMethodCall, out: &mut Vec<Stmt>) -> bool {
        let by_key = match m.method.to_string().as_str() {
            "sort_by" | "sort_unstable_by" => false,
            "sort_by_key" | "sort_unstable_by_key" | "sort_by_cached_key" => true,
            _ => return false,
        };
        if m.args.len() != 1 {
            return false;
        }
        let syn::Expr::Path(receiver) = &m.receiver.as_ref() else {
            return false;
        };
        let Some(v) = receiver
            .path
            .get_ident()
            .and_then(|i| self.lookup(&i.to_string()))
        else {
            return false;
        };
        if self.vars[v].scope.is_none() {
            return false;
        }
        let (cmp, span) = (&m.args[0], m.method.span());
        // `order.sort_by(|&a, &b| x[a].partial_cmp(&x[b]).unwrap())`: indices moved by
        // comparing floats, all of it on primal values.
        if self.vars[v].kind == Kind::IntSeq {
            let method = &m.method;
            let sort: syn::Expr = syn::parse_quote_spanned!(span=> {
                let mut sorted = #receiver.clone();
                sorted.#method(#cmp);
                sorted
            });
            let Some(name) = self.bind_primal("sorted", sort, span, out) else {
                return false;
            };
            self.lower_expr_stmt(&syn::parse_quote_spanned!(span=> #receiver = #name), out);
            return true;
        }
        if self.vars[v].kind != Kind::FloatSeq {
            return false;
        }
        let call: syn::Expr = match by_key {
            true => {
                syn::parse_quote_spanned!(span=> ::autodiff::__private::sorted_order_by_key(&#receiver, #cmp))
            }
            false => {
                syn::parse_quote_spanned!(span=> ::autodiff::__private::sorted_order(&#receiver, #cmp))
            }
        };
        let Some(name) = self.bind_primal("order", call, span, out) else {
            return false;
        };
        let float = self.float.clone();
        let sorted = self.synthetic_ident("sorted");
        let gather: syn::Stmt = syn::parse_quote_spanned!(span=>
            let #sorted: ::std::vec::Vec<#float> = #name.iter().map(|&k| #receiver[k]).collect();
        );
        let syn::Stmt::Local(gather) = gather else {
            unreachable!("a `let`")
        };
        self.lower_let(&gather, out);
        self.lower_expr_stmt(&syn::parse_quote_spanned!(span=> #receiver = #sorted), out);
        true
    }

    /// `let <base> = e;` of indices `e` computes on primal values (an order found by a
    /// sort): the new variable's name, or `None` where `e` cannot be read so.
    fn bind_primal(
        &mut self,
        base: &str,
        e: syn::Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Option<Ident> {
        let init = self.primal(e, Kind::IntSeq, span)?;
        let name = self.synthetic_ident(base);
        let var = self.declare(&name, Kind::IntSeq, false, None);
        out.push(Stmt::new(
            StmtKind::Let {
                var,
                init: Some(init),
            },
            span,
        ));
        Some(name)
    }

    /// `e`, evaluated as written on primal values, its names looked up here.
    pub(super) fn primal(&mut self, e: syn::Expr, kind: Kind, span: Span) -> Option<Expr> {
        let free = crate::ir::hygiene::free_names(&[], &e);
        // (A closure of the function's own is inlined where it is called, never bound: a
        // search calling one keeps the message of a closure passed to a method.)
        if free.iter().any(|f| self.closure_named(&f.name).is_some()) {
            return None;
        }
        let reads = free
            .into_iter()
            .filter_map(|free| {
                let v = self.lookup(&free.name)?;
                let name = self.vars[v].name.clone();
                let name = Ident::new(&free.name, name.span());
                Some((name, Expr::new(ExprKind::Var(v), span)))
            })
            .collect();
        Some(Expr::new(
            ExprKind::Primal(Box::new(PrimalExpr {
                expr: e,
                reads,
                kind,
            })),
            span,
        ))
    }
}
