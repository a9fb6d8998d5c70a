//! `let`s that give another name to a value: of a slice of structs, of rows or of a
//! sequence (`let b = &a;`), bound as the same variable; of a struct parameter, which
//! the derived items cannot hold twice, refused with a message.

use super::*;

impl Lowerer {
    /// `let b = a;` (or `&a`) of a slice of structs or of rows, which the body reads as it
    /// reads `a`: `b` names `a` (a copy would be a new sequence with no projections); so of
    /// a sequence parameter, and of a borrow of any sequence (`let m = &minor;`).
    pub(super) fn alias_let(&mut self, local: &syn::Local) -> bool {
        let pat = match &local.pat {
            syn::Pat::Type(t) => &*t.pat,
            other => other,
        };
        let (syn::Pat::Ident(p), Some(init)) = (pat, &local.init) else {
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
        // (And `let w = x;` of a sequence parameter, `&[f64]`: the same values, which every
        // derived item holds; a copy of the reference would tie the pullback to its
        // lifetime. A struct parameter's other names are written out before lowering,
        // `parse::inline_struct_aliases`.)
        let sequence_param = self.vars[v].kind == Kind::FloatSeq
            && self.vars[v].scope.is_none()
            && !self.outputs.iter().any(|o| o.local == v);
        // (And `let w = &v;` of any sequence: `v` cannot change while `w` lives, so `w[i]`
        // is `v[i]` wherever it is read.)
        let borrowed_sequence = matches!(&*init.expr, syn::Expr::Reference(r) if r.mutability.is_none())
            && self.vars[v].kind == Kind::FloatSeq
            && !self.rows.contains_key(&v);
        if borrowed_sequence {
            let mutable = self.vars[v].mutable;
            self.bind_name(&p.ident, v, mutable);
            self.borrow_aliases.insert(p.ident.to_string(), v);
            return true;
        }
        if !(self.vars[v].kind == Kind::StructSeq || sequence_param) || self.vars[v].mutable {
            return false;
        }
        self.bind_name(&p.ident, v, false);
        true
    }
}

impl Lowerer {
    /// `let q = p;` (or `&p`, `p.inner`) of a struct parameter, left by
    /// `parse::aliases` as written because a name is bound again after it or named in a
    /// macro: the derived items cannot hold a second name of such a parameter, so this is
    /// the macro's error rather than rustc's about generated code.
    pub(super) fn refuse_struct_alias(&mut self, local: &syn::Local) {
        let (syn::Pat::Ident(name), Some(init)) = (&local.pat, &local.init) else {
            return;
        };
        let mut place = &*init.expr;
        if let syn::Expr::Reference(r) = place {
            place = &r.expr;
        }
        // `let s = if c { a } else { b };` of two struct parameters: no place to write out.
        if matches!(place, syn::Expr::If(_) | syn::Expr::Match(_)) {
            let mut values = vec![];
            branch_values(place, &mut values);
            let struct_param = |e: &syn::Expr| {
                let e = match e {
                    syn::Expr::Reference(r) => &*r.expr,
                    e => e,
                };
                matches!(e, syn::Expr::Path(p) if p.path.get_ident().and_then(|i| self.lookup(&i.to_string()))
                    .is_some_and(|v| self.struct_params.contains(&v)
                        && !self.constant_structs.contains(&v)
                        && self.vars[v].kind == Kind::Struct))
            };
            if !values.is_empty() && values.iter().all(|v| struct_param(v)) {
                let n = &name.ident;
                self.error(
                    syn::spanned::Spanned::span(&local.pat),
                    format!("`{n}` is one struct parameter or another, chosen by a condition, which the derivatives cannot hold as one value: choose the fields instead (`let k = if c {{ a.k }} else {{ b.k }};`), or pass the chosen struct to a `#[differentiate]` function (`if c {{ f(a, x) }} else {{ f(b, x) }}`)"),
                );
                self.refused_names.insert(n.to_string());
            }
            return;
        }
        let mut root = place;
        let mut fields = 0;
        while let syn::Expr::Field(f) = root {
            root = &f.base;
            fields += 1;
        }
        let Some(v) = (match root {
            syn::Expr::Path(p) => p.path.get_ident().and_then(|i| self.lookup(&i.to_string())),
            _ => None,
        }) else {
            return;
        };
        let whole_struct = fields == 0 && self.vars[v].kind == Kind::Struct;
        let struct_field = fields > 0
            && self.field_kinds.get(
                &quote::ToTokens::to_token_stream(place)
                    .to_string()
                    .replace(' ', ""),
            ) == Some(&Kind::Struct);
        // (Only roots `parse::aliases` takes: a user's struct the function does not change,
        // not a tuple, whose parts the macro's own `let`s name.)
        let changed = self.vars[v].mutable
            || matches!(&self.vars[v].ty, Some(Type::Reference(r)) if r.mutability.is_some());
        let tuple = self.vars[v]
            .ty
            .as_ref()
            .is_some_and(|t| matches!(crate::types::peel_refs(t), Type::Tuple(_)));
        if !self.struct_params.contains(&v)
            || changed
            || tuple
            || name.ident.to_string().starts_with("__")
            || !(whole_struct || struct_field)
        {
            return;
        }
        let root = &self.vars[v].stem;
        self.error(
            syn::spanned::Spanned::span(&local.pat),
            format!("`{}` is another name for the struct parameter `{root}` (or a part of it), which the derivatives follow only where neither name is bound again after this `let` nor named in a macro: read the fields through `{root}` where `{}` is used, or rename what is bound again", name.ident, name.ident),
        );
        self.refused_names.insert(name.ident.to_string());
    }
}

/// The values an `if`/`match`/block yields: each branch's tail (nested ones opened).
fn branch_values<'e>(e: &'e syn::Expr, into: &mut Vec<&'e syn::Expr>) {
    let tail = |b: &'e syn::Block| match b.stmts.last() {
        Some(syn::Stmt::Expr(e, None)) => Some(e),
        _ => None,
    };
    match e {
        syn::Expr::If(i) => {
            match tail(&i.then_branch) {
                Some(t) => branch_values(t, into),
                None => into.push(e),
            }
            match &i.else_branch {
                Some((_, other)) => branch_values(other, into),
                None => into.push(e),
            }
        }
        syn::Expr::Match(m) => {
            for arm in &m.arms {
                branch_values(&arm.body, into);
            }
        }
        syn::Expr::Block(b) => match tail(&b.block) {
            Some(t) => branch_values(t, into),
            None => into.push(e),
        },
        syn::Expr::Paren(p) => branch_values(&p.expr, into),
        e => into.push(e),
    }
}
