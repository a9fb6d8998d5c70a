//! The items `#[differentiate]` puts beside `f`, one file per kind of item; this module
//! says which ones a function gets.
//!
//! - `f_jvp(params, tangents) -> (R, R)` (`jvp.rs`)
//! - `f_pullback(params) -> (R, impl FnOnce(R) -> (cotangents,))`, the split form
//!   (`pullback.rs`)
//! - `f_vjp(params, dout) -> (R, cotangents…)` (`vjp.rs`)
//! - `f_grad(params) -> (R, gradients…)` (`grad.rs`) and `f_hvp(params, directions) -> (R,
//!   gradients…, Hessian-vector products…)` (`hvp.rs`, `struct_hvp.rs`) when `R` is a float,
//!   with `f_gradcheck` and `f_gradcheck_with` (`gradcheck.rs`).
//! - hidden: `f_jvp_all`, `f_pullback_all` and `f_dual_pullback_all` (on dual numbers), what
//!   differentiated callers call (`entry_points.rs`), and `f_dual_pullback`, the dual twin
//!   `f_hvp` runs when `wrt` leaves a float parameter out.
//! - `#[differentiate(custom)]`: the split form and entry points around the user's own
//!   `f_jvp` and `f_vjp` (`custom.rs`).
//! - on request (`#[differentiate(jacobian, hessian)]`): `f_jacobian` and `f_hessian`, dense,
//!   built from the items above (`jacobian.rs`); the driver has checked that they can be.
//! - on request (`#[differentiate(nested)]`): entry points for `f_grad`, `f_jvp` and `f_vjp`
//!   themselves, so that differentiated functions can call them (`nested.rs`).
//!
//! What their signatures are made of is `emit::signature`'s, which none of these files is
//! imported by; the item files do not import this module.

mod custom;
mod entry_points;
mod grad;
mod gradcheck;
mod hvp;
mod jacobian;
mod jvp;
mod nested;
mod pullback;
mod saved;
mod struct_hvp;
mod vjp;

pub use custom::emit_custom;

use super::{Ctx, Emitter, Mode};
use crate::analysis::{Activity, Needed};
use crate::emit::names::Derived;
use crate::emit::signature::{allows, Body};
use crate::ir::*;
use entry_points::{pullbacks, Pullbacks};
use grad::grad;
use gradcheck::has_gradcheck;
use hvp::hvp;
use jvp::jvp;
use proc_macro2::TokenStream;
use pullback::{pullback, pullback_with};
use quote::quote;
use vjp::vjp;

/// The items asked for beside the standard ones.
pub struct Requested {
    /// `f_jacobian`, built as the mode says.
    pub jacobian: Option<crate::parse::JacobianMode>,
    /// `f_hessian`.
    pub hessian: bool,
    /// Entry points for `f_grad`, `f_jvp` and `f_vjp` (nested differentiation).
    pub nested: bool,
    /// `f_saved`: what `f_pullback` keeps (`saved.rs`).
    pub report: bool,
}

/// The items of `f`, and those `requested`. `method_hvp`: a method asked for `_hvp`
/// (`#[differentiate(hvp)]`, see `struct_hvp`).
pub fn emit(
    item: &syn::ItemFn,
    func: &Func,
    act: &Activity,
    needed: &Needed,
    method_hvp: bool,
    requested: Requested,
) -> TokenStream {
    let standard = emit_standard(item, func, act, needed, method_hvp);
    let plain = Ctx::new(func, act, needed, Mode::Plain);
    let jacobian = requested
        .jacobian
        .map(|mode| jacobian::jacobian(item, &plain, mode));
    let hessian = requested.hessian.then(|| jacobian::hessian(item, &plain));
    let nested = requested.nested.then(|| nested::nested(item, &plain));
    let report = requested
        .report
        .then(|| saved::saved(item, func, act, needed));
    quote!(#standard #jacobian #hessian #nested #report)
}

fn emit_standard(
    item: &syn::ItemFn,
    func: &Func,
    act: &Activity,
    needed: &Needed,
    method_hvp: bool,
) -> TokenStream {
    let mut plain = Emitter::new(func, act, needed, Mode::Plain);
    let scalar_out = matches!(func.ret_shape, Ret::Single(Kind::Float));
    let own_jvp = jvp(item, &mut plain, Derived::Jvp);
    let vjp = vjp(item, &plain);
    // Output buffers: no `_grad` (of which result?), and nothing for callers (who cannot
    // pass a `&mut` buffer).
    if !func.outputs.is_empty() {
        let own_pullback = pullback(item, &mut plain, Derived::Pullback);
        return quote!(#own_jvp #own_pullback #vjp);
    }
    let own = |e: &mut Emitter, kind: Derived| pullback(item, e, kind);
    // Struct parameters: no dual twin (a struct of dual numbers is not a type the macro can
    // write), so `_hvp` only where the function is generic over its float type, and a
    // `_gradcheck` (of the first derivatives, and of the HVP where there is one).
    if plain.has_struct_param() || plain.has_struct_values() || plain.has_elementwise_maps() {
        let Pullbacks {
            own: pullbacks,
            entry_points,
            ..
        } = pullbacks(item, &mut plain, &own, false);
        // A closure mapped over an array has no dual-number form, yet a differentiated
        // caller's `_hvp` asks for one: it gets an entry point that says so when it runs,
        // so that the caller compiles (its `_grad`, `_jvp`, `_vjp` need none).
        let entry_points = if plain.has_struct_param() || plain.has_struct_values() {
            entry_points
        } else {
            let lifted = Ctx::new(func, act, needed, Mode::Lifted);
            let f = &item.sig.ident;
            let message = format!("`{f}` has no derivatives on dual numbers (it maps a closure over an array), so the `_hvp` of a function calling it cannot run; its `_grad`, `_jvp` and `_vjp` can");
            let stub = pullback_with(
                item,
                &lifted,
                Derived::DualPullbackAll,
                Body::Panics(message),
            );
            quote!(#entry_points #stub)
        };
        let entry_points = crate::emit::callers::declare(item, &plain, entry_points);
        let grad = scalar_out.then(|| grad(item, &plain));
        // Generic over its float type: its own pullback on dual numbers is the HVP.
        let hvp = (scalar_out && (!func.method || method_hvp) && !plain.has_struct_values())
            .then(|| struct_hvp::emit(item, &plain))
            .flatten();
        let check = (scalar_out && has_gradcheck(item, &plain))
            .then(|| gradcheck::emit(item, &plain, &allows(), hvp.is_some()));
        return quote!(#own_jvp #pullbacks #vjp #grad #check #hvp #entry_points);
    }
    let Pullbacks {
        own: pullbacks,
        entry_points,
        dual,
    } = pullbacks(item, &mut plain, &own, true);
    let entry_points = crate::emit::callers::declare(item, &plain, entry_points);
    let function_value = crate::emit::callers::function_value(item, &plain);
    let entry_points = quote!(#entry_points #function_value);
    let extra = if scalar_out {
        let grad = grad(item, &plain);
        let hvp = hvp(item, &plain, dual);
        let check = if has_gradcheck(item, &plain) {
            gradcheck::emit(item, &plain, &allows(), true)
        } else {
            quote!()
        };
        quote!(#grad #hvp #check)
    } else {
        quote!()
    };
    quote!(#own_jvp #pullbacks #vjp #extra #entry_points)
}
