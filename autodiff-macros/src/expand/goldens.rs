//! The expansion goldens: each `tests/expand/NAME.rs` of the workspace, expanded and
//! printed, must equal `tests/expand/NAME.expanded.rs`. `AUTODIFF_BLESS=1` rewrites them
//! (review the diff).

use quote::ToTokens;
use std::path::Path;

fn expand_file(src: &str) -> String {
    let file: syn::File = syn::parse_str(src).expect("a golden input parses");
    let mut out = String::new();
    for item in file.items {
        match item {
            syn::Item::Fn(f) => {
                let (args, f) = take_attribute(f);
                out.push_str(&super::expand_pretty(args, f.to_token_stream()));
            }
            syn::Item::Impl(block) => out.push_str(&expand_impl(block)),
            _ => {}
        }
    }
    out
}

/// The function without its `#[differentiate(args)]`, and the args.
fn take_attribute(mut f: syn::ItemFn) -> (proc_macro2::TokenStream, syn::ItemFn) {
    let pos = f
        .attrs
        .iter()
        .position(|a| a.path().is_ident("differentiate"))
        .expect("an input fn carries #[differentiate]");
    let attr = f.attrs.remove(pos);
    let args = match &attr.meta {
        syn::Meta::List(l) => l.tokens.clone(),
        _ => proc_macro2::TokenStream::new(),
    };
    (args, f)
}

/// The methods of an `impl` expanded, printed inside the `impl` they belong to (their
/// items are associated functions, which only parse there).
fn expand_impl(block: syn::ItemImpl) -> String {
    let (generics, self_ty) = (&block.generics, &block.self_ty);
    let where_clause = &generics.where_clause;
    let methods = block.items.into_iter().filter_map(|item| match item {
        syn::ImplItem::Fn(m) => {
            let f = syn::parse2(m.to_token_stream()).expect("a method parses as a function");
            let (args, f) = take_attribute(f);
            Some(super::differentiate(args, f.to_token_stream()))
        }
        _ => None,
    });
    let out = quote::quote!(impl #generics #self_ty #where_clause { #(#methods)* });
    match syn::parse2::<syn::File>(out.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(e) => format!("unparsable expansion ({e}):\n{out}"),
    }
}

#[test]
fn expansions_match_goldens() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/expand");
    let bless = std::env::var_os("AUTODIFF_BLESS").is_some();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/expand exists") {
        let path = entry.expect("readable entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".rs") || name.ends_with(".expanded.rs") {
            continue;
        }
        let expanded = expand_file(&std::fs::read_to_string(&path).unwrap());
        let golden = path.with_extension("expanded.rs");
        if bless {
            std::fs::write(&golden, &expanded).unwrap();
        } else {
            let want = std::fs::read_to_string(&golden).unwrap_or_default();
            assert!(want == expanded, "expansion of {name} changed; rerun with AUTODIFF_BLESS=1 and review the diff:\n{expanded}");
        }
        checked += 1;
    }
    assert!(
        checked >= 5,
        "expected the golden inputs in {}",
        dir.display()
    );
}
