//! `Option` and `Result` results (`fn mean(x: &[f64]) -> Option<f64>`), read as a value and
//! whether it exists. The value is the result of a hidden function, `__f_inner`, whose body
//! is the user's with each exit unwrapped: `Some(e)` and `Ok(e)` are `e`, `None` and
//! `Err(…)` are a default, and `v?` is `match v { Some(v) => v, None => return default }`
//! (`g(x)?` of a function returning an `Option` is `g(x).unwrap()`, since `g`'s value may
//! carry a derivative: the derived items run `__f_inner` only where `f` has a value).
//! That function is differentiated as any other; `emit::fallible` wraps each of its derived
//! items in one of the user's name that runs the function itself to learn whether the
//! result exists (`f_grad(x) -> Option<(f64, Vec<f64>)>`). The default never reaches the
//! user: where the function is `None`, so is each derived item.

use quote::format_ident;
use syn::visit_mut::VisitMut;
use syn::{Expr, ItemFn, Type};

/// Which wrapper the result has.
pub enum Wrapper {
    /// `Option<T>`: `None` carries nothing.
    Option,
    /// `Result<T, E>`: the error is the function's own, passed on.
    Result,
}

/// A function with an `Option` or `Result` result, as the hidden function of its value.
pub struct Fallible {
    /// `__f_inner(…) -> T`: the body with every exit unwrapped.
    pub inner: ItemFn,
    pub wrapper: Wrapper,
}

/// `Option<T>` or `Result<T, E>`, as written (also through `std::option::Option`).
fn wrapper_of(ty: &Type) -> Option<(Wrapper, Type)> {
    let Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let last = p.path.segments.last()?;
    let wrapper = match last.ident.to_string().as_str() {
        "Option" => Wrapper::Option,
        "Result" => Wrapper::Result,
        _ => return None,
    };
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Type(t) => Some((wrapper, t.clone())),
        _ => None,
    }
}

/// The hidden function of `item`'s value, `None` where the result is not an `Option` or
/// `Result`, or an error spanned on an exit whose wrapper the body does not write.
pub fn split(item: &ItemFn) -> syn::Result<Option<Fallible>> {
    let syn::ReturnType::Type(arrow, ty) = &item.sig.output else {
        return Ok(None);
    };
    let Some((wrapper, value_ty)) = wrapper_of(ty) else {
        return Ok(None);
    };
    let mut inner = item.clone();
    inner.attrs.retain(|a| !a.path().is_ident("doc"));
    inner.attrs.push(syn::parse_quote!(#[doc(hidden)]));
    // (`Result<(), E>`: its value is `()`, written out, `fn __f_inner(…) -> () { …; () }`.)
    inner
        .attrs
        .push(syn::parse_quote!(#[allow(clippy::unused_unit)]));
    inner.sig.ident = inner_name(&item.sig.ident);
    let default = default_of(&value_ty, &item.sig.generics);
    inner.sig.output = syn::ReturnType::Type(*arrow, Box::new(value_ty));
    let mut exits = Exits {
        wrapper: &wrapper,
        default,
        errors: vec![],
    };
    exits.visit_block_mut(&mut inner.block);
    if let Some(syn::Stmt::Expr(tail, None)) = inner.block.stmts.last_mut() {
        exits.value(tail);
    }
    if let Some(e) = exits.errors.into_iter().reduce(|mut all, e| {
        all.combine(e);
        all
    }) {
        return Err(e);
    }
    Ok(Some(Fallible { inner, wrapper }))
}

/// The binding of the value `v?` unwraps, in the `match` it becomes.
const PRESENT: &str = "__present";

/// Whether `e` is the `match` that `v?` becomes here.
pub fn is_unwrapped_question_mark(e: &Expr) -> bool {
    matches!(e, Expr::Match(m) if m.arms.iter().any(|a| matches!(&*a.body, Expr::Path(p) if p.path.is_ident(PRESENT))))
}

/// A value of the written type `ty` for an exit without one: zero for a float or a type
/// parameter (`T: Float` need not be `Default`), an empty `Vec` or `ndarray` array, a tuple
/// of such, else `Default::default()`.
fn default_of(ty: &Type, generics: &syn::Generics) -> Expr {
    match ty {
        Type::Tuple(t) => {
            let elems = t.elems.iter().map(|e| default_of(e, generics));
            syn::parse_quote!((#(#elems,)*))
        }
        Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last().map(|s| s.ident.to_string());
            let param = generics.type_params().any(|t| p.path.is_ident(&t.ident));
            match last.as_deref() {
                Some("f64" | "f32") => syn::parse_quote!(::autodiff::__private::Zero::zero()),
                _ if param => syn::parse_quote!(::autodiff::__private::Zero::zero()),
                Some("Vec") => syn::parse_quote!(::std::vec::Vec::new()),
                // (`Array1<T>` is `Default` only where `T` is.)
                Some(name) if is_array_name(name) => {
                    syn::parse_quote!(::autodiff::__private::empty_array())
                }
                _ => syn::parse_quote!(::core::default::Default::default()),
            }
        }
        _ => syn::parse_quote!(::core::default::Default::default()),
    }
}

/// `Array`, `Array1`, … `Array6`, `ArrayD`: an `ndarray` array's owned type.
fn is_array_name(name: &str) -> bool {
    name.strip_prefix("Array").is_some_and(|rest| {
        rest.is_empty() || rest == "D" || rest.chars().all(|c| c.is_ascii_digit())
    })
}

/// `__mean_inner` for `mean`.
pub fn inner_name(f: &syn::Ident) -> syn::Ident {
    format_ident!("__{}_inner", f.to_string().trim_start_matches("r#"))
}

/// Rewrites the exits of the body (`return`, `?`, the tail) to the bare value.
struct Exits<'a> {
    wrapper: &'a Wrapper,
    /// What an exit without a value returns.
    default: Expr,
    errors: Vec<syn::Error>,
}

impl Exits<'_> {
    fn default_value(&self) -> Expr {
        self.default.clone()
    }

    /// A value of the wrapped type, written where the function returns it, as its value.
    fn value(&mut self, e: &mut Expr) {
        match e {
            Expr::Call(c) if c.args.len() == 1 && self.is_ctor(&c.func, true) => {
                *e = c.args[0].clone();
            }
            Expr::Call(c) if c.args.len() == 1 && self.is_ctor(&c.func, false) => {
                *e = self.default_value();
            }
            Expr::Path(p)
                if matches!(self.wrapper, Wrapper::Option) && is_path(&p.path, "None") =>
            {
                *e = self.default_value();
            }
            Expr::If(i) => {
                if let Some(syn::Stmt::Expr(t, None)) = i.then_branch.stmts.last_mut() {
                    self.value(t);
                }
                match &mut i.else_branch {
                    Some((_, els)) => self.value(els),
                    None => self.unwritten(e),
                }
            }
            Expr::Match(m) => m.arms.iter_mut().for_each(|a| self.value(&mut a.body)),
            Expr::Block(b) => {
                if let Some(syn::Stmt::Expr(t, None)) = b.block.stmts.last_mut() {
                    self.value(t);
                }
            }
            Expr::Paren(p) => self.value(&mut p.expr),
            // `return`, `panic!(…)`, `unreachable!()`: they do not give the value.
            Expr::Return(_) | Expr::Macro(_) => {}
            // An `Option` computed by a call: `g(x)` of a function returning one, or a
            // method whose `unwrap()` is read as a value (`a.mean()`). The
            // derived items run this function only where `f` has a value, so it is there.
            _ if matches!(self.wrapper, Wrapper::Option) && unwraps_to_value(e) => {
                *e = syn::parse_quote!(#e.unwrap());
            }
            _ => self.unwritten(e),
        }
    }

    fn unwritten(&mut self, e: &Expr) {
        let (some, none) = match self.wrapper {
            Wrapper::Option => ("Some(…)", "None"),
            Wrapper::Result => ("Ok(…)", "Err(…)"),
        };
        self.errors.push(syn::Error::new_spanned(
            e,
            format!("`#[differentiate]` reads an `Option` or `Result` result from the exits that write it: return `{some}` or `{none}` here (for a value computed by a call, `match` it: `match g(x) {{ Some(v) => Some(v), None => None }}` needs `g`'s value to carry no derivative)"),
        ));
    }

    /// `Some`/`Ok` (`value`) or `Err` (not `value`), also through `Option::`/`Result::`.
    fn is_ctor(&self, func: &Expr, value: bool) -> bool {
        let Expr::Path(p) = func else { return false };
        let name = match (self.wrapper, value) {
            (Wrapper::Option, true) => "Some",
            (Wrapper::Result, true) => "Ok",
            (Wrapper::Result, false) => "Err",
            (Wrapper::Option, false) => return false,
        };
        is_path(&p.path, name)
    }
}

/// A call whose `Option` the derived items read the value of through `unwrap()`: a
/// function's (`g(x)`), or one of the methods the macro knows that give an `Option` of a
/// value (`a.mean()`, `x.iter().copied().max_by(…)`, `.reduce(f64::max)`).
fn unwraps_to_value(e: &Expr) -> bool {
    match e {
        Expr::Call(c) => matches!(&*c.func, Expr::Path(_)),
        Expr::MethodCall(m) => matches!(
            m.method.to_string().as_str(),
            "mean" | "max_by" | "min_by" | "reduce"
        ),
        _ => false,
    }
}

/// `name`, `Option::name`, `Result::name`, `std::option::Option::name`.
fn is_path(path: &syn::Path, name: &str) -> bool {
    path.segments
        .last()
        .is_some_and(|s| s.ident == name && s.arguments.is_none())
        && path.segments.iter().rev().skip(1).all(|s| {
            matches!(
                s.ident.to_string().as_str(),
                "Option" | "Result" | "option" | "result" | "std" | "core"
            )
        })
}

impl VisitMut for Exits<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            // A closure's `return` and `?` are its own.
            Expr::Closure(_) => {}
            Expr::Return(r) => {
                if let Some(value) = &mut r.expr {
                    syn::visit_mut::visit_expr_mut(self, value);
                    self.value(value);
                }
            }
            Expr::Try(t) => {
                syn::visit_mut::visit_expr_mut(self, &mut t.expr);
                let operand = &t.expr;
                let span = t.question_token.span;
                // `mean(x)?` of a function returning an `Option` (or `self.root()?` of a
                // method): its value may carry a
                // derivative, which a `match` binding would not; `unwrap` is safe where
                // the derived items run this function, since they run `f` first and only
                // where it has a value, so every `?` in it passed.
                let own_method = |e: &Expr| matches!(e, Expr::MethodCall(m) if matches!(&*m.receiver, Expr::Path(p) if p.path.is_ident("self")));
                // (A `Result`'s error is then unwrapped, which asks it to be `Debug`, as
                // error types are.)
                if matches!(&**operand, Expr::Call(c) if matches!(&*c.func, Expr::Path(_)))
                    || own_method(operand)
                {
                    *e = syn::parse_quote_spanned!(span=> #operand.unwrap());
                    return;
                }
                let default = self.default_value();
                // `x.get(i)?`, `x.first()?`, `x.last()?` of a sequence: the element read by
                // index where it exists (a `match` binding it would not carry its derivative).
                if let (Wrapper::Option, Some(read)) =
                    (&self.wrapper, element_or_return(operand, &default, span))
                {
                    *e = read;
                    return;
                }
                let present = syn::Ident::new(PRESENT, span);
                let (ok, err): (syn::Pat, syn::Pat) = match self.wrapper {
                    Wrapper::Option => (
                        syn::parse_quote_spanned!(span=> ::core::option::Option::Some(#present)),
                        syn::parse_quote_spanned!(span=> ::core::option::Option::None),
                    ),
                    Wrapper::Result => (
                        syn::parse_quote_spanned!(span=> ::core::result::Result::Ok(#present)),
                        syn::parse_quote_spanned!(span=> ::core::result::Result::Err(_)),
                    ),
                };
                *e = syn::parse_quote_spanned!(span=>
                    match #operand { #ok => #present, #err => return #default }
                );
            }
            _ => syn::visit_mut::visit_expr_mut(self, e),
        }
    }

    // Nested items keep their own exits.
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

/// `x.get(i)?` as `{ let at = i; if at < x.len() { x[at] } else { return default } }`, and
/// `x.first()?`, `x.last()?` likewise, for a sequence `x` named by a path (a map's
/// `get(&key)` takes a reference, and a range gives a part: neither is read so).
fn element_or_return(operand: &Expr, default: &Expr, span: proc_macro2::Span) -> Option<Expr> {
    let Expr::MethodCall(m) = operand else {
        return None;
    };
    let Expr::Path(_) = &*m.receiver else {
        return None;
    };
    let x = &m.receiver;
    let at = syn::Ident::new("__at", span);
    match (m.method.to_string().as_str(), m.args.first(), m.args.len()) {
        ("get", Some(i), 1) if !matches!(i, Expr::Reference(_) | Expr::Range(_)) => {
            Some(syn::parse_quote_spanned!(span=> {
                let #at: usize = #i;
                if #at < #x.len() { #x[#at] } else { return #default }
            }))
        }
        ("first", None, 0) => Some(syn::parse_quote_spanned!(span=>
            if #x.is_empty() { return #default } else { #x[0] }
        )),
        ("last", None, 0) => Some(syn::parse_quote_spanned!(span=>
            if #x.is_empty() { return #default } else { #x[#x.len() - 1] }
        )),
        _ => None,
    }
}
