//! Output buffers (`out: &mut [f64]`) are results. Where the body reads what a buffer
//! holds on entry (an in-place update, `y[i] += h * k[i]`; a solver's right-hand side
//! passed in the buffer), those contents are an input as well: this module finds such
//! buffers ([`read_on_entry`]), and `crate::in_place` differentiates the function as one
//! of the entry contents too, so that their cotangent flows. A buffer the body surely
//! writes before reading needs no such input, and costs no copy.
//!
//! The proof is a forward walk over the body that tracks what is surely written
//! ([`Written`]): element indices written so far (`out[0]`, `out[i]`, `out[i * m + j]`,
//! compared as expressions, and forgotten when a variable they mention is assigned or is
//! the receiver of a method that may change it), the
//! stretches written by whole loops (`for i in lo..hi { out[i] = … }` with that write at
//! the body's top level), and the whole buffer (such a loop over `0..out.len()`). Branches
//! meet at what both wrote. A read is covered when its index was written, when it reads
//! `out[i]` or `out[i - c]` inside a loop over the bounds of a written stretch, or when it
//! reads `out[i - c]` in a loop that writes `out[i]` itself (a recurrence: the earlier
//! iteration wrote it, and the first `c` are checked among the writes before the loop).
//! Any other read may see the entry contents. Its length (`out.len()`) is not its
//! contents.

use crate::ir::*;
use std::collections::HashMap;

/// The output buffers whose entry contents the body may read, each with the span of the
/// first such read.
pub(super) fn read_on_entry(body: &Block, outputs: &[Output]) -> Vec<(Ident, Span)> {
    let mut counts: HashMap<VarId, usize> = HashMap::new();
    assigned(body)
        .into_iter()
        .for_each(|v| *counts.entry(v).or_default() += 1);
    let bound_once: std::collections::HashSet<VarId> = counts
        .into_iter()
        .filter(|&(_, n)| n == 1)
        .map(|(v, _)| v)
        .collect();
    outputs
        .iter()
        .filter_map(|o| {
            let mut walk = Walk {
                out: o.local,
                bound_once: bound_once.clone(),
                bounds: HashMap::new(),
                loops: Vec::new(),
                refused: None,
            };
            walk.block(body, &mut Written::default());
            walk.refused.map(|span| (o.param.clone(), span))
        })
        .collect()
}

/// Where the body passes the buffer `out` whole to a call (`energy(out)`, `g(&mut *out)`),
/// or a copy of it (`let y0 = y.clone(); rhs(&y0, …)`, or assigned): the first such call's span. The
/// derived items hold an `Array1` buffer as a `Vec`, which only index, length and element
/// walks read as the array.
pub(super) fn passed_whole(body: &Block, out: VarId) -> Option<Span> {
    fn whole(e: &Expr, names: &[VarId]) -> bool {
        match &e.kind {
            ExprKind::Var(v) => names.contains(v),
            ExprKind::Index(base, index) if matches!(base.kind, ExprKind::Var(v) if names.contains(&v)) => {
                whole(index, names)
            }
            ExprKind::Opaque(OpaqueCall::Method(recv, m, None, args))
                if matches!(recv.kind, ExprKind::Var(v) if names.contains(&v))
                    && matches!(m.to_string().as_str(), "len" | "is_empty") =>
            {
                args.iter().any(|a| whole(a, names))
            }
            _ => e.children().into_iter().any(|c| whole(c, names)),
        }
    }
    fn first(b: &Block, names: &mut Vec<VarId>) -> Option<Span> {
        for s in &b.stmts {
            match &s.kind {
                StmtKind::Call { args, .. } if args.iter().any(|a| whole(a, names)) => {
                    return Some(s.span);
                }
                StmtKind::Let { var, init: Some(e) } if whole(e, names) => names.push(*var),
                StmtKind::Assign {
                    place: Place::Var(var),
                    value,
                    ..
                } if whole(value, names) => names.push(*var),
                _ => {}
            }
            for inner in s.blocks() {
                if let Some(span) = first(inner, names) {
                    return Some(span);
                }
            }
        }
        None
    }
    first(body, &mut vec![out])
}

/// The refusal of a buffer read on entry where it cannot be an input too: a `&mut self`
/// method's buffer (`method`), or a reading the macro cannot separate from the writes (a
/// method of the buffer such as `clear`).
pub fn read_on_entry_error(name: &Ident, span: Span, method: bool) -> syn::Error {
    let message = match method {
        true => format!("this may read what the output buffer `{name}` holds on entry, which the derivatives of a `&mut self` method cannot take as an input: write the buffer before reading it (element by element, or by a loop `for i in 0..{name}.len() {{ {name}[i] = … }}`), or pass its entry contents as a separate `&[f64]` parameter"),
        false => format!("the macro cannot tell what this keeps of the output buffer `{name}`'s entry contents from what it writes (a method of the buffer, such as `clear`, `truncate` or `resize`): write the buffer element by element (`for i in 0..{name}.len() {{ {name}[i] = … }}`), or `push` onto a buffer the caller empties"),
    };
    syn::Error::new(span, message)
}

/// What the body has surely written of the buffer at a point of the walk.
#[derive(Clone, Default)]
struct Written {
    all: bool,
    /// Indices written: `out[e]` for each `e`.
    elems: Vec<Expr>,
    /// Stretches written by whole loops.
    stretches: Vec<Stretch>,
}

/// `for i in lo..hi { out[i] = …; … }` has run: `out[lo..hi]` (or `..=hi`) is written.
#[derive(Clone)]
struct Stretch {
    lo: Expr,
    hi: Expr,
    inclusive: bool,
}

impl Written {
    /// Drops what mentions `v`, which is about to change.
    fn forget(&mut self, v: VarId) {
        self.elems.retain(|e| !mentions(e, v));
        self.stretches
            .retain(|s| !mentions(&s.lo, v) && !mentions(&s.hi, v));
    }

    /// What both `self` and `other` wrote.
    fn meet(self, other: Written) -> Written {
        if self.all {
            return other;
        }
        if other.all {
            return self;
        }
        Written {
            all: false,
            elems: self
                .elems
                .into_iter()
                .filter(|e| other.elems.iter().any(|o| same(e, o)))
                .collect(),
            stretches: self
                .stretches
                .into_iter()
                .filter(|s| {
                    other.stretches.iter().any(|o| {
                        same(&s.lo, &o.lo) && same(&s.hi, &o.hi) && s.inclusive == o.inclusive
                    })
                })
                .collect(),
        }
    }
}

/// An enclosing `for` loop, as the reads inside it see it.
struct Loop {
    var: VarId,
    lo: Option<Expr>,
    hi: Option<Expr>,
    inclusive: bool,
    /// The body writes `out[var]` at its top level and the loop runs forwards by one:
    /// iteration `i` finds `out[lo..i]` written.
    writes_own: bool,
}

struct Walk {
    out: VarId,
    /// The initial values of `let` bindings, to read a loop's bounds.
    bounds: HashMap<VarId, Expr>,
    /// Variables the body binds once and never changes (their `let` is their value).
    bound_once: std::collections::HashSet<VarId>,
    loops: Vec<Loop>,
    refused: Option<Span>,
}

impl Walk {
    fn block(&mut self, b: &Block, w: &mut Written) {
        for s in &b.stmts {
            self.stmt(s, w);
        }
    }

    fn stmt(&mut self, s: &Stmt, w: &mut Written) {
        // `order.reverse()`, `v.resize(…)`: a method may change its receiver.
        for v in mutated_receivers(s) {
            w.forget(v);
        }
        match &s.kind {
            StmtKind::Let { var, init } => {
                if let Some(e) = init {
                    self.reads(e, w);
                    self.bounds.insert(*var, e.clone());
                }
                w.forget(*var);
            }
            StmtKind::Assign {
                place,
                value,
                compound,
            } => {
                self.reads(value, w);
                match place {
                    Place::Index(v, index) => {
                        self.reads(index, w);
                        if *v == self.out {
                            if compound.is_some() {
                                self.element(index, s.span, w);
                            }
                            w.elems.push((**index).clone());
                        } else {
                            w.forget(*v);
                        }
                    }
                    Place::Var(v) if *v == self.out => {
                        if compound.is_some() && !w.all {
                            self.refuse(s.span);
                        }
                        w.all = true;
                    }
                    Place::Var(v) => w.forget(*v),
                }
            }
            StmtKind::Call { out, args, .. } => {
                for a in args {
                    self.reads(a, w);
                }
                w.forget(*out);
            }
            StmtKind::Push { vec, value } => {
                self.reads(value, w);
                w.forget(*vec);
            }
            StmtKind::If { then, els, .. } => {
                let mut a = w.clone();
                self.block(then, &mut a);
                let mut b = w.clone();
                self.block(els, &mut b);
                *w = a.meet(b);
            }
            StmtKind::Match {
                scrutinee, arms, ..
            } => {
                self.reads(scrutinee, w);
                let mut met: Option<Written> = None;
                for (_, arm) in arms {
                    let mut a = w.clone();
                    self.block(arm, &mut a);
                    met = Some(match met {
                        None => a,
                        Some(m) => m.meet(a),
                    });
                }
                *w = met.unwrap_or_else(|| w.clone());
            }
            StmtKind::Block { body } => self.block(body, w),
            StmtKind::While {
                cond, body, exit, ..
            } => {
                let changed = assigned(body);
                changed.iter().for_each(|v| w.forget(*v));
                self.reads(cond, w);
                let mut inner = w.clone();
                self.block(body, &mut inner);
                if let Some(e) = exit {
                    self.reads(e, &inner);
                }
            }
            StmtKind::For {
                var,
                range,
                body,
                exit,
                ..
            } => self.for_loop(*var, range, body, exit.as_ref(), w),
        }
    }

    fn for_loop(
        &mut self,
        var: VarId,
        range: &Range,
        body: &Block,
        exit: Option<&Expr>,
        w: &mut Written,
    ) {
        let mut changed = assigned(body);
        changed.push(var);
        changed.iter().for_each(|v| w.forget(*v));
        let writes_own = !range.rev
            && range.step.is_none()
            && body.stmts.iter().any(|s| self.writes_element(s, var));
        // The bounds as they were on entry: unknown where the body changes what they read
        // (writing the buffer's elements leaves its length, `out.len()`, as it was).
        let out = self.out;
        let grows = body.any(&|s| matches!(s.kind, StmtKind::Push { vec, .. } if vec == out));
        let bound = |v: VarId| {
            self.bounds
                .get(&v)
                .filter(|e| {
                    !changed
                        .iter()
                        .any(|c| (*c != out || grows) && mentions(e, *c))
                })
                .cloned()
        };
        self.loops.push(Loop {
            var,
            lo: bound(range.start),
            hi: bound(range.end),
            inclusive: range.inclusive,
            writes_own,
        });
        let mut inner = w.clone();
        self.block(body, &mut inner);
        if let Some(e) = exit {
            self.reads(e, &inner);
        }
        let lp = self.loops.pop().expect("pushed above");
        if !lp.writes_own || exit.is_some() {
            return;
        }
        if let (Some(lo), Some(hi)) = (lp.lo, lp.hi) {
            let from_zero = matches!(&lo.kind, ExprKind::Int(l) if l.base10_digits() == "0");
            if from_zero && !lp.inclusive && self.is_len(&hi) {
                w.all = true;
            } else {
                w.stretches.push(Stretch {
                    lo,
                    hi,
                    inclusive: lp.inclusive,
                });
            }
        }
    }

    /// `out[var] = …` (a plain write).
    fn writes_element(&self, s: &Stmt, var: VarId) -> bool {
        matches!(&s.kind, StmtKind::Assign { place: Place::Index(v, index), compound: None, .. }
            if *v == self.out && matches!(index.kind, ExprKind::Var(i) if i == var))
    }

    /// `out.len()`, or a variable bound to it (`let called = out.len();`, as a method
    /// read once is bound).
    fn is_len(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Opaque(OpaqueCall::Method(recv, m, None, args)) => {
                m == "len"
                    && args.is_empty()
                    && matches!(recv.kind, ExprKind::Var(v) if v == self.out)
            }
            ExprKind::Var(v) => {
                self.bound_once.contains(v)
                    && self
                        .bounds
                        .get(v)
                        .is_some_and(|b| !matches!(b.kind, ExprKind::Var(_)) && self.is_len(b))
            }
            _ => false,
        }
    }

    /// Checks every read of the buffer's contents in `e`.
    fn reads(&mut self, e: &Expr, w: &Written) {
        match &e.kind {
            ExprKind::Index(base, index) if matches!(base.kind, ExprKind::Var(v) if v == self.out) =>
            {
                self.reads(index, w);
                self.element(index, e.span, w);
            }
            ExprKind::Var(v) if *v == self.out && !w.all => self.refuse(e.span),
            ExprKind::Opaque(OpaqueCall::Method(recv, method, _, args))
                if matches!(recv.kind, ExprKind::Var(v) if v == self.out)
                    && matches!(method.to_string().as_str(), "len" | "is_empty") =>
            {
                args.iter().for_each(|a| self.reads(a, w));
            }
            _ => e.children().into_iter().for_each(|c| self.reads(c, w)),
        }
    }

    /// A read of `out[index]`: refused unless the element is surely written.
    fn element(&mut self, index: &Expr, span: Span, w: &Written) {
        if !self.written(index, w) {
            self.refuse(span);
        }
    }

    fn written(&self, index: &Expr, w: &Written) -> bool {
        if w.all || w.elems.iter().any(|e| same(e, index)) {
            return true;
        }
        let Some((var, back)) = offset_from_var(index) else {
            return false;
        };
        let Some(lp) = self.loops.iter().rev().find(|l| l.var == var) else {
            return false;
        };
        // Inside a loop over a written stretch's bounds: `out[i]`, or `out[i - c]` when the
        // stretch starts at 0 (`i - c` cannot go below it without overflowing first).
        let in_stretch = |s: &Stretch| {
            let same_bounds =
                lp.hi.as_ref().is_some_and(|hi| same(hi, &s.hi)) && lp.inclusive == s.inclusive;
            let from = match (&s.lo.kind, &lp.lo) {
                (ExprKind::Int(l), _) if l.base10_digits() == "0" => true,
                (_, Some(lo)) => back == 0 && same(lo, &s.lo),
                _ => false,
            };
            same_bounds && from
        };
        if w.stretches.iter().any(in_stretch) {
            return true;
        }
        // A recurrence: iteration `i - c` wrote `out[i - c]` when `i - c ≥ lo`; the `c`
        // elements below a literal `lo` must be written before the loop.
        if lp.writes_own && back > 0 {
            if let Some(ExprKind::Int(lo)) = lp.lo.as_ref().map(|e| &e.kind) {
                if let Ok(lo) = lo.base10_parse::<u64>() {
                    return (lo.saturating_sub(back)..lo).all(|k| {
                        w.elems.iter().any(|e| {
                            matches!(&e.kind, ExprKind::Int(i) if i.base10_parse::<u64>().ok() == Some(k))
                        })
                    });
                }
            }
        }
        false
    }

    fn refuse(&mut self, span: Span) {
        self.refused.get_or_insert(span);
    }
}

/// `i` as `(i, 0)`, `i - c` (a literal) as `(i, c)`.
fn offset_from_var(e: &Expr) -> Option<(VarId, u64)> {
    match &e.kind {
        ExprKind::Var(v) => Some((*v, 0)),
        ExprKind::Arith(ArithOp::Sub, a, b) => match (&a.kind, &b.kind) {
            (ExprKind::Var(v), ExprKind::Int(c)) => Some((*v, c.base10_parse().ok()?)),
            _ => None,
        },
        _ => None,
    }
}

/// The variables a block assigns or binds, at any depth.
fn assigned(b: &Block) -> Vec<VarId> {
    let mut out = Vec::new();
    collect_assigned(b, &mut out);
    out
}

fn collect_assigned(b: &Block, out: &mut Vec<VarId>) {
    for s in &b.stmts {
        out.extend(mutated_receivers(s));
        match &s.kind {
            StmtKind::Let { var, .. } => out.push(*var),
            StmtKind::Assign { place, .. } => out.push(place.var()),
            StmtKind::Call { out: o, .. } => out.push(*o),
            StmtKind::Push { vec, .. } => out.push(*vec),
            StmtKind::For { var, .. } => out.push(*var),
            StmtKind::While { .. }
            | StmtKind::If { .. }
            | StmtKind::Block { .. }
            | StmtKind::Match { .. } => {}
        }
        for inner in s.blocks() {
            collect_assigned(inner, out);
        }
    }
}

/// The receivers of the opaque method calls a statement makes (its own expressions, not
/// those of nested blocks), other than shape queries: any other method may mutate them.
fn mutated_receivers(s: &Stmt) -> Vec<VarId> {
    let mut out = vec![];
    for e in s.exprs() {
        e.visit(&mut |x| {
            if let ExprKind::Opaque(OpaqueCall::Method(recv, m, _, _)) = &x.kind {
                let query = matches!(
                    m.to_string().as_str(),
                    "len" | "is_empty" | "nrows" | "ncols" | "shape" | "dim"
                );
                if let (ExprKind::Var(v), false) = (&recv.kind, query) {
                    out.push(*v);
                }
            }
        });
    }
    out
}

/// Whether `e` mentions `v`.
fn mentions(e: &Expr, v: VarId) -> bool {
    matches!(e.kind, ExprKind::Var(u) if u == v) || e.children().into_iter().any(|c| mentions(c, v))
}

/// Whether two expressions surely have the same value (same structure, same variables,
/// same literals); `false` when in doubt.
fn same(a: &Expr, b: &Expr) -> bool {
    use ExprKind::*;
    let all =
        |x: &[Expr], y: &[Expr]| x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y));
    match (&a.kind, &b.kind) {
        (Var(x), Var(y)) => x == y,
        (Int(x), Int(y)) => x.base10_digits() == y.base10_digits() && x.suffix() == y.suffix(),
        (Const(x), Const(y)) => quote::quote!(#x).to_string() == quote::quote!(#y).to_string(),
        (Arith(o, a1, b1), Arith(p, a2, b2)) => o == p && same(a1, a2) && same(b1, b2),
        (Neg(x), Neg(y)) => same(x, y),
        (Index(a1, b1), Index(a2, b2)) => same(a1, a2) && same(b1, b2),
        (
            Opaque(OpaqueCall::Method(r1, m1, None, x)),
            Opaque(OpaqueCall::Method(r2, m2, None, y)),
        ) => {
            m1 == m2
                && matches!(m1.to_string().as_str(), "len" | "nrows" | "ncols")
                && same(r1, r2)
                && all(x, y)
        }
        _ => false,
    }
}
