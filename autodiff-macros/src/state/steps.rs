//! A `&mut self` method that steps its state through other steps: statements calling a
//! method of `self` (`self.update_increments();`) or of a field of `self`
//! (`self.filter.process(x);`), among statements of its own. Each such call is a step of
//! the state whose derivatives the callee's own derived items give (`g_jvp_step`,
//! `g_vjp_step`); the statements between the calls are *parts*, hidden `&mut self`
//! methods of the same parameters differentiated as any other; the last part that changes
//! the state (the one giving the result, for a method with one) is the *anchor*, read as
//! the method itself, around which `emit::steps` runs the other steps: forward in order
//! for the tangent, and for the cotangent backward from the state after the call, each
//! step's reverse run from a copy of the state before it. A method of steps alone has no
//! anchor: its derived items are the steps', one after the other
//! (`emit::steps::without_anchor`). Values a step gives (or that statements between steps
//! compute) reach later steps through *carried* slots.

use super::places::self_field;
use super::segments::{bound_values, Reads, Segment};
use super::step_calls::{assigns_self, bound_steps, step_stmt, stepping_call};
use super::step_checks::{check_argument_calls, check_locals, early_exit};
use quote::format_ident;
use syn::visit::Visit;
use syn::{Expr, ExprMethodCall, Ident, ItemFn, Stmt};

/// A step of the state other than the anchor.
#[derive(Clone)]
pub enum Step {
    /// A part: the hidden `&mut self` method of this name, taking the method's parameters,
    /// then the values of these carried slots; one that only computes a value read after
    /// it gives it to a carried slot.
    Part(Ident, Vec<usize>, Option<usize>),
    /// A call of a method of `self` (`field` `None`) or of `self.field`, whose value goes
    /// to a carried slot where it is bound (`let y = self.lowpass.process(x);`).
    Call {
        field: Option<Ident>,
        method: Ident,
        args: Vec<Arg>,
        binds: Option<usize>,
    },
}

/// An argument of a step call.
#[derive(Clone)]
pub enum Arg {
    /// The method's parameter at this position (after `self`).
    Param(usize),
    /// `self.f`.
    Field(Ident),
    /// A value a step before gave (a carried slot).
    Carried(usize),
    /// Anything else: a constant as written.
    Constant(Expr),
}

/// The steps around the anchor, in the order they run.
#[derive(Clone, Default)]
pub struct Around {
    pub before: Vec<Step>,
    pub after: Vec<Step>,
    /// The hidden `&mut self` method that runs the anchor's statements.
    pub anchor: Option<Ident>,
    /// The carried slots the anchor reads, as parameters after the method's own
    /// (`__passed0`, …).
    pub anchor_carried: Vec<(Ident, usize)>,
    /// The number of carried slots.
    pub carried: usize,
}

/// A method split into steps: the anchor as a method of the method's own signature (and
/// the carried values it reads), the hidden parts (each a `&mut self` method to
/// differentiate), and the steps around.
pub struct Split {
    /// The anchor as the method (its signature and the carried values), and as the hidden
    /// method that steps the state by its statements; `None` for a method of steps alone.
    pub anchor: Option<(ItemFn, ItemFn)>,
    pub parts: Vec<ItemFn>,
    pub around: Around,
}

/// `item` split into steps, where its body calls a step at its top level; `None` where it
/// does not (the method is read as one step, `super::split`).
pub fn split_steps(item: &ItemFn, float: &syn::Type) -> Option<syn::Result<Split>> {
    let hoisted = super::hoist::hoisted(item, &bound_steps(item), &|c| {
        stepping_call(&Expr::MethodCall(c.clone())).is_some()
    });
    let item = hoisted.as_ref().unwrap_or(item);
    let bound = bound_steps(item);
    let unit = matches!(item.sig.output, syn::ReturnType::Default);
    let tail = match item.block.stmts.last() {
        Some(Stmt::Expr(e, None)) if !unit => stepping_call(e).is_some_and(&bound),
        _ => false,
    };
    if !tail
        && !item
            .block
            .stmts
            .iter()
            .any(|s| step_stmt(s, &bound).is_some())
    {
        return None;
    }
    Some(split(item, float))
}

/// A method whose body is one loop over a range of steps alone (`for _ in 0..days {
/// self.grow(); }`, a simulation run for a number of steps): the steps of the loop's body,
/// its pattern and its range, where the pattern is read by no step and the range reads no
/// field of `self`; `None` for any other method (a step inside a loop among statements of
/// its own keeps the message).
pub fn looped_steps(item: &ItemFn, float: &syn::Type) -> Option<syn::Result<Looped>> {
    if !matches!(item.sig.output, syn::ReturnType::Default) {
        return None;
    }
    let [Stmt::Expr(Expr::ForLoop(f), _)] = item.block.stmts.as_slice() else {
        return None;
    };
    let mut inner = item.clone();
    *inner.block = f.body.clone();
    // (`{ self.grow() }`: the body's tail is a statement, the loop's value `()`.)
    if let Some(Stmt::Expr(_, semi @ None)) = inner.block.stmts.last_mut() {
        *semi = Some(Default::default());
    }
    let steps = match split_steps(&inner, float)? {
        Ok(steps) => steps,
        Err(e) => return Some(Err(e)),
    };
    // A body of statements of its own around steps is read as before (a read such as
    // `let y = self.eval(x);` among assignments); steps alone are this form's.
    if steps.anchor.is_some() {
        return None;
    }
    let mut range = &*f.expr;
    while let Expr::Paren(p) = range {
        range = &p.expr;
    }
    let self_ = Ident::new("self", proc_macro2::Span::call_site());
    let reads_self = crate::tokens::mentions_ident(quote::quote!(#range), &self_);
    let body = &f.body;
    let index_read = match &*f.pat {
        syn::Pat::Ident(p) => crate::tokens::mentions_ident(quote::quote!(#body), &p.ident),
        syn::Pat::Wild(_) => false,
        _ => true,
    };
    let computed = !steps.parts.is_empty() || steps.around.carried > 0;
    if !matches!(range, Expr::Range(_)) || reads_self || index_read || computed || f.label.is_some()
    {
        let why = if reads_self {
            "its range reads a field of `self`, which the steps may change: take the count as a parameter (`days: usize`)"
        } else if index_read {
            "a step reads the loop's variable: the steps of each turn must be the same calls (pass what changes as a parameter computed outside, or write the turn's arithmetic in a step of its own)"
        } else if computed {
            "the steps take values computed in the loop (an argument that is not a parameter, a field or a constant, or one step's value given to another): compute them in a step of their own"
        } else {
            "it does not run over an integer range (`for _ in 0..n`, `0..=n`) without a label"
        };
        return Some(Err(syn::Error::new_spanned(
            f.for_token,
            format!("a loop of steps of the state (calls of methods of `self`) is differentiated where its body is those steps alone over an integer range, but {why}"),
        )));
    }
    Some(Ok(Looped {
        around: steps.around,
        pat: (*f.pat).clone(),
        range: range.clone(),
    }))
}

/// A method of one loop of steps (`looped_steps`).
pub struct Looped {
    /// The steps of one turn of the loop, in order.
    pub around: Around,
    pub pat: syn::Pat,
    pub range: Expr,
}

fn split(item: &ItemFn, float: &syn::Type) -> syn::Result<Split> {
    let params = parameters(item, float)?;
    let unit = matches!(item.sig.output, syn::ReturnType::Default);
    let bound = bound_steps(item);
    let mut segments: Vec<Segment> = vec![];
    let count = item.block.stmts.len();
    for (i, stmt) in item.block.stmts.iter().enumerate() {
        // The result given by a step (`self.lowpass.process(y)` last): bound, then read.
        if let (Stmt::Expr(e, None), true, false) = (stmt, i + 1 == count, unit) {
            if let Some(call) = stepping_call(e).filter(|c| bound(c)) {
                let result = format_ident!("__step_result");
                segments.push(Segment::Call(call, Some(result.clone())));
                segments.push(Segment::Stmts(vec![Stmt::Expr(
                    syn::parse_quote!(#result),
                    None,
                )]));
                continue;
            }
        }
        match (step_stmt(stmt, &bound), segments.last_mut()) {
            (Some((call, binds)), _) => segments.push(Segment::Call(call, binds)),
            (None, Some(Segment::Stmts(stmts))) => stmts.push(stmt.clone()),
            (None, _) => segments.push(Segment::Stmts(vec![stmt.clone()])),
        }
    }
    // Statements after a part's last assignment to the state only compute values: a part
    // of their own (so that what they compute can go on to the steps after).
    let last = segments.len().saturating_sub(1);
    let segments: Vec<Segment> = segments
        .into_iter()
        .enumerate()
        .flat_map(|(i, segment)| match segment {
            Segment::Stmts(stmts) if i != last || unit => {
                let cut = stmts
                    .iter()
                    .rposition(|s| assigns_self(&[s]))
                    .map_or(0, |k| k + 1);
                let (effect, values) = stmts.split_at(cut);
                // (Only where they read nothing the statements before bind.)
                let before: Vec<Ident> = bound_values(effect).into_iter().map(|(n, _)| n).collect();
                let mut reads = Reads::default();
                values.iter().for_each(|s| reads.visit_stmt(s));
                if reads.0.iter().any(|r| before.contains(r)) {
                    return vec![Segment::Stmts(stmts)];
                }
                [effect, values]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .map(|s| Segment::Stmts(s.to_vec()))
                    .collect::<Vec<_>>()
            }
            segment => vec![segment],
        })
        .collect();
    // The anchor: the last part that changes the state or gives the result.
    let effective = |stmts: &[Stmt], last: bool| (last && !unit) || assigns_self(stmts);
    let count = segments.len();
    let anchor_at = segments
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, s)| match s {
            Segment::Stmts(stmts) if effective(stmts, i + 1 == count) => Some(i),
            _ => None,
        });
    // The parts that only compute values (`let m = f - s;` between steps) give them to
    // the steps after as the results of hidden methods of their own.
    let values: Vec<bool> = segments
        .iter()
        .enumerate()
        .map(|(i, s)| matches!(s, Segment::Stmts(stmts) if Some(i) != anchor_at && !effective(stmts, false)))
        .collect();
    check_locals(&segments, &values)?;
    check_argument_calls(&segments)?;
    // A method of steps alone (`self.forces(); self.integrate(dt);`) has none: every step
    // is before it.
    if anchor_at.is_none() && !unit {
        return Err(syn::Error::new_spanned(
            &item.sig.ident,
            "this method gives a result but computes nothing of its own around its steps: return the result of a statement of its own after the steps (`let y = self.filter.process(x); y`)",
        ));
    }
    let anchor_at = anchor_at.unwrap_or(count);
    // A part is a method of its own: a `return` in it would leave the part, not the method.
    for (i, segment) in segments.iter().enumerate() {
        let last_to_run = i == anchor_at && anchor_at + 1 == count;
        if let (Segment::Stmts(stmts), false) = (segment, last_to_run) {
            if let Some(exit) = stmts.iter().find_map(early_exit) {
                return Err(syn::Error::new_spanned(exit, "a `return` or `?` before a step of the state (a call of a method of `self` or of a field of `self`) is not followed by `#[differentiate]`: test the condition in the step, or return after the last step"));
            }
        }
    }
    let stem = item.sig.ident.to_string().replace("r#", "");
    let mut around = Around::default();
    let mut parts = vec![];
    let mut anchor = None;
    // The carried slot each local bound by a step holds now.
    let mut carried: Vec<(Ident, usize)> = vec![];
    let later_reads: Vec<Vec<Ident>> = (0..segments.len())
        .map(|i| {
            let mut reads = Reads::default();
            for segment in &segments[i + 1..] {
                match segment {
                    Segment::Stmts(stmts) => stmts.iter().for_each(|s| reads.visit_stmt(s)),
                    Segment::Call(call, _) => reads.visit_expr_method_call(call),
                }
            }
            reads.0
        })
        .collect();
    for (i, segment) in segments.into_iter().enumerate() {
        let step = match segment {
            Segment::Call(call, binds) => {
                let args = call_args(call, &params, &carried)?;
                let binds = binds.map(|name| {
                    carried.retain(|(n, _)| *n != name);
                    carried.push((name, around.carried));
                    around.carried += 1;
                    around.carried - 1
                });
                vec![Step::Call {
                    field: self_field(&call.receiver).cloned(),
                    method: call.method.clone(),
                    args,
                    binds,
                }]
            }
            Segment::Stmts(stmts) => {
                let reads = carried_reads(&stmts, &carried);
                if i == anchor_at {
                    anchor = Some((stmts, reads));
                    continue;
                }
                let slots: Vec<usize> = reads.iter().map(|(_, s)| *s).collect();
                if !values[i] {
                    let name = format_ident!("__{stem}_part{i}");
                    parts.push(part(item, &name, &stmts, true, &reads, float));
                    vec![Step::Part(name, slots, None)]
                } else {
                    // One hidden method per value read after: the part's statements, then
                    // the value.
                    let mut steps = vec![];
                    for (j, (local, ty)) in bound_values(&stmts).into_iter().enumerate() {
                        if !later_reads[i].contains(&local) {
                            continue;
                        }
                        let name = format_ident!("__{stem}_value{i}_{j}");
                        let mut value = part(item, &name, &stmts, true, &reads, float);
                        value
                            .block
                            .stmts
                            .push(Stmt::Expr(syn::parse_quote!(#local), None));
                        let ty = ty.unwrap_or_else(|| float.clone());
                        value.sig.output = syn::parse_quote!(-> #ty);
                        parts.push(value);
                        carried.retain(|(n, _)| *n != local);
                        carried.push((local, around.carried));
                        around.carried += 1;
                        steps.push(Step::Part(name, slots.clone(), Some(around.carried - 1)));
                    }
                    steps
                }
            }
        };
        match i < anchor_at {
            true => around.before.extend(step),
            false => around.after.extend(step),
        }
    }
    let Some((stmts, reads)) = anchor else {
        return Ok(Split {
            anchor: None,
            parts,
            around,
        });
    };
    let anchor_name = format_ident!("__{stem}_anchor");
    let anchor_primal = part(item, &anchor_name, &stmts, unit, &reads, float);
    around.anchor = Some(anchor_name);
    let mut anchor = part(item, &item.sig.ident, &stmts, unit, &reads, float);
    (anchor.vis, anchor.attrs) = (item.vis.clone(), item.attrs.clone());
    around.anchor_carried = reads
        .into_iter()
        .map(|(_, slot)| (passed_name(slot), slot))
        .collect();
    Ok(Split {
        anchor: Some((anchor, anchor_primal)),
        parts,
        around,
    })
}

/// The name a part takes the carried value of `slot` under.
fn passed_name(slot: usize) -> Ident {
    format_ident!("__passed{slot}")
}

/// The carried values `stmts` read, each once, in slot order.
fn carried_reads(stmts: &[Stmt], carried: &[(Ident, usize)]) -> Vec<(Ident, usize)> {
    let mut reads = Reads::default();
    stmts.iter().for_each(|s| reads.visit_stmt(s));
    let mut found: Vec<(Ident, usize)> = carried
        .iter()
        .filter(|(n, _)| reads.0.contains(n))
        .cloned()
        .collect();
    found.sort_by_key(|(_, s)| *s);
    found
}

/// A hidden `&mut self` method of `item`'s parameters, then the carried values `reads`
/// (of the float type), running `stmts` (returning nothing where `unit`).
fn part(
    item: &ItemFn,
    name: &Ident,
    stmts: &[Stmt],
    unit: bool,
    reads: &[(Ident, usize)],
    float: &syn::Type,
) -> ItemFn {
    let mut part = item.clone();
    part.sig.ident = name.clone();
    part.vis = syn::Visibility::Inherited;
    part.attrs = vec![syn::parse_quote!(#[doc(hidden)])];
    // Each carried value comes in under a name of its own (`__passed0`: the user's may be a
    // parameter's, `sample = self.lowpass.process(sample)`), bound to the user's first.
    let mut body: Vec<Stmt> = vec![];
    for (local, slot) in reads {
        let passed = passed_name(*slot);
        part.sig.inputs.push(syn::parse_quote!(#passed: #float));
        body.push(syn::parse_quote!(let mut #local = #passed;));
    }
    body.extend(stmts.iter().cloned());
    part.block.stmts = body;
    if unit {
        part.sig.output = syn::ReturnType::Default;
    }
    part
}

/// The method's parameters other than `self`, which every part takes again: each must be
/// a plain name of a type that can be passed more than once (a float, an integer, a flag,
/// a reference).
fn parameters(item: &ItemFn, float: &syn::Type) -> syn::Result<Vec<Ident>> {
    let float = quote::quote!(#float).to_string();
    let mut names = vec![];
    for input in item.sig.inputs.iter().skip(1) {
        let syn::FnArg::Typed(pt) = input else {
            continue;
        };
        let syn::Pat::Ident(p) = &*pt.pat else {
            return Err(syn::Error::new_spanned(&pt.pat, "a method stepping its state through other methods takes its parameters by plain names (`x: f64`): bind the pattern inside the body"));
        };
        // A float, an integer or a flag, passed to each step again by value; a shared
        // reference to a string (a label). (A sequence or a struct of floats would carry
        // derivatives the steps' slots do not.)
        let ty = &*pt.ty;
        let scalar = match ty {
            syn::Type::Path(path) => path.path.get_ident().is_some_and(|id| {
                let id = id.to_string();
                id == float
                    || crate::types::INTS.contains(&id.as_str())
                    || id == "bool"
                    || id == "char"
            }),
            syn::Type::Reference(r) => {
                r.mutability.is_none()
                    && matches!(&*r.elem, syn::Type::Path(p) if p.path.is_ident("str"))
            }
            _ => false,
        };
        if !scalar {
            return Err(syn::Error::new_spanned(ty, "a method stepping its state through other methods passes its parameters to each step again: take floats, integers or flags here (a sequence or a struct of floats: keep it in a field of `self`)"));
        }
        names.push(p.ident.clone());
    }
    Ok(names)
}

/// A step call's arguments: the method's parameters by name, fields of `self`
/// (`self.f`), values earlier steps gave, or constants (literals, paths to constants,
/// arithmetic of them); anything else reading a local or `self` is refused.
fn call_args(
    call: &ExprMethodCall,
    params: &[Ident],
    carried: &[(Ident, usize)],
) -> syn::Result<Vec<Arg>> {
    let mut args = vec![];
    for arg in &call.args {
        if let Expr::Path(p) = arg {
            if let Some(id) = p.path.get_ident() {
                if let Some((_, slot)) = carried.iter().find(|(n, _)| n == id) {
                    args.push(Arg::Carried(*slot));
                    continue;
                }
                if let Some(k) = params.iter().position(|n| n == id) {
                    args.push(Arg::Param(k));
                    continue;
                }
            }
        }
        if let Some(f) = self_field(arg) {
            args.push(Arg::Field(f.clone()));
            continue;
        }
        let mut reads = Reads::default();
        reads.visit_expr(arg);
        if let Some(name) = reads.0.first() {
            return Err(syn::Error::new_spanned(arg, format!("a step of the state (`{}(…)`) takes the method's parameters, fields of `self` (`self.f`), values of earlier steps or constants, each as it is: `{name}` is read here inside an expression; bind the expression to a local and pass that, or compute it in the step itself", call.method)));
        }
        args.push(Arg::Constant(arg.clone()));
    }
    Ok(args)
}
