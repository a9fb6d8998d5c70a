//! The attribute's arguments and the reading of types: which float type a function uses and
//! what each written type is, as far as differentiation cares.

use crate::ir::{Kind, ParamShape};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{GenericParam, Ident, Signature, Token, Type, TypeParamBound};

/// `#[differentiate]`, `#[differentiate(wrt(a, b))]`, `#[differentiate(custom)]`,
/// `#[differentiate(associated)]` or `#[differentiate(hvp)]`, alone or together.
#[derive(Default)]
pub struct Args {
    /// The active parameters, when named.
    pub wrt: Option<Vec<Ident>>,
    /// The derivatives are the user's own `f_jvp` and `f_vjp`: only the split form and the
    /// helpers are generated from them.
    pub custom: bool,
    /// An associated function without `self` in an `impl`, which the attribute cannot see:
    /// the generated items reach each other as `Self::f_…`.
    pub associated: bool,
    /// `recursive`: the function is part of a cycle of calls through other functions
    /// (`f` calls `g`, which calls `f`), which the attribute cannot see; a function calling
    /// itself directly needs no word.
    pub recursive: bool,
    /// A method of a generic `impl` asks for `_hvp`, which runs the `impl` at `Dual<T>`:
    /// only the user can tell that the `impl`'s bounds, which the attribute cannot see,
    /// hold there. The word itself, for the span of errors.
    pub hvp: Option<Ident>,
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
                    format!("unknown argument `{key}`: the arguments are `wrt(a, b, …)`, naming the parameters to differentiate with respect to, `custom`, for a function whose `_jvp` and `_vjp` you write yourself, `associated`, for a function without `self` inside an `impl`, `recursive`, for a function in a cycle of calls through others, and `hvp`, for `_hvp` on a method of a generic `impl`"),
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
            args.wrt = Some(names.into_iter().collect());
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
pub fn in_impl(item: &syn::ItemFn, args: &Args) -> bool {
    let receiver = matches!(item.sig.inputs.first(), Some(syn::FnArg::Receiver(_)));
    let self_ = Ident::new("Self", proc_macro2::Span::call_site());
    receiver || args.associated || crate::tokens::mentions_ident(quote::quote!(#item), &self_)
}

/// Traits of `std` that generic numeric code bounds its element type by (`T: Mul<Output
/// = T> + Add<Output = T> + Default + Copy`): every float has them.
const ARITHMETIC_BOUNDS: &[&str] = &[
    "Add",
    "Sub",
    "Mul",
    "Div",
    "Neg",
    "Rem",
    "AddAssign",
    "SubAssign",
    "MulAssign",
    "DivAssign",
    "Copy",
    "Clone",
    "Default",
    "PartialEq",
    "PartialOrd",
    "Debug",
    "Display",
    "Sum",
    "Product",
    "Sized",
    "Send",
    "Sync",
];

/// A function written by a `macro_rules!` macro may hold two variables of one name: the
/// macro's own local `t` and a `t` its caller passed in are different variables to Rust
/// (hygiene), which the attribute cannot tell apart by name. The compiler shows each
/// token's syntax context in its span's debug form (`#4 bytes(113..116)`); where a name
/// bound in the function appears in two contexts, the function is refused rather than
/// differentiated as if they were one variable. Where spans carry no context (outside the
/// compiler), nothing is checked.
pub fn check_macro_hygiene(item: &syn::ItemFn) -> syn::Result<()> {
    use syn::visit::Visit;
    struct Bindings(std::collections::HashSet<String>);
    impl Visit<'_> for Bindings {
        fn visit_pat_ident(&mut self, p: &syn::PatIdent) {
            self.0.insert(p.ident.to_string());
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut bound = Bindings(Default::default());
    bound.visit_item_fn(item);
    let context = |span: proc_macro2::Span| -> Option<String> {
        let shown = format!("{span:?}");
        let rest = shown.strip_prefix('#')?;
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        (!digits.is_empty()).then_some(digits)
    };
    let mut seen: std::collections::HashMap<String, String> = Default::default();
    fn walk(
        ts: proc_macro2::TokenStream,
        f: &mut impl FnMut(&Ident) -> Option<syn::Error>,
    ) -> Option<syn::Error> {
        for t in ts {
            let found = match t {
                proc_macro2::TokenTree::Ident(i) => f(&i),
                proc_macro2::TokenTree::Group(g) => walk(g.stream(), f),
                _ => None,
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }
    let tokens = quote::ToTokens::to_token_stream(&item.sig.inputs)
        .into_iter()
        .chain(quote::ToTokens::to_token_stream(&item.block))
        .collect();
    let clash = walk(tokens, &mut |i| {
        let name = i.to_string();
        if !bound.0.contains(&name) {
            return None;
        }
        let ctx = context(i.span())?;
        match seen.get(&name) {
            Some(first) if *first != ctx => Some(syn::Error::new(
                i.span(),
                format!("this function is written by a macro, and `{name}` names two variables here: one of the macro's own and one passed to it, which Rust keeps apart (macro hygiene) but `#[differentiate]` cannot tell apart by name; rename one of them (in the macro or at its call)"),
            )),
            Some(_) => None,
            None => {
                seen.insert(name, ctx);
                None
            }
        }
    });
    clash.map_or(Ok(()), Err)
}

/// The names the parameters of `sig` bind, those written as plain names (the receiver and
/// patterns aside).
pub fn param_idents(sig: &Signature) -> Vec<&Ident> {
    sig.inputs
        .iter()
        .filter_map(|input| match input {
            syn::FnArg::Typed(pt) => match &*pt.pat {
                syn::Pat::Ident(p) => Some(&p.ident),
                _ => None,
            },
            syn::FnArg::Receiver(_) => None,
        })
        .collect()
}

/// Whether `item` takes `&self` (or `self`) and reads it only as the scrutinee of a `match`
/// (`match self { … }`, `match *self { … }`) or of `matches!(self, …)`: never a field, a
/// method, or the value passed on.
pub fn receiver_only_matched(item: &syn::ItemFn) -> bool {
    use proc_macro2::{Delimiter, TokenTree};
    let Some(receiver) = item.sig.receiver() else {
        return false;
    };
    if receiver.mutability.is_some() {
        return false;
    }
    // Each `self`, with the tokens before it, is a scrutinee or a use.
    fn only_matched(ts: proc_macro2::TokenStream, in_matches: bool, used: &mut bool) -> bool {
        let trees: Vec<TokenTree> = ts.into_iter().collect();
        let mut matched = false;
        for (k, t) in trees.iter().enumerate() {
            match t {
                TokenTree::Ident(i) if i == "self" => {
                    let before = |n: usize| k.checked_sub(n).map(|j| &trees[j]);
                    let after_match = |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Ident(m)) if m == "match");
                    let deref =
                        matches!(before(1), Some(TokenTree::Punct(p)) if p.as_char() == '*');
                    let scrutinee = after_match(before(1)) || (deref && after_match(before(2)));
                    let braces = matches!(trees.get(k + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace);
                    let first_in_matches = in_matches && k == 0;
                    if !((scrutinee && braces) || first_in_matches) {
                        *used = true;
                    }
                    matched = true;
                }
                TokenTree::Group(g) => {
                    let is_matches = k >= 2
                        && matches!(&trees[k - 2], TokenTree::Ident(m) if m == "matches")
                        && matches!(&trees[k - 1], TokenTree::Punct(p) if p.as_char() == '!');
                    matched |= only_matched(g.stream(), is_matches, used);
                }
                _ => {}
            }
        }
        matched
    }
    let mut used = false;
    let block = &item.block;
    let mentioned = only_matched(quote::quote!(#block), false, &mut used);
    mentioned && !used
}

/// A copy of `item` whose parameters named like the function or like an item derived from
/// it (`fn hh(hh: f64)`, `fn kk(x: f64, kk_grad: f64)`), or like the tangent or cotangent
/// of the receiver or a `&mut` buffer (`self_dot`, `y_bar`), are renamed (`param_hh`) with every
/// use: the derived items call `hh` and `kk_grad`, which such a parameter would hide. The
/// body cannot name the function there anyway, so every `hh` in it is the variable. `None`
/// where no parameter needs it; else the copy and each renamed parameter's old and new name.
pub fn rename_params_like_items(item: &syn::ItemFn) -> Option<(syn::ItemFn, Vec<(Ident, Ident)>)> {
    use syn::visit_mut::VisitMut;
    let f = item.sig.ident.to_string().replace("r#", "");
    // A method's receiver and a `&mut` buffer have a tangent and a cotangent named after them
    // (the name of a buffer's entry contents, where it is read first, is chosen free).
    let mut derived: Vec<String> = vec![];
    if item.sig.receiver().is_some() {
        derived.extend(["self_dot".into(), "self_bar".into()]);
    }
    for input in &item.sig.inputs {
        if let syn::FnArg::Typed(pt) = input {
            if let (syn::Pat::Ident(p), Type::Reference(r)) = (&*pt.pat, &*pt.ty) {
                if r.mutability.is_some() {
                    let b = p.ident.to_string().replace("r#", "");
                    derived.extend(["dot", "bar"].map(|d| format!("{b}_{d}")));
                }
            }
        }
    }
    let clashes = |name: &str| {
        name == f || name.starts_with(&format!("{f}_")) || derived.iter().any(|d| d == name)
    };
    let names: Vec<String> = param_idents(&item.sig)
        .into_iter()
        .map(|i| i.to_string())
        .filter(|n| clashes(n))
        .collect();
    if names.is_empty() {
        return None;
    }
    let taken: std::collections::HashSet<String> = {
        let mut all = std::collections::HashSet::new();
        fn walk(ts: proc_macro2::TokenStream, all: &mut std::collections::HashSet<String>) {
            for t in ts {
                match t {
                    proc_macro2::TokenTree::Ident(i) => {
                        all.insert(i.to_string());
                    }
                    proc_macro2::TokenTree::Group(g) => walk(g.stream(), all),
                    _ => {}
                }
            }
        }
        walk(quote::ToTokens::to_token_stream(item), &mut all);
        all
    };
    let renames: Vec<(String, Ident)> = names
        .into_iter()
        .map(|n| {
            // A name that neither is taken nor starts like the derived items' (`hh_…`).
            let new = (1..100)
                .map(|k| match k {
                    1 => format!("param_{n}"),
                    _ => format!("param{k}_{n}"),
                })
                .find(|c| !taken.contains(c) && !clashes(c))
                .unwrap_or_else(|| format!("__{n}"));
            (n, Ident::new(&new, proc_macro2::Span::call_site()))
        })
        .collect();
    struct Rename<'a>(&'a [(String, Ident)]);
    impl Rename<'_> {
        fn to(&self, i: &Ident) -> Option<Ident> {
            let name = i.to_string();
            self.0
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, new)| Ident::new(&new.to_string(), i.span()))
        }
        fn tokens(&self, ts: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
            use proc_macro2::TokenTree;
            let mut after_dot = false;
            ts.into_iter()
                .map(|t| {
                    let out = match t {
                        TokenTree::Ident(i) if !after_dot => match self.to(&i) {
                            Some(n) => TokenTree::Ident(n),
                            None => TokenTree::Ident(i),
                        },
                        TokenTree::Group(g) => {
                            let mut group =
                                proc_macro2::Group::new(g.delimiter(), self.tokens(g.stream()));
                            group.set_span(g.span());
                            TokenTree::Group(group)
                        }
                        other => other,
                    };
                    after_dot = matches!(&out, TokenTree::Punct(p) if p.as_char() == '.');
                    out
                })
                .collect()
        }
    }
    impl VisitMut for Rename<'_> {
        fn visit_pat_ident_mut(&mut self, p: &mut syn::PatIdent) {
            if let Some(n) = self.to(&p.ident) {
                p.ident = n;
            }
            syn::visit_mut::visit_pat_ident_mut(self, p);
        }
        fn visit_expr_path_mut(&mut self, e: &mut syn::ExprPath) {
            if e.qself.is_none() && e.path.segments.len() == 1 {
                if let Some(n) = self.to(&e.path.segments[0].ident) {
                    e.path.segments[0].ident = n;
                }
            }
        }
        fn visit_field_value_mut(&mut self, fv: &mut syn::FieldValue) {
            // `S { hh }` keeps its field: `S { hh: hh_arg }`.
            if fv.colon_token.is_none()
                && matches!(&fv.member, syn::Member::Named(m) if self.to(m).is_some())
            {
                fv.colon_token = Some(Default::default());
            }
            syn::visit_mut::visit_expr_mut(self, &mut fv.expr);
        }
        fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
            m.tokens = self.tokens(std::mem::take(&mut m.tokens));
        }
    }
    let mut copy = item.clone();
    let mut rename = Rename(&renames);
    for input in copy.sig.inputs.iter_mut() {
        rename.visit_fn_arg_mut(input);
    }
    rename.visit_block_mut(&mut copy.block);
    let renames = renames
        .into_iter()
        .map(|(old, new)| (Ident::new(&old, new.span()), new))
        .collect();
    Some((copy, renames))
}

/// A copy of `item` in which each `mut` parameter that `wrt(…)` leaves out is a local
/// (`fn g(x: f64, mut c: f64)` with `wrt(x)` reads as `c: f64` and `let mut c = c;`): the
/// parameter holds a constant, and the local may be given values that carry a derivative
/// (`c = c * x`). `None` where there is none.
pub fn localise_mut_params(item: &syn::ItemFn, wrt: Option<&[Ident]>) -> Option<syn::ItemFn> {
    let wrt = wrt?;
    let mut copy = item.clone();
    let mut locals: Vec<syn::Stmt> = vec![];
    for input in copy.sig.inputs.iter_mut() {
        let syn::FnArg::Typed(pt) = input else {
            continue;
        };
        let syn::Pat::Ident(p) = &mut *pt.pat else {
            continue;
        };
        if p.mutability.is_none() || p.by_ref.is_some() || wrt.contains(&p.ident) {
            continue;
        }
        p.mutability = None;
        let name = &p.ident;
        locals.push(syn::parse_quote!(let mut #name = #name;));
    }
    if locals.is_empty() {
        return None;
    }
    locals.append(&mut copy.block.stmts);
    copy.block.stmts = locals;
    Some(copy)
}

/// A copy of `item` in which every raw identifier that need not be raw (`r#x`, which Rust
/// reads as `x`) is written plainly, so that `r#x` and `x` name one variable for the macro
/// as they do for rustc; keywords stay raw (`r#type`). `None` where there is none.
pub fn unraw_identifiers(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    struct Unraw(bool);
    impl syn::visit_mut::VisitMut for Unraw {
        fn visit_ident_mut(&mut self, i: &mut Ident) {
            if let Some(p) = plain_ident(i) {
                *i = p;
                self.0 = true;
            }
        }
        fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
            syn::visit_mut::visit_macro_mut(self, m);
            m.tokens = unraw_tokens(std::mem::take(&mut m.tokens), &mut self.0);
        }
    }
    let mut copy = item.clone();
    let mut unraw = Unraw(false);
    syn::visit_mut::VisitMut::visit_item_fn_mut(&mut unraw, &mut copy);
    unraw.0.then_some(copy)
}

/// `ts` with every raw identifier that need not be raw written plainly (see
/// [`unraw_identifiers`]); `changed` is set where one was.
pub fn unraw_tokens(ts: proc_macro2::TokenStream, changed: &mut bool) -> proc_macro2::TokenStream {
    use proc_macro2::TokenTree;
    ts.into_iter()
        .map(|t| match t {
            TokenTree::Ident(i) => match plain_ident(&i) {
                Some(p) => {
                    *changed = true;
                    TokenTree::Ident(p)
                }
                None => TokenTree::Ident(i),
            },
            TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), unraw_tokens(g.stream(), changed));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            other => other,
        })
        .collect()
}

/// `x` for `r#x`; `None` for a plain identifier or a keyword (`r#type` stays raw).
fn plain_ident(ident: &Ident) -> Option<Ident> {
    let name = ident.to_string();
    let bare = name.strip_prefix("r#")?;
    syn::parse_str::<Ident>(bare)
        .ok()
        .map(|_| Ident::new(bare, ident.span()))
}

/// A function with no float type of its own but a type parameter bounded only by
/// arithmetic traits: its derivatives are built from a copy where that parameter is also
/// bounded by `Float`, so they exist for `f64` and `f32` (the function itself keeps its
/// bounds). `None` where the signature already names a float type.
pub fn bound_arithmetic_param(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    if float_type(&item.sig, None, false).is_ok()
        || matches!(item.sig.inputs.first(), Some(syn::FnArg::Receiver(_)))
    {
        return None;
    }
    // Operator traits, or a float trait of the user's own (`T: MyFloat`, `T: BasicFloat`,
    // `T: RealField`, which the attribute cannot see is `Float`).
    let arithmetic = |tp: &syn::TypeParam| {
        !tp.bounds.is_empty()
            && tp.bounds.iter().all(|b| match b {
                TypeParamBound::Trait(t) => t.path.segments.last().is_some_and(|s| {
                    let name = s.ident.to_string();
                    ARITHMETIC_BOUNDS.contains(&name.as_str())
                        || name.contains("Float")
                        || name.contains("Real")
                }),
                _ => true,
            })
    };
    let candidates: Vec<&syn::TypeParam> = item
        .sig
        .generics
        .type_params()
        .filter(|tp| arithmetic(tp))
        .collect();
    let [tp] = candidates.as_slice() else {
        return None;
    };
    let name = tp.ident.clone();
    let mut copy = item.clone();
    for param in copy.sig.generics.type_params_mut() {
        if param.ident == name {
            param
                .bounds
                .push(syn::parse_quote!(::autodiff::__private::Float));
            param.bounds.push(syn::parse_quote!('static));
        }
    }
    Some(copy)
}

/// A copy of the function whose parameters `&&[F]`, `&&Params` or `&Box<[F]>` read as
/// `&[F]`, `&Params`: the derived items take the single reference, which the callers'
/// double reference or boxed slice coerces to (deref coercion), and the body reads the same
/// through either. A parameter written as a pattern (`(a, b): (f64, f64)`, `[x, y]: [f64;
/// 2]`) gets a name made of its bindings (`a_b`), and the body starts by destructuring it
/// (`let (a, b) = a_b;`). `None` where no parameter has such a type or pattern.
pub fn collapse_param_refs(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let mut copy = item.clone();
    let mut changed = false;
    let float = float_type(&item.sig, Some(&item.block), true).ok();
    let mut unpacks: Vec<syn::Stmt> = vec![];
    for input in copy.sig.inputs.iter_mut() {
        let syn::FnArg::Typed(pt) = input else {
            continue;
        };
        if let Some(name) = pattern_param_name(&pt.pat) {
            let pat = (*pt.pat).clone();
            unpacks.push(syn::parse_quote!(let #pat = #name;));
            *pt.pat = syn::parse_quote!(#name);
            changed = true;
        }
        if let (Some(f), syn::Pat::Ident(name)) = (&float, &*pt.pat) {
            let by_value = !matches!(*pt.ty, Type::Reference(_));
            if by_value
                && kind_of_type(&pt.ty, f) == Kind::Struct
                && reads_named_field(&item.block, &name.ident)
            {
                // `origin: Point` by value: the derived items take `&Point`, as they take
                // `&Point` itself, and the primal gets a clone.
                let elem = (*pt.ty).clone();
                *pt.ty = syn::parse_quote!(&#elem);
                changed = true;
                continue;
            }
            // `m: Vec<Vec<f64>>` or `[[f64; 2]; 2]` by value, and not modified, and a tuple of
            // floats `p: (f64, f64)`: the derived items take them by reference, as the rows
            // and structs they are read as, and the primal gets a clone.
            let elem = (*pt.ty).clone();
            let rows = name.mutability.is_none() && is_rows(&syn::parse_quote!(&#elem), f);
            let tuples = name.mutability.is_none()
                && element(&elem).is_some_and(|(e, _)| is_float_tuple(e, f));
            if by_value && (rows || tuples || is_float_tuple(&elem, f)) {
                *pt.ty = syn::parse_quote!(&#elem);
                changed = true;
                continue;
            }
        }
        if let Some(value) = shared_scalar(&pt.ty, float.as_ref()) {
            *pt.ty = value;
            changed = true;
        } else if let Some(owned) = view_as_array_ref(&pt.ty) {
            *pt.ty = owned;
            changed = true;
        } else if let Some(single) = single_reference(&pt.ty) {
            *pt.ty = single;
            changed = true;
        }
    }
    if !unpacks.is_empty() {
        let stmts = std::mem::take(&mut copy.block.stmts);
        copy.block.stmts = unpacks.into_iter().chain(stmts).collect();
    }
    changed.then_some(copy)
}

/// A copy of a function generic over its float type `T` whose rows (`&[[T; 2]; 2]`) or
/// tuples (`&(T, T)`) are differentiated as values of `Differentiable` types made of `T`s,
/// with the bound that makes them so, `T: Differentiable<Scalar = T>` (every float type
/// meets it). `None` where no such parameter needs it.
pub fn bound_float_leaves(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    bound_float(
        item,
        |float| {
            let tuple = |t: &Type| match t {
                Type::Reference(r) => {
                    is_float_tuple(&r.elem, float)
                        || element(&r.elem).is_some_and(|(e, _)| is_float_tuple(e, float))
                }
                _ => false,
            };
            item.sig.inputs.iter().any(|input| match input {
                syn::FnArg::Typed(pt) => is_rows(&pt.ty, float) || tuple(&pt.ty),
                syn::FnArg::Receiver(_) => false,
            })
        },
        |float| vec![syn::parse_quote!(::autodiff::__private::Differentiable<Scalar = #float>)],
    )
}

/// A copy of a function generic over its float type `T` that holds a value whose type the
/// macro leaves to rustc (a call's result only passed on, `let z = g(x); h(z)`: a float or
/// an array), with the bounds its adjoint's traits need for `T` itself, `T: Adjoint + Like<Owned = T>`
/// (every float type meets them).
pub fn bound_undecided_values(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    bound_float(
        item,
        |_| true,
        |float| {
            vec![
                syn::parse_quote!(::autodiff::__private::Adjoint),
                syn::parse_quote!(::autodiff::__private::Like<Owned = #float>),
            ]
        },
    )
}

/// `item` with a bound on its float type where that is a type parameter and `needs` it.
fn bound_float(
    item: &syn::ItemFn,
    needs: impl Fn(&Type) -> bool,
    bounds: impl Fn(&Type) -> Vec<syn::TypeParamBound>,
) -> Option<syn::ItemFn> {
    let float = float_type(&item.sig, Some(&item.block), true).ok()?;
    if is_float_name(&float) || !needs(&float) {
        return None;
    }
    let bounds = bounds(&float);
    let mut copy = item.clone();
    // On the function's own parameter where it is declared (one place for its bounds),
    // else (an `impl`'s parameter) in a `where` clause.
    let own = copy
        .sig
        .generics
        .type_params_mut()
        .find(|t| t.ident == quote::quote!(#float).to_string());
    match own {
        Some(param) => param.bounds.extend(bounds),
        None => copy
            .sig
            .generics
            .make_where_clause()
            .predicates
            .push(syn::parse_quote!(#float: #(#bounds)+*)),
    }
    Some(copy)
}

/// The name for a parameter written as a tuple or array pattern of names: the names
/// joined (`a_b` for `(a, b)`).
fn pattern_param_name(pat: &syn::Pat) -> Option<syn::Ident> {
    let elems = match pat {
        syn::Pat::Tuple(t) => &t.elems,
        syn::Pat::Slice(s) => &s.elems,
        syn::Pat::Reference(r) if r.mutability.is_none() => return pattern_param_name(&r.pat),
        _ => return None,
    };
    let names: Option<Vec<String>> = elems
        .iter()
        .map(|p| match p {
            syn::Pat::Ident(i) if i.subpat.is_none() && i.by_ref.is_none() => {
                Some(i.ident.to_string().trim_start_matches("r#").to_string())
            }
            syn::Pat::Wild(_) => Some("unused".to_string()),
            _ => None,
        })
        .collect();
    let names = names?;
    (!names.is_empty()).then(|| syn::Ident::new(&names.join("_"), proc_macro2::Span::call_site()))
}

/// The parameters whose types `collapse_param_refs` changed: index and written type.
pub fn written_types(written: &syn::ItemFn, derived: &syn::ItemFn) -> Vec<(usize, Type)> {
    let typed = |f: &syn::ItemFn| -> Vec<Option<Type>> {
        f.sig
            .inputs
            .iter()
            .map(|p| match p {
                syn::FnArg::Typed(pt) => Some((*pt.ty).clone()),
                syn::FnArg::Receiver(_) => None,
            })
            .collect()
    };
    typed(written)
        .into_iter()
        .zip(typed(derived))
        .enumerate()
        .filter_map(|(i, (w, d))| match (w, d) {
            (Some(w), Some(d)) if !same(&w, &d) => Some((i, w)),
            _ => None,
        })
        .collect()
}

/// Whether the body reads a named field of `name` (`name.x`, not a method `name.len()`).
fn reads_named_field(block: &syn::Block, name: &syn::Ident) -> bool {
    use proc_macro2::TokenTree;
    fn walk(ts: proc_macro2::TokenStream, name: &syn::Ident) -> bool {
        let tokens: Vec<TokenTree> = ts.into_iter().collect();
        tokens.iter().enumerate().any(|(k, t)| match t {
            TokenTree::Group(g) => walk(g.stream(), name),
            TokenTree::Ident(i) if i == name => {
                let dot = matches!(tokens.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == '.');
                let before_ok = !matches!(k.checked_sub(1).and_then(|j| tokens.get(j)), Some(TokenTree::Punct(p)) if p.as_char() == '.');
                let field = matches!(tokens.get(k + 2), Some(TokenTree::Ident(f)) if f.to_string().starts_with(|c: char| c.is_lowercase() || c == '_'));
                let call = matches!(tokens.get(k + 3), Some(TokenTree::Group(g)) if g.delimiter() == proc_macro2::Delimiter::Parenthesis)
                    || matches!(tokens.get(k + 3), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                dot && before_ok && field && !call
            }
            _ => false,
        })
    }
    walk(quote::ToTokens::to_token_stream(block), name)
}

/// `&f64` (of the float type) or `&usize`, `&i32`, `&bool`, …: the value itself, which the
/// derived items take instead (the body's `*x` reads it; see `ir::Var::element`).
fn shared_scalar(ty: &Type, float: Option<&Type>) -> Option<Type> {
    let Type::Reference(r) = ty else { return None };
    if r.mutability.is_some() {
        return None;
    }
    let Type::Path(p) = &*r.elem else { return None };
    let name = p.path.get_ident()?.to_string();
    let primitive = crate::tokens::SCALAR_TYPES.contains(&name.as_str());
    let is_float = float.is_some_and(|f| quote::quote!(#f).to_string() == name);
    (primitive || is_float).then(|| (*r.elem).clone())
}

/// An `ndarray` view by value (`ArrayView1<'_, F>`, `ArrayView2<F>`, `ArrayView<F, D>`,
/// `ArrayViewD<F>`) as a reference to the owned array it views (`&Array1<F>`, …): the
/// derived items take arrays, as they take `&Array1<F>` itself, and the primal gets
/// `a.view()`.
pub fn view_as_array_ref(ty: &Type) -> Option<Type> {
    let Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let last = p.path.segments.last()?;
    // `ArrayBase<ViewRepr<&F>, D>`, the view written out: `&Array<F, D>`.
    if last.ident == "ArrayBase" {
        let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
            return None;
        };
        let (Some(syn::GenericArgument::Type(repr)), Some(dim)) = (a.args.first(), a.args.get(1))
        else {
            return None;
        };
        let Type::Path(repr) = repr else { return None };
        let repr = repr.path.segments.last()?;
        if repr.ident != "ViewRepr" {
            return None;
        }
        let syn::PathArguments::AngleBracketed(r) = &repr.arguments else {
            return None;
        };
        let Some(syn::GenericArgument::Type(Type::Reference(elem))) = r.args.first() else {
            return None;
        };
        if elem.mutability.is_some() {
            return None;
        }
        let elem = &elem.elem;
        return Some(syn::parse_quote!(&::autodiff::ndarray::Array<#elem, #dim>));
    }
    let owned = match last.ident.to_string().as_str() {
        "ArrayView" => "Array",
        "ArrayView0" => "Array0",
        "ArrayView1" => "Array1",
        "ArrayView2" => "Array2",
        "ArrayView3" => "Array3",
        "ArrayView4" => "Array4",
        "ArrayViewD" => "ArrayD",
        _ => return None,
    };
    let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
        return None;
    };
    let args: Vec<&syn::GenericArgument> = a
        .args
        .iter()
        .filter(|g| !matches!(g, syn::GenericArgument::Lifetime(_)))
        .collect();
    let owned = syn::Ident::new(owned, last.ident.span());
    Some(syn::parse_quote!(&::autodiff::ndarray::#owned<#(#args),*>))
}

/// `&&T` as `&T`, `&Box<[F]>` as `&[F]` (any number of outer shared references).
fn single_reference(ty: &Type) -> Option<Type> {
    let Type::Reference(r) = ty else { return None };
    if r.mutability.is_some() {
        return None;
    }
    let mut inner = &*r.elem;
    let mut collapsed = false;
    while let Type::Reference(next) = inner {
        if next.mutability.is_some() {
            return None;
        }
        inner = &next.elem;
        collapsed = true;
    }
    if let Some(slice) = boxed_slice(inner) {
        inner = slice;
        collapsed = true;
    }
    let mut single = r.clone();
    single.elem = Box::new(inner.clone());
    collapsed.then_some(Type::Reference(single))
}

/// The element type `S` of a `&[S]` or `&Vec<S>` parameter (`ParamShape::StructSlice`).
pub fn struct_slice_element(ty: &Type) -> &Type {
    match ty {
        Type::Reference(r) => element(&r.elem).map_or(&*r.elem, |(e, _)| e),
        other => other,
    }
}

/// `Box<[E]>`, whose values the derived items build from a `Vec` with `into_boxed_slice`.
pub fn is_boxed_slice(ty: &Type) -> bool {
    boxed_slice(ty).is_some()
}

/// `[E]` of `Box<[E]>`.
fn boxed_slice(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if last.ident != "Box" {
        return None;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => match args.args.first()? {
            syn::GenericArgument::Type(t @ Type::Slice(_)) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a bound makes its type parameter a float type: `num_traits::Float`, or a trait
/// that implies it and is written as the bound of generic float code, ndarray's `NdFloat`
/// (matched by the last segment, as the macro sees names and not traits).
pub fn is_float_bound(b: &TypeParamBound) -> bool {
    matches!(b, TypeParamBound::Trait(t)
        if t.path.segments.last().is_some_and(|s| s.ident == "Float" || s.ident == "NdFloat"))
}

/// The function's float type: `f64`, `f32`, or a generic parameter bounded by `Float`; in
/// an `impl` (see [`in_impl`]), possibly the impl's own type parameter. A type the body
/// builds by a struct literal (`Vec2 { x, y }`) is no float: a method of a concrete struct
/// whose signature names no float (`fn sub(&self, o: &Vec2) -> Vec2`) computes in the
/// float type its body names (`f32` where it does), else `f64`.
pub fn float_type(sig: &Signature, body: Option<&syn::Block>, in_impl: bool) -> syn::Result<Type> {
    for param in &sig.generics.params {
        if let GenericParam::Type(tp) = param {
            let bounded = is_float_bound;
            let in_where = sig.generics.where_clause.as_ref().is_some_and(|w| {
                w.predicates.iter().any(|p| match p {
                    syn::WherePredicate::Type(pt) => {
                        is_ident(&pt.bounded_ty, &tp.ident) && pt.bounds.iter().any(bounded)
                    }
                    _ => false,
                })
            });
            if tp.bounds.iter().any(bounded) || in_where {
                let ident = &tp.ident;
                return Ok(syn::parse_quote!(#ident));
            }
        }
    }
    let mut found = None;
    let mut visit = |ty: &Type| {
        for name in ["f64", "f32"] {
            if mentions(ty, name) && found.is_none() {
                found = Some(name);
            }
        }
    };
    for input in &sig.inputs {
        if let syn::FnArg::Typed(pt) = input {
            visit(&pt.ty);
        }
    }
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        visit(ty);
    }
    match found {
        Some("f32") => Ok(syn::parse_quote!(f32)),
        Some(_) => Ok(syn::parse_quote!(f64)),
        None => match impl_float_candidates(sig, body, in_impl).as_slice() {
            [] if body.is_some_and(|b| builds_its_result(sig, b)) => {
                let f32_ = Ident::new("f32", proc_macro2::Span::call_site());
                let names_f32 = body.is_some_and(|b| {
                    crate::tokens::mentions_ident(quote::ToTokens::to_token_stream(b), &f32_)
                });
                Ok(if names_f32 {
                    syn::parse_quote!(f32)
                } else {
                    syn::parse_quote!(f64)
                })
            }
            [one] => Ok(syn::parse_str(one).expect("an identifier is a type")),
            [] => Err(syn::Error::new_spanned(
                &sig.ident,
                "`#[differentiate]` found no float type in this signature: use `f64`, `f32`, or a type parameter bounded by `num_traits::Float` (in a method of a generic `impl<T: Float>`, or a function there marked `#[differentiate(associated)]`, write `T` for a float parameter or the result, or as the element of a slice, `Vec` or array)",
            )),
            several => Err(syn::Error::new_spanned(
                &sig.ident,
                format!(
                    "`#[differentiate]` cannot tell which of the impl's type parameters `{}` is the float type of this function: it sees the function's signature only. Write it as a free function generic over its float type (`fn {}<T: Float>(p: &S<T>, …)`), which states it",
                    several.join("`, `"),
                    sig.ident
                ),
            )),
        },
    }
}

/// Whether the result is a struct (`Self` or a named type) that the body builds by a
/// literal.
fn builds_its_result(sig: &Signature, body: &syn::Block) -> bool {
    let syn::ReturnType::Type(_, ty) = &sig.output else {
        return false;
    };
    let Type::Path(p) = &**ty else { return false };
    p.path
        .get_ident()
        .is_some_and(|name| literal_struct_names(body).contains(&name.to_string()))
}

/// The names of the structs the body builds by literals (`Vec2 { x, y }`).
fn literal_struct_names(body: &syn::Block) -> Vec<String> {
    struct Literals(Vec<String>);
    impl<'ast> syn::visit::Visit<'ast> for Literals {
        fn visit_expr_struct(&mut self, s: &'ast syn::ExprStruct) {
            if let Some(last) = s.path.segments.last() {
                self.0.push(last.ident.to_string());
            }
            syn::visit::visit_expr_struct(self, s);
        }
    }
    let mut found = Literals(vec![]);
    syn::visit::Visit::visit_block(&mut found, body);
    found.0
}

/// In an item of a generic `impl<T: Float> S<T>`, the float type is the impl's parameter,
/// which the attribute cannot see: it is taken to be the one type name, declared neither by
/// the function nor by the language, that the signature uses as a float would be used (a
/// parameter or result by value, or the element of a slice, `Vec`, array or `ndarray` array).
/// A wrong guess does not compile (the generated code uses it as a float). Returns every
/// such name.
fn impl_float_candidates(sig: &Signature, body: Option<&syn::Block>, in_impl: bool) -> Vec<String> {
    if !in_impl {
        return vec![];
    }
    let built = body.map(literal_struct_names).unwrap_or_default();
    let declared: Vec<String> = sig
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Type(t) => Some(t.ident.to_string()),
            _ => None,
        })
        .collect();
    let mut candidates: Vec<String> = vec![];
    let mut consider = |ty: &Type| {
        let Type::Path(p) = ty else { return };
        let Some(name) = p.path.get_ident().map(Ident::to_string) else {
            return;
        };
        let known = INTS.contains(&name.as_str())
            || ["Self", "String", "bool", "char", "str"].contains(&name.as_str());
        if !known
            && !declared.contains(&name)
            && !candidates.contains(&name)
            && !built.contains(&name)
        {
            candidates.push(name);
        }
    };
    let mut float_positions = |ty: &Type| {
        let ty = match ty {
            Type::Reference(r) => &*r.elem,
            t => t,
        };
        consider(ty);
        if let Some((elem, _)) = element(ty) {
            consider(elem);
        }
        if let Type::Path(p) = ty {
            let last = p.path.segments.last();
            let nd = last.is_some_and(|s| s.ident.to_string().starts_with("Array"));
            if let (true, Some(syn::PathArguments::AngleBracketed(args))) =
                (nd, last.map(|s| &s.arguments))
            {
                if let Some(syn::GenericArgument::Type(t)) = args.args.first() {
                    consider(t);
                }
            }
        }
    };
    for input in &sig.inputs {
        if let syn::FnArg::Typed(pt) = input {
            // A struct passed by reference is not a float position.
            if matches!(&*pt.ty, Type::Reference(r) if matches!(&*r.elem, Type::Path(p) if p.path.get_ident().is_some()))
            {
                continue;
            }
            float_positions(&pt.ty);
        }
    }
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        float_positions(ty);
        if let Type::Tuple(t) = &**ty {
            t.elems.iter().for_each(&mut float_positions);
        }
    }
    candidates
}

fn is_ident(ty: &Type, ident: &Ident) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none() && p.path.is_ident(ident))
}

fn mentions(ty: &Type, name: &str) -> bool {
    quote::quote!(#ty)
        .into_iter()
        .any(|t| t.to_string() == name)
        || quote::quote!(#ty)
            .to_string()
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|w| w == name)
}

/// The element type of `Vec<E>`, `[E]` or `[E; N]`, and whether it was an array.
fn element(ty: &Type) -> Option<(&Type, bool)> {
    match ty {
        Type::Slice(s) => Some((&s.elem, false)),
        Type::Array(a) => Some((&a.elem, true)),
        Type::Path(_) if boxed_slice(ty).is_some() => element(boxed_slice(ty)?),
        Type::Path(p) => {
            let last = p.path.segments.last()?;
            if last.ident != "Vec" {
                return None;
            }
            match &last.arguments {
                syn::PathArguments::AngleBracketed(args) => match args.args.first()? {
                    syn::GenericArgument::Type(t) => Some((t, false)),
                    _ => None,
                },
                _ => None,
            }
        }
        Type::Paren(p) => element(&p.elem),
        _ => None,
    }
}

fn same(a: &Type, b: &Type) -> bool {
    quote::quote!(#a).to_string() == quote::quote!(#b).to_string()
}

pub const INTS: &[&str] = &[
    "usize", "isize", "u8", "u16", "u32", "u64", "u128", "i8", "i16", "i32", "i64", "i128",
];

/// What a written type holds.
pub fn kind_of_type(ty: &Type, float: &Type) -> Kind {
    if same(ty, float) || is_float_name(ty) {
        return Kind::Float;
    }
    match ty {
        Type::Reference(r) => kind_of_type(&r.elem, float),
        Type::Paren(p) => kind_of_type(&p.elem, float),
        Type::Path(p) if INTS.iter().any(|i| p.path.is_ident(i)) => Kind::Int,
        Type::Path(p) if p.path.is_ident("bool") => Kind::Bool,
        Type::Path(p) if is_nd_array(p, float) => Kind::Array,
        Type::Path(p) if is_struct_path(p) => Kind::Struct,
        _ => match element(ty).map(|(e, _)| kind_of_type(e, float)) {
            Some(Kind::Float) => Kind::FloatSeq,
            Some(Kind::Int) => Kind::IntSeq,
            Some(Kind::Struct) => Kind::StructSeq,
            _ => Kind::Other,
        },
    }
}

/// `Array1<F>`, `Array2<F>`, `Array<F, D>` (any path to them) of the float type.
fn is_nd_array(p: &syn::TypePath, float: &Type) -> bool {
    let Some(last) = p.path.segments.last() else {
        return false;
    };
    let name = last.ident.to_string();
    if !(name == "Array"
        || name.starts_with("Array") && name[5..].chars().all(|c| c.is_ascii_digit() || c == 'D'))
    {
        return false;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => matches!(
            args.args.first(),
            Some(syn::GenericArgument::Type(t)) if kind_of_type(t, float) == Kind::Float
        ),
        _ => false,
    }
}

/// Standard types a parameter may hold that are no parameter structs.
const NOT_STRUCTS: &[&str] = &[
    "String", "Option", "Result", "Box", "Rc", "Arc", "Cow", "HashMap", "HashSet", "BTreeMap",
    "BTreeSet", "VecDeque", "Vec", "Path", "PathBuf", "Range", "Cell", "RefCell", "Mutex",
    "RwLock", "Tape", "Value", "Dual", "DualVec", "Rng", "Ordering", "Duration", "Instant",
];

/// A user type the macro cannot see into (`Params`, `Self`, `model::Mlp<f64>`): read as a
/// `#[derive(Differentiable)]` struct; rustc checks that it is one.
fn is_struct_path(p: &syn::TypePath) -> bool {
    let Some(last) = p.path.segments.last() else {
        return false;
    };
    let name = last.ident.to_string();
    p.qself.is_none()
        && name.starts_with(|c: char| c.is_ascii_uppercase())
        && !NOT_STRUCTS.contains(&name.as_str())
        && !name.starts_with("Array")
}

fn is_float_name(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.path.is_ident("f64") || p.path.is_ident("f32"))
}

/// `&mut [F]` or `&mut Vec<F>`: an output buffer (and an input too where the body reads
/// its entry contents).
pub fn is_buffer(ty: &Type, float: &Type) -> bool {
    matches!(ty, Type::Reference(r) if r.mutability.is_some()
        && !matches!(&*r.elem, Type::Array(_))
        && matches!(element(&r.elem), Some((e, false)) if kind_of_type(e, float) == Kind::Float))
}

/// How a parameter of this type is differentiated.
pub fn param_shape(ty: &Type, float: &Type) -> ParamShape {
    let owned = |t: &Type| match element(t) {
        Some((e, array)) if kind_of_type(e, float) == Kind::Float => Some(array),
        _ => None,
    };
    match ty {
        _ if kind_of_type(ty, float) == Kind::Float && !matches!(ty, Type::Reference(_)) => {
            ParamShape::Scalar
        }
        Type::Reference(r)
            if r.mutability.is_none() && kind_of_type(&r.elem, float) == Kind::Array =>
        {
            ParamShape::NdRef
        }
        Type::Reference(r)
            if r.mutability.is_none()
                && (kind_of_type(&r.elem, float) == Kind::Struct
                    || is_float_tuple(&r.elem, float)) =>
        {
            ParamShape::Struct
        }
        _ if kind_of_type(ty, float) == Kind::Array => ParamShape::Nd,
        Type::Reference(r) if r.mutability.is_none() => match owned(&r.elem) {
            Some(true) => ParamShape::ArrayRef,
            Some(false) => ParamShape::Slice,
            None if matches!(element(&r.elem), Some((e, false)) if kind_of_type(e, float) == Kind::Struct || is_float_tuple(e, float)) => {
                ParamShape::StructSlice
            }
            None if is_rows(ty, float) => ParamShape::StructSlice,
            // `&[(F, F); N]`: tuples in an array, read as a slice of them.
            None if matches!(element(&r.elem), Some((e, true)) if is_float_tuple(e, float)) => {
                ParamShape::StructSlice
            }
            None => ParamShape::Inactive,
        },
        Type::Reference(_) => ParamShape::Inactive,
        _ => match owned(ty) {
            Some(true) => ParamShape::Array,
            Some(false) => ParamShape::OwnedVec,
            None => ParamShape::Inactive,
        },
    }
}

/// `&[Vec<F>]`, `&Vec<Vec<F>>`, `&[[F; N]]`, `&Vec<[F; N]>`: a matrix as rows, a slice
/// whose elements are float sequences (see `ir::lower_rows`).
pub fn is_rows(ty: &Type, float: &Type) -> bool {
    let Type::Reference(r) = ty else { return false };
    r.mutability.is_none()
        && matches!(element(&r.elem), Some((row, _))
            if matches!(element(row), Some((e, _)) if kind_of_type(e, float) == Kind::Float))
}

/// The length of each row of a parameter given as rows of arrays with a literal length
/// (`&[[f64; 3]]`: 3), so that a row used as a value is an array again.
pub fn row_array_len(ty: &Type) -> Option<usize> {
    let Type::Reference(r) = ty else { return None };
    let (Type::Array(row), _) = element(&r.elem)? else {
        return None;
    };
    match &row.len {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(n),
            ..
        }) => n.base10_parse().ok(),
        _ => None,
    }
}

/// `ty` behind its references and parentheses (`&&(f64, f64)`: `(f64, f64)`).
pub fn peel_refs(mut ty: &Type) -> &Type {
    loop {
        match ty {
            Type::Reference(r) => ty = &r.elem,
            Type::Paren(p) => ty = &p.elem,
            _ => return ty,
        }
    }
}

/// `(F, F)`, two to four floats: a tuple differentiated as a struct whose fields are `.0`,
/// `.1`, … (its cotangent a tuple of the same type).
pub fn is_float_tuple(ty: &Type, float: &Type) -> bool {
    match ty {
        Type::Paren(p) => is_float_tuple(&p.elem, float),
        Type::Tuple(t) => {
            (2..=4).contains(&t.elems.len())
                && t.elems.iter().all(|e| {
                    !matches!(e, Type::Reference(_)) && kind_of_type(e, float) == Kind::Float
                })
        }
        _ => false,
    }
}

/// Whether `ty` holds values of the float type anywhere (behind references, in tuples,
/// sequences, boxes, maps), other than in an `Option` (a constant by design: matched, not
/// differentiated), a function type or a marker.
pub fn holds_floats(ty: &Type, float: &Type) -> bool {
    match ty {
        _ if kind_of_type(ty, float) == Kind::Float => true,
        Type::Reference(r) => holds_floats(&r.elem, float),
        Type::Paren(p) => holds_floats(&p.elem, float),
        Type::Slice(s) => holds_floats(&s.elem, float),
        Type::Array(a) => holds_floats(&a.elem, float),
        Type::Tuple(t) => t.elems.iter().any(|e| holds_floats(e, float)),
        Type::Path(p) => p.path.segments.last().is_some_and(|s| {
            let name = s.ident.to_string();
            !matches!(name.as_str(), "Option" | "PhantomData")
                && match &s.arguments {
                    syn::PathArguments::AngleBracketed(a) => a.args.iter().any(
                        |g| matches!(g, syn::GenericArgument::Type(t) if holds_floats(t, float)),
                    ),
                    _ => false,
                }
        }),
        _ => false,
    }
}

/// Whether a tuple in `ty` (behind references, or as a sequence's element) holds the float
/// type among other types, which no parameter shape differentiates.
pub fn mixed_float_tuple(ty: &Type, float: &Type) -> bool {
    match ty {
        Type::Reference(r) => mixed_float_tuple(&r.elem, float),
        Type::Paren(p) => mixed_float_tuple(&p.elem, float),
        Type::Tuple(t) => {
            !is_float_tuple(ty, float)
                && t.elems
                    .iter()
                    .any(|e| kind_of_type(e, float) == Kind::Float || mixed_float_tuple(e, float))
        }
        _ => element(ty).is_some_and(|(e, _)| mixed_float_tuple(e, float)),
    }
}

/// `&[[F; N]; M]`, `&[(F, F); M]`: rows or tuples in an array, whose cotangent is an
/// array of the same type (a slice's is a `Vec`).
pub fn is_array_of_elements(ty: &Type) -> bool {
    matches!(ty, Type::Reference(r) if matches!(&*r.elem, Type::Array(_)))
}

/// Floats nested two or more sequences deep (`Vec<Vec<F>>`, `[[F; N]; M]`, `&[&[F]]`):
/// rows, which the derivatives take only as a shared slice or array of them.
pub fn nests_floats(ty: &Type, float: &Type) -> bool {
    fn depth(ty: &Type, float: &Type) -> Option<usize> {
        match ty {
            Type::Reference(r) => depth(&r.elem, float),
            Type::Paren(p) => depth(&p.elem, float),
            _ if kind_of_type(ty, float) == Kind::Float => Some(0),
            _ => Some(depth(element(ty)?.0, float)? + 1),
        }
    }
    depth(ty, float).is_some_and(|d| d >= 2)
}

/// `&mut` parameters holding floats are outputs, which `#[differentiate]` does not take yet.
pub fn is_mut_float_ref(ty: &Type, float: &Type) -> bool {
    matches!(ty, Type::Reference(r) if r.mutability.is_some() && kind_of_type(&r.elem, float).is_float())
}
