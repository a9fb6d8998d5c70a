//! # autodiff: compile-time automatic differentiation for Rust
//!
//! Put `#[differentiate]` on an ordinary function and its derivative functions appear beside
//! it, written at compile time as plain Rust: forward mode (`f_jvp`), reverse mode
//! (`f_vjp`, and the split `f_pullback`), the gradient (`f_grad`) and Hessian-vector
//! products (`f_hvp`, forward-over-reverse).
//!
//! ```
//! use autodiff::differentiate;
//!
//! #[differentiate]
//! fn f(x: f64, y: f64) -> f64 {
//!     x * y + x.sin()
//! }
//!
//! let (value, dx, dy) = f_grad(2.0, 3.0);
//! assert_eq!(value, 6.0 + 2.0_f64.sin());
//! assert_eq!((dx, dy), (3.0 + 2.0_f64.cos(), 2.0));
//! ```
//!
//! The runtime underneath is re-exported here: dual numbers ([`Dual`], [`DualVec`]), the
//! scalar reverse-mode tape ([`Tape`], [`Value`]), the elementary rules ([`partial`]),
//! gradient checking ([`gradcheck`](mod@gradcheck)), and structs of parameters: the
//! [`Differentiable`](trait@Differentiable) trait, its derive, and the optimizers of
//! [`optim`].
//!
//! ```
//! use autodiff::optim::Adam;
//! use autodiff::Differentiable;
//!
//! #[derive(Differentiable)]
//! struct Params {
//!     w: Vec<f64>,
//!     b: f64,
//! }
//!
//! // Minimise (w₀ − 1)² + (w₁ + 2)² + b², with its gradient written by hand.
//! let mut p = Params { w: vec![0.0, 0.0], b: 1.0 };
//! let mut adam = Adam::new(0.1);
//! for _ in 0..300 {
//!     let g = Params { w: vec![2.0 * (p.w[0] - 1.0), 2.0 * (p.w[1] + 2.0)], b: 2.0 * p.b };
//!     adam.step(&mut p, &g);
//! }
//! assert!((p.w[0] - 1.0).abs() < 1e-2 && (p.w[1] + 2.0).abs() < 1e-2 && p.b.abs() < 1e-2);
//! assert_eq!(p.num_params(), 3);
//! ```

pub use autodiff_macros::{differentiate, Differentiable};
pub use autodiff_runtime::*;

/// Paths used by generated code. Not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use autodiff_runtime::check;
    pub use autodiff_runtime::checkpoint;
    pub use autodiff_runtime::coordinates::{unit_coordinate, Coordinates};
    pub use autodiff_runtime::dual_twin::DualTwin;
    pub use autodiff_runtime::fields::*;
    pub use autodiff_runtime::fma::{run_fused, use_fused, Fused, MulAdd, Separate};
    pub use autodiff_runtime::gradcheck::{
        check_derivatives, check_derivatives_where_defined, check_first_derivatives,
        check_first_derivatives_where_defined, MaybeValue,
    };
    pub use autodiff_runtime::lending::lending_nothing;
    pub use autodiff_runtime::num_traits::{Float, FromPrimitive, One, Zero};
    pub use autodiff_runtime::ops::{duals_nd, lift_nd, primals_nd, tangents_nd};
    pub use autodiff_runtime::partial;
    pub use autodiff_runtime::pool;
    pub use autodiff_runtime::save_stack::{room, SaveStack};
    pub use autodiff_runtime::support::*;
    pub use autodiff_runtime::Differentiable;
    pub use autodiff_runtime::Dual;

    /// The rules of other crates' types, as methods generated code calls
    /// (`v.norm_pullback_all()`): in scope wherever generated code is, empty without their
    /// features.
    pub mod methods {
        #[cfg(feature = "nalgebra")]
        pub use autodiff_runtime::nalgebra::points::{PointRules as _, PointSub as _};
        #[cfg(feature = "nalgebra")]
        pub use autodiff_runtime::nalgebra::rotations::{
            ConjugateRule as _, FromAxisAngle as _, FromEulerAngles as _, FromQuaternion as _,
            New1 as _, RotationRules as _,
        };
        #[cfg(feature = "nalgebra")]
        pub use autodiff_runtime::nalgebra::{
            constructors::{New2 as _, New3 as _, New4 as _, New6 as _, New9 as _},
            cross::CrossRule as _,
            homogeneous::{HomogeneousRules as _, ToRotationMatrixRule as _},
            products::MulRule as _,
            rules::{EntrywiseRules as _, TransposeRule as _},
            square::SquareRules as _,
        };
        pub use autodiff_runtime::ops::methods::{
            CopyRules as _, DotRule as _, FromElemRule as _, ReduceRules as _,
        };
    }
}
