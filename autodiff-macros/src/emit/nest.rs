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
//! Which nests are reserved is the plan's (`analysis::nests`, which says what can be
//! counted); this file writes the counts.

use super::{Ctx, Emitter};
use crate::analysis::nests::{Bound, Outer};
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

impl Ctx<'_> {
    /// The room an iteration of the loop `for index in …` with this body needs on each
    /// tape, for the outer loop of a reserved nest (`Needed::nests`).
    pub fn nest_room(&self, body: &Block, index: VarId) -> Room {
        self.block_room(&Outer::of(body), body, Some(index))
    }

    fn block_room(&self, outer: &Outer, b: &Block, rebound: Option<VarId>) -> Room {
        let mut room = Room::default();
        for v in self.saved_at_block_end(b, rebound) {
            room.add(self.tape(v), 1, None);
        }
        for s in &b.stmts {
            match &s.kind {
                StmtKind::Let { .. } | StmtKind::Push { .. } | StmtKind::Call { .. } => {}
                StmtKind::Assign { .. } => {
                    if let Some(tape) = self.pushed_by(s) {
                        room.add(tape, 1, None);
                    }
                }
                StmtKind::If { then, els, .. } => {
                    let then = self.block_room(outer, then, None);
                    let els = self.block_room(outer, els, None);
                    for (tape, count) in larger(then, els) {
                        room.add(tape, 0, Some(count));
                    }
                }
                StmtKind::For {
                    var,
                    range,
                    body,
                    trips: counter,
                    ..
                } => {
                    let trips = self.hoisted_range(outer, b, range);
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
                    let inner = self.block_room(outer, body, rebound);
                    for (tape, count) in inner.per_trip() {
                        room.add(tape, 0, Some(quote!(__ad::room(&#trips, || #count))));
                    }
                }
                StmtKind::While { .. } | StmtKind::Match { .. } | StmtKind::Block { .. } => {
                    unreachable!("a reserved nest holds no `while`, `match` or region")
                }
            }
        }
        room
    }

    /// An inner loop's range written with expressions the outer loop can evaluate before
    /// it starts: its bounds' `let`s in `b` replaced by their initial values.
    fn hoisted_range(&self, outer: &Outer, b: &Block, r: &Range) -> TokenStream {
        let bound = |v: VarId| match outer.bound(self.func, b, v) {
            Some(Bound::Outside) => {
                let name = self.name(v);
                quote!(#name)
            }
            Some(Bound::Init(init)) => self.expr(init, false),
            None => unreachable!("the bounds of a reserved nest's loops are hoisted"),
        };
        let (lo, hi) = (bound(r.start), bound(r.end));
        // No bound holds a range or an assignment, so none needs parentheses.
        let mut it = if r.inclusive {
            quote!(#lo..=#hi)
        } else {
            quote!(#lo..#hi)
        };
        if let Some(k) = r.step {
            let k = bound(k);
            it = quote!((#it).step_by(#k));
        }
        quote!((#it))
    }
}

impl Emitter<'_> {}

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
