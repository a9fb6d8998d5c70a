//! `f_saved(<params>) -> SavedReport`, on request (`#[differentiate(report)]`): what
//! `f_pullback` keeps for these inputs. Its body is `f_pullback`'s own, written by the same
//! emitter code, up to the pullback closure; in place of the closure it measures each
//! value the closure captures (`autodiff::saved`). Which values those are is read off the
//! closure `f_pullback` builds (the names it uses from the forward sweep, as rustc's
//! capture does), and what each one is, from the plan: the tapes the loops push to, the
//! locals keeping overwritten values, checkpoint snapshots, split calls' pullbacks; the
//! rematerialised values and the recordings of checkpointed segments are listed as
//! recomputed. Nothing here decides what is saved.

use super::pullback::pullback_with;
use crate::analysis::{Activity, Needed};
use crate::emit::names::Derived;
use crate::emit::signature::{allows, lifted_params, Body};
use crate::emit::{Emitter, Mode};
use crate::ir::*;
use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use std::collections::HashSet;

/// `f_saved`, or nothing where `f_pullback`'s body is not of the plain shape (then the
/// driver has already refused `report`).
pub(super) fn saved(
    item: &syn::ItemFn,
    func: &Func,
    act: &Activity,
    needed: &Needed,
) -> TokenStream {
    let mut e = Emitter::new(func, act, needed, Mode::Plain);
    e.recording_marks = true;
    let ctx = e.cx();
    let mut body = None;
    let _ = pullback_with(
        item,
        &ctx,
        Derived::Pullback,
        Body::Own(&mut |sig| {
            let b = e.pullback_body(sig);
            body = Some(b.clone());
            b
        }),
    );
    let body = body.unwrap_or_default();
    let f = &item.sig.ident;
    let stem = f.to_string();
    let name = crate::ir::ident(
        &format!("{}_saved", stem.trim_start_matches("r#")),
        f.span(),
    );
    let generics = measurable(item, func);
    let (vis, where_clause) = (&item.vis, &generics.where_clause);
    let params = lifted_params(item, &ctx, Derived::Pullback);
    let Ok(block) = syn::parse2::<syn::Block>(quote!({ #body })) else {
        return quote!();
    };
    let n = block.stmts.len();
    // `… let pullback = move |…| { … }; (value, pullback)`
    let closure_stmt = block.stmts.get(n.wrapping_sub(2));
    let closure = match closure_stmt {
        Some(syn::Stmt::Local(syn::Local {
            init: Some(init), ..
        })) => match &*init.expr {
            syn::Expr::Closure(c) => c.clone(),
            _ => return quote!(),
        },
        _ => return quote!(),
    };
    // A tape the forward sweep never pushes to (one a checkpointed segment records again
    // in the reverse sweep) is empty here, and only the closure would give its type: it is
    // left out and listed with 0 bytes.
    let mut unrecorded: Vec<syn::Ident> = vec![];
    let all = &block.stmts[..n - 2];
    // Where the reverse sweep records segments again, `f_saved` runs it (see
    // `recordings`), and the closure gives those tapes their type.
    let runs_reverse = closure_stmt.is_some_and(|c| {
        crate::tokens::mentions_ident(
            quote!(#c),
            &quote::format_ident!("__autodiff_segment_recorded"),
        )
    }) && !func.method
        && crate::types::same(&func.ret_ty, &func.tangent_ty);
    let mut forward: Vec<&syn::Stmt> = vec![];
    for (k, s) in all.iter().enumerate() {
        if let syn::Stmt::Local(l) = s {
            let mut names = vec![];
            pattern_idents(&l.pat, &mut names);
            if let [name] = &names[..] {
                let used = all[k + 1..]
                    .iter()
                    .any(|t| variable_idents(quote!(#t)).iter().any(|i| i == name));
                if name.to_string().ends_with("_tape") && !used {
                    unrecorded.push(name.clone());
                    if !runs_reverse {
                        continue;
                    }
                }
            }
        }
        forward.push(s);
    }
    let mut outer: Vec<syn::Ident> = vec![];
    for p in func
        .params
        .iter()
        .filter(|p| !crate::emit::signature::is_reference(&p.ty))
    {
        outer.push(ctx.name(p.var).clone());
    }
    for s in all {
        if let syn::Stmt::Local(l) = s {
            pattern_idents(&l.pat, &mut outer);
        }
    }
    let mut closure_params = vec![];
    for p in &closure.inputs {
        pattern_idents(p, &mut closure_params);
    }
    let captured = captures(&closure.body, &outer, &closure_params);
    let mut forward = syn::Block {
        brace_token: Default::default(),
        stmts: forward.into_iter().cloned().collect(),
    };
    let mut asking = AskCallees::default();
    syn::visit_mut::VisitMut::visit_block_mut(&mut asking, &mut forward);
    let forward = forward.stmts;
    let held_by: Vec<syn::Ident> = asking.sites.iter().map(|s| held_by(s)).collect();
    let entries: Vec<TokenStream> = captured
        .iter()
        .map(|c| describe(&e, item, c, !unrecorded.contains(c), &asking.sites))
        .collect();
    let remat = (0..func.vars.len()).filter(|&v| needed.remat.contains(v)).map(|v| {
        let (var, line) = (func.vars[v].name.to_string(), declared_line(func, v, item));
        let what = format!("`{var}`");
        quote! {
            __report.add(#what.to_string(), ::std::format!("recomputed in the reverse sweep"), #line, ::core::default::Default::default(), true);
        }
    });
    let recordings = match (runs_reverse, closure_stmt, block.stmts.last()) {
        (true, Some(closure_stmt), Some(syn::Stmt::Expr(syn::Expr::Tuple(t), _))) => {
            recordings(&e, func, &closure, closure_stmt, &t.elems[0], &captured)
        }
        _ => quote!(),
    };
    let function = f.to_string();
    let doc = format!(" What [`{f}_pullback`] keeps for these inputs: each value its pullback holds, its size, and the total (`#[differentiate(report)]`).");
    let allows = allows();
    let imports = crate::emit::body_imports();
    let for_callers = for_callers(item, func, &name);
    quote! {
        #for_callers
        #[doc = #doc]
        #allows
        #vis fn #name #generics (#(#params),*) -> ::autodiff::SavedReport #where_clause {
            #imports
            use ::autodiff::saved::{MeasureHeld as _, MeasureLeafTape as _, MeasureLeaves as _, MeasureOpaque as _, MeasureTape as _, Probe, Unreported as _};
            #(let mut #held_by = ::autodiff::saved::Callees::default();)*
            #(#forward)*
            let mut __report = ::autodiff::SavedReport::new(#function);
            #(#entries)*
            #(#remat)*
            #recordings
            __report
        }
    }
}

/// The most the tapes hold in the reverse sweep, where it records checkpointed segments
/// again: `f_saved` builds the pullback and runs it on a zero seed, and at each mark the
/// emitter left where a segment's recording is complete (`recording_marks`) measures the
/// tapes and the sweep's own snapshot holders (the mark's arguments); the report adds the
/// largest over what the tapes held after the forward sweep (`SavedReport::recorded`).
fn recordings(
    e: &Emitter,
    func: &Func,
    closure: &syn::ExprClosure,
    closure_stmt: &syn::Stmt,
    value: &syn::Expr,
    captured: &[syn::Ident],
) -> TokenStream {
    let is_tape = |c: &&syn::Ident| {
        e.tapes.values().any(|(t, _)| t == *c)
            || e.stmt_names
                .iter()
                .any(|((_, k), n)| k == "ckpt_tape" && n == *c)
    };
    // (Not the tapes of callees' pullbacks: closures, measured from outside, whose type a
    // measure before the closure is built could not know.)
    let of_pullbacks = |c: &&syn::Ident| {
        let s = c.to_string();
        let stem = s.strip_suffix("_tape").unwrap_or(&s);
        (0..func.vars.len()).any(|v| {
            (func.vars[v].name == stem || func.vars[v].stem == stem)
                && pullback_of(func, v).is_some()
        })
    };
    let tapes: Vec<&syn::Ident> = captured
        .iter()
        .filter(is_tape)
        .filter(|c| !of_pullbacks(c))
        .collect();
    // The closure takes the reference parameters again, then the seed.
    let params: Vec<String> = func
        .params
        .iter()
        .map(|p| e.name(p.var).to_string())
        .collect();
    let mut seeds = 0;
    let args: Vec<TokenStream> = closure
        .inputs
        .iter()
        .map(|input| {
            let mut names = vec![];
            pattern_idents(input, &mut names);
            match names.first() {
                Some(n) if params.contains(&n.to_string()) => quote!(#n),
                _ => {
                    seeds += 1;
                    quote!(::autodiff::__private::Differentiable::zero_like(&#value))
                }
            }
        })
        .collect();
    if seeds != 1 {
        return quote!();
    }
    let pullback = match closure_stmt {
        syn::Stmt::Local(l) => pattern_of(&l.pat),
        _ => None,
    };
    let Some(pullback) = pullback else {
        return quote!();
    };
    quote! {
        let __tapes_then: usize = 0 #(+ (&&&&&Probe(&#tapes)).measure().heap)*;
        let __recorded = ::core::cell::Cell::new(0usize);
        {
            let __recorded = &__recorded;
            macro_rules! __autodiff_segment_recorded {
                ($($holder:ident),*) => {
                    __recorded.set(::core::cmp::max(
                        __recorded.get(),
                        0 #(+ (&&&&&Probe(&#tapes)).measure().heap)* $(+ (&&&&&Probe(&$holder)).measure().heap)*,
                    ));
                };
            }
            #closure_stmt
            // (Called here, a closure that only mutates what it captures is an `FnMut`.)
            let mut #pullback = #pullback;
            let _ = #pullback(#(#args),*);
        }
        __report.recorded(__tapes_then, __recorded.get());
    }
}

/// The name a `let` binds, where it binds one.
fn pattern_of(p: &syn::Pat) -> Option<syn::Ident> {
    let mut names = vec![];
    pattern_idents(p, &mut names);
    match &names[..] {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// `f::saved_all(&(args…))`, `f_saved`'s report for callers' `f_saved` (see
/// `autodiff::saved::Callees`), beside `f::pullback_all`: for a free function whose callers
/// call that (no output buffer, no `impl Trait` parameter, which a tuple cannot hold).
fn for_callers(item: &syn::ItemFn, func: &Func, saved: &syn::Ident) -> TokenStream {
    let impl_trait = |t: &syn::Type| quote!(#t).to_string().contains("impl ");
    let typed: Option<Vec<&syn::Type>> = item
        .sig
        .inputs
        .iter()
        .map(|a| match a {
            syn::FnArg::Typed(pt) if !impl_trait(&pt.ty) => Some(&*pt.ty),
            _ => None,
        })
        .collect();
    let Some(tys) = typed else {
        return quote!();
    };
    if func.in_impl || !func.outputs.is_empty() {
        return quote!();
    }
    let f = &item.sig.ident;
    let vis = &item.vis;
    let generics = measurable(item, func);
    let where_clause = &generics.where_clause;
    let fields = (0..tys.len()).map(syn::Index::from);
    let doc = format!(" [`{saved}`] for callers' `_saved`: what the pullback of this call holds.");
    let entry = quote! {
        #[doc = #doc]
        #[doc(hidden)]
        #vis fn saved_all #generics (args: &(#(#tys,)*)) -> ::core::option::Option<::autodiff::SavedReport> #where_clause {
            ::core::option::Option::Some(#saved(#(::core::clone::Clone::clone(&args.#fields)),*))
        }
    };
    quote! {
        #[allow(dead_code, clippy::clone_on_copy)]
        impl #f {
            #entry
        }
    }
}

/// `f`'s generics, and, where `f` is generic over its float type `T`, `T: Held` among its
/// bounds (the saved values of type `T`, `Vec<T>`, … are then measured as such, not by
/// their own size) and `T: Differentiable`.
fn measurable(item: &syn::ItemFn, func: &Func) -> syn::Generics {
    let mut generics = item.sig.generics.clone();
    let float = &func.float;
    for p in generics.type_params_mut() {
        if matches!(float, syn::Type::Path(t) if t.path.is_ident(&p.ident)) {
            p.bounds.push(syn::parse_quote!(::autodiff::saved::Held));
            // (The reverse sweep `f_saved` runs starts from `zero_like` of the value.)
            p.bounds
                .push(syn::parse_quote!(::autodiff::__private::Differentiable));
        }
    }
    generics
}

/// Beside each split call of a callee's entry point in the forward sweep
/// (`let (call, call_pb) = g::pullback_all(a, b);`), asks the callee for its report on the
/// same arguments and adds it up per call site (`__held_by_call_pb.add(g::saved_all(&(a,
/// b)))`). The arguments are evaluated twice: they are the places and clones the emitter
/// passes, and a report is not a hot path.
#[derive(Default)]
struct AskCallees {
    /// The pullbacks' names, one per call site.
    sites: Vec<String>,
}

impl syn::visit_mut::VisitMut for AskCallees {
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        let mut stmts = vec![];
        for mut s in std::mem::take(&mut b.stmts) {
            self.visit_stmt_mut(&mut s);
            if let Some(ask) = self.ask(&s) {
                stmts.push(ask);
            }
            stmts.push(s);
        }
        b.stmts = stmts;
    }
}

impl AskCallees {
    /// The statement asking `s`'s callee, where `s` is a split call of a path's
    /// `pullback_all`.
    fn ask(&mut self, s: &syn::Stmt) -> Option<syn::Stmt> {
        let syn::Stmt::Local(l) = s else { return None };
        let syn::Pat::Tuple(t) = &l.pat else {
            return None;
        };
        let pullback = match t.elems.iter().nth(1) {
            Some(syn::Pat::Ident(i)) => i.ident.to_string(),
            _ => return None,
        };
        let syn::Expr::Call(call) = &*l.init.as_ref()?.expr else {
            return None;
        };
        let syn::Expr::Path(p) = &*call.func else {
            return None;
        };
        let segments = &p.path.segments;
        if segments.len() < 2 || segments.last()?.ident != "pullback_all" {
            return None;
        }
        let mut callee = p.path.clone();
        let entry = callee.segments.last_mut()?;
        entry.ident = syn::Ident::new("saved_all", entry.ident.span());
        let args = call.args.iter();
        let held = held_by(&pullback);
        self.sites.push(pullback);
        Some(syn::parse_quote!(#held.add(#callee(&(#(#args,)*)));))
    }
}

/// The sum of what a call site's pullbacks hold (`Callees`).
fn held_by(pullback: &str) -> syn::Ident {
    quote::format_ident!("__held_by_{}", pullback)
}

/// The names a pattern binds.
fn pattern_idents(p: &syn::Pat, out: &mut Vec<syn::Ident>) {
    match p {
        syn::Pat::Ident(i) => out.push(i.ident.clone()),
        syn::Pat::Tuple(t) => t.elems.iter().for_each(|p| pattern_idents(p, out)),
        syn::Pat::Type(t) => pattern_idents(&t.pat, out),
        syn::Pat::Reference(r) => pattern_idents(&r.pat, out),
        syn::Pat::TupleStruct(t) => t.elems.iter().for_each(|p| pattern_idents(p, out)),
        _ => {}
    }
}

/// The names of `outer` the closure's body uses before it declares them itself: what a
/// `move` closure captures. Names after `.` or `::`, or before `::`, are fields, methods
/// and paths, not variables.
fn captures(body: &syn::Expr, outer: &[syn::Ident], params: &[syn::Ident]) -> Vec<syn::Ident> {
    let mut declared: HashSet<String> = params.iter().map(|p| p.to_string()).collect();
    let mut found: Vec<syn::Ident> = vec![];
    let mut note = |tokens: TokenStream, declared: &HashSet<String>| {
        for i in variable_idents(tokens) {
            let s = i.to_string();
            if declared.contains(&s) || found.iter().any(|f| *f == s) {
                continue;
            }
            if let Some(o) = outer.iter().rev().find(|o| **o == s) {
                found.push(o.clone());
            }
        }
    };
    let stmts = match body {
        syn::Expr::Block(b) => b.block.stmts.clone(),
        other => vec![syn::Stmt::Expr(other.clone(), None)],
    };
    for s in stmts {
        match &s {
            syn::Stmt::Local(l) => {
                if let Some(init) = &l.init {
                    let expr = &init.expr;
                    note(quote!(#expr), &declared);
                }
                let mut names = vec![];
                pattern_idents(&l.pat, &mut names);
                declared.extend(names.iter().map(|n| n.to_string()));
            }
            other => note(quote!(#other), &declared),
        }
    }
    // In the order the forward sweep declared them.
    let mut ordered: Vec<syn::Ident> = vec![];
    for o in outer {
        if found.iter().any(|f| f == o) && !ordered.iter().any(|d| d == o) {
            ordered.push(o.clone());
        }
    }
    ordered
}

/// The identifiers of `tokens` that may name variables.
fn variable_idents(tokens: TokenStream) -> Vec<syn::Ident> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = vec![];
    let punct =
        |t: Option<&TokenTree>, c: char| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c);
    for (k, t) in trees.iter().enumerate() {
        match t {
            TokenTree::Group(g) => out.extend(variable_idents(g.stream())),
            TokenTree::Ident(i) => {
                let prev = k.checked_sub(1).and_then(|k| trees.get(k));
                let after_dot = punct(prev, '.');
                let after_path = punct(prev, ':');
                let before_path = punct(trees.get(k + 1), ':') && punct(trees.get(k + 2), ':');
                let macro_name = punct(trees.get(k + 1), '!');
                if !(after_dot || after_path || before_path || macro_name) {
                    out.push(i.clone());
                }
            }
            _ => {}
        }
    }
    out
}

/// `__report.add(…)` for a captured value: what it is, where it is saved, its size.
fn describe(
    e: &Emitter,
    item: &syn::ItemFn,
    c: &syn::Ident,
    recorded: bool,
    sites: &[String],
) -> TokenStream {
    let func = e.func;
    let s = c.to_string();
    let fn_line = line_of(item.sig.ident.span());
    let var_named = |n: &str| (0..func.vars.len()).find(|&v| func.vars[v].name == n);
    let stem_named = |n: &str| (0..func.vars.len()).find(|&v| func.vars[v].stem == n);
    let mut recomputed = false;
    let (what, site, line) = if let Some(v) = var_named(&s) {
        match pullback_of(func, v) {
            Some((callee, span)) => (
                format!("pullback of `{}`", path_text(&callee)),
                "the call".to_string(),
                line_of(span),
            ),
            None => (
                format!("`{s}`"),
                "the statement".to_string(),
                declared_line(func, v, item),
            ),
        }
    } else if let Some((stem, elems)) = s
        .strip_suffix("_elem_tape")
        .map(|t| (t, true))
        .or_else(|| s.strip_suffix("_tape").map(|t| (t, false)))
        .filter(|(t, _)| stem_named(t).is_some())
    {
        let v = stem_named(stem).unwrap_or_default();
        let var = func.vars[v].name.to_string();
        let what = match (pullback_of(func, v), elems) {
            (Some((callee, _)), _) => format!("tape of `{}`'s pullbacks", path_text(&callee)),
            (None, true) => format!("tape of `{var}`'s elements"),
            (None, false) => format!("tape of `{var}`"),
        };
        match loop_writing(&func.body, v) {
            Some(l) => {
                recomputed = in_checkpoint_only(&func.body, v);
                (what, "the loop".to_string(), line_of(l.span))
            }
            None => (what, "the forward sweep".to_string(), fn_line.clone()),
        }
    } else if let Some(((id, _), _)) = e
        .stmt_names
        .iter()
        .find(|(k, n)| k.1 == "ckpt_tape" && **n == s)
    {
        let line = find_stmt(&func.body, *id).map_or(fn_line.clone(), |l| line_of(l.span));
        (
            "checkpoint snapshots".to_string(),
            "the checkpointed code".to_string(),
            line,
        )
    } else if let Some((id, _)) = e.locals.iter().find(|(_, n)| **n == s) {
        let stmt = find_stmt(&func.body, *id);
        let var = stmt.map(|t| match &t.kind {
            StmtKind::Assign { place, .. } => func.vars[place.var()].name.to_string(),
            _ => s.clone(),
        });
        let line = stmt.map_or(fn_line.clone(), |t| line_of(t.span));
        (
            format!("`{}` before it is overwritten", var.unwrap_or(s.clone())),
            "the assignment".to_string(),
            line,
        )
    } else {
        (format!("`{s}`"), "the forward sweep".to_string(), fn_line)
    };
    // A callee's pullbacks, with what their callees' reports say they hold.
    let call_site = [s.as_str(), s.strip_suffix("_tape").unwrap_or_default()]
        .into_iter()
        .find(|name| sites.iter().any(|site| site == name));
    // A tape the forward sweep leaves empty is recorded in the reverse sweep.
    let recomputed = recomputed || !recorded;
    let size = match (recorded, call_site) {
        (true, Some(call_site)) => {
            let held = held_by(call_site);
            quote!((&&&&&Probe(&#c)).measure().holding(&#held))
        }
        (true, None) => quote!((&&&&&Probe(&#c)).measure()),
        (false, _) => quote!(::core::default::Default::default()),
    };
    quote! {
        __report.add(
            #what.to_string(),
            ::std::format!("{} at line {}", #site, #line),
            #line,
            #size,
            #recomputed,
        );
    }
}

/// `line!()` spanned on `span`: the user's line where the span is the user's.
fn line_of(span: Span) -> TokenStream {
    quote_spanned!(span=> ::core::line!())
}

fn path_text(p: &syn::Path) -> String {
    quote!(#p).to_string().replace(' ', "")
}

/// The callee and span of the split call whose pullback `v` is.
fn pullback_of(func: &Func, v: VarId) -> Option<(syn::Path, Span)> {
    let mut found = None;
    func.body.for_each_stmt(&mut |s| {
        if let StmtKind::Call {
            pullback, callee, ..
        } = &s.kind
        {
            if *pullback == v && found.is_none() {
                found = Some((callee.clone(), s.span));
            }
        }
    });
    found
}

/// The line of the statement declaring `v` (the function's, for a parameter).
fn declared_line(func: &Func, v: VarId, item: &syn::ItemFn) -> TokenStream {
    let mut span = None;
    func.body.for_each_stmt(&mut |s| {
        let declares = match &s.kind {
            StmtKind::Let { var, .. } => *var == v,
            StmtKind::Call { out, pullback, .. } => *out == v || *pullback == v,
            _ => false,
        };
        if declares && span.is_none() {
            span = Some(s.span);
        }
    });
    line_of(span.unwrap_or(item.sig.ident.span()))
}

/// The outermost loop whose body writes `v`.
fn loop_writing(b: &Block, v: VarId) -> Option<&Stmt> {
    b.stmts.iter().find_map(|s| {
        let is_loop = matches!(s.kind, StmtKind::For { .. } | StmtKind::While { .. });
        let writes = s.blocks().iter().any(|b| b.any(&|t| sets(t, v)));
        match (is_loop, writes) {
            (true, true) => Some(s),
            (false, true) => s.blocks().into_iter().find_map(|b| loop_writing(b, v)),
            _ => None,
        }
    })
}

/// Whether every write of `v` is inside a checkpointed loop or block (whose recording the
/// reverse sweep makes again).
fn in_checkpoint_only(b: &Block, v: VarId) -> bool {
    let mut outside = false;
    fn go(b: &Block, v: VarId, inside: bool, outside: &mut bool) {
        for s in &b.stmts {
            let ckpt = matches!(
                &s.kind,
                StmtKind::For {
                    checkpoint: Some(_),
                    ..
                } | StmtKind::While {
                    checkpoint: Some(_),
                    ..
                }
            ) || matches!(&s.kind, StmtKind::Block { .. });
            if sets(s, v) && !inside {
                *outside = true;
            }
            for inner in s.blocks() {
                go(inner, v, inside || ckpt, outside);
            }
        }
    }
    go(b, v, false, &mut outside);
    !outside
}

/// Whether `s` itself writes or declares `v` (a call declares its pullback too).
fn sets(s: &Stmt, v: VarId) -> bool {
    s.writes(v)
        || match &s.kind {
            StmtKind::Let { var, .. } => *var == v,
            StmtKind::Call { pullback, .. } => *pullback == v,
            _ => false,
        }
}

fn find_stmt(b: &Block, id: StmtId) -> Option<&Stmt> {
    for s in &b.stmts {
        if s.id == id {
            return Some(s);
        }
        if let Some(found) = s.blocks().into_iter().find_map(|b| find_stmt(b, id)) {
            return Some(found);
        }
    }
    None
}
