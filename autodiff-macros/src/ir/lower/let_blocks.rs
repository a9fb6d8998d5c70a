//! `let x = if c { … } else { … };` and other block-like values (`match`, a block, a
//! `loop`): a variable the branches each assign, its kind read off what they give where
//! no type is written.

use super::*;

impl Lowerer {
    /// `let` of a block-like value: the variable, assigned in each branch, then bound to the
    /// user's name (copied into a new variable where the `let` is `mut`).
    pub(super) fn lower_block_let(
        &mut self,
        ident: Ident,
        mutable: bool,
        ty: Option<Type>,
        block_like: &syn::Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        // Untyped, a float; the value `v?` unwraps (see `crate::fallible`) is an integer
        // where later code casts it or uses it as one.
        let name = ident.to_string();
        let int = crate::fallible::is_unwrapped_question_mark(block_like)
            && (self.cast_names.contains(&name) || self.use_kinds.get(&name) == Some(&Kind::Int));
        let untyped = if int { Kind::Int } else { Kind::Float };
        let kind = ty
            .as_ref()
            .map_or(untyped, |t| kind_of_type(t, &self.float));
        // `let q: &f64 = { … &x };`: the value, as `let r = &x;` binds it (below).
        let ty = match ty {
            Some(Type::Reference(r)) if kind == Kind::Float => Some(*r.elem),
            other => other,
        };
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
        out.push(Stmt::new(StmtKind::Let { var, init }, span));
        let first = out.len();
        self.lower_valued(block_like, &[var], out);
        // `let m = if c { a.dot(&b) } else { … };`: the type a branch's value is known
        // to have (an array's rank), where none is written.
        if self.vars[var].ty.is_none() {
            self.vars[var].ty = kinds::assigned_type(&out[first..], var, &self.vars);
            // And the kind of what it is given, where that is evident (`{ 0 }` is an
            // integer, `{ (a, b) }` a tuple): untyped, it was taken for a float.
            let given = kinds::assigned_kind(var, &out[first..], &self.vars, &self.float);
            // (The user's names: the macro's own lets of desugared chains keep theirs,
            // but for a struct a call gave, `.map(|p| w * Point::from(p))`.)
            let user = !ident.to_string().starts_with("__")
                || (given == Some(Kind::Struct)
                    && kinds::assigned_a_struct_variable(var, &out[first..], &self.vars));
            if let (
                true,
                Some(
                    k @ (Kind::Int
                    | Kind::IntSeq
                    | Kind::Bool
                    | Kind::Struct
                    | Kind::FloatSeq
                    | Kind::Array),
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
        out.push(Stmt::new(
            StmtKind::Let {
                var: declared,
                init: Some(value),
            },
            span,
        ));
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
}
