//! The elementwise functions `exp`, `ln`, `tanh`, `sigmoid`, `relu`, `gelu`, on matrices and
//! vectors: checked by the `ops_common` harness, plus their values at known points.

mod ops_common;

use autodiff_runtime::gradcheck::Rng;
use autodiff_runtime::ndarray::{array, Array, Array1, Dimension, Ix1, Ix2, IxDyn};
use autodiff_runtime::ops;
use ops_common::{check, flat, Rule, Scalar, Unpack, SHAPES};

#[derive(Clone, Copy, Debug)]
enum F {
    Exp,
    Ln,
    Tanh,
    Sigmoid,
    Relu,
    Gelu,
}

const ALL: [F; 6] = [F::Exp, F::Ln, F::Tanh, F::Sigmoid, F::Relu, F::Gelu];

/// One elementwise function on an array of shape `shape` (matrix or vector by its dimension).
struct Unary<D> {
    f: F,
    shape: D,
}

fn run<T: Scalar, D: Dimension>(f: F, x: &Array<T, D>) -> Array<T, D> {
    match f {
        F::Exp => ops::exp(x),
        F::Ln => ops::ln(x),
        F::Tanh => ops::tanh(x),
        F::Sigmoid => ops::sigmoid(x),
        F::Relu => ops::relu(x),
        F::Gelu => ops::gelu(x),
    }
}

impl<D: Dimension> Rule for Unary<D> {
    fn name(&self) -> String {
        format!("{:?} {:?}", self.f, self.shape.slice())
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        let x = rng.vector(self.shape.size(), -3.0, 3.0);
        match self.f {
            // ln on (0.1, 3.1); relu away from its kink.
            F::Ln => x.iter().map(|v| v.abs() + 0.1).collect(),
            F::Relu => x.iter().map(|v| v + 0.1 * v.signum()).collect(),
            _ => x,
        }
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        flat(&run(self.f, &Unpack::new(x).shape(self.shape.clone())))
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let a = Unpack::new(x).shape(self.shape.clone());
        let da = Unpack::new(v).shape(self.shape.clone());
        let (y, dy) = match self.f {
            F::Exp => ops::exp_jvp(&a, &da),
            F::Ln => ops::ln_jvp(&a, &da),
            F::Tanh => ops::tanh_jvp(&a, &da),
            F::Sigmoid => ops::sigmoid_jvp(&a, &da),
            F::Relu => ops::relu_jvp(&a, &da),
            F::Gelu => ops::gelu_jvp(&a, &da),
        };
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let a = Unpack::new(x).shape(self.shape.clone());
        let g = Unpack::new(ybar).shape(self.shape.clone());
        let (y, a_bar) = match self.f {
            F::Exp => ops::exp_vjp(&a, g),
            F::Ln => ops::ln_vjp(&a, g),
            F::Tanh => ops::tanh_vjp(&a, g),
            F::Sigmoid => ops::sigmoid_vjp(&a, g),
            F::Relu => ops::relu_vjp(&a, g),
            F::Gelu => ops::gelu_vjp(&a, g),
        };
        (flat(&y), flat(&a_bar))
    }
}

#[test]
fn elementwise_rules_on_matrices_and_vectors() {
    for f in ALL {
        for (m, n) in SHAPES {
            check(&Unary {
                f,
                shape: Ix2(m, n),
            });
            check(&Unary { f, shape: Ix1(n) });
        }
        check(&Unary {
            f,
            shape: Ix2(0, 4),
        });
        check(&Unary {
            f,
            shape: IxDyn(&[2, 1, 3]),
        });
    }
}

#[test]
fn values_at_known_points() {
    let x: Array1<f64> = array![-2.0, 0.0, 1.5];
    for (i, &v) in x.iter().enumerate() {
        assert_eq!(ops::exp(&x)[i], v.exp());
        assert_eq!(ops::tanh(&x)[i], v.tanh());
        assert!((ops::sigmoid(&x)[i] - 1.0 / (1.0 + (-v).exp())).abs() < 1e-15);
        assert_eq!(ops::relu(&x)[i], v.max(0.0));
    }
    // GELU, tanh approximation: PyTorch's gelu(x, approximate='tanh').
    let g: Array1<f64> = ops::gelu(&array![-1.0, 0.5, 2.0]);
    let torch = [
        -0.15880800939172324,
        0.34571400982514394,
        1.9545976940871754,
    ];
    for (a, b) in g.iter().zip(torch) {
        assert!((a - b).abs() < 1e-12, "{a} vs {b}");
    }
    assert_eq!(ops::ln(&array![1.0]), array![0.0]);
}

#[test]
fn extremes_stay_finite() {
    let x: Array1<f64> = array![-1e4, -800.0, 800.0, 1e4];
    let (s, s_bar) = ops::sigmoid_vjp(&x, Array1::ones(4));
    assert!(s.iter().chain(&s_bar).all(|v| v.is_finite()));
    assert_eq!(s, array![0.0, 0.0, 1.0, 1.0]);
    let (g, g_bar) = ops::gelu_vjp(&x, Array1::ones(4));
    assert!(g.iter().chain(&g_bar).all(|v| v.is_finite()));
    let (t, t_bar) = ops::tanh_vjp(&x, Array1::ones(4));
    assert!(t.iter().chain(&t_bar).all(|v| v.is_finite()));
    // ReLU's derivative at 0 is 0, as in PyTorch.
    assert_eq!(ops::relu_vjp(&array![0.0], array![1.0]).1, array![0.0]);
}
