//! An element of a field bound whole and read by its parts, as code over tuples writes it:
//!
//! ```text
//! let p = self.pts[i];            let __index1 = i;
//!                                 let __p_02 = self.pts[__index1].0;
//!                                 let __p_13 = self.pts[__index1].1;
//! t += self.k * p.0 * p.1;        t += self.k * __p_02 * __p_13;
//! ```
//!
//! (`let p = &self.pts[i];`, `let mut p`, `let p: (f64, usize)` too.) Each part is then a
//! read of the field's element, as `let (x, y) = self.pts[i];` is (`tuple_lets`), where the
//! macro, which cannot see the field's type, would otherwise take the element for a float.
//! The whole body is rewritten once, before the fields' kinds are read from it, so every
//! later stage sees the parts. The rewrite is made only where every use of the name in its
//! scope is a part, `p.0`; a use of it whole (`f(p)`, `p == q`) leaves the `let` as written.
//! The scope ends where a `let`, a closure's parameter, a `for`, a `match` arm, an `if let`
//! or a `while let` binds the name again (a chain of `let`s binding it leaves the `let` as
//! written).

use super::fields::{field_path, peel};
use super::Lowerer;
use proc_macro2::{TokenStream, TokenTree};
use std::collections::BTreeSet;
use syn::visit_mut::VisitMut;

impl Lowerer {
    /// `block` with each field element bound whole and read by its parts spread into a
    /// `let` per part, or `None` where there is none; `roots` are the struct parameters.
    pub(super) fn spread_elements(
        &mut self,
        block: &syn::Block,
        roots: &[String],
    ) -> Option<syn::Block> {
        let mut spread = Spread {
            lowerer: self,
            roots,
            changed: false,
        };
        let mut block = block.clone();
        spread.visit_block_mut(&mut block);
        spread.changed.then_some(block)
    }
}

/// The rewrite, block by block.
struct Spread<'l, 'r> {
    lowerer: &'l mut Lowerer,
    roots: &'r [String],
    changed: bool,
}

impl VisitMut for Spread<'_, '_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let mut i = 0;
        while i < block.stmts.len() {
            if let Some(parts) = self.spread_at(&mut block.stmts, i) {
                // (The parts' `let`s hold no element bound whole: on past them.)
                i += parts;
                self.changed = true;
                continue;
            }
            self.visit_stmt_mut(&mut block.stmts[i]);
            i += 1;
        }
    }

    // (A nested `fn` is a scope of its own, without the struct parameters.)
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

impl Spread<'_, '_> {
    /// Spreads the `let` at `at` where it binds a field's element read by its parts alone:
    /// how many statements replace it.
    fn spread_at(&mut self, stmts: &mut Vec<syn::Stmt>, at: usize) -> Option<usize> {
        let binding = element_binding(&stmts[at], self.roots)?;
        let mut uses = Uses {
            name: &binding.name,
            parts: BTreeSet::new(),
            whole: false,
            replace: None,
        };
        uses.stmts(&mut stmts[at + 1..]);
        if uses.whole || uses.parts.is_empty() {
            return None;
        }
        let name = &binding.name;
        let position = self.lowerer.synthetic_ident("index");
        let index = &binding.index;
        let base = &binding.base;
        let mut lets: Vec<syn::Stmt> = vec![syn::parse_quote!(let #position = #index;)];
        let mut names = vec![];
        for &k in &uses.parts {
            let part = self.lowerer.synthetic_ident(&format!("{name}_{k}"));
            let member = syn::Index::from(k);
            let mutability = binding.mutable.then(|| quote::quote!(mut));
            let ty = binding.ty.as_ref().and_then(|t| t.elems.iter().nth(k));
            let ty = ty.map(|t| quote::quote!(: #t));
            lets.push(syn::parse_quote!(let #mutability #part #ty = #base[#position].#member;));
            names.push((k, part));
        }
        uses.replace = Some(&names);
        uses.stmts(&mut stmts[at + 1..]);
        let count = lets.len();
        stmts.splice(at..=at, lets);
        Some(count)
    }
}

/// `let p = self.pts[i];` and its parts.
struct Binding {
    name: syn::Ident,
    mutable: bool,
    /// Its written type, where a tuple (`let p: (f64, usize)`): each part's.
    ty: Option<syn::TypeTuple>,
    /// The field (`self.pts`) and the index (`i`).
    base: syn::Expr,
    index: syn::Expr,
}

/// `let p = self.pts[i];` (or `&self.pts[i]`, `let mut p`, `let p: (f64, usize)`) of a
/// field of a struct parameter among `roots`.
fn element_binding(stmt: &syn::Stmt, roots: &[String]) -> Option<Binding> {
    let syn::Stmt::Local(local) = stmt else {
        return None;
    };
    let (pat, ty) = match &local.pat {
        syn::Pat::Type(t) => (&*t.pat, Some(&*t.ty)),
        p => (p, None),
    };
    let syn::Pat::Ident(p) = pat else { return None };
    if p.by_ref.is_some() || p.subpat.is_some() {
        return None;
    }
    let init = local.init.as_ref().filter(|i| i.diverge.is_none())?;
    let element = match peel(&init.expr) {
        syn::Expr::Reference(r) if r.mutability.is_none() => peel(&r.expr),
        e => e,
    };
    let syn::Expr::Index(ix) = element else {
        return None;
    };
    if matches!(peel(&ix.index), syn::Expr::Range(_)) || field_path(&ix.expr, roots).is_none() {
        return None;
    }
    Some(Binding {
        name: p.ident.clone(),
        mutable: p.mutability.is_some(),
        ty: match ty {
            Some(syn::Type::Tuple(t)) => Some(t.clone()),
            _ => None,
        },
        base: (*ix.expr).clone(),
        index: (*ix.index).clone(),
    })
}

/// The uses of a name in its scope: the parts read (`p.0`), and whether it is used whole;
/// with `replace`, each part read becomes its name.
struct Uses<'n, 'p> {
    name: &'n syn::Ident,
    parts: BTreeSet<usize>,
    whole: bool,
    replace: Option<&'p [(usize, syn::Ident)]>,
}

impl Uses<'_, '_> {
    /// The statements of a scope, up to a `let` binding the name again (whose initialiser
    /// still reads this one).
    fn stmts(&mut self, stmts: &mut [syn::Stmt]) {
        for stmt in stmts {
            if let syn::Stmt::Local(local) = stmt {
                if binds(&local.pat, self.name) {
                    if let Some(init) = &mut local.init {
                        self.visit_expr_mut(&mut init.expr);
                        if let Some((_, diverge)) = &mut init.diverge {
                            self.visit_expr_mut(diverge);
                        }
                    }
                    return;
                }
            }
            self.visit_stmt_mut(stmt);
        }
    }

    fn part_name(&self, k: usize) -> Option<&syn::Ident> {
        self.replace?.iter().find(|(j, _)| *j == k).map(|(_, n)| n)
    }
}

impl VisitMut for Uses<'_, '_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        self.stmts(&mut block.stmts);
    }

    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if let syn::Expr::Field(f) = e {
            if let (syn::Expr::Path(p), syn::Member::Unnamed(k)) = (&*f.base, &f.member) {
                if p.qself.is_none() && p.path.is_ident(self.name) {
                    let k = k.index as usize;
                    self.parts.insert(k);
                    if let Some(part) = self.part_name(k) {
                        let mut part = part.clone();
                        part.set_span(p.path.segments[0].ident.span());
                        *e = syn::parse_quote!(#part);
                    }
                    return;
                }
            }
        }
        if let syn::Expr::Path(p) = e {
            self.whole |= p.qself.is_none() && p.path.is_ident(self.name);
            return;
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }

    fn visit_expr_closure_mut(&mut self, c: &mut syn::ExprClosure) {
        if !c.inputs.iter().any(|p| binds(p, self.name)) {
            syn::visit_mut::visit_expr_closure_mut(self, c);
        }
    }

    fn visit_expr_for_loop_mut(&mut self, f: &mut syn::ExprForLoop) {
        self.visit_expr_mut(&mut f.expr);
        if !binds(&f.pat, self.name) {
            self.visit_block_mut(&mut f.body);
        }
    }

    fn visit_arm_mut(&mut self, arm: &mut syn::Arm) {
        if !binds(&arm.pat, self.name) {
            syn::visit_mut::visit_arm_mut(self, arm);
        }
    }

    fn visit_expr_if_mut(&mut self, i: &mut syn::ExprIf) {
        // `if let Some(p) = o { … }`: the name bound again in the branch alone.
        if let syn::Expr::Let(l) = &mut *i.cond {
            if binds(&l.pat, self.name) {
                self.visit_expr_mut(&mut l.expr);
                if let Some((_, els)) = &mut i.else_branch {
                    self.visit_expr_mut(els);
                }
                return;
            }
        }
        syn::visit_mut::visit_expr_if_mut(self, i);
    }

    fn visit_expr_while_mut(&mut self, w: &mut syn::ExprWhile) {
        // `while let Some(p) = stack.pop() { … }`: likewise, in the body alone.
        if let syn::Expr::Let(l) = &mut *w.cond {
            if binds(&l.pat, self.name) {
                self.visit_expr_mut(&mut l.expr);
                return;
            }
        }
        syn::visit_mut::visit_expr_while_mut(self, w);
    }

    fn visit_expr_let_mut(&mut self, l: &mut syn::ExprLet) {
        // (Bound again elsewhere, `matches!`-like or in a chain of `let`s: left as written.)
        self.whole |= binds(&l.pat, self.name);
        syn::visit_mut::visit_expr_let_mut(self, l);
    }

    fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
        match parts_used(m.tokens.clone(), self.name) {
            Some(parts) => self.parts.extend(parts),
            None => self.whole = true,
        }
        if let Some(names) = self.replace {
            m.tokens = with_parts(m.tokens.clone(), self.name, names);
        }
    }

    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

/// Whether pattern `p` binds `name`.
fn binds(p: &syn::Pat, name: &syn::Ident) -> bool {
    let mut names = vec![];
    crate::tokens::pattern_names(p, &mut names);
    names.iter().any(|n| name == n)
}

/// The parts `name.k` a macro's tokens read, or `None` where they use `name` otherwise
/// (whole, a nested part `name.0.1`, which tokenises as `name . 0.1`, or a format string
/// naming it, `"{p:?}"`).
fn parts_used(tokens: TokenStream, name: &syn::Ident) -> Option<BTreeSet<usize>> {
    let mut parts = BTreeSet::new();
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let inline = [format!("{{{name}}}"), format!("{{{name}:")];
    for (i, tt) in trees.iter().enumerate() {
        match tt {
            TokenTree::Literal(lit) => {
                let text = lit.to_string();
                if inline.iter().any(|named| text.contains(named.as_str())) {
                    return None;
                }
            }
            TokenTree::Group(g) => parts.extend(parts_used(g.stream(), name)?),
            TokenTree::Ident(id) if id == name && !after_dot(&trees, i) => {
                parts.insert(part_at(&trees, i)?);
            }
            _ => {}
        }
    }
    Some(parts)
}

/// Whether the token before `i` is a `.` (a field or a method named like the name).
fn after_dot(trees: &[TokenTree], i: usize) -> bool {
    i > 0 && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '.')
}

/// The `k` of `name . k` at `i`.
fn part_at(trees: &[TokenTree], i: usize) -> Option<usize> {
    match (trees.get(i + 1), trees.get(i + 2)) {
        (Some(TokenTree::Punct(dot)), Some(TokenTree::Literal(k))) if dot.as_char() == '.' => {
            k.to_string().parse().ok()
        }
        _ => None,
    }
}

/// A macro's tokens with each `name . k` the part's name.
fn with_parts(
    tokens: TokenStream,
    name: &syn::Ident,
    parts: &[(usize, syn::Ident)],
) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), with_parts(g.stream(), name, parts));
                group.set_span(g.span());
                out.extend([TokenTree::Group(group)]);
            }
            TokenTree::Ident(id) if id == name && !after_dot(&trees, i) => {
                let part = part_at(&trees, i)
                    .and_then(|k| parts.iter().find(|(j, _)| *j == k))
                    .map(|(_, part)| part);
                if let Some(part) = part {
                    let mut part = part.clone();
                    part.set_span(id.span());
                    out.extend([TokenTree::Ident(part)]);
                    i += 3;
                    continue;
                }
                out.extend([TokenTree::Ident(id.clone())]);
            }
            other => out.extend([other.clone()]),
        }
        i += 1;
    }
    out
}
