//! Recompute instead of record: a value of an inner block that the reverse sweep reads is
//! normally pushed on a tape when the block ends. When it is cheap to compute and made only
//! from values that never change (immutable parameters and locals, the index of a loop that
//! is replayed over its range), the reverse sweep computes it again instead: a few
//! arithmetic operations cost less than a push and a pop (Enzyme's cache-or-recompute).
//! Index arithmetic on a ring (`let next = if i + 1 == n { 0 } else { i + 1 };`) is the
//! typical case: lowered to a deferred `let` and a branch, it is recomputed as one `if`.

use crate::ir::*;
use crate::rules::Partial;
use std::collections::HashMap;

/// How the reverse sweep computes a variable again.
#[derive(Clone, Debug)]
pub enum Recompute {
    /// `let v = e;`
    Value(Expr),
    /// `let v; if c { v = a; } else { v = b; }`, recomputed as `let v = if c { a } else { b };`
    Select { cond: Expr, arms: Box<[Expr; 2]> },
}

impl Recompute {
    fn visit_vars(&self, f: &mut impl FnMut(VarId)) {
        match self {
            Recompute::Value(e) => e.visit_vars(f),
            Recompute::Select { cond, arms } => {
                cond.visit_vars(f);
                arms.iter().for_each(|e| e.visit_vars(f));
            }
        }
    }

    fn cheap(&self) -> bool {
        match self {
            Recompute::Value(e) => cheap(e),
            Recompute::Select { cond, arms } => cheap(cond) && arms.iter().all(cheap),
        }
    }
}

/// The variables to recompute, with how to compute them.
#[derive(Clone, Default)]
pub struct Remat {
    pub init: HashMap<VarId, Recompute>,
}

impl Remat {
    pub fn contains(&self, v: VarId) -> bool {
        self.init.contains_key(&v)
    }
}

/// The needed values to recompute; what they read becomes needed in turn.
pub fn analyze(func: &Func, needed: &mut [bool]) -> Remat {
    let mut lets = HashMap::new();
    let mut rebound = vec![];
    collect(&func.body, &mut lets, &mut rebound);
    let mut remat: HashMap<VarId, Recompute> = HashMap::new();
    // Candidates in declaration order, so a candidate may read an earlier one.
    let mut candidates: Vec<VarId> = lets.keys().copied().collect();
    candidates.sort_unstable();
    for v in candidates {
        let var = &func.vars[v];
        let init = &lets[&v];
        let inner = matches!(var.scope, Some(b) if b != 0);
        if !(inner && needed[v] && !var.mutable && init.cheap()) {
            continue;
        }
        // An alias of an immutable local of its own block (`let lane = &lane_value;`): no
        // copy on a tape (a reference to a local taped by value would borrow a moved value),
        // but the reference taken again once the reverse sweep has that local back.
        if let Recompute::Value(Expr {
            kind: ExprKind::Ref(target),
            ..
        }) = init
        {
            if let ExprKind::Var(u) = target.kind {
                if !func.vars[u].mutable && func.vars[u].scope == var.scope {
                    remat.insert(v, init.clone());
                    continue;
                }
            }
        }
        let mut stable = true;
        init.visit_vars(&mut |u| {
            let w = &func.vars[u];
            let immutable_top =
                func.is_top_level(u) && !w.mutable && (w.scope.is_none() || lets.contains_key(&u));
            stable &= immutable_top || rebound.contains(&u) || remat.contains_key(&u);
        });
        if stable {
            remat.insert(v, init.clone());
        }
    }
    // What a recomputation reads must be there when it runs.
    for init in remat.values() {
        init.visit_vars(&mut |u| needed[u] = true);
    }
    Remat { init: remat }
}

/// `let` initialisers (and deferred initialisations by a two-way branch) by variable, and
/// the indices of loops replayed over their range.
fn collect(b: &Block, lets: &mut HashMap<VarId, Recompute>, rebound: &mut Vec<VarId>) {
    for (k, s) in b.stmts.iter().enumerate() {
        match &s.kind {
            StmtKind::Let { var, init: Some(e) } => {
                lets.insert(*var, Recompute::Value(e.clone()));
            }
            StmtKind::Let { var, init: None } => {
                if let Some(select) = select(*var, &b.stmts[k + 1..], lets) {
                    lets.insert(*var, select);
                }
            }
            StmtKind::If { then, els, .. } => {
                collect(then, lets, rebound);
                collect(els, lets, rebound);
            }
            StmtKind::For {
                var, body, trips, ..
            } => {
                if trips.is_none() {
                    rebound.push(*var);
                }
                collect(body, lets, rebound);
            }
            StmtKind::While { body, .. } => collect(body, lets, rebound),
            StmtKind::Match { arms, .. } => {
                arms.iter().for_each(|(_, b)| collect(b, lets, rebound))
            }
            _ => {}
        }
    }
}

/// `v`'s deferred initialisation when the first statement after its declaration other than
/// `let`s is a branch whose arms each only assign it (`if c { v = a; } else { v = b; }`);
/// the condition's own `let`, when it has one, is inlined so that the recomputation does
/// not need it.
fn select(v: VarId, rest: &[Stmt], lets: &HashMap<VarId, Recompute>) -> Option<Recompute> {
    let only_assigns = |b: &Block| match b.stmts.as_slice() {
        [Stmt {
            kind:
                StmtKind::Assign {
                    place: Place::Var(w),
                    value,
                    compound: None,
                },
            ..
        }] if *w == v => Some(value.clone()),
        _ => None,
    };
    // Only `let`s (the condition's own) may come between the declaration and the branch.
    let next = rest
        .iter()
        .find(|s| !matches!(s.kind, StmtKind::Let { .. }))?;
    let StmtKind::If { cond, then, els } = &next.kind else {
        return None;
    };
    let (then, els) = (only_assigns(then)?, only_assigns(els)?);
    let cond_init = rest.iter().find_map(|s| match &s.kind {
        StmtKind::Let { var, init } if var == cond => init.clone(),
        _ => None,
    });
    let cond = cond_init
        .or_else(|| match lets.get(cond) {
            Some(Recompute::Value(e)) => Some(e.clone()),
            _ => None,
        })
        .unwrap_or_else(|| Expr::new(ExprKind::Var(*cond), next.span));
    Some(Recompute::Select {
        cond,
        arms: Box::new([then, els]),
    })
}

/// Arithmetic, indexing, casts and piecewise-linear functions: cheaper to redo than to
/// store. Transcendental functions and calls are stored.
fn cheap(e: &Expr) -> bool {
    let mut ok = true;
    e.visit(&mut |x| {
        ok &= match &x.kind {
            ExprKind::Elementary(rule, _) => {
                matches!(rule.partial, Partial::Zero)
                    || matches!(rule.name, "abs" | "max" | "min" | "clamp" | "mul_add")
            }
            ExprKind::Opaque(OpaqueCall::Method(_, m, _, _)) => m == "len",
            ExprKind::Opaque(_)
            | ExprKind::Copy(_)
            | ExprKind::Repeat { .. }
            | ExprKind::List { .. }
            | ExprKind::EmptyVec(_) => false,
            _ => true,
        }
    });
    ok
}
