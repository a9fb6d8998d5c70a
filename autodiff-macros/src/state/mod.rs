//! `&mut self` methods (a filter's `process`, an integrator's `step`), read as functions of
//! the state: the method maps the state before the call and its arguments to its result and
//! the state after the call. The float fields the body assigns become locals of a hidden
//! `&self` method, `__f_state`, which returns them beside the result; that method is
//! differentiated as any other, and `emit::state` wraps its derivatives in the method's
//! own (`f_jvp`, `f_vjp`, `f_grad`), which step the state as the method does.

use proc_macro2::Span;
use quote::{format_ident, quote};
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Expr, Ident, ItemFn};

mod array_fields;
pub mod as_method;
mod hoist;
mod places;
mod refused_calls;
mod segments;
mod step_calls;
mod step_checks;
pub mod steps;

use places::{element_of_self_field, inside_self_field, self_field};
pub(crate) use refused_calls::ARRAY_IN_PLACE;
use refused_calls::{
    field_changed_in_place, pushed_fields, self_method_call, sub_state_call, sub_state_error,
};

/// A `&mut self` method as a function of its state.
pub struct Mutating {
    /// `__f_state(&self, …) -> (R, F, …)`: the body with each assigned field a local.
    pub pure: ItemFn,
    /// The float fields the body assigns, in the order of their first assignment.
    pub written: Vec<Ident>,
    /// The fields whose elements the body assigns (`self.z[0] = …`, a `Vec` or an array of
    /// floats): output buffers of the hidden method (`__self_z: &mut [F]`), which starts by
    /// copying the field into them, so that what the body reads of them is the state's.
    pub buffers: Vec<Ident>,
    /// The buffers among them that the body pushes floats onto (`self.log.push(y)`): lent
    /// as the `Vec`s they are (`__self_log: &mut Vec<F>`), so that their lengths grow.
    pub grown: Vec<Ident>,
    /// The fields given integers (a counter, a ring buffer's position: `self.pos += 1`,
    /// or a field read as an index, `self.buf[self.pos]`): locals of the hidden method
    /// with no derivative, so the wrappers step the state by calling the method itself.
    pub ints: Vec<Ident>,
    /// The fields given flags (`self.warm = true`, `self.up = x > p`) or read as one
    /// (`if !self.warm`): `bool` locals of the hidden method with no derivative, stepped
    /// as the integers are.
    pub flags: Vec<Ident>,
    /// The method returns `()`: the hidden method returns only the fields.
    pub unit: bool,
    /// For a method made of steps (`steps`), the steps run around this one, its anchor.
    pub around: Option<steps::Around>,
}

/// Whether `item` takes `&mut self`.
pub fn takes_mut_self(item: &ItemFn) -> bool {
    matches!(item.sig.inputs.first(), Some(syn::FnArg::Receiver(r)) if matches!(r.kind, syn::ReceiverKind::Reference(_, _, Some(_))))
}

/// A `&mut self` method returning a count or a flag (`fn put(&mut self, x: f64) -> i32`, a
/// quantiser's output): a step of its state whose result carries no derivative, so it is
/// differentiated as the same step returning nothing (its derived items step the state and
/// its tangent or cotangent; the method itself gives the result). `None` for any other.
pub fn without_plain_result(item: &ItemFn) -> Option<ItemFn> {
    let syn::ReturnType::Type(_, ty) = &item.sig.output else {
        return None;
    };
    let syn::Type::Path(p) = &**ty else {
        return None;
    };
    let name = p.path.get_ident()?.to_string();
    if !(crate::types::INTS.contains(&name.as_str()) || name == "bool") {
        return None;
    }
    struct Unvalued;
    impl VisitMut for Unvalued {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            match e {
                Expr::Closure(_) => {}
                Expr::Return(r) => {
                    if let Some(value) = r.expr.take() {
                        *e = syn::parse_quote!({ let _ = #value; return });
                    }
                }
                _ => syn::visit_mut::visit_expr_mut(self, e),
            }
        }
    }
    let mut copy = item.clone();
    copy.sig.output = syn::ReturnType::Default;
    Unvalued.visit_block_mut(&mut copy.block);
    if let Some(syn::Stmt::Expr(tail, None)) = copy.block.stmts.last().cloned() {
        *copy.block.stmts.last_mut().expect("a tail") = syn::parse_quote!(let _ = #tail;);
    }
    Some(copy)
}

/// Whether the `&mut self` method `item`, returning nothing, gives the state integers or
/// flags alone (`self.count += 1;`): a step without derivatives.
pub fn gives_counts_alone(item: &ItemFn, float: &syn::Type) -> bool {
    matches!(item.sig.output, syn::ReturnType::Default)
        && split(item, float).is_ok_and(|m| m.written.is_empty() && m.buffers.is_empty())
}

/// A parameter of a `&mut self` method holding a tuple (`p: (f64, f64)`, `(a, b): (f64,
/// f64)`), which its wrappers do not pass on yet: the macro's message, spanned on it.
pub fn tuple_param_error(item: &ItemFn) -> Option<syn::Error> {
    item.sig.inputs.iter().find_map(|input| {
        let syn::FnArg::Typed(pt) = input else {
            return None;
        };
        let pattern = matches!(&*pt.pat, syn::Pat::Tuple(_) | syn::Pat::Slice(_));
        let tuple = matches!(crate::types::peel_refs(&pt.ty), syn::Type::Tuple(t) if !t.elems.is_empty());
        (pattern || tuple).then(|| {
            syn::Error::new_spanned(pt, "a parameter holding a tuple (or written as a pattern) is not supported yet in a `#[differentiate]` method taking `&mut self`: take its parts as parameters of their own (`a: f64, b: f64`)")
        })
    })
}

/// The hidden pure method of a `&mut self` method, or the errors that prevent it.
pub fn split(item: &ItemFn, float: &syn::Type) -> syn::Result<Mutating> {
    let item = &arrays_by_element(item);
    let mut writes = Writes::default();
    // Statement by statement: a method of `self` may be called until a field is assigned
    // (it then sees the fields as the hidden method's `self` holds them).
    writes.statements(&item.block.stmts);
    if let Some(e) = writes.errors.into_iter().reduce(|mut all, e| {
        all.combine(e);
        all
    }) {
        return Err(e);
    }
    // Fields of floats the method pushes onto: buffers that grow.
    let grown = pushed_fields(item);
    for f in &grown {
        if !writes.elements.contains(f) {
            writes.elements.push(f.clone());
        }
    }
    if let Some(call) = field_changed_in_place(item, &grown) {
        let (field, method) = (
            quote::ToTokens::to_token_stream(&call.receiver),
            &call.method,
        );
        // (An array's whole update, `scaled_add`, `assign`, `fill`, …: written by element it
        // is followed.)
        let by_element = refused_calls::ARRAY_IN_PLACE.contains(&method.to_string().as_str());
        let instead = match by_element {
            true => format!("write it by element (`for i in 0..n {{ {field}[i] += …; }}`), which is followed"),
            false => format!("compute the value in this method and do the `{method}` outside it, or keep the value in a float field"),
        };
        return Err(syn::Error::new_spanned(call, format!("`{field}.{method}(…)` changes a collection field of `self` in place, which a `#[differentiate]` method taking `&mut self` does not follow (it differentiates the float fields, and elements of fields, that it assigns): {instead}")));
    }
    let nothing_assigned = writes.fields.is_empty() && writes.elements.is_empty();
    if let Some(call) = sub_state_call(item, nothing_assigned) {
        return Err(sub_state_error(call));
    }
    // A field read as an index is an integer, whatever it is given.
    let indices = index_fields(&item.block);
    // A field read as a flag is a `bool`, whatever it is given (`self.warm = seen`).
    let conditions = flag_fields(&item.block);
    let (flags, rest): (Vec<Ident>, Vec<Ident>) = std::mem::take(&mut writes.fields)
        .into_iter()
        .partition(|f| writes.flags.contains(f) || conditions.contains(f));
    let (ints, floats): (Vec<Ident>, Vec<Ident>) = rest
        .into_iter()
        .partition(|f| writes.ints.contains(f) || indices.contains(f));
    // (A field read as an array is not a float: the message says what to write.)
    if let Some(e) = array_fields::array_field_read(item, &floats) {
        return Err(e);
    }
    writes.fields = floats;
    writes.ints = ints;
    writes.flags = flags;
    let unit = matches!(item.sig.output, syn::ReturnType::Default);
    let nothing_written = writes.fields.is_empty()
        && writes.elements.is_empty()
        && writes.ints.is_empty()
        && writes.flags.is_empty();
    // A method changing nothing is a function of its state and arguments, as one taking
    // `&self` is: differentiated so where it returns a float (one returning a sequence, or
    // nothing, needs that receiver).
    let float_result = matches!(&item.sig.output, syn::ReturnType::Type(_, ty)
        if crate::types::kind_of_type(ty, float) == crate::types::Kind::Float);
    if nothing_written && !float_result {
        if let Some(place) = places::unnamed_field_assigned(&item.block) {
            return Err(syn::Error::new_spanned(place, "this step assigns a field of a tuple struct (`self.0`), which a `#[differentiate]` method taking `&mut self` does not follow (it follows named fields): name the struct's fields (`struct State { x: f64, v: f64 }`), or take `&self` and return the new state"));
        }
        if let Some(call) = self_method_call(&item.block) {
            let method = &call.method;
            return Err(syn::Error::new_spanned(call, format!("this method takes `&mut self`, assigns no field of `self` itself, and calls `self.{method}(…)`, which may change `self`: a `#[differentiate]` method taking `&mut self` follows only the fields it assigns, so it cannot step the state through another method. Differentiate `{method}` alone and call it (its `{method}_grad`, `{method}_vjp`) in a loop outside, or write its step in this method on the fields; if `{method}` takes `&self`, take `&self` here too")));
        }
        return Err(syn::Error::new_spanned(
            &item.sig.inputs[0],
            "this method takes `&mut self` but assigns no field of `self`: take `&self`",
        ));
    }
    if let syn::ReturnType::Type(_, ty) = &item.sig.output {
        if matches!(**ty, syn::Type::Tuple(_)) {
            return Err(syn::Error::new_spanned(ty, "a `&mut self` method returning a tuple is not supported by `#[differentiate]`: return one float, or nothing, and keep the other results in fields"));
        }
    }
    if let Some(both) = writes.fields.iter().find(|f| writes.elements.contains(f)) {
        return Err(syn::Error::new_spanned(&item.sig.ident, format!("this method assigns both `self.{both}` and its elements: a `#[differentiate]` method taking `&mut self` may do one or the other; assign the elements one by one")));
    }
    let locals: Vec<Ident> = writes.fields.iter().map(local_name).collect();
    let mut pure = item.clone();
    pure.attrs.clear();
    pure.vis = syn::Visibility::Inherited;
    pure.sig.ident = format_ident!("__{}_state", item.sig.ident.to_string().replace("r#", ""));
    pure.sig.inputs[0] = syn::parse_quote!(&self);
    let field_tys = writes.fields.iter().map(|_| float);
    pure.sig.output = match (&item.sig.output, writes.fields.len()) {
        // Elements alone: the hidden method's results are its buffers.
        (syn::ReturnType::Default, 0) => syn::ReturnType::Default,
        (syn::ReturnType::Default, 1) => syn::parse_quote!(-> #float),
        (syn::ReturnType::Default, _) => syn::parse_quote!(-> (#(#field_tys),*)),
        // Elements alone: the result, the buffers beside it.
        (syn::ReturnType::Type(_, ret), 0) => syn::parse_quote!(-> #ret),
        (syn::ReturnType::Type(_, ret), _) => syn::parse_quote!(-> (#ret, #(#field_tys),*)),
    };
    let state = if unit && locals.len() == 1 {
        let l = &locals[0];
        quote!(#l)
    } else {
        quote!(#(#locals),*)
    };
    let buffers: Vec<Ident> = writes.elements.iter().map(local_name).collect();
    for (b, field) in buffers.iter().zip(&writes.elements) {
        match grown.contains(field) {
            true => pure
                .sig
                .inputs
                .push(syn::parse_quote!(#b: &mut ::std::vec::Vec<#float>)),
            false => pure.sig.inputs.push(syn::parse_quote!(#b: &mut [#float])),
        }
    }
    let mut body = item.block.clone();
    let localised: Vec<Ident> = writes
        .fields
        .iter()
        .chain(&writes.elements)
        .chain(&writes.ints)
        .chain(&writes.flags)
        .cloned()
        .collect();
    Localise { fields: &localised }.visit_block_mut(&mut body);
    // With elements alone, the result is returned as it is.
    if !locals.is_empty() {
        Returns {
            state: &state,
            unit,
        }
        .visit_block_mut(&mut body);
    }
    let tail = match body.stmts.last() {
        Some(syn::Stmt::Expr(_, None)) if !unit => body.stmts.pop(),
        _ => None,
    };
    let tail: Option<syn::Expr> = match tail {
        Some(syn::Stmt::Expr(e, None)) if locals.is_empty() => Some(e),
        Some(syn::Stmt::Expr(e, None)) => Some(syn::parse_quote!((#e, #state))),
        // Elements alone: the buffers are the results.
        _ if unit && locals.is_empty() => None,
        _ if unit && locals.len() == 1 => Some(syn::parse_quote!(#state)),
        _ if unit => Some(syn::parse_quote!((#state))),
        // The body ends in a `return`, rewritten above.
        _ => None,
    };
    let fields = &writes.fields;
    let elements = &writes.elements;
    let ints = &writes.ints;
    let int_locals: Vec<Ident> = ints.iter().map(local_name).collect();
    let flags = &writes.flags;
    let flag_locals: Vec<Ident> = flags.iter().map(local_name).collect();
    let stmts = &body.stmts;
    let index = Ident::new("__element", Span::call_site());
    pure.block = Box::new(syn::parse_quote!({
        #(let mut #locals: #float = self.#fields;)*
        #(let mut #int_locals = self.#ints;)*
        #(let mut #flag_locals: bool = self.#flags;)*
        #(for #index in 0..#buffers.len() { #buffers[#index] = self.#elements[#index]; })*
        #(#stmts)*
        #tail
    }));
    Ok(Mutating {
        pure,
        written: writes.fields,
        buffers: writes.elements,
        grown,
        ints: writes.ints,
        flags: writes.flags,
        unit,
        around: None,
    })
}

/// `self.x = [a, b];` as `{ let new = [a, b]; self.x[0] = new[0]; self.x[1] = new[1]; }`:
/// a field given an array literal is assigned by element (every element read first).
fn arrays_by_element(item: &ItemFn) -> ItemFn {
    struct ByElement;
    impl VisitMut for ByElement {
        fn visit_stmt_mut(&mut self, stmt: &mut syn::Stmt) {
            syn::visit_mut::visit_stmt_mut(self, stmt);
            let syn::Stmt::Expr(Expr::Assign(a), Some(_)) = stmt else {
                return;
            };
            let (Some(name), Expr::Array(values)) = (self_field(&a.left), &*a.right) else {
                return;
            };
            let name = name.clone();
            let new = Ident::new("__new_elements", Span::call_site());
            let indices = (0..values.elems.len()).map(syn::Index::from);
            let values = values.clone();
            *stmt = syn::parse_quote!({
                let #new = #values;
                #(self.#name[#indices] = #new[#indices];)*
            });
        }
    }
    let mut copy = item.clone();
    ByElement.visit_block_mut(&mut copy.block);
    copy
}

/// The local holding a written field: `__self_y1`.
pub fn local_name(field: &Ident) -> Ident {
    Ident::new(
        &format!("__self_{}", field.to_string().replace("r#", "")),
        Span::call_site(),
    )
}

/// Whether an unsuffixed integer literal is an operand of `e` (`1` in `self.pos + 1`, `0`),
/// which makes `e` an integer: Rust has no arithmetic of a float and an integer literal.
fn has_integer_operand(e: &Expr) -> bool {
    match e {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => !i.suffix().starts_with('f'),
        Expr::Paren(p) => has_integer_operand(&p.expr),
        Expr::Binary(b) => has_integer_operand(&b.left) || has_integer_operand(&b.right),
        _ => false,
    }
}

/// Whether `value` is evidently an array: a map or a transpose (`(…).mapv(f64::tanh)`,
/// `a.t()`), an array's constructor (`Array1::zeros(n)`), arithmetic with such an operand
/// or a borrowed one (`&a + &b`, which floats seldom are), or a borrow added in place
/// (`self.ai -= &u`). (A `dot` may be a float, of two vectors; a sum is.)
fn evidently_array(value: &Expr) -> bool {
    match value {
        Expr::Paren(p) => evidently_array(&p.expr),
        // `self.ai -= &u;`: arrays are added in place by reference.
        Expr::Reference(_) => true,
        Expr::MethodCall(m) => matches!(
            m.method.to_string().as_str(),
            "mapv" | "mapv_into" | "map" | "t" | "reversed_axes" | "sum_axis" | "mean_axis"
        ),
        Expr::Call(c) => matches!(&*c.func, Expr::Path(p)
            if p.path.segments.len() >= 2
                && p.path.segments[p.path.segments.len() - 2].ident.to_string().starts_with("Array")),
        Expr::Binary(b) => [&b.left, &b.right]
            .iter()
            .any(|side| matches!(&***side, Expr::Reference(_)) || evidently_array(side)),
        _ => false,
    }
}

/// Whether `e` is evidently a `bool`: `true`, `false`, a comparison, `!`, `&&`, `||`.
/// (`!` of an integer is its bitwise complement, which a state's counter does not take.)
fn is_flag(e: &Expr) -> bool {
    use syn::BinOp::*;
    match e {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Bool(_),
            ..
        }) => true,
        Expr::Paren(p) => is_flag(&p.expr),
        Expr::Unary(u) => matches!(u.op, syn::UnOp::Not(_)),
        Expr::Binary(b) => matches!(
            b.op,
            And(_) | Or(_) | Lt(_) | Le(_) | Gt(_) | Ge(_) | Eq(_) | Ne(_)
        ),
        _ => false,
    }
}

/// The fields of `self` read as flags somewhere in `block`: a condition (`if self.warm`,
/// `while self.on`) or an operand of `!`, `&&`, `||` (`if !self.warm`).
fn flag_fields(block: &syn::Block) -> Vec<Ident> {
    #[derive(Default)]
    struct Flags(Vec<Ident>);
    impl Flags {
        fn note(&mut self, e: &Expr) {
            let mut inner = e;
            while let Expr::Paren(p) = inner {
                inner = &p.expr;
            }
            if let Some(name) = self_field(inner) {
                self.0.push(name.clone());
            }
        }
    }
    impl<'ast> Visit<'ast> for Flags {
        fn visit_expr(&mut self, e: &'ast Expr) {
            match e {
                Expr::If(i) => self.note(&i.cond),
                Expr::While(w) => self.note(&w.cond),
                Expr::Unary(u) if matches!(u.op, syn::UnOp::Not(_)) => self.note(&u.expr),
                Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_) | syn::BinOp::Or(_)) => {
                    self.note(&b.left);
                    self.note(&b.right);
                }
                _ => {}
            }
            syn::visit::visit_expr(self, e);
        }
    }
    let mut found = Flags::default();
    found.visit_block(block);
    found.0
}

/// The fields of `self` read as an index somewhere in `block` (`self.buf[self.pos]`).
fn index_fields(block: &syn::Block) -> Vec<Ident> {
    #[derive(Default)]
    struct Indices(Vec<Ident>);
    impl<'ast> Visit<'ast> for Indices {
        fn visit_expr_index(&mut self, i: &'ast syn::ExprIndex) {
            let mut inner = &*i.index;
            while let Expr::Paren(p) = inner {
                inner = &p.expr;
            }
            if let Some(name) = self_field(inner) {
                self.0.push(name.clone());
            }
            syn::visit::visit_expr_index(self, i);
        }
    }
    let mut found = Indices::default();
    found.visit_block(block);
    found.0
}

/// The float fields the body assigns, and the assignments it cannot take.
#[derive(Default)]
struct Writes {
    fields: Vec<Ident>,
    /// The fields whose elements are assigned (`self.z[i] = …`).
    elements: Vec<Ident>,
    /// The fields given a value with an integer literal among its operands (`self.pos += 1`,
    /// `self.pos = (self.pos + 1) % n`): a float cannot be.
    ints: Vec<Ident>,
    /// The fields given a flag: `true`, `false`, a comparison, `!`, `&&`, `||`.
    flags: Vec<Ident>,
    errors: Vec<syn::Error>,
    /// Whether the statement being read may call methods of `self`: no field has been
    /// assigned before it, and it assigns none after such a call.
    calls_allowed: bool,
}

/// Whether `stmt` may assign a field after calling a method of `self`: anything but a
/// `let` or a single assignment whose right side holds the calls (`self.y = self.g(x);`).
fn assigns_after_call(stmt: &syn::Stmt) -> bool {
    #[derive(Default)]
    struct Seen {
        call: bool,
        write: bool,
    }
    impl<'ast> Visit<'ast> for Seen {
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            self.call |= matches!(&*m.receiver, Expr::Path(p) if p.path.is_ident("self"));
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_assign(&mut self, a: &'ast syn::ExprAssign) {
            for (place, _) in destructured(&a.left, &a.right) {
                self.write |= self_field(place).is_some() || inside_self_field(place);
            }
            syn::visit::visit_expr_assign(self, a);
        }
        fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
            use syn::BinOp::*;
            if matches!(
                b.op,
                AddAssign(_) | SubAssign(_) | MulAssign(_) | DivAssign(_) | RemAssign(_)
            ) {
                self.write |= self_field(&b.left).is_some() || inside_self_field(&b.left);
            }
            syn::visit::visit_expr_binary(self, b);
        }
    }
    let single_assignment = match stmt {
        syn::Stmt::Local(_) => true,
        syn::Stmt::Expr(Expr::Assign(a), _) => {
            let mut left = Seen::default();
            left.visit_expr(&a.left);
            !left.call
        }
        _ => false,
    };
    let mut seen = Seen::default();
    seen.visit_stmt(stmt);
    seen.call && seen.write && !single_assignment
}

impl Writes {
    fn place(&mut self, place: &Expr, value: &Expr) {
        if let Some(name) = self_field(place) {
            let option = match value {
                Expr::Call(c) => matches!(&*c.func, Expr::Path(p) if p.path.is_ident("Some")),
                Expr::Path(p) => p.path.is_ident("None"),
                _ => false,
            };
            if option {
                self.errors.push(syn::Error::new_spanned(place, format!("`self.{name}` is given an `Option` here (a value kept for later, say): a `#[differentiate]` method taking `&mut self` follows float fields and elements of fields of floats; keep this assignment in a method of its own that the caller runs beside the differentiated one, or take `&self` and return what is kept")));
                return;
            }
            if evidently_array(value) {
                self.errors.push(syn::Error::new_spanned(place, format!("`self.{name}` is given an array here (`ndarray`'s, or a vector type's): a `#[differentiate]` method taking `&mut self` follows float fields and elements of fields of floats, not arrays assigned whole; take `&self` and return the new value (`fn step(&self, …) -> Array1<f64>`), and assign it to the field outside")));
                return;
            }
            if has_integer_operand(value) && !self.ints.contains(name) {
                self.ints.push(name.clone());
            }
            if is_flag(value) && !self.flags.contains(name) {
                self.flags.push(name.clone());
            }
            if !self.fields.contains(name) {
                self.fields.push(name.clone());
            }
        } else if let Some(name) = element_of_self_field(place) {
            let literal = |e: &Expr| match e {
                Expr::Lit(l) => matches!(l.lit, syn::Lit::Int(_)),
                Expr::Tuple(_) => true,
                _ => false,
            };
            if literal(value) {
                self.errors.push(syn::Error::new_spanned(place, format!("an element of `self.{name}` is given an integer or a tuple: a `#[differentiate]` method taking `&mut self` assigns elements of fields of floats only (a `Vec` or an array of them)")));
            } else if !self.elements.contains(name) {
                self.elements.push(name.clone());
            }
        } else if inside_self_field(place) {
            self.errors.push(syn::Error::new_spanned(place, "a `#[differentiate]` method taking `&mut self` assigns float fields (`self.y1 = y;`) and elements of fields of floats (`self.z[0] = y;`): assigning a nested field of `self`, or a part of an element, is not supported; keep such state in float fields, or take `&self` and return the new values"));
        }
    }
}

impl Writes {
    /// The statements in order, each allowed to call methods of `self` while no field has
    /// been assigned before it (nor in it after the call). An `if`'s condition runs before
    /// its branches (`if self.is_on() { self.km += d; }`), and each branch is read so.
    fn statements(&mut self, stmts: &[syn::Stmt]) {
        for stmt in stmts {
            match stmt {
                syn::Stmt::Expr(Expr::If(i), _) => self.branching(i),
                _ => {
                    self.calls_allowed = self.fields.is_empty() && !assigns_after_call(stmt);
                    self.visit_stmt(stmt);
                }
            }
        }
    }

    fn branching(&mut self, i: &syn::ExprIf) {
        self.calls_allowed = self.fields.is_empty();
        self.visit_expr(&i.cond);
        self.statements(&i.then_branch.stmts);
        match i.else_branch.as_ref().map(|(_, e)| &**e) {
            Some(Expr::If(inner)) => self.branching(inner),
            Some(Expr::Block(b)) => self.statements(&b.block.stmts),
            Some(other) => {
                self.calls_allowed = self.fields.is_empty();
                self.visit_expr(other);
            }
            None => {}
        }
    }

    /// `self.w.iter_mut()` or `&mut self.w`: the field's elements are written through
    /// the references they give.
    fn element_borrow(&mut self, e: &Expr) {
        if let Some(name) = self_field(e) {
            if !self.elements.contains(name) {
                self.elements.push(name.clone());
            }
        }
    }
}

impl<'ast> Visit<'ast> for Writes {
    fn visit_expr_reference(&mut self, r: &'ast syn::ExprReference) {
        if r.mutability.is_some() {
            self.element_borrow(&r.expr);
        }
        syn::visit::visit_expr_reference(self, r);
    }

    // The hidden method's `self` keeps the fields as they were before the call: a method
    // of `self` would read them so, not as the body has assigned them.
    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        if m.method == "iter_mut" && m.args.is_empty() {
            self.element_borrow(&m.receiver);
        }
        if !self.calls_allowed && matches!(&*m.receiver, Expr::Path(p) if p.path.is_ident("self")) {
            self.errors.push(syn::Error::new_spanned(m, "a `#[differentiate]` method taking `&mut self` can call a method of `self` only before it assigns a field (the method would see the fields as they were before this call's assignments): call it first and keep its value, read the fields directly, or pass their values to the method"));
        }
        syn::visit::visit_expr_method_call(self, m);
    }

    fn visit_expr_assign(&mut self, a: &'ast syn::ExprAssign) {
        // `(self.a, self.b) = (self.b * k, self.a)`: each place of a destructuring
        // assignment, with its part of the value where the value is written as parts.
        for (place, value) in destructured(&a.left, &a.right) {
            self.place(place, value);
        }
        syn::visit::visit_expr_assign(self, a);
    }

    fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
        use syn::BinOp::*;
        if matches!(
            b.op,
            AddAssign(_) | SubAssign(_) | MulAssign(_) | DivAssign(_) | RemAssign(_)
        ) {
            self.place(&b.left, &b.right);
        }
        syn::visit::visit_expr_binary(self, b);
    }
}

/// `self.f` of a written field becomes its local, wherever it is read or assigned.
struct Localise<'a> {
    fields: &'a [Ident],
}

impl VisitMut for Localise<'_> {
    fn visit_expr_for_loop_mut(&mut self, f: &mut syn::ExprForLoop) {
        // `for w in &mut self.w`: the buffer lent for the field is a `&mut [F]` already.
        if let Expr::Reference(r) = &*f.expr {
            if let Some(name) = self_field(&r.expr).filter(|n| self.fields.contains(n)) {
                if r.mutability.is_some() {
                    let local = local_name(name);
                    *f.expr = syn::parse_quote!(#local.iter_mut());
                }
            }
        }
        syn::visit_mut::visit_expr_for_loop_mut(self, f);
    }

    fn visit_expr_mut(&mut self, e: &mut Expr) {
        if let Some(name) = self_field(e) {
            if self.fields.contains(name) {
                let local = local_name(name);
                *e = syn::parse_quote!(#local);
                return;
            }
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}

/// `return e` becomes `return (e, fields…)` (closures keep their own `return`s).
struct Returns<'a> {
    state: &'a proc_macro2::TokenStream,
    unit: bool,
}

impl VisitMut for Returns<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        if let Expr::Closure(_) = e {
            return;
        }
        if let Expr::Return(r) = e {
            let state = self.state;
            r.expr = Some(match (&r.expr, self.unit) {
                (Some(value), false) => syn::parse_quote!((#value, #state)),
                _ => syn::parse_quote!((#state)),
            });
            return;
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}

/// The places an assignment writes, each with its value: `(a, b) = (x, y)` gives `(a, x)`
/// and `(b, y)`, `(a, b) = f()` gives `(a, f())` and `(b, f())` (the whole value), nested
/// tuples and arrays alike; a plain assignment gives itself.
fn destructured<'e>(left: &'e Expr, right: &'e Expr) -> Vec<(&'e Expr, &'e Expr)> {
    let parts = |e: &'e Expr| match e {
        Expr::Tuple(t) => Some(t.elems.iter().collect::<Vec<_>>()),
        Expr::Array(a) => Some(a.elems.iter().collect()),
        Expr::Paren(p) => Some(vec![&*p.expr]),
        _ => None,
    };
    match parts(left) {
        None => vec![(left, right)],
        Some(places) => {
            let values = parts(right).filter(|v| v.len() == places.len());
            places
                .iter()
                .enumerate()
                .flat_map(|(k, place)| {
                    let value = values.as_ref().map_or(right, |v| v[k]);
                    destructured(place, value)
                })
                .collect()
        }
    }
}
