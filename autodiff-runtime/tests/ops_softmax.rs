//! `softmax`, `log_softmax`, `logsumexp` (row-wise, on matrices and vectors) and the fused
//! `cross_entropy`: the `ops_common` checks, the closed forms of the VJPs, and finiteness for
//! logits of ±1e4.

mod ops_common;

use autodiff_runtime::gradcheck::Rng;
use autodiff_runtime::ndarray::{array, Array1, Array2, Dimension, Ix1, Ix2, RemoveAxis};
use autodiff_runtime::ops;
use ops_common::{assert_close, check, flat, Rule, Scalar, Unpack, SHAPES};

#[derive(Clone, Copy, Debug)]
enum F {
    Softmax,
    LogSoftmax,
    LogSumExp,
}

struct RowWise<D> {
    f: F,
    shape: D,
}

impl<D: RemoveAxis> Rule for RowWise<D> {
    fn name(&self) -> String {
        format!("{:?} {:?}", self.f, self.shape.slice())
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.shape.size(), -3.0, 3.0)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let x = Unpack::new(x).shape(self.shape.clone());
        match self.f {
            F::Softmax => flat(&ops::softmax(&x)),
            F::LogSoftmax => flat(&ops::log_softmax(&x)),
            F::LogSumExp => flat(&ops::logsumexp(&x)),
        }
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let x = Unpack::new(x).shape(self.shape.clone());
        let dx = Unpack::new(v).shape(self.shape.clone());
        match self.f {
            F::Softmax => {
                let (y, dy) = ops::softmax_jvp(&x, &dx);
                (flat(&y), flat(&dy))
            }
            F::LogSoftmax => {
                let (y, dy) = ops::log_softmax_jvp(&x, &dx);
                (flat(&y), flat(&dy))
            }
            F::LogSumExp => {
                let (y, dy) = ops::logsumexp_jvp(&x, &dx);
                (flat(&y), flat(&dy))
            }
        }
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let x = Unpack::new(x).shape(self.shape.clone());
        match self.f {
            F::Softmax => {
                let g = Unpack::new(ybar).shape(self.shape.clone());
                let (y, x_bar) = ops::softmax_vjp(&x, g);
                (flat(&y), flat(&x_bar))
            }
            F::LogSoftmax => {
                let g = Unpack::new(ybar).shape(self.shape.clone());
                let (y, x_bar) = ops::log_softmax_vjp(&x, g);
                (flat(&y), flat(&x_bar))
            }
            F::LogSumExp => {
                let g = Unpack::new(ybar).shape(self.shape.remove_axis(self.last()));
                let (y, x_bar) = ops::logsumexp_vjp(&x, g);
                (flat(&y), flat(&x_bar))
            }
        }
    }
}

impl<D: Dimension> RowWise<D> {
    fn last(&self) -> autodiff_runtime::ndarray::Axis {
        autodiff_runtime::ndarray::Axis(self.shape.ndim() - 1)
    }
}

#[test]
fn row_wise_rules_on_matrices_and_vectors() {
    for f in [F::Softmax, F::LogSoftmax, F::LogSumExp] {
        for (m, n) in SHAPES {
            check(&RowWise {
                f,
                shape: Ix2(m, n),
            });
            check(&RowWise { f, shape: Ix1(n) });
        }
        check(&RowWise {
            f,
            shape: Ix2(0, 3),
        });
    }
}

struct CrossEntropy {
    targets: Vec<usize>,
    classes: usize,
}

impl Rule for CrossEntropy {
    fn name(&self) -> String {
        format!("cross_entropy {:?} of {}", self.targets, self.classes)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.targets.len() * self.classes, -3.0, 3.0)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let z = Unpack::new(x).mat(self.targets.len(), self.classes);
        vec![ops::cross_entropy(&z, &self.targets)]
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let z = Unpack::new(x).mat(self.targets.len(), self.classes);
        let dz = Unpack::new(v).mat(self.targets.len(), self.classes);
        let (l, dl) = ops::cross_entropy_jvp(&z, &self.targets, &dz);
        (vec![l], vec![dl])
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let z = Unpack::new(x).mat(self.targets.len(), self.classes);
        let (l, z_bar) = ops::cross_entropy_vjp(&z, &self.targets, ybar[0]);
        (vec![l], flat(&z_bar))
    }
}

#[test]
fn cross_entropy_rules() {
    check(&CrossEntropy {
        targets: vec![0],
        classes: 1,
    });
    check(&CrossEntropy {
        targets: vec![2, 0, 4],
        classes: 5,
    });
    check(&CrossEntropy {
        targets: vec![1, 1, 0, 1],
        classes: 2,
    });
    check(&CrossEntropy {
        targets: vec![6, 3],
        classes: 7,
    });
}

#[test]
fn closed_forms() {
    let x = array![[0.3, -1.2, 2.0], [0.0, 0.5, -0.5]];
    let g = array![[1.0, -0.5, 0.25], [0.0, 2.0, 1.0]];
    let p = ops::softmax(&x);
    // softmax: x̄ = p ⊙ (g − ⟨g, p⟩) per row.
    let (_, x_bar) = ops::softmax_vjp(&x, g.clone());
    let inner = (&g * &p).sum_axis(autodiff_runtime::ndarray::Axis(1));
    let expected = &p * &(&g - &inner.insert_axis(autodiff_runtime::ndarray::Axis(1)));
    assert_close("softmax", &flat(&x_bar), &flat(&expected), 1e-15, 1e-14);
    // cross-entropy: (softmax − onehot) · ḡ / rows.
    let (_, z_bar) = ops::cross_entropy_vjp(&x, &[2, 0], 3.0);
    let mut expected = p.clone();
    expected[[0, 2]] -= 1.0;
    expected[[1, 0]] -= 1.0;
    expected *= 3.0 / 2.0;
    assert_close(
        "cross_entropy",
        &flat(&z_bar),
        &flat(&expected),
        1e-15,
        1e-14,
    );
    // log_softmax = log(softmax), and cross-entropy = mean of −log_softmax at the targets.
    let ls = ops::log_softmax(&x);
    assert_close(
        "log_softmax",
        &flat(&ls),
        &flat(&p.mapv(f64::ln)),
        1e-15,
        1e-14,
    );
    let ce = ops::cross_entropy(&x, &[2, 0]);
    assert!((ce - -(ls[[0, 2]] + ls[[1, 0]]) / 2.0).abs() < 1e-15);
    // Rows of a softmax sum to one; lse = log Σ exp.
    for (row, l) in p.rows().into_iter().zip(ops::logsumexp(&x)) {
        assert!((row.sum() - 1.0).abs() < 1e-15);
        assert!(l.is_finite());
    }
}

fn all_finite<'a>(v: impl IntoIterator<Item = &'a f64>) -> bool {
    v.into_iter().all(|x| x.is_finite())
}

#[test]
fn huge_logits_stay_finite() {
    let z: Array2<f64> = array![[1e4, -1e4, 0.0], [-1e4, -1e4, -1e4], [1e4, 1e4, 1e4 - 1.0]];
    let g = Array2::from_elem((3, 3), 0.5);
    let (p, p_bar) = ops::softmax_vjp(&z, g.clone());
    assert!(all_finite(&p) && all_finite(&p_bar));
    assert_eq!(p.row(0), array![1.0, 0.0, 0.0]);
    let (l, l_bar) = ops::log_softmax_vjp(&z, g.clone());
    assert!(all_finite(&l) && all_finite(&l_bar));
    assert_eq!(l.row(0), array![0.0, -2e4, -1e4]);
    let (lse, lse_bar) = ops::logsumexp_vjp(&z, Array1::ones(3));
    assert!(all_finite(&lse) && all_finite(&lse_bar));
    let (ce, ce_bar) = ops::cross_entropy_vjp(&z, &[1, 0, 2], 1.0);
    assert!(ce.is_finite() && all_finite(&ce_bar));
    assert!(
        (ce - (2e4 + 3.0_f64.ln() + (1e4 - (1e4 - 1.0) + (2.0 + (-1.0_f64).exp()).ln())) / 3.0)
            .abs()
            < 1e-9
    );
    let (_, dce) = ops::cross_entropy_jvp(&z, &[1, 0, 2], &g);
    assert!(dce.is_finite());
    // The same in f32, whose exp overflows at 89.
    let z32 = z.mapv(|v| v as f32);
    let (ce32, ce32_bar) = ops::cross_entropy_vjp(&z32, &[1, 0, 2], 1.0);
    assert!(ce32.is_finite() && ce32_bar.iter().all(|v| v.is_finite()));
    assert!(ops::softmax(&z32).iter().all(|v| v.is_finite()));
}

#[test]
fn empty_batches() {
    let z = Array2::<f64>::zeros((0, 4));
    assert_eq!(ops::softmax(&z).shape(), &[0, 4]);
    assert_eq!(ops::logsumexp(&z).len(), 0);
    let (loss, z_bar) = ops::cross_entropy_vjp(&z, &[], 1.0);
    assert!(loss.is_nan()); // the mean of no rows, as in PyTorch
    assert_eq!(z_bar.shape(), &[0, 4]);
}

#[test]
#[should_panic(expected = "logits of shape [2, 3] need one target per row, got 3 targets")]
fn cross_entropy_needs_one_target_per_row() {
    ops::cross_entropy(&Array2::<f64>::zeros((2, 3)), &[0, 1, 2]);
}

#[test]
#[should_panic(expected = "target 3 of row 1 is out of range for logits of shape [2, 3]")]
fn cross_entropy_targets_are_column_indices() {
    ops::cross_entropy(&Array2::<f64>::zeros((2, 3)), &[0, 3]);
}

#[test]
#[should_panic(
    expected = "softmax_jvp: the tangent has shape [3, 2] but shape [2, 3] was expected"
)]
fn softmax_tangent_shape_is_checked() {
    ops::softmax_jvp(&Array2::<f64>::zeros((2, 3)), &Array2::zeros((3, 2)));
}
