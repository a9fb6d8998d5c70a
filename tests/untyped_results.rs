//! Call results whose type the body never states (`let out = p.forward(x);`): the
//! attribute cannot see what a callee returns, so a result that is only passed on to other
//! calls is kept whole, its adjoint generic over its type, and rustc's types decide whether
//! it is a float or an array. Each gradient is checked against central differences.

use autodiff::differentiate;
use autodiff::ndarray::{array, Array2};
use autodiff::ops::relu;

#[derive(autodiff::Differentiable)]
struct Linear {
    w: Array2<f64>,
}

impl Linear {
    #[differentiate]
    fn forward(&self, x: &Array2<f64>) -> Array2<f64> {
        x.dot(&self.w)
    }
}

/// A method returning an array, its result used in array arithmetic by reference.
#[differentiate(wrt(p))]
fn squared_error(p: &Linear, x: &Array2<f64>, y: &Array2<f64>) -> f64 {
    let out = p.forward(x);
    let diff = &out - y;
    (&diff * &diff).sum()
}

/// A helper returning an array, passed straight to a rule imported by name.
#[differentiate]
fn affine(x: &Array2<f64>, w: &Array2<f64>) -> Array2<f64> {
    x.dot(w) + 0.1
}

#[differentiate]
fn activated(x: &Array2<f64>, w: &Array2<f64>) -> f64 {
    let z = affine(x, w);
    let h = relu(&z);
    h.sum()
}

/// A helper returning a float, passed straight to another: the same code, a float.
#[differentiate]
fn energy(k: f64, x: f64) -> f64 {
    0.5 * k * x * x
}

#[differentiate]
fn doubled(e: f64) -> f64 {
    2.0 * e
}

#[differentiate]
fn chained(k: f64, x: f64) -> f64 {
    let e = energy(k, x);
    doubled(e)
}

#[test]
fn an_array_method_result_in_array_arithmetic() {
    let p = Linear {
        w: array![[0.5, -0.2], [0.1, 0.7]],
    };
    let x = array![[1.0, 2.0], [-0.5, 0.3]];
    let y = array![[0.2, 0.1], [0.0, -0.4]];
    squared_error_gradcheck(&p, &x, &y).unwrap();
    // L = ‖xW − y‖²: ∂L/∂W = 2 xᵀ (xW − y).
    let (_, p_bar) = squared_error_grad(&p, &x, &y);
    let expected = 2.0 * x.t().dot(&(x.dot(&p.w) - &y));
    for (a, b) in p_bar.w.iter().zip(expected.iter()) {
        assert!((a - b).abs() < 1e-12, "{a} vs {b}");
    }
}

#[test]
fn an_array_helper_result_passed_to_a_rule() {
    let x = array![[1.0, -2.0], [0.5, 0.3]];
    let w = array![[0.4, -0.6, 1.1], [0.7, 0.9, -0.5]];
    activated_gradcheck(&x, &w).unwrap();
}

#[test]
fn a_float_helper_result_passed_on() {
    chained_gradcheck(1.5, 0.7).unwrap();
    let (value, dk, dx) = chained_grad(1.5, 0.7);
    assert!((value - 1.5 * 0.49).abs() < 1e-15);
    assert!((dk - 0.49).abs() < 1e-15 && (dx - 2.0 * 1.5 * 0.7).abs() < 1e-15);
}

/// A float literal beside an array, on either side (`(y / 2.0).sum()`, `(2.0 * y).sum()`).
#[differentiate]
fn literal_operands(y: &Array2<f64>) -> f64 {
    let half = (y / 2.0).sum();
    let twice = (2.0 * y).sum();
    let shifted = (y + 1.5).mapv(f64::tanh).sum();
    half * twice + shifted
}

#[test]
fn float_literals_beside_arrays() {
    let y = array![[0.5, -1.0], [0.25, 2.0]];
    literal_operands_gradcheck(&y).unwrap();
}

/// `wrt` leaves an array parameter out: the dual twin (`f_hvp`) lifts it as a constant.
#[differentiate(wrt(w))]
fn weights_only(x: &Array2<f64>, w: &Array2<f64>) -> f64 {
    let y = x.dot(w);
    (&y * &y).sum()
}

#[test]
fn an_array_parameter_left_out_by_wrt() {
    let x = array![[1.0, -2.0], [0.5, 0.3]];
    let w = array![[0.4, -0.6], [0.7, 0.9]];
    weights_only_gradcheck(&x, &w).unwrap();
}

#[differentiate]
fn lerp_generic<T: autodiff::num_traits::Float>(a: T, b: T, t: T) -> T {
    a + (b - a) * t
}

// De Casteljau's quadratic Bézier point: each result only passed on to the next call.
#[differentiate]
fn bezier_generic<T: autodiff::num_traits::Float>(a: T, b: T, c: T, t: T) -> T {
    let ab = lerp_generic(a, b, t);
    let bc = lerp_generic(b, c, t);
    lerp_generic(ab, bc, t)
}

#[test]
fn generic_results_passed_on() {
    let (a, b, c, t) = (1.0f64, 3.0, 2.0, 0.25);
    let (v, ga, gb, gc, gt) = bezier_generic_grad(a, b, c, t);
    // (1−t)²a + 2t(1−t)b + t²c, ∂/∂t = 2(1−t)(b − a) + 2t(c − b).
    assert!((v - (0.5625 * a + 0.375 * b + 0.0625 * c)).abs() < 1e-12);
    assert!(
        (ga - 0.5625f64).abs() < 1e-12
            && (gb - 0.375f64).abs() < 1e-12
            && (gc - 0.0625f64).abs() < 1e-12
    );
    assert!((gt - (1.5 * (b - a) + 0.5 * (c - b))).abs() < 1e-12);
    bezier_generic_gradcheck(a, b, c, t).unwrap();
    bezier_generic_gradcheck(1.0f32, 3.0, 2.0, 0.25).unwrap();
}

impl Linear {
    #[differentiate]
    fn apply(&self, x: &autodiff::ndarray::Array1<f64>) -> autodiff::ndarray::Array1<f64> {
        self.w.dot(x)
    }
}

/// A struct method's result used only through `dot`, `sum` and `mean`, which a nalgebra
/// vector or a user's `Vec3` has too: called as a struct's methods are, and rustc finds the
/// array's (`ops::methods`).
#[differentiate]
fn scored(
    p: &Linear,
    x: &autodiff::ndarray::Array1<f64>,
    xm: &Array2<f64>,
    v: &autodiff::ndarray::Array1<f64>,
) -> f64 {
    let h = p.apply(x);
    let m = p.forward(xm);
    h.dot(v) + h.sum() * 0.5 + m.dot(&p.w).sum()
}

#[test]
fn array_results_of_struct_methods_used_as_structs_may_be() {
    let p = Linear {
        w: array![[0.5, -1.0], [2.0, 0.3]],
    };
    let xm = array![[1.0, -0.4], [0.3, 0.8]];
    scored_gradcheck(&p, &array![1.0, -0.4], &xm, &array![0.7, 0.2]).unwrap();
}

#[derive(autodiff::Differentiable)]
struct Shifted {
    w: autodiff::ndarray::Array1<f64>,
}

impl Shifted {
    #[differentiate]
    fn bias(&self) -> autodiff::ndarray::Array1<f64> {
        &self.w * 2.0
    }

    /// A method's array result used as an operand where it stands (`y + self.bias()`).
    #[differentiate]
    fn shifted(&self, x: &autodiff::ndarray::Array1<f64>) -> autodiff::ndarray::Array1<f64> {
        let y = x * 3.0;
        y + self.bias()
    }
}

#[test]
fn a_methods_array_result_as_an_operand() {
    let s = Shifted {
        w: array![1.0, 2.0],
    };
    // y = 3x + 2w: x̄ = 3ȳ, w̄ = 2ȳ.
    let (v, s_bar, x_bar) = s.shifted_vjp(&array![0.5, -1.0], array![1.0, 0.5]);
    assert_eq!(v, array![3.5, 1.0]);
    assert_eq!((s_bar.w, x_bar), (array![2.0, 1.0], array![3.0, 1.5]));
}

/// A helper's array result squared by borrowed arithmetic and summed (`(&y * &y).sum()`):
/// a method only an array has, so the operands are arrays.
#[derive(autodiff::Differentiable)]
struct Map {
    w: Array2<f64>,
}

impl Map {
    #[differentiate]
    fn apply(&self, x: &autodiff::ndarray::Array1<f64>) -> autodiff::ndarray::Array1<f64> {
        self.w.dot(x)
    }

    #[differentiate]
    fn energy(&self, x: &autodiff::ndarray::Array1<f64>) -> f64 {
        let y = self.apply(x);
        (&y * &y).sum() + (&y - x).mean().unwrap()
    }
}

#[test]
fn a_result_squared_by_borrowed_arithmetic() {
    let m = Map {
        w: array![[1.0, 2.0], [0.5, -1.0]],
    };
    let x = array![0.3, -0.7];
    m.energy_gradcheck(&x).unwrap();
    // y = W x: ∂/∂x of |y|² = 2 Wᵀ y; of mean(y − x) = (Wᵀ 1 − 1) / 2.
    let (_, _, x_bar) = m.energy_grad(&x);
    let y = m.w.dot(&x);
    let want = m.w.t().dot(&y) * 2.0 + (m.w.t().dot(&array![1.0, 1.0]) - 1.0) / 2.0;
    assert!(
        (&x_bar - &want).iter().all(|d| d.abs() < 1e-12),
        "{x_bar} against {want}"
    );
}
