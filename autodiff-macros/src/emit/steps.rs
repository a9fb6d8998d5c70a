//! Steps of a state: how a caller made of steps (`crate::state::steps`) runs them around
//! its anchor, through each step's entry points (`super::step_entries`).
//!
//! The reverse of a caller made of steps `s₀ … sₖ` runs them forward keeping a copy of
//! the state before each (`state_copy`), then from the cotangent of the state after the
//! call runs each step's `_vjp_step` from its copy, last step first: each maps the
//! cotangent of the state after it to that before it, and adds its arguments' cotangents.

use super::names::Derived;
use super::signature::allows;
use super::step_entries::Sig;
use super::Ctx;
use crate::ir::Param;
use crate::state::steps::{Arg, Around, Step};
use crate::state::Mutating;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The code a method made of steps runs around its anchor's (see the module's header).
pub(super) struct AroundCode {
    /// `f_jvp`: the tangent steps before the anchor's, and after it.
    pub jvp_before: TokenStream,
    pub jvp_after: TokenStream,
    /// `f_vjp`: before the anchor's reverse, the forward run and the reverse of the steps
    /// after the anchor; after it, the reverse of the steps before; and the cotangents the
    /// steps add to each of the other active parameters (`(x_bar, acc)`).
    pub vjp_before: TokenStream,
    pub vjp_after: TokenStream,
    pub accumulated: Vec<(syn::Ident, syn::Ident)>,
    /// The steps before the anchor one by one, for a caller that runs them itself (a loop
    /// of steps, `looped`): each one's primal run, and its reverse from the state before it.
    pub before_primals: Vec<TokenStream>,
    pub before_vjps: Vec<TokenStream>,
}

/// A carried slot's value, tangent and cotangent (`__carried0`, `_dot`, `_bar`).
fn carried(slot: usize) -> (syn::Ident, syn::Ident, syn::Ident) {
    (
        format_ident!("__carried{slot}"),
        format_ident!("__carried{slot}_dot"),
        format_ident!("__carried{slot}_bar"),
    )
}

/// One step's code: its primal run, its tangent step and its reverse step.
struct Code {
    primal: TokenStream,
    jvp: TokenStream,
    vjp: TokenStream,
}

/// An argument's value, tangent slot and cotangent slot, with what the reverse step does
/// before and after it (a field's cotangent is gathered apart and added after).
struct Slot {
    value: TokenStream,
    tangent: TokenStream,
    cotangent: TokenStream,
    gather: TokenStream,
    add: TokenStream,
}

pub(super) fn around(around: &Around, sig: &Sig) -> AroundCode {
    let rest = &sig.params;
    let float = &sig.float;
    let (self_dot, self_bar) = (&sig.self_dot, &sig.self_bar);
    let names: Vec<TokenStream> = rest.iter().map(|p| p.name.clone()).collect();
    let accumulated: Vec<(syn::Ident, syn::Ident)> = rest
        .iter()
        .filter(|p| p.active)
        .map(|p| (p.bar.clone(), format_ident!("{}_steps", p.bar)))
        .collect();
    let none = quote!(::core::option::Option::<#float>::None);
    let nothing = quote!(::autodiff::__private::Constant);
    let some = |t: TokenStream| quote!(::core::option::Option::Some(#t));
    let constant = |value: TokenStream| Slot {
        value,
        tangent: nothing.clone(),
        cotangent: nothing.clone(),
        gather: quote!(),
        add: quote!(),
    };
    let param_slot = |k: usize| {
        let p = &rest[k];
        let value = names[k].clone();
        if !p.active {
            return constant(value);
        }
        let acc = &accumulated
            .iter()
            .find(|(b, _)| *b == p.bar)
            .expect("active")
            .1;
        let dot = &p.dot;
        Slot {
            value,
            tangent: some(quote!(#dot)),
            cotangent: some(quote!(&mut #acc)),
            gather: quote!(),
            add: quote!(),
        }
    };
    let carried_slot = |s: usize| {
        let (value, dot, bar) = carried(s);
        Slot {
            value: quote!(#value),
            tangent: some(quote!(#dot)),
            cotangent: some(quote!(&mut #bar)),
            gather: quote!(),
            add: quote!(),
        }
    };
    // A field of `self` as an argument (`self.filter.process(self.gain)`): its tangent is
    // the state's tangent's field; its cotangent, gathered apart (the step borrows the
    // state's cotangent), is added to the state's after the step (it is read before it).
    // (Its slots are those of its type, `support::FieldArg`: none for an integer, a flag or
    // a `#[no_grad]` float.)
    let field_slot = |k: usize, f: &syn::Ident| {
        let acc = format_ident!("__field_bar{k}");
        let name = f.to_string();
        let constant = quote!(::autodiff::__private::constant_field::<Self>(#name));
        let arg = quote!(::autodiff::__private::FieldArg);
        Slot {
            value: quote!(self.#f),
            tangent: quote!(#arg::tangent(&#self_dot.#f, #constant)),
            cotangent: quote!(#arg::cotangent(&mut #acc, #constant)),
            gather: quote!(let mut #acc = #arg::zero(&self.#f);),
            add: quote!(#arg::add_into(&mut #self_bar.#f, #acc, #constant);),
        }
    };
    let constants = std::cell::Cell::new(0usize);
    let bound = std::cell::RefCell::new(vec![]);
    let code = |step: &Step| -> Code {
        bound.borrow_mut().clear();
        // What the step is called on (a part on `self`, as its first argument).
        let (slots, callee, jvp_step, vjp_step, first, binds) = match step {
            Step::Part(name, reads, binds) => {
                let mut slots: Vec<Slot> = (0..rest.len()).map(param_slot).collect();
                slots.extend(reads.iter().map(|s| carried_slot(*s)));
                let (j, v) = (
                    format_ident!("{name}_jvp_step"),
                    format_ident!("{name}_vjp_step"),
                );
                (
                    slots,
                    quote!(Self::#name),
                    quote!(Self::#j),
                    quote!(Self::#v),
                    Some(quote!(self,)),
                    *binds,
                )
            }
            Step::Call {
                field,
                method,
                args,
                binds,
            } => {
                let slots: Vec<Slot> = args
                    .iter()
                    .enumerate()
                    .map(|(k, a)| match a {
                        Arg::Param(i) => param_slot(*i),
                        Arg::Field(f) => field_slot(k, f),
                        Arg::Carried(s) => carried_slot(*s),
                        // (Evaluated once, where the step's arguments are: `Self::noise()`
                        // gives another value each call.)
                        Arg::Constant(e) => {
                            let name = format_ident!("__constant{}", constants.get());
                            constants.set(constants.get() + 1);
                            bound.borrow_mut().push(quote!(let #name = #e;));
                            constant(quote!(#name))
                        }
                    })
                    .collect();
                let stem = method.to_string().replace("r#", "");
                let (j, v) = (
                    format_ident!("{stem}_jvp_step"),
                    format_ident!("{stem}_vjp_step"),
                );
                let target = match field {
                    Some(f) => quote!(self.#f),
                    None => quote!(self),
                };
                (
                    slots,
                    quote!(#target.#method),
                    quote!(#target.#j),
                    quote!(#target.#v),
                    None,
                    *binds,
                )
            }
        };
        let (dot, bar) = match step {
            Step::Call { field: Some(f), .. } => {
                (quote!(&mut #self_dot.#f), quote!(&mut #self_bar.#f))
            }
            _ => (quote!(&mut *#self_dot), quote!(&mut *#self_bar)),
        };
        let values: Vec<&TokenStream> = slots.iter().map(|s| &s.value).collect();
        let tangents: Vec<&TokenStream> = slots.iter().map(|s| &s.tangent).collect();
        let cotangents: Vec<&TokenStream> = slots.iter().map(|s| &s.cotangent).collect();
        let gathers: Vec<&TokenStream> = slots.iter().map(|s| &s.gather).collect();
        let adds: Vec<&TokenStream> = slots.iter().map(|s| &s.add).collect();
        let (value_pat, tangent_pat, seed) = match binds {
            Some(s) => {
                let (v, d, b) = carried(s);
                (quote!(let #v), quote!(let (#v, #d)), some(quote!(#b)))
            }
            None => (quote!(let _), quote!(let _), none.clone()),
        };
        let jvp = quote! {
            let __tangents = (#(#tangents,)*);
            #jvp_step(#first #(#values,)* #dot, __tangents)
        };
        let vjp = quote! {
            #(#gathers)*
            let _ = #vjp_step(#first #(#values,)* #seed, #bar, (#(#cotangents,)*));
            #(#adds)*
        };
        let primal = quote!(#callee(#first #(#values),*));
        let constants_bound: Vec<TokenStream> = bound.borrow().clone();
        let Step::Call {
            field: Some(f),
            method,
            ..
        } = step
        else {
            return Code {
                primal: quote!(#(#constants_bound)* #value_pat = #primal;),
                jvp: quote!(#(#constants_bound)* #tangent_pat = { #jvp };),
                vjp,
            };
        };
        // A step of a `#[no_grad]` field (a level meter beside the signal path) would carry
        // derivatives through its inputs and its state, which the field says it has none
        // of: the derived items stop there, saying so, rather than drop either.
        let name = f.to_string();
        let refuse = quote! {
            ::autodiff::__private::refuse_constant_step::<Self>(#name, ::core::stringify!(#method));
        };
        Code {
            primal: quote!(#(#constants_bound)* #value_pat = #primal;),
            jvp: quote!(#refuse #(#constants_bound)* #tangent_pat = { #jvp };),
            vjp: quote!(#refuse #vjp),
        }
    };
    let copy = quote!(::autodiff::__private::state_copy(&*self));
    let before: Vec<Code> = around.before.iter().map(code).collect();
    let after: Vec<Code> = around.after.iter().map(code).collect();
    let states = |prefix: &str, n: usize| -> Vec<syn::Ident> {
        (0..n)
            .map(|i| format_ident!("__state_{prefix}{i}"))
            .collect()
    };
    let (before_states, after_states) =
        (states("before", before.len()), states("after", after.len()));
    let field = |c: &[Code], f: fn(&Code) -> &TokenStream| -> Vec<TokenStream> {
        c.iter().map(|c| f(c).clone()).collect()
    };
    let (before_primals, before_jvps, before_vjps) = (
        field(&before, |c| &c.primal),
        field(&before, |c| &c.jvp),
        field(&before, |c| &c.vjp),
    );
    let (after_primals, after_jvps, after_vjps) = (
        field(&after, |c| &c.primal),
        field(&after, |c| &c.jvp),
        field(&after, |c| &c.vjp),
    );
    let rev = |v: &[TokenStream]| v.iter().rev().cloned().collect::<Vec<_>>();
    let rev_ids = |v: &[syn::Ident]| v.iter().rev().cloned().collect::<Vec<_>>();
    let (rev_before_states, rev_before_vjps) = (rev_ids(&before_states), rev(&before_vjps));
    let (rev_after_states, rev_after_vjps) = (rev_ids(&after_states), rev(&after_vjps));
    let accs: Vec<&syn::Ident> = accumulated.iter().map(|(_, a)| a).collect();
    let carried_bars: Vec<syn::Ident> = (0..around.carried).map(|s| carried(s).2).collect();
    // The anchor reads the carried values as parameters of its own: bound under their
    // names (their tangents too), and their cotangents added to the slots after it.
    let (mut anchor_values, mut anchor_dots, mut anchor_bars) = (vec![], vec![], vec![]);
    for (p, slot) in &sig.anchor_carried {
        let (value, dot, bar) = carried(*slot);
        let (name, p_dot, p_bar) = (&p.name, &p.dot, &p.bar);
        anchor_values.push(quote!(let #name = #value;));
        anchor_dots.push(quote!(let #p_dot = #dot;));
        anchor_bars.push(quote!(#bar = #bar + #p_bar;));
    }
    let anchor_names: Vec<&TokenStream> = sig.anchor_carried.iter().map(|(p, _)| &p.name).collect();
    // (Steps after the anchor exist only where it does.)
    let anchor = around.anchor.as_ref();
    let after_forward = (!after.is_empty()).then(|| {
        quote! {
            let __state_anchor = #copy;
            Self::#anchor(self, #(#names,)* #(#anchor_names),*);
            #(let #after_states = #copy; #after_primals)*
            let __state_final = #copy;
            #(*self = #rev_after_states; #rev_after_vjps)*
            *self = __state_anchor;
        }
    });
    let final_state = match after.is_empty() {
        true => quote!(let __state_final = #copy;),
        false => quote!(),
    };
    AroundCode {
        jvp_before: quote! {
            #(#before_jvps)*
            #(#anchor_values)*
            #(#anchor_dots)*
        },
        jvp_after: quote!(#(#after_jvps)*),
        vjp_before: quote! {
            #(let mut #accs: #float = ::autodiff::__private::zero();)*
            #(let mut #carried_bars: #float = ::autodiff::__private::zero();)*
            #(let #before_states = #copy; #before_primals)*
            #(#anchor_values)*
            #after_forward
        },
        vjp_after: quote! {
            #(#anchor_bars)*
            #final_state
            #(*self = #rev_before_states; #rev_before_vjps)*
            *self = __state_final;
        },
        accumulated,
        before_primals,
        before_vjps,
    }
}

/// `f_jvp` and `f_vjp` (and their step entries) of a method made of steps alone, with no
/// statement of its own to anchor them (`fn step(&mut self, dt: f64) { self.forces();
/// self.integrate(dt); }`): the steps' tangents in order, and their reverse from copies of
/// the state before each.
pub fn without_anchor(
    method: &syn::ItemFn,
    around: &Around,
    float: &syn::Type,
    wrt: Option<&[syn::Ident]>,
) -> TokenStream {
    let sig = Sig::written(method, float, wrt);
    let code = self::around(around, &sig);
    let (jvp_before, vjp_before, vjp_after) = (&code.jvp_before, &code.vjp_before, &code.vjp_after);
    steps_alone_items(
        method,
        &sig,
        &code.accumulated,
        quote!(#jvp_before),
        quote!(#vjp_before #vjp_after),
    )
}

/// The derived items of a method of steps alone (`without_anchor`, `looped`) around the
/// bodies that run its steps: `f_jvp` stepping the state's tangent, `f_vjp` returning the
/// cotangents the steps gathered into `accumulated` (which `vjp_body` declares), and the
/// step entries through which other methods call it as a step.
fn steps_alone_items(
    method: &syn::ItemFn,
    sig: &Sig,
    accumulated: &[(syn::Ident, syn::Ident)],
    jvp_body: TokenStream,
    vjp_body: TokenStream,
) -> TokenStream {
    let (vis, generics, where_clause) = (
        &method.vis,
        &method.sig.generics,
        &method.sig.generics.where_clause,
    );
    let f = &method.sig.ident;
    let (jvp, vjp) = (Derived::Jvp.of(f), Derived::Vjp.of(f));
    let params: Vec<&syn::FnArg> = method.sig.inputs.iter().collect();
    let (self_dot, self_bar, float) = (&sig.self_dot, &sig.self_bar, &sig.float);
    let dots: Vec<&syn::Ident> = sig
        .params
        .iter()
        .filter(|p| p.active)
        .map(|p| &p.dot)
        .collect();
    let accs: Vec<&syn::Ident> = accumulated.iter().map(|(_, a)| a).collect();
    let cts = accs.iter().map(|_| float);
    let allows = allows();
    let jvp_doc = format!(" Forward mode of [`{f}`](Self::{f}): steps the state as `{f}` does and its tangent `self_dot` with it (on entry the tangent of the state before the call, on exit after it).");
    let vjp_doc = format!(" Reverse mode of [`{f}`](Self::{f}): steps the state as `{f}` does; `self_bar` holds on entry the cotangent of the state after the call, and on exit that of the state before it; returns the cotangents of the other active parameters.");
    let entries = super::step_entries::of_steps_alone(method, sig);
    quote! {
        #[doc = #jvp_doc]
        #allows
        #vis fn #jvp #generics (#(#params,)* #self_dot: &mut Self, #(#dots: #float),*) #where_clause {
            #jvp_body
        }

        #[doc = #vjp_doc]
        #allows
        #vis fn #vjp #generics (#(#params,)* #self_bar: &mut Self) -> (#(#cts,)*) #where_clause {
            #vjp_body
            (#(#accs,)*)
        }

        #entries
    }
}

/// Whether `p` is a value the anchor of a method made of steps is given by a step before
/// it (a parameter of the anchor, not of the method).
pub(super) fn is_carried(m: &Mutating, ctx: &Ctx, p: &Param) -> bool {
    let name = ctx.name(p.var).to_string();
    m.around
        .as_ref()
        .is_some_and(|a| a.anchor_carried.iter().any(|(n, _)| *n == name))
}

/// The method's own parameters as written (the anchor's carried values left out).
pub(super) fn own_params(method: &syn::ItemFn, m: &Mutating) -> Vec<TokenStream> {
    let carried = m.around.as_ref().map_or(&[][..], |a| &a.anchor_carried[..]);
    method
        .sig
        .inputs
        .iter()
        .filter(|input| match input {
            syn::FnArg::Typed(pt) => !matches!(&*pt.pat, syn::Pat::Ident(p) if carried.iter().any(|(n, _)| *n == p.ident)),
            syn::FnArg::Receiver(_) => true,
        })
        .map(|input| quote!(#input))
        .collect()
}

/// `f_jvp` and `f_vjp` (and their step entries) of a method that runs steps alone in a
/// loop over a range (`fn run(&mut self, days: usize) { for _ in 0..days { self.grow(); }
/// }`, `state::steps::looped_steps`): the tangent steps turn by turn; for the cotangent,
/// the loop run forward keeping a copy of the state before each step (a tape of states,
/// one per step and turn), then the steps' reverses from those copies, last first.
pub fn looped(
    method: &syn::ItemFn,
    looped: &crate::state::steps::Looped,
    float: &syn::Type,
    wrt: Option<&[syn::Ident]>,
) -> TokenStream {
    let sig = Sig::written(method, float, wrt);
    let code = self::around(&looped.around, &sig);
    let (pat, range, float) = (&looped.pat, &looped.range, &sig.float);
    let accs: Vec<&syn::Ident> = code.accumulated.iter().map(|(_, a)| a).collect();
    let jvp_steps = &code.jvp_before;
    let primals = &code.before_primals;
    let reverses: Vec<&TokenStream> = code.before_vjps.iter().rev().collect();
    let copy = quote!(::autodiff::__private::state_copy(&*self));
    let popped = quote!(__tape.pop().expect("one state kept per step and turn"));
    let jvp_body = quote! {
        for #pat in #range {
            #jvp_steps
        }
    };
    let vjp_body = quote! {
        #(let mut #accs: #float = ::autodiff::__private::zero();)*
        let mut __tape: ::std::vec::Vec<Self> = ::std::vec::Vec::new();
        for #pat in #range {
            #(__tape.push(#copy); #primals)*
        }
        let __state_final = #copy;
        while !__tape.is_empty() {
            #(*self = #popped; #reverses)*
        }
        *self = __state_final;
    };
    steps_alone_items(method, &sig, &code.accumulated, jvp_body, vjp_body)
}
