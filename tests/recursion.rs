//! Functions that call themselves: a determinant by expansion of minors and a series
//! evaluated recursively. Their callers' pullbacks are boxed (an `impl FnOnce` cannot contain
//! itself); every generated item recurses. Checked against closed forms (the gradient of
//! a determinant is its cofactor matrix), central differences and the other mode.

#![allow(clippy::needless_range_loop)] // index loops are the form under test

use autodiff::differentiate;

/// det M by Laplace expansion along the first row (`m` row-major, `n × n`).
#[differentiate]
fn det(m: &[f64], n: usize) -> f64 {
    if n == 1 {
        return m[0];
    }
    let mut total = 0.0;
    let mut sign = 1.0;
    for col in 0..n {
        let mut minor = vec![0.0; (n - 1) * (n - 1)];
        let mut k = 0;
        for i in 1..n {
            for j in 0..n {
                if j != col {
                    minor[k] = m[i * n + j];
                    k += 1;
                }
            }
        }
        total += sign * m[col] * det(&minor, n - 1);
        sign = -sign;
    }
    total
}

/// exp's Taylor series in Horner form, `1 + x/k·(1 + x/(k+1)·(…))`, recursing on `k`.
#[differentiate]
fn exp_series(x: f64, k: usize, n: usize) -> f64 {
    if k > n {
        0.0
    } else {
        1.0 + x / (k as f64) * exp_series(x, k + 1, n)
    }
}

#[test]
fn the_gradient_of_a_determinant_is_its_cofactor_matrix() {
    // 2 × 2: det = ad − bc, gradient (d, −c, −b, a).
    let m2 = [0.7, -1.2, 0.4, 2.5];
    let (v, g) = det_grad(&m2, 2);
    assert!((v - (0.7 * 2.5 + 1.2 * 0.4)).abs() < 1e-14);
    let want = [2.5, -0.4, 1.2, 0.7];
    for i in 0..4 {
        assert!((g[i] - want[i]).abs() < 1e-14, "{g:?}");
    }
    // 3 × 3 and 4 × 4: gradcheck (central differences, the dot-product test, H·v).
    let m3 = [0.3, -1.0, 2.0, 0.5, 1.5, -0.7, 1.1, 0.2, 0.9];
    det_gradcheck(&m3, 3).unwrap();
    let m4: Vec<f64> = (0..16).map(|i| ((i * 7 % 11) as f64 - 5.0) / 4.0).collect();
    det_gradcheck(&m4, 4).unwrap();
    // ∂det/∂m₀₀ of the 3 × 3 is the minor's determinant.
    let (_, g) = det_grad(&m3, 3);
    assert!((g[0] - (1.5 * 0.9 + 0.7 * 0.2)).abs() < 1e-14);
}

#[test]
fn a_recursive_series() {
    // From k = 1: Σₖ₌₀¹² xᵏ/k!, whose derivative is the same series one term shorter.
    let x = 0.8;
    let (v, g) = exp_series_grad(x, 1, 12);
    assert!((v - x.exp()).abs() < 1e-9);
    assert!((g - x.exp()).abs() < 1e-7, "{g}");
    let (_, dv) = exp_series_jvp(x, 1, 12, 1.0);
    assert!((dv - g).abs() < 1e-14);
    exp_series_gradcheck(x, 1, 12).unwrap();
}

// Mutual recursion: `cos_series` calls `cos_tail`, which calls `cos_series` again. The
// attribute cannot see such a cycle, so one function in it says `recursive`.
// cos_series(k) = 1 − x²/((2k−1)·2k)·cos_tail(k+1): cos x in Horner form from term k on.
#[differentiate(recursive)]
fn cos_series(x: f64, k: usize, n: usize) -> f64 {
    if k > n {
        1.0
    } else {
        let kf = k as f64;
        1.0 - x * x / ((2.0 * kf - 1.0) * 2.0 * kf) * cos_tail(x, k + 1, n)
    }
}

#[differentiate]
fn cos_tail(x: f64, k: usize, n: usize) -> f64 {
    if k > n {
        1.0
    } else {
        cos_series(x, k, n)
    }
}

#[test]
fn mutual_recursion_with_one_function_marked() {
    let x = 0.9;
    let (v, g) = cos_series_grad(x, 1, 10);
    assert!((v - x.cos()).abs() < 1e-12, "{v}");
    assert!((g + x.sin()).abs() < 1e-10, "{g}");
    cos_series_gradcheck(x, 1, 10).unwrap();
    cos_tail_gradcheck(x, 1, 10).unwrap();
}

/// A power by repeated multiplication, generic over the float type: the boxed pullbacks
/// of a recursive function hold values of `T`, which the derived items bound by `'static`.
#[differentiate]
fn power<T: autodiff::num_traits::Float>(x: T, n: usize) -> T {
    if n == 0 {
        x
    } else {
        power(x, n - 1) * x
    }
}

#[derive(autodiff::Differentiable)]
struct Geometric {
    k: f64,
}

impl Geometric {
    /// A method calling itself through `self` (no marker).
    #[differentiate]
    fn sum(&self, x: f64, n: usize) -> f64 {
        if n == 0 {
            x * self.k
        } else {
            self.sum(x * self.k, n - 1) + x
        }
    }
}

#[test]
fn generic_and_method_recursion() {
    // xⁿ⁺¹ at n = 3: 4x³.
    assert_eq!(power_grad(0.5, 3), (0.0625, 0.5));
    let (v, d) = power_grad(0.5f32, 3);
    assert_eq!((v, d), (0.0625f32, 0.5f32));
    power_gradcheck(0.7, 4).unwrap();
    // sum(x, n) = x (1 + k + … + kⁿ⁻¹) + x kⁿ⁺¹: at n = 2, x + x k + x k³.
    let g = Geometric { k: 1.5 };
    let (x, k) = (0.8, 1.5);
    let (value, g_bar, x_bar) = g.sum_grad(x, 2);
    assert!((value - (x + x * k + x * k * k * k)).abs() < 1e-12);
    assert!((x_bar - (1.0 + k + k * k * k)).abs() < 1e-12);
    assert!((g_bar.k - x * (1.0 + 3.0 * k * k)).abs() < 1e-12);
    g.sum_gradcheck(x, 2).unwrap();
}
