//! Room on the tapes for a whole loop nest, reserved before its outer loop, as Enzyme
//! allocates a nest's caches up front when its trip counts are known on entry.
//!
//! Why: a push that may grow its tape is a call, and when an outer loop makes any call
//! (cold or not, a `memcpy` of a bulk save too), LLVM keeps a float carried through the
//! inner loop (`loss += x[i] * x[i]`) in stack memory, so each step of that chain waits on
//! a store and a load: the mass chain's forward sweep took 2.8× its primal for that alone.
//! Where every push in the nest can be counted before it runs, the outer loop reserves
//! the count and its body pushes through `SaveStack::reserved`, which never grows: the
//! nest makes no call. A nest it cannot count keeps the growing pushes. A function with a
//! reserved nest also keeps its forward sweep out of line (`items::pullback::pullback_with`):
//! inlined beside its reverse sweep, the carried float was kept in memory all the same.
//!
//! What can be counted: the pushes of the nest's loop bodies and `if` branches (a branch
//! counts as the larger of the two), and inner `for` loops that run all their trips, reached
//! from the outer loop through loop bodies only, whose bounds the outer loop does not
//! change: literals, integer arithmetic, and variables declared outside it that it never
//! writes (or whose elements alone it writes, when only their `len()` is read). A `while`,
//! a `match`, a checkpoint or a loop with an exit leaves the nest as it was.

use super::Ctx;
use crate::analysis::needed::checkpointed;
use crate::ir::*;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;
use std::collections::BTreeMap;

/// How many values an iteration pushes on each tape (keyed by name), as a `usize`
/// expression: a constant part and the room of inner loops.
#[derive(Default)]
pub struct Room(BTreeMap<String, (Ident, usize, Vec<TokenStream>)>);

impl Room {
    fn add(&mut self, tape: Ident, fixed: usize, term: Option<TokenStream>) {
        let entry = self.0.entry(tape.to_string()).or_insert((tape, 0, vec![]));
        entry.1 += fixed;
        entry.2.extend(term);
    }

    fn count(fixed: usize, terms: &[TokenStream]) -> TokenStream {
        let literal = Literal::usize_unsuffixed(fixed);
        match (fixed, terms) {
            (_, []) => quote!(#literal),
            (0, _) => quote!(#(#terms)+*),
            _ => quote!(#literal #(+ #terms)*),
        }
    }

    /// The tapes and, for each, its count per iteration.
    pub fn per_trip(self) -> impl Iterator<Item = (Ident, TokenStream)> {
        self.0
            .into_values()
            .map(|(tape, fixed, terms)| (tape, Room::count(fixed, &terms)))
    }
}

/// The loop a nest hangs from, for the questions its inner loops' bounds raise.
struct Outer<'b> {
    body: &'b Block,
    blocks: Vec<BlockId>,
}

impl Outer<'_> {
    fn declares(&self, func: &Func, v: VarId) -> bool {
        matches!(func.vars[v].scope, Some(b) if self.blocks.contains(&b))
    }

    /// Whether the nest writes `v` whole (not only elements of it).
    fn writes_whole(&self, v: VarId) -> bool {
        self.body.any(&|s| {
            s.writes(v)
                && !matches!(
                    &s.kind,
                    StmtKind::Assign {
                        place: Place::Index(..),
                        ..
                    }
                )
        })
    }

    fn writes(&self, v: VarId) -> bool {
        self.body.any(&|s| s.writes(v))
    }
}

impl Ctx<'_> {
    /// The room an iteration of the loop `for index in …` with this body needs on each
    /// tape, when the loop is the outer loop of a nest whose pushes can all be counted
    /// before it runs (see the module documentation); `None` otherwise, or when the body
    /// holds no inner loop (a single loop's pushes are reserved as before, with growth).
    pub fn nest_room(&self, body: &Block, index: VarId) -> Option<Room> {
        if !body
            .stmts
            .iter()
            .any(|s| matches!(s.kind, StmtKind::For { .. }))
        {
            return None;
        }
        let mut blocks = vec![];
        collect_block_ids(body, &mut blocks);
        let outer = Outer { body, blocks };
        self.block_room(&outer, body, Some(index), false)
    }

    fn block_room(
        &self,
        outer: &Outer,
        b: &Block,
        rebound: Option<VarId>,
        in_branch: bool,
    ) -> Option<Room> {
        let mut room = Room::default();
        for v in self.saved_at_block_end(b, rebound) {
            room.add(self.tape(v), 1, None);
        }
        for s in &b.stmts {
            if checkpointed(s).is_some() {
                return None;
            }
            match &s.kind {
                StmtKind::Let { .. } | StmtKind::Push { .. } | StmtKind::Call { .. } => {}
                StmtKind::Assign { .. } => {
                    if let Some(tape) = self.pushed_by(s) {
                        room.add(tape, 1, None);
                    }
                }
                StmtKind::If { then, els, .. } => {
                    let then = self.block_room(outer, then, None, true)?;
                    let els = self.block_room(outer, els, None, true)?;
                    for (tape, count) in larger(then, els) {
                        room.add(tape, 0, Some(count));
                    }
                }
                StmtKind::For {
                    var,
                    range,
                    body,
                    exit: None,
                    trips: counter,
                    ..
                } if !in_branch => {
                    let trips = self.hoisted_range(outer, b, range)?;
                    // As the For arm of `forward_stmt`: a loop that counts its trips (a
                    // stepped one) saves its index.
                    let rebound = counter.is_none().then_some(*var);
                    let saved = self.needed.bulk.before.get(&s.id);
                    for &v in saved.into_iter().flatten() {
                        room.add(
                            self.elem_tape(v),
                            0,
                            Some(quote!(__ad::room(&#trips, || 1))),
                        );
                    }
                    let inner = self.block_room(outer, body, rebound, false)?;
                    for (tape, count) in inner.per_trip() {
                        room.add(tape, 0, Some(quote!(__ad::room(&#trips, || #count))));
                    }
                }
                StmtKind::For { .. }
                | StmtKind::While { .. }
                | StmtKind::Match { .. }
                | StmtKind::Block { .. } => return None,
            }
        }
        Some(room)
    }

    /// An inner loop's range written with expressions the outer loop can evaluate before
    /// it starts: its bounds' `let`s in `b` replaced by their initial values.
    fn hoisted_range(&self, outer: &Outer, b: &Block, r: &Range) -> Option<TokenStream> {
        let bound = |v: VarId| self.hoisted_var(outer, b, v);
        let (lo, hi) = (bound(r.start)?, bound(r.end)?);
        // No bound holds a range or an assignment, so none needs parentheses.
        let mut it = if r.inclusive {
            quote!(#lo..=#hi)
        } else {
            quote!(#lo..#hi)
        };
        if let Some(k) = r.step {
            let k = bound(k)?;
            it = quote!((#it).step_by(#k));
        }
        Some(quote!((#it)))
    }

    fn hoisted_var(&self, outer: &Outer, b: &Block, v: VarId) -> Option<TokenStream> {
        if !outer.declares(self.func, v) {
            return (!outer.writes(v)).then(|| {
                let name = self.name(v);
                quote!(#name)
            });
        }
        let init = b.stmts.iter().find_map(|s| match &s.kind {
            StmtKind::Let { var, init } if *var == v => init.as_ref(),
            _ => None,
        })?;
        if outer.writes(v) || !self.invariant(outer, init) {
            return None;
        }
        Some(self.expr(init, false))
    }

    /// Whether `e` has the same value wherever the nest evaluates it.
    fn invariant(&self, outer: &Outer, e: &Expr) -> bool {
        let declared_outside = |v: VarId| !outer.declares(self.func, v);
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Const(_) => true,
            ExprKind::Var(v) => declared_outside(*v) && !outer.writes(*v),
            ExprKind::Arith(_, a, b) => self.invariant(outer, a) && self.invariant(outer, b),
            ExprKind::Neg(a) | ExprKind::Cast(a, _) => self.invariant(outer, a),
            ExprKind::Opaque(OpaqueCall::Method(recv, m, None, args)) if m == "len" => {
                matches!(&recv.kind, ExprKind::Var(v)
                    if declared_outside(*v) && !outer.writes_whole(*v))
                    && args.is_empty()
            }
            _ => false,
        }
    }
}

/// Per tape, the larger of two branches' counts.
fn larger(then: Room, mut els: Room) -> Vec<(Ident, TokenStream)> {
    let mut out = vec![];
    for (key, (tape, a, a_terms)) in then.0 {
        let count = match els.0.remove(&key) {
            None => Room::count(a, &a_terms),
            Some((_, b, b_terms)) if a_terms.is_empty() && b_terms.is_empty() => {
                Room::count(a.max(b), &[])
            }
            Some((_, b, b_terms)) => {
                let (a, b) = (Room::count(a, &a_terms), Room::count(b, &b_terms));
                quote!(::core::cmp::max(#a, #b))
            }
        };
        out.push((tape, count));
    }
    out.extend(els.per_trip());
    out
}
