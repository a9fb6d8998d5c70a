//! Slices of structs (`bodies: &[Body]`, `&Vec<Body>` of `#[derive(Differentiable)]`
//! structs), read through their elements' fields: `bodies[i].m`, `let b = &bodies[i];
//! … b.x …`, `for b in bodies { … b.v … }` and iterator chains over them.
//!
//! Each field path read from the elements becomes a column: a variable of its own, the
//! field over every element as a float sequence (`bodies_m`), bound at the top of every
//! generated function like a struct parameter's field (`ir::FieldProj` with the slice as its
//! base), so the rest of the compiler sees one more float slice parameter indexed where the
//! element was. Its adjoint is added back into the field of each element's cotangent
//! (`Vec<Body>`). An element bound by `let` (or by a loop over the slice) is an alias of
//! the slice at an index read once: the index is what the `let` binds, and the element
//! itself is never a value of the generated code, so any use of it other than a field read
//! is refused with a message.

use super::Lowerer;
use crate::ir::*;
use std::collections::HashSet;

impl Lowerer {
    /// The slice of structs and the index of `e` when it is an element of one:
    /// `bodies[e]` or `&bodies[e]`, and the ends Rust's slices name (`bodies.first()`,
    /// `.last()` and `.get(i)`, unwrapped: index 0, `bodies.len() - 1` and `i`).
    pub(super) fn slice_element(&self, e: &syn::Expr) -> Option<(VarId, syn::Expr)> {
        let struct_slice = |e: &syn::Expr| self.struct_slice_named(e);
        match e {
            syn::Expr::Paren(p) => self.slice_element(&p.expr),
            syn::Expr::Reference(r) if r.mutability.is_none() => self.slice_element(&r.expr),
            syn::Expr::Index(ix) => Some((struct_slice(&ix.expr)?, (*ix.index).clone())),
            syn::Expr::MethodCall(m)
                if matches!(m.method.to_string().as_str(), "unwrap" | "expect") =>
            {
                let syn::Expr::MethodCall(end) = &*m.receiver else {
                    return None;
                };
                let v = struct_slice(&end.receiver)?;
                let x = &end.receiver;
                let index: syn::Expr = match (end.method.to_string().as_str(), end.args.first()) {
                    ("first", None) => syn::parse_quote!(0),
                    ("last", None) => syn::parse_quote!(#x.len() - 1),
                    ("get", Some(i)) if !matches!(i, syn::Expr::Range(_)) => i.clone(),
                    _ => return None,
                };
                Some((v, index))
            }
            _ => None,
        }
    }

    /// The slice of structs `e` names: a parameter (`bodies`), or a field of a struct
    /// parameter read through its elements (`self.points`, see `declare_slice_fields`).
    pub(super) fn struct_slice_named(&self, e: &syn::Expr) -> Option<VarId> {
        match e {
            syn::Expr::Path(p) => {
                let v = self.lookup(&p.path.get_ident()?.to_string())?;
                self.struct_slices.contains(&v).then_some(v)
            }
            syn::Expr::Paren(p) => self.struct_slice_named(&p.expr),
            syn::Expr::Field(_) if !self.slice_fields.is_empty() => {
                let roots = self.scopes_names();
                let roots: Vec<String> = roots
                    .into_iter()
                    .filter(|(_, v)| self.struct_params.contains(v))
                    .map(|(n, _)| n)
                    .collect();
                let (root, path) = super::fields::field_path(e, &roots)?;
                self.slice_fields
                    .get(&super::fields::path_key(&root, &path))
                    .copied()
            }
            _ => None,
        }
    }

    /// The fields of struct parameters whose elements the body reads as structs
    /// (`self.points[i].0`, `for p in &self.particles { … p.x … }`): each a projection
    /// (`self_points`) handled from here on as a slice parameter of structs is, with columns
    /// of its own, where its elements are read only through float fields
    /// (`fields::columnable`).
    pub(super) fn declare_slice_fields(&mut self, body: &syn::Block, roots: &[String]) {
        let mut slices: Vec<String> = self
            .field_kinds
            .iter()
            .filter(|(_, k)| **k == Kind::StructSeq)
            .map(|(key, _)| key.clone())
            .collect();
        // In a fixed order: the generated code is the same from build to build.
        slices.sort();
        for key in super::fields::columnable(body, roots, &slices) {
            let Ok(read) = syn::parse_str::<syn::Expr>(&key) else {
                continue;
            };
            if let Some(var) = self.field_read(&read) {
                self.struct_slices.push(var);
                self.slice_fields.insert(key, var);
            }
        }
    }

    /// `e` with each element of slice `slice` it yields replaced by its index: the element
    /// itself, or an `if`/`else` (or block) whose every value is one (`if i > 0 { &f[i - 1] }
    /// else { &f[n - 1] }` gives `if i > 0 { i - 1 } else { n - 1 }`).
    fn element_index(&self, e: &syn::Expr, slice: &mut Option<VarId>) -> Option<syn::Expr> {
        if let Some((v, index)) = self.slice_element(e) {
            if slice.is_some_and(|s| s != v) {
                return None;
            }
            *slice = Some(v);
            return Some(index);
        }
        match e {
            syn::Expr::Paren(p) => self.element_index(&p.expr, slice),
            // Another name for an element: the same slice at the same index.
            syn::Expr::Path(p) => {
                let v = self.lookup(&p.path.get_ident()?.to_string())?;
                let &(of, index) = self.element_aliases.get(&v)?;
                if slice.is_some_and(|s| s != of) {
                    return None;
                }
                *slice = Some(of);
                let index = &self.vars[index].name;
                Some(syn::parse_quote!(#index))
            }
            syn::Expr::If(i) => {
                let (else_token, other) = i.else_branch.as_ref()?;
                let then_branch = self.block_index(&i.then_branch, slice)?;
                let other = self.element_index(other, slice)?;
                let mut i = i.clone();
                i.then_branch = then_branch;
                i.else_branch = Some((*else_token, Box::new(other)));
                Some(syn::Expr::If(i))
            }
            syn::Expr::Block(b) if b.label.is_none() => {
                let mut b = b.clone();
                b.block = self.block_index(&b.block, slice)?;
                Some(syn::Expr::Block(b))
            }
            _ => None,
        }
    }

    fn block_index(&self, b: &syn::Block, slice: &mut Option<VarId>) -> Option<syn::Block> {
        let mut b = b.clone();
        match b.stmts.last_mut()? {
            syn::Stmt::Expr(tail, None) => *tail = self.element_index(tail, slice)?,
            _ => return None,
        }
        Some(b)
    }

    /// `let b = &bodies[e];` (or `bodies[e]`, or an `if` choosing among elements): binds
    /// `b` as an alias of the element, its index computed once into a variable of its own.
    /// Returns whether the `let` was one.
    pub(super) fn lower_element_let(&mut self, local: &syn::Local, out: &mut Vec<Stmt>) -> bool {
        if self.struct_slices.is_empty() {
            return false;
        }
        // `let b = &bodies[i];`, typed or not (`let row: &Vec<f64> = &a[i];`).
        let pat = match &local.pat {
            syn::Pat::Type(t) => &*t.pat,
            other => other,
        };
        let (syn::Pat::Ident(p), Some(init)) = (pat, &local.init) else {
            return false;
        };
        if p.by_ref.is_some() || p.mutability.is_some() || init.diverge.is_some() {
            return false;
        }
        let mut slice = None;
        let Some(index) = self.element_index(&init.expr, &mut slice) else {
            return false;
        };
        let Some(slice) = slice else { return false };
        let index_name = self.synthetic_ident(&format!("{}_index", p.ident));
        self.lower_stmt(&syn::parse_quote!(let #index_name: usize = #index;), out);
        let Some(index_var) = self.lookup(&index_name.to_string()) else {
            return false;
        };
        // The generated code names the index after the element (`row_index`); the
        // syntax this module writes reaches it by that name too.
        let readable = self.fresh_name(&format!("{}_index", p.ident), p.ident.span(), false);
        self.vars[index_var].name = readable.clone();
        self.vars[index_var].stem = readable.clone();
        self.bind_hidden(&readable, index_var);
        let alias = self.temp(&p.ident.to_string(), Kind::Other, p.ident.span());
        self.bind_name(&p.ident, alias, false);
        self.element_aliases.insert(alias, (slice, index_var));
        true
    }

    /// A field read of an element of a slice of structs (`bodies[i].m`, `b.pos.x` of an
    /// element `b`): the column's element at the index.
    pub(super) fn element_field(
        &mut self,
        f: &syn::ExprField,
        out: &mut Vec<Stmt>,
    ) -> Option<Expr> {
        if self.struct_slices.is_empty() {
            return None;
        }
        let span = syn::spanned::Spanned::span(&f.member);
        let mut path = vec![f.member.clone()];
        let mut base = &*f.base;
        while let syn::Expr::Field(inner) = peel_parens(base) {
            path.insert(0, inner.member.clone());
            base = &inner.base;
        }
        let base = peel_parens(base);
        let (slice, index) = if let Some((slice, index)) = self.slice_element(base) {
            (slice, self.lower_expr(&index, out))
        } else {
            let syn::Expr::Path(p) = base else {
                return None;
            };
            let v = self.lookup(&p.path.get_ident()?.to_string())?;
            let &(slice, index) = self.element_aliases.get(&v)?;
            (slice, Expr::new(ExprKind::Var(index), span))
        };
        let column = self.column(slice, path, span);
        let column = Expr::new(ExprKind::Var(column), span);
        Some(Expr::new(
            ExprKind::Index(Box::new(column), Box::new(index)),
            span,
        ))
    }

    /// Whether `e` is a field read of an element of a slice of structs (`b.pos`,
    /// `bodies[i].pos`).
    pub(super) fn is_element_field_expr(&self, e: &syn::Expr) -> bool {
        if self.struct_slices.is_empty() {
            return false;
        }
        let mut base = peel_parens(e);
        let mut fields = 0;
        while let syn::Expr::Field(f) = base {
            base = peel_parens(&f.base);
            fields += 1;
        }
        let alias = || match base {
            syn::Expr::Path(p) => p
                .path
                .get_ident()
                .and_then(|i| self.lookup(&i.to_string()))
                .is_some_and(|v| self.element_aliases.contains_key(&v)),
            _ => false,
        };
        fields > 0 && (self.slice_element(base).is_some() || alias())
    }

    /// The column of `slice` for a field path, made on its first read.
    fn column(&mut self, slice: VarId, path: Vec<syn::Member>, span: Span) -> VarId {
        let key = |p: &[syn::Member]| quote::quote!(#(#p).*).to_string();
        if let Some(f) = self
            .fields
            .iter()
            .find(|f| f.base == slice && key(&f.path) == key(&path))
        {
            return f.var;
        }
        let mut stem = self.vars[slice].stem.to_string();
        for m in &path {
            stem.push('_');
            stem.push_str(&quote::quote!(#m).to_string());
        }
        let key = quote::quote!(#(#path).*).to_string();
        let kind = match self.struct_element_fields.contains(&key) {
            true => Kind::StructSeq,
            false if self.integer_member(slice, &path) => Kind::IntSeq,
            false => Kind::FloatSeq,
        };
        let var = self.param_like(&stem, kind, span);
        self.fields.push(FieldProj {
            var,
            base: slice,
            path,
        });
        var
    }

    /// Whether `path` is an integer of the tuples a slice parameter holds as written
    /// (`.0` of `row: &[(usize, f64)]`), or that a field's uses show one (`j` of `for &(j,
    /// w) in &self.row { … x[j] … }`): a column of integers, with no derivative (made
    /// through `fields::integer_column`, so a float there is rustc's error).
    fn integer_member(&self, slice: VarId, path: &[syn::Member]) -> bool {
        let [syn::Member::Unnamed(k)] = path else {
            return false;
        };
        // A field's tuples: the parts its uses show integers (`field_kinds`).
        if let Some((key, _)) = self.slice_fields.iter().find(|(_, v)| **v == slice) {
            return self.field_kinds.get(&format!("{key}.{}", k.index)) == Some(&Kind::Int);
        }
        let Some(ty) = &self.vars[slice].ty else {
            return false;
        };
        let Some((element, _)) = crate::types::element(crate::types::peel_refs(ty)) else {
            return false;
        };
        matches!(crate::types::peel_refs(element), syn::Type::Tuple(t)
        if t.elems.iter().nth(k.index as usize).is_some_and(|e| {
            crate::types::kind_of_type(e, &self.float) == Kind::Int
        }))
    }

    pub(super) fn is_element_alias(&self, v: VarId) -> bool {
        self.element_aliases.contains_key(&v)
    }

    /// An element alias used as a value (`norm(p)` for `let p = &pts[i];`): the reference
    /// to the element it names, `&pts[p_index]`.
    pub(super) fn element_value(&mut self, v: VarId, span: Span) -> Expr {
        let (slice, index) = self.element_aliases[&v];
        let element = Expr::new(
            ExprKind::Index(
                Box::new(Expr::new(ExprKind::Var(slice), span)),
                Box::new(Expr::new(ExprKind::Var(index), span)),
            ),
            span,
        );
        Expr::new(ExprKind::Ref(Box::new(element)), span)
    }
}

/// The field paths (`pos`, `state.v`) of values the body uses as structs where they are
/// read from something indexed or named (`bodies[i].pos`, `b.pos` of an element `b`): the
/// receiver of a struct's method (`bodies[i].pos.norm()`), an operand of the arithmetic such
/// a method is called on (`(bodies[i].pos - bodies[j].pos).norm()`), or lent to a method
/// (`u.dot(&b.pos)`), directly or through a `let` the body uses as a struct. Floats have
/// none of these uses, so an element's field so used is a struct, whose column holds struct
/// values.
pub(super) fn struct_element_fields(body: &syn::Block) -> HashSet<String> {
    use syn::visit::Visit;
    struct Find(HashSet<String>, std::collections::HashMap<String, Kind>);
    impl Find {
        fn note(&mut self, e: &syn::Expr) {
            let e = peel_parens(e);
            let mut path = vec![];
            let mut base = e;
            while let syn::Expr::Field(f) = base {
                path.insert(0, f.member.clone());
                base = peel_parens(&f.base);
            }
            let element = matches!(base, syn::Expr::Index(_) | syn::Expr::Path(_));
            if !path.is_empty() && element {
                self.0.insert(quote::quote!(#(#path).*).to_string());
            }
        }
        fn note_operands(&mut self, e: &syn::Expr) {
            match peel_parens(e) {
                syn::Expr::Binary(b)
                    if matches!(
                        b.op,
                        syn::BinOp::Add(_)
                            | syn::BinOp::Sub(_)
                            | syn::BinOp::Mul(_)
                            | syn::BinOp::Div(_)
                    ) =>
                {
                    self.note_operands(&b.left);
                    self.note_operands(&b.right);
                }
                other => self.note(other),
            }
        }
    }
    impl<'ast> Visit<'ast> for Find {
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            if super::uses::struct_method(&m.method.to_string()) || m.method == "dot" {
                self.note_operands(&m.receiver);
                for a in &m.args {
                    if let syn::Expr::Reference(r) = a {
                        self.note(&r.expr);
                    }
                }
            }
            syn::visit::visit_expr_method_call(self, m);
        }
        // `let d = a.pos - b.pos; d.norm()`: the same, through a name the body uses as a
        // struct.
        fn visit_local(&mut self, l: &'ast syn::Local) {
            if let (syn::Pat::Ident(p), Some(init)) = (&l.pat, &l.init) {
                if self.1.get(&p.ident.to_string()) == Some(&Kind::Struct) {
                    self.note_operands(&init.expr);
                }
            }
            syn::visit::visit_local(self, l);
        }
    }
    let mut uses = std::collections::HashMap::new();
    super::uses::collect_use_kinds_of_locals(quote::ToTokens::to_token_stream(body), &mut uses);
    let mut find = Find(HashSet::new(), uses);
    find.visit_block(body);
    find.0
}

fn peel_parens(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => peel_parens(&p.expr),
        other => other,
    }
}
