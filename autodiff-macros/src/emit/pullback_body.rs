//! Reverse mode: the body of `f_pullback`, a forward sweep that records what the reverse
//! sweep reads, then a `move` closure holding the reverse sweep (`reverse.rs`): the tapes
//! declared before it, the adjoints declared and seeded, the value returned, and the
//! cotangents the closure gives back.

use super::forward::Sweep;
use super::signature::{Acc, PullbackSig};
use super::{Ctx, Emitter};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// `let z = &part;` again at the top of the pullback closure, for each reference the
    /// function's outermost block binds to a local it owns and never assigns again (`let z
    /// = &x[1..];`, whose part is copied into a local): the `move` closure takes the local,
    /// so it cannot also take a reference to it, and borrows it anew instead.
    fn aliases_again(&self) -> TokenStream {
        let writes = |v: VarId| {
            let mut n = 0;
            visit_region(&self.func.body, &mut |w, write| {
                n += usize::from(write && w == v)
            });
            n
        };
        let owned = |v: VarId| {
            !self.func.params.iter().any(|p| p.var == v)
                && !matches!(self.func.vars[v].ty, Some(syn::Type::Reference(_)))
                && self.func.is_top_level(v)
        };
        let rebinds = self.func.body.stmts.iter().filter_map(|s| {
            let StmtKind::Let {
                var,
                init: Some(init),
            } = &s.kind
            else {
                return None;
            };
            let ExprKind::Ref(inner) = &init.kind else {
                return None;
            };
            let ExprKind::Var(local) = inner.kind else {
                return None;
            };
            (owned(local) && writes(local) <= 1 && writes(*var) <= 1).then(|| {
                let (name, local) = (self.name(*var), self.name(local));
                quote!(let #name = &#local;)
            })
        });
        quote!(#(#rebinds)*)
    }

    /// `let w = w.to_vec();` for each top-level sequence the function holds as a reference
    /// to a parameter's values (`let w = if c { x } else { y };`, a buffer swapped between
    /// two slices): the pullback, which borrows nothing, captures its own copy.
    fn owned_before_capture(&self) -> TokenStream {
        let copies = (0..self.func.vars.len())
            .filter(|&v| {
                self.func.is_top_level(v)
                    && self.func.vars[v].scope.is_some()
                    && self.kind(v) == Kind::FloatSeq
                    && !self.func.params.iter().any(|p| p.var == v)
                    && !self.func.fields.iter().any(|f| f.var == v)
                    && matches!(self.func.vars[v].ty, Some(syn::Type::Reference(_)))
            })
            .map(|v| {
                let name = self.name(v);
                quote!(let #name = #name.to_vec();)
            });
        quote!(#(#copies)*)
    }

    /// The returned value(s), cloned only when the reverse sweep also reads them.
    pub(super) fn result_value(&self) -> TokenStream {
        let parts: Vec<TokenStream> = self
            .func
            .ret
            .iter()
            .map(|&r| {
                let name = self.name(r);
                let value = if self.needed.is_needed(r)
                    && matches!(self.kind(r), Kind::FloatSeq | Kind::Array)
                {
                    quote!(#name.clone())
                } else {
                    quote!(#name)
                };
                // The dual twin returns dual numbers even where no derivative reached.
                match (self.mode, self.active(r), self.kind(r)) {
                    (super::Mode::Lifted, false, Kind::Float) => quote!(__ad::lift(#value)),
                    (super::Mode::Lifted, false, Kind::FloatSeq) => quote!(__ad::lift_seq(&#value)),
                    (super::Mode::Lifted, false, Kind::Array) => quote!(__ad::lift_nd(&#value)),
                    _ => value,
                }
            })
            .collect();
        match &self.func.ret_shape {
            Ret::Single(_) => parts[0].clone(),
            Ret::Tuple(_) => quote!((#(#parts),*)),
        }
    }

    /// The adjoints of the function's top-level variables, declared before its reverse.
    pub(super) fn adjoint_declarations(&self, accs: &[Acc]) -> Vec<TokenStream> {
        self.top_level_adjoints()
            .into_iter()
            .map(|v| self.declare_top_adjoint(v, accs))
            .collect()
    }

    /// The cotangents of the active parameters, in parameter order.
    pub(super) fn cotangent_results(&self, accs: &[Acc]) -> Vec<TokenStream> {
        let lent = |v: VarId| accs.iter().find(|a| a.param == v);
        self.func
            .params
            .iter()
            .filter(|p| p.active)
            .map(|p| match lent(p.var) {
                Some(a) if self.written(p.var) => {
                    let (bar, acc) = (self.bar_value(p.var), &a.name);
                    quote!(__ad::accumulate(#acc, #bar))
                }
                _ => self.bar_value(p.var),
            })
            .collect()
    }

    /// The cotangents of the results start as the seed.
    pub(super) fn seed(&self, dout: &syn::Ident) -> TokenStream {
        let bars: Vec<TokenStream> = self
            .func
            .ret
            .iter()
            .map(|&r| {
                let bar = self.bar(r);
                if self.active(r) {
                    quote!(mut #bar)
                } else {
                    quote!(_)
                }
            })
            .collect();
        match &self.func.ret_shape {
            Ret::Single(_) => {
                let bar = &bars[0];
                quote!(let #bar = #dout;)
            }
            Ret::Tuple(_) => quote!(let (#(#bars),*) = #dout;),
        }
    }

    /// The top-level variables (parameters included) whose adjoints the reverse declares
    /// up front.
    pub(super) fn top_level_adjoints(&self) -> Vec<VarId> {
        (0..self.func.vars.len())
            .filter(|&v| self.func.is_top_level(v) && self.active(v) && !self.func.ret.contains(&v))
            .filter(|&v| self.kind(v).is_float())
            .collect()
    }

    /// Whether the function assigns `v` anywhere (wholly, an element, a push).
    fn written(&self, v: VarId) -> bool {
        self.func.body.any(&|s| s.writes(v))
    }

    /// `let mut x_bar = …;`: the accumulator lent for it, the seed of an output, or zeros.
    pub(super) fn declare_top_adjoint(&self, v: VarId, accs: &[Acc]) -> TokenStream {
        match accs.iter().find(|a| a.param == v) {
            Some(a) if !self.written(v) => {
                let (bar, acc, name) = (self.bar(v), &a.name, self.name(v));
                quote!(let mut #bar = __ad::accumulator(#acc, &#name);)
            }
            _ => self
                .output_seed(v)
                .unwrap_or_else(|| self.declare_adjoint(v)),
        }
    }
}

impl Emitter<'_> {
    /// The statements of `f_pullback`'s body: forward sweep, then `(value, pullback)`.
    pub fn pullback_body(&mut self, sig: &PullbackSig) -> TokenStream {
        let (dout, dout_ty, cotangent_tys) = (&sig.dout, &sig.seed_ty, &sig.cts);
        let forward = self.forward_block(&self.func.body, Sweep::Augmented, None);
        let reverse = self.reverse_sweep(dout, &sig.accs);
        let tapes = self.tape_declarations();
        let value = self.result_value();
        let refs = super::signature::ref_params(self);
        let accs = sig.accs.iter().map(|a| {
            let (name, ty) = (&a.name, &a.ty);
            quote!(#name: #ty)
        });
        let prologue = self.prologue(Sweep::Augmented);
        let closure_prologue = self.closure_prologue();
        let aliases = self.aliases_again();
        let owned = self.owned_before_capture();
        let write_back = self.write_back(Sweep::Augmented);
        let dout_param = (!self.unit_result()).then(|| quote!(#dout: #dout_ty,));
        let seeds = self.output_seed_params();
        quote! {
            #prologue
            #(#tapes)*
            #forward
            #write_back
            #owned
            let pullback = move |#(#refs,)* #dout_param #(#accs,)* #(#seeds),*| -> (#(#cotangent_tys,)*) {
                #closure_prologue
                #aliases
                #reverse
            };
            (#value, pullback)
        }
    }

    /// `let mut x_tape = …;` for each tape: one from the thread's pool where it holds
    /// scalars of a concrete float type (see `SaveStack::pooled`), a new one otherwise.
    pub(super) fn tape_declarations(&self) -> Vec<TokenStream> {
        let declare = |(t, pooled): &(syn::Ident, bool)| {
            if *pooled {
                quote!(let mut #t = __ad::SaveStack::pooled();)
            } else {
                quote!(let mut #t = __ad::SaveStack::new();)
            }
        };
        self.tapes.values().map(declare).collect()
    }

    /// The pullback's statements. A sequence parameter's adjoint starts as the accumulator
    /// its caller lent when the function only adds into it; one it assigns (whose reverse
    /// takes and clears the adjoint) starts from zeros and is added into the accumulator
    /// at the end.
    fn reverse_sweep(&mut self, dout: &syn::Ident, accs: &[Acc]) -> TokenStream {
        let seed = (!self.unit_result()).then(|| self.seed(dout));
        let adjoints = self.adjoint_declarations(accs);
        let body = self.reverse_stmts(&self.func.body);
        // A field read as a slice of structs gathers its columns first, then joins its
        // struct's cotangent with the other fields.
        let slice_fields = self
            .func
            .slice_fields
            .iter()
            .filter(|&&v| self.active(v))
            .map(|&v| self.gather_fields(v));
        let gathered = self
            .func
            .params
            .iter()
            .filter(|p| p.active && matches!(p.shape, ParamShape::Struct | ParamShape::StructSlice))
            .map(|p| self.gather_fields(p.var));
        let gathered: Vec<TokenStream> = slice_fields.chain(gathered).collect();
        let results = self.cotangent_results(accs);
        quote! {
            #seed
            #(#adjoints)*
            #body
            #(#gathered)*
            (#(#results,)*)
        }
    }
}
