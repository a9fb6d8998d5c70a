//! Reading a struct into a [`Model`]: its fields and their `#[no_grad]` marks, refused
//! where it is no struct or has nothing to differentiate.

use super::{mentions, Field, Model, Scalar};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, GenericArgument, Member, PathArguments, Type};

impl<'a> Model<'a> {
    /// Reads the fields and their `#[no_grad]` marks; refuses enums, unions and malformed
    /// marks, reporting every malformed mark at once.
    pub(super) fn read(input: &'a DeriveInput) -> syn::Result<Self> {
        let data = match &input.data {
            Data::Struct(data) => data,
            Data::Enum(data) => {
                return Err(syn::Error::new(
                    data.enum_token.span(),
                    "`#[derive(Differentiable)]` does not support enums: a gradient must have the leaves of its value, and the variants of an enum have different ones; put the parameters in a struct, or implement `Differentiable` by hand",
                ))
            }
            Data::Union(data) => {
                return Err(syn::Error::new(
                    data.union_token.span(),
                    "`#[derive(Differentiable)]` does not support unions: their fields share memory, so they cannot be walked leaf by leaf; use a struct",
                ))
            }
        };
        let mut errors = Vec::new();
        for attr in input.attrs.iter().filter(|a| a.path().is_ident("no_grad")) {
            errors.push(syn::Error::new_spanned(
                attr,
                "`#[no_grad]` goes on a field, not on the struct: it marks a field as a constant, which `zero_like` clones and the other methods skip",
            ));
        }
        let tuple = matches!(data.fields, Fields::Unnamed(_));
        let mut fields = Vec::new();
        let mut refused = Vec::new();
        for (i, field) in data.fields.iter().enumerate() {
            let mut no_grad = false;
            for attr in field.attrs.iter().filter(|a| a.path().is_ident("no_grad")) {
                match attr.meta.require_path_only() {
                    Ok(_) => no_grad = true,
                    Err(_) => errors.push(syn::Error::new_spanned(
                        &attr.meta,
                        "`#[no_grad]` takes no arguments: write `#[no_grad]` alone on a field that is a constant rather than a parameter",
                    )),
                }
            }
            let member = match &field.ident {
                Some(ident) => Member::Named(ident.clone()),
                None => Member::Unnamed(syn::Index {
                    index: i as u32,
                    span: field.ty.span(),
                }),
            };
            // Integers, flags, characters, strings and markers are constants without the
            // mark: they have no derivative.
            no_grad |= plainly_constant(&field.ty);
            // A borrow of floats (`data: &'a [f64]`) cannot hold a cotangent, which is owned.
            // (It is then read as a constant, so that this is the one error.)
            if let (false, Type::Reference(r)) = (no_grad, &field.ty) {
                no_grad = true;
                refused.push(syn::Error::new_spanned(
                    r,
                    "this field borrows its values, and a cotangent cannot be a borrow: mark the field `#[no_grad]` to keep it a constant (a lookup table, say), or own the values (`Vec<f64>`) to differentiate with respect to them",
                ));
            }
            let recursive = mentions(field.ty.to_token_stream(), &input.ident);
            fields.push(Field {
                member,
                ty: &field.ty,
                no_grad,
                recursive,
            });
        }
        match errors.into_iter().reduce(|mut all, e| {
            all.combine(e);
            all
        }) {
            Some(errors) => Err(errors),
            None => Ok(Model {
                input,
                fields,
                tuple,
                refused,
            }),
        }
    }

    /// Refuses a struct with nothing to differentiate; otherwise finds its float type.
    pub(super) fn check(mut self) -> syn::Result<(Self, Scalar<'a>)> {
        let name = &self.input.ident;
        // A struct with nothing to differentiate (`struct Model;` whose methods compute from
        // their arguments, a struct of constants) has no leaves: its methods can still be
        // differentiated with respect to their other parameters.
        if self.fields.iter().all(|f| f.no_grad) {
            return Ok((self, Scalar::Constant));
        }
        // A cotangent holds one float type: fields of both keywords (`rate: f32` beside
        // `w: f64`, `Array3<f64>`) would make rustc's type mismatch the error.
        // (Looked for inside groups too: `(f32, f32)`, `[f32; 3]`.)
        fn keyword_in(tokens: proc_macro2::TokenStream) -> Option<proc_macro2::Ident> {
            tokens.into_iter().find_map(|t| match t {
                proc_macro2::TokenTree::Ident(i) if i == "f32" || i == "f64" => Some(i),
                proc_macro2::TokenTree::Group(g) => keyword_in(g.stream()),
                _ => None,
            })
        }
        let keyword_of = |f: &Field| keyword_in(f.ty.to_token_stream());
        let keywords: Vec<(usize, proc_macro2::Ident)> = (0..self.fields.len())
            .filter(|&i| !self.fields[i].no_grad && !self.fields[i].recursive)
            .filter_map(|i| keyword_of(&self.fields[i]).map(|k| (i, k)))
            .collect();
        if let Some((first, k)) = keywords.first() {
            // Each field of the other type is refused, and read as a constant, so that the
            // refusal is the one error (not rustc's about the impl).
            let field = |f: &Field| f.member.to_token_stream().to_string();
            for (other, k2) in keywords.iter().filter(|(_, k2)| k2 != k) {
                let (first, other) = (&self.fields[*first], &self.fields[*other]);
                self.refused.push(syn::Error::new_spanned(
                    other.ty,
                    format!("`#[derive(Differentiable)]` needs one float type, and `{name}` holds `{k}` (`{}`) and `{k2}` (`{}`): its cotangent would hold both; mark the fields of one type `#[no_grad]` (constants), or give them one float type", field(first), field(other)),
                ));
            }
            for (other, k2) in &keywords {
                if k2 != k {
                    self.fields[*other].no_grad = true;
                }
            }
        }
        // Rule: the float type comes from a field that does not contain the struct itself.
        match self.scalar() {
            Some(scalar) => Ok((self, scalar)),
            None => Err(syn::Error::new_spanned(name, format!("`#[derive(Differentiable)]` takes the float type from a field whose type does not contain `{name}` itself, and `{name}` has none: add a float field, or implement `Differentiable` by hand"))),
        }
    }
}

/// A type that cannot hold a derivative, by its name: integers, `bool`, `char`, `String`,
/// `&str`, `PhantomData<…>`, function pointers and `dyn Fn…`, and sequences, maps, options, tuples and `ndarray` arrays of
/// them (`Vec<usize>`, `[i8; 4]`, `Option<u8>`, `VecDeque<u32>`, `Array1<usize>`,
/// `HashMap<String, usize>`).
pub(super) fn plainly_constant(ty: &Type) -> bool {
    const CONTAINERS: &[&str] = &[
        "Vec", "VecDeque", "Option", "Box", "Rc", "Arc", "HashMap", "BTreeMap", "HashSet",
        "BTreeSet",
    ];
    match ty {
        Type::Reference(r) => {
            matches!(&*r.elem, Type::Path(p) if p.path.is_ident("str"))
                || (r.mutability.is_none() && plainly_constant(&r.elem))
        }
        Type::Array(a) => plainly_constant(&a.elem),
        Type::Slice(s) => plainly_constant(&s.elem),
        Type::Paren(p) => plainly_constant(&p.elem),
        // A function held as a value (`fn(f32) -> f32`, `Rc<dyn Fn(f64) -> f64>`): what it
        // computes has derivatives, the pointer none.
        Type::FnPtr(_) => true,
        Type::TraitObject(t) => t.bounds.iter().any(|b| {
            matches!(b, syn::TypeParamBound::Trait(t)
                if t.path.segments.last().is_some_and(|s| ["Fn", "FnMut", "FnOnce"].contains(&s.ident.to_string().as_str())))
        }),
        Type::Tuple(t) => !t.elems.is_empty() && t.elems.iter().all(plainly_constant),
        Type::Path(p) if p.qself.is_none() => p.path.segments.last().is_some_and(|s| {
            let name = s.ident.to_string();
            if crate::types::INTS.contains(&name.as_str())
                || ["bool", "char", "String", "PhantomData"].contains(&name.as_str())
            {
                return true;
            }
            let constant = |a: &GenericArgument| match a {
                GenericArgument::Type(t) => plainly_constant(t),
                _ => false,
            };
            match &s.arguments {
                PathArguments::AngleBracketed(args) if CONTAINERS.contains(&name.as_str()) => {
                    args.args.iter().all(constant)
                }
                // An `ndarray` array's element is its first argument (`Array<usize, Ix1>`:
                // the second is its dimension).
                PathArguments::AngleBracketed(args) if name.starts_with("Array") => {
                    args.args.first().is_some_and(constant)
                }
                _ => false,
            }
        }),
        _ => false,
    }
}
