//! Reads of sequences that become plain IR: a float sub-slice copied element by element,
//! `first`/`last`/`is_empty` through indexing and the length, `any`/`all` and
//! `count`/`position` as the loops they run, and `(lo..hi).contains(&x)` as comparisons.

use super::*;

impl Lowerer {
    /// `x[a..b]` of a float sequence `x` (passed on as `&x[a..b]`) as a block that copies
    /// the part into a new `Vec`, element by element: the copy's cotangent flows back into
    /// those elements of `x̄` through the pushes, as any other.
    pub(super) fn float_sub_slice(&mut self, e: &syn::Expr) -> Option<syn::Expr> {
        let (base, from, to) = super::views::sub_slice(e)?;
        // A sequence variable, or a struct's field read as one (`&p.w[..2]`).
        let v = match base {
            syn::Expr::Path(p) => self.lookup(&p.path.get_ident()?.to_string())?,
            syn::Expr::Field(_) => self.field_read(base)?,
            _ => return None,
        };
        if self.vars[v].kind != Kind::FloatSeq {
            return None;
        }
        let (start, end) = (self.synthetic_ident("from"), self.synthetic_ident("to"));
        let (part, k) = (self.synthetic_ident("part"), self.synthetic_ident("k"));
        let from: syn::Expr = from.cloned().unwrap_or_else(|| syn::parse_quote!(0));
        let to: syn::Expr = to.unwrap_or_else(|| syn::parse_quote!(#base.len()));
        Some(syn::parse_quote!({
            let #start: usize = #from;
            let #end: usize = #to;
            let mut #part = ::std::vec::Vec::with_capacity(#end - #start);
            for #k in #start..#end {
                #part.push(#base[#k]);
            }
            #part
        }))
    }

    /// A sequence's ends and emptiness, read through indexing and its length:
    /// `x.first().unwrap()` (also `expect`, after `copied()` or `cloned()`) is `x[0]`,
    /// `x.last().unwrap()` is `x[x.len() - 1]` (both panic where those do), and
    /// `x.is_empty()` is `x.len() == 0`, `x.get(i).unwrap()` is `x[i]`. Only for a float
    /// sequence named by a variable.
    pub(super) fn sequence_end(&self, m: &syn::ExprMethodCall) -> Option<syn::Expr> {
        let named_seq = |e: &syn::Expr| -> Option<syn::Expr> {
            let syn::Expr::Path(p) = e else { return None };
            let v = self.lookup(&p.path.get_ident()?.to_string())?;
            (self.vars[v].kind == Kind::FloatSeq).then(|| e.clone())
        };
        let name = m.method.to_string();
        if name == "is_empty" && m.args.is_empty() {
            let x = named_seq(&m.receiver)?;
            return Some(syn::parse_quote!((#x.len() == 0)));
        }
        if !matches!(name.as_str(), "unwrap" | "expect" | "unwrap_or") {
            return None;
        }
        let mut end = &*m.receiver;
        if let syn::Expr::MethodCall(c) = end {
            if matches!(c.method.to_string().as_str(), "copied" | "cloned") && c.args.is_empty() {
                end = &c.receiver;
            }
        }
        let syn::Expr::MethodCall(e) = end else {
            return None;
        };
        let x = named_seq(&e.receiver)?;
        let element: syn::Expr = match (e.method.to_string().as_str(), e.args.first()) {
            ("first", None) => syn::parse_quote!(#x[0]),
            ("last", None) => syn::parse_quote!(#x[#x.len() - 1]),
            // `x.get(i).unwrap()`; `x.get(i).copied().unwrap_or(d)` is `d` past the end.
            ("get", Some(i)) if e.args.len() == 1 && !matches!(i, syn::Expr::Range(_)) => {
                if name == "unwrap_or" {
                    let d = m.args.first()?;
                    return Some(syn::parse_quote!((if (#i) < #x.len() { #x[#i] } else { #d })));
                }
                syn::parse_quote!(#x[#i])
            }
            _ => return None,
        };
        match (name.as_str(), m.args.first()) {
            // `x.first().copied().unwrap_or(d)`: `d` for an empty sequence.
            ("unwrap_or", Some(d)) => {
                Some(syn::parse_quote!((if #x.len() == 0 { #d } else { #element })))
            }
            ("unwrap_or", None) => None,
            _ => Some(element),
        }
    }

    /// `x.iter().any(|v| …)` and `all` as the loop they run: a flag set, and the loop left,
    /// at the first element that decides (`for v in x.iter() { if … { found = true; break;
    /// } }`). The answer is a `bool`, which carries no derivative.
    pub(super) fn any_or_all(&mut self, m: &syn::ExprMethodCall) -> Option<syn::Expr> {
        let any = m.method == "any";
        if !(any || m.method == "all") || m.args.len() != 1 {
            return None;
        }
        let syn::Expr::Closure(c) = &m.args[0] else {
            return None;
        };
        let [param] = c.inputs.iter().collect::<Vec<_>>()[..] else {
            return None;
        };
        let param = match param {
            syn::Pat::Type(t) => &*t.pat,
            other => other,
        };
        let (receiver, body) = (&m.receiver, &c.body);
        let flag = self.synthetic_ident(if any { "found" } else { "holds" });
        Some(if any {
            syn::parse_quote!({
                let mut #flag = false;
                for #param in #receiver {
                    if #body {
                        #flag = true;
                        break;
                    }
                }
                #flag
            })
        } else {
            syn::parse_quote!({
                let mut #flag = true;
                for #param in #receiver {
                    if !(#body) {
                        #flag = false;
                        break;
                    }
                }
                #flag
            })
        })
    }

    /// `….filter(|v| …).count()` and `….position(|v| …)` unwrapped, as the loops they run:
    /// a counter, or the first index whose element passes. Both answers are integers, which
    /// carry no derivative.
    pub(super) fn count_or_position(&mut self, m: &syn::ExprMethodCall) -> Option<syn::Expr> {
        let predicate = |e: &syn::Expr, name: &str| -> Option<(syn::Expr, syn::Pat, syn::Expr)> {
            let syn::Expr::MethodCall(c) = e else {
                return None;
            };
            let (true, [syn::Expr::Closure(f)]) =
                (c.method == name, &c.args.iter().collect::<Vec<_>>()[..])
            else {
                return None;
            };
            let [param] = &f.inputs.iter().collect::<Vec<_>>()[..] else {
                return None;
            };
            let param = match param {
                syn::Pat::Type(t) => (*t.pat).clone(),
                other => (*other).clone(),
            };
            Some(((*c.receiver).clone(), param, (*f.body).clone()))
        };
        let name = m.method.to_string();
        if name == "count" && m.args.is_empty() {
            let (source, param, body) = predicate(&m.receiver, "filter")?;
            let n = self.synthetic_ident("count");
            return Some(syn::parse_quote!({
                let mut #n: usize = 0;
                for #param in #source {
                    if #body {
                        #n += 1;
                    }
                }
                #n
            }));
        }
        let (source, param, body) = predicate(&m.receiver, "position")?;
        let (k, i, found) = (
            self.synthetic_ident("position"),
            self.synthetic_ident("index"),
            self.synthetic_ident("found"),
        );
        match (name.as_str(), m.args.first()) {
            ("unwrap_or", Some(d)) => Some(syn::parse_quote!({
                let mut #k: usize = #d;
                for (#i, #param) in (#source).enumerate() {
                    if #body {
                        #k = #i;
                        break;
                    }
                }
                #k
            })),
            ("unwrap" | "expect", _) => Some(syn::parse_quote!({
                let mut #k: usize = 0;
                let mut #found = false;
                for (#i, #param) in (#source).enumerate() {
                    if #body {
                        #k = #i;
                        #found = true;
                        break;
                    }
                }
                if !#found {
                    panic!("`position` found no element where the predicate holds");
                }
                #k
            })),
            _ => None,
        }
    }
}

/// `(lo..=hi).contains(&x)` as the comparisons it makes (`lo <= x && x <= hi`; `x < hi`
/// for `lo..hi`, one side for `lo..` and `..hi`): a `bool`, which carries no derivative.
pub(super) fn range_contains(m: &syn::ExprMethodCall) -> Option<syn::Expr> {
    if m.method != "contains" || m.args.len() != 1 {
        return None;
    }
    let mut recv = &*m.receiver;
    while let syn::Expr::Paren(p) = recv {
        recv = &p.expr;
    }
    let syn::Expr::Range(r) = recv else {
        return None;
    };
    let x = match &m.args[0] {
        syn::Expr::Reference(x) => &*x.expr,
        other => other,
    };
    let low = r.start.as_ref().map(|lo| quote::quote!((#lo) <= (#x)));
    let high = r.end.as_ref().map(|hi| match r.limits {
        syn::RangeLimits::Closed(_) => quote::quote!((#x) <= (#hi)),
        syn::RangeLimits::HalfOpen(_) => quote::quote!((#x) < (#hi)),
    });
    Some(match (low, high) {
        (Some(l), Some(h)) => syn::parse_quote!((#l && #h)),
        (Some(l), None) => syn::parse_quote!((#l)),
        (None, Some(h)) => syn::parse_quote!((#h)),
        (None, None) => syn::parse_quote!(true),
    })
}
