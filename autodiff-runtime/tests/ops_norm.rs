//! `layer_norm` and `rms_norm`: the `ops_common` checks for every differentiable argument
//! (x, γ, β), values against their definitions, finiteness on a constant row (variance 0) and a
//! zero row (RMS 0), and shape errors naming both shapes.

mod ops_common;

use autodiff_runtime::gradcheck::Rng;
use autodiff_runtime::ndarray::{array, Array1, Array2};
use autodiff_runtime::ops;
use ops_common::{assert_close, check, flat, Pack, Rule, Scalar, Unpack, SHAPES};

const EPS: f64 = 1e-5;

fn eps<T: Scalar>() -> T {
    T::from(EPS).unwrap()
}

struct LayerNorm(usize, usize);

impl Rule for LayerNorm {
    fn name(&self) -> String {
        format!("layer_norm {}×{}", self.0, self.1)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.0 * self.1 + 2 * self.1, -2.0, 2.0)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let mut u = Unpack::new(x);
        let (x, g, b) = (u.mat(self.0, self.1), u.vec(self.1), u.vec(self.1));
        flat(&ops::layer_norm(&x, &g, &b, eps()))
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let (mut u, mut t) = (Unpack::new(x), Unpack::new(v));
        let (x, g, b) = (u.mat(self.0, self.1), u.vec(self.1), u.vec(self.1));
        let (dx, dg, db) = (t.mat(self.0, self.1), t.vec(self.1), t.vec(self.1));
        let (y, dy) = ops::layer_norm_jvp(&x, &g, &b, eps(), &dx, &dg, &db);
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let mut u = Unpack::new(x);
        let (x, g, b) = (u.mat(self.0, self.1), u.vec(self.1), u.vec(self.1));
        let dout = Unpack::new(ybar).mat(self.0, self.1);
        let (y, x_bar, g_bar, b_bar) = ops::layer_norm_vjp(&x, &g, &b, eps(), dout);
        (
            flat(&y),
            Pack::new().nd(&x_bar).nd(&g_bar).nd(&b_bar).done(),
        )
    }
}

struct RmsNorm(usize, usize);

impl Rule for RmsNorm {
    fn name(&self) -> String {
        format!("rms_norm {}×{}", self.0, self.1)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.0 * self.1 + self.1, -2.0, 2.0)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let mut u = Unpack::new(x);
        let (x, g) = (u.mat(self.0, self.1), u.vec(self.1));
        flat(&ops::rms_norm(&x, &g, eps()))
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let (mut u, mut t) = (Unpack::new(x), Unpack::new(v));
        let (x, g) = (u.mat(self.0, self.1), u.vec(self.1));
        let (dx, dg) = (t.mat(self.0, self.1), t.vec(self.1));
        let (y, dy) = ops::rms_norm_jvp(&x, &g, eps(), &dx, &dg);
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let mut u = Unpack::new(x);
        let (x, g) = (u.mat(self.0, self.1), u.vec(self.1));
        let dout = Unpack::new(ybar).mat(self.0, self.1);
        let (y, x_bar, g_bar) = ops::rms_norm_vjp(&x, &g, eps(), dout);
        (flat(&y), Pack::new().nd(&x_bar).nd(&g_bar).done())
    }
}

#[test]
fn norm_rules() {
    for (m, n) in SHAPES.into_iter().chain([(0, 3), (5, 16)]) {
        check(&LayerNorm(m, n));
        check(&RmsNorm(m, n));
    }
}

#[test]
fn values_match_the_definitions() {
    let x = array![[1.0, -2.0, 0.5, 4.0], [3.0, 3.5, -1.0, 0.0]];
    let (g, b) = (array![1.0, 2.0, -1.0, 0.5], array![0.1, 0.0, -0.3, 1.0]);
    let y = ops::layer_norm(&x, &g, &b, EPS);
    let r = ops::rms_norm(&x, &g, EPS);
    for i in 0..2 {
        let row = x.row(i);
        let mu = row.mean().unwrap();
        let var = row.mapv(|v| (v - mu) * (v - mu)).mean().unwrap(); // biased
        let expected = row.mapv(|v| (v - mu) / (var + EPS).sqrt()) * &g + &b;
        assert_close(
            "layer_norm",
            &flat(&y.row(i).to_owned()),
            &flat(&expected),
            1e-14,
            1e-13,
        );
        let ms = row.mapv(|v| v * v).mean().unwrap();
        let expected = row.mapv(|v| v / (ms + EPS).sqrt()) * &g;
        assert_close(
            "rms_norm",
            &flat(&r.row(i).to_owned()),
            &flat(&expected),
            1e-14,
            1e-13,
        );
    }
}

fn finite(a: &Array2<f64>) -> bool {
    a.iter().all(|v| v.is_finite())
}

#[test]
fn degenerate_rows_stay_finite() {
    // A constant row (variance 0) for LayerNorm, a zero row (RMS 0) for RMSNorm.
    let x = array![[2.5, 2.5, 2.5], [0.0, 0.0, 0.0], [1.0, -1.0, 3.0]];
    let (g, b) = (array![1.0, 2.0, 3.0], array![0.5, 0.5, 0.5]);
    let dout = Array2::from_elem((3, 3), 1.0);
    let (y, x_bar, g_bar, b_bar) = ops::layer_norm_vjp(&x, &g, &b, EPS, dout.clone());
    assert!(finite(&y) && finite(&x_bar));
    assert!(g_bar.iter().chain(&b_bar).all(|v| v.is_finite()));
    assert_eq!(y.row(0), b); // x̂ = 0
    let (_, dy) = ops::layer_norm_jvp(&x, &g, &b, EPS, &dout, &g, &b);
    assert!(finite(&dy));
    let (y, x_bar, g_bar) = ops::rms_norm_vjp(&x, &g, EPS, dout.clone());
    assert!(finite(&y) && finite(&x_bar) && g_bar.iter().all(|v| v.is_finite()));
    assert_eq!(y.row(1), array![0.0, 0.0, 0.0]);
    // At the zero row RMSNorm is linear with slope γ/√ε.
    assert_close(
        "rms_norm at 0",
        &flat(&x_bar.row(1).to_owned()),
        &flat(&(&g / EPS.sqrt())),
        1e-9,
        1e-12,
    );
    let (_, dy) = ops::rms_norm_jvp(&x, &g, EPS, &dout, &g);
    assert!(finite(&dy));
}

#[test]
fn vjps_reuse_the_saved_statistics() {
    // The pullback given the same x reproduces the one-shot VJP exactly.
    let x = array![[1.0, 2.0, 4.0], [0.5, -0.5, 3.0]];
    let (g, b) = (array![1.0, 0.5, 2.0], array![0.0, 1.0, 0.0]);
    let dout = array![[1.0, -1.0, 0.5], [0.25, 2.0, -3.0]];
    let (_, pb) = ops::layer_norm_pullback(&x, &g, &b, EPS);
    let (x_bar, g_bar, b_bar) = pb(&x, &g, &b, dout.clone());
    let (_, x_bar2, g_bar2, b_bar2) = ops::layer_norm_vjp(&x, &g, &b, EPS, dout.clone());
    assert_eq!((x_bar, g_bar, b_bar), (x_bar2, g_bar2, b_bar2));
    assert_eq!(
        ops::sum_rows(&dout),
        ops::layer_norm_vjp(&x, &g, &b, EPS, dout).3
    );
}

#[test]
#[should_panic(
    expected = "layer_norm: gamma of shape [4] does not match the features of x of shape [2, 3]"
)]
fn layer_norm_gamma_shape_is_checked() {
    let x = Array2::<f64>::zeros((2, 3));
    ops::layer_norm(&x, &Array1::ones(4), &Array1::zeros(3), EPS);
}

#[test]
#[should_panic(
    expected = "layer_norm: beta of shape [2] does not match the features of x of shape [2, 3]"
)]
fn layer_norm_beta_shape_is_checked() {
    let x = Array2::<f64>::zeros((2, 3));
    ops::layer_norm(&x, &Array1::ones(3), &Array1::zeros(2), EPS);
}

#[test]
#[should_panic(
    expected = "rms_norm: gamma of shape [5] does not match the features of x of shape [1, 2]"
)]
fn rms_norm_gamma_shape_is_checked() {
    ops::rms_norm(&Array2::<f64>::zeros((1, 2)), &Array1::ones(5), EPS);
}
