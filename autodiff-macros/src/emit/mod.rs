//! Code generation: the IR and its analyses, printed back as Rust.
//!
//! - `expr.rs`: primal expressions (with dual-number lifting for second order);
//! - `forward.rs`: the forward walk shared by `f_jvp` and `f_pullback`'s forward sweep, with
//!   `schedule.rs` (where tangent statements go), `record.rs` (what the forward sweep saves
//!   for the reverse one), `calls.rs` (differentiated calls), `ranges.rs` (loop ranges) and
//!   `lift.rs` (user types on dual numbers);
//! - `tangent.rs`: forward mode, `f_jvp`;
//! - `adjoint.rs`: the reverse of one statement's expression;
//! - `pullback_body.rs`: reverse mode, `f_pullback`'s body (forward sweep, then a closure
//!   holding the reverse sweep);
//! - `reverse.rs`: the reverse sweep of blocks and statements, with `reverse_assign.rs` for
//!   assignments;
//! - `nest.rs`: tape room for a whole loop nest, reserved before it runs;
//! - `joint.rs`: `f_vjp`'s own body, where loops run fused with their reverse;
//! - `items/`: the items beside `f`, one file per kind (`f_jvp`, `f_pullback`, `f_vjp`,
//!   `f_grad`, `f_hvp`, `f_gradcheck`, the callers' entry points, custom rules);
//! - `names.rs`: the kinds of derived item (`Derived`) and every derived item's name;
//! - `signature.rs`: what the items' signatures are made of, shared by `items/` and the
//!   bodies that follow those signatures.
//!
//! Two types carry emission. [`Ctx`] is what it reads: the function, its analyses and the
//! scalar mode, immutable and `Copy`; its `&self` methods are queries (a variable's name,
//! its adjoint's, a zero, an expression printed). [`Emitter`] is a `Ctx` with what emission
//! hands out as it goes: names (temporaries, `fresh` names, names shared by a statement's
//! forward and reverse code, the locals keeping overwritten values), the tapes the forward
//! sweep pushes to (declared once it is written), and the adjoint windows of the loops
//! whose reverse is being written. Its methods that hand something out take `&mut self`,
//! so the order names are given in is the order the code calls for them: one emitter
//! writes `_jvp`, then the pullbacks and the callers' items, and each name depends on
//! all those before. `Emitter` derefs to its `Ctx`, so emitting code reads queries as
//! `self.name(v)`; a closure that must query while the emitter names things holds a copy
//! of the context (`let cx = self.cx();`). An item that only queries takes a `&Ctx`.

mod adjoint;
pub mod as_method;
pub mod body_items;
pub mod callers;
mod calls;
mod check_finite;
mod checkpoint;
mod expr;
pub mod fallible;
mod fields;
mod forward;
pub mod in_place;
pub mod items;
mod joint;
mod lift;
pub mod names;
mod nest;
mod outputs;
mod pullback_body;
mod ranges;
mod record;
mod reverse;
mod reverse_assign;
mod schedule;
mod signature;
pub mod state;
pub mod step_entries;
pub mod steps;
mod tangent;
mod window;

use crate::analysis::{Activity, Needed};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The `use`s opening a derived item's body: the runtime's plumbing as `__ad`, float
/// methods on generic `T`, and the rules of other crates' types (nalgebra's, with its
/// feature) as the methods a split call names (`v.norm_pullback_all()`), so that rustc's
/// method resolution finds them by the receiver's type.
pub(crate) fn body_imports() -> TokenStream {
    quote! {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
    }
}

/// Which scalar the reverse code computes with.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The function's own float type.
    Plain,
    /// Dual numbers over it, for forward-over-reverse (`f_hvp`): active values become
    /// `Dual<F>`, inactive ones stay `F` and are lifted where they meet active ones.
    Lifted,
}

/// Everything an emitter reads: the function, its analyses and the scalar mode. It is
/// immutable and `Copy`, so a closure can hold one while the emitter it came from is
/// borrowed mutably.
#[derive(Clone, Copy)]
pub struct Ctx<'f> {
    pub func: &'f Func,
    pub act: &'f Activity,
    pub needed: &'f Needed,
    pub mode: Mode,
}

/// What emission hands out as it goes: names, the tapes used, the open adjoint windows.
/// One emitter emits several items in turn (`_jvp`, `_vjp`, the pullbacks, the callers'
/// entry points), and each name it gives depends on every one given before, so methods
/// that name something take `&mut self`, in the order the code is written; queries that
/// only read the function are `Ctx`'s (`Emitter` derefs to its `Ctx`).
pub struct Emitter<'f> {
    cx: Ctx<'f>,
    /// Names of temporaries handed out in the current statement.
    temps: usize,
    /// The tapes the forward sweep pushes to (declared at the top of the function, with
    /// the span of their first use, so that the declaration and the uses share their
    /// hygiene inside a `macro_rules!` too), and whether each holds scalars of a concrete
    /// float type (so it can come from a pool).
    tapes: BTreeMap<String, (Ident, bool)>,
    /// The local keeping an overwritten value, per top-level assignment.
    locals: HashMap<StmtId, Ident>,
    /// Names shared by the forward and reverse code of one statement.
    stmt_names: HashMap<(StmtId, String), Ident>,
    /// Names handed out by `fresh`.
    given: BTreeSet<String>,
    /// The adjoint windows of the loops whose reverse is being emitted (innermost last).
    windows: Vec<window::Registers>,
    /// Marks, for `f_saved` (`items::saved`), where a checkpointed segment's recording is
    /// complete in the reverse sweep: `__autodiff_segment_recorded!(snapshots…)`, which
    /// `f_saved` defines to measure what the pullback then holds.
    pub(crate) recording_marks: bool,
}

impl<'f> std::ops::Deref for Emitter<'f> {
    type Target = Ctx<'f>;

    fn deref(&self) -> &Ctx<'f> {
        &self.cx
    }
}

impl<'f> Emitter<'f> {
    /// An emitter that has named nothing yet.
    pub fn new(func: &'f Func, act: &'f Activity, needed: &'f Needed, mode: Mode) -> Self {
        Emitter {
            cx: Ctx::new(func, act, needed, mode),
            temps: 0,
            tapes: BTreeMap::default(),
            locals: HashMap::default(),
            stmt_names: HashMap::default(),
            given: BTreeSet::default(),
            windows: Vec::default(),
            recording_marks: false,
        }
    }

    /// The mark of a complete recording (see `recording_marks`), naming the reverse
    /// sweep's own holders of snapshots; nothing where no report asks.
    fn recording_mark(&self, holders: &[&Ident]) -> TokenStream {
        match self.recording_marks {
            true => quote!(__autodiff_segment_recorded!(#(#holders),*);),
            false => quote!(),
        }
    }

    /// The context alone, for a closure to hold while the emitter names things.
    pub fn cx(&self) -> Ctx<'f> {
        self.cx
    }

    /// Starts a statement: its temporaries are numbered from zero again.
    pub fn reset_temps(&mut self) {
        self.temps = 0;
    }

    /// A fresh temporary name (`t0`, `t1`, …) that no variable of the function uses.
    pub fn temp(&mut self, base: &str) -> Ident {
        loop {
            let n = self.temps;
            self.temps += 1;
            let name = format!("{base}{n}");
            if !self.func.taken.contains(&name) {
                return crate::ir::ident(&name, proc_macro2::Span::call_site());
            }
        }
    }

    /// A fresh name for `base` in statement `key`, the same each time it is asked for.
    pub fn stmt_name(&mut self, key: StmtId, base: &str) -> Ident {
        let k = (key, base.to_string());
        if let Some(name) = self.stmt_names.get(&k) {
            return name.clone();
        }
        let name = self.fresh(base);
        self.stmt_names.insert(k, name.clone());
        name
    }

    /// A name derived from `base` that no variable of the function uses.
    pub fn fresh(&mut self, base: &str) -> Ident {
        let mut name = base.to_string();
        let mut i = 2;
        while self.func.taken.contains(&name) || self.given.contains(&name) {
            name = format!("{base}_{i}");
            i += 1;
        }
        self.given.insert(name.clone());
        crate::ir::ident(&name, proc_macro2::Span::call_site())
    }
}

impl<'f> Ctx<'f> {
    pub fn new(func: &'f Func, act: &'f Activity, needed: &'f Needed, mode: Mode) -> Self {
        Ctx {
            func,
            act,
            needed,
            mode,
        }
    }

    pub fn name(&self, v: VarId) -> &'f Ident {
        &self.func.vars[v].name
    }

    pub fn bar(&self, v: VarId) -> Ident {
        format_ident!("{}_bar", self.func.vars[v].stem)
    }

    pub fn dot(&self, v: VarId) -> Ident {
        format_ident!("{}_dot", self.func.vars[v].stem)
    }

    pub fn tape(&self, v: VarId) -> Ident {
        format_ident!("{}_tape", self.func.vars[v].stem)
    }

    pub fn elem_tape(&self, v: VarId) -> Ident {
        format_ident!("{}_elem_tape", self.func.vars[v].stem)
    }

    /// The tape the old value of an assignment's `place` goes on: the variable's, or its
    /// elements' for `v[i]`.
    pub fn save_tape(&self, place: &Place) -> Ident {
        match place {
            Place::Index(..) => self.elem_tape(place.var()),
            Place::Var(_) => self.tape(place.var()),
        }
    }

    /// The tape an assignment pushes its overwritten value on in the forward sweep, if it
    /// pushes one itself (not saved in a local, undone by inversion, or saved in bulk
    /// before its loop).
    pub fn pushed_by(&self, s: &Stmt) -> Option<Ident> {
        let StmtKind::Assign { place, .. } = &s.kind else {
            return None;
        };
        let site = crate::analysis::needed::save_site(self.func, self.needed, s);
        let moved = self.needed.bulk.moved.contains(&s.id);
        (site == Some(crate::analysis::needed::SaveSite::Tape) && !moved)
            .then(|| self.save_tape(place))
    }

    pub fn kind(&self, v: VarId) -> Kind {
        self.func.vars[v].kind
    }

    pub fn active(&self, v: VarId) -> bool {
        self.act.is_active(v)
    }

    /// The float type as the emitted code names it.
    pub fn float(&self) -> TokenStream {
        let f = &self.func.float;
        quote!(#f)
    }

    /// The type of active scalars: `F`, or `Dual<F>` when lifted.
    pub fn scalar(&self) -> TokenStream {
        let f = self.float();
        match self.mode {
            Mode::Plain => f,
            Mode::Lifted => quote!(::autodiff::__private::Dual<#f>),
        }
    }

    /// Whether the float type is `f64` or `f32` rather than a type parameter (or another
    /// type implementing `Float`): its literals, `+=` and buffer pools are then at hand.
    pub fn concrete_float(&self) -> bool {
        matches!(self.float().to_string().as_str(), "f64" | "f32")
    }

    /// Whether the float type is `f64`, which `f_gradcheck`'s points are: any other meets
    /// them through `AtF64`.
    pub fn float_is_f64(&self) -> bool {
        self.float().to_string() == "f64"
    }

    /// A zero of the active scalar type.
    pub fn zero(&self) -> TokenStream {
        if self.mode == Mode::Plain && self.concrete_float() {
            quote!(0.0)
        } else {
            quote!(__ad::zero())
        }
    }

    /// Whether `v`'s adjoint is kept as an `Option` that the first contribution moves into:
    /// arrays (whose zero fill and addition would each cost a pass over memory), except the
    /// results, whose adjoint starts as the seed.
    pub fn lazy_adjoint(&self, v: VarId) -> bool {
        self.kind(v) == Kind::Array && !self.func.ret.contains(&v)
    }

    /// `v`'s adjoint as a value (zeros if nothing reached it); it is consumed.
    pub fn bar_value(&self, v: VarId) -> TokenStream {
        let bar = self.bar(v);
        if self.lazy_adjoint(v) {
            let name = self.name(v);
            quote!(__ad::finish_nd(#bar, &#name))
        } else {
            quote!(#bar)
        }
    }

    /// `let mut name = <zero shaped like v>;`: the declaration of an adjoint or tangent.
    pub fn declare_zero(&self, name: &Ident, v: VarId) -> TokenStream {
        let value = self.name(v);
        match self.kind(v) {
            Kind::FloatSeq => quote!(let mut #name = __ad::zeros_like(&#value);),
            Kind::Array => quote!(let mut #name = __ad::zeros_nd(&#value);),
            Kind::StructSeq if self.is_struct_slice(v) && !self.rows_as_written(v) => {
                quote!(let mut #name = __ad::zeros_of_structs(#value);)
            }
            // A local tuple of floats: zeros of its type (its value may be gone).
            Kind::Struct if matches!(self.func.vars[v].ty, Some(syn::Type::Tuple(_))) => {
                let Some(syn::Type::Tuple(t)) = &self.func.vars[v].ty else {
                    unreachable!("matched")
                };
                let (zero, scalar) = (self.zero(), self.scalar());
                let (zeros, types) = (
                    t.elems.iter().map(|_| &zero),
                    t.elems.iter().map(|_| &scalar),
                );
                quote!(let mut #name: (#(#types,)*) = (#(#zeros,)*);)
            }
            // A local, or a column of structs read from a slice's elements (an owned `Vec`).
            Kind::Struct | Kind::StructSeq | Kind::ArraySeq
                if self.func.vars[v].scope.is_some()
                    || self
                        .func
                        .fields
                        .iter()
                        .any(|f| f.var == v && self.is_struct_slice(f.base)) =>
            {
                quote!(let mut #name = __ad::Differentiable::zero_like(&#value);)
            }
            Kind::Struct | Kind::StructSeq | Kind::ArraySeq => {
                quote!(let mut #name = __ad::Differentiable::zero_like(#value);)
            }
            // A tuple of floats a call gives (read by field, `pair(x).0`): zeros of the value's
            // own type, whose length may exceed the fields read.
            Kind::Tuple {
                inactive: 0,
                seqs: 0,
                ..
            } if self.func.open_tuples.contains(&v) => {
                quote!(let mut #name = __ad::Differentiable::zero_like(&#value);)
            }
            Kind::Tuple {
                len,
                inactive,
                seqs,
            } => {
                let (zero, scalar) = (self.zero(), self.scalar());
                let (zeros, types): (Vec<_>, Vec<_>) = (0..len)
                    .map(|i| match (inactive >> i & 1, seqs >> i & 1) {
                        (1, _) => (quote!(()), quote!(())),
                        // A sequence's: zeros of its length, its type the value's.
                        (_, 1) => {
                            let k = syn::Index::from(i as usize);
                            (quote!(__ad::zeros_like(&#value.#k)), quote!(_))
                        }
                        _ => (zero.clone(), scalar.clone()),
                    })
                    .unzip();
                quote!(let mut #name: (#(#types,)*) = (#(#zeros,)*);)
            }
            _ => {
                let (zero, scalar) = (self.zero(), self.scalar());
                if self.mode == Mode::Plain && zero.to_string() == "0.0" {
                    quote!(let mut #name: #scalar = 0.0;)
                } else {
                    quote!(let mut #name: #scalar = #zero;)
                }
            }
        }
    }

    /// `target += g`, or `target = target + g` for a generic float type (whose bound,
    /// `Float`, does not include `AddAssign`).
    pub fn add_to(&self, target: TokenStream, g: TokenStream) -> TokenStream {
        if self.concrete_float() {
            quote!(#target += #g;)
        } else {
            quote!(#target = #target + #g;)
        }
    }

    /// A name for a parameter of a generated function (no variable of the function uses
    /// it; generated functions do not share scopes, so it is not recorded).
    pub fn param_name(&self, base: &str) -> Ident {
        let mut name = base.to_string();
        let mut i = 2;
        while self.func.taken.contains(&name) {
            name = format!("{base}_{i}");
            i += 1;
        }
        crate::ir::ident(&name, proc_macro2::Span::call_site())
    }
}
