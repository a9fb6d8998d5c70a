//! Fields of struct parameters (`p: &Params`, `&self`): each field path the body reads
//! (`p.w1`, `self.inner.b`) becomes a variable of its own, bound at the top of every
//! generated function, so that the rest of the compiler sees one more parameter. The kind
//! of each comes from how the body uses it (`field_kinds`).

use super::calls::CallParts;
use super::Lowerer;
use crate::ir::*;
use std::collections::HashMap;
use syn::visit::Visit;

/// The dotted path of a field read rooted at one of `roots` (`p.w1` → `"p.w1"`).
pub(super) fn field_path(e: &syn::Expr, roots: &[String]) -> Option<(String, Vec<syn::Member>)> {
    match e {
        syn::Expr::Paren(p) => field_path(&p.expr, roots),
        syn::Expr::Field(f) => {
            let (root, mut path) = match &*f.base {
                syn::Expr::Path(p) => {
                    let ident = p.path.get_ident()?.to_string();
                    roots.contains(&ident).then(|| (ident, vec![]))?
                }
                base => field_path(base, roots)?,
            };
            path.push(f.member.clone());
            Some((root, path))
        }
        _ => None,
    }
}

/// The key of a field path: `p.w1`.
pub(super) fn path_key(root: &str, path: &[syn::Member]) -> String {
    let mut key = root.to_string();
    for m in path {
        key.push('.');
        key.push_str(&quote::quote!(#m).to_string());
    }
    key
}

/// The field paths among `slices` (fields read as slices of structs) whose elements, where
/// indexed (`self.points[i]`), are only read through their own fields as values
/// (`self.points[i].0`): such a field can be projected into columns of floats. An element
/// passed on whole, or a field of one borrowed, called a method on or indexed
/// (`&p.blocks[l].w`, `p.blocks[l].forward(x)`), keeps the field whole.
pub(super) fn columnable(body: &syn::Block, roots: &[String], slices: &[String]) -> Vec<String> {
    struct Elements<'r> {
        roots: &'r [String],
        /// Per field: its indexed elements, and those read through a field as a value.
        indexed: HashMap<String, usize>,
        read: HashMap<String, usize>,
        whole: std::collections::HashSet<String>,
    }
    impl Elements<'_> {
        /// The field whose element `e` reads a field of (`f[i].x`, `f[i].a.b`).
        fn element_field_of(&self, e: &syn::Expr) -> Option<String> {
            let mut e = peel_parens(e);
            let mut fields = 0;
            while let syn::Expr::Field(f) = e {
                e = peel_parens(&f.base);
                fields += 1;
            }
            let syn::Expr::Index(ix) = e else { return None };
            let (root, path) = field_path(&ix.expr, self.roots)?;
            (fields > 0).then(|| path_key(&root, &path))
        }
    }
    impl<'ast> Visit<'ast> for Elements<'_> {
        fn visit_expr(&mut self, e: &'ast syn::Expr) {
            match e {
                syn::Expr::Index(ix) => {
                    if let Some((root, path)) = field_path(&ix.expr, self.roots) {
                        *self.indexed.entry(path_key(&root, &path)).or_default() += 1;
                    }
                }
                syn::Expr::Field(f) if matches!(peel_parens(&f.base), syn::Expr::Index(_)) => {
                    if let Some(key) = self.element_field_of(e) {
                        *self.read.entry(key).or_default() += 1;
                    }
                }
                _ => {}
            }
            let held = match e {
                syn::Expr::Reference(r) => Some(&*r.expr),
                syn::Expr::MethodCall(m) => Some(&*m.receiver),
                syn::Expr::Index(ix) => Some(&*ix.expr),
                _ => None,
            };
            if let Some(key) = held.and_then(|h| self.element_field_of(h)) {
                self.whole.insert(key);
            }
            syn::visit::visit_expr(self, e);
        }
        fn visit_local(&mut self, l: &'ast syn::Local) {
            // `let (_, x, y) = self.nodes[i];`: each name reads a part (`tuple_lets`).
            if let (syn::Pat::Tuple(_), Some(init)) = (&l.pat, &l.init) {
                if let syn::Expr::Index(ix) = peel_parens(&init.expr) {
                    if let Some((root, path)) = field_path(&ix.expr, self.roots) {
                        *self.read.entry(path_key(&root, &path)).or_default() += 1;
                    }
                }
            }
            syn::visit::visit_local(self, l);
        }
    }
    let mut elements = Elements {
        roots,
        indexed: HashMap::new(),
        read: HashMap::new(),
        whole: Default::default(),
    };
    elements.visit_block(body);
    slices
        .iter()
        .filter(|k| {
            !elements.whole.contains(*k)
                && elements.indexed.get(*k).copied().unwrap_or(0)
                    == elements.read.get(*k).copied().unwrap_or(0)
        })
        .cloned()
        .collect()
}

/// `e` without the parentheses around it.
pub(super) fn peel_parens(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => peel_parens(&p.expr),
        _ => e,
    }
}

impl Lowerer {
    /// The variable of the field read `e`, if `e` reads a field of a struct parameter.
    pub(super) fn field_read(&mut self, e: &syn::Expr) -> Option<VarId> {
        let roots = self.struct_roots();
        let (root, path) = field_path(e, &roots)?;
        let base = self.lookup(&root)?;
        if !self.struct_params.contains(&base) {
            return None;
        }
        let key = path_key(&root, &path);
        if let Some(f) = self
            .fields
            .iter()
            .find(|f| f.base == base && path_key(&root, &f.path) == key)
        {
            return Some(f.var);
        }
        let kind = self.field_kinds.get(&key).copied().unwrap_or(Kind::Array);
        let mut stem = self.vars[base].stem.to_string();
        for m in &path {
            stem.push('_');
            stem.push_str(&quote::quote!(#m).to_string());
        }
        let span = syn::spanned::Spanned::span(e);
        let var = self.param_like(&stem, kind, span);
        self.fields.push(FieldProj { var, base, path });
        Some(var)
    }

    /// Whether `e` is a field of rows of indices, refused already.
    pub(super) fn refused_rows_field(&self, e: &syn::Expr) -> bool {
        let syn::Expr::Index(inner) = peel_parens(e) else {
            return false;
        };
        let roots = self.struct_roots();
        field_path(&inner.expr, &roots)
            .is_some_and(|(root, path)| self.refused_names.contains(&path_key(&root, &path)))
    }

    /// `e` is `p.data[i]`, an element of a field of a struct parameter that the body
    /// indexes again, and the field was not declared as rows (`rows::declare_rows_fields`):
    /// rows of rows (`self.w[l][i][j]`).
    pub(super) fn is_rows_field(&self, e: &syn::Expr) -> bool {
        let syn::Expr::Index(inner) = peel_parens(e) else {
            return false;
        };
        if self
            .struct_slice_named(&inner.expr)
            .is_some_and(|v| self.rows.contains_key(&v))
        {
            // Declared as rows (`declare_rows_fields`): read as a rows parameter is.
            return false;
        }
        let roots = self.struct_roots();
        // (`self.w[l][[i, j]]` of one `ndarray` array per element is an entry of one.)
        field_path(&inner.expr, &roots).is_some_and(|(root, path)| {
            self.lookup(&root)
                .is_some_and(|v| self.struct_params.contains(&v))
                && self.field_kinds.get(&path_key(&root, &path)) != Some(&Kind::ArraySeq)
        }) && !self.is_element_field_expr(&inner.expr)
    }

    /// The names under which struct parameters are visible.
    pub(super) fn struct_roots(&self) -> Vec<String> {
        self.scopes_names()
            .into_iter()
            .filter(|(_, v)| self.struct_params.contains(v))
            .map(|(n, _)| n)
            .collect()
    }
}

impl Lowerer {
    /// `p.blocks[l].w`: a field of an element of a struct sequence.
    pub(super) fn is_element_field(&self, f: &syn::ExprField) -> bool {
        let syn::Expr::Index(ix) = peel(&f.base) else {
            return false;
        };
        let roots = self.struct_roots();
        field_path(&ix.expr, &roots).is_some()
    }

    /// Whether `ix` is an element of a field of a struct parameter (`self.nodes[i]`).
    pub(super) fn is_field_element(&self, ix: &syn::ExprIndex) -> bool {
        let roots = self.struct_roots();
        !matches!(peel(&ix.index), syn::Expr::Range(_)) && field_path(&ix.expr, &roots).is_some()
    }

    /// Whether `f` reads a part of an element of a field that holds tuples of integers
    /// (`self.bins[f].0`, `field_kinds` took the field for no float).
    pub(super) fn is_integer_tuple_field(&self, f: &syn::ExprField) -> bool {
        let (syn::Expr::Index(ix), syn::Member::Unnamed(_)) = (peel(&f.base), &f.member) else {
            return false;
        };
        let roots = self.struct_roots();
        field_path(&ix.expr, &roots).is_some_and(|(root, path)| {
            self.field_kinds.get(&path_key(&root, &path)) == Some(&Kind::Other)
        })
    }

    /// `recv.method(args)` on a struct (`p.forward(&x)`, `p.blocks[l].forward(&x)`), when
    /// the receiver is one: the parts of a split call of the method's derivatives.
    pub(super) fn split_method(
        &mut self,
        m: &syn::ExprMethodCall,
        out: &mut Vec<Stmt>,
    ) -> Option<CallParts> {
        if crate::rules::lookup(&m.method.to_string()).is_some() || !self.may_be_struct(&m.receiver)
        {
            return None;
        }
        let mut pre = vec![];
        let recv = self.lower_expr(&m.receiver, &mut pre);
        if !self.differentiable_receiver(&recv) {
            return None;
        }
        out.extend(pre);
        Some(self.method_parts(recv, m, out))
    }

    /// Whether `e` is written like a struct: a struct parameter, a field path of one, or
    /// an element of such a path (lowering anything else here could report errors that
    /// belong to another reading of the expression).
    fn may_be_struct(&self, e: &syn::Expr) -> bool {
        let roots = self.struct_roots();
        match peel(e) {
            syn::Expr::Path(p) => p.path.get_ident().is_some_and(|i| {
                let name = i.to_string();
                roots.contains(&name)
                    || self
                        .lookup(&name)
                        .is_some_and(|v| self.vars[v].kind == Kind::Struct)
            }),
            // An element (`p.blocks[l]`), not a part (`p.w[1..]`, a sequence).
            syn::Expr::Index(ix) if matches!(&*ix.index, syn::Expr::Range(_)) => false,
            syn::Expr::Index(ix) => field_path(&ix.expr, &roots).is_some(),
            other => field_path(other, &roots).is_some(),
        }
    }

    /// Whether a method called on `recv` is a differentiated method: `recv` is a struct
    /// rooted in an active struct parameter (on a constant one, a method is an ordinary call).
    pub(super) fn differentiable_receiver(&self, recv: &Expr) -> bool {
        fn root(e: &Expr) -> Option<VarId> {
            match &e.kind {
                ExprKind::Var(v) => Some(*v),
                ExprKind::Ref(a) | ExprKind::Index(a, _) => root(a),
                _ => None,
            }
        }
        let base = |v: VarId| {
            self.fields
                .iter()
                .find(|f| f.var == v)
                .map_or(v, |f| f.base)
        };
        // (An element of a field of one array per element, `p.rows[l]`, whose `dot` is called
        // as a struct's method is: `Lowerer::lower_method`.)
        (self.kind_of(recv) == Kind::Struct || self.element_of_arrays(recv))
            && root(recv).is_some_and(|v| !self.constant_structs.contains(&base(v)))
    }

    /// Whether `e` is an element of a field holding one array per element (`p.rows[l]`,
    /// `&p.rows[l]`: `Kind::ArraySeq`).
    pub(super) fn element_of_arrays(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Ref(a) => self.element_of_arrays(a),
            ExprKind::Index(b, _) => self.kind_of(b) == Kind::ArraySeq,
            _ => false,
        }
    }

    fn method_parts(
        &mut self,
        recv: Expr,
        m: &syn::ExprMethodCall,
        out: &mut Vec<Stmt>,
    ) -> CallParts {
        let refused = self.refuse_closure_map(self.kind_of(&recv), m);
        let recv = self.lend_receiver(recv);
        let mark = out.len();
        let mut rest = match refused {
            // (The closure's own message would only repeat it.)
            true => vec![],
            false => self.lower_in_order(&m.args, out),
        };
        self.lend_held_arguments(&mut rest);
        let mut args = vec![recv];
        self.keep_before(&mut args, out, mark);
        args.extend(rest);
        CallParts {
            callee: syn::Path::from(m.method.clone()),
            args,
            method: true,
        }
    }

    /// The receiver of a method call on a struct, as the derived items take it: the
    /// pullback takes the receiver again, as a reference, so a struct value the function
    /// holds (a call's result, a literal) is lent.
    pub(super) fn lend_receiver(&self, recv: Expr) -> Expr {
        let owned_local = |v: VarId| {
            let var = &self.vars[v];
            var.scope.is_some()
                && !var.element
                && !matches!(var.ty, Some(syn::Type::Reference(_)))
                && !self.fields.iter().any(|f| f.var == v)
        };
        match recv.kind {
            ExprKind::Var(v) if owned_local(v) => {
                let span = recv.span;
                Expr::new(ExprKind::Ref(Box::new(recv)), span)
            }
            ExprKind::Var(_) | ExprKind::Ref(_) => recv,
            _ => {
                let span = recv.span;
                Expr::new(ExprKind::Ref(Box::new(recv)), span)
            }
        }
    }

    /// `method_call` with the receiver and arguments already lowered, in order.
    pub(super) fn method_call_of(
        &mut self,
        recv: Expr,
        args: Vec<Expr>,
        m: &syn::ExprMethodCall,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let span = m.method.span();
        let mut all = vec![self.lend_receiver(recv)];
        all.extend(args);
        self.lend_held_arguments(&mut all[1..]);
        let call = CallParts {
            callee: syn::Path::from(m.method.clone()),
            args: all,
            method: true,
        };
        let kind = self.call_kind(&call);
        self.call_into_temp(call, kind, span, out)
    }

    /// A method call on a struct inside an expression: a split call into a temporary
    /// (a float unless its `let` or assignment says otherwise).
    pub(super) fn method_call(
        &mut self,
        recv: Expr,
        m: &syn::ExprMethodCall,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let span = m.method.span();
        let call = self.method_parts(recv, m, out);
        let kind = self.call_kind(&call);
        self.call_into_temp(call, kind, span, out)
    }

    /// A split call whose value goes into a new temporary of `kind`, read where it stands.
    pub(super) fn call_into_temp(
        &mut self,
        call: CallParts,
        kind: Kind,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let tmp = self.temp("call", kind, span);
        self.vars[tmp].mutable = false;
        // A method's result taken for a float is a guess, kept whole if the body only passes
        // it on (`y + self.bias()` of arrays: `guess.rs`).
        if call.method && kind == Kind::Float {
            self.guessed.push(tmp);
        }
        self.push_call(tmp, call, span, out);
        Expr::new(ExprKind::Var(tmp), span)
    }
}

/// The variable a place is rooted at (`input` of `input[i].w`), if any.
pub(super) fn place_root(e: &syn::Expr) -> Option<&syn::Ident> {
    match peel(e) {
        syn::Expr::Index(ix) => place_root(&ix.expr),
        syn::Expr::Field(f) => place_root(&f.base),
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => place_root(&u.expr),
        syn::Expr::Path(p) => p.path.get_ident(),
        _ => None,
    }
}

/// `e` without parentheses and borrows: the place a field read names (`&(p.w)` is `p.w`).
pub(super) fn peel(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => peel(&p.expr),
        syn::Expr::Reference(r) => peel(&r.expr),
        _ => e,
    }
}
