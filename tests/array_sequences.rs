//! Fields holding one `ndarray` array per layer or channel (`weights: Vec<Array2<f64>>`), as
//! hand-written networks keep them: read by index (`self.weights[l].dot(&h)`), borrowed into
//! arithmetic (`&self.biases[l]`), walked by loops (`for (w, b) in …zip(…)`, `enumerate`) and
//! read by entry (`w[[i, j]]`). Each derivative is checked against central differences of
//! the function or a closed form worked out by hand.

mod common;
use autodiff::ndarray::{array, Array1, Array2};
use autodiff::{differentiate, Differentiable};

#[derive(Clone, Debug, Differentiable)]
struct Mlp {
    weights: Vec<Array2<f64>>,
    biases: Vec<Array1<f64>>,
}

impl Mlp {
    /// ReLU layers, then a linear one.
    #[differentiate]
    fn forward(&self, x: &Array1<f64>) -> Array1<f64> {
        let mut h = x.clone();
        for l in 0..self.weights.len() - 1 {
            h = self.weights[l].dot(&h) + &self.biases[l];
            h.mapv_inplace(|v| v.max(0.0));
        }
        let last = self.weights.len() - 1;
        self.weights[last].dot(&h) + &self.biases[last]
    }

    /// A squared error through `forward`'s array result.
    #[differentiate]
    fn loss(&self, x: &Array1<f64>, target: &Array1<f64>) -> f64 {
        let out = self.forward(x);
        let diff = &out - target;
        diff.mapv(|d| d * d).sum()
    }

    /// The layers walked in pairs, each a tanh layer.
    #[differentiate]
    fn zipped(&self, x: &Array1<f64>) -> f64 {
        let mut h = x.clone();
        for (w, b) in self.weights.iter().zip(self.biases.iter()) {
            h = (w.dot(&h) + b).mapv(f64::tanh);
        }
        h.sum()
    }

    /// Entries of the layers' matrices, by a loop's element and by index.
    #[differentiate]
    fn entries(&self, x: f64) -> f64 {
        let mut s = 0.0;
        for (o, w) in self.weights.iter().enumerate() {
            s += w[[0, 1]] * x * (o as f64 + 1.0);
        }
        s + self.weights[1][[1, 0]] * x * x
    }
}

fn net() -> Mlp {
    Mlp {
        weights: vec![
            array![[1.0, 2.0], [3.0, -4.0]],
            array![[0.5, -1.0], [0.25, 2.0]],
        ],
        biases: vec![array![0.1, 0.2], array![0.3, -0.1]],
    }
}

/// ⟨ȳ, forward(p, x)⟩ of a net whose entries are `flat`: weights, then biases, then x.
fn pairing(flat: &[f64], ybar: &Array1<f64>) -> f64 {
    let mut p = net();
    let mut k = 0;
    for w in p.weights.iter_mut() {
        for e in w.iter_mut() {
            *e = flat[k];
            k += 1;
        }
    }
    for b in p.biases.iter_mut() {
        for e in b.iter_mut() {
            *e = flat[k];
            k += 1;
        }
    }
    let x = Array1::from(flat[k..].to_vec());
    p.forward(&x).dot(ybar)
}

#[test]
fn an_mlp_of_one_matrix_and_bias_per_layer() {
    let (p, x, ybar) = (net(), array![1.0, -0.5], array![0.7, -1.3]);
    let (y, p_bar, x_bar) = p.forward_vjp(&x, ybar.clone());
    assert_eq!(y, p.forward(&x));
    let mut flat: Vec<f64> = p.weights.iter().flat_map(|w| w.iter().copied()).collect();
    flat.extend(p.biases.iter().flat_map(|b| b.iter().copied()));
    flat.extend(x.iter().copied());
    let mut grad: Vec<f64> = p_bar
        .weights
        .iter()
        .flat_map(|w| w.iter().copied())
        .collect();
    grad.extend(p_bar.biases.iter().flat_map(|b| b.iter().copied()));
    grad.extend(x_bar.iter().copied());
    common::assert_grad(|v| pairing(v, &ybar), &flat, &grad);
    // The second layer's bias passes the cotangent straight through.
    assert_eq!(p_bar.biases[1], ybar);
}

#[test]
fn a_loss_through_the_mlp_and_its_forward_mode() {
    let (p, x, target) = (net(), array![0.4, 0.9], array![1.0, -2.0]);
    p.loss_gradcheck(&x, &target).unwrap();
    p.zipped_gradcheck(&x).unwrap();
    // Forward mode along a direction agrees with the gradient's pairing with it.
    let dir = Mlp {
        weights: vec![
            array![[0.3, -0.1], [0.2, 0.5]],
            array![[-0.4, 0.1], [0.6, 0.2]],
        ],
        biases: vec![array![0.05, -0.2], array![0.1, 0.3]],
    };
    let x_dot = array![0.2, -0.7];
    let (_, tangent) = p.zipped_jvp(&x, &dir, &x_dot);
    let (_, p_bar, x_bar) = p.zipped_grad(&x);
    let mut pairing = x_bar.dot(&x_dot);
    for l in 0..2 {
        pairing += (&p_bar.weights[l] * &dir.weights[l]).sum();
        pairing += p_bar.biases[l].dot(&dir.biases[l]);
    }
    assert!(
        (tangent - pairing).abs() < 1e-12,
        "{tangent} against {pairing}"
    );
}

#[test]
fn entries_of_the_layers_matrices() {
    let (p, x) = (net(), 3.0);
    // s = Σₒ wₒ[0, 1]·x·(o + 1) + w₁[1, 0]·x²: ∂s/∂x = Σₒ wₒ[0, 1](o + 1) + 2 w₁[1, 0] x,
    // w̄ₒ[0, 1] = x(o + 1), w̄₁[1, 0] = x².
    let (s, p_bar, x_bar) = p.entries_grad(x);
    assert_eq!(s, 2.0 * 3.0 - 3.0 * 2.0 + 0.25 * 9.0);
    assert_eq!(x_bar, 2.0 - 2.0 + 2.0 * 0.25 * 3.0);
    assert_eq!(p_bar.weights[0], array![[0.0, 3.0], [0.0, 0.0]]);
    assert_eq!(p_bar.weights[1], array![[0.0, 6.0], [9.0, 0.0]]);
    assert_eq!(p_bar.biases[0], array![0.0, 0.0]);
    p.entries_gradcheck(x).unwrap();
}

/// A causal 1-D convolution of one kernel matrix per output channel, its output's shape
/// read from fields.
#[derive(Clone, Debug, Differentiable)]
struct Conv {
    out_channels: usize,
    kernel: usize,
    kernels: Vec<Array2<f64>>,
    bias: Array1<f64>,
}

impl Conv {
    #[differentiate]
    fn forward(&self, input: &Array2<f64>) -> Array2<f64> {
        let (channels, len) = input.dim();
        let mut output = Array2::zeros((self.out_channels, len));
        for (o, kernel) in self.kernels.iter().enumerate() {
            for t in 0..len {
                let mut acc = 0.0;
                for k in 0..self.kernel.min(t + 1) {
                    for c in 0..channels {
                        acc += kernel[[c, k]] * input[[c, t - k]];
                    }
                }
                output[[o, t]] = acc + self.bias[o];
            }
        }
        output
    }

    #[differentiate]
    fn energy(&self, input: &Array2<f64>) -> f64 {
        let y: Array2<f64> = self.forward(input);
        (&y * &y).sum()
    }
}

#[test]
fn a_convolution_of_one_kernel_per_channel() {
    let conv = Conv {
        out_channels: 2,
        kernel: 2,
        kernels: vec![
            array![[0.5, -0.2], [0.1, 0.3]],
            array![[-0.4, 0.7], [0.2, 0.05]],
        ],
        bias: array![0.1, -0.3],
    };
    let input = array![[1.0, -0.5, 0.25], [0.3, 0.8, -1.2]];
    conv.energy_gradcheck(&input).unwrap();
    // y[o, 0] = Σ_c kₒ[c, 0] x[c, 0] + bₒ: ∂y[o, 0]/∂kₒ[c, 0] = x[c, 0], and no other
    // kernel's entry reaches it.
    let mut seed = Array2::zeros((2, 3));
    seed[[1, 0]] = 1.0;
    let (_, conv_bar, _) = conv.forward_vjp(&input, seed);
    assert_eq!(conv_bar.kernels[0], Array2::<f64>::zeros((2, 2)));
    assert_eq!(conv_bar.kernels[1], array![[1.0, 0.0], [0.3, 0.0]]);
    assert_eq!(conv_bar.bias, array![0.0, 1.0]);
}

/// Rows held as vectors (`Vec<Array1<f64>>`) whose `dot` with a vector is a float, and a
/// `Vec<f64>` field borrowed beside an entry (`y[i] * &p.c[i]`): floats, as before such
/// fields had a kind of their own.
#[derive(Clone, Debug, Differentiable)]
struct Rows {
    rows: Vec<Array1<f64>>,
    c: Vec<f64>,
    w: Array2<f64>,
}

#[allow(clippy::op_ref)] // the form under test
#[differentiate]
fn rows_and_coefficients(p: &Rows, x: &Array1<f64>) -> f64 {
    let y = p.w.dot(x);
    let mut s = 0.0;
    for i in 0..p.rows.len() {
        s += p.rows[i].dot(x) * p.c[i] + y[i] * &p.c[i];
    }
    for r in &p.rows {
        s += r.dot(x).powi(2);
    }
    s
}

#[test]
fn rows_dotted_into_floats_beside_float_coefficients() {
    let p = Rows {
        rows: vec![array![0.3, -0.4], array![1.2, 0.5]],
        c: vec![0.5, -1.5],
        w: array![[1.0, 2.0], [0.3, -0.4]],
    };
    let x = array![0.7, 0.2];
    rows_and_coefficients_gradcheck(&p, &x).unwrap();
    // ∂/∂cᵢ = rᵢ·x + (W x)ᵢ; ∂/∂rᵢ = (cᵢ + 2 rᵢ·x) x.
    let (_, p_bar, _) = rows_and_coefficients_grad(&p, &x);
    let y = p.w.dot(&x);
    for i in 0..2 {
        let d = p.rows[i].dot(&x);
        assert!((p_bar.c[i] - (d + y[i])).abs() < 1e-12);
        assert!((&p_bar.rows[i] - &(&x * (p.c[i] + 2.0 * d)))
            .iter()
            .all(|e| e.abs() < 1e-12));
    }
}
