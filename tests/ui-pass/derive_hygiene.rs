//! The derive's output compiles without warnings beside user items that shadow the std and
//! prelude names it could have used, and the names of its own parameters.
#![deny(warnings)]

mod shadowed {
    #![allow(dead_code, non_camel_case_types)]

    pub struct Vec;
    pub struct Option;
    pub struct Clone;
    pub struct FnMut;
    pub struct f;
    pub struct s;
    pub struct other;
    pub trait Differentiable {}

    /// A public struct with a private field type, whose scalar must not leak it.
    #[derive(autodiff::Differentiable)]
    pub struct Params {
        pub w: f64,
        pub v: std::vec::Vec<f64>,
        pub(crate) inner: std::vec::Vec<Inner>,
        #[no_grad]
        pub name: std::string::String,
    }

    #[derive(autodiff::Differentiable)]
    pub(crate) struct Inner(pub [f64; 2]);

    /// A struct that contains itself.
    #[derive(autodiff::Differentiable)]
    pub struct Tree {
        pub kids: std::vec::Vec<Tree>,
        pub w: f64,
    }
}

use autodiff::Differentiable;

fn main() {
    let p = shadowed::Params {
        w: 1.0,
        v: vec![2.0],
        inner: vec![shadowed::Inner([3.0, 4.0])],
        name: "p".into(),
    };
    assert_eq!(p.to_flat(), [1.0, 2.0, 3.0, 4.0]);
    assert_eq!(p.zero_like().name, "p");
    let leaf = shadowed::Tree { kids: vec![], w: 2.0 };
    let mut t = shadowed::Tree { kids: vec![leaf], w: 1.0 };
    t.scale_leaves(3.0);
    assert_eq!(t.to_flat(), [6.0, 3.0]);
}
