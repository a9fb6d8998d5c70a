//! Scaled dot-product attention: the `ops_common` checks for q, k and v, causal or not, square
//! or not; the value against the composition `softmax(q kᵀ/√d + mask) v`; shape errors.

mod ops_common;

use autodiff_runtime::gradcheck::Rng;
use autodiff_runtime::ndarray::{array, Array2};
use autodiff_runtime::ops;
use ops_common::{assert_close, check, flat, Pack, Rule, Scalar, Unpack};

/// `n` queries and `m` keys of width `d`, values of width `e`.
struct Attention {
    n: usize,
    m: usize,
    d: usize,
    e: usize,
    causal: bool,
}

impl Attention {
    fn unpack<T: Scalar>(&self, x: &[T]) -> (Array2<T>, Array2<T>, Array2<T>) {
        let mut u = Unpack::new(x);
        (
            u.mat(self.n, self.d),
            u.mat(self.m, self.d),
            u.mat(self.m, self.e),
        )
    }
}

impl Rule for Attention {
    fn name(&self) -> String {
        let (n, m, d, e, c) = (self.n, self.m, self.d, self.e, self.causal);
        format!("attention q {n}×{d}, k {m}×{d}, v {m}×{e}, causal {c}")
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.n * self.d + self.m * (self.d + self.e), -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let (q, k, v) = self.unpack(x);
        flat(&ops::attention(&q, &k, &v, self.causal))
    }
    fn jvp<T: Scalar>(&self, x: &[T], t: &[T]) -> (Vec<T>, Vec<T>) {
        let (q, k, v) = self.unpack(x);
        let (dq, dk, dv) = self.unpack(t);
        let (o, d) = ops::attention_jvp(&q, &k, &v, self.causal, &dq, &dk, &dv);
        (flat(&o), flat(&d))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let (q, k, v) = self.unpack(x);
        let g = Unpack::new(ybar).mat(self.n, self.e);
        let (o, q_bar, k_bar, v_bar) = ops::attention_vjp(&q, &k, &v, self.causal, g);
        (
            flat(&o),
            Pack::new().nd(&q_bar).nd(&k_bar).nd(&v_bar).done(),
        )
    }
}

#[test]
fn attention_rules() {
    for causal in [false, true] {
        for (n, m, d, e) in [
            (1, 1, 1, 1),
            (3, 3, 4, 2),
            (5, 5, 2, 3),
            (2, 4, 3, 2),
            (4, 2, 2, 5),
            (0, 3, 2, 2),
        ] {
            check(&Attention { n, m, d, e, causal });
        }
    }
}

/// `softmax(q kᵀ/√d + mask) v` through the separate rules, with −∞ above the diagonal.
fn composed(q: &Array2<f64>, k: &Array2<f64>, v: &Array2<f64>, causal: bool) -> Array2<f64> {
    let mut s = ops::matmul(q, &ops::transpose(k)) / (q.ncols() as f64).sqrt();
    if causal {
        for ((i, j), x) in s.indexed_iter_mut() {
            if j > i {
                *x = f64::NEG_INFINITY;
            }
        }
    }
    ops::matmul(&ops::softmax(&s), v)
}

#[test]
fn attention_is_softmax_of_scaled_scores_times_values() {
    let mut rng = Rng::new(11);
    let mut mat = |r, c| Array2::from_shape_vec((r, c), rng.vector(r * c, -2.0, 2.0)).unwrap();
    let (q, k, v) = (mat(4, 3), mat(4, 3), mat(4, 2));
    for causal in [false, true] {
        let o = ops::attention(&q, &k, &v, causal);
        let c = composed(&q, &k, &v, causal);
        assert_close("attention", &flat(&o), &flat(&c), 1e-14, 1e-13);
    }
    // Causal: the first output row is the first value row.
    assert_eq!(ops::attention(&q, &k, &v, true).row(0), v.row(0));
}

#[test]
fn masked_keys_get_no_gradient_from_earlier_queries() {
    // With one query row (query 0), causal attention sees key 0 only.
    let q = array![[0.3, -0.2]];
    let k = array![[1.0, 0.5], [-0.5, 2.0], [0.1, 0.1]];
    let v = array![[1.0], [2.0], [3.0]];
    let (o, _, k_bar, v_bar) = ops::attention_vjp(&q, &k, &v, true, array![[1.0]]);
    assert_eq!(o, array![[1.0]]);
    assert_eq!(v_bar, array![[1.0], [0.0], [0.0]]);
    assert_eq!(k_bar, Array2::zeros((3, 2)));
}

#[test]
#[should_panic(
    expected = "attention: q of shape [2, 3] and k of shape [2, 4] need the same number of columns"
)]
fn query_and_key_widths_must_match() {
    let z = |r, c| Array2::<f64>::zeros((r, c));
    ops::attention(&z(2, 3), &z(2, 4), &z(2, 1), false);
}

#[test]
#[should_panic(
    expected = "attention: k of shape [3, 2] and v of shape [4, 2] need the same number of rows"
)]
fn keys_and_values_must_pair_up() {
    let z = |r, c| Array2::<f64>::zeros((r, c));
    ops::attention(&z(1, 2), &z(3, 2), &z(4, 2), true);
}
