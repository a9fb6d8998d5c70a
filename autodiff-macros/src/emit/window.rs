//! The reverse of a loop whose adjoints are kept in registers (`analysis::window`): one
//! register per offset, declared before the loop; in each iteration the contributions go
//! to them, then the element no later iteration touches is written and the others shift
//! by one; after the loop, the elements still in registers are written.

use super::{Ctx, Emitter};
use crate::analysis::window::{self, Window};
use crate::ir::*;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

/// The registers of one window: `x_bar_i_m1`, `x_bar_i`, `x_bar_i_p1` hold the adjoint of
/// `x[i - 1]`, `x[i]`, `x[i + 1]` for the iteration at hand.
pub struct Registers {
    var: VarId,
    index: VarId,
    first: i64,
    names: Vec<Ident>,
}

impl Ctx<'_> {
    /// What a window's registers do at the end of each iteration of the reverse loop (write
    /// the finished element, shift, clear), and after the loop (write what is left).
    fn window_ends(&self, r: &Registers, range: &Range) -> (TokenStream, TokenStream) {
        if range.rev {
            self.ends_going_up(r, range)
        } else {
            self.ends_going_down(r, range)
        }
    }

    /// The reverse of a loop running up, so `i` goes down: the element at the highest
    /// offset is finished, the others move up one offset; after the last iteration
    /// (`i = lo`), register `k` holds `lo − 1 + c`.
    fn ends_going_down(&self, r: &Registers, range: &Range) -> (TokenStream, TokenStream) {
        let (bar, i, zero) = (self.bar(r.var), self.name(r.index), self.zero());
        let (names, last) = (&r.names, r.names.len() - 1);
        let offset = |k: usize| r.first + k as i64;
        let lo = self.name(range.start);
        let (at, top) = (shifted(quote!(#i), offset(last)), &names[last]);
        let done = self.add_to(quote!(#bar[#at]), quote!(#top));
        let shift = (1..=last).rev().map(|k| {
            let (to, from) = (&names[k], &names[k - 1]);
            quote!(#to = #from;)
        });
        let first = &names[0];
        let rest = (1..=last).map(|k| {
            let (at, name) = (shifted(quote!(#lo), offset(k) - 1), &names[k]);
            self.add_to(quote!(#bar[#at]), quote!(#name))
        });
        (quote!(#done #(#shift)* #first = #zero;), quote!(#(#rest)*))
    }

    /// The reverse of a loop running down, so `i` goes up: the element at the lowest
    /// offset is finished; after the last iteration (`i = hi − 1`, or `hi` for `..=`),
    /// register `k` holds that index `+ 1 + c`.
    fn ends_going_up(&self, r: &Registers, range: &Range) -> (TokenStream, TokenStream) {
        let (bar, i, zero) = (self.bar(r.var), self.name(r.index), self.zero());
        let (names, last) = (&r.names, r.names.len() - 1);
        let offset = |k: usize| r.first + k as i64;
        let hi = self.name(range.end);
        let (at, bottom) = (shifted(quote!(#i), offset(0)), &names[0]);
        let done = self.add_to(quote!(#bar[#at]), quote!(#bottom));
        let shift = (0..last).map(|k| {
            let (to, from) = (&names[k], &names[k + 1]);
            quote!(#to = #from;)
        });
        let top = &names[last];
        let past = i64::from(range.inclusive);
        let rest = (0..last).map(|k| {
            let (at, name) = (shifted(quote!(#hi), offset(k) + past), &names[k]);
            self.add_to(quote!(#bar[#at]), quote!(#name))
        });
        (quote!(#done #(#shift)* #top = #zero;), quote!(#(#rest)*))
    }
}

impl Emitter<'_> {
    /// Opens the windows of the reverse of `for index in range { body }`: contributions to
    /// them go to registers until [`Emitter::close_windows`]. Returns their declarations and
    /// the mark to close them by.
    pub fn open_windows(
        &mut self,
        index: VarId,
        range: &Range,
        body: &Block,
    ) -> (TokenStream, usize) {
        let mark = self.windows.len();
        let found = window::windows(self.func, self.act, index, range, body);
        let (scalar, zero) = (self.scalar(), self.zero());
        let mut declarations = vec![];
        for w in found {
            let registers = self.registers(&w, index);
            let names = &registers.names;
            declarations.push(quote!(#(let mut #names: #scalar = #zero;)*));
            self.windows.push(registers);
        }
        (quote!(#(#declarations)*), mark)
    }

    fn registers(&mut self, w: &Window, index: VarId) -> Registers {
        let stem = format!("{}_{}", self.bar(w.var), self.name(index));
        let names = (w.first..=w.last)
            .map(|c| match c {
                0 => self.fresh(&stem),
                c if c > 0 => self.fresh(&format!("{stem}_p{c}")),
                c => self.fresh(&format!("{stem}_m{}", -c)),
            })
            .collect();
        Registers {
            var: w.var,
            index,
            first: w.first,
            names,
        }
    }

    /// The register an element's contribution goes to, if `v`'s window is open and `i` is
    /// the loop index plus an offset. The analysis saw every such index of `v` in the loop,
    /// so the offset always has a register; `None` (the element in memory) would be as
    /// correct, only slower.
    pub fn window_register(&self, v: VarId, i: &Expr) -> Option<Ident> {
        let r = self.windows.iter().find(|r| r.var == v)?;
        let c = window::offset(i, r.index)?;
        r.names.get(usize::try_from(c - r.first).ok()?).cloned()
    }

    /// Closes the windows `open_windows` opened for a loop over `range`. Returns the end of
    /// each iteration of the reverse (the finished element written, the registers shifted)
    /// and what follows the loop (the elements left in registers written, if it ran).
    pub fn close_windows(&mut self, range: &Range, mark: usize) -> (TokenStream, TokenStream) {
        let open: Vec<Registers> = self.windows.drain(mark..).collect();
        if open.is_empty() {
            return (quote!(), quote!());
        }
        let (mut step, mut rest) = (vec![], vec![]);
        for r in &open {
            let (s, t) = self.window_ends(r, range);
            step.push(s);
            rest.push(t);
        }
        let ran = self.runs(range);
        (quote!(#(#step)*), quote!(if #ran { #(#rest)* }))
    }
}

/// `base + d`, `base - |d|` or `base`.
fn shifted(base: TokenStream, d: i64) -> TokenStream {
    let magnitude = Literal::u64_unsuffixed(d.unsigned_abs());
    match d {
        0 => base,
        d if d > 0 => quote!(#base + #magnitude),
        _ => quote!(#base - #magnitude),
    }
}
