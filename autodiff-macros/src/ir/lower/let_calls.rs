//! `let` of a call's result: the call split, and the result's kind, where no type is
//! written, guessed from the callee and the later uses of the name (a struct, a sequence,
//! an integer a struct's method gives).

use super::calls::CallParts;
use super::*;

impl Lowerer {
    /// `let v = f(x);` of a call split into the IR's `Call`.
    pub(super) fn lower_call_let(
        &mut self,
        ident: Ident,
        mutable: bool,
        ty: Option<Type>,
        call: CallParts,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        // An untyped call result is a float unless the body uses it as a sequence or an
        // array (a wrong guess is a type error in the generated code, never a wrong
        // derivative; a typed `let` states it).
        let mut guess = false;
        let kind = match (&ty, self.call_kind(&call)) {
            (Some(t), _) => kind_of_type(t, &self.float),
            (None, Kind::Float) => match self.use_kinds.get(&ident.to_string()) {
                // `let c = a.cross(&b); c.dot(&n)`: a struct's method used only as a
                // struct may be (`dot`, `sum`, `mean`; an array's entry points of those
                // take an array all the same, `ops::methods`).
                Some(Kind::Array)
                    if self.makes_a_struct(&call)
                        && !self.array_only_names.contains(&ident.to_string()) =>
                {
                    Kind::Struct
                }
                // `let t = a.cross(&b); t[0]`: a struct method's result, made from
                // structs and indexed, is a vector of theirs (read as a struct's entries).
                Some(Kind::FloatSeq)
                    if call.method
                        && call.args.len() > 1
                        && call.args.iter().all(|a| self.kind_of(a) == Kind::Struct) =>
                {
                    Kind::Struct
                }
                Some(kind) => *kind,
                None => {
                    guess = true;
                    Kind::Float
                }
            },
            (None, kind) => kind,
        };
        let by_fields_read = matches!(kind, Kind::Tuple { .. }) && ty.is_none();
        let var = self.declare(&ident, kind, mutable, ty);
        if guess {
            self.guessed.push(var);
        }
        if by_fields_read {
            self.open_tuples.push(var);
        }
        self.push_call(var, call, span, out);
    }

    /// An untyped `let` of `t`, the result of a call just lowered into it: its kind from
    /// how the body reads the name. True where the `let` is lowered here already (a struct
    /// method's result used as an integer).
    pub(super) fn settle_call_result(
        &mut self,
        ident: &Ident,
        mutable: bool,
        t: VarId,
        span: Span,
        out: &mut Vec<Stmt>,
    ) -> bool {
        let just_called =
            matches!(out.last(), Some(Stmt { kind: StmtKind::Call { out: o, .. }, .. }) if *o == t);
        let used_as = self.use_kinds.get(&ident.to_string()).copied();
        if just_called
            && self.vars[t].kind == Kind::Float
            && matches!(used_as, Some(Kind::Struct | Kind::FloatSeq))
        {
            self.vars[t].kind = used_as.unwrap_or(Kind::Float);
        }
        // `let n = (b - a).cross(&(c - a)); f.dot(&n)`: a struct method's result lent to
        // a method later, as structs are (floats are passed by value), or made from
        // structs and asked for `n.dot(…)` (which an array has too, but a struct method
        // taking structs is a vector's).
        let (of_a_struct, from_structs) = match out.last() {
            Some(Stmt {
                kind: StmtKind::Call {
                    method: true, args, ..
                },
                ..
            }) if args
                .first()
                .is_some_and(|r| self.kind_of(r) == Kind::Struct) =>
            {
                (
                    true,
                    args[1..].iter().any(|a| self.kind_of(a) == Kind::Struct),
                )
            }
            _ => (false, false),
        };
        // `let n = self.count(); for i in 0..n`: a struct method's result the body uses
        // as an integer, which has no derivative: the method called as written, on the
        // struct without its derivative (as `0..self.count()` is).
        if just_called && of_a_struct && used_as == Some(Kind::Int) {
            if let Some(Stmt {
                kind: StmtKind::Call { callee, args, .. },
                span: call_span,
                ..
            }) = out.pop()
            {
                let mut args = args.into_iter();
                let recv = args.next().expect("a method call has a receiver");
                let recv = Expr::new(ExprKind::StopGradient(Box::new(recv)), call_span);
                let method = callee.get_ident().expect("a method's name").clone();
                let call = Expr::new(
                    ExprKind::Opaque(OpaqueCall::Method(
                        Box::new(recv),
                        method,
                        None,
                        args.collect(),
                    )),
                    call_span,
                );
                // Checked to be one: a float taken for an integer is a type error.
                let call = Expr::new(
                    ExprKind::Opaque(OpaqueCall::Function(
                        syn::parse_quote!(::autodiff::__private::integer),
                        vec![call],
                    )),
                    call_span,
                );
                let var = self.declare(ident, Kind::Int, mutable, None);
                out.push(Stmt::new(
                    StmtKind::Let {
                        var,
                        init: Some(call),
                    },
                    span,
                ));
                return true;
            }
        }
        let lent = self.lent_names.contains(&ident.to_string());
        if just_called
            && of_a_struct
            && self.vars[t].kind == Kind::Float
            && match used_as {
                None => lent,
                Some(Kind::Array) => lent || from_structs,
                _ => false,
            }
        {
            self.vars[t].kind = Kind::Struct;
        }
        false
    }
}
