//! Struct parameters in emitted code: the bindings of the fields the body reads at the top
//! of each generated function (checked by rustc against the kind the macro inferred), and
//! the struct's cotangent, which gathers the fields' adjoints.

use super::forward::Sweep;
use super::Ctx;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// `let this = self;` in a method, then one binding per field read: `let p_w1 =
    /// __ad::array_field(&p.w1);`, and in forward mode its tangent `let p_w1_dot =
    /// &p_dot.w1;`. The checking functions only accept the kind the macro inferred, so a
    /// wrong guess is a compile error that says how to state the type.
    pub fn prologue(&self, sweep: Sweep) -> TokenStream {
        let receiver = self.func.method.then(|| {
            let this = self.name(self.func.params[0].var);
            quote!(let #this = self;)
        });
        let fields = self.func.fields.iter().map(|f| {
            let (name, base, path) = (self.name(f.var), self.name(f.base), &f.path);
            if self.is_struct_slice(f.base) {
                return self.column_binding(f, sweep);
            }
            // A struct left out by `wrt` is a constant: its fields are read as written, of
            // whatever type they are (`Vec<i64>`, `[usize; 3]`, `String`), with no check.
            let constant = !self.active(f.base);
            let check = match self.kind(f.var) {
                Kind::Float | Kind::Int | Kind::Bool if constant => quote!(#base.#(#path).*),
                _ if constant => quote!(&#base.#(#path).*),
                Kind::Float => quote!(__ad::float_field(#base.#(#path).*)),
                Kind::FloatSeq => quote!(__ad::seq_field(&#base.#(#path).*)),
                Kind::Array => quote!(__ad::array_field(&#base.#(#path).*)),
                Kind::Struct => quote!(__ad::struct_field(&#base.#(#path).*)),
                Kind::StructSeq | Kind::ArraySeq => {
                    quote!(__ad::struct_seq_field(&#base.#(#path).*))
                }
                // Integers are checked (a float read as one would lose its derivative);
                // flags are copied; anything else is borrowed.
                Kind::Int => quote!(__ad::int_field(#base.#(#path).*)),
                Kind::IntSeq => quote!(__ad::int_seq_field(&#base.#(#path).*)),
                Kind::Bool => quote!(#base.#(#path).*),
                _ => quote!(&#base.#(#path).*),
            };
            // A `#[no_grad]` field's tangent is zero, whatever the tangent struct holds there
            // (its `zero_like` copies constants): the macro cannot see the mark, the struct
            // reports it.
            let tangent = (sweep == Sweep::Jvp && self.active(f.var)).then(|| {
                let (dot, base_dot) = (self.dot(f.var), self.dot(f.base));
                let (parent, last) = path.split_at(path.len() - 1);
                let field = match &last[0] {
                    syn::Member::Named(i) => i.to_string(),
                    syn::Member::Unnamed(i) => i.index.to_string(),
                };
                // The tangent of a struct parameter is a reference already.
                let holder = if parent.is_empty() {
                    quote!(#base_dot)
                } else {
                    quote!(&#base_dot #(.#parent)*)
                };
                let constant = quote!(__ad::is_constant_field(#holder, #field));
                if self.kind(f.var) == Kind::Float {
                    quote!(let #dot = if #constant { __ad::zero() } else { #base_dot.#(#path).* };)
                } else {
                    let zero = quote::format_ident!("{dot}_zero");
                    // A sequence's tangent is a slice, as the field is.
                    // (A sequence of structs held in an owned sequence, which a borrowed
                    // `#[no_grad]` table's tangent is too.)
                    let view = |v: TokenStream| match self.kind(f.var) {
                        Kind::FloatSeq => quote!(__ad::seq_field(&#v)),
                        _ => quote!(&#v),
                    };
                    let zero_view = view(quote!(#zero));
                    let given = match self.kind(f.var) {
                        Kind::StructSeq | Kind::ArraySeq => {
                            quote!(__ad::struct_seq_tangent(&#base_dot.#(#path).*))
                        }
                        _ => view(quote!(#base_dot.#(#path).*)),
                    };
                    let zeros = match self.kind(f.var) {
                        Kind::FloatSeq => quote!(__ad::seq_zeros(&#base.#(#path).*)),
                        Kind::StructSeq | Kind::ArraySeq => {
                            quote!(__ad::struct_seq_zeros(&#base.#(#path).*))
                        }
                        _ => quote!(__ad::Differentiable::zero_like(&#base.#(#path).*)),
                    };
                    quote! {
                        let #zero;
                        let #dot = if #constant {
                            #zero = #zeros;
                            #zero_view
                        } else {
                            #given
                        };
                    }
                }
            });
            quote!(let #name = #check; #tangent)
        });
        quote!(#receiver #(#fields)*)
    }

    /// The fields again at the top of the pullback closure, from the struct it is passed
    /// again (it borrows nothing); float, integer and flag fields were copied into it.
    pub fn closure_prologue(&self) -> TokenStream {
        let fields = self
            .func
            .fields
            .iter()
            .filter(|f| !matches!(self.kind(f.var), Kind::Float | Kind::Int | Kind::Bool))
            .map(|f| {
                let (name, base, path) = (self.name(f.var), self.name(f.base), &f.path);
                if self.is_struct_slice(f.base) {
                    return match self.rows_part(f) {
                        Some(part) => quote!(let #name = #part(#base);),
                        None if self.kind(f.var) == Kind::StructSeq => {
                            quote!(let #name = __ad::struct_column(#base, |__e| &__e.#(#path).*);)
                        }
                        None if self.kind(f.var) == Kind::IntSeq => {
                            quote!(let #name = __ad::integer_column(#base, |__e| __e.#(#path).*);)
                        }
                        None => quote!(let #name = __ad::column(#base, |__e| __e.#(#path).*);),
                    };
                }
                // A sequence is read as a slice, whatever holds it (`Vec`, array, `Array1`);
                // a constant struct's field as written.
                if self.kind(f.var) == Kind::FloatSeq && self.active(f.base) {
                    quote!(let #name = __ad::seq_field(&#base.#(#path).*);)
                } else {
                    quote!(let #name = &#base.#(#path).*;)
                }
            });
        quote!(#(#fields)*)
    }

    /// Adds the adjoints of `param`'s fields into its cotangent `param_bar`, which holds
    /// what reached the whole struct (calls it was passed to).
    pub fn gather_fields(&self, param: VarId) -> TokenStream {
        let bar = self.bar(param);
        let adds = self
            .func
            .fields
            .iter()
            .filter(|f| f.base == param && self.active(f.var))
            .map(|f| {
                let (field_bar, path) = (self.bar(f.var), &f.path);
                if self.rows_part(f).is_some() {
                    return quote!(__ad::scatter_rows(&mut #bar, &#field_bar););
                }
                if self.is_struct_slice(param) {
                    let constant = constant_in_first(&bar, path);
                    let scatter = match self.kind(f.var) {
                        Kind::StructSeq => quote!(__ad::scatter_struct_column),
                        _ => quote!(__ad::scatter_column),
                    };
                    return quote! {
                        if !#constant {
                            #scatter(&mut #bar, &#field_bar, |__e| &mut __e.#(#path).*);
                        }
                    };
                }
                let add = if self.kind(f.var) == Kind::Float {
                    quote!(__ad::accumulate_float(&mut #bar.#(#path).*, #field_bar);)
                } else if self.kind(f.var) == Kind::FloatSeq {
                    quote!(__ad::accumulate_seq(&mut #bar.#(#path).*, &#field_bar);)
                } else if self.lazy_adjoint(f.var) {
                    quote!(__ad::accumulate_lazy(&mut #bar.#(#path).*, #field_bar);)
                } else if matches!(self.kind(f.var), Kind::StructSeq | Kind::ArraySeq) {
                    quote!(__ad::accumulate_struct_seq(&mut #bar.#(#path).*, &#field_bar);)
                } else {
                    quote!(__ad::accumulate_struct(&mut #bar.#(#path).*, &#field_bar);)
                };
                // The macro cannot see `#[no_grad]`: the struct that holds the field says.
                let (parent, last) = path.split_at(path.len() - 1);
                let name = match &last[0] {
                    syn::Member::Named(i) => i.to_string(),
                    syn::Member::Unnamed(i) => i.index.to_string(),
                };
                quote! {
                    if !__ad::is_constant_field(&#bar #(.#parent)*, #name) {
                        #add
                    }
                }
            });
        quote!(#(#adds)*)
    }

    /// The body maps a closure over an array (`ops::mapv_with`), whose elementwise function
    /// takes the function's float type only: no dual twin (`Func::maps_closures`).
    pub fn has_elementwise_maps(&self) -> bool {
        self.func.maps_closures()
    }

    /// Whether the function holds struct values of its own: a struct result, a literal, a
    /// call's result read as a struct. Like struct parameters, they have no dual twin.
    pub fn has_struct_values(&self) -> bool {
        self.func.holds_struct_values()
    }

    /// Whether the function has a struct parameter (or a slice of structs): it then has no
    /// dual-number twin (a struct of dual numbers is not a type the macro can write); see
    /// `struct_hvp`.
    pub fn has_struct_param(&self) -> bool {
        self.func
            .params
            .iter()
            .any(|p| matches!(p.shape, ParamShape::Struct | ParamShape::StructSlice))
    }

    /// Whether `v` is a parameter that is a slice of structs (`bodies: &[Body]`), or a
    /// field of a struct parameter read as one (`self.points`).
    pub fn is_struct_slice(&self, v: VarId) -> bool {
        self.func.slice_fields.contains(&v)
            || self
                .func
                .params
                .iter()
                .any(|p| p.var == v && p.shape == ParamShape::StructSlice)
    }

    /// Whether `v` is a parameter holding rows in an array (`m: &[[f64; 2]; 2]`) or behind
    /// an alias (`m: &Matrix`), whose cotangent is of its type as written.
    pub fn rows_as_written(&self, v: VarId) -> bool {
        self.func
            .params
            .iter()
            .any(|p| p.var == v && super::signature::rows_as_written(self, p))
    }

    /// A column of a slice of structs (`let bodies_m = __ad::column(bodies, |__e| __e.m);`),
    /// and in forward mode its tangent, the same column of the tangent slice (zeros for a
    /// `#[no_grad]` field, which the element type reports).
    fn column_binding(&self, f: &FieldProj, sweep: Sweep) -> TokenStream {
        let (name, base, path) = (self.name(f.var), self.name(f.base), &f.path);
        if let Some(part) = self.rows_part(f) {
            // A row's entries have no `#[no_grad]` to ask about.
            let tangent = (sweep == Sweep::Jvp && self.active(f.var)).then(|| {
                let (dot, base_dot) = (self.dot(f.var), self.dot(f.base));
                quote!(let #dot = #part(#base_dot);)
            });
            return quote! {
                let #name = #part(#base);
                #tangent
            };
        }
        if self.kind(f.var) == Kind::IntSeq {
            // Integers beside floats (`.0` of `&[(usize, f64)]`): no tangent.
            return quote!(let #name = __ad::integer_column(#base, |__e| __e.#(#path).*););
        }
        if self.kind(f.var) == Kind::StructSeq {
            // A column of structs (`bodies_pos`, `Vec<Vec3>`): its tangent the same column of
            // the tangent slice, zeros for a `#[no_grad]` field (whose tangent slice holds the
            // constant's values: `zero_like` copies them).
            let tangent = (sweep == Sweep::Jvp && self.active(f.var)).then(|| {
                let (dot, base_dot) = (self.dot(f.var), self.dot(f.base));
                let constant = constant_in_first(&base_dot, path);
                quote! {
                    let #dot = if #constant {
                        __ad::Differentiable::zero_like(&#name)
                    } else {
                        __ad::struct_column(#base_dot, |__e| &__e.#(#path).*)
                    };
                }
            });
            return quote! {
                let #name = __ad::struct_column(#base, |__e| &__e.#(#path).*);
                #tangent
            };
        }
        let tangent = (sweep == Sweep::Jvp && self.active(f.var)).then(|| {
            let (dot, base_dot) = (self.dot(f.var), self.dot(f.base));
            let constant = constant_in_first(&base_dot, path);
            quote! {
                let #dot = if #constant {
                    __ad::seq_zeros(&#name)
                } else {
                    __ad::column(#base_dot, |__e| __e.#(#path).*)
                };
            }
        });
        quote! {
            let #name = __ad::column(#base, |__e| __e.#(#path).*);
            #tangent
        }
    }
}

impl Ctx<'_> {
    /// For a projection of a parameter given as rows (`a: &[Vec<f64>]`, see
    /// `ir::lower::rows`), the runtime function that makes it: the flat entries or the row
    /// starts.
    fn rows_part(&self, f: &FieldProj) -> Option<TokenStream> {
        if !f.path.is_empty() {
            return None;
        }
        Some(match self.kind(f.var) {
            Kind::IntSeq => quote!(__ad::row_starts),
            _ => quote!(__ad::rows_flat),
        })
    }
}

/// Whether the field at `path` of the elements of `slice` is `#[no_grad]`, which the type
/// holding it reports (asked of the first element: an empty slice has nothing to add).
fn constant_in_first(slice: &impl quote::ToTokens, path: &[syn::Member]) -> TokenStream {
    let (parent, last) = path.split_at(path.len() - 1);
    let field = match &last[0] {
        syn::Member::Named(i) => i.to_string(),
        syn::Member::Unnamed(i) => i.index.to_string(),
    };
    let holder = if parent.is_empty() {
        quote!(__e)
    } else {
        quote!(&__e #(.#parent)*)
    };
    quote!(#slice.first().is_some_and(|__e| __ad::is_constant_field(#holder, #field)))
}
