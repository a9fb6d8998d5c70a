//! Which parameters holding a function (`f: fn(f64) -> f64`, `F: Fn(f64, f64) -> f64`) the
//! derived items need with derivatives: those called on a value that carries one. Such a
//! parameter is taken, in every derived item, as a function value with its derivatives
//! (`autodiff::function_value::FunctionN`, `g::with_derivatives()` of a differentiated
//! `g`), and every call of it goes through that; the others are taken as written.

use super::Activity;
use crate::ir::*;

/// The parameters called on values with derivatives, or passed on to a differentiated
/// call that carries one (`rk4_step(f, t, y, h)` in a loop of steps).
/// Each with whether it is called (not only passed on).
pub fn decide(func: &Func, act: &Activity) -> Vec<(VarId, bool)> {
    let function_params: Vec<VarId> = func
        .params
        .iter()
        .map(|p| p.var)
        .filter(|&v| func.vars[v].kind == crate::types::Kind::Other)
        .collect();
    let mut found: Vec<(VarId, bool)> = vec![];
    func.body.for_each_stmt(&mut |s| {
        let StmtKind::Call {
            callee,
            args,
            out,
            method,
            ..
        } = &s.kind
        else {
            return;
        };
        if !act.is_active(*out) {
            return;
        }
        // (`p.eval(x)` is a method, whatever a parameter `eval` holds.)
        let called = callee.get_ident().filter(|_| !method).and_then(|name| {
            function_params
                .iter()
                .find(|&&v| func.vars[v].name == *name)
        });
        let passed = args.iter().filter_map(|a| {
            let a = match &a.kind {
                ExprKind::Ref(inner) => inner,
                _ => a,
            };
            match &a.kind {
                ExprKind::Var(v) if function_params.contains(v) => Some(v),
                _ => None,
            }
        });
        let uses = called
            .map(|&v| (v, true))
            .into_iter()
            .chain(passed.map(|&v| (v, false)));
        for (v, call) in uses {
            match found.iter_mut().find(|(f, _)| *f == v) {
                Some((_, was)) => *was |= call,
                None => found.push((v, call)),
            }
        }
    });
    found
}
