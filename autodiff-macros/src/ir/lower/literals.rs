//! Literals: numbers, booleans and strings, and `vec![…]` (a list, or `vec![x; n]`).

use super::*;

impl Lowerer {
    pub(super) fn lower_lit(&mut self, lit: &syn::Lit, span: Span) -> Expr {
        let kind = match lit {
            syn::Lit::Float(f) => ExprKind::Float(f.clone()),
            syn::Lit::Int(i) if matches!(i.suffix(), "f64" | "f32") => ExprKind::Float(
                syn::LitFloat::new(&format!("{}.0{}", i.base10_digits(), i.suffix()), i.span()),
            ),
            syn::Lit::Int(i) => ExprKind::Int(i.clone()),
            syn::Lit::Bool(b) => ExprKind::Bool(b.value),
            // A string, a character, bytes: constants passed as written (`log("y", v)`).
            syn::Lit::Str(_) | syn::Lit::Char(_) | syn::Lit::ByteStr(_) | syn::Lit::Byte(_) => {
                ExprKind::Closed(syn::Expr::Lit(syn::ExprLit {
                    attrs: vec![],
                    lit: lit.clone(),
                }))
            }
            _ => return self.unsupported(span, "this literal", "use a number or a boolean"),
        };
        Expr::new(kind, span)
    }

    pub(super) fn lower_vec_macro(&mut self, mac: &syn::Macro, out: &mut Vec<Stmt>) -> Expr {
        let span = mac.path.segments[0].ident.span();
        if let Ok(r) = mac.parse_body_with(parse_repeat) {
            let elem = Box::new(self.lower_expr(&r.0, out));
            let len = Box::new(self.lower_expr(&r.1, out));
            return Expr::new(
                ExprKind::Repeat {
                    elem,
                    len,
                    array: false,
                },
                span,
            );
        }
        let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
        match mac.parse_body_with(parser) {
            Ok(list) => {
                let elems = list.iter().map(|x| self.lower_expr(x, out)).collect();
                Expr::new(
                    ExprKind::List {
                        elems,
                        array: false,
                    },
                    span,
                )
            }
            Err(e) => {
                self.errors.push(e);
                Expr::new(ExprKind::Bool(false), span)
            }
        }
    }
}

fn parse_repeat(input: syn::parse::ParseStream) -> syn::Result<(syn::Expr, syn::Expr)> {
    let elem: syn::Expr = input.parse()?;
    input.parse::<syn::Token![;]>()?;
    let len: syn::Expr = input.parse()?;
    Ok((elem, len))
}
