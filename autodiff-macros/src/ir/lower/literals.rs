//! Literals: numbers, booleans and strings, `vec![…]` (a list, or `vec![x; n]`), and arrays
//! of written entries (`arr1`, `arr2`, `array!`).

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

/// `arr2(&[[a, b], [c, d]])`, `arr1(&[a, b])` and `array![[a, b], [c, d]]`, `array![a, b]`
/// (any path to them): an array of written entries, which may carry derivatives, as the
/// zero array filled entry by entry that it is:
/// `{ let mut m = Array2::<F>::zeros((2, 2)); m[[0, 0]] = a; …; m }`.
pub(super) fn array_literal(e: &syn::Expr, float: &Type) -> Option<syn::Expr> {
    let rows: Vec<syn::Expr> = match e {
        syn::Expr::Call(c) if c.args.len() == 1 => {
            let syn::Expr::Path(p) = &*c.func else {
                return None;
            };
            let last = p.path.segments.last()?.ident.to_string();
            if !matches!(last.as_str(), "arr1" | "arr2") {
                return None;
            }
            let mut arg = &c.args[0];
            if let syn::Expr::Reference(r) = arg {
                arg = &r.expr;
            }
            let syn::Expr::Array(a) = arg else {
                return None;
            };
            let rows: Vec<syn::Expr> = a.elems.iter().cloned().collect();
            // `arr2` of rows, `arr1` of entries.
            let nested = rows.iter().all(|r| matches!(r, syn::Expr::Array(_)));
            if (last == "arr2") != nested {
                return None;
            }
            rows
        }
        syn::Expr::Macro(m) if m.mac.path.segments.last()?.ident == "array" => {
            let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
            syn::parse::Parser::parse2(parser, m.mac.tokens.clone())
                .ok()?
                .into_iter()
                .collect()
        }
        _ => return None,
    };
    let array = quote::format_ident!("__literal");
    let matrix = rows.iter().all(|r| matches!(r, syn::Expr::Array(_)));
    let mut writes: Vec<syn::Stmt> = vec![];
    let (shape, ty): (syn::Expr, Type) = if matrix {
        let mut width = None;
        for (i, row) in rows.iter().enumerate() {
            let syn::Expr::Array(row) = row else {
                unreachable!("checked")
            };
            if *width.get_or_insert(row.elems.len()) != row.elems.len() {
                return None;
            }
            for (j, x) in row.elems.iter().enumerate() {
                writes.push(syn::parse_quote!(#array[[#i, #j]] = #x;));
            }
        }
        let (r, c) = (rows.len(), width.unwrap_or(0));
        (
            syn::parse_quote!((#r, #c)),
            syn::parse_quote!(::autodiff::ndarray::Array2<#float>),
        )
    } else {
        if rows.iter().any(|r| matches!(r, syn::Expr::Array(_))) {
            return None;
        }
        for (i, x) in rows.iter().enumerate() {
            writes.push(syn::parse_quote!(#array[#i] = #x;));
        }
        let n = rows.len();
        (
            syn::parse_quote!(#n),
            syn::parse_quote!(::autodiff::ndarray::Array1<#float>),
        )
    };
    Some(syn::parse_quote!({
        let mut #array: #ty = ::autodiff::ndarray::ArrayBase::zeros(#shape);
        #(#writes)*
        #array
    }))
}
