//! The attribute's arguments (`wrt(…)`, `custom`, `associated`, `recursive`, `hvp`,
//! `jacobian`, `hessian`, `nested`, `report`), and whether the function is an item of an `impl`.

use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Ident, Token};

/// `#[differentiate]`, `#[differentiate(wrt(a, b))]`, `#[differentiate(custom)]`,
/// `#[differentiate(associated)]` or `#[differentiate(hvp)]`, alone or together.
#[derive(Default)]
pub(crate) struct Args {
    /// The active parameters, when named.
    pub(crate) wrt: Option<Vec<Ident>>,
    /// The derivatives are the user's own `f_jvp` and `f_vjp`: only the split form and the
    /// helpers are generated from them.
    pub(crate) custom: bool,
    /// An associated function without `self` in an `impl`, which the attribute cannot see:
    /// the generated items reach each other as `Self::f_…`.
    pub(crate) associated: bool,
    /// `recursive`: the function is part of a cycle of calls through other functions
    /// (`f` calls `g`, which calls `f`), which the attribute cannot see; a function calling
    /// itself directly needs no word.
    pub(crate) recursive: bool,
    /// A method of a generic `impl` asks for `_hvp`, which runs the `impl` at `Dual<T>`:
    /// only the user can tell that the `impl`'s bounds, which the attribute cannot see,
    /// hold there. The word itself, for the span of errors.
    pub(crate) hvp: Option<Ident>,
    /// `jacobian` (or `jacobian = "forward"`/`"reverse"`): `f_jacobian` is wanted, with the
    /// word for the span of errors.
    pub(crate) jacobian: Option<(JacobianMode, Ident)>,
    /// `hessian`: `f_hessian` is wanted.
    pub(crate) hessian: Option<Ident>,
    /// `nested`: `f_grad`, `f_jvp` and `f_vjp` get entry points of their own, so that
    /// differentiated callers can call them (nested differentiation).
    pub(crate) nested: Option<Ident>,
    /// `report`: `f_saved` is wanted, the report of what `f_pullback` keeps.
    pub(crate) report: Option<Ident>,
}

/// How `f_jacobian` builds its columns or rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum JacobianMode {
    /// `f_jvp` per column or `f_vjp` per row, whichever is fewer at run time.
    Auto,
    /// `f_jvp` once per input coordinate.
    Forward,
    /// `f_vjp` once per result coordinate.
    Reverse,
}

impl Parse for Args {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut args = Args::default();
        let mut seen: Vec<String> = vec![];
        while !input.is_empty() {
            let key: Ident = input.parse()?;
            let name = key.to_string();
            if seen.contains(&name) {
                let what = match name.as_str() {
                    "wrt" => "write one `wrt(a, b, …)` naming every parameter to differentiate with respect to",
                    _ => "write it once",
                };
                return Err(syn::Error::new(
                    key.span(),
                    format!("`{name}` is given twice: {what}"),
                ));
            }
            seen.push(name);
            let flag = match key.to_string().as_str() {
                "custom" => Some(&mut args.custom),
                "associated" => Some(&mut args.associated),
                "recursive" => Some(&mut args.recursive),
                _ => None,
            };
            if key == "jacobian" {
                let mode = if input.peek(Token![=]) {
                    input.parse::<Token![=]>()?;
                    let lit: syn::LitStr = input.parse()?;
                    match lit.value().as_str() {
                        "forward" => JacobianMode::Forward,
                        "reverse" => JacobianMode::Reverse,
                        _ => return Err(syn::Error::new(lit.span(), "write `jacobian = \"forward\"` (a forward pass per input coordinate), `jacobian = \"reverse\"` (a reverse sweep per result coordinate), or `jacobian` to choose by the shape")),
                    }
                } else {
                    JacobianMode::Auto
                };
                args.jacobian = Some((mode, key));
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
                continue;
            }
            if key == "hessian" || key == "nested" {
                match key == "hessian" {
                    true => args.hessian = Some(key),
                    false => args.nested = Some(key),
                }
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
                continue;
            }
            if key == "report" {
                if !input.is_empty() && !input.peek(Token![,]) {
                    return Err(syn::Error::new(
                        key.span(),
                        "write `report` alone (`#[differentiate(report)]`): it takes no value; `f_saved` reports what `f_pullback` keeps for the inputs it is given",
                    ));
                }
                args.report = Some(key);
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
                continue;
            }
            if key == "hvp" {
                args.hvp = Some(key);
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
                continue;
            }
            if let Some(flag) = flag {
                *flag = true;
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
                continue;
            }
            if key != "wrt" {
                return Err(syn::Error::new(
                    key.span(),
                    format!("unknown argument `{key}`: the arguments are `wrt(a, b, …)`, naming the parameters to differentiate with respect to, `custom`, for a function whose `_jvp` and `_vjp` you write yourself, `associated`, for a function without `self` inside an `impl`, `recursive`, for a function in a cycle of calls through others, `hvp`, for `_hvp` on a method of a generic `impl`, `jacobian` or `hessian`, for `f_jacobian` or `f_hessian`, `nested`, for `f_grad`, `f_jvp` and `f_vjp` that differentiated functions can call, and `report`, for `f_saved`, what the reverse pass keeps"),
                ));
            }
            if !input.peek(syn::token::Paren) {
                return Err(syn::Error::new(key.span(), "write `wrt(a, b)`: the parameters to differentiate with respect to, in parentheses"));
            }
            let content;
            syn::parenthesized!(content in input);
            // `self` too, for a method (a keyword, which `Ident`'s own parser refuses).
            let names = Punctuated::<Ident, Token![,]>::parse_terminated_with(
                &content,
                syn::ext::IdentExt::parse_any,
            )?;
            let names: Vec<Ident> = names.into_iter().collect();
            for (i, n) in names.iter().enumerate() {
                if names[..i].contains(n) {
                    return Err(syn::Error::new(
                        n.span(),
                        format!("`{n}` is named twice in `wrt(…)`: name each parameter once"),
                    ));
                }
            }
            if names.is_empty() {
                return Err(syn::Error::new(
                    key.span(),
                    "`wrt()` names no parameter: name the parameters to differentiate with respect to (`wrt(x)`), or leave `wrt` out for all of them",
                ));
            }
            args.wrt = Some(names);
            if !input.is_empty() {
                input.parse::<Token![,]>()?;
            }
        }
        Ok(args)
    }
}

/// Whether the function is an item of an `impl`, so that its generated siblings are reached
/// through `Self`: a method, a function that names `Self` (in its signature or body, which
/// only an `impl` allows), or one marked `associated` (nothing else tells: the attribute
/// sees the function alone).
pub(crate) fn in_impl(item: &syn::ItemFn, args: &Args) -> bool {
    let receiver = matches!(item.sig.inputs.first(), Some(syn::FnArg::Receiver(_)));
    let self_ = Ident::new("Self", proc_macro2::Span::call_site());
    receiver || args.associated || crate::tokens::mentions_ident(quote::quote!(#item), &self_)
}
