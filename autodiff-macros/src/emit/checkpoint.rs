//! `#[checkpoint]` regions: the forward sweep runs them without recording and keeps only
//! their carried state at segment starts; the reverse sweep restores a segment's start
//! state, runs the segment again recording, then runs its adjoint.
//!
//! A region's body thus appears three times: plain (`Sweep::Plain`), recording
//! (`Sweep::Augmented`) and reversed, which is why the IR keeps bodies as blocks.

use super::forward::Sweep;
use super::{Ctx, Emitter};
use crate::ir::*;
use proc_macro2::{Ident, TokenStream};
use quote::quote;

impl Ctx<'_> {
    /// `(a.clone(), b.clone(),)`: the carried state.
    fn state(&self, region: &Region) -> TokenStream {
        let vars = region.carried.iter().map(|&v| self.name(v));
        quote!((#(#vars.clone(),)*))
    }

    /// `a = state.0; b = state.1;`
    fn restore_state(&self, region: &Region, state: &Ident) -> TokenStream {
        let sets = region.carried.iter().enumerate().map(|(k, &v)| {
            let (name, k) = (self.name(v), syn::Index::from(k));
            quote!(#name = #state.#k;)
        });
        quote!(#(#sets)*)
    }

    fn schedule(&self, c: &Checkpoint) -> TokenStream {
        match c {
            Checkpoint::Segments(k) => quote!(__ad::checkpoint::Schedule::Segments(#k)),
            _ => quote!(__ad::checkpoint::Schedule::Sqrt),
        }
    }

    /// The number of steps of a range: `hi - lo` (`+ 1` when inclusive), or 0.
    fn steps(&self, r: &Range) -> TokenStream {
        let (lo, hi, inclusive) = (self.name(r.start), self.name(r.end), r.inclusive);
        quote!(__ad::checkpoint::steps(#lo, #hi, #inclusive))
    }
}

impl Emitter<'_> {
    /// Names shared by a region's forward and reverse code, one per base, given in order.
    fn region_names<const N: usize>(&mut self, s: &Stmt, bases: [&str; N]) -> [Ident; N] {
        bases.map(|base| self.stmt_name(s.id, base))
    }

    /// The forward sweep of a region: plain code, states at segment starts.
    pub fn checkpoint_forward(&mut self, s: &Stmt) -> TokenStream {
        let tape = self.stmt_name(s.id, "ckpt_tape");
        self.use_tape(&tape, false);
        match &s.kind {
            StmtKind::For {
                var,
                range,
                body,
                checkpoint: Some(c),
                ..
            } => {
                let region = Region::of(self.func, body);
                let (state, i, header) = (
                    self.state(&region),
                    self.name(*var),
                    self.range_header(range),
                );
                let plain = self.forward_block(body, Sweep::Plain, Some(*var));
                if let Checkpoint::Snapshots(_) = c {
                    return quote!(#tape.push(#state); for #i in #header { #plain });
                }
                let [count, seg, states, k] =
                    self.region_names(s, ["ckpt_n", "ckpt_seg", "ckpt_states", "ckpt_k"]);
                let steps = self.steps(range);
                let schedule = self.schedule(c);
                quote! {
                    let #count = #steps;
                    let #seg = __ad::checkpoint::segment_len(#count, #schedule);
                    let mut #states = ::std::vec::Vec::new();
                    for (#k, #i) in (#header).enumerate() {
                        if #k.is_multiple_of(#seg) {
                            #states.push(#state);
                        }
                        #plain
                    }
                    #tape.push(#states);
                }
            }
            StmtKind::While {
                cond, body, trips, ..
            } => {
                let region = Region::of(self.func, body);
                let (state, thin, trips) = (
                    self.state(&region),
                    self.stmt_name(s.id, "ckpt_thin"),
                    self.name(*trips),
                );
                let cond = self.expr(cond, false);
                let plain = self.forward_block(body, Sweep::Plain, None);
                quote! {
                    let mut #thin = __ad::checkpoint::Thinning::new();
                    let mut #trips: usize = 0;
                    while #cond {
                        #thin.offer(#trips, || #state);
                        #plain
                        #trips += 1;
                    }
                    #tape.push(#thin.into_parts());
                }
            }
            StmtKind::Block { body, .. } => {
                let region = Region::of(self.func, body);
                let state = self.state(&region);
                let plain = self.forward_block(body, Sweep::Plain, None);
                quote!(#tape.push(#state); { #plain })
            }
            _ => unreachable!("checkpoint_forward is called on checkpointed regions"),
        }
    }

    /// The reverse sweep of a region: segments last to first, each restored, recomputed
    /// while recording, then reversed.
    pub fn checkpoint_reverse(&mut self, s: &Stmt) -> TokenStream {
        let tape = self.stmt_name(s.id, "ckpt_tape");
        match &s.kind {
            StmtKind::For {
                var,
                range,
                body,
                checkpoint: Some(c),
                ..
            } => {
                let region = Region::of(self.func, body);
                let i = self.name(*var);
                let k = self.stmt_name(s.id, "ckpt_k");
                // A copy of the context: `self` goes on naming while the closure lives.
                let cx = self.cx();
                let step = move |k: &Ident| {
                    let lo = cx.name(range.start);
                    quote!(let #i = __ad::checkpoint::nth_index(#lo, #k);)
                };
                let record = self.forward_block(body, Sweep::Augmented, Some(*var));
                let reverse = self.reverse_region(body, Some(*var));
                let count = self.stmt_name(s.id, "ckpt_n");
                let steps = self.steps(range);
                if let Checkpoint::Snapshots(slots) = c {
                    let plain = self.forward_block(body, Sweep::Plain, Some(*var));
                    return self.revolve_reverse(
                        s,
                        &region,
                        quote!(#steps),
                        slots,
                        step,
                        plain,
                        record,
                        reverse,
                    );
                }
                let [seg, states, idx, state, first, last] = self.region_names(
                    s,
                    [
                        "ckpt_seg",
                        "ckpt_states",
                        "ckpt_s",
                        "ckpt_state",
                        "ckpt_first",
                        "ckpt_last",
                    ],
                );
                let restore = self.restore_state(&region, &state);
                let schedule = self.schedule(c);
                let set_i = step(&k);
                let recorded = self.recording_mark(&[&states]);
                // Room for the longest segment's recording, once: the tapes keep it from
                // one segment to the next, and never reallocate.
                let room = self.reserve_pushes(body, Some(*var), quote!(&(0..#seg)));
                // Taken from the end (`pop`): the snapshots not yet used stay in a buffer
                // that has a name, which `f_saved`'s measure reads.
                quote! {
                    let mut #states = #tape.pop();
                    let #count = #steps;
                    let #seg = __ad::checkpoint::segment_len(#count, #schedule);
                    #room
                    while let ::core::option::Option::Some(#state) = #states.pop() {
                        let #idx = #states.len();
                        #restore
                        let #first = #idx * #seg;
                        let #last = ::core::cmp::min(#first + #seg, #count);
                        for #k in #first..#last {
                            #set_i
                            #record
                        }
                        #recorded
                        for #k in (#first..#last).rev() {
                            #set_i
                            #reverse
                        }
                    }
                }
            }
            StmtKind::While { body, trips, .. } => {
                let region = Region::of(self.func, body);
                let [every, states, idx, state, first, last] = self.region_names(
                    s,
                    [
                        "ckpt_every",
                        "ckpt_states",
                        "ckpt_s",
                        "ckpt_state",
                        "ckpt_first",
                        "ckpt_last",
                    ],
                );
                let trips = self.name(*trips);
                let restore = self.restore_state(&region, &state);
                let record = self.forward_block(body, Sweep::Augmented, None);
                let reverse = self.reverse_region(body, None);
                let recorded = self.recording_mark(&[&states]);
                let room = self.reserve_pushes(body, None, quote!(&(0..#every)));
                quote! {
                    let (#every, mut #states) = #tape.pop();
                    #room
                    while let ::core::option::Option::Some(#state) = #states.pop() {
                        let #idx = #states.len();
                        #restore
                        let #first = #idx * #every;
                        let #last = ::core::cmp::min(#first + #every, #trips);
                        for _ in #first..#last {
                            #record
                        }
                        #recorded
                        for _ in #first..#last {
                            #reverse
                        }
                    }
                }
            }
            StmtKind::Block { body, .. } => {
                let region = Region::of(self.func, body);
                let state = self.stmt_name(s.id, "ckpt_state");
                let restore = self.restore_state(&region, &state);
                let record = self.forward_block(body, Sweep::Augmented, None);
                let reverse = self.reverse_region(body, None);
                let recorded = self.recording_mark(&[]);
                quote! {
                    let #state = #tape.pop();
                    #restore
                    {
                        #record
                        #recorded
                        #reverse
                    }
                }
            }
            _ => unreachable!("checkpoint_reverse is called on checkpointed regions"),
        }
    }

    /// The binomial schedule: the actions of `Revolve` drive plain runs, saves, restores
    /// and single recorded-and-reversed steps.
    #[allow(clippy::too_many_arguments)]
    fn revolve_reverse(
        &mut self,
        s: &Stmt,
        region: &Region,
        steps: TokenStream,
        slots: &syn::Expr,
        step: impl Fn(&Ident) -> TokenStream,
        plain: TokenStream,
        record: TokenStream,
        reverse: TokenStream,
    ) -> TokenStream {
        let [tape, count, table, state, action, k] = self.region_names(
            s,
            [
                "ckpt_tape",
                "ckpt_n",
                "ckpt_slots",
                "ckpt_state",
                "ckpt_action",
                "ckpt_k",
            ],
        );
        let [from, to, slot, at, schedule] = self.region_names(
            s,
            [
                "ckpt_from",
                "ckpt_to",
                "ckpt_slot",
                "ckpt_step",
                "ckpt_schedule",
            ],
        );
        let current = self.state(region);
        let restore = self.restore_state(region, &state);
        let (set_k, set_at) = (step(&k), step(&at));
        let recorded = self.recording_mark(&[&table, &schedule]);
        quote! {
            let #state = #tape.pop();
            let #count = #steps;
            let mut #table = ::std::vec![None; #slots];
            #table[0] = Some(#state.clone());
            #restore
            // (Named, for `f_saved`'s measure of what the schedule holds.)
            let mut #schedule = __ad::checkpoint::Revolve::new(#count, #slots);
            while let ::core::option::Option::Some(#action) = #schedule.next() {
                match #action {
                    __ad::checkpoint::Action::Advance { from: #from, to: #to } => {
                        for #k in #from..#to {
                            #set_k
                            #plain
                        }
                    }
                    __ad::checkpoint::Action::Save { slot: #slot, .. } => #table[#slot] = Some(#current),
                    __ad::checkpoint::Action::Restore { slot: #slot, .. } => {
                        let #state = #table[#slot].clone().unwrap();
                        #restore
                    }
                    __ad::checkpoint::Action::Reverse { step: #at } => {
                        #set_at
                        #record
                        #recorded
                        #reverse
                    }
                }
            }
        }
    }
}
