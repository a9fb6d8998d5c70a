//! How a parameter of a written type is differentiated (`ParamShape`), and the questions
//! about parameter types that the checks and the emitted code ask: buffers, rows, floats
//! nested or mixed in tuples, `&mut` floats.

use super::kind::{element, is_float_tuple, is_mixed_int_tuple, is_seq_tuple, kind_of_type};
use super::{Kind, ParamShape};
use syn::Type;

/// The element type `S` of a `&[S]` or `&Vec<S>` parameter (`ParamShape::StructSlice`).
pub(crate) fn struct_slice_element(ty: &Type) -> &Type {
    match ty {
        Type::Reference(r) => element(&r.elem).map_or(&*r.elem, |(e, _)| e),
        other => other,
    }
}

/// `&mut [F]` or `&mut Vec<F>`: an output buffer (and an input too where the body reads
/// its entry contents).
pub(crate) fn is_buffer(ty: &Type, float: &Type) -> bool {
    matches!(ty, Type::Reference(r) if r.mutability.is_some()
        && !matches!(&*r.elem, Type::Array(_))
        && matches!(element(&r.elem), Some((e, false)) if kind_of_type(e, float) == Kind::Float))
}

/// Whether `ty` holds floats of the other concrete float type than the function's (an
/// `f32` smoothing time in an `f64` function, `&[f32]` weights): a constant, whose
/// derivative the function's float type cannot carry.
pub(crate) fn other_float(ty: &Type, float: &Type) -> bool {
    use super::kind::{is_float_name, peel_refs, same};
    let leaf = |t: &Type| {
        let t = peel_refs(t);
        match element(t) {
            Some((e, _)) => e.clone(),
            None => t.clone(),
        }
    };
    let leaf = leaf(ty);
    is_float_name(float) && is_float_name(&leaf) && !same(&leaf, float)
}

/// How a parameter of this type is differentiated.
pub(crate) fn param_shape(ty: &Type, float: &Type) -> ParamShape {
    if other_float(ty, float) {
        return ParamShape::Inactive;
    }
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
                    || is_float_tuple(&r.elem, float)
                    || is_mixed_int_tuple(&r.elem, float)
                    || is_seq_tuple(&r.elem, float)) =>
        {
            ParamShape::Struct
        }
        _ if kind_of_type(ty, float) == Kind::Array => ParamShape::Nd,
        Type::Reference(r) if r.mutability.is_none() => match owned(&r.elem) {
            Some(true) => ParamShape::ArrayRef,
            Some(false) => ParamShape::Slice,
            None if matches!(element(&r.elem), Some((e, false)) if kind_of_type(e, float) == Kind::Struct || is_float_tuple(e, float) || is_mixed_int_tuple(e, float)) => {
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
/// whose elements are float sequences (see `ir::lower::rows`).
pub(crate) fn is_rows(ty: &Type, float: &Type) -> bool {
    let Type::Reference(r) = ty else { return false };
    r.mutability.is_none()
        && matches!(element(&r.elem), Some((row, _))
            if matches!(element(row), Some((e, _)) if kind_of_type(e, float) == Kind::Float))
}

/// The length of each row of a parameter given as rows of arrays with a literal length
/// (`&[[f64; 3]]`: 3), so that a row used as a value is an array again.
pub(crate) fn row_array_len(ty: &Type) -> Option<usize> {
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

/// Whether `ty` holds values of the float type anywhere (behind references, in tuples,
/// sequences, boxes, maps), other than in an `Option` (a constant by design: matched, not
/// differentiated), a function type or a marker.
pub(crate) fn holds_floats(ty: &Type, float: &Type) -> bool {
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
pub(crate) fn mixed_float_tuple(ty: &Type, float: &Type) -> bool {
    match ty {
        Type::Reference(r) => mixed_float_tuple(&r.elem, float),
        Type::Paren(p) => mixed_float_tuple(&p.elem, float),
        Type::Tuple(t) => {
            !is_float_tuple(ty, float)
                && !is_mixed_int_tuple(ty, float)
                && t.elems
                    .iter()
                    .any(|e| kind_of_type(e, float) == Kind::Float || mixed_float_tuple(e, float))
        }
        _ => element(ty).is_some_and(|(e, _)| mixed_float_tuple(e, float)),
    }
}

/// `&[[F; N]; M]`, `&[(F, F); M]`: rows or tuples in an array, whose cotangent is an
/// array of the same type (a slice's is a `Vec`).
pub(crate) fn is_array_of_elements(ty: &Type) -> bool {
    matches!(ty, Type::Reference(r) if matches!(&*r.elem, Type::Array(_)))
}

/// Floats nested two or more sequences deep (`Vec<Vec<F>>`, `[[F; N]; M]`, `&[&[F]]`):
/// rows, which the derivatives take only as a shared slice or array of them.
pub(crate) fn nests_floats(ty: &Type, float: &Type) -> bool {
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
pub(crate) fn is_mut_float_ref(ty: &Type, float: &Type) -> bool {
    matches!(ty, Type::Reference(r) if r.mutability.is_some() && kind_of_type(&r.elem, float).is_float())
}
