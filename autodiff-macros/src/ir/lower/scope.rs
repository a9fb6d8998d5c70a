//! Variables and scopes: a variable per binding under a name free of clashes (with every
//! name the emitted code derives from it), and name lookup through the open blocks.

use super::*;

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
    pub(super) fn push_var(
        &mut self,
        name: Ident,
        kind: Kind,
        mutable: bool,
        ty: Option<Type>,
    ) -> VarId {
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

    pub(super) fn current_scope(&self) -> Option<BlockId> {
        self.scopes.last().map(|s| s.0)
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

    /// An identifier the user cannot have written.
    pub(super) fn synthetic_ident(&mut self, base: &str) -> Ident {
        self.synthetic += 1;
        // `base` may come from a raw identifier (`captured_r#in`).
        let base = base.replace("r#", "");
        Ident::new(&format!("__{base}{}", self.synthetic), Span::call_site())
    }
}
