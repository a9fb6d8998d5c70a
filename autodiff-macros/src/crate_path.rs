//! `crate = "path"`: where generated code finds the `autodiff` crate, for a crate that
//! re-exports it or renames it in its `Cargo.toml` (serde's `#[serde(crate = "…")]`).
//!
//! Generated code names the facade by the absolute path `::autodiff`. With
//! `#[differentiate(crate = "my_lib::ad")]` (or `#[differentiable(crate = "…")]` beside
//! `#[derive(Differentiable)]`) the finished expansion has every such path rewritten to
//! start at the given one: one pass over the output, so no stage needs to know.

use proc_macro2::{Delimiter, Group, Spacing, TokenStream, TokenTree};

/// The attribute's arguments without `crate = "path"`, and the path, parsed.
pub(crate) fn take(args: TokenStream) -> syn::Result<(TokenStream, Option<syn::Path>)> {
    let tokens: Vec<TokenTree> = args.into_iter().collect();
    let mut kept = vec![];
    let mut path = None;
    let mut i = 0;
    while i < tokens.len() {
        let is_key = matches!(&tokens[i], TokenTree::Ident(id) if id == "crate")
            && matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '=');
        if !is_key {
            kept.push(tokens[i].clone());
            i += 1;
            continue;
        }
        let value = tokens.get(i + 2);
        let lit = match value {
            Some(TokenTree::Literal(l)) => {
                syn::parse2::<syn::LitStr>(TokenTree::Literal(l.clone()).into()).ok()
            }
            _ => None,
        };
        let Some(lit) = lit else {
            let span = value.map_or(tokens[i].span(), TokenTree::span);
            return Err(syn::Error::new(span, "write `crate = \"path\"`: the path of the `autodiff` crate as a string, such as `crate = \"my_lib::autodiff\"`"));
        };
        if path.is_some() {
            return Err(syn::Error::new(
                tokens[i].span(),
                "`crate` is given twice: write it once",
            ));
        }
        path = Some(lit.parse::<syn::Path>().map_err(|_| {
            syn::Error::new(lit.span(), format!("`{}` is not a path: write the path of the `autodiff` crate, such as `crate = \"my_lib::autodiff\"`", lit.value()))
        })?);
        i += 3;
        // The comma after it, or the one before it when it came last.
        if matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ',') {
            i += 1;
        } else if matches!(kept.last(), Some(TokenTree::Punct(p)) if p.as_char() == ',') {
            kept.pop();
        }
    }
    Ok((kept.into_iter().collect(), path))
}

/// `tokens` with every path that starts `::autodiff` starting at `path` instead.
pub(crate) fn rewrite(tokens: TokenStream, path: &syn::Path) -> TokenStream {
    let path: Vec<TokenTree> = quote::ToTokens::to_token_stream(path).into_iter().collect();
    rewrite_with(tokens, &path)
}

fn rewrite_with(tokens: TokenStream, path: &[TokenTree]) -> TokenStream {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tts.len());
    let mut i = 0;
    while i < tts.len() {
        if starts_absolute_autodiff(&tts, i) {
            out.extend(path.iter().cloned());
            i += 3;
            continue;
        }
        out.push(match &tts[i] {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), rewrite_with(g.stream(), path));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            other => other.clone(),
        });
        i += 1;
    }
    out.into_iter().collect()
}

/// `tts[i..]` is `:: autodiff` at the start of a path: not after a path segment or a
/// generic argument list (`a::autodiff`, `<T>::autodiff`), but after a keyword (`use`,
/// `as`, `dyn`, …), `->`, `=>` or any other punctuation.
fn starts_absolute_autodiff(tts: &[TokenTree], i: usize) -> bool {
    let sep = matches!((tts.get(i), tts.get(i + 1)), (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
        if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':');
    let name = matches!(tts.get(i + 2), Some(TokenTree::Ident(id)) if id == "autodiff");
    let continues = i > 0
        && match &tts[i - 1] {
            TokenTree::Ident(id) => !KEYWORDS.contains(&id.to_string().as_str()),
            TokenTree::Punct(p) if p.as_char() == '>' => !matches!(
                i.checked_sub(2).map(|k| &tts[k]),
                Some(TokenTree::Punct(q)) if matches!(q.as_char(), '-' | '=') && q.spacing() == Spacing::Joint
            ),
            TokenTree::Group(g) => g.delimiter() == Delimiter::None,
            _ => false,
        };
    sep && name && !continues
}

/// Keywords a path can follow (`crate`, `self`, `super` and `Self` begin paths instead).
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "dyn", "else", "enum", "extern", "fn", "for", "if", "impl", "in",
    "let", "loop", "match", "move", "mut", "pub", "ref", "return", "static", "struct", "trait",
    "type", "unsafe", "use", "where", "while",
];

#[cfg(test)]
mod tests {
    use quote::quote;

    #[test]
    fn the_key_is_taken_out_of_the_arguments() {
        let (rest, path) = super::take(quote!(wrt(x), crate = "my_lib::ad", hvp)).unwrap();
        assert_eq!(rest.to_string(), quote!(wrt(x), hvp).to_string());
        assert_eq!(quote!(#path).to_string(), quote!(my_lib::ad).to_string());
        let (rest, path) = super::take(quote!(wrt(x), crate = "::ad")).unwrap();
        assert_eq!(rest.to_string(), quote!(wrt(x)).to_string());
        assert!(path.is_some());
        assert!(super::take(quote!(crate = my_lib)).is_err());
        assert!(super::take(quote!(crate = "a b")).is_err());
    }

    #[test]
    fn absolute_paths_are_rewritten_and_others_kept() {
        let path: syn::Path = syn::parse_quote!(my_lib::ad);
        let out = super::rewrite(
            quote!(
                use ::autodiff::__private as __ad;
                fn f(y: ::autodiff::Dual<f64>) -> ::autodiff::Dual<f64> {
                    a::autodiff::x(<T>::autodiff)
                }
            ),
            &path,
        );
        assert_eq!(
            out.to_string(),
            quote!(
                use my_lib::ad::__private as __ad;
                fn f(y: my_lib::ad::Dual<f64>) -> my_lib::ad::Dual<f64> {
                    a::autodiff::x(<T>::autodiff)
                }
            )
            .to_string()
        );
    }
}
