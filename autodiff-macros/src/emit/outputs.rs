//! Output buffers (`out: &mut [f64]`, `&mut Vec<f64>`) in emitted code. The body computes
//! into a local copy (`out_value`); each generated function writes it back at the end of
//! its forward sweep. In forward mode the buffer's tangent goes into a buffer the caller
//! passes (`out_dot`); in reverse mode the caller passes the buffer's cotangent (`out_bar`),
//! which seeds the local's adjoint.

use super::forward::Sweep;
use super::Ctx;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

impl Ctx<'_> {
    /// Whether the function returns `()` (its results are all in output buffers).
    pub fn unit_result(&self) -> bool {
        matches!(&self.func.ret_ty, syn::Type::Tuple(t) if t.elems.is_empty())
    }

    /// The name of an output's tangent buffer (`_jvp`) or seed (`_vjp`, the pullback).
    pub fn output_arg(&self, o: &Output, suffix: &str) -> syn::Ident {
        self.param_name(&format_ident!("{}_{suffix}", o.param).to_string())
    }

    /// `out_dot: &mut [f64]` for `_jvp`.
    pub fn output_tangent_params(&self) -> Vec<TokenStream> {
        self.func
            .outputs
            .iter()
            .map(|o| {
                let (name, ty) = (self.output_arg(o, "dot"), self.output_type(o));
                quote!(#name: #ty)
            })
            .collect()
    }

    /// `out_bar: &[f64]` for `_vjp` and the pullback.
    pub fn output_seed_params(&self) -> Vec<TokenStream> {
        self.func
            .outputs
            .iter()
            .map(|o| {
                let (name, ty) = (self.output_arg(o, "bar"), self.output_seed_type(o));
                quote!(#name: #ty)
            })
            .collect()
    }

    /// The type of an output's seed: `&[F]`, or `&Array1<F>` for an array.
    pub fn output_seed_type(&self, o: &Output) -> TokenStream {
        let f = self.scalar();
        match o.buffer {
            Buffer::Array1 => quote!(&::autodiff::ndarray::Array1<#f>),
            Buffer::Slice | Buffer::Vec => quote!(&[#f]),
        }
    }

    /// The seeds' names, as passed on.
    pub fn output_seed_args(&self) -> Vec<syn::Ident> {
        self.func
            .outputs
            .iter()
            .map(|o| self.output_arg(o, "bar"))
            .collect()
    }

    fn output_type(&self, o: &Output) -> TokenStream {
        let p = self
            .func
            .params
            .iter()
            .find(|p| p.var == o.local)
            .expect("an output is a parameter");
        let ty = &p.ty;
        quote!(#ty)
    }

    /// `out.copy_from_slice(&out_value);` (and the tangent into `out_dot` in forward mode).
    pub fn write_back(&self, sweep: Sweep) -> TokenStream {
        let writes = self.func.outputs.iter().map(|o| {
            let (buffer, local) = (&o.param, self.name(o.local));
            let value = copy_into(quote!(#buffer), quote!(#local), o.buffer);
            let tangent = (sweep == Sweep::Jvp).then(|| {
                let out_dot = self.output_arg(o, "dot");
                if self.active(o.local) {
                    let dot = self.dot(o.local);
                    copy_into(quote!(#out_dot), quote!(#dot), o.buffer)
                } else {
                    let zeros = quote!(__ad::zeros_like(&#local));
                    copy_into(quote!(#out_dot), zeros, o.buffer)
                }
            });
            quote!(#value #tangent)
        });
        quote!(#(#writes)*)
    }

    /// The adjoint of an output's local starts as the caller's seed.
    pub fn output_seed(&self, v: VarId) -> Option<TokenStream> {
        let o = self.func.outputs.iter().find(|o| o.local == v)?;
        let (bar, seed) = (self.bar(v), self.output_arg(o, "bar"));
        Some(quote!(let mut #bar = #seed.to_vec();))
    }
}

fn copy_into(target: TokenStream, source: TokenStream, buffer: Buffer) -> TokenStream {
    match buffer {
        Buffer::Vec => quote!(#target.clone_from(&#source);),
        Buffer::Slice => quote!(#target.copy_from_slice(&#source);),
        Buffer::Array1 => quote!(__ad::copy_into_array(#target, &#source);),
    }
}
