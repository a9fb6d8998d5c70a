//! Calls that change state: a method on a `mut` variable or a `&mut` parameter
//! (`stack.pop()`, `rng.gen()`, `it.next()`), a call lending an argument mutably
//! (`advance(&mut state)`), or a function of no argument (`rand::random()`, a counter). The
//! derivative code must not run them again, and must not read again what they changed: each
//! such call is bound once, where the primal runs it (`let called = stack.pop();`), and so
//! is each scalar read of a variable some call changes (`stack.len()`, `count`, `order[i]`),
//! so that the reverse sweep reads the value the primal read rather than the state it left.

use super::*;
pub(super) use crate::types::READS_ONLY;
use syn::punctuated::Punctuated;
use syn::visit::Visit;

impl Lowerer {
    /// Whether a method call may change state it reads again: its receiver is (a place in)
    /// a `mut` variable or a `&mut` parameter (`stack.pop()`, `rng.gen()`, `it.next()`), or
    /// an argument is lent mutably. Such a call runs once, where the primal runs it.
    pub(super) fn mutates_receiver(
        &self,
        receiver: &syn::Expr,
        receiver_kind: Kind,
        args: &Punctuated<syn::Expr, syn::Token![,]>,
    ) -> bool {
        // The place the method is called on (a later method of a chain is called on the
        // value the earlier one made); a float or an integer has no method that changes it.
        let mut root = receiver;
        while let syn::Expr::Field(syn::ExprField { base: e, .. })
        | syn::Expr::Index(syn::ExprIndex { expr: e, .. })
        | syn::Expr::Paren(syn::ExprParen { expr: e, .. }) = root
        {
            root = e;
        }
        let scalar = matches!(receiver_kind, Kind::Float | Kind::Int | Kind::Bool);
        let mutable_root = match root {
            syn::Expr::Path(p) if !scalar => p.path.get_ident().and_then(|i| self.lookup(&i.to_string())).is_some_and(|v| {
                self.vars[v].mutable
                    || matches!(&self.vars[v].ty, Some(syn::Type::Reference(r)) if r.mutability.is_some())
            }),
            _ => false,
        };
        mutable_root || args.iter().any(lends_mutably)
    }

    /// `let t = call;` before the statement, and `t` in its place: the call runs once, in
    /// the primal's order, and the derivative code reads its value rather than calling it
    /// again (a second `stack.pop()` would pop another element).
    pub(super) fn evaluated_once(&mut self, call: Expr, span: Span, out: &mut Vec<Stmt>) -> Expr {
        let kind = self.kind_of(&call);
        let value = self.bind_value("called", kind, call, span, out);
        if let ExprKind::Var(t) = value.kind {
            self.evaluated_once.insert(t);
        }
        value
    }

    /// A `#[checkpoint]` segment is run again by the reverse sweep, from the state saved
    /// at its start: a call in it that changes state (`st.pop()`, `rand::random()`) would
    /// run again and give other values, and a read of state that calls change
    /// (`st.len()`) would read its later state. Each is refused, where it is written.
    pub(super) fn refuse_effects_in_checkpoints(&mut self, block: &Block) {
        // A split method call on a `mut` local or a `&mut` parameter (`rng.next()` of a
        // user's generator) may change its receiver: the macro cannot see whether the
        // method takes `&mut self`, so such a call counts as one that does.
        let mut once = self.evaluated_once.clone();
        let vars = &self.vars;
        let changes_receiver = |args: &[Expr]| {
            let mut recv = args.first();
            while let Some(Expr {
                kind: ExprKind::Ref(inner),
                ..
            }) = recv
            {
                recv = Some(inner);
            }
            matches!(recv, Some(Expr { kind: ExprKind::Var(v), .. }) if vars[*v].mutable
                || matches!(&vars[*v].ty, Some(syn::Type::Reference(r)) if r.mutability.is_some()))
        };
        fn calls(block: &Block, hit: &dyn Fn(&[Expr]) -> bool, into: &mut HashSet<VarId>) {
            for s in &block.stmts {
                if let StmtKind::Call {
                    out,
                    args,
                    method: true,
                    ..
                } = &s.kind
                {
                    if hit(args) {
                        into.insert(*out);
                    }
                }
                for b in s.blocks() {
                    calls(b, hit, into);
                }
            }
        }
        calls(block, &changes_receiver, &mut once);
        fn find(block: &Block, once: &HashSet<VarId>, inside: bool, found: &mut Vec<Span>) {
            for s in &block.stmts {
                let segment = inside
                    || matches!(
                        &s.kind,
                        StmtKind::For {
                            checkpoint: Some(_),
                            ..
                        } | StmtKind::While {
                            checkpoint: Some(_),
                            ..
                        } | StmtKind::Block { .. }
                    );
                if let (true, StmtKind::Let { var, .. } | StmtKind::Call { out: var, .. }) =
                    (inside, &s.kind)
                {
                    if once.contains(var) {
                        found.push(s.span);
                    }
                }
                for b in s.blocks() {
                    find(b, once, segment, found);
                }
            }
        }
        let mut found = vec![];
        find(block, &once, false, &mut found);
        for span in found {
            self.error(span, "a `#[checkpoint]` segment is run again by the reverse sweep, and this call changes (or reads) state that the run before changed (`stack.pop()`, `rng.gen()`, `rand::random()`, a counter): it would give other values there. Make the call outside the checkpointed loop or block (draw the values into a `Vec` before it and index it), or drop `#[checkpoint]`");
        }
    }

    /// `let name = value;` with a fresh `name` of `kind`, before the statement; `name` in
    /// the value's place.
    pub(super) fn bind_value(
        &mut self,
        base: &str,
        kind: Kind,
        value: Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let t = self.temp(base, kind, span);
        self.vars[t].mutable = false;
        out.push(Stmt::new(
            StmtKind::Let {
                var: t,
                init: Some(value),
            },
            span,
        ));
        Expr::new(ExprKind::Var(t), span)
    }

    /// `e` read once, where the primal reads it, when it reads a variable that a call
    /// changes (`changed_by_calls`) and its value is a scalar: the derivative code then
    /// reads the value read here, not the variable's later state.
    pub(super) fn read_once(&mut self, root: &syn::Expr, e: Expr, out: &mut Vec<Stmt>) -> Expr {
        // (A float sequence only ever lent to functions, `fill(x, &mut buf)`, is assigned
        // by each such call in the IR: `ir::lower::lent`.)
        let changed = root_name(root).is_some_and(|n| {
            self.changed_by_calls.contains(&n)
                && !(self.lent_only.contains(&n)
                    && self
                        .lookup(&n)
                        .is_some_and(|v| self.vars[v].kind == Kind::FloatSeq))
        });
        if changed && matches!(self.kind_of(&e), Kind::Int | Kind::Float | Kind::Bool) {
            let span = e.span;
            return self.evaluated_once(e, span, out);
        }
        e
    }
}

/// The variable at the root of a place (`v` of `v[i].x`).
fn root_name(e: &syn::Expr) -> Option<String> {
    let mut root = e;
    while let syn::Expr::Field(syn::ExprField { base: e, .. })
    | syn::Expr::Index(syn::ExprIndex { expr: e, .. })
    | syn::Expr::Paren(syn::ExprParen { expr: e, .. })
    | syn::Expr::MethodCall(syn::ExprMethodCall { receiver: e, .. }) = root
    {
        root = e;
    }
    match root {
        syn::Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
        _ => None,
    }
}

/// The names of the variables that calls in `item` may change: receivers, declared `mut`
/// or `&mut`, of methods that are not known to only read, and arguments lent mutably. By
/// name, over the whole function: a shadowed name counts for every binding of it, which
/// only binds a few more reads. Second, those of them changed only as arguments lent to
/// functions called by a path (`fill(x, &mut buf)`), which are assigned in the IR where
/// they are float sequences (`ir::lower::lent`).
pub(super) fn changed_by_calls(item: &syn::ItemFn) -> (HashSet<String>, HashSet<String>) {
    struct Scan {
        mutable: HashSet<String>,
        changed: HashSet<String>,
        /// Lent to functions called by a path.
        lent: HashSet<String>,
        /// Changed otherwise.
        other: HashSet<String>,
    }
    impl<'ast> Visit<'ast> for Scan {
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            if p.mutability.is_some() {
                self.mutable.insert(p.ident.to_string());
            }
        }
        fn visit_pat_type(&mut self, p: &'ast syn::PatType) {
            if let (syn::Pat::Ident(i), syn::Type::Reference(r)) = (&*p.pat, &*p.ty) {
                if r.mutability.is_some() {
                    self.mutable.insert(i.ident.to_string());
                }
            }
            syn::visit::visit_pat_type(self, p);
        }
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            let name = m.method.to_string();
            if name == "and" {
                // `Zip::from(…).and(&mut d)`: lowered into element writes too.
                self.visit_expr(&m.receiver);
                for a in &m.args {
                    match a {
                        syn::Expr::Reference(r) => self.visit_expr(&r.expr),
                        other => self.visit_expr(other),
                    }
                }
                return;
            }
            let known = READS_ONLY.contains(&name.as_str())
                || LOWERED.contains(&name.as_str())
                || crate::rules::lookup(&name).is_some();
            if !known {
                if let Some(root) = root_name(&m.receiver) {
                    self.changed.insert(root.clone());
                    self.other.insert(root);
                }
            }
            for a in &m.args {
                if let Some(root) = lent_root(a) {
                    self.other.insert(root);
                }
            }
            syn::visit::visit_expr_method_call(self, m);
        }
        // `for v in &mut x` and `Zip::from(&mut c)`: lowered into element writes.
        fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
            match &*f.expr {
                syn::Expr::Reference(r) if r.mutability.is_some() => self.visit_expr(&r.expr),
                other => self.visit_expr(other),
            }
            self.visit_pat(&f.pat);
            self.visit_block(&f.body);
        }
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            // `std::mem::take(&mut x)`, `replace`, `swap`: lowered into assignments.
            let mem = matches!(&*c.func, syn::Expr::Path(p) if matches!(&crate::tokens::segment_names(&p.path)[..], [.., m, f] if m == "mem" && ["take", "replace", "swap"].contains(&f.as_str())));
            if mem {
                for a in &c.args {
                    match a {
                        syn::Expr::Reference(r) => self.visit_expr(&r.expr),
                        other => self.visit_expr(other),
                    }
                }
                return;
            }
            let zip = matches!(&*c.func, syn::Expr::Path(p) if p.path.segments.iter().any(|s| s.ident == "Zip"));
            for a in &c.args {
                match a {
                    syn::Expr::Reference(r) if zip => self.visit_expr(&r.expr),
                    other => {
                        if let Some(root) = lent_root(other) {
                            self.lent.insert(root);
                        }
                        self.visit_expr(other)
                    }
                }
            }
            self.visit_expr(&c.func);
        }
        fn visit_expr_reference(&mut self, r: &'ast syn::ExprReference) {
            if r.mutability.is_some() {
                if let Some(root) = root_name(&r.expr) {
                    self.changed.insert(root);
                }
            }
            syn::visit::visit_expr_reference(self, r);
        }
    }
    let mut scan = Scan {
        mutable: HashSet::new(),
        changed: HashSet::new(),
        lent: HashSet::new(),
        other: HashSet::new(),
    };
    scan.visit_item_fn(item);
    let mutable = scan.mutable;
    scan.changed.retain(|n| mutable.contains(n));
    let other = scan.other;
    let lent_only = scan
        .lent
        .into_iter()
        .filter(|n| !other.contains(n))
        .collect();
    (scan.changed, lent_only)
}

/// `v` of an argument `&mut v`, `&mut v[..]`, `&mut *v`.
fn lent_root(a: &syn::Expr) -> Option<String> {
    let syn::Expr::Reference(r) = a else {
        return None;
    };
    r.mutability?;
    match &*r.expr {
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => root_name(&u.expr),
        e => root_name(e),
    }
}

/// `&mut e` among a call's arguments: the callee may change `e`.
pub(super) fn lends_mutably(e: &syn::Expr) -> bool {
    matches!(e, syn::Expr::Reference(r) if r.mutability.is_some())
}

/// Methods that lowering turns into code of its own (element loops, pushes, chains): their
/// changes are written in the IR, where the analyses see them.
const LOWERED: &[&str] = &[
    "iter_mut",
    "push",
    "copy_from_slice",
    "clone_from_slice",
    "into_iter",
    "zip",
    "map",
    "filter",
    "enumerate",
    "rev",
    "skip",
    "take",
    "step_by",
    "chain",
    "windows",
    "chunks",
    "chunks_exact",
    "fold",
    "product",
    "collect",
    "for_each",
    "reduce",
    "max_by",
    "min_by",
    "any",
    "all",
    "count",
    "position",
    "mapv",
    "mapv_into",
    "map_inplace",
    "slice",
    "sum_axis",
    "mean_axis",
];
