//! What a written type holds, as far as differentiation cares: a float, an integer, a
//! sequence of them, an `ndarray` array, a struct, a tuple of floats.

use super::Kind;
use syn::Type;

/// `Box<[E]>`, whose values the derived items build from a `Vec` with `into_boxed_slice`.
pub(crate) fn is_boxed_slice(ty: &Type) -> bool {
    boxed_slice(ty).is_some()
}

/// `[E]` of `Box<[E]>`.
pub(crate) fn boxed_slice(ty: &Type) -> Option<&Type> {
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

/// `T` of a path type whose last segment is one of `names` (`Box<T>`, `Option<T>`,
/// `Result<T, E>`): its first type argument.
pub(crate) fn type_arg<'t>(ty: &'t Type, names: &[&str]) -> Option<&'t Type> {
    let Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if !names.iter().any(|n| last.ident == n) {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    }
}

/// A sequence (`&[E]`, `Vec<E>`, `[E; N]`) of tuples of integers and flags
/// (`&[(usize, usize, usize)]`: a filter bank's bins, a graph's edges): no derivative.
pub(crate) fn is_int_tuple_seq(ty: &Type) -> bool {
    let int = |t: &Type| {
        matches!(peel_refs(t), Type::Path(p) if p.path.get_ident().is_some_and(|i| {
            INTS.contains(&i.to_string().as_str()) || i == "bool"
        }))
    };
    element(peel_refs(ty)).is_some_and(|(e, _)| {
        matches!(peel_refs(e), Type::Tuple(t) if !t.elems.is_empty() && t.elems.iter().all(int))
    })
}

/// The shapes of the mixed tuples the runtime implements `Differentiable` for (`I` an
/// integer, `F` a float): `mixed_tuples!` of `autodiff-runtime/src/differentiable.rs`,
/// which a test below reads, so that the two lists agree.
const MIXED_SHAPES: &[&str] = &[
    "IF", "FI", "IFF", "FIF", "FFI", "IIF", "IFFF", "FFFI", "IIFF",
];

/// The integer types of those tuples, likewise.
const MIXED_INTEGERS: &[&str] = &["usize", "isize", "u32", "i32", "u64", "i64"];

/// A tuple of floats beside integers, in a shape the runtime's `Differentiable` takes
/// (`(usize, f64)`: an index and a weight; `(usize, f64, f64)`: an id and a point; an
/// integer of `usize`, `isize`, `u32`, `i32`, `u64` or `i64` first, last or, in a triple,
/// between; or two leading ones).
pub(crate) fn is_mixed_int_tuple(ty: &Type, float: &Type) -> bool {
    let Type::Tuple(t) = peel_refs(ty) else {
        return false;
    };
    let mut ints = t.elems.iter().filter_map(|e| match e {
        Type::Path(p) => p.path.get_ident().map(|i| i.to_string()),
        _ => None,
    });
    let shape: Option<String> = t
        .elems
        .iter()
        .map(|e| match e {
            _ if kind_of_type(e, float) == Kind::Float => Some('F'),
            Type::Path(p)
                if p.path
                    .get_ident()
                    .is_some_and(|i| MIXED_INTEGERS.contains(&i.to_string().as_str())) =>
            {
                Some('I')
            }
            _ => None,
        })
        .collect();
    // (Two integers in one tuple are of one type.)
    let one_integer_type = {
        let found: Vec<String> = ints
            .by_ref()
            .filter(|i| MIXED_INTEGERS.contains(&i.as_str()))
            .collect();
        found.windows(2).all(|w| w[0] == w[1])
    };
    shape.is_some_and(|s| MIXED_SHAPES.contains(&s.as_str())) && one_integer_type
}

/// The element type of `Vec<E>`, `[E]` or `[E; N]`, and whether it was an array.
pub(crate) fn element(ty: &Type) -> Option<(&Type, bool)> {
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

pub(crate) fn same(a: &Type, b: &Type) -> bool {
    quote::quote!(#a).to_string() == quote::quote!(#b).to_string()
}

pub(crate) const INTS: &[&str] = &[
    "usize", "isize", "u8", "u16", "u32", "u64", "u128", "i8", "i16", "i32", "i64", "i128",
];

/// What a written type holds.
pub(crate) fn kind_of_type(ty: &Type, float: &Type) -> Kind {
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
        && names_a_struct(&name)
        && !NOT_STRUCTS.contains(&name.as_str())
        && !name.starts_with("Array")
}

/// Whether a type's name is a struct's, as far as a name tells: capitalised (`Vec3`), or
/// lowercase with a digit, as vector and SIMD types are named (`vec2`, `f64x2`; the
/// primitives with digits, `f64`, `u8`, are told apart before this is asked).
pub(crate) fn names_a_struct(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        || (name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.contains(|c: char| c.is_ascii_digit())
            && !is_primitive_name(name)
            && !is_float_alias_name(name))
}

/// `f64`, `u8`, `i128`, …: the primitive types whose names hold a digit.
fn is_primitive_name(name: &str) -> bool {
    INTS.contains(&name) || matches!(name, "f32" | "f64")
}

pub(crate) fn is_float_name(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.path.is_ident("f64") || p.path.is_ident("f32"))
}

/// `ty` behind its references and parentheses (`&&(f64, f64)`: `(f64, f64)`).
pub(crate) fn peel_refs(mut ty: &Type) -> &Type {
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
pub(crate) fn is_float_tuple(ty: &Type, float: &Type) -> bool {
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

/// `(Vec<F>, Vec<F>)`, two to four owned float sequences (`Vec<F>`, `[F; N]`) and floats,
/// one sequence at least: a tuple differentiated as a struct whose fields are `.0`, `.1`,
/// … (a stereo pair of channels; its cotangent a tuple of the same type).
pub(crate) fn is_seq_tuple(ty: &Type, float: &Type) -> bool {
    let seq = |e: &Type| matches!(element(e), Some((inner, _)) if kind_of_type(inner, float) == Kind::Float);
    match ty {
        Type::Paren(p) => is_seq_tuple(&p.elem, float),
        Type::Tuple(t) => {
            (2..=4).contains(&t.elems.len())
                && t.elems.iter().any(seq)
                && t.elems.iter().all(|e| {
                    seq(e)
                        || (!matches!(e, Type::Reference(_))
                            && kind_of_type(e, float) == Kind::Float)
                })
        }
        _ => false,
    }
}

/// `usize`, `i32`, … and `bool`: a type whose values carry no derivative.
pub(crate) fn is_integer_type(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if INTS.iter().any(|i| p.path.is_ident(i)) || p.path.is_ident("bool"))
}

/// Whether a type's name says it is a float (`Real`, `Float`, `Scalar`, `DType`,
/// `Precision…`, `…Float`, `FloatType`, `…Real`, `float64`, `real`; not `FloatPair` or
/// `FloatVec`, which say otherwise).
pub(crate) fn is_float_alias_name(name: &str) -> bool {
    matches!(name, "Real" | "Float" | "Scalar" | "Fl" | "Flt")
        // A data type's name, as machine-learning code calls its element type.
        || matches!(name, "DType" | "Dtype" | "FType" | "Fp")
        || name.starts_with("Precision")
        || name.ends_with("Float")
        || matches!(name, "FloatType" | "FloatT" | "RealType")
        || name.ends_with("Real")
        // Lowercase, as C-minded code names its float types (`type float64 = f64;`).
        || matches!(
            name,
            "real" | "float" | "scalar" | "float64" | "float32" | "real64" | "real32"
        )
}

#[cfg(test)]
mod mixed_tuple_agreement {
    /// The runtime's `mixed_tuples!` (each `mixed_tuple!` line's members, `I $int` or `F
    /// A`, in order) and the integer types it is invoked with.
    fn runtime_lists() -> (Vec<String>, Vec<String>) {
        let source = include_str!("../../../autodiff-runtime/src/differentiable.rs");
        let body = source
            .split("macro_rules! mixed_tuples {")
            .nth(1)
            .expect("the runtime defines `mixed_tuples!`");
        let (rules, after) = body.split_once("\nmixed_tuples!(").expect("and invokes it");
        let shapes = rules
            .lines()
            .filter_map(|l| l.trim().strip_prefix("mixed_tuple!("))
            .map(|l| {
                let members = l.split_once(']').expect("generics first").1;
                members
                    .split(',')
                    .filter_map(|m| m.trim().chars().next())
                    .filter(|c| matches!(c, 'I' | 'F'))
                    .collect()
            })
            .collect();
        let ints = after
            .split_once(')')
            .expect("a closing parenthesis")
            .0
            .split(',')
            .map(|i| i.trim().to_string())
            .collect();
        (shapes, ints)
    }

    #[test]
    fn the_macro_takes_the_tuples_the_runtime_implements() {
        let (shapes, ints) = runtime_lists();
        let mut runtime: Vec<&str> = shapes.iter().map(String::as_str).collect();
        let mut macro_side = super::MIXED_SHAPES.to_vec();
        runtime.sort_unstable();
        macro_side.sort_unstable();
        assert_eq!(runtime, macro_side);
        assert_eq!(ints, super::MIXED_INTEGERS);
    }
}
