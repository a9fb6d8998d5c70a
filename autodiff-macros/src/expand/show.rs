//! An expansion printed for a developer (an ignored test): `AUTODIFF_SHOW` holds the
//! function, `AUTODIFF_SHOW_ARGS` the attribute's arguments.

#[test]
#[ignore = "prints an expansion for a developer: AUTODIFF_SHOW holds the function, AUTODIFF_SHOW_ARGS the attribute's arguments"]
fn show() {
    let src = std::env::var("AUTODIFF_SHOW").unwrap_or_default();
    let args = std::env::var("AUTODIFF_SHOW_ARGS").unwrap_or_default();
    let item: proc_macro2::TokenStream = src.parse().unwrap();
    println!("{}", super::expand_pretty(args.parse().unwrap(), item));
}
