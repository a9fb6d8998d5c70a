//! Activity analysis: a variable is active when its value depends, through differentiable
//! operations, on an active parameter ("varied", computed forward to a fixpoint because
//! loops carry values around).
//!
//! Values that are not active get no tangent and no cotangent: they are plain primal code
//! in every generated function. Integers, booleans and the results of `stop_gradient`,
//! comparisons and piecewise-constant functions are never active.

use crate::ir::*;
use crate::rules::Partial;
use quote::ToTokens;

/// The result: one flag per variable.
pub struct Activity {
    pub active: Vec<bool>,
    /// Per variable, whether its value may reach a result differentiably
    /// (`super::useful`): the reverse sweep skips the adjoint of a definition that cannot.
    pub useful: Vec<bool>,
    /// Per variable, whether a run may read it nowhere though it is useful
    /// (`super::useful::conditionally_read`): the adjoint of its definition then runs only
    /// for a cotangent that is not zero.
    pub conditional: Vec<bool>,
    /// Per variable, the elements of a tuple that carry no derivative (`Kind::Tuple`'s
    /// `inactive`; 0 for other variables).
    tuple_inactive: Vec<u8>,
}

impl Activity {
    pub fn is_active(&self, v: VarId) -> bool {
        self.active[v]
    }

    /// Whether an expression's value depends differentiably on an active variable.
    pub fn varied(&self, e: &Expr) -> bool {
        use ExprKind::*;
        match &e.kind {
            Var(v) => self.active[*v],
            Float(_) | Int(_) | Bool(_) | Const(_) | Closed(_) | Not(_) | Cmp(..) | Logic(..) => {
                false
            }
            Opaque(_) | StopGradient(_) | EmptyVec(_) | Primal(_) => false,
            Field(base, syn::Member::Unnamed(i)) if self.inactive_element(base, i.index) => false,
            Index(base, _) | Field(base, _) => self.varied(base),
            // A float made an integer (`n as usize`) is piecewise constant: no derivative.
            Cast(_, ty) if crate::types::is_integer_type(ty) => false,
            Neg(a) | Ref(a) | Copy(a) | Cast(a, _) => self.varied(a),
            Arith(_, a, b) => self.varied(a) || self.varied(b),
            Elementary(rule, args) => {
                rule.partial != Partial::Zero
                    && args
                        .iter()
                        .enumerate()
                        .any(|(i, a)| rule.float_arg(i) && self.varied(a))
            }
            Repeat { elem, .. } => self.varied(elem),
            List { elems: xs, .. } | Tuple(xs) => xs.iter().any(|x| self.varied(x)),
            StructLit(_, fields) => fields.iter().any(|(_, x)| self.varied(x)),
        }
    }

    /// `t.i` of a tuple `t` whose element `i` is an integer.
    fn inactive_element(&self, base: &Expr, i: u32) -> bool {
        matches!(base.kind, ExprKind::Var(v) if i < 8 && self.tuple_inactive[v] >> i & 1 == 1)
    }

    /// Whether a statement (or anything nested in it) does differentiable work.
    pub fn stmt_active(&self, s: &Stmt) -> bool {
        s.any(&|s| self.writes_active(s))
    }

    /// Whether a simple statement writes an active variable (control statements write
    /// nothing themselves).
    fn writes_active(&self, s: &Stmt) -> bool {
        match &s.kind {
            StmtKind::Let { var, .. } | StmtKind::Call { out: var, .. } => self.active[*var],
            StmtKind::Assign { place, .. } => self.active[place.var()],
            StmtKind::Push { vec, .. } => self.active[*vec],
            _ => false,
        }
    }
}

/// Runs the analysis; errors where a derivative would be silently lost.
pub fn analyze(func: &Func) -> Result<Activity, Vec<syn::Error>> {
    let tuple_inactive = func
        .vars
        .iter()
        .map(|v| match v.kind {
            Kind::Tuple { inactive, .. } => inactive,
            _ => 0,
        })
        .collect();
    let mut act = Activity {
        active: vec![false; func.vars.len()],
        useful: super::useful::analyze(func),
        conditional: super::useful::conditionally_read(func),
        tuple_inactive,
    };
    for p in &func.params {
        act.active[p.var] = p.active;
    }
    // A field of an active struct carries a derivative.
    for f in &func.fields {
        act.active[f.var] = act.active[f.base] && func.vars[f.var].kind.is_float();
    }
    loop {
        let mut changed = false;
        visit_block(&func.body, &mut act, func, &mut changed);
        if !changed {
            break;
        }
    }
    let mut errors = vec![];
    check_block(&func.body, &act, func, &mut errors);
    if errors.is_empty() {
        Ok(act)
    } else {
        Err(errors)
    }
}

fn mark(act: &mut Activity, func: &Func, v: VarId, varied: bool, changed: &mut bool) {
    if varied && !act.active[v] && func.vars[v].kind.is_float() {
        act.active[v] = true;
        *changed = true;
    }
}

fn visit_block(b: &Block, act: &mut Activity, func: &Func, changed: &mut bool) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Let { var, init: Some(e) } => {
                let varied = act.varied(e);
                mark(act, func, *var, varied, changed);
            }
            StmtKind::Let { init: None, .. } => {}
            StmtKind::Assign { place, value, .. } => {
                let varied = act.varied(value);
                mark(act, func, place.var(), varied, changed);
            }
            StmtKind::Call { out, args, .. } => {
                let varied = args.iter().any(|a| act.varied(a));
                mark(act, func, *out, varied, changed);
            }
            StmtKind::Push { vec, value } => {
                let varied = act.varied(value);
                mark(act, func, *vec, varied, changed);
            }
            StmtKind::If { then, els, .. } => {
                visit_block(then, act, func, changed);
                visit_block(els, act, func, changed);
            }
            StmtKind::For { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::Block { body, .. } => visit_block(body, act, func, changed),
            StmtKind::Match { arms, .. } => arms
                .iter()
                .for_each(|(_, b)| visit_block(b, act, func, changed)),
        }
    }
}

/// The methods of a float that test it and give a `bool`.
const FLOAT_TESTS: &[&str] = &[
    "is_nan",
    "is_finite",
    "is_infinite",
    "is_normal",
    "is_subnormal",
    "is_sign_positive",
    "is_sign_negative",
];

/// The methods of an `Option` that give its value or a default.
const OPTION_DEFAULTS: &[&str] = &[
    "unwrap_or",
    "unwrap_or_else",
    "unwrap_or_default",
    "map_or",
    "map_or_else",
];

/// A varied value passed to a function with no derivative rule would be a silent zero.
fn check_opaque(e: &Expr, act: &Activity, func: &Func, errors: &mut Vec<syn::Error>) {
    // A macro reads primal values only (`assert!(x.is_finite())`): nothing to lose.
    if matches!(e.kind, ExprKind::Opaque(OpaqueCall::Macro(..))) {
        return;
    }
    e.visit(&mut |x| {
        let (name, args): (String, Vec<&Expr>) = match &x.kind {
            ExprKind::Opaque(OpaqueCall::Function(p, args)) => (quote::quote!(#p).to_string().replace(' ', ""), args.iter().collect()),
            // `x.len()`, `a.nrows()`, `a.dim()` read no value of `x`; `x.is_nan()` and the
            // other tests of a float give a `bool`, which has no derivative to lose.
            ExprKind::Opaque(OpaqueCall::Method(_, m, _, args)) if (args.is_empty() && crate::ir::SHAPE_METHODS.contains(&m.to_string().as_str())) || FLOAT_TESTS.contains(&m.to_string().as_str()) => (m.to_string(), args.iter().collect()),
            ExprKind::Opaque(OpaqueCall::Method(recv, m, _, args)) => (m.to_string(), std::iter::once(&**recv).chain(args).collect()),
            ExprKind::Opaque(OpaqueCall::Macro(..)) => return,
            _ => return,
        };
        if !args.iter().any(|a| act.varied(a)) {
            return;
        }
        if let ExprKind::Opaque(OpaqueCall::Method(recv, ..)) = &x.kind {
            if let Some(ty) = trait_receiver(func, recv) {
                errors.push(syn::Error::new(
                    x.span,
                    format!("`{name}` is called on a `{ty}` (a trait object or a type parameter), whose implementation the macro cannot see, with a value that carries a derivative: take the implementing type itself (`&MyType`, with `#[differentiate]` on its `impl` block so that its methods have derivatives), or pass the value `{name}` computes as a parameter"),
                ));
                return;
            }
        }
        let function_param = matches!(x.kind, ExprKind::Opaque(OpaqueCall::Function(..)))
            && func.params.iter().any(|p| {
                func.vars[p.var].kind == crate::types::Kind::Other && func.vars[p.var].name == name
            });
        if function_param {
            errors.push(syn::Error::new(
                x.span,
                format!("`{name}` is a function value, called here with a value that carries a derivative, on arguments that are not one to four floats: the derived items take a function of floats returning a float with its derivatives (`g::with_derivatives()`, see `autodiff::function_value`), not one of sequences or structs; call a `#[differentiate]` function by name, or wrap the argument in `autodiff::stop_gradient(…)` if it is meant as a constant"),
            ));
            return;
        }
        if OPTION_DEFAULTS.contains(&name.as_str()) {
            errors.push(syn::Error::new(
                x.span,
                format!("`{name}` of an `Option` whose value carries a derivative is not supported: the macro follows an `Option` through `?`, `.unwrap()` and `.expect(…)`; write `let v = f(x)?;` in a function that returns an `Option`, or test first and unwrap (`if x.is_empty() {{ 0.0 }} else {{ f(x).unwrap() }}`)"),
            ));
            return;
        }
        // An `Option` kept in a variable and tested later (`let r = x.get(1).copied(); if
        // r.is_some() { r.unwrap() … }`): the macro follows an `Option` where it stands.
        if matches!(name.as_str(), "is_some" | "is_none" | "is_ok" | "is_err" | "get") {
            let what = if name == "get" {
                "`get` of a sequence whose elements carry a derivative, kept in a variable or passed on,".to_string()
            } else {
                format!("`{name}` of an `Option` or `Result` kept in a variable, whose value carries a derivative,")
            };
            errors.push(syn::Error::new(
                x.span,
                format!("{what} is not supported: the macro follows an `Option` where it is made; match on it there (`match x.get(i) {{ Some(&v) => …, None => … }}`, `if let Some(v) = f(x) {{ … }}`), index after a length check (`if i < x.len() {{ x[i] }} else {{ … }}`), or compute the value without an `Option`"),
            ));
            return;
        }
        // `d.length()` where `d` is a call's result or a field the macro took for a float
        // (it cannot see types): a struct's method, on a value whose type was not shown.
        let untyped_receiver = match &x.kind {
            ExprKind::Opaque(OpaqueCall::Method(recv, ..)) => match recv.kind {
                // (A user's `let`, not a temporary of the macro's, `call`.)
                ExprKind::Var(v)
                    if func.vars[v].kind == crate::types::Kind::Float
                        && func.vars[v].ty.is_none()
                        && func.vars[v].scope.is_some()
                        && !func.vars[v].stem.to_string().starts_with("call")
                        && !func.vars[v].stem.to_string().starts_with("__") =>
                {
                    Some(func.vars[v].stem.to_string())
                }
                _ => None,
            },
            _ => None,
        };
        // `v.split_at(k)`, `v.pop()`, `a.fill(0.0)` on a sequence or an array whose entries
        // carry derivatives: a method of the container, not of a float.
        let container = match &x.kind {
            ExprKind::Opaque(OpaqueCall::Method(recv, ..)) => match recv.kind {
                ExprKind::Var(v) => matches!(
                    func.vars[v].kind,
                    crate::types::Kind::FloatSeq | crate::types::Kind::Array
                ),
                _ => false,
            },
            _ => false,
        };
        if container {
            errors.push(syn::Error::new(
                x.span,
                format!("the method `{name}` of a sequence or an array whose entries carry derivatives is not supported in a `#[differentiate]` function: write what it does by index (`v[i] = …`, a loop over the entries, `v.push(…)`); `push`, `swap`, `reverse`, `extend`, `extend_from_slice`, `copy_from_slice`, `clear`, `truncate` and `to_vec` are supported"),
            ));
            return;
        }
        // `x.to_bits()`: the bits of a float seeding a guess that later steps refine (a
        // fast inverse square root). As an integer it has no derivative, so the refinement
        // alone would be differentiated, which central differences, seeing the guess's
        // steps, do not confirm: the user chooses.
        if matches!(name.as_str(), "to_bits" | "to_le_bytes" | "to_be_bytes" | "to_ne_bytes") {
            errors.push(syn::Error::new(
                x.span,
                format!("`{name}` reads the bits of a value that carries a derivative: as an integer it has none, and a float made from it (`f32::from_bits(MAGIC - (x.to_bits() >> 1))`, a guess for later steps to refine) changes in steps that the derivative of the steps after it does not see, so central differences disagree with it by the guess's error. If that derivative is what you want (the refinement's, with the guess held fixed), say so: `autodiff::stop_gradient(x).{name}()`; for the function's own derivative, compute it with float methods the macro knows (`x.sqrt()`)"),
            ));
            return;
        }
        // `T::to_f64(&a).unwrap()`, `a.to_f32()`, `T::from(v)`: a conversion out of (or
        // into) the float type the derivatives are computed in.
        let last = name.rsplit("::").next().unwrap_or(&name);
        if matches!(last, "to_f64" | "to_f32" | "from_f64" | "from_f32" | "from") {
            errors.push(syn::Error::new(
                x.span,
                format!("`{name}` converts a value that carries a derivative between the function's float type and another (`T::to_f64(&a)`, then `T::from(…)` back, as generic numeric code computes in `f64`), but the derivatives are computed in one float type: compute in the function's own (bound it by `num_traits::Float` and write constants as `T::from(2.0).unwrap()` or `T::one() + T::one()`), or take `f64` parameters"),
            ));
            return;
        }
        let hint = match untyped_receiver {
            Some(r) => format!(" If `{r}` holds a struct whose methods are differentiated (a call's result or a field the macro, which cannot see types, took for a float), say so with its type: `let {r}: Vec3 = …;`."),
            None => String::new(),
        };
        {
            errors.push(syn::Error::new(
                x.span,
                format!("`{name}` is called with a value that carries a derivative, but `{name}` has no derivative rule: use a float method the macro knows ({}), put `#[differentiate]` on the function (or write `{name}_jvp`/`{name}_vjp` and mark it `#[differentiate(custom)]`), or wrap the argument in `autodiff::stop_gradient(…)` if it is meant as a constant.{hint}", known_methods()),
            ));
        }
    });
}

/// The written type of a parameter that `recv` is, when it is a trait object or a type
/// parameter other than the float type (`f: &dyn Rhs`, `d: &D`, `g: impl Model`): a method
/// called on it dispatches to implementations the macro cannot see.
fn trait_receiver(func: &Func, recv: &Expr) -> Option<String> {
    let ExprKind::Var(v) = recv.kind else {
        return None;
    };
    let p = func.params.iter().find(|p| p.var == v)?;
    let mut ty = &p.ty;
    while let syn::Type::Reference(r) = ty {
        ty = &r.elem;
    }
    let boxed = |t: &syn::Type| match t {
        syn::Type::Path(tp) => tp.path.segments.last().and_then(|s| match &s.arguments {
            syn::PathArguments::AngleBracketed(a) if s.ident == "Box" => match a.args.first() {
                Some(syn::GenericArgument::Type(inner @ syn::Type::TraitObject(_))) => {
                    Some(inner.clone())
                }
                _ => None,
            },
            _ => None,
        }),
        _ => None,
    };
    let float = func.float.to_token_stream().to_string();
    let dispatches = match ty {
        syn::Type::TraitObject(_) | syn::Type::ImplTrait(_) => true,
        syn::Type::Path(tp) => {
            boxed(ty).is_some()
                || tp.path.get_ident().is_some_and(|i| {
                    let i = i.to_string();
                    i != float && func.type_params.contains(&i)
                })
        }
        _ => false,
    };
    dispatches.then(|| p.ty.to_token_stream().to_string().replace("& ", "&"))
}

/// Derivatives are carried in the function's float type: a varied value converted to the
/// other one (`x as f32` in an `f64` function) would need tangents and adjoints of both.
/// Rounding through it and back, `(x as f32) as f64`, stays in one type and is allowed
/// (its derivative is one, as of any rounding).
fn check_float_casts(e: &Expr, act: &Activity, func: &Func, errors: &mut Vec<syn::Error>) {
    let float = func.float.to_token_stream().to_string();
    let other_float = |t: &syn::Type| {
        let t = t.to_token_stream().to_string();
        (t == "f32" || t == "f64") && t != float
    };
    let mut round_trips: Vec<*const Expr> = vec![];
    e.visit(&mut |x| {
        if let ExprKind::Cast(inner, t) = &x.kind {
            if t.to_token_stream().to_string() == float {
                round_trips.push(&**inner as *const Expr);
            }
        }
    });
    e.visit(&mut |x| {
        let ExprKind::Cast(inner, t) = &x.kind else { return };
        if other_float(t) && act.varied(inner) && !round_trips.contains(&(x as *const Expr)) {
            let t = t.to_token_stream();
            errors.push(syn::Error::new(
                x.span,
                format!("this converts a value that carries a derivative to `{t}`, but the function computes its derivatives in `{float}`: round through `{t}` and back in one expression (`(x as {t}) as {float}`), or keep the value in `{float}`"),
            ));
        }
    });
}

fn stmt_exprs(s: &Stmt) -> Vec<&Expr> {
    match &s.kind {
        StmtKind::Let { init: Some(e), .. } | StmtKind::Push { value: e, .. } => vec![e],
        StmtKind::Assign { place, value, .. } => match place {
            Place::Index(_, i) => vec![i, value],
            Place::Var(_) => vec![value],
        },
        StmtKind::Call { args, .. } => args.iter().collect(),
        StmtKind::While { cond, .. } => vec![cond],
        StmtKind::Match { scrutinee, .. } => vec![scrutinee],
        _ => vec![],
    }
}

/// Whether `v` is a bound of a `for` loop's range (its start, end or step).
fn range_bound(func: &Func, v: VarId) -> bool {
    func.vars[v].kind == Kind::Int
        && func.body.any(&|s| {
            matches!(&s.kind, StmtKind::For { range, .. }
                if range.start == v || range.end == v || range.step == Some(v))
        })
}

/// A varied value stored where no derivative can follow it would be a silent zero.
fn check_block(b: &Block, act: &Activity, func: &Func, errors: &mut Vec<syn::Error>) {
    for s in &b.stmts {
        for e in stmt_exprs(s) {
            check_opaque(e, act, func, errors);
            check_float_casts(e, act, func, errors);
        }
        let target = match &s.kind {
            StmtKind::Let { var, init: Some(e) } => Some((*var, act.varied(e))),
            StmtKind::Assign { place, value, .. } => Some((place.var(), act.varied(value))),
            StmtKind::Push { vec, value } => Some((*vec, act.varied(value))),
            _ => None,
        };
        if let Some((v, true)) = target {
            // A loop's bound is an integer whatever it is computed from (`0..s.count()`, a
            // method of a struct with a derivative): no derivative to lose.
            if range_bound(func, v) {
                continue;
            }
            if !func.vars[v].kind.is_float() && func.ret.contains(&v) {
                // A trajectory of tuples (`Vec<(f64, f64)>`): the two forms that carry it.
                let tuples = crate::types::element(&func.ret_ty)
                    .is_some_and(|(e, _)| matches!(e, syn::Type::Tuple(_)));
                let instead = match tuples {
                    true => ": a `Vec` of tuples as the result is not differentiated yet; return a tuple of `Vec`s, one per element (`(Vec<f64>, Vec<f64>)`), or one flat `Vec<f64>` (the elements of each tuple pushed in turn)",
                    false => "",
                };
                errors.push(syn::Error::new(
                    s.span,
                    format!("this is the function's result, which carries a derivative, in a form the macro cannot differentiate: it differentiates results that are floats, `Vec`s and arrays of them, `ndarray` arrays, `#[derive(Differentiable)]` structs, tuples of those, and matrices built as `vec![vec![0.0; cols]; rows]` and written entry by entry (`m[i][j] = …`){instead}"),
                ));
            } else if !func.vars[v].kind.is_float() {
                errors.push(syn::Error::new(
                    s.span,
                    format!("`{}` would hold a value that carries a derivative, but it is not a float or a float sequence: keep the float in its own variable, or wrap the value in `autodiff::stop_gradient(…)` if its derivative is meant to be dropped", func.vars[v].name),
                ));
            }
        }
        match &s.kind {
            StmtKind::If { then, els, .. } => {
                check_block(then, act, func, errors);
                check_block(els, act, func, errors);
            }
            StmtKind::For { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::Block { body, .. } => check_block(body, act, func, errors),
            StmtKind::Match { arms, .. } => arms
                .iter()
                .for_each(|(_, b)| check_block(b, act, func, errors)),
            _ => {}
        }
    }
}

fn known_methods() -> String {
    crate::rules::RULES
        .iter()
        .map(|r| r.name)
        .collect::<Vec<_>>()
        .join(", ")
}
