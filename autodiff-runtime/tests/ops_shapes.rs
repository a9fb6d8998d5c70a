//! Shape errors name both shapes; degenerate shapes (0 rows, 1×1) go through every rule.

use autodiff_runtime::ndarray::{array, Array1, Array2, Ix1, Ix2};
use autodiff_runtime::ops;

fn z(r: usize, c: usize) -> Array2<f64> {
    Array2::zeros((r, c))
}

#[test]
#[should_panic(
    expected = "matmul: shapes [2, 3] and [4, 5] are not compatible for matrix multiplication"
)]
fn matmul_names_both_shapes() {
    ops::matmul(&z(2, 3), &z(4, 5));
}

#[test]
#[should_panic(expected = "matmul: shapes [3, 2] and [3, 2] are not compatible")]
fn matmul_vjp_names_both_shapes() {
    ops::matmul_vjp(&z(3, 2), &z(3, 2), z(3, 2));
}

#[test]
#[should_panic(
    expected = "matmul pullback: the cotangent has shape [2, 2] but shape [2, 5] was expected"
)]
fn matmul_pullback_checks_the_cotangent() {
    let (a, b) = (z(2, 3), z(3, 5));
    let (_, pb) = ops::matmul_pullback(&a, &b);
    pb(&a, &b, z(2, 2));
}

#[test]
#[should_panic(
    expected = "matmul_jvp: the tangent of b has shape [2, 3] but shape [3, 2] was expected"
)]
fn matmul_jvp_checks_tangents() {
    ops::matmul_jvp(&z(2, 3), &z(3, 2), &z(2, 3), &z(2, 3));
}

#[test]
#[should_panic(expected = "add: shapes [2, 3] and [2] cannot be broadcast together")]
fn add_names_both_shapes() {
    ops::add(&z(2, 3), &Array1::<f64>::zeros(2));
}

#[test]
#[should_panic(expected = "mul: shapes [2, 3] and [3, 3] cannot be broadcast together")]
fn mul_pullback_names_both_shapes() {
    let _ = ops::mul_pullback(&z(2, 3), &z(3, 3));
}

#[test]
#[should_panic(expected = "div_jvp: the tangent of a has shape [3] but shape [2] was expected")]
fn broadcast_jvp_checks_tangents() {
    let a = array![1.0, 2.0];
    ops::div_jvp(&a, &1.0, &array![1.0, 2.0, 3.0], &0.0);
}

#[test]
#[should_panic(expected = "sub: the cotangent has shape [3, 2] but shape [2, 2] was expected")]
fn broadcast_pullback_checks_the_cotangent() {
    let a = z(2, 2);
    let (_, pb) = ops::sub_pullback(&a, &a);
    pb(&a, &a, z(3, 2));
}

#[test]
#[should_panic(
    expected = "unbroadcast: an operand of shape [4] cannot receive a cotangent of shape [2, 3]"
)]
fn unbroadcast_names_both_shapes() {
    ops::unbroadcast(z(2, 3), &Ix1(4));
}

#[test]
#[should_panic(
    expected = "transpose pullback: the cotangent has shape [2, 3] but shape [3, 2] was expected"
)]
fn transpose_pullback_checks_the_cotangent() {
    let a = z(2, 3);
    ops::transpose_pullback(&a).1(&a, z(2, 3));
}

#[test]
#[should_panic(
    expected = "sum_rows pullback: the cotangent has shape [2] but shape [3] was expected"
)]
fn sum_rows_pullback_checks_the_cotangent() {
    ops::sum_rows_vjp(&z(2, 3), Array1::zeros(2));
}

#[test]
#[should_panic(
    expected = "exp_pullback: the cotangent has shape [1, 2] but shape [2, 1] was expected"
)]
fn elementwise_pullbacks_check_the_cotangent() {
    ops::exp_vjp(&z(2, 1), z(1, 2));
}

#[test]
#[should_panic(
    expected = "layer_norm pullback: the cotangent has shape [2, 2] but shape [2, 3] was expected"
)]
fn layer_norm_pullback_checks_the_cotangent() {
    let (x, g) = (z(2, 3), Array1::ones(3));
    ops::layer_norm_vjp(&x, &g, &g, 1e-5, z(2, 2));
}

#[test]
fn unbroadcast_sums_leading_and_stretched_axes() {
    let g = array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]];
    assert_eq!(ops::unbroadcast(g.clone(), &Ix2(2, 3)), g);
    assert_eq!(
        ops::unbroadcast(g.clone(), &Ix2(1, 3)),
        array![[5.0, 7.0, 9.0]]
    );
    assert_eq!(ops::unbroadcast(g.clone(), &Ix1(1)), array![21.0]);
    assert_eq!(ops::unbroadcast(g, &Ix2(1, 1)), array![[21.0]]);
}

#[test]
fn zero_rows_go_through_every_rule() {
    let (x, w) = (z(0, 3), z(3, 2));
    assert_eq!(ops::matmul_vjp(&x, &w, z(0, 2)).2, z(3, 2));
    assert_eq!(ops::transpose(&x).shape(), &[3, 0]);
    assert_eq!(
        ops::add_vjp(&x, &Array1::ones(3), z(0, 3)).2,
        Array1::zeros(3)
    );
    assert_eq!(ops::sum(&x), 0.0);
    assert!(ops::mean(&x).is_nan());
    assert_eq!(ops::sum_rows(&x), Array1::zeros(3));
    assert_eq!(ops::gelu_vjp(&x, z(0, 3)).1.shape(), &[0, 3]);
    assert_eq!(ops::softmax_vjp(&x, z(0, 3)).1.shape(), &[0, 3]);
    let g = Array1::ones(3);
    let (_, x_bar, g_bar, b_bar) = ops::layer_norm_vjp(&x, &g, &g, 1e-5, z(0, 3));
    assert_eq!(
        (x_bar.shape(), g_bar, b_bar),
        (&[0, 3][..], Array1::zeros(3), Array1::zeros(3))
    );
    let (_, q_bar, k_bar, v_bar) = ops::attention_vjp(&z(0, 2), &z(3, 2), &z(3, 4), true, z(0, 4));
    assert_eq!(
        (q_bar.shape(), k_bar, v_bar),
        (&[0, 2][..], z(3, 2), z(3, 4))
    );
    // No ids: an empty lookup, a zero table cotangent; an empty table with no ids too.
    assert_eq!(ops::embedding_vjp(&w, &[], z(0, 2)), (z(0, 2), z(3, 2)));
    assert_eq!(ops::embedding_vjp(&z(0, 2), &[], z(0, 2)).1, z(0, 2));
}

#[test]
fn one_by_one() {
    let (a, b): (Array2<f64>, Array2<f64>) = (array![[2.0]], array![[3.0]]);
    assert_eq!(
        ops::matmul_vjp(&a, &b, array![[1.0]]),
        (array![[6.0]], array![[3.0]], array![[2.0]])
    );
    assert_eq!(
        ops::softmax_vjp(&a, array![[5.0]]),
        (array![[1.0]], array![[0.0]])
    );
    assert_eq!(ops::log_softmax(&a), array![[0.0]]);
    assert_eq!(ops::cross_entropy_vjp(&a, &[0], 1.0), (0.0, array![[0.0]]));
    let one = array![1.0];
    // A single feature normalises to 0 (LayerNorm) or ±γ (RMSNorm, up to ε).
    assert_eq!(ops::layer_norm(&a, &one, &array![0.5], 1e-5), array![[0.5]]);
    assert!((ops::rms_norm(&a, &one, 1e-12)[[0, 0]] - 1.0).abs() < 1e-9);
    assert_eq!(ops::attention(&a, &b, &array![[7.0]], true), array![[7.0]]);
    assert_eq!(
        ops::embedding_vjp(&a, &[0, 0], array![[1.0], [4.0]]),
        (array![[2.0], [2.0]], array![[5.0]])
    );
}
