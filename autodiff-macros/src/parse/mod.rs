//! The attribute's arguments and the reading of types: which float type a function uses and
//! what each written type is, as far as differentiation cares; and the rewrites of the
//! function that the driver (`expand`) applies, in its order, before lowering it.
//!
//! - `args`: the attribute's arguments;
//! - `hygiene`: the refusal of one name for two variables in a function a macro wrote;
//! - `unraw`, `storage`, `aliases`, `names`, `bound`, `collapse`, `wrt`, `real_field`,
//!   `into_float`,
//!   `unchecked`, `in_place_maps`, `paren_calls`, `scalar_refs`, `shared_slices`,
//!   `mut_walks`, `derefs`, `narrowed_slices`: the copies
//!   of the function the derived items are built from (raw identifiers written plainly, owned
//!   arrays for storage-generic ones, other names of struct parameters written as the places
//!   they name, parameters renamed, bounds added, parameter types collapsed, `mut` parameters
//!   turned into locals, slices of structs only read taken shared, `&mut` buffers walked
//!   as they are walked by `iter_mut()`, `(*x)[i]` of a sequence read as `x[i]`, slices
//!   narrowed by `x = &x[k..]` read through an offset);
//! - `receiver`: a receiver written with its type (`self: &mut Self`) in shorthand;
//! - `float`: the function's float type.
//!
//! What a written type holds, and how a parameter of it is differentiated, is `types`'.

mod aliases;
mod args;
mod bound;
mod collapse;
mod derefs;
mod in_place_maps;
mod into_float;
mod mut_walks;
mod narrowed_slices;
mod paren_calls;
mod real_field;
mod receiver;
mod rows;
mod scalar_refs;
mod shared_slices;
mod unchecked;
pub(crate) use collapse::read_as_sequence;
mod float;
mod function_values;
mod hygiene;
mod names;
mod storage;
mod unraw;
mod wrt;

pub(crate) use aliases::inline_struct_aliases;
pub(crate) use args::{in_impl, Args, JacobianMode};
pub(crate) use bound::{
    bound_arithmetic_param, bound_float_leaves, bound_generic_structs, bound_undecided_values,
    unify_element_types,
};
pub(crate) use collapse::{
    collapse_param_refs, view_as_array_ref, view_by_reference, written_types,
};
pub(crate) use derefs::sequence_derefs_read_through;
pub(crate) use float::{float_aliases_written_out, float_type, float_type_said, is_float_bound};
pub(crate) use function_values::retyped as retype_function_values;
pub(crate) use hygiene::check_macro_hygiene;
pub(crate) use in_place_maps::in_place_maps_as_assignments;
pub(crate) use into_float::into_float_params_at_float;
pub(crate) use mut_walks::mut_buffers_walked_by_iter_mut;
pub(crate) use names::{param_idents, rename_params_like_items};
pub(crate) use narrowed_slices::narrowed_slices_as_offsets;
pub(crate) use paren_calls::paren_callees_unwrapped;
pub(crate) use real_field::real_field_at_f64;
pub(crate) use receiver::receiver_shorthand;
pub(crate) use rows::read_as_rows;
pub(crate) use scalar_refs::{numbers_again, scalar_refs_as_buffers};
pub(crate) use shared_slices::share_read_only_slices;
pub(crate) use storage::owned_storage;
pub(crate) use unchecked::unchecked_as_indexing;
pub(crate) use unraw::{unraw_identifiers, unraw_tokens};
pub(crate) use wrt::{localise_mut_params, receiver_only_matched};

/// A rewrite of a function's body into the form the later stages read (`(f)(x)` as
/// `f(x)`, `get_unchecked` as indexing, …), which says whether it changed anything.
trait BodyRewrite: syn::visit_mut::VisitMut {
    fn changed(&self) -> bool;
}

/// The copy of `item` whose body `rewrite` has rewritten; `None` where it changed nothing
/// (the item is then read as written).
fn rewritten_copy(item: &syn::ItemFn, mut rewrite: impl BodyRewrite) -> Option<syn::ItemFn> {
    let mut copy = item.clone();
    rewrite.visit_block_mut(&mut copy.block);
    rewrite.changed().then_some(copy)
}
