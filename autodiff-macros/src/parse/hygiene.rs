//! The refusal of a function written by a `macro_rules!` macro in which one name stands
//! for two variables (macro hygiene), which the attribute cannot tell apart.

use syn::Ident;

/// A function written by a `macro_rules!` macro may hold two variables of one name: the
/// macro's own local `t` and a `t` its caller passed in are different variables to Rust
/// (hygiene), which the attribute cannot tell apart by name. The compiler shows each
/// token's syntax context in its span's debug form (`#4 bytes(113..116)`); where a name
/// bound in the function appears in two contexts, the function is refused rather than
/// differentiated as if they were one variable. Where spans carry no context (outside the
/// compiler), nothing is checked.
pub(crate) fn check_macro_hygiene(item: &syn::ItemFn) -> syn::Result<()> {
    use syn::visit::Visit;
    struct Bindings(std::collections::HashSet<String>);
    impl Visit<'_> for Bindings {
        fn visit_pat_ident(&mut self, p: &syn::PatIdent) {
            self.0.insert(p.ident.to_string());
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut bound = Bindings(Default::default());
    bound.visit_item_fn(item);
    let context = |span: proc_macro2::Span| -> Option<String> {
        let shown = format!("{span:?}");
        let rest = shown.strip_prefix('#')?;
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        (!digits.is_empty()).then_some(digits)
    };
    let mut seen: std::collections::HashMap<String, String> = Default::default();
    fn walk(
        ts: proc_macro2::TokenStream,
        f: &mut impl FnMut(&Ident) -> Option<syn::Error>,
    ) -> Option<syn::Error> {
        // (A name after `.` is a method's or a field's, not a variable: `buf.len()` the
        // attribute writes beside a local `len` of the user's.)
        let mut after_dot = false;
        for t in ts {
            let found = match &t {
                proc_macro2::TokenTree::Ident(_) if after_dot => None,
                proc_macro2::TokenTree::Ident(i) => f(i),
                proc_macro2::TokenTree::Group(g) => walk(g.stream(), f),
                _ => None,
            };
            after_dot = matches!(&t, proc_macro2::TokenTree::Punct(p) if p.as_char() == '.');
            if found.is_some() {
                return found;
            }
        }
        None
    }
    let tokens = quote::ToTokens::to_token_stream(&item.sig.inputs)
        .into_iter()
        .chain(quote::ToTokens::to_token_stream(&item.block))
        .collect();
    let clash = walk(tokens, &mut |i| {
        let name = i.to_string();
        if !bound.0.contains(&name) {
            return None;
        }
        let ctx = context(i.span())?;
        match seen.get(&name) {
            Some(first) if *first != ctx => Some(syn::Error::new(
                i.span(),
                format!("this function is written by a macro, and `{name}` names two variables here: one of the macro's own and one passed to it, which Rust keeps apart (macro hygiene) but `#[differentiate]` cannot tell apart by name; rename one of them (in the macro or at its call)"),
            )),
            Some(_) => None,
            None => {
                seen.insert(name, ctx);
                None
            }
        }
    });
    clash.map_or(Ok(()), Err)
}
