//! Steps of a state called inside an expression (`self.gain * self.lowpass.process(y)`,
//! `self.lowpass.process(self.highpass.process(x))`), each bound to a local of its own
//! just before its statement (`let __step0 = self.highpass.process(x);`), innermost
//! first, so that `steps` sees them as statements; and a step's arguments other than
//! names, fields and constants (`self.lowpass.process(0.5 * y)`) bound the same way
//! before it (`let __arg1 = 0.5 * y;`), so that each reaches the step as a value. Only
//! where that keeps the order of what is read: the calls of a statement's top-level
//! arithmetic (not under a closure, a branch, a loop or `&&`/`||`), on a field of `self`
//! the rest of the statement does not read.

use super::places::self_field;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Expr, ExprMethodCall, ItemFn, Stmt};

/// `item` with its nested steps bound first; `None` where there is none.
/// `is_step` says which calls with a value are steps, `is_dropped_step` which calls whose
/// value a statement drops (`self.update();`).
pub(super) fn hoisted(
    item: &ItemFn,
    is_step: &dyn Fn(&ExprMethodCall) -> bool,
    is_dropped_step: &dyn Fn(&ExprMethodCall) -> bool,
) -> Option<ItemFn> {
    let mut stmts = vec![];
    let (mut count, mut any) = (0usize, false);
    for original in &item.block.stmts {
        let mut stmt = original.clone();
        let dropped =
            matches!(&stmt, Stmt::Expr(Expr::MethodCall(m), Some(_)) if is_dropped_step(m));
        let mut hoist = Hoist {
            is_step,
            bound: vec![],
            count: &mut count,
            top: true,
            dropped,
        };
        match &mut stmt {
            Stmt::Local(local) => {
                if let Some(init) = local.init.as_mut().filter(|i| i.diverge.is_none()) {
                    hoist.children(&mut init.expr);
                }
            }
            Stmt::Expr(e, _) => match e {
                // `y = self.lowpass.process(y);` is a step statement (`steps`); a field
                // given one (`self.out = self.lowpass.process(x);`) binds it first.
                Expr::Assign(a) if matches!(&*a.left, Expr::Path(_)) => {
                    hoist.children(&mut a.right)
                }
                Expr::Assign(a) => hoist.inside(&mut a.right),
                e => hoist.children(e),
            },
            _ => {}
        }
        let bound = std::mem::take(&mut hoist.bound);
        if !bound.is_empty() && reads_receivers_elsewhere(&stmt, &bound) {
            stmts.push(original.clone());
            continue;
        }
        any |= !bound.is_empty();
        for (name, value) in bound {
            stmts.push(syn::parse_quote!(let #name = #value;));
        }
        stmts.push(stmt);
    }
    if !any {
        return None;
    }
    let mut item = item.clone();
    item.block.stmts = stmts;
    Some(item)
}

struct Hoist<'a> {
    is_step: &'a dyn Fn(&ExprMethodCall) -> bool,
    bound: Vec<(syn::Ident, Expr)>,
    count: &'a mut usize,
    top: bool,
    /// The statement is a step whose value it drops.
    dropped: bool,
}

impl Hoist<'_> {
    fn fresh(&mut self, stem: &str) -> syn::Ident {
        *self.count += 1;
        quote::format_ident!("{stem}{}", *self.count - 1)
    }

    /// The steps inside `e` (not `e` itself where it is the statement's whole value: that
    /// is a step statement already).
    fn children(&mut self, e: &mut Expr) {
        self.top = true;
        self.visit_expr_mut(e);
    }

    /// The steps in `e`, `e` itself included.
    fn inside(&mut self, e: &mut Expr) {
        self.top = false;
        self.visit_expr_mut(e);
    }
}

impl VisitMut for Hoist<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        let top = std::mem::replace(&mut self.top, false);
        match e {
            // Evaluated only sometimes, or later: left as written.
            Expr::Closure(_)
            | Expr::If(_)
            | Expr::Match(_)
            | Expr::ForLoop(_)
            | Expr::While(_)
            | Expr::Loop(_)
            | Expr::Block(_)
            | Expr::Unsafe(_)
            | Expr::Async(_) => {}
            Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_) | syn::BinOp::Or(_)) => {}
            Expr::MethodCall(m) if (self.is_step)(m) || (top && self.dropped) => {
                for arg in m.args.iter_mut() {
                    self.visit_expr_mut(arg);
                    if computed(arg) {
                        let name = self.fresh("__arg");
                        self.bound.push((name.clone(), arg.clone()));
                        *arg = syn::parse_quote!(#name);
                    }
                }
                if !top {
                    let name = self.fresh("__step");
                    self.bound.push((name.clone(), Expr::MethodCall(m.clone())));
                    *e = syn::parse_quote!(#name);
                }
            }
            _ => syn::visit_mut::visit_expr_mut(self, e),
        }
    }
}

/// An argument computed from variables (not a name, a field of `self`, or a constant: one
/// made by a call, `Self::noise()`, is evaluated once by the caller's derived items).
fn computed(arg: &Expr) -> bool {
    if matches!(arg, Expr::Path(p) if p.path.get_ident().is_some()) || self_field(arg).is_some() {
        return false;
    }
    struct Variables(bool);
    impl<'a> Visit<'a> for Variables {
        fn visit_expr_path(&mut self, p: &'a syn::ExprPath) {
            let lower = p
                .path
                .get_ident()
                .is_some_and(|i| i.to_string().chars().any(|c| c.is_lowercase()));
            self.0 |= lower;
        }
    }
    let mut found = Variables(false);
    found.visit_expr(arg);
    found.0
}

/// Whether the statement, with its steps bound, still reads a field one of them steps:
/// then binding the step first would change what that read sees.
fn reads_receivers_elsewhere(stmt: &Stmt, bound: &[(syn::Ident, Expr)]) -> bool {
    struct Fields(Vec<syn::Ident>);
    impl<'a> Visit<'a> for Fields {
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Some(f) = self_field(e) {
                self.0.push(f.clone());
            }
            syn::visit::visit_expr(self, e);
        }
    }
    let mut fields = Fields(vec![]);
    fields.visit_stmt(stmt);
    bound
        .iter()
        .filter_map(|(_, value)| match value {
            Expr::MethodCall(call) => self_field(&call.receiver),
            _ => None,
        })
        .any(|f| fields.0.contains(f))
}
