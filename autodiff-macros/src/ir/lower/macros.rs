//! Macros a numerical function runs for their effect: assertions (`assert!`,
//! `assert_eq!`, `debug_assert!`, …), the diverging ones (`panic!`, `unreachable!`,
//! `todo!`, `unimplemented!`) and printing (`println!`, `eprintln!`, …); and `matches!`,
//! which is the `match` it stands for.
//!
//! They read primal values and have no derivative, so they lower to an opaque call of the
//! macro whose arguments are the function's expressions, printed on primal values in every
//! generated function: they run where the primal runs them, once per forward sweep (a
//! checkpointed segment's recomputation runs them again), never in a reverse sweep. A name
//! a format string reads inline (`"{x}"`) becomes a named argument (`x = x`), since the
//! generated code may have renamed `x`.

use super::Lowerer;
use crate::ir::*;
use syn::punctuated::Punctuated;

/// The macros, each with the position of its format string.
const EFFECTS: &[(&str, usize)] = &[
    ("assert", 1),
    ("assert_eq", 2),
    ("assert_ne", 2),
    ("debug_assert", 1),
    ("debug_assert_eq", 2),
    ("debug_assert_ne", 2),
    ("panic", 0),
    ("unreachable", 0),
    ("todo", 0),
    ("unimplemented", 0),
    ("println", 0),
    ("print", 0),
    ("eprintln", 0),
    ("eprint", 0),
];

/// Whether `mac` is one of [`EFFECTS`] (as `name!`, `std::name!` or `core::name!`).
pub(super) fn is_effect(mac: &syn::Macro) -> bool {
    format_position(&mac.path).is_some()
}

fn format_position(path: &syn::Path) -> Option<usize> {
    let prelude = path.segments.len() == 1
        || (path.segments.len() == 2
            && matches!(path.segments[0].ident.to_string().as_str(), "std" | "core"));
    let name = path.segments.last()?.ident.to_string();
    let &(_, at) = EFFECTS
        .iter()
        .find(|(n, _)| *n == name)
        .filter(|_| prelude)?;
    Some(at)
}

impl Lowerer {
    /// The macro as an opaque call on the function's values.
    pub(super) fn lower_effect_macro(&mut self, mac: &syn::Macro, out: &mut Vec<Stmt>) -> Expr {
        let span = mac.path.segments[0].ident.span();
        let format_at = format_position(&mac.path).expect("an effect macro");
        let parsed = mac.parse_body_with(Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated);
        let args = match parsed {
            Ok(args) => args,
            Err(e) => {
                self.errors.push(e);
                Punctuated::new()
            }
        };
        let mut lowered = vec![];
        let mut named: Vec<String> = vec![];
        let mut inline: Vec<String> = vec![];
        for (i, arg) in args.iter().enumerate() {
            match arg {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) if i == format_at => {
                    inline = inline_names(&s.value());
                    lowered.push(MacroArg::Format(s.clone()));
                }
                syn::Expr::Assign(a) if i > format_at => match &*a.left {
                    syn::Expr::Path(p) if p.path.get_ident().is_some() => {
                        let name = p.path.get_ident().expect("checked").clone();
                        named.push(name.to_string());
                        let value = self.lower_expr(&a.right, out);
                        lowered.push(MacroArg::Named(name, value));
                    }
                    _ => lowered.push(MacroArg::Value(self.lower_expr(arg, out))),
                },
                _ => lowered.push(MacroArg::Value(self.lower_expr(arg, out))),
            }
        }
        for name in inline {
            if named.contains(&name) {
                continue;
            }
            let ident = Ident::new(&name, span);
            let value = self.lower_expr(&syn::parse_quote!(#ident), out);
            named.push(name);
            lowered.push(MacroArg::Named(ident, value));
        }
        Expr::new(
            ExprKind::Opaque(OpaqueCall::Macro(mac.path.clone(), lowered)),
            span,
        )
    }
}

/// The names a format string reads inline: `x` in `"{x}"`, `"{x:.3}"`, `"{x:?}"`.
fn inline_names(format: &str) -> Vec<String> {
    let mut names = vec![];
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
            }
            '{' => {
                let arg: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let name = arg.split(':').next().unwrap_or("").trim();
                let is_name = name.starts_with(|c: char| c.is_alphabetic() || c == '_')
                    && name.chars().all(|c| c.is_alphanumeric() || c == '_');
                if is_name && !names.iter().any(|n| n == name) {
                    names.push(name.to_string());
                }
            }
            _ => {}
        }
    }
    names
}

/// `matches!(e, pat)` (with `|` alternatives and an `if` guard): the `match` it stands for,
/// `match e { pat => true, _ => false }`, a test on a value without derivative.
pub(super) fn matches_as_match(mac: &syn::Macro) -> Option<syn::Expr> {
    let last = mac.path.segments.last()?;
    let prelude = mac.path.segments.len() == 1
        || matches!(
            mac.path.segments[0].ident.to_string().as_str(),
            "std" | "core"
        );
    if last.ident != "matches" || !prelude {
        return None;
    }
    let parser = |input: syn::parse::ParseStream| {
        let scrutinee: syn::Expr = input.parse()?;
        input.parse::<syn::Token![,]>()?;
        let pat = syn::Pat::parse_multi_with_leading_vert(input)?;
        let guard: Option<syn::Expr> = match input.parse::<Option<syn::Token![if]>>()? {
            Some(_) => Some(input.parse()?),
            None => None,
        };
        input.parse::<Option<syn::Token![,]>>()?;
        Ok((scrutinee, pat, guard))
    };
    let (scrutinee, pat, guard) = syn::parse::Parser::parse2(parser, mac.tokens.clone()).ok()?;
    let guard = guard.map(|g| quote::quote!(if #g));
    Some(syn::parse_quote!(match #scrutinee { #pat #guard => true, _ => false }))
}
