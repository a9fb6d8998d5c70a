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
        let e = syn::Expr::MethodCall(m.clone());
        let span = m.method.span();
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
