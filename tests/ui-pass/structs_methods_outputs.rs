#![deny(warnings)]

use autodiff::ndarray::{array, Array1, Array2};
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone)]
pub struct Layer {
    w: Array2<f64>,
    b: Array1<f64>,
    scale: f64,
}

impl Layer {
    /// A differentiated method: `&self` is a struct parameter.
    #[differentiate]
    pub fn forward(&self, x: &Array2<f64>) -> Array2<f64> {
        (&x.dot(&self.w) + &self.b).mapv(f64::tanh)
    }
}

#[derive(Differentiable, Clone)]
pub struct Net {
    layers: Vec<Layer>,
}

#[differentiate]
fn loss(p: &Net, x: &Array2<f64>) -> f64 {
    let mut h = x.to_owned();
    for l in 0..p.layers.len() {
        h = p.layers[l].forward(&h);
    }
    h.sum() * p.layers.len() as f64
}

#[differentiate]
fn scaled(p: &Layer, x: f64) -> f64 {
    x * p.scale
}

#[differentiate]
fn squares_into(x: &[f64], out: &mut [f64]) {
    for i in 0..x.len() {
        out[i] = x[i] * x[i];
    }
}

fn main() {
    let layer = Layer {
        w: array![[1.0, 0.0], [0.0, 1.0]],
        b: array![0.0, 0.0],
        scale: 2.0,
    };
    let net = Net {
        layers: vec![layer.clone()],
    };
    let x = array![[0.5, -0.5]];
    let (_, grad, _) = loss_grad(&net, &x);
    assert_eq!(grad.num_params(), 7);
    let (_, p_bar, x_bar) = scaled_grad(&layer, 3.0);
    assert_eq!((p_bar.scale, x_bar), (3.0, 2.0));
    let mut out = [0.0; 2];
    let (x_bar,) = squares_into_vjp(&[1.0, 2.0], &mut out, &[1.0, 1.0]);
    assert_eq!((out, x_bar), ([1.0, 4.0], vec![2.0, 4.0]));
}
