//! The coarse kind (float, sequence, integer, …) of each expression's value, and the kind
//! and type of the value assigned to a variable.

use super::*;

impl Lowerer {
    /// The coarse kind of an expression's value.
    pub fn kind_of(&self, e: &Expr) -> Kind {
        kind_of(e, &self.vars, &self.float)
    }

    /// Whether a call's result is a struct where nothing else tells: a method of a struct
    /// value (`r.cross(&w)`, `(a - b).normalize()`) or a struct's constructor
    /// (`Vector3::new(x, y, z)`).
    pub(super) fn makes_a_struct(&self, call: &super::calls::CallParts) -> bool {
        self.call_makes_a_struct(call.method, &call.callee, &call.args)
    }

    /// [`Self::makes_a_struct`] of a call's parts.
    pub(super) fn call_makes_a_struct(
        &self,
        method: bool,
        callee: &syn::Path,
        args: &[Expr],
    ) -> bool {
        if method {
            args.first()
                .is_some_and(|r| self.kind_of(r) == Kind::Struct)
        } else {
            struct_constructor(callee, &self.float)
        }
    }
}

/// The coarse kind of an expression's value, given the variables' kinds.
pub fn kind_of(e: &Expr, vars: &[Var], float: &Type) -> Kind {
    let k = |e: &Expr| kind_of(e, vars, float);
    match &e.kind {
        ExprKind::Float(_) | ExprKind::Elementary(..) => Kind::Float,
        ExprKind::Int(_) => Kind::Int,
        ExprKind::Bool(_) | ExprKind::Cmp(..) | ExprKind::Logic(..) | ExprKind::Not(_) => {
            Kind::Bool
        }
        ExprKind::Var(v) => vars[*v].kind,
        ExprKind::Const(p) => {
            // `f64::MAX`, `std::f64::consts::PI`, `T::…`: a float constant.
            let float_name = quote::quote!(#float).to_string();
            let names_float = p
                .segments
                .iter()
                .any(|s| s.ident == "f64" || s.ident == "f32" || s.ident == float_name);
            if names_float && p.segments.len() > 1 {
                Kind::Float
            } else {
                Kind::Other
            }
        }
        ExprKind::Index(base, index) => match k(base) {
            Kind::FloatSeq | Kind::Array => Kind::Float,
            Kind::StructSeq => Kind::Struct,
            Kind::ArraySeq => Kind::Array,
            // `v[1]` of a vector type's value (`Vector3<f64>`, whose entries its cotangent
            // holds as it does): an entry.
            Kind::Struct if k(index) == Kind::Int => Kind::Float,
            Kind::IntSeq => Kind::Int,
            _ => Kind::Other,
        },
        ExprKind::Neg(a) | ExprKind::StopGradient(a) | ExprKind::Ref(a) | ExprKind::Copy(a) => k(a),
        ExprKind::Arith(_, a, b) => match (k(a), k(b)) {
            (Kind::Float, _) | (_, Kind::Float) => Kind::Float,
            (Kind::Int, _) | (_, Kind::Int) => Kind::Int,
            _ => Kind::Other,
        },
        // `as` converts between primitives only: a target read as a struct is an alias the
        // macro cannot see (`1 as DType`, `type DType = f32;` elsewhere), a float where the
        // value cast is one or the name says so, and an integer otherwise (`n as Idx`).
        ExprKind::Cast(a, ty) => match crate::types::kind_of_type(ty, float) {
            Kind::Struct if k(a) == Kind::Float || float_alias(ty) => Kind::Float,
            Kind::Struct => Kind::Int,
            kind => kind,
        },
        // `Array2::zeros((n, m))`, `Array1::from_elem(n, 0.0)`: an array to fill.
        ExprKind::Opaque(OpaqueCall::Function(p, _)) if array_constructor(p) => Kind::Array,
        // The value of an exit without one (`fallible`, `placeholder`).
        ExprKind::Opaque(OpaqueCall::Function(p, _))
            if p.segments.last().is_some_and(|s| s.ident == "empty_array") =>
        {
            Kind::Array
        }
        // `Vector3::zeros()`, `Vec3::new(0.0, 1.0, 0.0)`: a value of that type.
        ExprKind::Opaque(OpaqueCall::Function(p, _)) if struct_constructor(p, float) => {
            Kind::Struct
        }
        ExprKind::Opaque(OpaqueCall::Method(_, name, _, args))
            if args.is_empty()
                && matches!(
                    name.to_string().as_str(),
                    "len" | "nrows" | "ncols" | "ndim"
                ) =>
        {
            Kind::Int
        }
        // `a.shape()`: the lengths, integers.
        ExprKind::Opaque(OpaqueCall::Method(_, name, _, args))
            if args.is_empty() && name == "shape" =>
        {
            Kind::IntSeq
        }
        // `T::zero()`, `f64::from(n)`, `T::from(0.0).unwrap()`: constants of the float type.
        ExprKind::Opaque(OpaqueCall::Function(p, _)) if float_constructor(p, float) => Kind::Float,
        ExprKind::Opaque(OpaqueCall::Method(recv, name, _, _))
            if (name == "unwrap" || name == "expect")
                && matches!(&recv.kind, ExprKind::Opaque(OpaqueCall::Function(p, _)) if float_constructor(p, float)) =>
        {
            Kind::Float
        }
        ExprKind::Field(base, syn::Member::Unnamed(i)) => match k(base) {
            Kind::Tuple { inactive, .. } if i.index < 8 && inactive >> i.index & 1 == 1 => {
                Kind::Int
            }
            Kind::Tuple { seqs, .. } if i.index < 8 && seqs >> i.index & 1 == 1 => Kind::FloatSeq,
            Kind::Tuple { .. } => Kind::Float,
            _ => Kind::Other,
        },
        // A named field of a struct value: a float (a wrong guess is a type error in the
        // generated code, not a wrong derivative).
        ExprKind::Field(..) if crate::ir::struct_field_chain(e, vars).is_some() => Kind::Float,
        ExprKind::StructLit(..) => Kind::Struct,
        ExprKind::Primal(p) => p.kind,
        ExprKind::Opaque(_) | ExprKind::Tuple(_) | ExprKind::Field(..) | ExprKind::Closed(_) => {
            Kind::Other
        }
        ExprKind::Repeat { elem, .. } => seq_of(k(elem)),
        ExprKind::List { elems, .. } => seq_of(elems.first().map_or(Kind::Float, k)),
        ExprKind::EmptyVec(_) => Kind::FloatSeq,
    }
}

fn seq_of(k: Kind) -> Kind {
    match k {
        Kind::Int => Kind::IntSeq,
        Kind::Float | Kind::Other => Kind::FloatSeq,
        _ => Kind::Other,
    }
}

/// The first value assigned to `v` in these statements (at any depth): an expression, or
/// a call's result (`None` inside).
fn first_assigned(v: VarId, stmts: &[Stmt]) -> Option<Option<&Expr>> {
    for s in stmts {
        match &s.kind {
            // (Not the default a value that may be left unassigned starts from.)
            StmtKind::Assign {
                place: Place::Var(t),
                value,
                compound: None,
            } if *t == v && !is_placeholder(value) => return Some(Some(value)),
            StmtKind::Call { out, .. } if *out == v => return Some(None),
            _ => {}
        }
        for b in s.blocks() {
            if let Some(first) = first_assigned(v, &b.stmts) {
                return Some(first);
            }
        }
    }
    None
}

/// The kind of the first value assigned to `v` in these statements (at any depth).
pub(super) fn assigned_kind(v: VarId, stmts: &[Stmt], vars: &[Var], float: &Type) -> Option<Kind> {
    first_assigned(v, stmts).map(|first| match first {
        Some(value) => kind_of(value, vars, float),
        None => vars[v].kind,
    })
}

/// Whether the first value `stmts` assign to `v` is a variable holding a struct (a call's
/// result, not a tuple built in place).
pub(super) fn assigned_a_struct_variable(v: VarId, stmts: &[Stmt], vars: &[Var]) -> bool {
    matches!(first_assigned(v, stmts), Some(Some(Expr { kind: ExprKind::Var(w), .. })) if vars[*w].kind == Kind::Struct)
}

/// The type known for a value assigned to `v` in `stmts` (or in blocks nested in them).
pub(super) fn assigned_type(stmts: &[Stmt], v: VarId, vars: &[Var]) -> Option<Type> {
    stmts.iter().find_map(|s| match &s.kind {
        StmtKind::Assign {
            place: Place::Var(to),
            value:
                Expr {
                    kind: ExprKind::Var(from),
                    ..
                },
            compound: None,
        } if *to == v => vars[*from].ty.clone(),
        _ => s
            .blocks()
            .into_iter()
            .find_map(|b| assigned_type(&b.stmts, v, vars)),
    })
}

/// `F::zero()`, `F::one()`, `F::from(…)`, `F::epsilon()`…: an associated function of the
/// float type `F` that makes a value of it (`from` yields an `Option` for generic `T`,
/// unwrapped by the caller).
/// `Array2::zeros`, `Array1::<f64>::ones`, `Array::from_elem`, any path to them.
pub(super) fn array_constructor(p: &syn::Path) -> bool {
    let n = p.segments.len();
    n >= 2
        && p.segments[n - 2].ident.to_string().starts_with("Array")
        && matches!(
            p.segments[n - 1].ident.to_string().as_str(),
            "zeros" | "ones" | "from_elem"
        )
}

/// `Vec3::new(…)`, `Point::from((x, y))`, `Vector3::zeros()`, `Matrix3::identity()`, `Point3::origin()`, `Self::new(…)`,
/// `UnitQuaternion::from_axis_angle(…)`, `Rotation3::from_euler_angles(…)`, any path to
/// them: a constructor of a type other than the float type, the standard library's
/// containers or a type parameter (one upper-case letter), whose value is a struct (a user's
/// vector type, nalgebra's matrices).
pub(super) fn struct_constructor(p: &syn::Path, float: &Type) -> bool {
    let n = p.segments.len();
    if n < 2 || float_constructor(p, float) || array_constructor(p) {
        return false;
    }
    let ty = p.segments[n - 2].ident.to_string();
    let f = p.segments[n - 1].ident.to_string();
    let float_name = quote::quote!(#float).to_string();
    let constructor = matches!(
        f.as_str(),
        "new"
            | "zeros"
            | "identity"
            | "origin"
            | "repeat"
            | "from_element"
            | "from_fn"
            | "from_vec"
            | "from"
            | "default"
    ) || f.starts_with("from_row")
        || f.starts_with("from_column")
        || f.starts_with("from_diagonal")
        // nalgebra's rotations (a user's `Units::from_db(x)` may be a float).
        || matches!(
            f.as_str(),
            "from_axis_angle"
                | "from_euler_angles"
                | "from_scaled_axis"
                | "from_quaternion"
                | "from_rotation_matrix"
                | "from_matrix_unchecked"
                | "from_parts"
        );
    let type_name = ty.starts_with(|c: char| c.is_ascii_uppercase()) && ty.len() > 1;
    const CONTAINERS: &[&str] = &[
        "Vec",
        "VecDeque",
        "HashMap",
        "HashSet",
        "BTreeMap",
        "BTreeSet",
        "String",
        "Box",
        "Rc",
        "Arc",
        "Cell",
        "RefCell",
        "Option",
        "Range",
        "Float",
        "Array",
        "ArrayView",
    ];
    constructor && type_name && ty != float_name && !CONTAINERS.contains(&ty.as_str())
}

fn float_constructor(p: &syn::Path, float: &Type) -> bool {
    let float_name = quote::quote!(#float).to_string();
    let n = p.segments.len();
    n == 2
        && (p.segments[0].ident == float_name
            || p.segments[0].ident == "f64"
            || p.segments[0].ident == "f32")
        && matches!(
            p.segments[1].ident.to_string().as_str(),
            "zero"
                | "one"
                | "from"
                | "epsilon"
                | "infinity"
                | "neg_infinity"
                | "nan"
                | "max_value"
                | "min_value"
                | "min_positive_value"
                | "from_f64"
                | "from_usize"
                | "default"
        )
}

/// `Default::default()` or `Zero::zero()` as `Lowerer::placeholder` writes them.
fn is_placeholder(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Opaque(OpaqueCall::Function(p, args))
        if args.is_empty()
            && p.leading_colon.is_some()
            && p.segments.last().is_some_and(|s| s.ident == "default" || s.ident == "zero"))
}

/// A type whose name says it is a float alias (`DType`, `Real`; `parse::float`).
fn float_alias(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.get_ident().is_some_and(|i| crate::types::is_float_alias_name(&i.to_string())))
}
