//! The macro's own IR: a structured, name-resolved form of the function body.
//!
//! Lowering (`lower/`) resolves every identifier to a [`VarId`] (so shadowing is gone),
//! hoists calls of differentiable functions into their own statements, turns `if`
//! expressions into statements, and replaces `break`, `continue` and `return` by flags
//! that guard the statements after them, so that every statement list runs either to its
//! end or not at all.
//! That last property is what lets the reverse sweep mirror the forward one statement by
//! statement.

mod hygiene;
pub mod lower;
pub use lower::{kind_of, read_on_entry_error, SHAPE_METHODS};
#[cfg(test)]
pub mod print;
#[cfg(test)]
pub(crate) mod tests;

pub use crate::types::{Kind, ParamShape};
pub use proc_macro2::{Ident, Span};
use syn::Type;

/// Index of a variable in [`Func::vars`].
pub type VarId = usize;

/// One variable: a parameter, a `let` binding, or one the lowering made up.
#[derive(Clone, Debug)]
pub struct Var {
    /// The name emitted code uses (unique within the function).
    pub name: Ident,
    /// The stem of the names derived from it (`x_bar`, `x_dot`, `x_tape`): the name itself,
    /// except for a parameter whose derived names the user's code already uses.
    pub stem: Ident,
    pub kind: Kind,
    /// The block that declares it; `None` for parameters.
    pub scope: Option<BlockId>,
    /// Declared `mut` by the user.
    pub mutable: bool,
    /// The type written by the user, if any.
    pub ty: Option<Type>,
    /// Bound to an element `x[i]` (by iterator desugaring or by the user): `*v` is `v`.
    pub element: bool,
}

pub type BlockId = usize;

#[derive(Clone, Debug)]
pub struct Block {
    pub id: BlockId,
    pub stmts: Vec<Stmt>,
}

/// A place written by an assignment.
#[derive(Clone, Debug)]
pub enum Place {
    Var(VarId),
    /// `v[i]`
    Index(VarId, Box<Expr>),
}

impl Place {
    pub fn var(&self) -> VarId {
        match self {
            Place::Var(v) | Place::Index(v, _) => *v,
        }
    }
}

/// A statement's identity, unique within its function: what the analyses key their
/// results by and emission looks them up with (see [`number_statements`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StmtId(u32);

impl StmtId {
    /// The id of a statement not numbered yet: lowering and hoisting build statements
    /// before the IR is final, and only the final IR is numbered.
    const UNNUMBERED: StmtId = StmtId(u32::MAX);
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
    /// Set by [`number_statements`] once the IR no longer changes.
    pub id: StmtId,
}

// Built a few times per expansion: the size of a variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `let v = init;` (`init` is `None` for a deferred initialisation).
    Let { var: VarId, init: Option<Expr> },
    /// `place = value`, or `place op= value` when `compound` is set (`value` is then the
    /// right-hand side only).
    Assign {
        place: Place,
        value: Expr,
        compound: Option<ArithOp>,
    },
    /// `let out = callee(args)` for a differentiable callee: split into a forward call that
    /// returns a pullback (kept in `pullback`) and its application in the reverse sweep.
    Call {
        out: VarId,
        pullback: VarId,
        callee: syn::Path,
        args: Vec<Expr>,
        /// A method call: `args[0]` is the receiver (`p.blocks[l].forward(&x)`), and the
        /// derivatives are methods too (`forward_pullback`).
        method: bool,
        /// `g(x).unwrap()`, `g(x).expect("…")` of a function returning an `Option` or a
        /// `Result`: the method and its arguments, which a call of `g` itself needs (the
        /// derived items' entry points give the value unwrapped, `crate::fallible`).
        unwrapped: Option<(Ident, Vec<syn::Expr>)>,
    },
    /// `v.push(value)`
    Push { vec: VarId, value: Expr },
    /// `if cond { then } else { els }`; `cond` is a variable so the reverse sweep can read
    /// the branch that was taken.
    If {
        cond: VarId,
        then: Block,
        els: Block,
    },
    /// `for var in range`; the bounds are variables for the same reason. A loop that can
    /// be left early has an `exit` test (checked after each iteration) and counts its
    /// iterations in `trips`.
    For {
        var: VarId,
        range: Range,
        body: Block,
        exit: Option<Expr>,
        trips: Option<VarId>,
        checkpoint: Option<Checkpoint>,
    },
    /// `while cond { body }` (a `loop` is `while true`); `trips` counts iterations.
    While {
        cond: Expr,
        body: Block,
        exit: Option<Expr>,
        trips: VarId,
        checkpoint: Option<Checkpoint>,
    },
    /// `#[checkpoint] { body }`: a block whose intermediates are recomputed in the reverse
    /// sweep instead of stored.
    Block { body: Block },
    /// `match scrutinee { arms }` on a non-float value; `arm` records the arm taken.
    Match {
        scrutinee: Expr,
        arms: Vec<(syn::Pat, Block)>,
        arm: VarId,
    },
}

/// How a `#[checkpoint]` region is cut into recomputed segments.
#[derive(Clone, Debug)]
pub enum Checkpoint {
    /// `#[checkpoint]`: about √n segments (a block is one segment).
    Sqrt,
    /// `#[checkpoint(segments = K)]`
    Segments(syn::Expr),
    /// `#[checkpoint(snapshots = S)]`: the binomial (Revolve) schedule with S stored states.
    Snapshots(syn::Expr),
}

impl Stmt {
    /// A statement not numbered yet (see [`number_statements`]).
    pub fn new(kind: StmtKind, span: Span) -> Stmt {
        Stmt {
            kind,
            span,
            id: StmtId::UNNUMBERED,
        }
    }

    /// The blocks nested directly in this statement.
    pub fn blocks(&self) -> Vec<&Block> {
        match &self.kind {
            StmtKind::If { then, els, .. } => vec![then, els],
            StmtKind::For { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::Block { body, .. } => vec![body],
            StmtKind::Match { arms, .. } => arms.iter().map(|(_, b)| b).collect(),
            _ => vec![],
        }
    }

    /// The blocks nested directly in this statement, to change.
    pub fn blocks_mut(&mut self) -> Vec<&mut Block> {
        match &mut self.kind {
            StmtKind::If { then, els, .. } => vec![then, els],
            StmtKind::For { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::Block { body, .. } => vec![body],
            StmtKind::Match { arms, .. } => arms.iter_mut().map(|(_, b)| b).collect(),
            _ => vec![],
        }
    }

    /// Whether this statement itself (not one nested in it) writes `v` or an element of
    /// it: assigns, pushes to, or binds a call's result to it.
    pub fn writes(&self, v: VarId) -> bool {
        match &self.kind {
            StmtKind::Assign { place, .. } => place.var() == v,
            StmtKind::Push { vec, .. } => *vec == v,
            StmtKind::Call { out, .. } => *out == v,
            _ => false,
        }
    }

    /// The expressions this statement reads itself (not those of its nested blocks).
    pub fn exprs(&self) -> Vec<&Expr> {
        match &self.kind {
            StmtKind::Let { init, .. } => init.iter().collect(),
            StmtKind::Assign { place, value, .. } => match place {
                Place::Index(_, i) => vec![i, value],
                Place::Var(_) => vec![value],
            },
            StmtKind::Call { args, .. } => args.iter().collect(),
            StmtKind::Push { value, .. } => vec![value],
            StmtKind::For { exit, .. } => exit.iter().collect(),
            StmtKind::While { cond, exit, .. } => std::iter::once(cond).chain(exit).collect(),
            StmtKind::Match { scrutinee, .. } => vec![scrutinee],
            StmtKind::If { .. } | StmtKind::Block { .. } => vec![],
        }
    }

    /// Whether this statement or one nested in its blocks satisfies `pred`.
    pub fn any(&self, pred: &impl Fn(&Stmt) -> bool) -> bool {
        pred(self) || self.blocks().into_iter().any(|b| b.any(pred))
    }
}

/// Numbers the statements of `func` in preorder, from zero. The driver calls it once,
/// after the last pass that changes the IR and before any analysis keyed by statement.
pub fn number_statements(func: &mut Func) {
    fn number(b: &mut Block, next: &mut u32) {
        for s in &mut b.stmts {
            s.id = StmtId(*next);
            *next += 1;
            for inner in s.blocks_mut() {
                number(inner, next);
            }
        }
    }
    number(&mut func.body, &mut 0);
}

/// Whether every statement of `func` has been numbered, each with an id of its own: what
/// the analyses keyed by statement assume.
pub fn statements_numbered(func: &Func) -> bool {
    fn ids(b: &Block, out: &mut Vec<StmtId>) {
        for s in &b.stmts {
            out.push(s.id);
            s.blocks().into_iter().for_each(|inner| ids(inner, out));
        }
    }
    let mut all = vec![];
    ids(&func.body, &mut all);
    let n = all.len();
    all.sort();
    all.dedup();
    all.len() == n && !all.contains(&StmtId::UNNUMBERED)
}

impl Block {
    /// Whether a statement of this block, or one nested in them, satisfies `pred`.
    pub fn any(&self, pred: &impl Fn(&Stmt) -> bool) -> bool {
        self.stmts.iter().any(|s| s.any(pred))
    }

    /// `f` on every statement of this block and of the blocks nested in them, in order,
    /// each before those it holds.
    pub fn for_each_stmt<'b>(&'b self, f: &mut impl FnMut(&'b Stmt)) {
        for s in &self.stmts {
            f(s);
            for inner in s.blocks() {
                inner.for_each_stmt(f);
            }
        }
    }
}

/// The variables a region (a loop body or block) shares with the code around it: those it
/// assigns (its carried state) and all those it reads or writes, declared outside it.
pub struct Region {
    pub carried: Vec<VarId>,
    pub outer: Vec<VarId>,
}

impl Region {
    pub fn of(func: &Func, body: &Block) -> Region {
        let mut inner = vec![];
        collect_block_ids(body, &mut inner);
        let outside = |v: VarId| !matches!(func.vars[v].scope, Some(b) if inner.contains(&b));
        let (mut carried, mut outer) = (vec![], vec![]);
        visit_region(body, &mut |v, assigned| {
            if outside(v) {
                if assigned && !carried.contains(&v) {
                    carried.push(v);
                }
                if !outer.contains(&v) {
                    outer.push(v);
                }
            }
        });
        Region { carried, outer }
    }
}

/// The ids of `b` and of every block nested in it.
pub fn collect_block_ids(b: &Block, ids: &mut Vec<BlockId>) {
    ids.push(b.id);
    for s in &b.stmts {
        for inner in s.blocks() {
            collect_block_ids(inner, ids);
        }
    }
}

/// Every variable a block mentions, with whether the mention assigns it (a compound
/// assignment's read of its target is not reported).
pub fn visit_region(b: &Block, f: &mut impl FnMut(VarId, bool)) {
    for s in &b.stmts {
        visit_stmt(s, f);
    }
}

/// [`visit_region`] for one statement and those nested in it.
pub fn visit_stmt(s: &Stmt, f: &mut impl FnMut(VarId, bool)) {
    let mut reads: Vec<&Expr> = vec![];
    let mut direct: Vec<(VarId, bool)> = vec![];
    match &s.kind {
        StmtKind::Let { init, .. } => reads.extend(init.iter()),
        StmtKind::Assign { place, value, .. } => {
            if let Place::Index(_, i) = place {
                reads.push(i);
            }
            reads.push(value);
            direct.push((place.var(), true));
        }
        StmtKind::Call { args, .. } => reads.extend(args.iter()),
        StmtKind::Push { vec, value } => {
            reads.push(value);
            direct.push((*vec, true));
        }
        StmtKind::If { cond, .. } => direct.push((*cond, false)),
        StmtKind::For { range, exit, .. } => {
            direct.push((range.start, false));
            direct.push((range.end, false));
            reads.extend(exit.iter());
        }
        StmtKind::While { cond, exit, .. } => {
            reads.push(cond);
            reads.extend(exit.iter());
        }
        StmtKind::Match { scrutinee, .. } => reads.push(scrutinee),
        StmtKind::Block { .. } => {}
    }
    for e in reads {
        e.visit_vars(&mut |v| f(v, false));
    }
    for (v, assigned) in direct {
        f(v, assigned);
    }
    for inner in s.blocks() {
        visit_region(inner, f);
    }
}

/// A half-open or closed integer range, optionally reversed and strided.
#[derive(Clone, Debug)]
pub struct Range {
    pub start: VarId,
    pub end: VarId,
    pub inclusive: bool,
    pub rev: bool,
    pub step: Option<VarId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    /// `<<`, `>>`, `&`, `|`, `^`: of integers only (Rust has none of them for floats), so
    /// they carry no derivative.
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
}

impl ArithOp {
    /// One of the integer operators, which carry no derivative.
    pub fn of_integers(self) -> bool {
        matches!(
            self,
            ArithOp::Shl | ArithOp::Shr | ArithOp::BitAnd | ArithOp::BitOr | ArithOp::BitXor
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicOp {
    And,
    Or,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A float literal, as written.
    Float(syn::LitFloat),
    /// An integer literal, as written.
    Int(syn::LitInt),
    Bool(bool),
    Var(VarId),
    /// A path that is not a variable: `std::f64::consts::PI`, `f64::MAX`, a user `const`.
    Const(syn::Path),
    /// An expression emitted as written, reading no variable of the function but integers
    /// named as the generated code names them: a closure of its parameters only passed to a
    /// method of a value without derivatives (`mask.mapv(|m| m as f64)`), a slice
    /// (`s![1.., 0]`, `s![i..i + w]`).
    Closed(syn::Expr),
    /// An expression emitted as written, evaluated on the primal values of the variables it
    /// reads, whose value carries no derivative: a search for an index (`xs.binary_search_by(|p|
    /// p.partial_cmp(&x).unwrap()).unwrap_or_else(|i| i - 1)`, `xs.partition_point(|&v| v < x)`).
    Primal(Box<PrimalExpr>),
    /// `base[index]`
    Index(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Arith(ArithOp, Box<Expr>, Box<Expr>),
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    Logic(LogicOp, Box<Expr>, Box<Expr>),
    /// A float function with a derivative rule: `x.sin()`, `f64::powf(a, b)`.
    Elementary(&'static crate::rules::Rule, Vec<Expr>),
    /// `expr as ty`
    Cast(Box<Expr>, Type),
    /// A call or method call whose arguments are all inactive (checked by activity
    /// analysis): emitted as written.
    Opaque(OpaqueCall),
    /// `autodiff::stop_gradient(x)`: the value of `x`, with no derivative.
    StopGradient(Box<Expr>),
    /// `&x` (as an argument).
    Ref(Box<Expr>),
    /// `x.to_vec()`, `x.clone()`: a copy of a sequence or scalar.
    Copy(Box<Expr>),
    /// `vec![elem; len]` or `[elem; len]`
    Repeat {
        elem: Box<Expr>,
        len: Box<Expr>,
        array: bool,
    },
    /// `vec![a, b, c]` or `[a, b, c]`
    List {
        elems: Vec<Expr>,
        array: bool,
    },
    /// `Vec::new()` or `Vec::with_capacity(n)`
    EmptyVec(Option<Box<Expr>>),
    /// `(a, b)`
    Tuple(Vec<Expr>),
    /// A field of a value: a tuple's element `t.0` of a call result, or a named field of a
    /// struct value `u.x` (a local holding a call's result or a literal).
    Field(Box<Expr>, syn::Member),
    /// A struct literal `Vec2 { x: a, y: b }` (also `Self { … }` and nested literals): its
    /// cotangent is a value of the struct's type, whose fields are the fields' cotangents.
    StructLit(syn::Path, Vec<(syn::Member, Expr)>),
}

/// See [`ExprKind::Primal`].
#[derive(Clone, Debug)]
pub struct PrimalExpr {
    /// The expression as written.
    pub expr: syn::Expr,
    /// Each name it reads from the function, with the variable it denotes there (a `Var`):
    /// the generated code binds the name to that variable's primal value before the
    /// expression.
    pub reads: Vec<(Ident, Expr)>,
    /// What the value is: an integer, a flag, or another type (a `Result` of indices).
    pub kind: crate::types::Kind,
}

/// A call that is emitted as the user wrote it, on primal values only.
#[derive(Clone, Debug)]
pub enum OpaqueCall {
    /// `path(args)`
    Function(syn::Path, Vec<Expr>),
    /// `receiver.method::<turbofish>(args)`
    Method(
        Box<Expr>,
        Ident,
        Option<syn::AngleBracketedGenericArguments>,
        Vec<Expr>,
    ),
    /// `assert!(…)`, `println!(…)`, …: a macro run for its effect, on primal values.
    Macro(syn::Path, Vec<MacroArg>),
}

/// An argument of a [`OpaqueCall::Macro`].
#[derive(Clone, Debug)]
pub enum MacroArg {
    Value(Expr),
    /// The format string, as written.
    Format(syn::LitStr),
    /// `name = value`, written or made for a name the format string reads (`{x}`), which
    /// the generated code may have renamed.
    Named(Ident, Expr),
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Self {
        Expr { kind, span }
    }

    /// Calls `f` on every variable the expression reads.
    pub fn visit_vars(&self, f: &mut impl FnMut(VarId)) {
        self.visit(&mut |e| {
            if let ExprKind::Var(v) = e.kind {
                f(v)
            }
        });
    }

    /// Pre-order walk over the expression and its sub-expressions.
    pub fn visit(&self, f: &mut impl FnMut(&Expr)) {
        f(self);
        for child in self.children() {
            child.visit(f);
        }
    }

    pub fn children(&self) -> Vec<&Expr> {
        use ExprKind::*;
        match &self.kind {
            Float(_) | Int(_) | Bool(_) | Var(_) | Const(_) | Closed(_) | EmptyVec(None) => vec![],
            Index(a, b) | Arith(_, a, b) | Cmp(_, a, b) | Logic(_, a, b) => vec![a, b],
            Repeat { elem, len, .. } => vec![elem, len],
            Neg(a) | Not(a) | Cast(a, _) | StopGradient(a) | Ref(a) | Copy(a) | Field(a, _) => {
                vec![a]
            }
            EmptyVec(Some(a)) => vec![a],
            Elementary(_, args) | List { elems: args, .. } | Tuple(args) => args.iter().collect(),
            Primal(p) => p.reads.iter().map(|(_, e)| e).collect(),
            StructLit(_, fields) => fields.iter().map(|(_, e)| e).collect(),
            Opaque(OpaqueCall::Function(_, args)) => args.iter().collect(),
            Opaque(OpaqueCall::Method(recv, _, _, args)) => {
                std::iter::once(&**recv).chain(args.iter()).collect()
            }
            Opaque(OpaqueCall::Macro(_, args)) => args
                .iter()
                .filter_map(|a| match a {
                    MacroArg::Value(e) | MacroArg::Named(_, e) => Some(e),
                    MacroArg::Format(_) => None,
                })
                .collect(),
        }
    }
}

/// `u.a.b` with `u` a struct value and named members: `u` and `[a, b]`.
pub fn struct_field_chain(e: &Expr, vars: &[Var]) -> Option<(VarId, Vec<syn::Member>)> {
    // Named fields, and `.0`, `.1` of a tuple (or tuple struct) value read as a struct.
    let ExprKind::Field(base, member) = &e.kind else {
        return None;
    };
    let (root, mut path) = match &base.kind {
        ExprKind::Var(v) if vars[*v].kind == Kind::Struct => (*v, vec![]),
        ExprKind::Field(..) => struct_field_chain(base, vars)?,
        _ => return None,
    };
    path.push(member.clone());
    Some((root, path))
}

#[derive(Clone, Debug)]
pub struct Param {
    pub var: VarId,
    pub ty: Type,
    pub shape: ParamShape,
    /// Active: gets a tangent and a cotangent.
    pub active: bool,
}

/// A field of a struct parameter that the body reads (`p.w1`, `self.inner.b`): a variable
/// of its own, bound at the top of every generated function (`let p_w1 = &p.w1;`), so the
/// rest of the compiler sees a parameter. Its cotangent is added into the struct's.
#[derive(Clone, Debug)]
pub struct FieldProj {
    pub var: VarId,
    /// The struct parameter's variable.
    pub base: VarId,
    /// Empty for the two projections of a parameter given as rows (`a: &[Vec<f64>]`):
    /// its entries flattened (a float sequence) and its row starts (integers); see
    /// `lower::rows`.
    pub path: Vec<syn::Member>,
}

/// An output buffer parameter: the body writes `local`, a copy of the buffer taken at the
/// start (`let mut out_value = out.to_vec();`), which is written back at the end.
#[derive(Clone, Debug)]
pub struct Output {
    pub local: VarId,
    /// The parameter's name.
    pub param: Ident,
    /// What the buffer is, which says how the body's result is written back into it.
    pub buffer: Buffer,
}

/// What a caller lends a buffer from (`Func::lent_calls`): how a call carrying no derivative
/// gets a copy of it and gives it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LentBuffer {
    /// A `Vec` (or a buffer parameter): cloned, and given back whole.
    Vec,
    /// A fixed-size float array (`Copy`): copied, and given back as a `Vec`.
    Fixed,
    /// An `ndarray` `Array1`, which the derived items hold as a `Vec`: lent as an `Array1`
    /// made from it, and given back as a `Vec`.
    Array1,
}

/// The type of an output buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffer {
    /// `&mut [F]`: written back with `copy_from_slice` (its length cannot change).
    Slice,
    /// `&mut Vec<F>`: written back with `clone_from` (the body may grow it).
    Vec,
    /// `&mut Array1<F>`: written back element by element (any layout); its seed is taken
    /// as `&Array1<F>`.
    Array1,
}

/// The shape of the return value.
#[derive(Clone, Debug)]
pub enum Ret {
    /// One value of the given kind, in `ret[0]`.
    Single(Kind),
    /// A tuple, one variable per element.
    Tuple(Vec<Kind>),
}

/// A lowered function.
#[derive(Clone, Debug)]
pub struct Func {
    pub vars: Vec<Var>,
    pub params: Vec<Param>,
    /// The fields of struct parameters the body reads.
    pub fields: Vec<FieldProj>,
    /// Those fields that are slices of structs read through their elements
    /// (`self.points[i].0`, `for p in &self.particles { … p.x … }`): projected into
    /// columns as a slice parameter of structs is, their cotangent gathered from the columns
    /// before it joins the struct's.
    pub slice_fields: Vec<VarId>,
    /// The output buffers (`out: &mut [f64]`), each as the local holding its contents.
    pub outputs: Vec<Output>,
    /// The output buffers whose entry contents the body may read (see `lower::outputs`),
    /// with the span of the first such read: `crate::in_place` makes them inputs too.
    pub read_on_entry: Vec<(Ident, Span)>,
    /// A method: the receiver `self` is `params[0]`, bound to a variable of another name
    /// (closures cannot take `self`).
    pub method: bool,
    /// An item of an `impl` (a method, or an associated function): the generated items
    /// reach each other as `Self::f_…`.
    pub in_impl: bool,
    pub body: Block,
    /// The variables that hold the returned value(s).
    pub ret: Vec<VarId>,
    pub ret_shape: Ret,
    pub ret_ty: Type,
    /// The type of the result's tangents and seeds: `ret_ty` with `()` for each element of a
    /// tuple result that carries no derivative (`(f64, usize)` gives `(f64, ())`), as JAX
    /// gives integer outputs a tangent of its own empty type.
    pub tangent_ty: Type,
    /// The float type: `f64`, `f32` or a generic `T`.
    pub float: Type,
    /// Float-kind variables made by `as` to a type the attribute cannot see (`let k = x as
    /// Idx;`), with that type: rustc's types decide what converting them back means.
    pub unseen_casts: Vec<(VarId, Type)>,
    /// Every identifier of the function and every name given out: generated temporaries
    /// avoid them.
    pub taken: std::collections::HashSet<String>,
    /// The items of the body's outermost block (`const`, `use`, nested `fn`s, …), which
    /// every generated function repeats.
    pub body_items: Vec<syn::Item>,
    /// The body calls the function itself (`f(…)`, `Self::f(…)`): its callers' pullbacks
    /// are boxed, since an `impl FnOnce` returned by a function cannot contain itself.
    pub recursive: bool,
    /// Parameters whose written type the derived items read through one reference
    /// (`&&[F]`, `&Box<[F]>`; see `parse::collapse_param_refs`): their index and the type the
    /// primal itself takes, for the calls of the primal.
    pub written_tys: Vec<(usize, Type)>,
    /// For the value function of a function with an `Option` or `Result` result
    /// (`crate::fallible`), that function's name: where it has no value, the value function
    /// returns a default, which its derivative check must not take for the function's.
    pub value_of: Option<syn::Ident>,
    /// The function's type parameters, by name.
    pub type_params: Vec<String>,
    /// Whether a call result is kept whole for rustc's types to decide (see `lower::guess`):
    /// its adjoint is generic over its type.
    pub undecided: bool,
    /// The calls of callees' lent forms (`g::__lent(x, &buf)`, see `lower::lent`), by the
    /// variable each call binds: the position of each lent buffer among its arguments, and
    /// what it is lent from. Where such a call carries no derivative, the
    /// derived items call `g` itself on a copy of each buffer, as any function taking
    /// buffers, differentiated or not, can be.
    pub lent_calls: std::collections::HashMap<VarId, Vec<(usize, LentBuffer)>>,
    /// Call results taken for tuples of floats by the fields read (`pair(x).0`, `let p =
    /// pair(x); p.0`), which may be longer than the highest field read: their adjoints take
    /// the value's own type.
    pub open_tuples: Vec<VarId>,
    /// Parameters holding a function called on values with derivatives, with their number
    /// of arguments (`analysis::function_values`): the derived items take each as a
    /// function value with its derivatives, and call it through that.
    pub function_values: Vec<(VarId, usize)>,
}

pub use crate::tokens::ident;

impl Func {
    /// The number of arguments of the function `v` holds, where `v` is a parameter the
    /// derived items take as a function value with its derivatives (`function_values`).
    pub fn function_value(&self, v: VarId) -> Option<usize> {
        self.function_values
            .iter()
            .find(|&&(f, _)| f == v)
            .map(|&(_, arity)| arity)
    }

    /// Whether `v` is a result variable the body assigns at more than one exit (an early
    /// `return`, read through the loop's `done` flag): a whole value moved into it must be
    /// a copy, since the statements after the exit still name the moved variable (they run
    /// only when it was not taken, which the borrow checker cannot see).
    pub fn returned_at_several_exits(&self, v: VarId) -> bool {
        if !self.ret.contains(&v) {
            return false;
        }
        let mut writes = 0;
        self.body
            .for_each_stmt(&mut |s| writes += usize::from(s.writes(v)));
        writes > 1
    }

    /// Whether the function holds struct values of its own: a struct result, a literal, a
    /// call's result read as a struct. Like struct parameters, they have no dual twin.
    pub fn holds_struct_values(&self) -> bool {
        // Local tuples of floats are not among them: their type is written (lowering's
        // `ir::lower::tuples`), and lifts to a tuple of dual numbers. Unless one is passed to a
        // callee, which takes it as a struct parameter and so has no dual twin to call.
        let passed = |v: VarId| {
            self.body.any(&|s| match &s.kind {
                StmtKind::Call { args, .. } => args.iter().any(|a| {
                    let mut found = false;
                    a.visit_vars(&mut |u| found |= u == v);
                    found
                }),
                _ => false,
            })
        };
        matches!(self.ret_shape, Ret::Single(Kind::Struct))
            || self.vars.iter().enumerate().any(|(id, v)| {
                v.kind == Kind::Struct
                    && v.scope.is_some()
                    && (!matches!(v.ty, Some(syn::Type::Tuple(_))) || passed(id))
            })
    }

    /// Whether the body maps a closure over an array (`ops::mapv_with`, `ops::mapv_env`),
    /// whose elementwise function takes the function's float type only.
    pub fn maps_closures(&self) -> bool {
        self.body.any(&|s| {
            matches!(&s.kind, StmtKind::Call { callee, .. }
                if callee.segments.last().is_some_and(|c| c.ident == "mapv_with" || c.ident == "mapv_env"))
        })
    }

    /// A new name based on `base` such that no name derived from it (`_bar`, `_tape`, …)
    /// is taken; all of them are taken from now on.
    pub fn fresh_name(&mut self, base: &str, span: Span) -> Ident {
        let name = lower::first_free(base, |n| {
            lower::DERIVED
                .iter()
                .all(|s| !self.taken.contains(&format!("{n}{s}")))
        });
        lower::reserve(&name, &mut self.taken);
        ident(&name, span)
    }

    /// Variables declared directly in the function's outermost block or as parameters.
    pub fn is_top_level(&self, v: VarId) -> bool {
        matches!(self.vars[v].scope, None | Some(0))
    }
}
