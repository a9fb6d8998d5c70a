//! The float type of a struct (its `Scalar`), and which of its fields are float leaves:
//! a bare float, a sequence of floats, or a field of the struct's float parameter.

use super::{Field, FloatSeq, Model, Scalar};
use syn::{GenericArgument, Ident, PathArguments, Type};

impl<'a> Model<'a> {
    pub(super) fn differentiable(&self) -> impl Iterator<Item = &Field<'a>> {
        self.fields.iter().filter(|f| !f.no_grad)
    }

    /// The first float keyword among the fields' element types, else the first type
    /// parameter, else the first field's element type; fields containing the struct itself do
    /// not count.
    pub(super) fn scalar(&self) -> Option<Scalar<'a>> {
        let elements = || {
            self.differentiable()
                .filter(|f| !f.recursive)
                .map(|f| element(f.ty))
        };
        let keyword =
            elements().find_map(|ty| single_ident(ty).filter(|i| *i == "f32" || *i == "f64"));
        let params = &self.input.generics;
        let is_param = |ty: &&Type| {
            single_ident(ty).is_some_and(|i| params.type_params().any(|p| p.ident == *i))
        };
        match (keyword, elements().find(is_param)) {
            (Some(keyword), _) => Some(Scalar::Keyword(keyword)),
            // `T: Float` is the scalar itself: bounding it by `Differentiable` instead would
            // make the impl unusable in a function generic over `T: Float`.
            (None, Some(param)) if self.float_bounded(param) => {
                single_ident(param).map(Scalar::Keyword)
            }
            (None, Some(param)) => Some(Scalar::Of(param)),
            // A field of a type named alone (`focal: Float` with `type Float = f32`) before
            // a compound one (`(Float, Float)`, whose scalar is its elements': bounding it by
            // its own projection makes rustc's trait solver loop).
            (None, None) => elements()
                .find(|ty| single_ident(ty).is_some())
                .or_else(|| elements().next())
                .map(Scalar::Of),
        }
    }

    /// Whether `f` is a differentiable field whose type is the struct's float parameter.
    pub(super) fn is_bare_float(&self, f: &Field) -> bool {
        single_ident(f.ty).is_some_and(|t| self.is_float_param(t))
    }

    /// Whether `f` is a `Vec<T>` or `[T; N]` of the struct's float parameter: handled
    /// element by element, like a bare `T`, since `Vec<T>: Differentiable` would need
    /// `T: Differentiable`, which a function generic over `T: Float` cannot provide.
    pub(super) fn float_seq(&self, f: &Field<'a>) -> Option<FloatSeq<'a>> {
        float_seq_of(f, |t| self.is_float_param(t))
    }

    /// A bare float or a float sequence of the float parameter: handled in the impl itself,
    /// with no bound.
    pub(super) fn is_float_leaf(&self, f: &Field) -> bool {
        self.is_bare_float(f) || self.float_seq(f).is_some()
    }

    /// Whether `t` is one of the struct's type parameters.
    pub(super) fn is_type_param(&self, t: &Ident) -> bool {
        self.input.generics.type_params().any(|p| p.ident == *t)
    }

    /// Whether `t` is a type parameter of the struct bounded by `Float`.
    pub(super) fn is_float_param(&self, t: &Ident) -> bool {
        let ty: Type = syn::parse_quote!(#t);
        self.is_type_param(t) && self.float_bounded(&ty)
    }

    /// Whether the type parameter `ty` is bounded by `Float` (where declared or in the
    /// where-clause).
    fn float_bounded(&self, ty: &Type) -> bool {
        let Some(ident) = single_ident(ty) else {
            return false;
        };
        let is_float = crate::parse::is_float_bound;
        let generics = &self.input.generics;
        let declared = generics
            .type_params()
            .any(|p| p.ident == *ident && p.bounds.iter().any(is_float));
        let in_where = generics
            .where_clause
            .iter()
            .flat_map(|w| &w.predicates)
            .any(|p| {
                matches!(p, syn::WherePredicate::Type(pt)
                if single_ident(&pt.bounded_ty) == Some(ident) && pt.bounds.iter().any(is_float))
            });
        declared || in_where
    }
}

/// The element type of `ty` seen through `[T; N]`, `Vec<T>`, tuples and `ndarray` arrays
/// (`Array2<T>`, `Array<T, D>`), whose scalar is the element's.
fn element(ty: &Type) -> &Type {
    match ty {
        Type::Array(array) => element(&array.elem),
        Type::Paren(inner) => element(&inner.elem),
        Type::Group(inner) => element(&inner.elem),
        // A tuple's scalar is its members' (`(Float, Float)`), those with derivatives
        // (`(usize, f64, f64)`: an id beside the floats).
        Type::Tuple(t) if !t.elems.is_empty() => {
            let first = t.elems.iter().find(|e| !super::read::plainly_constant(e));
            element(first.unwrap_or(&t.elems[0]))
        }
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return ty;
            };
            let container = last.ident == "Vec" || last.ident.to_string().starts_with("Array");
            match &last.arguments {
                PathArguments::AngleBracketed(args) if container => match args.args.first() {
                    Some(GenericArgument::Type(elem)) => element(elem),
                    _ => ty,
                },
                _ => ty,
            }
        }
        _ => ty,
    }
}

/// The identifier a type is, if it is one (`f64`, `T`).
pub(super) fn single_ident(ty: &Type) -> Option<&Ident> {
    match ty {
        Type::Path(path) if path.qself.is_none() => path.path.get_ident(),
        _ => None,
    }
}

/// Whether `f` is a `Vec<T>` or `[T; N]` of a type parameter `T` that `is_float` says is
/// the float type.
pub(super) fn float_seq_of<'a>(
    f: &Field<'a>,
    is_float: impl Fn(&Ident) -> bool,
) -> Option<FloatSeq<'a>> {
    let elem_is_param = |ty: &Type| single_ident(ty).is_some_and(&is_float);
    match f.ty {
        Type::Array(a) if elem_is_param(&a.elem) => Some(FloatSeq::Array(&a.len)),
        Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            match &last.arguments {
                PathArguments::AngleBracketed(args)
                    if last.ident == "Vec" && args.args.len() == 1 =>
                {
                    match args.args.first() {
                        Some(GenericArgument::Type(elem)) if elem_is_param(elem) => {
                            Some(FloatSeq::Vec)
                        }
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}
