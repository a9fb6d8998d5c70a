//! What the reverse sweep reads ("to be recorded", in Tapenade's words).
//!
//! The adjoint of `z = x * y` reads `x` and `y`; the adjoint of `s = s + e` reads nothing
//! of `s`. A variable is *needed* when some adjoint, index or replayed control decision
//! reads it. Only needed variables are saved before they are overwritten, and only needed
//! variables of inner blocks are kept for the reverse sweep; everything else is forgotten
//! as soon as the forward sweep is done with it.

use super::fusion::covering_loop;
use super::Activity;
use crate::ir::*;
use crate::rules::Partial;
use std::collections::HashSet;

pub struct Needed {
    pub needed: Vec<bool>,
    /// Needed values of inner blocks that the reverse sweep recomputes instead of popping.
    pub remat: super::Remat,
    /// Assignments (by address) that overwrite a needed float no reverse reads before them:
    /// they save nothing (see [`unsaved_overwrites`]).
    pub unsaved: HashSet<*const Stmt>,
    /// The saves loops make before they start (see [`super::bulk_save`]).
    pub bulk: super::bulk_save::BulkSaves,
    /// The loops `f_vjp` runs fused with their reverse (see [`super::fusion`]).
    pub fusion: Option<super::fusion::Fusion>,
    /// With fused loops, what `f_vjp`'s joint body saves: an iteration of a fused loop
    /// saves only for its own reverse and for what runs before the loop, since the earlier
    /// iterations' reverses have run already.
    pub joint: Option<Box<Needed>>,
}

impl Needed {
    pub fn is_needed(&self, v: VarId) -> bool {
        self.needed[v]
    }

    /// The needed values alone, before the passes that decide where they are saved.
    fn of(needed: Vec<bool>, remat: super::Remat) -> Needed {
        Needed {
            needed,
            remat,
            unsaved: HashSet::new(),
            bulk: Default::default(),
            fusion: None,
            joint: None,
        }
    }
}

pub fn analyze(func: &Func, act: &Activity) -> Needed {
    let mut n = Collector {
        func,
        act,
        needed: vec![false; func.vars.len()],
    };
    for (v, var) in func.vars.iter().enumerate() {
        // The shape of an active sequence's adjoint comes from its value.
        if act.is_active(v)
            && matches!(var.kind, Kind::FloatSeq | Kind::Array)
            && !func.ret.contains(&v)
        {
            n.needed[v] = true;
        }
    }
    n.block(&func.body);
    // Control flow that only restores saved values must be replayed too, which reads its
    // decisions: iterate until nothing new is needed.
    loop {
        let before = n.needed.clone();
        let needed = Needed::of(n.needed.clone(), Default::default());
        mark_replayed_control(&func.body, func, act, &needed, &mut n.needed);
        if n.needed == before {
            break;
        }
    }
    let mut needed = Needed::of(n.needed, Default::default());
    needed.remat = super::remat::analyze(func, &mut needed);
    let nothing = vec![false; func.vars.len()];
    unsaved_overwrites(func, act, &func.body, &nothing, &[], &mut needed.unsaved);
    // Last: which saves a loop can make in bulk depends on where each value is saved.
    needed.bulk = super::bulk_save::analyze(func, &needed);
    needed.fusion = super::fusion::fusion(func, act, &needed);
    if let Some(fusion) = &needed.fusion {
        let fused: Vec<*const Stmt> = fusion
            .loops
            .iter()
            .map(|&k| &func.body.stmts[k] as *const Stmt)
            .collect();
        let mut joint = Needed::of(needed.needed.clone(), needed.remat.clone());
        unsaved_overwrites(func, act, &func.body, &nothing, &fused, &mut joint.unsaved);
        joint.bulk = super::bulk_save::analyze(func, &joint);
        needed.joint = Some(Box::new(joint));
    }
    needed
}

/// Flow-sensitive saving (Tapenade's TBR is flow-sensitive in the same way): the reverse
/// sweep runs the reverses of the statements after an assignment before it restores the
/// overwritten value, and they read the values that were current then. So the old value
/// is wanted only by the reverses of what may run *before* the assignment (statements
/// earlier in its block and the blocks around it, the whole body of an enclosing loop
/// for a variable declared outside that loop, and the assignment itself). `sum += eᵢ` in a loop whose `sum` is read only after the
/// loop saves nothing. Only floats and elements of float vectors are treated so (the reads
/// of integers and flags by replayed control flow are not among the adjoints' reads; a
/// whole vector or array gives its adjoint its shape), never inside a checkpointed region
/// (re-run by its own schedule) and never for a vector that is pushed to (restored by
/// popping).
///
/// A loop that writes a whole fixed-length vector (`for j in 0..d { v[j] = e }`, as
/// [`covering_loop`] finds it) restores all of it for the reverses that run after its
/// own; the statements after it in its block then save for the reverses of what runs
/// between it and them alone. The loops in `fused` run each iteration's reverse right
/// after its primal (`f_vjp`'s joint body): their iterations save nothing for the
/// iterations before them.
fn unsaved_overwrites(
    func: &Func,
    act: &Activity,
    b: &Block,
    before: &[bool],
    fused: &[*const Stmt],
    out: &mut HashSet<*const Stmt>,
) {
    let mut acc = before.to_vec();
    for s in &b.stmts {
        let reads = reverse_reads(func, act, s);
        match &s.kind {
            StmtKind::Assign { place, .. } => {
                let v = place.var();
                // A float, or an element of a float vector: never a whole vector or array,
                // whose adjoint takes its shape from the value it has when the reverse
                // sweep reaches it.
                let kind = func.vars[v].kind;
                let float = match place {
                    Place::Var(_) => kind == Kind::Float,
                    Place::Index(..) => kind == Kind::FloatSeq,
                };
                if float && !acc[v] && !reads[v] && !pushed(func, v) {
                    out.insert(s as *const Stmt);
                }
            }
            StmtKind::For {
                body,
                checkpoint: None,
                ..
            }
            | StmtKind::While {
                body,
                checkpoint: None,
                ..
            } => {
                // Every iteration runs before the later ones, but a variable declared in
                // the body is a new one in each: an iteration's reverse reads its own,
                // kept when the body ended, not the one later iterations overwrite.
                let mut ids = vec![];
                collect_block_ids(body, &mut ids);
                let own = |v: usize| matches!(func.vars[v].scope, Some(b) if ids.contains(&b));
                let fused = fused.contains(&(s as *const Stmt));
                let inner: Vec<bool> = (0..acc.len())
                    .map(|v| acc[v] || (reads[v] && !own(v) && !fused))
                    .collect();
                unsaved_overwrites(func, act, body, &inner, &[], out);
            }
            StmtKind::If { then, els, .. } => {
                unsaved_overwrites(func, act, then, &acc, &[], out);
                unsaved_overwrites(func, act, els, &acc, &[], out);
            }
            StmtKind::Match { arms, .. } => {
                for (_, arm) in arms {
                    unsaved_overwrites(func, act, arm, &acc, &[], out);
                }
            }
            _ => {}
        }
        acc.iter_mut().zip(&reads).for_each(|(a, r)| *a |= *r);
        if let Some(v) = covered_by(func, s) {
            acc[v] = reads[v];
        }
    }
}

/// The vector a loop writes whole (see [`covering_loop`]).
fn covered_by(func: &Func, s: &Stmt) -> Option<VarId> {
    let StmtKind::For { body, .. } = &s.kind else {
        return None;
    };
    body.stmts.iter().find_map(|t| match &t.kind {
        StmtKind::Assign {
            place: Place::Index(v, _),
            ..
        } if covering_loop(func, s, *v) => Some(*v),
        _ => None,
    })
}

/// The variables the reverse of `s` (and of the statements nested in it) reads: its
/// adjoints' reads, and the index of every element write, which restoring the element
/// evaluates again whether the write is active or not (`grid[pos as usize] += 0.25` reads
/// the float `pos`).
fn reverse_reads(func: &Func, act: &Activity, s: &Stmt) -> Vec<bool> {
    let mut c = Collector {
        func,
        act,
        needed: vec![false; func.vars.len()],
    };
    c.stmt(s);
    let mut reads = c.needed;
    let indices = std::cell::RefCell::new(vec![]);
    s.any(&|t| {
        if let StmtKind::Assign {
            place: Place::Index(_, i),
            ..
        } = &t.kind
        {
            i.visit_vars(&mut |v| indices.borrow_mut().push(v));
        }
        false
    });
    for v in indices.into_inner() {
        reads[v] = true;
    }
    reads
}

fn pushed(func: &Func, v: VarId) -> bool {
    func.body
        .any(&|s| matches!(&s.kind, StmtKind::Push { vec, .. } if *vec == v))
}

/// The body of a `#[checkpoint]` loop or block.
pub fn checkpointed(s: &Stmt) -> Option<&Block> {
    match &s.kind {
        StmtKind::For {
            body,
            checkpoint: Some(_),
            ..
        }
        | StmtKind::While {
            body,
            checkpoint: Some(_),
            ..
        } => Some(body),
        StmtKind::Block { body, .. } => Some(body),
        _ => None,
    }
}

/// Whether a call argument is a reference (`&v`, or a reference parameter): pullbacks
/// borrow nothing, so the reverse sweep passes such arguments to them again.
pub fn passed_again(func: &Func, a: &Expr) -> bool {
    match &a.kind {
        ExprKind::Ref(_) => true,
        ExprKind::Var(v) => {
            matches!(func.vars[*v].ty, Some(syn::Type::Reference(_)))
                && func.vars[*v].scope.is_none()
        }
        _ => false,
    }
}

/// Where an assignment keeps the value it overwrites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveSite {
    /// In a local: the assignment runs once (it is in the function's outermost block).
    Local,
    /// On the variable's tape: the assignment may run many times.
    Tape,
    /// Nowhere: `k += c` on an integer is undone by `k -= c` (an invertible update).
    Invert,
}

/// Whether (and where) an assignment must save the value it overwrites: when the reverse
/// sweep reads the variable and the assignment is not its initialisation.
pub fn save_site(func: &Func, needed: &Needed, s: &Stmt) -> Option<SaveSite> {
    let StmtKind::Assign { place, .. } = &s.kind else {
        return None;
    };
    let v = place.var();
    let overwrites = matches!(place, Place::Index(..)) || func.vars[v].mutable;
    if !(needed.is_needed(v) && overwrites) || needed.unsaved.contains(&(s as *const Stmt)) {
        return None;
    }
    if invertible(func, s) {
        return Some(SaveSite::Invert);
    }
    let top = func.body.stmts.iter().any(|t| std::ptr::eq(t, s));
    Some(if top { SaveSite::Local } else { SaveSite::Tape })
}

/// `k += c` or `k -= c` on an integer variable, with `c` a literal or an immutable variable:
/// the reverse sweep undoes it exactly instead of storing the old `k`.
fn invertible(func: &Func, s: &Stmt) -> bool {
    let StmtKind::Assign {
        place: Place::Var(v),
        value,
        compound: Some(ArithOp::Add | ArithOp::Sub),
    } = &s.kind
    else {
        return false;
    };
    let constant = match &value.kind {
        ExprKind::Int(_) | ExprKind::Const(_) => true,
        ExprKind::Var(u) => !func.vars[*u].mutable && *u != *v,
        _ => false,
    };
    func.vars[*v].kind == Kind::Int && constant
}

/// Whether the reverse sweep has work to do for this statement: adjoints, or restoring
/// values the forward sweep saved.
pub fn replayed(func: &Func, act: &Activity, needed: &Needed, s: &Stmt) -> bool {
    s.any(&|s| replayed_itself(func, act, needed, s))
}

pub fn block_replayed(func: &Func, act: &Activity, needed: &Needed, b: &Block) -> bool {
    b.any(&|s| replayed_itself(func, act, needed, s))
}

/// `replayed` for a simple statement (a control statement is replayed for what it holds).
fn replayed_itself(func: &Func, act: &Activity, needed: &Needed, s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Assign { .. } => act.stmt_active(s) || save_site(func, needed, s).is_some(),
        StmtKind::Push { vec, .. } => act.is_active(*vec) || needed.is_needed(*vec),
        StmtKind::Let { .. } | StmtKind::Call { .. } => act.stmt_active(s),
        _ => false,
    }
}

fn mark_replayed_control(
    b: &Block,
    func: &Func,
    act: &Activity,
    needed: &Needed,
    out: &mut [bool],
) {
    for s in &b.stmts {
        if !replayed(func, act, needed, s) {
            continue;
        }
        // A checkpointed region with nothing active is still re-run when it overwrites
        // what the reverse sweep reads: all it shares with the code around it must be
        // there then, as for an active one (`Collector::stmt`).
        if let Some(body) = checkpointed(s) {
            for v in Region::of(func, body).outer {
                out[v] = true;
            }
        }
        match &s.kind {
            // Restoring an overwritten element reads its index.
            StmtKind::Assign {
                place: Place::Index(_, i),
                ..
            } if save_site(func, needed, s).is_some() => {
                i.visit_vars(&mut |v| out[v] = true);
            }
            StmtKind::If { cond, then, els } => {
                out[*cond] = true;
                mark_replayed_control(then, func, act, needed, out);
                mark_replayed_control(els, func, act, needed, out);
            }
            StmtKind::For {
                range, body, trips, ..
            } => {
                match trips {
                    Some(t) => out[*t] = true,
                    None => {
                        out[range.start] = true;
                        out[range.end] = true;
                    }
                }
                mark_replayed_control(body, func, act, needed, out);
            }
            StmtKind::While { trips, body, .. } => {
                out[*trips] = true;
                mark_replayed_control(body, func, act, needed, out);
            }
            StmtKind::Block { body, .. } => mark_replayed_control(body, func, act, needed, out),
            StmtKind::Match { arms, arm, .. } => {
                out[*arm] = true;
                arms.iter()
                    .for_each(|(_, b)| mark_replayed_control(b, func, act, needed, out));
            }
            _ => {}
        }
    }
}

struct Collector<'a> {
    func: &'a Func,
    act: &'a Activity,
    needed: Vec<bool>,
}

impl Collector<'_> {
    fn all_vars(&mut self, e: &Expr) {
        let needed = &mut self.needed;
        e.visit_vars(&mut |v| needed[v] = true);
    }

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        if !self.act.stmt_active(s) {
            return;
        }
        match &s.kind {
            StmtKind::Let { var, init: Some(e) } => {
                self.adjoint(e, false);
                // Its reverse reads the result from the binding (`analysis::residuals`).
                if super::residuals::saved_result(self.act, e) {
                    self.needed[*var] = true;
                }
            }
            StmtKind::Let { init: None, .. } => {}
            StmtKind::Assign {
                place,
                value,
                compound,
            } => {
                if let Place::Index(_, i) = place {
                    self.all_vars(i);
                }
                match compound {
                    // `v *= e` reads `v` and `e`, `v /= e` too; `v += e` reads neither.
                    Some(ArithOp::Mul | ArithOp::Div | ArithOp::Rem) => {
                        self.needed[place.var()] = true;
                        self.all_vars(value);
                    }
                    _ => self.adjoint(value, false),
                }
            }
            StmtKind::Call { pullback, args, .. } => {
                self.needed[*pullback] = true;
                for a in args {
                    if passed_again(self.func, a) {
                        self.all_vars(a);
                    }
                    self.adjoint(a, false);
                }
            }
            StmtKind::Push { value, .. } => self.adjoint(value, false),
            StmtKind::If { cond, then, els } => {
                self.needed[*cond] = true;
                self.block(then);
                self.block(els);
            }
            StmtKind::For {
                range, body, trips, ..
            } => {
                // Replayed from its trip count, or over its range backwards.
                match trips {
                    Some(t) => self.needed[*t] = true,
                    None => {
                        self.needed[range.start] = true;
                        self.needed[range.end] = true;
                    }
                }
                self.block(body);
            }
            StmtKind::While { trips, body, .. } => {
                self.needed[*trips] = true;
                self.block(body);
            }
            StmtKind::Block { body, .. } => self.block(body),
            StmtKind::Match { arms, arm, .. } => {
                self.needed[*arm] = true;
                arms.iter().for_each(|(_, b)| self.block(b));
            }
        }
        if let Some(body) = checkpointed(s) {
            // The region is re-run in the reverse sweep: everything it shares with the
            // code around it must be there then.
            for v in Region::of(self.func, body).outer {
                self.needed[v] = true;
            }
        }
    }

    /// Marks what propagating a cotangent through `e` reads; `value` says whether `e`'s own
    /// value is read as well (as a factor of another operand's partial).
    fn adjoint(&mut self, e: &Expr, value: bool) {
        if value {
            return self.all_vars(e);
        }
        if !self.act.varied(e) {
            return;
        }
        use ExprKind::*;
        match &e.kind {
            Index(base, i) => {
                self.all_vars(i);
                self.adjoint(base, false);
            }
            Neg(a) | Ref(a) | Copy(a) | Cast(a, _) | Field(a, _) => self.adjoint(a, false),
            Arith(op, a, b) => {
                let (va, vb) = (self.act.varied(a), self.act.varied(b));
                match op {
                    ArithOp::Add | ArithOp::Sub => {
                        self.adjoint(a, false);
                        self.adjoint(b, false);
                    }
                    ArithOp::Mul => {
                        self.adjoint(a, vb);
                        self.adjoint(b, va);
                    }
                    // ∂(a/b)/∂a = 1/b, ∂(a/b)/∂b = −a/b²; `%` likewise reads both.
                    ArithOp::Div | ArithOp::Rem => {
                        self.adjoint(a, vb);
                        self.adjoint(b, true);
                    }
                }
            }
            Elementary(rule, args) if rule.partial != Partial::Zero => {
                args.iter().for_each(|a| self.adjoint(a, true));
            }
            Repeat { elem, .. } => self.adjoint(elem, false),
            List { elems, .. } | Tuple(elems) => elems.iter().for_each(|x| self.adjoint(x, false)),
            StructLit(_, fields) => fields.iter().for_each(|(_, x)| self.adjoint(x, false)),
            _ => {}
        }
    }
}
