//! `embedding`: the `ops_common` checks (VJP against central differences, JVP against VJP by
//! the dot-product test, f32 against f64) with repeated, unordered and absent ids; the
//! scatter-add's closed form; out-of-range ids and wrong shapes; and second order through
//! `embedding → matmul → cross_entropy` on dual numbers, against differences of the gradient.

mod ops_common;

use autodiff_runtime::gradcheck::{gradcheck, hvp_check, Rng, Tolerance};
use autodiff_runtime::ndarray::{array, Array2};
use autodiff_runtime::ops;
use autodiff_runtime::Dual;
use ops_common::{check, flat, Pack, Rule, Scalar, Unpack};

struct Embedding {
    vocab: usize,
    dim: usize,
    ids: Vec<usize>,
}

impl Rule for Embedding {
    fn name(&self) -> String {
        format!("embedding {}×{} at {:?}", self.vocab, self.dim, self.ids)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.vocab * self.dim, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let w = Unpack::new(x).mat(self.vocab, self.dim);
        flat(&ops::embedding(&w, &self.ids))
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let w = Unpack::new(x).mat(self.vocab, self.dim);
        let dw = Unpack::new(v).mat(self.vocab, self.dim);
        let (y, dy) = ops::embedding_jvp(&w, &self.ids, &dw);
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let w = Unpack::new(x).mat(self.vocab, self.dim);
        let g = Unpack::new(ybar).mat(self.ids.len(), self.dim);
        let (y, w_bar) = ops::embedding_vjp(&w, &self.ids, g);
        (flat(&y), flat(&w_bar))
    }
}

#[test]
fn embedding_rules() {
    for (vocab, dim, ids) in [
        (1, 1, vec![0]),
        (5, 3, vec![4, 0, 2, 2, 4, 1]),
        (3, 7, vec![1, 1, 1]),
        (6, 2, vec![5, 3]),
        (4, 4, vec![]),
        (2, 5, vec![1, 0, 0, 1, 1, 0, 1]),
    ] {
        check(&Embedding { vocab, dim, ids });
    }
}

#[test]
fn repeated_ids_accumulate_and_unused_rows_get_zero() {
    let w = array![[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]];
    let ids = [3, 1, 3, 3];
    let g = array![[1.0, -1.0], [0.5, 0.25], [2.0, 3.0], [-4.0, 10.0]];
    let (y, w_bar) = ops::embedding_vjp(&w, &ids, g);
    assert_eq!(y, array![[7.0, 8.0], [3.0, 4.0], [7.0, 8.0], [7.0, 8.0]]);
    assert_eq!(
        w_bar,
        array![[0.0, 0.0], [0.5, 0.25], [0.0, 0.0], [-1.0, 12.0]]
    );
    assert!(ops::embedding(&w, &[]).is_empty());
    assert_eq!(ops::embedding(&w, &[]).shape(), &[0, 2]);
}

#[test]
fn f32_gathers_the_same_rows_as_f64() {
    let w = array![[0.1_f64, -0.2], [0.3, 0.4], [-0.5, 0.6]];
    let w32 = w.mapv(|v| v as f32);
    let ids = [2, 0, 2, 1];
    let y32 = ops::embedding(&w32, &ids);
    assert_eq!(
        y32.mapv(f64::from),
        ops::embedding(&w.mapv(|v| v as f32 as f64), &ids)
    );
    let g = Array2::from_shape_fn((4, 2), |(i, j)| (i * 2 + j) as f64 * 0.1);
    let (_, bar32) = ops::embedding_vjp(&w32, &ids, g.mapv(|v| v as f32));
    let (_, bar64) = ops::embedding_vjp(&w, &ids, g);
    for (a, b) in bar32.iter().zip(&bar64) {
        assert!((f64::from(*a) - b).abs() < 1e-6, "{a} vs {b}");
    }
}

#[test]
#[should_panic(
    expected = "embedding: id 3 (position 1) is out of range for a table of 3 rows (shape [3, 2])"
)]
fn out_of_range_ids_name_the_id_and_the_row_count() {
    ops::embedding(&Array2::<f64>::zeros((3, 2)), &[0, 3, 1]);
}

#[test]
#[should_panic(expected = "embedding_jvp: id 7 (position 0) is out of range for a table of 2 rows")]
fn out_of_range_ids_panic_in_the_jvp() {
    let w = Array2::<f32>::zeros((2, 2));
    ops::embedding_jvp(&w, &[7], &w);
}

#[test]
#[should_panic(
    expected = "embedding_jvp: the tangent has shape [2, 3] but shape [2, 2] was expected"
)]
fn the_jvp_checks_the_tangent() {
    ops::embedding_jvp(&Array2::<f64>::zeros((2, 2)), &[0], &Array2::zeros((2, 3)));
}

#[test]
#[should_panic(
    expected = "embedding pullback: the cotangent has shape [3, 2] but shape [2, 2] was expected"
)]
fn the_pullback_checks_the_cotangent() {
    let w = Array2::<f64>::zeros((4, 2));
    let (_, pb) = ops::embedding_pullback(&w, &[0, 1]);
    pb(&w, &[0, 1], Array2::zeros((3, 2)));
}

#[test]
#[should_panic(expected = "embedding pullback: the ids has shape [3] but shape [2] was expected")]
fn the_pullback_checks_the_ids() {
    let w = Array2::<f64>::zeros((4, 2));
    let (_, pb) = ops::embedding_pullback(&w, &[0, 1]);
    pb(&w, &[0, 1, 2], Array2::zeros((2, 2)));
}

/// `L(W, U) = cross_entropy(embedding(W, ids) U, targets)` and its gradient, through the
/// pullbacks, as generated code composes them: a tiny bigram language model.
const VOCAB: usize = 5;
const DIM: usize = 3;
const IDS: [usize; 6] = [0, 3, 3, 1, 4, 3];
const TARGETS: [usize; 6] = [3, 3, 1, 4, 3, 0];

fn bigram<T: Scalar>(p: &[T]) -> (T, Vec<T>) {
    let mut u = Unpack::new(p);
    let (w, out) = (u.mat(VOCAB, DIM), u.mat(DIM, VOCAB));
    let (h, pb_h) = ops::embedding_pullback(&w, &IDS);
    let (z, pb_z) = ops::matmul_pullback(&h, &out);
    let (loss, pb_l) = ops::cross_entropy_pullback(&z, &TARGETS);
    let (z_bar,) = pb_l(&z, &TARGETS, T::one());
    let (h_bar, out_bar) = pb_z(&h, &out, z_bar);
    let (w_bar,) = pb_h(&w, &IDS, h_bar);
    (loss, Pack::new().nd(&w_bar).nd(&out_bar).done())
}

#[test]
fn bigram_gradient_and_hvp_through_dual_numbers() {
    let mut rng = Rng::new(41);
    let n = 2 * VOCAB * DIM;
    let x = rng.vector(n, -1.0, 1.0);
    let (loss, g) = bigram::<f64>(&x);
    assert!(loss.is_finite() && loss > 0.0);
    gradcheck(|p| bigram::<f64>(p).0, &x, &g, Tolerance::default()).unwrap();
    // Row 2 of the table is never looked up: its gradient is exactly zero.
    assert!(g[2 * DIM..3 * DIM].iter().all(|&v| v == 0.0));
    for _ in 0..3 {
        let v = rng.vector(n, -1.0, 1.0);
        let xd: Vec<Dual<f64>> = x.iter().zip(&v).map(|(&a, &b)| Dual::new(a, b)).collect();
        let hv: Vec<f64> = bigram(&xd).1.iter().map(|d| d.tangent).collect();
        hvp_check(|p| bigram::<f64>(p).1, &x, &v, &hv, Tolerance::default()).unwrap();
    }
}
