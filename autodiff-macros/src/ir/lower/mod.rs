//! Lowering: syn's function body to the IR, statement by statement.
//!
//! Names are resolved to variables here (shadowing gets a fresh, unique name), and the
//! exits `break`, `continue` and `return` become flag assignments: the statements after a
//! statement that may set a flag are moved into an `if` on the flags, so each IR block
//! runs to its end or not at all.

use super::*;
use crate::parse;
use crate::types::kind_of_type;
use quote::ToTokens;
use std::collections::{HashMap, HashSet};

mod alias_casts;
mod array;
mod assign;
mod calls;
mod chain;
mod checkpoint;
mod control;
mod effects;
mod element_lets;
mod elementwise;
mod exits;
mod expr;
mod expr_stmts;
mod field_evidence;
mod field_kinds;
mod fields;
mod from_shape_fn;
mod guess;
mod items;
mod iter;
mod kinds;
mod lent;
mod let_aliases;
mod let_blocks;
mod let_calls;
mod let_patterns;
mod let_rewrites;
mod lets;
mod literals;
mod loops;
mod macros;
mod mem_calls;
mod methods;
mod ndarray_zip;
mod nested_arrays;
mod num_traits_calls;
mod operators;
mod outputs;
mod param_copies;
mod params;
mod part_writes;
mod rows;
mod scope;
mod searches;
mod sequence_reads;
mod stmts;
mod struct_slices;
mod struct_values;
mod tuple_lets;
mod tuples;
mod uses;
mod views;

pub use array::SHAPE_METHODS;
pub use kinds::kind_of;
pub use outputs::read_on_entry_error;
pub(crate) use scope::{first_free, reserve, DERIVED};
use uses::collect_idents;
mod chain_message;
pub(super) use uses::collect_use_kinds;

pub struct Lowerer {
    /// Lowering an expression only an integer can be (a loop's bound).
    integer_context: bool,
    /// Variables declared without a value or a type (`let v;`), until their first
    /// assignment gives them a kind.
    untyped_deferred: HashSet<VarId>,
    vars: Vec<Var>,
    scopes: Vec<(BlockId, HashMap<String, VarId>)>,
    blocks: usize,
    /// Every identifier in the user's function.
    taken: HashSet<String>,
    /// Every name given out, with its derived names.
    given: HashSet<String>,
    loops: Vec<exits::LoopFlags>,
    done: Option<VarId>,
    /// Closures defined so far (`let f = |…| …;`), inlined where called.
    closures: Vec<(String, iter::Closure)>,
    /// How many closures have been recorded (their ids).
    closures_made: usize,
    /// Counter for the identifiers desugaring makes up.
    synthetic: usize,
    ret: Vec<VarId>,
    float: Type,
    errors: Vec<syn::Error>,
    /// The struct parameters' variables.
    struct_params: Vec<VarId>,
    /// Parameters that are slices of structs (`bodies: &[Body]`), read through columns
    /// (see `struct_slices`).
    struct_slices: Vec<VarId>,
    /// Field paths of elements the body uses as structs (`(b[i].pos - b[j].pos).norm()`):
    /// their columns hold struct values.
    struct_element_fields: HashSet<String>,
    /// The fields among them (`self.points`), by their path.
    slice_fields: std::collections::BTreeMap<String, VarId>,
    /// Names bound to an element of such a slice: the slice and the variable holding the
    /// element's index.
    element_aliases: HashMap<VarId, (VarId, VarId)>,
    /// Those slices whose elements are rows of floats (`a: &[Vec<f64>]`), with their
    /// projections (see `rows`).
    rows: HashMap<VarId, rows::Rows>,
    /// Names and field paths refused once (fields holding rows of indices, other names of
    /// struct parameters): their reads report nothing more.
    refused_names: HashSet<String>,
    /// The locals a `match` guard's parts were bound to (`control::bind_guard_parts`),
    /// which the guard may read.
    guard_parts: Vec<Ident>,
    /// The method calls being lowered, outermost first: where an iterator chain is refused,
    /// the message names the part of it that is (`chain_message`).
    methods_around: Vec<chain_message::Around>,
    /// The count of method calls lowered so far: each one's serial, in `methods_around`.
    methods_lowered: usize,
    /// Chains refused as a whole ("this iterator chain"): the error's place in `errors`
    /// and the serial of the chain's outermost call. A refusal naming a part, made while
    /// that call is still being lowered (the argument of its `zip`), replaces it.
    whole_chain_refusals: Vec<(usize, usize)>,
    /// Those of them that are constants (left out by `wrt`): their methods are plain calls.
    constant_structs: Vec<VarId>,
    /// The fields of struct parameters read so far.
    fields: Vec<FieldProj>,
    /// The output buffers.
    outputs: Vec<Output>,
    /// The kind of each field path, from how the body uses it.
    field_kinds: HashMap<String, Kind>,
    /// Names bound to a struct parameter's copy and read only through its fields (`let q =
    /// p.clone(); … q.w[i]`): other names for the parameter (`param_copies::other_names`).
    copies_of_params: Vec<String>,
    /// How each name is used by the statements after the `let` being lowered, where that
    /// tells a sequence or an array: the kind of an untyped `let` of a call result, whose
    /// type the macro cannot see.
    use_kinds: HashMap<String, Kind>,
    /// The names cast with `as` in the statements after the current `let`.
    cast_names: std::collections::HashSet<String>,
    /// Names the statements after a `let` lend to a method (`u.dot(&n)`).
    lent_names: std::collections::HashSet<String>,
    /// The names the statements after the `let` being lowered use as only an `ndarray`
    /// array is used (`collect_array_only_uses`).
    array_only_names: std::collections::HashSet<String>,
    /// The items of the body's outermost block, kept for every generated function.
    body_items: Vec<syn::Item>,
    /// The names of the body's nested `fn`s: plain calls, with no derivatives.
    local_fns: Vec<String>,
    /// The function's type parameters other than its float type (`T: FromPrimitive`).
    type_params: Vec<String>,
    /// The lowercase struct names the signature holds (`vec2`, `f64x2`): their calls
    /// (`vec2(x, y)`) are tuple structs built, not functions called.
    struct_names: Vec<String>,
    /// Call results whose kind is a guess (a float by default), settled once the body is
    /// lowered (`guess.rs`).
    guessed: Vec<VarId>,
    /// Variables made by a cast to an unseen alias and read as integers, until the body's
    /// assignments settle them (`alias_casts.rs`).
    alias_casts: Vec<VarId>,
    /// Float-kind variables made by a cast to an unseen type (`Func::unseen_casts`).
    unseen_casts: Vec<(VarId, Type)>,
    /// Whether the expression being lowered is (part of) a test: an `if` or `while`
    /// condition, an operand of `!`, `&&`, `||` or a comparison. Its value is a `bool`,
    /// which carries no derivative, so a call in it runs on the primal values as written
    /// (`if !in_range(v)` of a plain `fn in_range(v: &[f64]) -> bool`).
    in_test: bool,
    /// The variables that calls may change (`effects`), whose scalar reads are bound once.
    changed_by_calls: HashSet<String>,
    /// Those of `changed_by_calls` changed only as arguments lent to functions
    /// (`fill(x, &mut buf)`, see `effects::changed_by_calls`).
    lent_only: HashSet<String>,
    /// Array locals the primal holds as views (`let r = a.row(i);`, `lets::is_view_made`),
    /// lent when passed on by value.
    views: HashSet<VarId>,
    /// The variables binding a call that changes state, or a read of such state, where the
    /// primal runs it (`effects::evaluated_once`).
    evaluated_once: HashSet<VarId>,
    /// Names bound to a borrow of a sequence (`let m = &minor;`), read as the sequence
    /// itself and lent where passed on (`det(m, n - 1)` is `det(&minor, n - 1)`).
    borrow_aliases: HashMap<String, VarId>,
    /// Locals holding a fixed-size array (`let mut w = [0.0; 3];`): a buffer lent from one
    /// takes its new contents back element by element (`lent`).
    fixed_arrays: HashSet<VarId>,
    /// The calls of lent forms, by the variable the call binds: where their buffers stand
    /// among the arguments (`Func::lent_calls`).
    lent_calls: HashMap<VarId, Vec<(usize, LentBuffer)>>,
    /// `Func::open_tuples`.
    open_tuples: Vec<VarId>,
    /// The function's own name is not snake case (`evalXYazero`, ported code): its author
    /// names functions as types are named, so `Name(x)` is a call, not a tuple struct.
    camel_case_fns: bool,
}

impl Lowerer {
    pub fn new(float: Type, used: HashSet<String>) -> Self {
        Lowerer {
            integer_context: false,
            untyped_deferred: HashSet::new(),
            vars: vec![],
            scopes: vec![],
            blocks: 0,
            taken: used,
            given: HashSet::new(),
            loops: vec![],
            done: None,
            closures: vec![],
            closures_made: 0,
            synthetic: 0,
            ret: vec![],
            float,
            errors: vec![],
            struct_params: vec![],
            struct_slices: vec![],
            struct_element_fields: Default::default(),
            slice_fields: Default::default(),
            element_aliases: HashMap::new(),
            rows: HashMap::new(),
            refused_names: Default::default(),
            guard_parts: vec![],
            methods_around: vec![],
            methods_lowered: 0,
            whole_chain_refusals: vec![],
            constant_structs: vec![],
            fields: vec![],
            outputs: vec![],
            field_kinds: HashMap::new(),
            copies_of_params: Vec::new(),
            use_kinds: HashMap::new(),
            cast_names: Default::default(),
            lent_names: Default::default(),
            array_only_names: Default::default(),
            body_items: vec![],
            local_fns: vec![],
            type_params: vec![],
            struct_names: vec![],
            guessed: vec![],
            alias_casts: vec![],
            unseen_casts: vec![],
            in_test: false,
            changed_by_calls: HashSet::new(),
            lent_only: HashSet::new(),
            views: HashSet::new(),
            evaluated_once: HashSet::new(),
            borrow_aliases: HashMap::new(),
            fixed_arrays: HashSet::new(),
            lent_calls: HashMap::new(),
            open_tuples: vec![],
            camel_case_fns: false,
        }
    }

    pub(super) fn error(&mut self, span: Span, msg: impl std::fmt::Display) {
        self.errors.push(syn::Error::new(span, msg.to_string()));
    }
}

pub(super) fn expr_span(e: &syn::Expr) -> Span {
    syn::spanned::Spanned::span(e)
}

/// Whether `block` indexes `name` (`name[i]`).
fn indexed_in(block: &syn::Block, name: &Ident) -> bool {
    struct Find<'a>(&'a Ident, bool);
    impl<'ast> syn::visit::Visit<'ast> for Find<'_> {
        fn visit_expr_index(&mut self, ix: &'ast syn::ExprIndex) {
            self.1 |= matches!(&*ix.expr, syn::Expr::Path(p) if p.path.is_ident(self.0));
            syn::visit::visit_expr_index(self, ix);
        }
    }
    let mut find = Find(name, false);
    syn::visit::Visit::visit_block(&mut find, block);
    find.1
}

/// Whether the body calls the function `f` itself, by name or as `Self::f`.
fn calls_itself(body: &Block, f: &Ident) -> bool {
    body.any(&|s| match &s.kind {
        StmtKind::Call {
            callee,
            method: false,
            ..
        } => {
            let names: Vec<&Ident> = callee.segments.iter().map(|s| &s.ident).collect();
            // The hidden function of an `Option` result's value (`crate::fallible`) calls
            // the function itself, whose derived items call it back.
            let itself = |g: &Ident| g == f || crate::fallible::inner_name(g) == *f;
            matches!(names.as_slice(), [g] if itself(g))
                || matches!(names.as_slice(), [s, g] if *s == "Self" && itself(g))
        }
        // `self.r(x, n - 1)`: a method calling itself (or one of the same name on another
        // struct, for which boxing the pullback costs only an allocation).
        StmtKind::Call {
            callee,
            method: true,
            ..
        } => callee.segments.last().is_some_and(|s| s.ident == *f),
        _ => false,
    })
}

/// Lowers a whole function; `in_impl` as [`parse::in_impl`] says. Errors are collected,
/// not returned one at a time.
pub fn lower_fn(
    item: &syn::ItemFn,
    active: &dyn Fn(&Ident, ParamShape) -> bool,
    in_impl: bool,
) -> Result<Func, Vec<syn::Error>> {
    let float = parse::float_type(&item.sig, Some(&item.block), in_impl).map_err(|e| vec![e])?;
    let mut used = HashSet::new();
    collect_idents(quote::quote!(#item), &mut used);
    let mut lw = Lowerer::new(float.clone(), used);
    (lw.changed_by_calls, lw.lent_only) = effects::changed_by_calls(item);
    lw.camel_case_fns = item.sig.ident.to_string().chars().any(char::is_uppercase);
    lw.type_params = item
        .sig
        .generics
        .type_params()
        .map(|t| t.ident.to_string())
        .collect();
    lw.struct_names = signature_struct_names(&item.sig);
    lw.open_scope();
    lw.collect_body_items(&item.block);
    // How the body uses each name (`a[i]`, `a.len()`): a parameter typed by an alias the
    // macro cannot see is a sequence where it is used as one.
    let mut body_uses = HashMap::new();
    collect_use_kinds(
        quote::ToTokens::to_token_stream(&item.block),
        &mut body_uses,
    );
    let mut params = vec![];
    let mut method = false;
    let mut refused_mut_param = false;
    for input in &item.sig.inputs {
        match input {
            syn::FnArg::Typed(pt) => {
                if let syn::Pat::Wild(w) = &*pt.pat {
                    lw.error(w.underscore_token.span, "a `_` parameter cannot be passed on by the derivative functions, which call the function and each other: give it a name (`_n: usize`)");
                    continue;
                }
                let Some((ident, mutable, _)) = lw.let_pattern(&pt.pat) else {
                    continue;
                };
                if crate::types::is_mut_float_ref(&pt.ty, &float) {
                    match lw.output_param(&ident, &pt.ty) {
                        Some(local) => params.push(Param {
                            var: local,
                            ty: (*pt.ty).clone(),
                            shape: ParamShape::Output,
                            active: false,
                        }),
                        None => {
                            // `rng: &mut Lcg`: state of a user's type, not a buffer of floats.
                            let array = matches!(&*pt.ty, Type::Reference(r)
                                if crate::types::kind_of_type(&r.elem, &float) == Kind::Array);
                            let user_state = !array
                                && matches!(&*pt.ty, Type::Reference(r) if matches!(&*r.elem, Type::Path(p)
                                if p.path.segments.last().is_some_and(|s| s.ident.to_string().starts_with(char::is_uppercase) && s.ident != "Vec")));
                            let scalar = matches!(&*pt.ty, Type::Reference(r)
                                if crate::types::kind_of_type(&r.elem, &float) == Kind::Float);
                            let message = if array {
                                let f = &float;
                                format!("a `&mut` ndarray parameter other than `&mut Array1<{0}>` (a matrix or a view written in place) is not supported in a `#[differentiate]` function: take the buffer flat, as `&mut Array1<{0}>`, `&mut [{0}]` (pass `u.as_slice_mut().unwrap()`) or `&mut Vec<{0}>`, or return the new array", quote::quote!(#f))
                            } else if user_state && indexed_in(&item.block, &ident) {
                                let (ty, f) = (&pt.ty, &float);
                                let ty = quote::quote!(#ty).to_string().replace("& ", "&");
                                format!("a `{ty}` parameter written by index is taken for state of a type of its own: the attribute cannot see a type alias, so if it names a float array or sequence (`type V4 = [{0}; 4]`), write the parameter as an output buffer, `&mut [{0}]`", quote::quote!(#f))
                            } else if user_state {
                                let (ty, name) = (&pt.ty, &ident);
                                let ty = quote::quote!(#ty).to_string().replace("& ", "&");
                                let owner = ty.trim_start_matches("&mut").trim();
                                format!("a `&mut` parameter of a type of its own (`{name}: {ty}`) is not supported in a free `#[differentiate]` function that does not assign its fields (it calls its methods or lends it on): its derived items run the function's statements in more than one sweep and cannot share a borrow of it across them. A function assigning the fields of one such parameter (`{name}.x += {name}.v * dt`) is differentiated as the `&mut self` method it would be; so is a method, `impl {owner} {{ #[differentiate] fn …(&mut self, …) }}`, with `{name}.` written `self.`; for a generator's state (`rng: &mut Lcg`), draw what the function needs before the call and pass the values (`let draws: Vec<f64> = (0..n).map(|_| rng.next()).collect();`)")
                            } else if scalar {
                                let f = &float;
                                format!("a `&mut {}` parameter (a number changed in place) is not supported in a `&mut self` method or a function returning an `Option` or a `Result`: take it by value and return its new value (`-> ({0}, {0})` for several), or keep it in `self` (other functions and `&self` methods take such parameters)", quote::quote!(#f))
                            } else if let Some(element) = struct_elements(&pt.ty)
                                .filter(|_| !active(&ident, ParamShape::StructSlice))
                            {
                                format!("a `&mut` slice of `{element}` that `wrt(…)` leaves out is not supported in a `#[differentiate]` function: only floats (`&mut [f64]`, `&mut Vec<f64>`) are output buffers; take it as `&[{element}]` if the function only reads it, or name it in `wrt(…)` (a `&mut` slice the body only reads is then taken shared)")
                            } else if let Some(element) = struct_elements(&pt.ty) {
                                format!("a `&mut` slice of `{element}` that the function changes, or passes on or walks by `for`, is not supported in a `#[differentiate]` function: only floats (`&mut [f64]`, `&mut Vec<f64>`) are output buffers. A slice the body only reads (indexed, `len`, `iter`, `into_iter`) is taken as `&[{element}]`; read it so, or take `&[{element}]` and return the changed values")
                            } else {
                                "only `&mut [f64]` and `&mut Vec<f64>` (of the function's float type) can be output buffers: return other values instead".to_string()
                            };
                            lw.error(syn::spanned::Spanned::span(&pt.ty), message);
                            lw.refused_names.insert(ident.to_string());
                            refused_mut_param = true;
                            // Declared all the same, so that its uses report nothing more.
                            lw.declare_param(&ident, &pt.ty, mutable);
                        }
                    }
                    continue;
                }
                let var = lw.declare_param(&ident, &pt.ty, mutable);
                // `x: &f64` and `n: &usize` reach here by value (`parse::collapse_param_refs`):
                // the body's `*x` is `x`.
                lw.vars[var].element |= matches!(lw.vars[var].kind, Kind::Float | Kind::Int);
                let mut shape = crate::types::param_shape(&pt.ty, &float);
                // (`push` on a shared borrow is no `Vec`'s: `log.push(x)` of a type of the
                // user's, changing state behind `&self`.)
                let pushed_behind_borrow = matches!(&*pt.ty, Type::Reference(r) if r.mutability.is_none())
                    && uses::calls_method_unshadowed(
                        quote::ToTokens::to_token_stream(&item.block),
                        &ident.to_string(),
                        "push",
                    );
                // (`v: &Vector3<f64>`, `&DVector<f64>`, a type of its own arguments, indexed:
                // a vector type's value, whose entries its cotangent holds as it does.)
                let has_arguments = matches!(crate::types::peel_refs(&pt.ty), Type::Path(p)
                    if p.path.segments.iter().any(|s| !s.arguments.is_empty()));
                // `m: &Matrix` with `type Matrix = Vec<Vec<f64>>` elsewhere, read as `m[i][j]`:
                // rows, whose cotangent is of the type as written (`rows::read_as_rows`).
                if shape == ParamShape::Struct
                    && !pushed_behind_borrow
                    && !has_arguments
                    && crate::parse::read_as_rows(&item.block, &ident)
                {
                    shape = ParamShape::StructSlice;
                    lw.vars[var].kind = Kind::StructSeq;
                    lw.declare_rows(var, None, ident.span());
                }
                if shape == ParamShape::Struct
                    && body_uses.get(&ident.to_string()) == Some(&Kind::FloatSeq)
                    && !pushed_behind_borrow
                    && !has_arguments
                {
                    // `a: &Vector` with `type Vector = Vec<f64>` elsewhere: the macro
                    // cannot see the alias, but indexing and `len` say it is a sequence.
                    shape = ParamShape::Slice;
                    lw.vars[var].kind = Kind::FloatSeq;
                }
                if shape == ParamShape::StructSlice && crate::types::is_rows(&pt.ty, &float) {
                    lw.vars[var].kind = Kind::StructSeq;
                    lw.declare_rows(var, crate::types::row_array_len(&pt.ty), ident.span());
                }
                // `f: &R` with `R: Rhs`, a type parameter other than the float type: not a
                // struct the macro differentiates, but a value whose methods dispatch to
                // implementations it cannot see (refused where they would need derivatives).
                let mut bare = &*pt.ty;
                while let Type::Reference(r) = bare {
                    bare = &r.elem;
                }
                let type_param = matches!(bare, Type::Path(tp) if tp.path.get_ident().is_some_and(|i| {
                    lw.type_params.contains(&i.to_string()) && quote::quote!(#i).to_string() != quote::quote!(#float).to_string()
                }));
                // `y: f64` in a function whose float type is its type parameter `T`: the
                // other float, a constant (`T::from(y)` converts it); `checks` asks `wrt` to
                // say so.
                let generic_float = lw.type_params.contains(&quote::quote!(#float).to_string());
                let concrete_leaf = crate::types::is_float_name(crate::types::peel_refs(bare))
                    || matches!(crate::types::element(bare), Some((e, _)) if crate::types::is_float_name(e));
                if (generic_float && concrete_leaf) || (shape == ParamShape::Struct && type_param) {
                    shape = ParamShape::Inactive;
                    lw.vars[var].kind = Kind::Other;
                } else if shape == ParamShape::Struct {
                    // A tuple of floats is read as a struct of fields `.0`, `.1`, ….
                    lw.vars[var].kind = Kind::Struct;
                } else if shape == ParamShape::StructSlice && !crate::types::is_rows(&pt.ty, &float)
                {
                    lw.vars[var].kind = Kind::StructSeq;
                }
                lw.param_kind(var, shape);
                let is_active = active(&ident, shape);
                if shape == ParamShape::Struct && !is_active {
                    lw.constant_structs.push(var);
                }
                params.push(Param {
                    var,
                    ty: (*pt.ty).clone(),
                    shape,
                    active: is_active,
                });
            }
            syn::FnArg::Receiver(r) => {
                if !matches!(r.kind, syn::ReceiverKind::Reference(_, _, None)) {
                    lw.error(r.self_token.span, "a `#[differentiate]` method takes `&self`, `self` or `&mut self`: the struct's fields are its parameters, and its cotangent has the struct's type (`mut self` by value and other typed receivers (`self: Box<Self>`) are not supported: take `self` and keep what changes in locals)");
                    continue;
                }
                method = true;
                let ty: Type = syn::parse_quote!(&Self);
                let ident = Ident::new("self", r.self_token.span);
                let var = lw.declare_receiver(&ident, &ty);
                lw.struct_params.push(var);
                let is_active = active(&ident, ParamShape::Struct);
                // `self` left out by `wrt(…)` (an enum choosing a formula): a constant.
                if !is_active {
                    lw.constant_structs.push(var);
                }
                params.push(Param {
                    var,
                    ty,
                    shape: ParamShape::Struct,
                    active: is_active,
                });
            }
        }
    }
    let roots: Vec<String> = lw
        .scopes_names()
        .into_iter()
        .filter(|(_, v)| lw.struct_params.contains(v))
        .map(|(n, _)| n)
        .collect();
    let struct_result = matches!(&item.sig.output,
        syn::ReturnType::Type(_, t) if kind_of_type(t, &float) == Kind::Struct);
    // (`let q = p.clone();`, `let q = *p;`: another name for the parameter, whose fields
    // are read as its own.)
    let mut roots = roots;
    lw.copies_of_params = param_copies::other_names(&item.block, &roots);
    roots.extend(lw.copies_of_params.iter().cloned());
    // A field's element bound whole and read by its parts: a `let` per part, from here on
    // (`element_lets`).
    let spread = lw
        .spread_elements(&item.block, &roots)
        .map(|block| syn::ItemFn {
            block: Box::new(block),
            ..item.clone()
        });
    let item = spread.as_ref().unwrap_or(item);
    lw.field_kinds = field_kinds::field_kinds(item, &roots, &float, struct_result);
    lw.declare_slice_fields(&item.block, &roots);
    lw.declare_rows_fields(&item.block, &roots);
    lw.struct_element_fields = struct_slices::struct_element_fields(&item.block);
    // A tuple's fields have the types it spells, whatever the body does with them.
    for input in &item.sig.inputs {
        let syn::FnArg::Typed(pt) = input else {
            continue;
        };
        let (syn::Pat::Ident(name), Type::Tuple(t)) = (&*pt.pat, crate::types::peel_refs(&pt.ty))
        else {
            continue;
        };
        let tuple = Type::Tuple(t.clone());
        if crate::types::is_float_tuple(&tuple, &float)
            || crate::types::is_seq_tuple(&tuple, &float)
            || crate::types::is_mixed_int_tuple(&tuple, &float)
        {
            for (i, e) in t.elems.iter().enumerate() {
                let kind = match crate::types::kind_of_type(e, &float) {
                    Kind::Float => Kind::Float,
                    Kind::Int => Kind::Int,
                    _ => Kind::FloatSeq,
                };
                lw.field_kinds.insert(format!("{}.{i}", name.ident), kind);
            }
        }
    }
    let (ret_shape, ret_ty) = match &item.sig.output {
        syn::ReturnType::Default if !lw.outputs.is_empty() => {
            (Ret::Tuple(vec![]), syn::parse_quote!(()))
        }
        syn::ReturnType::Default => {
            // (Not said again where a `&mut` parameter, meant as the result, was refused.)
            if !refused_mut_param {
                lw.error(item.sig.ident.span(), "a `#[differentiate]` function must return a value to differentiate: add a return type, or write the results into `&mut [f64]` output buffers");
            }
            // (Lowered as returning nothing, so that a `return;` says nothing more.)
            (Ret::Tuple(vec![]), syn::parse_quote!(()))
        }
        // (The body is not read: what it returns would draw errors of its own.)
        syn::ReturnType::Type(_, ty) if matches!(&**ty, Type::Reference(_)) => {
            let written = quote::quote!(#ty).to_string().replace("& ", "&");
            lw.error(syn::spanned::Spanned::span(ty), format!("a `#[differentiate]` function returning a reference (`-> {written}`) is not supported: a derivative is a value of its own, not a borrow; return an owned value (`Vec<…>`, a float), or, for a buffer given back to chain calls, return nothing: the buffer holds the result"));
            return Err(lw.errors);
        }
        syn::ReturnType::Type(_, ty) => {
            let shape = ret_shape(ty, &float, &item.block);
            if matches!(shape, Ret::Single(Kind::Bool | Kind::Int)) {
                lw.error(syn::spanned::Spanned::span(ty), format!("a `#[differentiate]` function must return a value to differentiate, and `{}` carries no derivative: remove the attribute (a differentiated caller may still call it on its values, as in `if in_range(x)`)", quote::quote!(#ty)));
            }
            (shape, (**ty).clone())
        }
    };
    let kinds = match &ret_shape {
        Ret::Single(k) => vec![*k],
        Ret::Tuple(ks) => ks.clone(),
    };
    let mut body = lw.lower_body(&item.block, &kinds);
    lw.refuse_effects_in_checkpoints(&body);
    lw.initialise_deferred_in_checkpoints(&mut body);
    let undecided = lw.settle_guesses(&body);
    lw.settle_alias_casts(&mut body);
    tuples::type_tuple_copies(&mut lw.vars, &body);
    lw.pass_floats_by_value(&mut body);
    let read_on_entry = outputs::read_on_entry(&body, &lw.outputs);
    for o in lw.outputs.iter().filter(|o| o.buffer == Buffer::Array1) {
        if let Some(span) = outputs::passed_whole(&body, o.local) {
            lw.errors.push(syn::Error::new(span, format!("an `&mut Array1` buffer is read and written by index in a `#[differentiate]` function (`{0}[i]`, `{0}.len()`, `{0}.iter()`, `{0}.fill(v)`); passing `{0}` (or a copy of it) on to a function is not supported: take the buffer as `&mut [f64]` or `&mut Vec<f64>` (pass `{0}.as_slice_mut().unwrap()`), or pass the entries the callee needs", o.param)));
        }
    }
    // `let mut out_value = out.to_vec();`: the buffer's initial contents, as constants.
    for (i, o) in lw.outputs.iter().enumerate() {
        let span = o.param.span();
        let buffer = Expr::new(ExprKind::Const(syn::Path::from(o.param.clone())), span);
        let copy = OpaqueCall::Method(Box::new(buffer), Ident::new("to_vec", span), None, vec![]);
        let init = Expr::new(ExprKind::Opaque(copy), span);
        let kind = StmtKind::Let {
            var: o.local,
            init: Some(init),
        };
        body.stmts.insert(i, Stmt::new(kind, span));
    }
    lw.close_scope();
    if !lw.errors.is_empty() {
        return Err(lw.errors);
    }
    let taken = lw.taken.union(&lw.given).cloned().collect();
    let recursive = calls_itself(&body, &item.sig.ident);
    Ok(Func {
        vars: lw.vars,
        params,
        fields: lw.fields,
        slice_fields: lw.slice_fields.values().copied().collect(),
        outputs: lw.outputs,
        read_on_entry,
        method,
        in_impl,
        body,
        ret: lw.ret,
        tangent_ty: tangent_type(&ret_ty, &ret_shape),
        ret_shape,
        ret_ty,
        float,
        unseen_casts: lw.unseen_casts,
        taken,
        body_items: lw.body_items,
        recursive,
        written_tys: vec![],
        value_of: None,
        type_params: lw.type_params.clone(),
        undecided,
        lent_calls: lw.lent_calls,
        open_tuples: lw.open_tuples,
        function_values: vec![],
    })
}

/// The element type's name of `&mut [S]` or `&mut Vec<S>` for a named type `S` of the user's.
fn struct_elements(ty: &Type) -> Option<String> {
    let Type::Reference(r) = ty else { return None };
    let (Type::Path(p), _) = crate::types::element(&r.elem)? else {
        return None;
    };
    let name = p.path.segments.last()?.ident.to_string();
    name.starts_with(char::is_uppercase).then_some(name)
}

/// `ty` with `()` in place of each tuple element of a kind without derivatives.
fn tangent_type(ty: &Type, shape: &Ret) -> Type {
    match (ty, shape) {
        (Type::Tuple(t), Ret::Tuple(kinds)) if kinds.iter().any(|k| !k.is_float()) => {
            let mut t = t.clone();
            for (elem, kind) in t.elems.iter_mut().zip(kinds) {
                if !kind.is_float() {
                    *elem = syn::parse_quote!(());
                }
            }
            Type::Tuple(t)
        }
        _ => ty.clone(),
    }
}

fn ret_shape(ty: &Type, float: &Type, body: &syn::Block) -> Ret {
    // Rows (`Vec<Vec<F>>`) made by `ops::rows_of` from a local matrix (`crate::local_rows`):
    // a differentiable value handled whole. Rows made otherwise are refused.
    if crate::types::is_rows(&syn::parse_quote!(&#ty), float)
        && crate::tokens::mentions_any(quote::ToTokens::to_token_stream(body), &["rows_of"])
    {
        return Ret::Single(Kind::Struct);
    }
    match ty {
        Type::Tuple(t) if !t.elems.is_empty() => {
            Ret::Tuple(t.elems.iter().map(|e| kind_of_type(e, float)).collect())
        }
        _ => Ret::Single(kind_of_type(ty, float)),
    }
}

/// The single names of the signature's types that name structs (`a: vec2`, `-> &f64x2`,
/// `&[vec3]`), lowercase ones included.
fn signature_struct_names(sig: &syn::Signature) -> Vec<String> {
    let mut names = vec![];
    let mut note = |ty: &Type| {
        let ty = crate::types::peel_refs(ty);
        let leaf = crate::types::element(ty).map_or(ty, |(e, _)| e);
        if let Type::Path(p) = leaf {
            if let Some(i) = p.path.get_ident() {
                let name = i.to_string();
                if crate::types::names_a_struct(&name) {
                    names.push(name);
                }
            }
        }
    };
    for input in &sig.inputs {
        if let syn::FnArg::Typed(pt) = input {
            note(&pt.ty);
        }
    }
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        note(ty);
    }
    names
}
