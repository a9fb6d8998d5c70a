//! Which statements of a `&mut self` method are steps of its state (`super::steps`): the
//! calls of a method of `self` or of a field of `self` that may change it, told apart
//! from a collection's own methods, a float's own methods and reads by their syntax alone
//! (the macro cannot see the callee). Where a read is taken for a step no harm follows:
//! a `&self` method of a float result has step entries too.

use super::places::self_field;
use syn::visit::Visit;
use syn::{Expr, ExprMethodCall, Ident, ItemFn, Stmt};

/// A collection's own method, changing a field in place or lending it mutably: no step of
/// the user's (`split` has the messages for those it refuses).
pub(super) fn collection_method(method: &str) -> bool {
    const OTHERS: &[&str] = &["fill", "rotate_left", "rotate_right", "copy_from_slice"];
    super::refused_calls::changes(method)
        || super::refused_calls::LENDS_MUTABLY.contains(&method)
        || OTHERS.contains(&method)
}

/// A call of a method of `self` or of `self.field` that may step the state: not a
/// collection's own method, nor one that only reads.
pub(super) fn stepping_call(e: &Expr) -> Option<&ExprMethodCall> {
    let Expr::MethodCall(m) = e else { return None };
    let on_self = matches!(&*m.receiver, Expr::Path(p) if p.path.is_ident("self"));
    let method = m.method.to_string();
    // (A float's own methods, `self.gain_db.exp()`, step nothing.)
    let named = crate::types::READS_ONLY.contains(&method.as_str())
        || collection_method(&method)
        || crate::rules::lookup(&method).is_some();
    ((on_self || self_field(&m.receiver).is_some()) && !named && m.turbofish.is_none()).then_some(m)
}

/// A step statement: a call whose value is dropped (`self.update();`), or bound to a
/// local (`let y = self.lowpass.process(x);`, `y = self.lowpass.process(y);`) where the
/// call evidently steps (`bound_steps`).
pub(super) fn step_stmt<'a>(
    stmt: &'a Stmt,
    bound_steps: &dyn Fn(&ExprMethodCall) -> bool,
) -> Option<(&'a ExprMethodCall, Option<Ident>)> {
    match stmt {
        Stmt::Expr(e, Some(_)) => {
            if let Some(call) = stepping_call(e) {
                return Some((call, None));
            }
            let Expr::Assign(a) = e else { return None };
            let Expr::Path(p) = &*a.left else { return None };
            let local = p.path.get_ident()?;
            let call = stepping_call(&a.right).filter(|c| bound_steps(c))?;
            Some((call, Some(local.clone())))
        }
        Stmt::Local(local) => {
            let init = local.init.as_ref().filter(|i| i.diverge.is_none())?;
            let pat = match &local.pat {
                syn::Pat::Type(t) => &*t.pat,
                p => p,
            };
            // (`let _ = self.lowpass.process(x);`: the value dropped.)
            let name = match pat {
                syn::Pat::Ident(name) => Some(name.ident.clone()),
                syn::Pat::Wild(_) => None,
                _ => return None,
            };
            let call = stepping_call(&init.expr).filter(|c| name.is_none() || bound_steps(c))?;
            Some((call, name))
        }
        _ => None,
    }
}

/// Which calls of a field's method with a bound value are steps: one named like this
/// method (`self.lowpass.process(x)` in `process`) or as steps are named (`update`,
/// `tick`, …); any, where the method assigns no field itself (its `&mut self` is there
/// for them); and one whose arguments are names, fields or literals (as a step takes
/// them) in a method whose parameters a step can take again (`parameters`). Other calls
/// with a value are read (`let d = self.spline.eval(&self.knots);`). A read taken for a
/// step is no harm: a `&self` method of a float result has step entries too
/// (`emit::steps::read_entries`) that change no field; one of another result is rustc's
/// error that the field's type has no `…_jvp_step`, never a wrong derivative.
pub(super) fn bound_steps(item: &ItemFn) -> impl Fn(&ExprMethodCall) -> bool + '_ {
    let refs: Vec<&Stmt> = item.block.stmts.iter().collect();
    let assigns = assigns_self(&refs);
    let scalar = scalar_params(item);
    move |call: &ExprMethodCall| {
        let named = call.method == item.sig.ident
            || super::refused_calls::STEP_NAMES.contains(&call.method.to_string().as_str());
        let plain = scalar && call.args.iter().all(plain_arg);
        self_field(&call.receiver).is_some() && (!assigns || named || plain)
    }
}

/// Whether every parameter after `self` is of a type `parameters` takes (a float, an
/// integer, a flag, a character, a type parameter, `&str`), read from the written types.
fn scalar_params(item: &ItemFn) -> bool {
    let generic = |id: &Ident| item.sig.generics.type_params().any(|t| t.ident == *id);
    item.sig.inputs.iter().skip(1).all(|input| {
        let syn::FnArg::Typed(pt) = input else {
            return true;
        };
        match &*pt.ty {
            syn::Type::Path(p) => p.path.get_ident().is_some_and(|id| {
                let text = id.to_string();
                matches!(text.as_str(), "f64" | "f32" | "bool" | "char")
                    || crate::types::INTS.contains(&text.as_str())
                    || generic(id)
            }),
            syn::Type::Reference(r) => {
                r.mutability.is_none()
                    && matches!(&*r.elem, syn::Type::Path(p) if p.path.is_ident("str"))
            }
            _ => false,
        }
    })
}

/// An argument a step takes as a number: a name, a field of `self`, a literal, or
/// arithmetic of them (bound first by `hoist`), not a borrow, an element or a call's value.
fn plain_arg(arg: &Expr) -> bool {
    match arg {
        Expr::Path(p) => p.path.get_ident().is_some(),
        Expr::Lit(_) => true,
        Expr::Paren(p) => plain_arg(&p.expr),
        Expr::Cast(c) => plain_arg(&c.expr),
        Expr::Unary(u) => matches!(u.op, syn::UnOp::Neg(_)) && plain_arg(&u.expr),
        Expr::Binary(b) => {
            use syn::BinOp::{Add, Div, Mul, Rem, Sub};
            matches!(b.op, Add(_) | Sub(_) | Mul(_) | Div(_) | Rem(_))
                && plain_arg(&b.left)
                && plain_arg(&b.right)
        }
        // (A float's own methods, `x.abs()`.)
        Expr::MethodCall(m) if crate::rules::lookup(&m.method.to_string()).is_some() => {
            plain_arg(&m.receiver) && m.args.iter().all(plain_arg)
        }
        e => self_field(e).is_some(),
    }
}

/// Whether the statements assign to a place in `self` (`self.a = …`, `self.z[i] += …`).
pub(super) fn assigns_self<S: std::borrow::Borrow<Stmt>>(stmts: &[S]) -> bool {
    struct Find(bool);
    impl<'a> Visit<'a> for Find {
        fn visit_expr_assign(&mut self, a: &'a syn::ExprAssign) {
            self.0 |= rooted_in_self(&a.left);
            syn::visit::visit_expr_assign(self, a);
        }
        fn visit_expr_binary(&mut self, b: &'a syn::ExprBinary) {
            self.0 |= crate::tokens::is_compound_assign(&b.op) && rooted_in_self(&b.left);
            syn::visit::visit_expr_binary(self, b);
        }
        fn visit_expr_method_call(&mut self, m: &'a ExprMethodCall) {
            // `self.z.iter_mut()`, `self.buf.push(x)`: changed in place.
            let method = m.method.to_string();
            self.0 |= rooted_in_self(&m.receiver)
                && !matches!(&*m.receiver, Expr::Path(_))
                && collection_method(&method);
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    }
    let mut find = Find(false);
    stmts.iter().for_each(|s| find.visit_stmt(s.borrow()));
    find.0
}

fn rooted_in_self(e: &Expr) -> bool {
    match e {
        Expr::Path(p) => p.path.is_ident("self"),
        Expr::Field(f) => rooted_in_self(&f.base),
        Expr::Index(i) => rooted_in_self(&i.expr),
        Expr::Tuple(t) => t.elems.iter().any(rooted_in_self),
        Expr::Paren(p) => rooted_in_self(&p.expr),
        Expr::Unary(u) => rooted_in_self(&u.expr),
        _ => false,
    }
}
