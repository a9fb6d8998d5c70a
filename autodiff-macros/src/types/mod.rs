//! What a written type holds, as far as differentiation cares (`Kind`), and how a
//! parameter of it is differentiated (`ParamShape`): the classification of types that the
//! signature's checks and rewrites (`parse`), lowering (`ir`) and emission all ask. It
//! reads syntax only and depends on no stage.
//!
//! - `kind`: a written type's kind (`kind_of_type`) and the type questions behind it;
//! - `shape`: a parameter's shape (`param_shape`) and the questions about parameter types.

mod kind;
mod shape;

pub(crate) use kind::{
    boxed_slice, element, is_boxed_slice, is_float_alias_name, is_float_name, is_float_tuple,
    is_int_tuple_seq, is_integer_type, is_mixed_int_tuple, is_seq_tuple, kind_of_type,
    names_a_struct, peel_refs, same, type_arg, INTS,
};
pub(crate) use shape::{
    holds_floats, is_array_of_elements, is_buffer, is_mut_float_ref, is_rows, mixed_float_tuple,
    nests_floats, other_float, param_shape, row_array_len, struct_slice_element,
};

/// What a value is, as far as differentiation cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A scalar of the function's float type.
    Float,
    /// A sequence of floats: `Vec`, slice or array.
    FloatSeq,
    /// An integer (index, count).
    Int,
    /// A sequence of integers (`&[usize]`).
    IntSeq,
    /// An `ndarray` array of floats (`Array1`, `Array2`, `Array<F, D>`).
    Array,
    /// A tuple (the result of a call returning one) of `len` elements: floats, except those
    /// whose bit is set in `inactive` (integers and `bool`s, which carry no derivative and
    /// whose seed is `()`) and those whose bit is set in `seqs` (sequences of floats,
    /// `let (d, e) = residuals(y, u); d[0]`).
    Tuple {
        len: u8,
        inactive: u8,
        seqs: u8,
    },
    Bool,
    /// A `#[derive(Differentiable)]` struct, by reference: `p: &Params`, `&self`, a field
    /// `p.block` or an element `p.blocks[l]`. Its cotangent has its own type.
    Struct,
    /// A `Vec` (or array) of such structs: `p.blocks`.
    StructSeq,
    /// A `Vec` of `ndarray` arrays, one per layer or channel (`p.weights: Vec<Array2<f64>>`,
    /// read `p.weights[l].dot(&h)`): bound, zeroed, given a tangent and a cotangent as a
    /// sequence of structs is (through `Differentiable`), its elements arrays.
    ArraySeq,
    /// The pullback closure returned by a split call.
    Pullback,
    /// Anything else: passed through, never differentiated.
    Other,
}

impl Kind {
    pub fn is_float(self) -> bool {
        matches!(
            self,
            Kind::Float
                | Kind::FloatSeq
                | Kind::Array
                | Kind::Tuple { .. }
                | Kind::Struct
                | Kind::StructSeq
                | Kind::ArraySeq
        )
    }
}

/// How a parameter is passed, which fixes the types of its tangent and cotangent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamShape {
    /// `x: F`
    Scalar,
    /// `x: &[F]` or `x: &Vec<F>`: cotangent `Vec<F>`.
    Slice,
    /// `x: Vec<F>` by value: cotangent `Vec<F>`.
    OwnedVec,
    /// `x: &[F; N]`: cotangent `[F; N]`.
    ArrayRef,
    /// `x: [F; N]`: cotangent `[F; N]`.
    Array,
    /// `x: &Array2<F>` (any `ndarray` array): cotangent the owned array.
    NdRef,
    /// `x: Array2<F>` by value: cotangent the same type.
    Nd,
    /// `p: &Params` or `&self`, a `#[derive(Differentiable)]` struct: cotangent `Params`.
    Struct,
    /// `bodies: &[Body]` or `&Vec<Body>` of such structs, read through their elements'
    /// fields (`bodies[i].m`, `for b in bodies { … b.x … }`): cotangent `Vec<Body>`.
    StructSlice,
    /// `out: &mut [F]` or `&mut Vec<F>`: an output buffer. Its final contents are a result
    /// (a tangent buffer in `_jvp`, a seed in `_vjp`); its initial contents are constants.
    Output,
    /// Not differentiable.
    Inactive,
}

/// Methods of the standard library and `ndarray` that only read their receiver: called on a
/// `mut` variable they are still plain functions of it, evaluated where the code needs them.
pub(crate) const READS_ONLY: &[&str] = &[
    "len",
    "is_empty",
    "capacity",
    "iter",
    "get",
    "first",
    "last",
    "contains",
    "clone",
    "to_vec",
    "to_owned",
    "as_slice",
    "as_ref",
    "shape",
    "dim",
    "raw_dim",
    "ndim",
    "nrows",
    "ncols",
    "view",
    "row",
    "column",
    "t",
    "sum",
    "mean",
    "dot",
    "is_some",
    "is_none",
    "is_ok",
    "is_err",
    "unwrap",
    "expect",
    "unwrap_or",
    "copied",
    "cloned",
    "partial_cmp",
    "total_cmp",
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "starts_with",
    "ends_with",
    "binary_search",
];
