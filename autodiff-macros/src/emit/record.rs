//! What the forward sweep of `f_pullback` records for the reverse sweep: the values an
//! assignment overwrites (on a tape or in a local), a block's values saved when it ends,
//! the saves of a loop made in bulk before it, and tape room reserved from a loop's trip
//! count.

use super::{Ctx, Emitter};
use crate::ir::*;
use proc_macro2::{Ident, TokenStream};
use quote::quote;

impl Ctx<'_> {
    /// Room on each tape for what a loop body pushes on every iteration, reserved from the
    /// trip count before the loop (only for loops that run all their trips: a `break` could
    /// make a huge range's reservation a waste), so that recording never reallocates.
    pub(super) fn reserve_trips(
        &self,
        body: &Block,
        rebound: Option<VarId>,
        range: &Range,
    ) -> TokenStream {
        self.reserve_pushes(body, rebound, self.trips_ref(range))
    }

    /// Room on each tape for what `body` pushes in each of `trips` (a reference to an
    /// iterator whose length is the number of trips).
    pub(super) fn reserve_pushes(
        &self,
        body: &Block,
        rebound: Option<VarId>,
        trips: TokenStream,
    ) -> TokenStream {
        // Keyed by name, keeping the identifier (its span is its hygiene).
        let mut pushes = std::collections::BTreeMap::<String, (Ident, usize)>::new();
        let mut count = |tape: Ident| pushes.entry(tape.to_string()).or_insert((tape, 0)).1 += 1;
        for v in self.saved_at_block_end(body, rebound) {
            count(self.tape(v));
        }
        for tape in body.stmts.iter().filter_map(|s| self.pushed_by(s)) {
            count(tape);
        }
        let reserves = pushes.into_values().map(|(tape, per_trip)| {
            let per_trip = proc_macro2::Literal::usize_unsuffixed(per_trip);
            quote!(#tape.reserve_for(#trips, #per_trip);)
        });
        quote!(#(#reserves)*)
    }

    /// `&range`, for `SaveStack::reserve_for` and `room`.
    pub(super) fn trips_ref(&self, range: &Range) -> TokenStream {
        let header = self.range_header(range);
        // `&a..b` would borrow `a` alone; a method call on the range binds tighter than `&`.
        if range.rev || range.step.is_some() {
            quote!(&#header)
        } else {
            quote!(&(#header))
        }
    }

    /// The variables of an inner block that the reverse sweep reads: they are pushed when
    /// the block ends and popped when its reverse begins.
    pub fn saved_at_block_end(&self, b: &Block, rebound: Option<VarId>) -> Vec<VarId> {
        if b.id == 0 {
            return vec![];
        }
        (0..self.func.vars.len())
            .filter(|&v| {
                self.func.vars[v].scope == Some(b.id)
                    && self.needed.is_needed(v)
                    && Some(v) != rebound
                    && !self.needed.remat.contains(v)
            })
            .collect()
    }
}

impl Emitter<'_> {
    pub(super) fn block_saves(&mut self, b: &Block, rebound: Option<VarId>) -> Vec<TokenStream> {
        self.saved_at_block_end(b, rebound)
            .into_iter()
            .map(|v| {
                let (name, tape) = (self.name(v), self.tape(v));
                self.use_tape(&tape, self.kind(v) == Kind::Float && self.active(v));
                quote!(#tape.push(#name);)
            })
            .collect()
    }

    /// The saves of the loop `s` over `range` made before it (see `analysis::bulk_save`):
    /// the elements it will overwrite, copied onto their tapes in the order its pushes
    /// would have made.
    pub(super) fn bulk_save(&mut self, s: &Stmt, range: &Range) -> TokenStream {
        let Some(saved) = self.needed.bulk.before.get(&s.id) else {
            return quote!();
        };
        let span = self.span(range);
        let ran = self.runs(range);
        let extend = if range.rev {
            quote!(extend_reversed)
        } else {
            quote!(extend_from_slice)
        };
        let copies = saved.iter().map(|&v| {
            let (name, tape) = (self.name(v), self.elem_tape(v));
            self.use_tape(&tape, self.active(v));
            quote!(#tape.#extend(&#name[#span]);)
        });
        quote!(if #ran { #(#copies)* })
    }

    /// Saves the value an assignment overwrites, when the reverse sweep reads it.
    pub(super) fn save_before(&mut self, s: &Stmt) -> TokenStream {
        let StmtKind::Assign { place, value, .. } = &s.kind else {
            return quote!();
        };
        if self.needed.bulk.moved.contains(&s.id) {
            return quote!();
        }
        let Some(site) = crate::analysis::needed::save_site(self.func, self.needed, s) else {
            return quote!();
        };
        let v = place.var();
        let name = self.name(v);
        let mut reads_self = false;
        value.visit_vars(&mut |u| reads_self |= u == v);
        let old = match place {
            Place::Index(_, i) => {
                let i = self.expr(i, false);
                quote!(#name[#i])
            }
            Place::Var(_) if reads_self && matches!(self.kind(v), Kind::FloatSeq | Kind::Array) => {
                quote!(#name.clone())
            }
            Place::Var(_) => quote!(#name),
        };
        match site {
            crate::analysis::needed::SaveSite::Invert => quote!(),
            crate::analysis::needed::SaveSite::Local => {
                let local = self.local_save(s, &format!("{name}_old"));
                quote!(let #local = #old;)
            }
            crate::analysis::needed::SaveSite::Tape => {
                let tape = self.save_tape(place);
                let kind = match place {
                    Place::Index(..) => Kind::FloatSeq,
                    Place::Var(_) => Kind::Float,
                };
                self.use_tape(&tape, self.kind(v) == kind && self.active(v));
                quote!(#tape.push(#old);)
            }
        }
    }

    /// Declares `tape`, which saves scalars of the function's float type (or their dual
    /// numbers) when `scalars`. Only active variables count: a kind is a guess from the
    /// syntax (an untyped `let j = if c { i } else { k };` reads as a float), but a value
    /// that carries a derivative is a float, and a pooled tape only compiles for floats.
    pub fn use_tape(&mut self, tape: &Ident, scalars: bool) {
        // Lifted code saves active scalars as `Dual<F>` and inactive ones as `F`: both pool.
        let pooled = scalars && self.concrete_float();
        let entry = self
            .tapes
            .entry(tape.to_string())
            .or_insert((tape.clone(), pooled));
        entry.1 &= pooled;
    }

    /// The local that keeps the value overwritten at a top-level assignment.
    pub fn local_save(&mut self, s: &Stmt, base: &str) -> Ident {
        let key = s.id;
        if let Some(name) = self.locals.get(&key) {
            return name.clone();
        }
        let name = self.fresh(base);
        self.locals.insert(key, name.clone());
        name
    }
}
