//! What to say where an iterator chain is refused: the chain desugarer (`chain`) takes the
//! whole chain or nothing, and what it leaves falls to lowering method by method, which
//! meets the source (`x.iter()`) first. The message names the part of the chain that is
//! not taken, spanned on it, read from the method calls being lowered around the source.

use super::*;

/// A method call being lowered, as much of it as the message needs.
pub(super) struct Around {
    method: Ident,
    /// The method of its receiver, where the receiver is a method call: the chain goes on
    /// inward through it.
    receiver_method: Option<Ident>,
    /// Which call this is (`Lowerer::methods_lowered` when it was met).
    serial: usize,
}

impl Around {
    pub(super) fn method(&self) -> &Ident {
        &self.method
    }

    pub(super) fn of(m: &syn::ExprMethodCall, serial: usize) -> Around {
        let mut receiver = &*m.receiver;
        while let syn::Expr::Paren(p) = receiver {
            receiver = &p.expr;
        }
        Around {
            method: m.method.clone(),
            receiver_method: match receiver {
                syn::Expr::MethodCall(r) => Some(r.method.clone()),
                _ => None,
            },
            serial,
        }
    }
}

/// The adapters and consumers a chain may have (`chain/mod.rs`, `chain/consumers.rs`).
const TAKEN: &[&str] = &[
    "iter",
    "iter_mut",
    "into_iter",
    "copied",
    "cloned",
    "zip",
    "enumerate",
    "rev",
    "skip",
    "take",
    "step_by",
    "cycle",
    "map",
    "filter",
    "sum",
    "product",
    "fold",
    "collect",
    "for_each",
    "reduce",
    "max_by",
    "min_by",
    "unwrap",
    "expect",
    "windows",
    "chunks",
    "chunks_exact",
    "count",
    "len",
];

impl Lowerer {
    /// The message for the source of a chain refused at `span` (the innermost call, the
    /// top of `methods_around`).
    pub(super) fn refuse_chain(&mut self, span: Span) -> Expr {
        // A chain refused inside one refused whole (a `zip`'s argument): the whole one's
        // message says nothing this one does not, so it goes.
        self.drop_enclosing_refusals();
        // The calls of this chain, from its source outward: each one's receiver is the last.
        let mut chain: Vec<&Around> = vec![];
        for around in self.methods_around.iter().rev() {
            match chain.last() {
                None => chain.push(around),
                Some(inner) if around.receiver_method.as_ref() == Some(&inner.method) => {
                    chain.push(around)
                }
                Some(_) => break,
            }
        }
        let outside = &chain[1..];
        if outside.is_empty() || outside.iter().all(|a| a.method == "clone") {
            return self.unsupported(
                span,
                "an iterator held as a value (`let mut it = x.iter();` advanced by `next()`, cloned, or passed on)",
                "walk it where it is made: `for &v in x.iter()`, a chain ending in `sum`, `fold` or `collect`, or a loop over indices `for i in 0..x.len()`",
            );
        }
        // A step or `enumerate` after a `filter`: a filtered walk has no index to map back.
        let filter = outside.iter().position(|a| a.method == "filter");
        let after = filter.and_then(|f| {
            outside[f..].iter().find(|a| {
                matches!(
                    a.method.to_string().as_str(),
                    "enumerate" | "rev" | "skip" | "take" | "step_by"
                )
            })
        });
        if let Some(step) = after {
            let name = step.method.to_string();
            return self.unsupported(
                step.method.span(),
                &format!("`{name}` after `filter` in an iterator chain"),
                &format!("put `{name}` before the `filter` (`x.iter().enumerate().filter(|(_, v)| …)`), or write the loop out"),
            );
        }
        let culprit = outside.iter().find(|a| {
            let name = a.method.to_string();
            !TAKEN.contains(&name.as_str()) || matches!(name.as_str(), "max_by" | "min_by")
        });
        let Some(culprit) = culprit else {
            // (Every method taken: a `cycle` whose walk has no end, or of a mapped walk.)
            if let Some(cycle) = outside.iter().find(|a| a.method == "cycle") {
                return self.unsupported(
                    cycle.method.span(),
                    "`cycle` here",
                    "a cycled walk is zipped with a finite one (`c.iter().zip(x.iter().skip(w).cycle())`) or cut by `take` (`x.iter().cycle().take(n)`), and cycles a sequence or its part after `skip` (a `skip` after `cycle` starts the cycle there), not a `map`, `rev`, `filter` or `enumerate` of it; a zip's sides are plain walks (`rev`, `enumerate` and `map` go after the `zip`); write this one as a loop over indices (`x[(w + i) % x.len()]`)",
                );
            }
            let outermost = chain.last().map_or(0, |a| a.serial);
            self.whole_chain_refusals
                .push((self.errors.len(), outermost));
            return self.unsupported(
                span,
                "this iterator chain",
                "use `x.iter()` or a range `(a..b)` with `copied`, `cloned`, `zip`, `enumerate`, `rev`, `skip`, `take`, `step_by`, `cycle`, then `map` and `filter`, ending in `sum`, `product`, `fold`, `reduce`, `max_by`/`min_by`, `collect` or `for_each`, or a `for` loop",
            );
        };
        let (name, at) = (culprit.method.to_string(), culprit.method.span());
        match name.as_str() {
            "max_by" | "min_by" => self.unsupported(
                at,
                &format!("this `{name}` comparator"),
                "compare the items themselves, `|a, b| a.partial_cmp(b).unwrap()` or `a.total_cmp(b)`; for another key, loop over the items keeping the best index",
            ),
            _ => self.unsupported(
                at,
                &format!("`{name}` in an iterator chain"),
                "chains take `copied`, `cloned`, `zip`, `enumerate`, `rev`, `skip`, `take`, `step_by`, `cycle` (zipped with a finite walk, or cut by `take`), `map` and `filter`, ending in `sum`, `product`, `fold`, `reduce`, `max_by`/`min_by`, `collect` or `for_each`; write this one as a `for` loop",
            ),
        }
    }

    /// Removes the whole-chain refusals of chains whose outermost call is still being
    /// lowered: the refusal about to be made is inside one of them.
    fn drop_enclosing_refusals(&mut self) {
        let around: HashSet<usize> = self.methods_around.iter().map(|a| a.serial).collect();
        let (inside, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut self.whole_chain_refusals)
            .into_iter()
            .partition(|(_, outermost)| around.contains(outermost));
        self.whole_chain_refusals = rest;
        let mut gone: Vec<usize> = inside.into_iter().map(|(at, _)| at).collect();
        gone.sort_unstable();
        for at in gone.into_iter().rev() {
            self.errors.remove(at);
            // (Later records point one place earlier now.)
            for (later, _) in &mut self.whole_chain_refusals {
                if *later > at {
                    *later -= 1;
                }
            }
        }
    }
}
