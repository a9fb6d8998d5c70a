//! Lowering: syn's function body to the IR, statement by statement.
//!
//! Names are resolved to variables here (shadowing gets a fresh, unique name), and the
//! exits `break`, `continue` and `return` become flag assignments: the statements after a
//! statement that may set a flag are moved into an `if` on the flags, so each IR block
//! runs to its end or not at all.

use super::*;
use crate::parse::{self, kind_of_type};
use quote::ToTokens;
use std::collections::{HashMap, HashSet};

mod array;
mod chain;
mod checkpoint;
mod control;
mod expr;
mod fields;
mod guess;
mod items;
mod iter;
mod macros;
mod outputs;
mod rows;
mod struct_slices;
mod tuples;

pub use array::SHAPE_METHODS;
pub use expr::kind_of;
pub use outputs::read_on_entry_error;

/// The flags of a loop being lowered, made on first use, with its label and, for a `loop`
/// used for its value, the variables a `break value` assigns.
#[derive(Default)]
struct LoopFlags {
    brk: Option<VarId>,
    cont: Option<VarId>,
    label: Option<String>,
    value: Option<Vec<VarId>>,
}

pub struct Lowerer {
    vars: Vec<Var>,
    scopes: Vec<(BlockId, HashMap<String, VarId>)>,
    blocks: usize,
    /// Every identifier in the user's function.
    taken: HashSet<String>,
    /// Every name given out, with its derived names.
    given: HashSet<String>,
    loops: Vec<LoopFlags>,
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
    /// The fields among them (`self.points`), by their path.
    slice_fields: std::collections::BTreeMap<String, VarId>,
    /// Names bound to an element of such a slice: the slice and the variable holding the
    /// element's index.
    element_aliases: HashMap<VarId, (VarId, VarId)>,
    /// Those slices whose elements are rows of floats (`a: &[Vec<f64>]`), with their
    /// projections (see `rows`).
    rows: HashMap<VarId, rows::Rows>,
    /// Those of them that are constants (left out by `wrt`): their methods are plain calls.
    constant_structs: Vec<VarId>,
    /// The fields of struct parameters read so far.
    fields: Vec<FieldProj>,
    /// The output buffers.
    outputs: Vec<Output>,
    /// The kind of each field path, from how the body uses it.
    field_kinds: HashMap<String, Kind>,
    /// How each name is used by the statements after the `let` being lowered, where that
    /// tells a sequence or an array: the kind of an untyped `let` of a call result, whose
    /// type the macro cannot see.
    use_kinds: HashMap<String, Kind>,
    /// The names cast with `as` in the statements after the current `let`.
    cast_names: std::collections::HashSet<String>,
    /// The items of the body's outermost block, kept for every generated function.
    body_items: Vec<syn::Item>,
    /// The names of the body's nested `fn`s: plain calls, with no derivatives.
    local_fns: Vec<String>,
    /// The function's type parameters other than its float type (`T: FromPrimitive`).
    type_params: Vec<String>,
    /// Call results whose kind is a guess (a float by default), settled once the body is
    /// lowered (`guess.rs`).
    guessed: Vec<VarId>,
    /// Whether the expression being lowered is (part of) a test: an `if` or `while`
    /// condition, an operand of `!`, `&&`, `||` or a comparison. Its value is a `bool`,
    /// which carries no derivative, so a call in it runs on the primal values as written
    /// (`if !in_range(v)` of a plain `fn in_range(v: &[f64]) -> bool`).
    in_test: bool,
}

/// `base`, `base_2`, `base_3`, …: the first that `free` accepts.
pub(crate) fn first_free(base: &str, free: impl Fn(&str) -> bool) -> String {
    let mut name = base.to_string();
    let mut i = 2;
    while !free(&name) {
        name = format!("{base}_{i}");
        i += 1;
    }
    name
}

/// Marks `name` and every name derived from it as given out.
pub(crate) fn reserve(name: &str, names: &mut HashSet<String>) {
    for s in DERIVED {
        names.insert(format!("{name}{s}"));
    }
}

/// Suffixes the emitted code derives from a variable's name; a name is only given out when
/// none of its derived names is taken.
pub(crate) const DERIVED: &[&str] = &[
    "",
    "_dot",
    "_bar",
    "_tape",
    "_elem_tape",
    "_old",
    "_pb",
    "_pb_tape",
    "_pb_bar",
    "_dual",
];

impl Lowerer {
    pub fn new(float: Type, used: HashSet<String>) -> Self {
        Lowerer {
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
            slice_fields: Default::default(),
            element_aliases: HashMap::new(),
            rows: HashMap::new(),
            constant_structs: vec![],
            fields: vec![],
            outputs: vec![],
            field_kinds: HashMap::new(),
            use_kinds: HashMap::new(),
            cast_names: Default::default(),
            body_items: vec![],
            local_fns: vec![],
            type_params: vec![],
            guessed: vec![],
            in_test: false,
        }
    }

    /// Every name in scope with its variable, innermost last.
    pub(super) fn scopes_names(&self) -> Vec<(String, VarId)> {
        let mut names: HashMap<String, VarId> = HashMap::new();
        for (_, m) in &self.scopes {
            names.extend(m.iter().map(|(k, v)| (k.clone(), *v)));
        }
        names.into_iter().collect()
    }

    /// A variable that lives like a parameter (declared before the body, in no block),
    /// with a fresh name based on `base`: a field of a struct parameter.
    pub(super) fn param_like(&mut self, base: &str, kind: Kind, span: Span) -> VarId {
        let name = self.fresh_name(base, span, false);
        let ty =
            (!matches!(kind, Kind::Float | Kind::Int | Kind::Bool)).then(|| syn::parse_quote!(&_));
        let id = self.vars.len();
        self.vars.push(Var {
            stem: name.clone(),
            name,
            kind,
            scope: None,
            mutable: false,
            ty,
            element: false,
        });
        id
    }

    pub(super) fn error(&mut self, span: Span, msg: impl std::fmt::Display) {
        self.errors.push(syn::Error::new(span, msg.to_string()));
    }

    /// A fresh name based on `base` whose derived names are all free. A user variable keeps
    /// its own name when that is possible; a made-up one avoids every user identifier.
    pub(super) fn fresh_name(&mut self, base: &str, span: Span, user: bool) -> Ident {
        let base = &base.replace("r#", "");
        let free = |n: &str, lw: &Self| {
            let own = user && n == base;
            (own || !lw.taken.contains(n))
                && !lw.given.contains(n)
                && DERIVED[1..].iter().all(|s| {
                    let d = format!("{n}{s}");
                    !lw.taken.contains(&d) && !lw.given.contains(&d)
                })
        };
        let name = first_free(base, |n| free(n, self));
        reserve(&name, &mut self.given);
        super::ident(&name, span)
    }

    /// Declares a variable in the current block.
    pub(super) fn declare(
        &mut self,
        user: &Ident,
        kind: Kind,
        mutable: bool,
        ty: Option<Type>,
    ) -> VarId {
        let name = self.fresh_name(&user.to_string(), user.span(), true);
        let id = self.push_var(name, kind, mutable, ty);
        if let Some(s) = self.scopes.last_mut() {
            s.1.insert(user.to_string(), id);
        }
        id
    }

    /// Declares a variable the lowering needs (flags, bounds, temporaries).
    pub(super) fn temp(&mut self, base: &str, kind: Kind, span: Span) -> VarId {
        let name = self.fresh_name(base, span, false);
        self.push_var(name, kind, true, None)
    }

    /// A new variable of the current block, named `name`.
    fn push_var(&mut self, name: Ident, kind: Kind, mutable: bool, ty: Option<Type>) -> VarId {
        let scope = self.scopes.last().map(|s| s.0);
        let stem = name.clone();
        self.vars.push(Var {
            name,
            stem,
            kind,
            scope,
            mutable,
            ty,
            element: false,
        });
        self.vars.len() - 1
    }

    pub(super) fn lookup(&self, name: &str) -> Option<VarId> {
        self.scopes
            .iter()
            .rev()
            .find_map(|(_, m)| m.get(name).copied())
    }

    /// Declares a parameter: it keeps its name, which the generated signatures repeat;
    /// when a name derived from it is taken, the derived names get a fresh stem instead
    /// (`x` with a local `x_bar` has the adjoint `x_2_bar`).
    pub fn declare_param(&mut self, ident: &Ident, ty: &Type, mutable: bool) -> VarId {
        let kind = kind_of_type(ty, &self.float);
        let stem = self.fresh_name(&ident.to_string(), ident.span(), true);
        self.given.insert(ident.to_string());
        let id = self.vars.len();
        self.vars.push(Var {
            name: ident.clone(),
            stem,
            kind,
            scope: None,
            mutable,
            ty: Some(ty.clone()),
            element: false,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.1.insert(ident.to_string(), id);
        }
        id
    }

    /// `&self`: visible as `self` in the body, named `this` (or a fresh variant) in the
    /// generated code, since the pullback closure takes it again and a closure parameter
    /// cannot be `self`; its derived names keep the stem `self` (`self_bar`, `self_dot`).
    fn declare_receiver(&mut self, ident: &Ident, ty: &Type) -> VarId {
        let name = self.fresh_name("this", ident.span(), false);
        let id = self.vars.len();
        self.vars.push(Var {
            name,
            stem: ident.clone(),
            kind: Kind::Struct,
            scope: None,
            mutable: false,
            ty: Some(ty.clone()),
            element: false,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.1.insert(ident.to_string(), id);
        }
        id
    }

    /// A parameter's kind follows how it is passed: a struct by reference is a struct
    /// parameter; a struct by value (or a `Vec` of structs) is passed through.
    fn param_kind(&mut self, var: VarId, shape: ParamShape) {
        match (self.vars[var].kind, shape) {
            (Kind::Struct, ParamShape::Struct) => self.struct_params.push(var),
            (Kind::StructSeq, ParamShape::StructSlice) => self.struct_slices.push(var),
            (Kind::Struct | Kind::StructSeq, _) => self.vars[var].kind = Kind::Other,
            _ => {}
        }
    }

    /// `out: &mut [F]`: the body sees a local copy (`out_value`), declared at its start and
    /// written back by every generated function.
    fn output_param(&mut self, ident: &Ident, ty: &Type) -> Option<VarId> {
        let Type::Reference(r) = ty else { return None };
        let vec = matches!(&*r.elem, Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Vec"));
        if kind_of_type(&r.elem, &self.float) != Kind::FloatSeq
            || matches!(&*r.elem, Type::Array(_))
        {
            return None;
        }
        self.given.insert(ident.to_string());
        let name = self.fresh_name(&format!("{ident}_value"), ident.span(), false);
        let id = self.vars.len();
        self.vars.push(Var {
            stem: name.clone(),
            name,
            kind: Kind::FloatSeq,
            scope: Some(0),
            mutable: true,
            ty: None,
            element: false,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.1.insert(ident.to_string(), id);
        }
        self.outputs.push(Output {
            local: id,
            param: ident.clone(),
            vec,
        });
        Some(id)
    }

    pub fn open_scope(&mut self) -> BlockId {
        let id = self.blocks;
        self.blocks += 1;
        self.scopes.push((id, HashMap::new()));
        id
    }

    pub fn close_scope(&mut self) {
        if let Some((block, _)) = self.scopes.pop() {
            self.closures.retain(|(_, c)| c.scope != Some(block));
        }
    }

    /// Lowers the function body (in the parameters' scope, block 0): its statements, and
    /// its tail expression into the return variables.
    pub fn lower_body(&mut self, body: &syn::Block, ret_kinds: &[Kind]) -> Block {
        for (i, kind) in ret_kinds.iter().enumerate() {
            let base = if ret_kinds.len() == 1 {
                "ret".to_string()
            } else {
                format!("ret{i}")
            };
            let v = self.temp(&base, *kind, Span::call_site());
            self.vars[v].mutable = false;
            self.ret.push(v);
        }
        let mut stmts = self.lower_stmts(&body.stmts, true);
        self.declare_results(&mut stmts);
        Block { id: 0, stmts }
    }

    /// Declares the return variables (and the `return` flag) in the body.
    fn declare_results(&mut self, stmts: &mut Vec<Stmt>) {
        let span = Span::call_site();
        if let Some(done) = self.done {
            // `return` was lowered to a flag; the result may then be written on several
            // paths, so it starts from a default value.
            self.vars[done].scope = Some(0);
            let mut lets = vec![Stmt {
                kind: StmtKind::Let {
                    var: done,
                    init: Some(Expr::new(ExprKind::Bool(false), span)),
                },
                span,
            }];
            for &r in &self.ret {
                self.vars[r].mutable = true;
                let init = self.placeholder(r, span);
                lets.push(Stmt {
                    kind: StmtKind::Let {
                        var: r,
                        init: Some(init),
                    },
                    span,
                });
            }
            stmts.splice(0..0, lets);
            return;
        }
        for &r in self.ret.clone().iter().rev() {
            let at = stmts
                .iter()
                .position(|s| assigns(s, r))
                .unwrap_or(stmts.len());
            match &stmts.get(at).map(|s| &s.kind) {
                // `let ret; ret = e;` reads better as `let ret = e;`.
                Some(StmtKind::Assign {
                    place: Place::Var(v),
                    value,
                    compound: None,
                }) if *v == r => {
                    let value = value.clone();
                    stmts[at].kind = StmtKind::Let {
                        var: r,
                        init: Some(value),
                    };
                }
                _ => stmts.insert(
                    at,
                    Stmt {
                        kind: StmtKind::Let { var: r, init: None },
                        span,
                    },
                ),
            }
        }
    }

    /// Splices a nested block's statements into the enclosing list; its variables (whose
    /// names are unique) now belong to the enclosing block.
    pub(super) fn flatten_into(&mut self, block: Block, out: &mut Vec<Stmt>) {
        let outer = self.current_scope();
        for var in &mut self.vars {
            if var.scope == Some(block.id) {
                var.scope = outer;
            }
        }
        out.extend(block.stmts);
    }

    /// The value a variable starts from where rustc cannot see that every path assigns it
    /// first: zero for a variable known to be a float (its type is written: a `T: Float`
    /// need not be `Default`), else `Default::default()` (a guessed float may be a tuple).
    pub(super) fn placeholder(&self, var: VarId, span: Span) -> Expr {
        let known_float = self.vars[var].kind == Kind::Float
            && (self.ret.contains(&var) || self.vars[var].ty.is_some());
        let path: syn::Path = if known_float {
            syn::parse_quote!(::autodiff::__private::Zero::zero)
        } else {
            syn::parse_quote!(::core::default::Default::default)
        };
        Expr::new(ExprKind::Opaque(OpaqueCall::Function(path, vec![])), span)
    }

    pub(super) fn current_scope(&self) -> Option<BlockId> {
        self.scopes.last().map(|s| s.0)
    }

    /// Lowers a `{ … }` in a new scope.
    fn lower_block(&mut self, block: &syn::Block, tail: Tail) -> Block {
        let id = self.open_scope();
        let stmts = self.lower_stmts_with_tail(&block.stmts, tail);
        self.close_scope();
        Block { id, stmts }
    }

    fn lower_stmts(&mut self, stmts: &[syn::Stmt], is_body: bool) -> Vec<Stmt> {
        let tail = if is_body && !self.ret.is_empty() {
            Tail::Return
        } else {
            Tail::Discard
        };
        self.lower_stmts_with_tail(stmts, tail)
    }

    /// Lowers a statement list; once a statement may set an exit flag, the rest goes into
    /// an `if` on the flags.
    fn lower_stmts_with_tail(&mut self, stmts: &[syn::Stmt], tail: Tail) -> Vec<Stmt> {
        // A `let … else` becomes statements here, so that a `return` in its `else` guards
        // the rest of the list (the element read of `let Some(&v) = x.first()` included).
        let expanded: Vec<syn::Stmt>;
        let stmts = if stmts.iter().any(is_let_else) {
            expanded = stmts.iter().flat_map(expand_let_else).collect();
            &expanded[..]
        } else {
            stmts
        };
        let mut out = vec![];
        for (i, stmt) in stmts.iter().enumerate() {
            let last = i + 1 == stmts.len();
            let before = out.len();
            // Only the uses after it (a name used before may be another variable).
            if let syn::Stmt::Local(_) = stmt {
                self.use_kinds.clear();
                self.cast_names.clear();
                for later in &stmts[i + 1..] {
                    collect_use_kinds(later.to_token_stream(), &mut self.use_kinds);
                    collect_casts(later.to_token_stream(), &mut self.cast_names);
                }
                // `let t = g(q); t`: a name the function returns has the result's kind.
                if let (Tail::Return, [r], Some(syn::Stmt::Expr(syn::Expr::Path(p), None))) =
                    (&tail, self.ret.as_slice(), stmts.last())
                {
                    let kind = self.vars[*r].kind;
                    // (The user's names: a chain's accumulator is typed by the chain.)
                    if let (Some(name), Kind::FloatSeq | Kind::Array) = (p.path.get_ident(), kind) {
                        if !name.to_string().starts_with("__") {
                            self.use_kinds.entry(name.to_string()).or_insert(kind);
                        }
                    }
                }
            }
            match stmt {
                syn::Stmt::Expr(e, None) if last => self.lower_tail(e, &tail, &mut out),
                _ => self.lower_stmt(stmt, &mut out),
            }
            let flags = self.live_flags();
            let sets_flag = out[before..].iter().any(|s| sets_any(s, &flags));
            if sets_flag && !last {
                let span = stmt_span(&stmts[i + 1]);
                let guard = self.guard(&flags, span, &mut out);
                let id = self.open_scope();
                let rest = self.lower_stmts_with_tail(&stmts[i + 1..], tail);
                self.close_scope();
                let then = Block { id, stmts: rest };
                let els = self.empty_block();
                out.push(Stmt {
                    kind: StmtKind::If {
                        cond: guard,
                        then,
                        els,
                    },
                    span,
                });
                break;
            }
        }
        out
    }

    pub(super) fn empty_block(&mut self) -> Block {
        let id = self.blocks;
        self.blocks += 1;
        Block { id, stmts: vec![] }
    }

    /// The exit flags a statement here may set.
    fn live_flags(&self) -> Vec<VarId> {
        let mut flags: Vec<VarId> = self.done.into_iter().collect();
        if let Some(l) = self.loops.last() {
            flags.extend(l.brk);
            flags.extend(l.cont);
        }
        flags
    }

    /// `let go = !(flag || …);`
    fn guard(&mut self, flags: &[VarId], span: Span, out: &mut Vec<Stmt>) -> VarId {
        let mut test: Option<Expr> = None;
        for &f in flags {
            let e = Expr::new(ExprKind::Var(f), span);
            test = Some(match test {
                None => e,
                Some(t) => Expr::new(ExprKind::Logic(LogicOp::Or, Box::new(t), Box::new(e)), span),
            });
        }
        let not = Expr::new(
            ExprKind::Not(Box::new(test.expect("a guard has a flag"))),
            span,
        );
        let go = self.temp("go", Kind::Bool, span);
        self.vars[go].mutable = false;
        out.push(Stmt {
            kind: StmtKind::Let {
                var: go,
                init: Some(not),
            },
            span,
        });
        go
    }

    pub(super) fn lower_tail(&mut self, e: &syn::Expr, tail: &Tail, out: &mut Vec<Stmt>) {
        match tail {
            Tail::Return => {
                let ret = self.ret.clone();
                self.assign_result(e, &ret, out);
            }
            Tail::Into(vars) => self.assign_result(e, vars, out),
            Tail::Discard => self.lower_expr_stmt(e, out),
        }
    }

    pub(super) fn lower_stmt(&mut self, stmt: &syn::Stmt, out: &mut Vec<Stmt>) {
        match stmt {
            syn::Stmt::Local(local) => {
                self.refuse_checkpoint(&local.attrs);
                self.lower_let(local, out)
            }
            syn::Stmt::Expr(e, _) => self.lower_expr_stmt(e, out),
            syn::Stmt::Item(item) => self.body_item(item),
            syn::Stmt::Macro(m) if macros::is_effect(&m.mac) => {
                let span = m.mac.path.segments[0].ident.span();
                let call = self.lower_effect_macro(&m.mac, out);
                self.push_effect(call, span, out);
            }
            syn::Stmt::Macro(m) => self.error(
                m.mac.path.segments[0].ident.span(),
                format!(
                    "the macro `{}!` is not supported inside a `#[differentiate]` function: `vec![…]`, assertions, `panic!`-like and printing macros are; compute the value outside or without the macro",
                    path_name(&m.mac.path)
                ),
            ),
        }
    }

    fn lower_let(&mut self, local: &syn::Local, out: &mut Vec<Stmt>) {
        let span = local.let_token.span;
        // `let z = { &x[1..] };`, `let z = (|| e)();`: the value itself, so that what the
        // `let` binds (an alias, a closure, a tuple) is seen as when written plainly.
        if let Some(init) = local.init.as_ref().filter(|i| i.diverge.is_none()) {
            let peeled = peel_trivial(&init.expr);
            if !std::ptr::eq(peeled, &*init.expr) {
                let mut plain = local.clone();
                *plain.init.as_mut().expect("checked").expr = peeled.clone();
                return self.lower_let(&plain, out);
            }
        }
        if is_let_else(&syn::Stmt::Local(local.clone())) {
            let stmts = expand_let_else(&syn::Stmt::Local(local.clone()));
            let block = self.lower_stmts_with_tail(&stmts, Tail::Discard);
            return out.extend(block);
        }
        if let (syn::Pat::Ident(p), Some(init)) = (&local.pat, &local.init) {
            if self.record_closure(&p.ident, &init.expr, out) {
                return;
            }
        }
        if self.lower_element_let(local, out) {
            return;
        }
        if self.alias_let(local) {
            return;
        }
        let (tuple_pat, tuple_ty) = match &local.pat {
            syn::Pat::Type(pt) => match (&*pt.pat, &*pt.ty) {
                (syn::Pat::Tuple(t), Type::Tuple(ty)) if t.elems.len() == ty.elems.len() => {
                    (Some(t), Some(ty))
                }
                _ => (None, None),
            },
            syn::Pat::Tuple(t) => (Some(t), None),
            _ => (None, None),
        };
        if let (Some(t), Some(init)) = (tuple_pat, &local.init) {
            if init.diverge.is_none() {
                return self.lower_tuple_let(t, tuple_ty, &init.expr, out);
            }
        }
        if let Some(init) = &local.init {
            if let Some(stmts) = destructure_let(&local.pat, &init.expr) {
                for s in &stmts {
                    self.lower_stmt(s, out);
                }
                return;
            }
        }
        let (ident, mutable, ty) = match self.let_pattern(&local.pat) {
            Some(p) => p,
            None => return,
        };
        let Some(init) = &local.init else {
            let kind = ty
                .as_ref()
                .map_or(Kind::Float, |t| kind_of_type(t, &self.float));
            let var = self.declare(&ident, kind, mutable, ty);
            // `let mut x: f64;` assigned later, in a loop perhaps: every assignment saves
            // what it overwrites, the first one too, so the variable starts from a default.
            let init = mutable.then(|| self.placeholder(var, span));
            out.push(Stmt {
                kind: StmtKind::Let { var, init },
                span,
            });
            return;
        };
        if let Some(block_like) = self.as_statement_expr(&init.expr) {
            // Untyped, a float; the value `v?` unwraps (see `crate::fallible`) is an integer
            // where later code casts it or uses it as one.
            let name = ident.to_string();
            let int = crate::fallible::is_unwrapped_question_mark(block_like)
                && (self.cast_names.contains(&name)
                    || self.use_kinds.get(&name) == Some(&Kind::Int));
            let untyped = if int { Kind::Int } else { Kind::Float };
            let kind = ty
                .as_ref()
                .map_or(untyped, |t| kind_of_type(t, &self.float));
            let var = self.temp_var_for(&ident, kind, ty.clone(), mutable);
            // A `return` or `break` in a branch leaves the value unassigned on that path,
            // which the generated code's flags hide from rustc: it starts from a default.
            let init = crate::tokens::mentions_any(
                quote::ToTokens::to_token_stream(block_like),
                &["return", "break", "continue"],
            )
            .then(|| {
                self.vars[var].mutable = true;
                self.placeholder(var, span)
            });
            out.push(Stmt {
                kind: StmtKind::Let { var, init },
                span,
            });
            let first = out.len();
            self.lower_valued(block_like, &[var], out);
            // `let m = if c { a.dot(&b) } else { … };`: the type a branch's value is known
            // to have (an array's rank), where none is written.
            if self.vars[var].ty.is_none() {
                self.vars[var].ty = expr::assigned_type(&out[first..], var, &self.vars);
                // And the kind of what it is given, where that is evident (`{ 0 }` is an
                // integer, `{ (a, b) }` a tuple): untyped, it was taken for a float.
                let given = expr::assigned_kind(var, &out[first..], &self.vars, &self.float);
                // (The user's names: the macro's own lets of desugared chains keep theirs.)
                let user = !ident.to_string().starts_with("__");
                if let (
                    true,
                    Some(
                        k @ (Kind::Int | Kind::Bool | Kind::Struct | Kind::FloatSeq | Kind::Array),
                    ),
                ) = (user, given)
                {
                    self.vars[var].kind = k;
                }
            }
            let kind = self.vars[var].kind;
            if !mutable {
                // A `loop`'s value is assigned more than once (see `lower_loop`).
                let assigned_again = self.vars[var].mutable;
                self.bind_name(&ident, var, assigned_again);
                return;
            }
            // The branches initialise the value once; the mutable variable starts from it,
            // so later assignments (which save what they overwrite) never see it unset.
            let value = Expr::new(ExprKind::Var(var), span);
            let declared = self.declare(&ident, kind, true, ty);
            out.push(Stmt {
                kind: StmtKind::Let {
                    var: declared,
                    init: Some(value),
                },
                span,
            });
            return;
        }
        if let Some(call) = self.split_call(&init.expr, out) {
            // An untyped call result is a float unless the body uses it as a sequence or an
            // array (a wrong guess is a type error in the generated code, never a wrong
            // derivative; a typed `let` states it).
            let mut guess = false;
            let kind = match (&ty, self.call_kind(&call)) {
                (Some(t), _) => kind_of_type(t, &self.float),
                (None, Kind::Float) => match self.use_kinds.get(&ident.to_string()) {
                    Some(kind) => *kind,
                    None => {
                        guess = true;
                        Kind::Float
                    }
                },
                (None, kind) => kind,
            };
            let var = self.declare(&ident, kind, mutable, ty);
            if guess {
                self.guessed.push(var);
            }
            self.push_call(var, call, span, out);
            return;
        }
        // `let w = &p.w;`: another name for the field's variable, which every generated
        // function (and the pullback closure) binds itself.
        if let (false, Some(field)) = (mutable, self.field_read(peel_ref(&init.expr))) {
            if self.vars[field].kind != Kind::Float
                || !matches!(*init.expr, syn::Expr::Reference(_))
            {
                self.bind_name(&ident, field, false);
                return;
            }
        }
        let before = out.len();
        let value = self.lower_expr(&init.expr, out);
        // A call's result the body reads as a struct (`let u = b.sub(a).scale(k); u.x`) or
        // a sequence (`let p = normalised(x).unwrap(); p[0]`).
        if let (None, ExprKind::Var(t)) = (&ty, &value.kind) {
            let just_called = matches!(out.last(), Some(Stmt { kind: StmtKind::Call { out: o, .. }, .. }) if o == t);
            let used_as = self.use_kinds.get(&ident.to_string()).copied();
            if just_called
                && self.vars[*t].kind == Kind::Float
                && matches!(used_as, Some(Kind::Struct | Kind::FloatSeq))
            {
                self.vars[*t].kind = used_as.unwrap_or(Kind::Float);
            }
        }
        let kind = match &ty {
            Some(t) => kind_of_type(t, &self.float),
            None => self.kind_of(&value),
        };
        // `let h = w.dot(x);`: the type a rule's result is known to have (its rank).
        let ty = ty.or_else(|| match value.kind {
            ExprKind::Var(t) if self.vars[t].scope.is_some() => self.vars[t].ty.clone(),
            _ => None,
        });
        let var = self.declare(&ident, kind, mutable, ty);
        // An element, or another name for one (`*v` reads it as a value).
        self.vars[var].element = match value.kind {
            ExprKind::Index(..) => true,
            ExprKind::Var(v) => self.vars[v].element,
            _ => false,
        };
        // `let r = &x + &h;` lowered to a call into a temporary: the call defines `r` itself
        // (no copy of an array from the temporary). Only a call this initialiser made: in
        // `let s = g(a); let t = s;` the call defines `s`, which must stay defined.
        let made_here = out.len() > before;
        if let (
            true,
            ExprKind::Var(t),
            Some(Stmt {
                kind: StmtKind::Call { out: call_out, .. },
                ..
            }),
        ) = (made_here, &value.kind, out.last_mut())
        {
            if *call_out == *t && self.vars[*t].kind == self.vars[var].kind {
                *call_out = var;
                return;
            }
        }
        out.push(Stmt {
            kind: StmtKind::Let {
                var,
                init: Some(value),
            },
            span,
        });
    }

    /// A variable declared before its name is visible (the initialiser may not see it).
    /// The variable a `let` initialised by a block-like expression assigns in each of its
    /// branches. It keeps the user's name when it is the user's variable (an immutable
    /// `let`) and no variable of that name is in scope, which a branch might read
    /// (`let x = if c { x + 1 } else { x };` needs a fresh name for the new `x`).
    fn temp_var_for(
        &mut self,
        ident: &Ident,
        kind: Kind,
        ty: Option<Type>,
        mutable: bool,
    ) -> VarId {
        let name = ident.to_string();
        let id = if mutable || self.lookup(&name).is_some() {
            self.temp(&name, kind, ident.span())
        } else {
            let fresh = self.fresh_name(&name, ident.span(), true);
            self.push_var(fresh, kind, false, None)
        };
        self.vars[id].ty = ty;
        self.vars[id].mutable = false;
        id
    }

    /// `let b = a;` (or `&a`) of a slice of structs or of rows, which the body reads as it
    /// reads `a`: `b` names `a` (a copy would be a new sequence with no projections).
    fn alias_let(&mut self, local: &syn::Local) -> bool {
        let (syn::Pat::Ident(p), Some(init)) = (&local.pat, &local.init) else {
            return false;
        };
        if p.by_ref.is_some() || p.mutability.is_some() || p.subpat.is_some() {
            return false;
        }
        let mut e = &*init.expr;
        while let syn::Expr::Reference(syn::ExprReference {
            mutability: None,
            expr,
            ..
        })
        | syn::Expr::Paren(syn::ExprParen { expr, .. }) = e
        {
            e = expr;
        }
        let syn::Expr::Path(path) = e else {
            return false;
        };
        let Some(v) = path
            .path
            .get_ident()
            .and_then(|i| self.lookup(&i.to_string()))
        else {
            return false;
        };
        if self.vars[v].kind != Kind::StructSeq || self.vars[v].mutable {
            return false;
        }
        self.bind_name(&p.ident, v, false);
        true
    }

    /// Makes a name no user code can write denote `var` in the current block (a closure's
    /// capture, renamed where it is inlined).
    pub(super) fn bind_hidden(&mut self, marker: &Ident, var: VarId) {
        if let Some(s) = self.scopes.last_mut() {
            s.1.insert(marker.to_string(), var);
        }
    }

    pub(super) fn bind_name(&mut self, ident: &Ident, var: VarId, mutable: bool) {
        self.vars[var].mutable = mutable;
        if let Some(s) = self.scopes.last_mut() {
            s.1.insert(ident.to_string(), var);
        }
    }

    fn let_pattern(&mut self, pat: &syn::Pat) -> Option<(Ident, bool, Option<Type>)> {
        match pat {
            syn::Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => {
                Some((p.ident.clone(), p.mutability.is_some(), None))
            }
            syn::Pat::Type(pt) => {
                let (ident, mutable, _) = self.let_pattern(&pt.pat)?;
                Some((ident, mutable, Some((*pt.ty).clone())))
            }
            syn::Pat::Wild(w) => Some((Ident::new("unused", w.underscore_token.span), false, None)),
            other => {
                self.error(
                    pat_span(other),
                    "this `let` pattern is not supported in a `#[differentiate]` function: bind one name (`let x = …;`), then index or call as needed",
                );
                None
            }
        }
    }

    /// `let (a, b) = (e1, e2);` binds each element (through temporaries, so `(b, a)`
    /// swaps); `let (a, b) = f(x);` keeps the tuple and binds its fields. An element of a
    /// call's tuple is a float unless its written type (`let (v, i): (f64, usize)`) or its
    /// uses (an index `x[i]`, a range bound `0..i`, a cast `i as f64`) make it an integer;
    /// a wrong guess is a type error (the callee's seed has `()` there), never a wrong
    /// derivative.
    fn lower_tuple_let(
        &mut self,
        pat: &syn::PatTuple,
        ty: Option<&syn::TypeTuple>,
        init: &syn::Expr,
        out: &mut Vec<Stmt>,
    ) {
        let n = pat.elems.len();
        let mut stmts: Vec<syn::Stmt> = vec![];
        match init {
            syn::Expr::Tuple(values) if values.elems.len() == n => {
                let temps: Vec<syn::Ident> = (0..n)
                    .map(|k| self.synthetic_ident(&format!("elem{k}")))
                    .collect();
                for (t, v) in temps.iter().zip(&values.elems) {
                    stmts.push(syn::parse_quote!(let #t = #v;));
                }
                for (k, (p, t)) in pat.elems.iter().zip(&temps).enumerate() {
                    match ty.map(|ty| &ty.elems[k]) {
                        Some(ty) => stmts.push(syn::parse_quote!(let #p: #ty = #t;)),
                        None => stmts.push(syn::parse_quote!(let #p = #t;)),
                    }
                }
            }
            // `let (s, q) = { …; (a, b) }` (or an `if`, a `match`): each element assigned to
            // a variable of its own, as a tuple result's are.
            _ if n > 0 && self.as_statement_expr(init).is_some() => {
                let block_like = self.as_statement_expr(init).expect("checked");
                let span = expr_span(init);
                // A `return` or `break` in a branch leaves the elements unassigned on that
                // path, which the generated code's flags hide from rustc: they start from a
                // default.
                let diverges = crate::tokens::mentions_any(
                    quote::ToTokens::to_token_stream(block_like),
                    &["return", "break", "continue"],
                );
                let mut temps = vec![];
                let mut vars = vec![];
                for (k, p) in pat.elems.iter().enumerate() {
                    let written = ty.map(|t| t.elems[k].clone());
                    let kind = match &written {
                        Some(t) => kind_of_type(t, &self.float),
                        None if self.tuple_element_is_int(p, None) => Kind::Int,
                        None => Kind::Float,
                    };
                    let t = self.synthetic_ident(&format!("elem{k}"));
                    let var = self.declare(&t, kind, diverges, written);
                    let init = diverges.then(|| self.placeholder(var, span));
                    out.push(Stmt {
                        kind: StmtKind::Let { var, init },
                        span,
                    });
                    temps.push(t);
                    vars.push(var);
                }
                self.lower_valued(block_like, &vars, out);
                for (p, t) in pat.elems.iter().zip(&temps) {
                    stmts.push(syn::parse_quote!(let #p = #t;));
                }
            }
            _ => {
                let tuple = self.synthetic_ident("tuple");
                let before = self.vars.len();
                self.lower_stmt(&syn::parse_quote!(let #tuple = #init;), out);
                // `a.dim()` of an array: its lengths, integers.
                let lengths = matches!(init, syn::Expr::MethodCall(m) if m.method == "dim" && m.args.is_empty());
                let inactive = (0..n.min(8))
                    .filter(|&k| {
                        lengths || self.tuple_element_is_int(&pat.elems[k], ty.map(|t| &t.elems[k]))
                    })
                    .fold(0u8, |mask, k| mask | 1 << k);
                if let Some(v) = (before..self.vars.len())
                    .rev()
                    .find(|&v| self.vars[v].name == tuple)
                {
                    self.vars[v].kind = Kind::Tuple {
                        len: n as u8,
                        inactive,
                    };
                }
                for (k, p) in pat.elems.iter().enumerate() {
                    let k = syn::Index::from(k);
                    stmts.push(syn::parse_quote!(let #p = #tuple.#k;));
                }
            }
        }
        for s in &stmts {
            self.lower_stmt(s, out);
        }
    }

    /// Whether an element of a call's tuple is an integer (or a `bool`): by its written type,
    /// else by the uses after the `let` (see `collect_use_kinds`).
    fn tuple_element_is_int(&self, pat: &syn::Pat, ty: Option<&Type>) -> bool {
        if let Some(ty) = ty {
            return matches!(kind_of_type(ty, &self.float), Kind::Int | Kind::Bool);
        }
        match pat {
            syn::Pat::Ident(p) => {
                let name = p.ident.to_string();
                self.use_kinds.get(&name) == Some(&Kind::Int) || self.cast_names.contains(&name)
            }
            _ => false,
        }
    }

    /// An identifier the user cannot have written.
    pub(super) fn synthetic_ident(&mut self, base: &str) -> Ident {
        self.synthetic += 1;
        // `base` may come from a raw identifier (`captured_r#in`).
        let base = base.replace("r#", "");
        Ident::new(&format!("__{base}{}", self.synthetic), Span::call_site())
    }

    /// `if`, `match` and blocks used for their value.
    pub(super) fn as_statement_expr<'e>(&self, e: &'e syn::Expr) -> Option<&'e syn::Expr> {
        match e {
            syn::Expr::If(_) | syn::Expr::Match(_) | syn::Expr::Loop(_) => Some(e),
            syn::Expr::Block(b) if b.label.is_none() => Some(e),
            syn::Expr::Paren(p) => self.as_statement_expr(&p.expr),
            _ => None,
        }
    }

    /// Lowers `e` so that its value ends up in `vars` (one per tuple element).
    pub(super) fn lower_valued(&mut self, e: &syn::Expr, vars: &[VarId], out: &mut Vec<Stmt>) {
        match e {
            syn::Expr::If(_) | syn::Expr::Match(_) => {
                self.lower_control(e, Tail::Into(vars.to_vec()), out)
            }
            syn::Expr::Loop(l) => self.lower_loop(l, Some(vars.to_vec()), out),
            syn::Expr::Block(b) if b.label.is_none() => {
                let block = self.lower_block(&b.block, Tail::Into(vars.to_vec()));
                self.flatten_into(block, out);
            }
            syn::Expr::Paren(p) => self.lower_valued(&p.expr, vars, out),
            _ => self.assign_result(e, vars, out),
        }
    }

    /// `vars = e`, with a tuple spread over several variables.
    pub(super) fn assign_result(&mut self, e: &syn::Expr, vars: &[VarId], out: &mut Vec<Stmt>) {
        let span = expr_span(e);
        if self.as_statement_expr(e).is_some() {
            return self.lower_valued(e, vars, out);
        }
        if let syn::Expr::Return(r) = e {
            return self.lower_return(r, out);
        }
        if vars.len() > 1 {
            let syn::Expr::Tuple(t) = e else {
                return self.error(span, format!("this function returns a tuple of {} values: return a tuple expression `(a, b, …)` here", vars.len()));
            };
            if t.elems.len() != vars.len() {
                return self.error(span, format!("expected a tuple of {} values", vars.len()));
            }
            for (elem, &v) in t.elems.iter().zip(vars) {
                self.assign_result(elem, &[v], out);
            }
            return;
        }
        let var = vars[0];
        let value = match self.split_call(e, out) {
            // The call defines a temporary; the variable is then assigned from it.
            Some(call) => {
                let tmp = self.temp("call", self.vars[var].kind, span);
                self.vars[tmp].mutable = false;
                self.push_call(tmp, call, span, out);
                Expr::new(ExprKind::Var(tmp), span)
            }
            None => self.lower_expr(e, out),
        };
        out.push(Stmt {
            kind: StmtKind::Assign {
                place: Place::Var(var),
                value,
                compound: None,
            },
            span,
        });
    }

    fn lower_return(&mut self, r: &syn::ExprReturn, out: &mut Vec<Stmt>) {
        let span = r.return_token.span;
        match &r.expr {
            Some(e) => {
                let ret = self.ret.clone();
                self.assign_result(e, &ret, out);
            }
            None if self.ret.is_empty() => {}
            None => {
                return self.error(
                    span,
                    "`return` without a value in a function that returns one",
                )
            }
        }
        let done = match self.done {
            Some(d) => d,
            None => {
                let d = self.temp("done", Kind::Bool, span);
                self.done = Some(d);
                d
            }
        };
        let t = Expr::new(ExprKind::Bool(true), span);
        out.push(Stmt {
            kind: StmtKind::Assign {
                place: Place::Var(done),
                value: t,
                compound: None,
            },
            span,
        });
    }

    /// The flags a `break` (`brk`) or `continue` sets: those of the loop it leaves (the
    /// innermost, or the one its label names) and the `break` flags of the loops nested
    /// in that one, which end too. `None` after an error.
    pub(super) fn loop_flags_for(
        &mut self,
        brk: bool,
        label: Option<&syn::Lifetime>,
        span: Span,
    ) -> Option<Vec<VarId>> {
        if self.loops.is_empty() {
            self.error(span, "`break` or `continue` outside a loop");
            return None;
        }
        let target = match label {
            None => self.loops.len() - 1,
            Some(l) => {
                let name = l.ident.to_string();
                let Some(t) = self
                    .loops
                    .iter()
                    .rposition(|f| f.label.as_deref() == Some(name.as_str()))
                else {
                    self.error(l.span(), format!("no enclosing loop is labelled `{l}`"));
                    return None;
                };
                t
            }
        };
        let mut flags = vec![self.flag_of(target, brk, span)];
        for inner in target + 1..self.loops.len() {
            flags.push(self.flag_of(inner, true, span));
        }
        Some(flags)
    }

    /// The variables a `break value` leaving the loop `label` (or the innermost) assigns.
    pub(super) fn loop_value(&self, label: Option<&syn::Lifetime>) -> Option<Vec<VarId>> {
        let l = match label {
            None => self.loops.last()?,
            Some(l) => {
                let name = l.ident.to_string();
                self.loops
                    .iter()
                    .rev()
                    .find(|f| f.label.as_deref() == Some(name.as_str()))?
            }
        };
        l.value.clone()
    }

    fn flag_of(&mut self, index: usize, brk: bool, span: Span) -> VarId {
        let existing = {
            let l = &self.loops[index];
            if brk {
                l.brk
            } else {
                l.cont
            }
        };
        if let Some(f) = existing {
            return f;
        }
        let f = self.temp(if brk { "brk" } else { "cont" }, Kind::Bool, span);
        let l = &mut self.loops[index];
        if brk {
            l.brk = Some(f)
        } else {
            l.cont = Some(f)
        }
        f
    }

    /// Enters a loop with this label; a `loop` used for its value gives the variables its
    /// `break value` assigns.
    pub(super) fn enter_loop(&mut self, label: Option<&syn::Label>, value: Option<Vec<VarId>>) {
        self.loops.push(LoopFlags {
            label: label.map(|l| l.name.ident.to_string()),
            value,
            ..LoopFlags::default()
        });
    }

    /// Leaves a loop; returns its (break, continue) flags.
    pub(super) fn leave_loop(&mut self) -> (Option<VarId>, Option<VarId>) {
        let l = self.loops.pop().expect("balanced loops");
        (l.brk, l.cont)
    }

    pub(super) fn done_flag(&self) -> Option<VarId> {
        self.done
    }

    pub(super) fn lower_body_block(&mut self, block: &syn::Block) -> Block {
        self.lower_block(block, Tail::Discard)
    }

    pub(super) fn lower_branch(&mut self, block: &syn::Block, tail: &Tail) -> Block {
        self.lower_block(block, tail.clone())
    }

    pub(super) fn lower_branch_expr(&mut self, e: &syn::Expr, tail: &Tail) -> Block {
        let id = self.open_scope();
        let mut stmts = vec![];
        self.lower_tail(e, tail, &mut stmts);
        self.close_scope();
        Block { id, stmts }
    }
}

/// What happens to a block's tail expression.
#[derive(Clone)]
pub(super) enum Tail {
    /// It is the function's result.
    Return,
    /// It is assigned to these variables.
    Into(Vec<VarId>),
    /// Its value is dropped (it must be `()`).
    Discard,
}

/// Whether a statement (at any depth) assigns `v`.
fn assigns(stmt: &Stmt, v: VarId) -> bool {
    sets_any(stmt, &[v])
}

/// Whether a statement (at any depth) assigns one of the flags.
pub(super) fn sets_any(stmt: &Stmt, flags: &[VarId]) -> bool {
    stmt.any(&|s| match &s.kind {
        StmtKind::Assign {
            place: Place::Var(v),
            ..
        }
        | StmtKind::Call { out: v, .. } => flags.contains(v),
        _ => false,
    })
}

pub(super) fn expr_span(e: &syn::Expr) -> Span {
    syn::spanned::Spanned::span(e)
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
        _ => false,
    })
}

fn stmt_span(s: &syn::Stmt) -> Span {
    syn::spanned::Spanned::span(s)
}

fn pat_span(p: &syn::Pat) -> Span {
    syn::spanned::Spanned::span(p)
}

pub(super) fn path_name(p: &syn::Path) -> String {
    p.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
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
    lw.type_params = item
        .sig
        .generics
        .type_params()
        .map(|t| t.ident.to_string())
        .collect();
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
                if parse::is_mut_float_ref(&pt.ty, &float) {
                    match lw.output_param(&ident, &pt.ty) {
                        Some(local) => params.push(Param {
                            var: local,
                            ty: (*pt.ty).clone(),
                            shape: ParamShape::Output,
                            active: false,
                        }),
                        None => {
                            lw.error(syn::spanned::Spanned::span(&pt.ty), "only `&mut [f64]` and `&mut Vec<f64>` (of the function's float type) can be output buffers: return other values instead");
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
                let mut shape = parse::param_shape(&pt.ty, &float);
                if shape == ParamShape::Struct
                    && body_uses.get(&ident.to_string()) == Some(&Kind::FloatSeq)
                {
                    // `a: &Vector` with `type Vector = Vec<f64>` elsewhere: the macro
                    // cannot see the alias, but indexing and `len` say it is a sequence.
                    shape = ParamShape::Slice;
                    lw.vars[var].kind = Kind::FloatSeq;
                }
                if shape == ParamShape::StructSlice && parse::is_rows(&pt.ty, &float) {
                    lw.vars[var].kind = Kind::StructSeq;
                    lw.declare_rows(var, parse::row_array_len(&pt.ty), ident.span());
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
                if shape == ParamShape::Struct && type_param {
                    shape = ParamShape::Inactive;
                    lw.vars[var].kind = Kind::Other;
                } else if shape == ParamShape::Struct {
                    // A tuple of floats is read as a struct of fields `.0`, `.1`, ….
                    lw.vars[var].kind = Kind::Struct;
                } else if shape == ParamShape::StructSlice && !parse::is_rows(&pt.ty, &float) {
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
                    lw.error(r.self_token.span, "a `#[differentiate]` method takes `&self`: the struct's fields are its parameters, and its cotangent has the struct's type (`&mut self` works too; `self` by value and typed `self` (`self: &Self`) are not supported)");
                    continue;
                }
                method = true;
                let ty: Type = syn::parse_quote!(&Self);
                let ident = Ident::new("self", r.self_token.span);
                let var = lw.declare_receiver(&ident, &ty);
                lw.struct_params.push(var);
                params.push(Param {
                    var,
                    ty,
                    shape: ParamShape::Struct,
                    active: active(&ident, ParamShape::Struct),
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
    lw.field_kinds = fields::field_kinds(&item.block, &roots, &float);
    lw.declare_slice_fields(&item.block, &roots);
    // A tuple's fields have the types it spells, whatever the body does with them.
    for input in &item.sig.inputs {
        let syn::FnArg::Typed(pt) = input else {
            continue;
        };
        let (syn::Pat::Ident(name), Type::Tuple(t)) = (&*pt.pat, parse::peel_refs(&pt.ty)) else {
            continue;
        };
        if parse::is_float_tuple(&Type::Tuple(t.clone()), &float) {
            for i in 0..t.elems.len() {
                lw.field_kinds
                    .insert(format!("{}.{i}", name.ident), Kind::Float);
            }
        }
    }
    let (ret_shape, ret_ty) = match &item.sig.output {
        syn::ReturnType::Default if !lw.outputs.is_empty() => {
            (Ret::Tuple(vec![]), syn::parse_quote!(()))
        }
        syn::ReturnType::Default => {
            lw.error(item.sig.ident.span(), "a `#[differentiate]` function must return a value to differentiate: add a return type, or write the results into `&mut [f64]` output buffers");
            (Ret::Single(Kind::Float), syn::parse_quote!(()))
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
    let undecided = lw.settle_guesses(&body);
    tuples::type_tuple_copies(&mut lw.vars, &body);
    lw.pass_floats_by_value(&mut body);
    let read_on_entry = outputs::read_on_entry(&body, &lw.outputs);
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
        body.stmts.insert(i, Stmt { kind, span });
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
        taken,
        body_items: lw.body_items,
        recursive,
        written_tys: vec![],
        type_params: lw.type_params.clone(),
        undecided,
    })
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
    if parse::is_rows(&syn::parse_quote!(&#ty), float)
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

/// `e` without a leading `&`.
fn peel_ref(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Reference(r) if r.mutability.is_none() => &r.expr,
        syn::Expr::Paren(p) => peel_ref(&p.expr),
        _ => e,
    }
}

pub(super) fn collect_idents(ts: proc_macro2::TokenStream, out: &mut HashSet<String>) {
    for tt in ts {
        match tt {
            proc_macro2::TokenTree::Ident(i) => {
                out.insert(i.to_string().replace("r#", ""));
            }
            proc_macro2::TokenTree::Group(g) => collect_idents(g.stream(), out),
            _ => {}
        }
    }
}

/// Names used as sequences (`d[i]`, `d.len()`, `d.iter()`), as `ndarray` arrays
/// (`d[[i, j]]`, `d.dot(…)`, `d.t()`, `d.sum()`, `d.mapv(…)`) or as an index (`i` of
/// `x[i]`: an integer), by their first such use.
pub(super) fn collect_use_kinds(ts: proc_macro2::TokenStream, out: &mut HashMap<String, Kind>) {
    use proc_macro2::{Delimiter, TokenTree};
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    for (k, tt) in trees.iter().enumerate() {
        if let TokenTree::Group(g) = tt {
            // `x[i]` (after an expression, not `= [i]`, `vec![i]` or `return [i]`): `i` is
            // an integer. A keyword is no expression (syn refuses it as an identifier).
            let after_expression = match k.checked_sub(1).map(|j| &trees[j]) {
                Some(TokenTree::Group(b)) => b.delimiter() != Delimiter::Brace,
                Some(TokenTree::Ident(name)) => syn::parse_str::<Ident>(&name.to_string()).is_ok(),
                _ => false,
            };
            let indexes = g.delimiter() == Delimiter::Bracket && after_expression;
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            if let ([TokenTree::Ident(i)], true) = (inner.as_slice(), indexes) {
                out.entry(i.to_string()).or_insert(Kind::Int);
            }
            collect_use_kinds(g.stream(), out);
            continue;
        }
        let TokenTree::Ident(name) = tt else { continue };
        let after_dot = k > 0 && matches!(&trees[k - 1], TokenTree::Punct(p) if p.as_char() == '.');
        if after_dot {
            continue;
        }
        let kind = match (trees.get(k + 1), trees.get(k + 2)) {
            (Some(TokenTree::Group(g)), _) if g.delimiter() == Delimiter::Bracket => {
                let nested = matches!(g.stream().into_iter().next(), Some(TokenTree::Group(inner)) if inner.delimiter() == Delimiter::Bracket);
                Some(if nested { Kind::Array } else { Kind::FloatSeq })
            }
            // `u.x` (a named field, no call): a struct value, whatever else says.
            (Some(TokenTree::Punct(p)), Some(TokenTree::Ident(_)))
                if p.as_char() == '.'
                    && !matches!(trees.get(k + 3), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
                    && !matches!(trees.get(k + 3), Some(TokenTree::Punct(c)) if c.as_char() == ':') =>
            {
                out.insert(name.to_string(), Kind::Struct);
                continue;
            }
            (Some(TokenTree::Punct(p)), Some(TokenTree::Ident(m))) if p.as_char() == '.' => {
                match m.to_string().as_str() {
                    "len" | "iter" | "to_vec" | "push" => Some(Kind::FloatSeq),
                    "dot" | "t" | "sum" | "mapv" | "mean" | "nrows" | "ncols" | "row"
                    | "column" => Some(Kind::Array),
                    // A method neither floats nor sequences have (`u.cross(&v)`): a struct
                    // value, whose method is differentiated.
                    m if struct_method(m) => Some(Kind::Struct),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(kind) = kind {
            out.entry(name.to_string()).or_insert(kind);
        }
    }
}

/// `e` without what only wraps it: parentheses, a block holding nothing but `e`, a closure
/// without parameters called where it is written (`(|| e)()`, `(move || e)()`).
fn peel_trivial(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => peel_trivial(&p.expr),
        syn::Expr::Block(b) if b.label.is_none() && b.attrs.is_empty() => {
            match b.block.stmts.as_slice() {
                [syn::Stmt::Expr(inner, None)] => peel_trivial(inner),
                _ => e,
            }
        }
        syn::Expr::Call(c) if c.args.is_empty() => {
            let mut f = &*c.func;
            while let syn::Expr::Paren(p) = f {
                f = &p.expr;
            }
            match f {
                // Not where `return` or `?` would leave the closure, not the function.
                syn::Expr::Closure(closure)
                    if closure.inputs.is_empty()
                        && closure.asyncness.is_none()
                        && !exits_early(&closure.body) =>
                {
                    peel_trivial(&closure.body)
                }
                _ => e,
            }
        }
        _ => e,
    }
}

/// Whether `e` has a `return` or a `?` (which leave the innermost closure or function).
fn exits_early(e: &syn::Expr) -> bool {
    fn question(ts: proc_macro2::TokenStream) -> bool {
        ts.into_iter().any(|t| match t {
            proc_macro2::TokenTree::Punct(p) => p.as_char() == '?',
            proc_macro2::TokenTree::Group(g) => question(g.stream()),
            _ => false,
        })
    }
    let tokens = quote::ToTokens::to_token_stream(e);
    crate::tokens::mentions_any(tokens.clone(), &["return"]) || question(tokens)
}

/// Whether a method is none of a float's, a sequence's, an array's or an iterator's: its
/// receiver is a struct.
pub(super) fn struct_method(name: &str) -> bool {
    crate::rules::lookup(name).is_none()
        && !NOT_STRUCT_METHODS.contains(&name)
        && !fields::ARRAY_METHODS.contains(&name)
        && !fields::SEQ_METHODS.contains(&name)
}

/// Methods of floats (besides those with derivative rules), sequences, arrays, iterators,
/// options and every type: a receiver calling one is not shown to be a struct.
const NOT_STRUCT_METHODS: &[&str] = &[
    "abs_sub",
    "as_mut",
    "as_ref",
    "as_slice",
    "borrow",
    "chunks",
    "clone",
    "cloned",
    "cmp",
    "contains",
    "copied",
    "dim",
    "enumerate",
    "eq",
    "expect",
    "extend",
    "fill",
    "first",
    "fold",
    "ge",
    "get",
    "gt",
    "insert",
    "into",
    "into_iter",
    "is_empty",
    "is_finite",
    "is_infinite",
    "is_nan",
    "is_normal",
    "is_sign_negative",
    "is_sign_positive",
    "iter",
    "iter_mut",
    "last",
    "le",
    "len",
    "lt",
    "map",
    "max_by",
    "mean_axis",
    "min_by",
    "ne",
    "partial_cmp",
    "pop",
    "product",
    "remove",
    "rev",
    "reverse",
    "shape",
    "slice",
    "sort",
    "sort_by",
    "sum_axis",
    "swap",
    "to_bits",
    "to_degrees",
    "to_owned",
    "to_radians",
    "to_string",
    "total_cmp",
    "unwrap",
    "unwrap_or",
    "view",
    "windows",
    "zip",
];

/// Names cast with `as` (`i as f64`).
fn collect_casts(ts: proc_macro2::TokenStream, out: &mut std::collections::HashSet<String>) {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    for (k, tt) in trees.iter().enumerate() {
        match (tt, trees.get(k + 1)) {
            (TokenTree::Group(g), _) => collect_casts(g.stream(), out),
            (TokenTree::Ident(name), Some(TokenTree::Ident(as_))) if as_ == "as" => {
                out.insert(name.to_string());
            }
            _ => {}
        }
    }
}

/// `let &[a, b] = x else { … };` on a sequence `x`: its length tested, then its elements
/// bound by position (`let a = x[0]; let b = x[1];`), the `else` block run where the length
/// differs (it diverges, as Rust requires).
fn slice_let_else(pat: &syn::Pat, init: &syn::Expr, diverge: &syn::Expr) -> Option<Vec<syn::Stmt>> {
    let pat = match pat {
        syn::Pat::Reference(r) => &*r.pat,
        other => other,
    };
    let syn::Pat::Slice(slice) = pat else {
        return None;
    };
    let base = match init {
        syn::Expr::Reference(r) => &*r.expr,
        other => other,
    };
    if !matches!(base, syn::Expr::Path(_) | syn::Expr::Field(_)) {
        return None;
    }
    let n = slice.elems.len();
    let mut stmts: Vec<syn::Stmt> = vec![syn::parse_quote!(if #base.len() != #n #diverge)];
    for (i, elem) in slice.elems.iter().enumerate() {
        match elem {
            syn::Pat::Wild(_) => {}
            syn::Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => {
                stmts.push(syn::parse_quote!(let #p = #base[#i];));
            }
            _ => return None,
        }
    }
    Some(stmts)
}

fn is_let_else(s: &syn::Stmt) -> bool {
    matches!(
        s,
        syn::Stmt::Local(syn::Local {
            init: Some(syn::LocalInit {
                diverge: Some(_),
                ..
            }),
            ..
        })
    )
}

/// `let P = e else { D };` as plain statements: a test and element reads for the ends of a
/// sequence and slice patterns, else a `match`; any other statement as it is.
fn expand_let_else(s: &syn::Stmt) -> Vec<syn::Stmt> {
    let syn::Stmt::Local(local) = s else {
        return vec![s.clone()];
    };
    let Some(syn::LocalInit {
        expr: init,
        diverge: Some((_, diverge)),
        ..
    }) = &local.init
    else {
        return vec![s.clone()];
    };
    if let Some((test, bind)) = element_option(&local.pat, init) {
        return vec![
            syn::parse_quote!(if !(#test) #diverge),
            syn::Stmt::Local(bind),
        ];
    }
    if let Some(stmts) = slice_let_else(&local.pat, init, diverge) {
        return stmts;
    }
    vec![match_let_else(&local.pat, init, diverge)]
}

/// `Some(&v)` (or `Some(v)`) matched against `x.first()`, `x.last()` or `x.get(i)` of a
/// named sequence: the test that the element exists and the `let` that reads it
/// (`let v = x[i];`), so that `v` may carry a derivative, which a pattern binding may not.
pub(super) fn element_option(pat: &syn::Pat, opt: &syn::Expr) -> Option<(syn::Expr, syn::Local)> {
    let syn::Pat::TupleStruct(some) = pat else {
        return None;
    };
    if !some.path.is_ident("Some") || some.elems.len() != 1 || some.qself.is_some() {
        return None;
    }
    let name = match &some.elems[0] {
        syn::Pat::Reference(r) => &*r.pat,
        other => other,
    };
    let syn::Pat::Ident(name) = name else {
        return None;
    };
    if name.by_ref.is_some() || name.subpat.is_some() {
        return None;
    }
    let syn::Expr::MethodCall(m) = opt else {
        return None;
    };
    let plain = |e: &syn::Expr| {
        matches!(
            e,
            syn::Expr::Path(_) | syn::Expr::Field(_) | syn::Expr::Lit(_)
        )
    };
    let base = &*m.receiver;
    if !plain(base) || m.turbofish.is_some() {
        return None;
    }
    let (test, elem): (syn::Expr, syn::Expr) = match (m.method.to_string().as_str(), m.args.len()) {
        ("first", 0) => (
            syn::parse_quote!(!#base.is_empty()),
            syn::parse_quote!(#base[0]),
        ),
        ("last", 0) => (
            syn::parse_quote!(!#base.is_empty()),
            syn::parse_quote!(#base[#base.len() - 1]),
        ),
        ("get", 1) if pure_index(&m.args[0]) => {
            let i = &m.args[0];
            // Parenthesised: `i + 1 as usize < n` would read `usize<` as generics.
            (
                syn::parse_quote!((#i) < #base.len()),
                syn::parse_quote!(#base[#i]),
            )
        }
        _ => return None,
    };
    // A `&f64` bound by `Some(v)` is read as the element's value, as an iterator's items
    // are (`*v` is `v`).
    let bind: syn::Stmt = syn::parse_quote!(let #name = #elem;);
    let syn::Stmt::Local(bind) = bind else {
        unreachable!("a `let` parses as a local")
    };
    Some((test, bind))
}

/// An index expression that may be evaluated twice (in a bounds test and in the read):
/// names, fields, literals and arithmetic, casts and lengths of them (`i + 1`, `n - k`).
fn pure_index(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::Path(_) | syn::Expr::Field(_) | syn::Expr::Lit(_) => true,
        syn::Expr::Paren(p) => pure_index(&p.expr),
        syn::Expr::Cast(c) => pure_index(&c.expr),
        syn::Expr::Unary(u) => pure_index(&u.expr),
        syn::Expr::Binary(b) => {
            !super::hygiene::is_compound(&b.op) && pure_index(&b.left) && pure_index(&b.right)
        }
        syn::Expr::MethodCall(m) => {
            m.method == "len" && m.args.is_empty() && pure_index(&m.receiver)
        }
        _ => false,
    }
}

/// `let P = e else { D };` for any other pattern (a type on it dropped: the `match` arm
/// cannot carry one): a `match` that yields the names `P` binds,
/// `let (a, mut b) = match e { P => (a, b), _ => D };`, so the patterns' rules (bindings
/// only on values with no derivative) are those of `match`.
fn match_let_else(pat: &syn::Pat, init: &syn::Expr, diverge: &syn::Expr) -> syn::Stmt {
    let pat = match pat {
        syn::Pat::Type(t) => &*t.pat,
        other => other,
    };
    let mut names = vec![];
    binding_names(pat, &mut names);
    let mut pat = pat.clone();
    syn::visit_mut::VisitMut::visit_pat_mut(&mut DropMut, &mut pat);
    let idents = names.iter().map(|(i, _)| i);
    let bound = names.iter().map(|(i, m)| quote::quote!(#m #i));
    match names.len() {
        1 => {
            syn::parse_quote!(let #(#bound)* = match #init { #pat => #(#idents)*, _ => #diverge };)
        }
        _ => {
            syn::parse_quote!(let (#(#bound),*) = match #init { #pat => (#(#idents),*), _ => #diverge };)
        }
    }
}

/// The names a pattern binds, each with its `mut`.
fn binding_names(p: &syn::Pat, out: &mut Vec<(syn::Ident, Option<syn::token::Mut>)>) {
    struct Find<'a>(&'a mut Vec<(syn::Ident, Option<syn::token::Mut>)>);
    impl syn::visit::Visit<'_> for Find<'_> {
        fn visit_pat_ident(&mut self, i: &syn::PatIdent) {
            // `None` and constants are written as plain names too; bindings are lower case.
            let constant = i.ident.to_string().starts_with(char::is_uppercase);
            if !constant && !self.0.iter().any(|(n, _)| *n == i.ident) {
                self.0.push((i.ident.clone(), i.mutability));
            }
            syn::visit::visit_pat_ident(self, i);
        }
        fn visit_pat_or(&mut self, o: &syn::PatOr) {
            // Every case binds the same names.
            if let Some(first) = o.cases.first() {
                self.visit_pat(first);
            }
        }
    }
    syn::visit::Visit::visit_pat(&mut Find(out), p);
}

/// Drops `mut` from a pattern's bindings (it moves to the `let` that receives them).
struct DropMut;
impl syn::visit_mut::VisitMut for DropMut {
    fn visit_pat_ident_mut(&mut self, i: &mut syn::PatIdent) {
        i.mutability = None;
        syn::visit_mut::visit_pat_ident_mut(self, i);
    }
}

/// `let [x, y, z] = p;` (an array or slice pattern of names) and `let Point { x, y } = p;`
/// (a struct pattern of fields) on a named value: one `let` per element or field
/// (`let x = p[0];`, `let x = p.x;`), each then a plain read; also through a reference
/// (`let &[x, y] = p;`, `let [x, y] = *p;`).
fn destructure_let(pat: &syn::Pat, init: &syn::Expr) -> Option<Vec<syn::Stmt>> {
    let pat = match pat {
        syn::Pat::Reference(r) => &*r.pat,
        other => other,
    };
    let base = match init {
        syn::Expr::Reference(r) => &*r.expr,
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => &*u.expr,
        other => other,
    };
    if !matches!(base, syn::Expr::Path(_) | syn::Expr::Field(_)) {
        return None;
    }
    let name = |p: &syn::Pat| match p {
        syn::Pat::Ident(i) if i.by_ref.is_none() && i.subpat.is_none() => Some(Some(i.clone())),
        syn::Pat::Wild(_) => Some(None),
        _ => None,
    };
    let mut stmts: Vec<syn::Stmt> = vec![];
    match pat {
        syn::Pat::Slice(slice) => {
            for (i, elem) in slice.elems.iter().enumerate() {
                if let Some(p) = name(elem)? {
                    stmts.push(syn::parse_quote!(let #p = #base[#i];));
                }
            }
        }
        syn::Pat::Struct(st) => {
            for field in &st.fields {
                let member = &field.member;
                if let Some(p) = name(&field.pat)? {
                    stmts.push(syn::parse_quote!(let #p = #base.#member;));
                }
            }
        }
        // `let (a, b) = p;` of a tuple parameter (a tuple expression is a plain `let`).
        syn::Pat::Tuple(t) if matches!(base, syn::Expr::Path(_)) => {
            for (i, elem) in t.elems.iter().enumerate() {
                let member = syn::Member::Unnamed(syn::Index::from(i));
                if let Some(p) = name(elem)? {
                    stmts.push(syn::parse_quote!(let #p = #base.#member;));
                }
            }
        }
        _ => return None,
    }
    Some(stmts)
}
