//! A compact text form of the IR, for unit tests and debugging.

use super::*;
use std::fmt::{self, Write};

/// Prints a function's body, one statement per line, nested blocks indented.
pub fn print(func: &Func) -> String {
    let mut out = String::new();
    let p = Printer { func };
    p.block(&func.body, 0, &mut out)
        .expect("writing to a String cannot fail");
    out
}

struct Printer<'f> {
    func: &'f Func,
}

impl Printer<'_> {
    fn name(&self, v: VarId) -> String {
        self.func.vars[v].name.to_string()
    }

    fn block(&self, b: &Block, depth: usize, out: &mut String) -> fmt::Result {
        for s in &b.stmts {
            self.stmt(s, depth, out)?;
        }
        Ok(())
    }

    fn stmt(&self, s: &Stmt, depth: usize, out: &mut String) -> fmt::Result {
        let pad = "    ".repeat(depth);
        match &s.kind {
            StmtKind::Let { var, init: Some(e) } => {
                writeln!(out, "{pad}let {} = {}", self.name(*var), self.expr(e))
            }
            StmtKind::Let { var, init: None } => writeln!(out, "{pad}let {}", self.name(*var)),
            StmtKind::Assign {
                place,
                value,
                compound,
            } => {
                let op = compound.map_or("", arith_symbol);
                writeln!(out, "{pad}{} {op}= {}", self.place(place), self.expr(value))
            }
            StmtKind::Call {
                out: o,
                pullback,
                callee,
                args,
                ..
            } => {
                let args: Vec<_> = args.iter().map(|a| self.expr(a)).collect();
                let callee = quote::quote!(#callee).to_string().replace(' ', "");
                writeln!(
                    out,
                    "{pad}let ({}, {}) = split {callee}({})",
                    self.name(*o),
                    self.name(*pullback),
                    args.join(", ")
                )
            }
            StmtKind::Push { vec, value } => {
                writeln!(out, "{pad}{}.push({})", self.name(*vec), self.expr(value))
            }
            StmtKind::If { cond, then, els } => {
                writeln!(out, "{pad}if {} {{", self.name(*cond))?;
                self.block(then, depth + 1, out)?;
                if !els.stmts.is_empty() {
                    writeln!(out, "{pad}}} else {{")?;
                    self.block(els, depth + 1, out)?;
                }
                writeln!(out, "{pad}}}")
            }
            StmtKind::For {
                var,
                range,
                body,
                exit,
                trips,
                checkpoint,
            } => {
                if checkpoint.is_some() {
                    writeln!(out, "{pad}#[checkpoint]")?;
                }
                let dots = if range.inclusive { "..=" } else { ".." };
                let mut r = format!("{}{dots}{}", self.name(range.start), self.name(range.end));
                if let Some(k) = range.step {
                    r = format!("({r}).step_by({})", self.name(k));
                }
                if range.rev {
                    r = format!("({r}).rev()");
                }
                writeln!(out, "{pad}for {} in {r} {{", self.name(*var))?;
                self.block(body, depth + 1, out)?;
                self.loop_end(exit, *trips, depth, out)
            }
            StmtKind::While {
                cond,
                body,
                exit,
                trips,
                checkpoint,
            } => {
                if checkpoint.is_some() {
                    writeln!(out, "{pad}#[checkpoint]")?;
                }
                writeln!(out, "{pad}while {} {{", self.expr(cond))?;
                self.block(body, depth + 1, out)?;
                self.loop_end(exit, Some(*trips), depth, out)
            }
            StmtKind::Block { body } => {
                writeln!(out, "{pad}#[checkpoint] {{")?;
                self.block(body, depth + 1, out)?;
                writeln!(out, "{pad}}}")
            }
            StmtKind::Match {
                scrutinee,
                arms,
                arm,
            } => {
                writeln!(
                    out,
                    "{pad}match {} -> {} {{",
                    self.expr(scrutinee),
                    self.name(*arm)
                )?;
                for (pat, b) in arms {
                    writeln!(out, "{pad}    {} => {{", quote::quote!(#pat))?;
                    self.block(b, depth + 2, out)?;
                    writeln!(out, "{pad}    }}")?;
                }
                writeln!(out, "{pad}}}")
            }
        }
    }

    fn loop_end(
        &self,
        exit: &Option<Expr>,
        trips: Option<VarId>,
        depth: usize,
        out: &mut String,
    ) -> fmt::Result {
        let pad = "    ".repeat(depth);
        if let Some(e) = exit {
            writeln!(out, "{pad}    exit if {}", self.expr(e))?;
        }
        match trips {
            Some(t) => writeln!(out, "{pad}}} counted in {}", self.name(t)),
            None => writeln!(out, "{pad}}}"),
        }
    }

    fn place(&self, p: &Place) -> String {
        match p {
            Place::Var(v) => self.name(*v),
            Place::Index(v, i) => format!("{}[{}]", self.name(*v), self.expr(i)),
        }
    }

    fn expr(&self, e: &Expr) -> String {
        use ExprKind::*;
        let list = |xs: &[Expr]| {
            xs.iter()
                .map(|x| self.expr(x))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match &e.kind {
            Float(f) => f.to_string(),
            Int(i) => i.to_string(),
            Bool(b) => b.to_string(),
            Var(v) => self.name(*v),
            Const(p) => quote::quote!(#p).to_string().replace(' ', ""),
            Closed(c) => quote::quote!(#c).to_string(),
            Primal(p) => {
                let e = &p.expr;
                format!("primal({})", quote::quote!(#e))
            }
            Index(a, i) => format!("{}[{}]", self.expr(a), self.expr(i)),
            Neg(a) => format!("-{}", self.expr(a)),
            Not(a) => format!("!{}", self.expr(a)),
            Arith(op, a, b) => format!("({} {} {})", self.expr(a), arith_symbol(*op), self.expr(b)),
            Cmp(op, a, b) => format!("({} {op:?} {})", self.expr(a), self.expr(b)),
            Logic(op, a, b) => format!("({} {op:?} {})", self.expr(a), self.expr(b)),
            Elementary(r, args) => format!("{}({})", r.name, list(args)),
            Cast(a, ty) => format!("({} as {})", self.expr(a), quote::quote!(#ty)),
            Opaque(OpaqueCall::Function(p, args)) => format!(
                "{}({})",
                quote::quote!(#p).to_string().replace(' ', ""),
                list(args)
            ),
            Opaque(OpaqueCall::Method(r, m, _, args)) => {
                format!("{}.{m}({})", self.expr(r), list(args))
            }
            Opaque(OpaqueCall::Macro(p, args)) => {
                let args: Vec<String> = args
                    .iter()
                    .map(|a| match a {
                        MacroArg::Value(e) => self.expr(e),
                        MacroArg::Format(s) => format!("{:?}", s.value()),
                        MacroArg::Named(n, e) => format!("{n} = {}", self.expr(e)),
                    })
                    .collect();
                format!("{}!({})", quote::quote!(#p), args.join(", "))
            }
            StopGradient(a) => format!("stop_gradient({})", self.expr(a)),
            Ref(a) => format!("&{}", self.expr(a)),
            Copy(a) => format!("copy({})", self.expr(a)),
            Repeat { elem, len, .. } => format!("[{}; {}]", self.expr(elem), self.expr(len)),
            List { elems, .. } => format!("[{}]", list(elems)),
            EmptyVec(_) => "[]".to_string(),
            Tuple(xs) => format!("({})", list(xs)),
            StructLit(path, fields) => {
                let fields: Vec<String> = fields
                    .iter()
                    .map(|(m, e)| format!("{}: {}", quote::quote!(#m), self.expr(e)))
                    .collect();
                format!("{} {{ {} }}", quote::quote!(#path), fields.join(", "))
            }
            Field(a, m) => format!("{}.{}", self.expr(a), quote::quote!(#m)),
        }
    }
}

pub(crate) fn arith_symbol(op: ArithOp) -> &'static str {
    match op {
        ArithOp::Add => "+",
        ArithOp::Sub => "-",
        ArithOp::Mul => "*",
        ArithOp::Div => "/",
        ArithOp::Rem => "%",
        ArithOp::Shl => "<<",
        ArithOp::Shr => ">>",
        ArithOp::BitAnd => "&",
        ArithOp::BitOr => "|",
        ArithOp::BitXor => "^",
    }
}
