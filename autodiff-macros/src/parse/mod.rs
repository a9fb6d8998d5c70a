//! The attribute's arguments and the reading of types: which float type a function uses and
//! what each written type is, as far as differentiation cares; and the rewrites of the
//! function that the driver (`expand`) applies, in its order, before lowering it.
//!
//! - `args`: the attribute's arguments;
//! - `hygiene`: the refusal of one name for two variables in a function a macro wrote;
//! - `unraw`, `names`, `bound`, `collapse`, `wrt`: the copies of the function the derived
//!   items are built from (raw identifiers written plainly, parameters renamed, bounds
//!   added, parameter types collapsed, `mut` parameters turned into locals);
//! - `float`: the function's float type;
//! - `kind`, `shape`: what a written type holds, and how a parameter of it is differentiated.

mod args;
mod bound;
mod collapse;
mod float;
mod hygiene;
mod kind;
mod names;
mod shape;
mod unraw;
mod wrt;

pub(crate) use args::{in_impl, Args};
pub(crate) use bound::{bound_arithmetic_param, bound_float_leaves, bound_undecided_values};
pub(crate) use collapse::{collapse_param_refs, view_as_array_ref, written_types};
pub(crate) use float::{float_type, is_float_bound};
pub(crate) use hygiene::check_macro_hygiene;
pub(crate) use kind::{is_boxed_slice, is_float_tuple, kind_of_type, peel_refs, INTS};
pub(crate) use names::{param_idents, rename_params_like_items};
pub(crate) use shape::{
    holds_floats, is_array_of_elements, is_buffer, is_mut_float_ref, is_rows, mixed_float_tuple,
    nests_floats, param_shape, row_array_len, struct_slice_element,
};
pub(crate) use unraw::{unraw_identifiers, unraw_tokens};
pub(crate) use wrt::{localise_mut_params, receiver_only_matched};
