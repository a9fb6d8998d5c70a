//! `Vector3::new(x, y, z)`, `Matrix3::new(…)` and the other fixed-size constructors of
//! nalgebra: each argument's cotangent is the seed's entry where its value stands (a
//! matrix's arguments row by row).
//!
//! ```
//! use autodiff_runtime::nalgebra::constructors::New3;
//! use nalgebra::Vector3;
//! let (v, pullback) = <Vector3<f64> as New3<f64>>::new_pullback_all(1.0, 2.0, 3.0);
//! assert_eq!(v, Vector3::new(1.0, 2.0, 3.0));
//! assert_eq!(pullback(Vector3::new(0.5, 0.25, 2.0)), (0.5, 0.25, 2.0));
//! ```

use nalgebra::{ArrayStorage, Const, Matrix, Scalar};
use num_traits::Float;

type M<T, R, C, S> = Matrix<T, R, C, S>;
/// `Vector2::new(x, y)`, `Vector3::new(x, y, z)`, `Vector4::new(…)`, `Matrix2::new(…)`,
/// `Matrix3::new(…)`: one trait per argument count, whose impls rustc picks by the type the
/// call names.
macro_rules! constructors {
    ($($rule:ident($($arg:ident $arg_dot:ident),*);)*) => {$(
        #[doc = concat!("`new` taking ", stringify!($($arg),*), ", of the fixed-size matrices with that many entries.")]
        pub trait $rule<T>: Sized {
            /// Its value and tangent.
            #[allow(clippy::too_many_arguments)]
            fn new_jvp_all($($arg: T,)* $($arg_dot: T,)*) -> (Self, Self);
            /// Its value and pullback.
            #[allow(clippy::too_many_arguments, clippy::type_complexity)]
            fn new_pullback_all($($arg: T,)*) -> (Self, impl FnOnce(Self) -> ($(constructors!(@elem $arg T),)*) + use<T, Self>);
        }
    )*};
    (@elem $arg:ident $t:ident) => { $t };
}

/// The impls: nalgebra's `new` of a fixed-size matrix takes its entries row by row, so the
/// `k`-th argument's cotangent is the entry `(i, j)` listed `k`-th.
macro_rules! constructor_impls {
    ($($rule:ident($($arg:ident $arg_dot:ident ($i:literal, $j:literal)),*) for $rows:literal x $cols:literal;)*) => {$(
        impl<T: Float + Scalar> $rule<T> for M<T, Const<$rows>, Const<$cols>, ArrayStorage<T, $rows, $cols>> {
            fn new_jvp_all($($arg: T,)* $($arg_dot: T,)*) -> (Self, Self) {
                (Self::from_row_slice(&[$($arg),*]), Self::from_row_slice(&[$($arg_dot),*]))
            }

            fn new_pullback_all($($arg: T,)*) -> (Self, impl FnOnce(Self) -> ($(constructors!(@elem $arg T),)*) + use<T>) {
                (Self::from_row_slice(&[$($arg),*]), |y_bar: Self| ($(y_bar[($i, $j)],)*))
            }
        }
    )*};
}

constructors! {
    New2(x x_dot, y y_dot);
    New3(x x_dot, y y_dot, z z_dot);
    New4(a a_dot, b b_dot, c c_dot, d d_dot);
    New6(a a_dot, b b_dot, c c_dot, d d_dot, e e_dot, f f_dot);
    New9(m11 m11_dot, m12 m12_dot, m13 m13_dot, m21 m21_dot, m22 m22_dot, m23 m23_dot, m31 m31_dot, m32 m32_dot, m33 m33_dot);
}

constructor_impls! {
    New2(x x_dot (0, 0), y y_dot (1, 0)) for 2 x 1;
    New2(x x_dot (0, 0), y y_dot (0, 1)) for 1 x 2;
    New3(x x_dot (0, 0), y y_dot (1, 0), z z_dot (2, 0)) for 3 x 1;
    New3(x x_dot (0, 0), y y_dot (0, 1), z z_dot (0, 2)) for 1 x 3;
    New4(a a_dot (0, 0), b b_dot (1, 0), c c_dot (2, 0), d d_dot (3, 0)) for 4 x 1;
    New4(a a_dot (0, 0), b b_dot (0, 1), c c_dot (1, 0), d d_dot (1, 1)) for 2 x 2;
    New6(a a_dot (0, 0), b b_dot (1, 0), c c_dot (2, 0), d d_dot (3, 0), e e_dot (4, 0), f f_dot (5, 0)) for 6 x 1;
    New6(a a_dot (0, 0), b b_dot (0, 1), c c_dot (0, 2), d d_dot (1, 0), e e_dot (1, 1), f f_dot (1, 2)) for 2 x 3;
    New6(a a_dot (0, 0), b b_dot (0, 1), c c_dot (1, 0), d d_dot (1, 1), e e_dot (2, 0), f f_dot (2, 1)) for 3 x 2;
    New9(m11 m11_dot (0, 0), m12 m12_dot (0, 1), m13 m13_dot (0, 2), m21 m21_dot (1, 0), m22 m22_dot (1, 1), m23 m23_dot (1, 2), m31 m31_dot (2, 0), m32 m32_dot (2, 1), m33 m33_dot (2, 2)) for 3 x 3;
}
