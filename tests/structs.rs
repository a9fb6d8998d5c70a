//! Struct parameters: `p: &Params` of a `#[derive(Differentiable)]` struct, field reads,
//! methods with `&self`, calls passing structs and their elements. Every gradient is
//! checked against central differences over the struct's flattened leaves, and the JVP
//! against the VJP by the dot-product test.

#![allow(clippy::needless_range_loop)] // index loops are what the macro is tested on

mod common;

use autodiff::ndarray::{array, Array1, Array2, NdFloat};
use autodiff::{differentiate, ops, Differentiable};
use common::{assert_dot_product, assert_grad, rng_vec};

/// Central differences of `f` over every leaf of `p`, against the gradient `grad`.
#[track_caller]
fn assert_struct_grad<P: Differentiable<Scalar = f64> + Clone>(
    f: impl Fn(&P) -> f64,
    p: &P,
    grad: &P,
) {
    let flat = |x: &[f64]| {
        let mut q = p.clone();
        q.set_from_flat(x);
        f(&q)
    };
    assert_grad(flat, &p.to_flat(), &grad.to_flat());
}

/// A struct filled with random values, shaped like `p`.
fn random_like<P: Differentiable<Scalar = f64> + Clone>(p: &P, seed: u64) -> P {
    let mut q = p.clone();
    q.set_from_flat(&rng_vec(seed, p.num_params(), -1.0, 1.0));
    q
}

#[derive(Differentiable, Clone, Debug)]
struct Mlp {
    w1: Array2<f64>,
    b1: Array1<f64>,
    w2: Array2<f64>,
    scale: f64,
    weights: Vec<f64>,
    #[no_grad]
    name: String,
}

fn mlp_params() -> Mlp {
    Mlp {
        w1: array![[0.3, -0.2, 0.5], [0.1, 0.4, -0.6]],
        b1: array![0.05, -0.1, 0.2],
        w2: array![[0.7], [-0.3], [0.2]],
        scale: 1.3,
        weights: vec![0.5, -0.25],
        name: "mlp".to_string(),
    }
}

// Arrays, a float and an indexed `Vec` read as fields.
#[differentiate]
fn mlp_loss(p: &Mlp, x: &Array2<f64>) -> f64 {
    let h = (&x.dot(&p.w1) + &p.b1).mapv(f64::tanh);
    let y = h.dot(&p.w2);
    y.sum() * p.scale + p.weights[0] * p.weights[1] * p.scale
}

#[test]
fn field_reads_of_a_struct_parameter() {
    let (p, x) = (mlp_params(), array![[1.0, -0.5], [0.25, 0.75]]);
    let (value, p_bar, x_bar) = mlp_loss_grad(&p, &x);
    assert_eq!(value, mlp_loss(&p, &x));
    assert_eq!(
        p_bar.name, "mlp",
        "a #[no_grad] field is carried over, not differentiated"
    );
    assert_struct_grad(|q| mlp_loss(q, &x), &p, &p_bar);
    let flat_x = |v: &[f64]| mlp_loss(&p, &Array2::from_shape_vec((2, 2), v.to_vec()).unwrap());
    assert_grad(flat_x, x.as_slice().unwrap(), x_bar.as_slice().unwrap());
}

#[test]
fn struct_jvp_agrees_with_the_vjp() {
    let (p, x) = (mlp_params(), array![[1.0, -0.5], [0.25, 0.75]]);
    let (_, p_bar, x_bar) = mlp_loss_grad(&p, &x);
    let mut grad = p_bar.to_flat();
    grad.extend(x_bar.iter());
    let n = p.num_params();
    let jvp = |v: &[f64]| {
        let mut p_dot = p.clone();
        p_dot.set_from_flat(&v[..n]);
        let x_dot = Array2::from_shape_vec((2, 2), v[n..].to_vec()).unwrap();
        mlp_loss_jvp(&p, &x, &p_dot, &x_dot).1
    };
    assert_dot_product(jvp, &grad, 11);
}

#[derive(Differentiable, Clone, Debug)]
struct Layer {
    w: Array2<f64>,
    b: Array1<f64>,
}

impl Layer {
    /// A layer as a method: `&self` is the struct parameter.
    #[differentiate]
    fn forward(&self, x: &Array2<f64>) -> Array2<f64> {
        (&x.dot(&self.w) + &self.b).mapv(f64::tanh)
    }

    /// A scalar method: it gets a `score_gradcheck` method too.
    #[differentiate]
    fn score(&self, x: &Array2<f64>) -> f64 {
        let y: Array2<f64> = self.forward(x);
        (&y * &y).sum()
    }
}

#[differentiate]
fn layer_free(l: &Layer, x: &Array2<f64>) -> Array2<f64> {
    (&x.dot(&l.w) + &l.b).mapv(f64::tanh)
}

#[derive(Differentiable, Clone, Debug)]
struct Net {
    layers: Vec<Layer>,
    head: Array2<f64>,
}

fn net_params(seed: u64) -> Net {
    let layer = Layer {
        w: Array2::zeros((3, 3)),
        b: Array1::zeros(3),
    };
    let net = Net {
        layers: vec![layer.clone(), layer.clone(), layer],
        head: Array2::zeros((3, 1)),
    };
    random_like(&net, seed)
}

// A loop over a `Vec` of structs calling a differentiated method on each element.
#[differentiate]
fn net_loss(p: &Net, x: &Array2<f64>) -> f64 {
    let mut h = x.to_owned();
    for l in 0..p.layers.len() {
        h = p.layers[l].forward(&h);
    }
    h.dot(&p.head).sum()
}

// The same through a free function taking the element, and the whole struct passed on.
#[differentiate]
fn net_loss_free(p: &Net, x: &Array2<f64>) -> f64 {
    let mut h = x.to_owned();
    for l in 0..p.layers.len() {
        h = layer_free(&p.layers[l], &h);
    }
    let y: Array2<f64> = head(p, &h);
    y.sum()
}

#[differentiate]
fn head(p: &Net, h: &Array2<f64>) -> Array2<f64> {
    h.dot(&p.head)
}

#[test]
fn methods_and_vecs_of_structs() {
    let p = net_params(3);
    let x = array![[0.5, -0.25, 1.0], [0.1, 0.2, -0.3]];
    let (value, p_bar, _) = net_loss_grad(&p, &x);
    assert!((value - net_loss(&p, &x)).abs() < 1e-15);
    assert_struct_grad(|q| net_loss(q, &x), &p, &p_bar);
    let (value_free, p_bar_free, _) = net_loss_free_grad(&p, &x);
    assert!((value - value_free).abs() < 1e-12);
    assert_struct_grad(|q| net_loss_free(q, &x), &p, &p_bar_free);
}

#[test]
fn a_method_vjp_returns_the_struct_cotangent() {
    let p = net_params(5);
    let layer = &p.layers[1];
    let x = array![[0.5, -0.25, 1.0]];
    let dout = array![[1.0, -2.0, 0.5]];
    let (y, layer_bar, x_bar) = layer.forward_vjp(&x, dout.clone());
    assert_eq!(y, layer.forward(&x));
    // Scalarise with the seed: ⟨dout, forward(x)⟩ has gradient (layer_bar, x_bar).
    let scalar = |q: &Layer| (&q.forward(&x) * &dout).sum();
    assert_struct_grad(scalar, layer, &layer_bar);
    let scalar_x = |v: &[f64]| {
        let x = Array2::from_shape_vec((1, 3), v.to_vec()).unwrap();
        (&layer.forward(&x) * &dout).sum()
    };
    assert_grad(scalar_x, x.as_slice().unwrap(), x_bar.as_slice().unwrap());
    // Forward mode of the method against its reverse mode.
    let (_, y_dot) = layer.forward_jvp(&x, &layer_bar, &x_bar);
    let lhs = (&y_dot * &dout).sum();
    let rhs = layer_bar.vdot(&layer_bar) + x_bar.iter().map(|v| v * v).sum::<f64>();
    assert!((lhs - rhs).abs() < 1e-12 * (1.0 + rhs.abs()));
}

#[derive(Differentiable, Clone, Debug)]
struct Inner {
    a: f64,
    v: Vec<f64>,
}

#[derive(Differentiable, Clone, Debug)]
struct Outer {
    inner: Inner,
    c: f64,
}

// Nested fields, a typed `let` stating a field's type, and `wrt` leaving a struct constant.
#[differentiate(wrt(p, x))]
fn nested(p: &Outer, q: &Outer, x: f64) -> f64 {
    let v: &Vec<f64> = &p.inner.v;
    let mut s = 0.0;
    for i in 0..v.len() {
        s += v[i] * x;
    }
    s * p.inner.a + p.c * q.c + (x * p.inner.a).sin()
}

#[test]
fn nested_fields_and_a_constant_struct() {
    let p = Outer {
        inner: Inner {
            a: 0.7,
            v: vec![0.5, -1.0, 2.0],
        },
        c: 1.5,
    };
    let q = Outer {
        inner: Inner { a: 2.0, v: vec![] },
        c: -0.5,
    };
    let (_, p_bar, x_bar) = nested_grad(&p, &q, 0.3);
    assert_struct_grad(|r| nested(r, &q, 0.3), &p, &p_bar);
    assert_grad(|x| nested(&p, &q, x[0]), &[0.3], &[x_bar]);
}

#[differentiate]
fn cross_entropy_of(p: &Layer, x: &Array2<f64>, targets: &[usize]) -> f64 {
    let logits = (&x.dot(&p.w) + &p.b).mapv(f64::tanh);
    ops::cross_entropy(&logits, targets)
}

#[test]
fn rules_of_ops_on_fields() {
    let p = net_params(9).layers[0].clone();
    let x = array![[0.5, -0.25, 1.0], [0.1, 0.2, -0.3]];
    let (_, p_bar, _) = cross_entropy_of_grad(&p, &x, &[2, 0]);
    assert_struct_grad(|q| cross_entropy_of(q, &x, &[2, 0]), &p, &p_bar);
}

/// The README's example, checked against central differences.
mod readme {
    use super::*;

    #[derive(Differentiable, Clone)]
    struct Layer {
        w: Array2<f64>,
        b: Array1<f64>,
    }

    impl Layer {
        #[differentiate]
        fn forward(&self, x: &Array2<f64>) -> Array2<f64> {
            (&x.dot(&self.w) + &self.b).mapv(f64::tanh)
        }
    }

    #[derive(Differentiable, Clone)]
    struct Net {
        layers: Vec<Layer>,
        scale: f64,
    }

    #[differentiate]
    fn loss(p: &Net, x: &Array2<f64>, targets: &[usize]) -> f64 {
        let mut h = x.to_owned();
        for l in 0..p.layers.len() {
            h = p.layers[l].forward(&h);
        }
        ops::cross_entropy(&h, targets) * p.scale
    }

    #[test]
    fn readme_example() {
        let layer = Layer {
            w: Array2::zeros((3, 3)),
            b: Array1::zeros(3),
        };
        let net = random_like(
            &Net {
                layers: vec![layer.clone(), layer],
                scale: 0.0,
            },
            21,
        );
        let x = array![[0.5, -0.25, 1.0], [0.1, 0.2, -0.3]];
        let targets = [1, 2];
        let (value, grad, _) = loss_grad(&net, &x, &targets);
        assert_eq!(value, loss(&net, &x, &targets));
        assert_struct_grad(|q| loss(q, &x, &targets), &net, &grad);
    }
}

// A method called on a struct parameter itself, from another differentiated function.
#[differentiate]
fn through_method(l: &Layer, x: &Array2<f64>) -> f64 {
    let y: Array2<f64> = l.forward(x);
    y.sum()
}

#[test]
fn a_method_called_on_a_parameter() {
    let l = net_params(13).layers[2].clone();
    let x = array![[0.5, -0.25, 1.0]];
    let (_, l_bar, _) = through_method_grad(&l, &x);
    assert_struct_grad(|q| through_method(q, &x), &l, &l_bar);
}

#[derive(Differentiable, Clone, Debug)]
struct Poly {
    coeffs: Vec<f64>,
    scale: f64,
    #[no_grad]
    degree: usize,
    #[no_grad]
    shift: f64,
}

// An integer field (a `#[no_grad]` count) read as a range bound and in a cast, and a
// `#[no_grad]` float read as a constant.
#[differentiate]
fn poly_at(p: &Poly, x: f64) -> f64 {
    let mut acc = 0.0;
    for i in 0..p.degree {
        acc = acc * x + p.coeffs[i];
    }
    acc * p.scale + p.degree as f64 + p.shift * x
}

#[test]
fn integer_fields_are_read_as_integers() {
    let p = Poly {
        coeffs: vec![0.5, -1.0, 2.0, 0.25],
        scale: 1.5,
        degree: 3,
        shift: 0.25,
    };
    let (value, p_bar, x_bar) = poly_at_grad(&p, 0.7);
    assert_eq!(value, poly_at(&p, 0.7));
    assert_eq!(p_bar.degree, 3, "a #[no_grad] field is carried over");
    assert_eq!(
        p_bar.shift, 0.25,
        "a #[no_grad] float gets no derivative added"
    );
    assert_eq!(
        p_bar.coeffs[3], 0.0,
        "a coefficient past the degree has no derivative"
    );
    assert_struct_grad(|q| poly_at(q, 0.7), &p, &p_bar);
    assert_grad(|x| poly_at(&p, x[0]), &[0.7], &[x_bar]);
    // The JVP along a tangent struct built by `zero_like` (which copies the constants: the
    // tangent holds `shift = 0.25`), against the gradient: a constant has no tangent.
    let mut p_dot = p.zero_like();
    p_dot.coeffs = vec![0.3, -0.2, 0.5, 1.0];
    p_dot.scale = -0.4;
    let (_, jv) = poly_at_jvp(&p, 0.7, &p_dot, 0.6);
    let want = p_bar
        .coeffs
        .iter()
        .zip(&p_dot.coeffs)
        .map(|(a, b)| a * b)
        .sum::<f64>()
        + p_bar.scale * p_dot.scale
        + x_bar * 0.6;
    assert!(
        (jv - want).abs() < 1e-12,
        "JVP {jv} against ⟨∇f, v⟩ = {want}"
    );
}

/// A generic struct whose methods are differentiated: the float type is the `impl`'s
/// parameter, which the attribute infers from the method's signature.
#[derive(Differentiable, Clone, Debug)]
struct Affine<T: autodiff::num_traits::Float> {
    w: Array2<T>,
    b: Array1<T>,
    gain: T,
}

impl<T: autodiff::num_traits::Float + 'static> Affine<T> {
    #[differentiate]
    fn forward(&self, x: &Array2<T>) -> Array2<T> {
        (&x.dot(&self.w) + &self.b).mapv(T::tanh)
    }

    #[differentiate]
    fn energy(&self, x: &[T]) -> T {
        let mut s = self.gain * self.gain;
        for i in 0..x.len() {
            s = s + x[i] * x[i] * self.gain;
        }
        s
    }

    /// Asks for `_hvp`: the `impl`'s bounds (`Float + 'static`) hold at `Dual<T>`.
    #[differentiate(hvp)]
    fn curved(&self, x: &[T]) -> T {
        let mut s = self.gain.sin();
        for i in 0..x.len() {
            s = s + (x[i] * self.gain).tanh() * x[i];
        }
        s * s
    }

    /// The same with the receiver a constant: its twin has zero tangents.
    #[differentiate(wrt(x), hvp)]
    fn curved_in_x(&self, x: &[T]) -> T {
        let mut s = self.gain.sin();
        for i in 0..x.len() {
            s = s + (x[i] * self.gain).tanh() * x[i];
        }
        s * s
    }
}

#[differentiate]
fn affine_loss(a: &Affine<f64>, x: &Array2<f64>) -> f64 {
    let y: Array2<f64> = a.forward(x);
    y.sum()
}

#[test]
fn methods_of_a_generic_struct() {
    let a = Affine {
        w: array![[0.3, -0.2], [0.5, 0.1]],
        b: array![0.05, -0.1],
        gain: 1.5,
    };
    let x = array![[1.0, -0.5], [0.25, 0.75]];
    let (value, a_bar, _) = affine_loss_grad(&a, &x);
    assert_eq!(value, a.forward(&x).sum());
    assert_struct_grad(|q| affine_loss(q, &x), &a, &a_bar);
    // An `f32` instance, with a slice parameter: d/dgain (g² + g Σ x²) = 2g + Σ x².
    let a32 = Affine {
        w: Array2::<f32>::zeros((1, 1)),
        b: Array1::<f32>::zeros(1),
        gain: 2.0f32,
    };
    let xs = [1.0f32, -2.0];
    let (value, a_bar, x_bar) = a32.energy_grad(&xs);
    assert_eq!(value, 4.0 + 5.0 * 2.0);
    assert_eq!(a_bar.gain, 4.0 + 5.0);
    assert_eq!(x_bar, vec![4.0, -8.0]);
}

#[test]
fn gradcheck_of_functions_with_struct_parameters() {
    let (p, x) = (mlp_params(), array![[1.0, -0.5], [0.25, 0.75]]);
    // Every leaf of the struct and of `x` against central differences, and the JVP.
    mlp_loss_gradcheck(&p, &x).unwrap();
    let layer = Layer {
        w: array![[0.3, -0.2], [0.5, 0.1]],
        b: array![0.05, -0.1],
    };
    layer.score_gradcheck(&x).unwrap();
    // A point where it fails: a tolerance no central difference meets.
    let strict = autodiff::Tolerance::new(0.0, 0.0);
    assert!(layer.score_gradcheck_with(&x, strict).is_err());
}

/// A two-layer network generic over its float type, with a nested struct, a `Vec` of them,
/// a scalar of the float type and a `#[no_grad]` constant: its loss gets an `_hvp` (its own
/// pullback run on dual numbers, the struct seeded through the derived `DualTwin`).
#[derive(Differentiable, Clone, Debug)]
struct GenericNet<T: autodiff::num_traits::Float + 'static> {
    layers: Vec<GenericLayer<T>>,
    head: Array2<T>,
    gain: T,
    #[no_grad]
    eps: T,
}

#[derive(Differentiable, Clone, Debug)]
struct GenericLayer<T: autodiff::num_traits::Float + 'static> {
    w: Array2<T>,
    b: Array1<T>,
}

#[differentiate]
fn generic_layer<T: autodiff::num_traits::Float + 'static>(
    l: &GenericLayer<T>,
    x: &Array2<T>,
) -> Array2<T> {
    ops::gelu(&(&x.dot(&l.w) + &l.b))
}

#[differentiate(wrt(p, x))]
fn generic_net_loss<T: autodiff::num_traits::Float + 'static>(
    p: &GenericNet<T>,
    x: &Array2<T>,
    targets: &[usize],
    scale: T,
) -> T {
    let mut h = x.to_owned();
    for l in 0..p.layers.len() {
        h = generic_layer(&p.layers[l], &h);
    }
    let logits = h.dot(&p.head);
    ops::cross_entropy(&logits, targets) * p.gain * scale + p.eps * p.gain
}

fn generic_net(seed: u64) -> GenericNet<f64> {
    let layer = GenericLayer {
        w: Array2::zeros((3, 3)),
        b: Array1::zeros(3),
    };
    let mut net = GenericNet {
        layers: vec![layer.clone(), layer],
        head: Array2::zeros((3, 2)),
        gain: 0.0,
        eps: 0.25,
    };
    net.set_from_flat(&rng_vec(seed, net.num_params(), -1.0, 1.0));
    net
}

#[test]
fn hvp_of_a_generic_struct_function_against_differences_of_the_gradient() {
    let p = generic_net(41);
    let x = array![[0.5, -1.0, 0.25], [1.5, 0.5, -0.75]];
    let targets = [1, 0];
    let (value, p_bar, x_bar) = generic_net_loss_grad(&p, &x, &targets, 0.7);
    assert_eq!(p_bar.eps, 0.25, "a #[no_grad] field keeps its value");
    assert_struct_grad(|q| generic_net_loss(q, &x, &targets, 0.7), &p, &p_bar);
    let (p_dot, x_dot) = (generic_net(42), array![[0.3, 0.1, -0.2], [0.0, 0.4, 0.6]]);
    let (hv_value, g_p, g_x, hv_p, hv_x) =
        generic_net_loss_hvp(&p, &x, &targets, 0.7, &p_dot, &x_dot);
    // The dual-number pass computes the same values, up to the rounding of its rules.
    let close = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(u, v)| (u - v).abs() <= 1e-12);
    assert!(close(&[hv_value], &[value]));
    assert!(close(&g_p.to_flat(), &p_bar.to_flat()));
    assert!(close(g_x.as_slice().unwrap(), x_bar.as_slice().unwrap()));
    assert_eq!(hv_p.eps, 0.25);
    // H·v against central differences of the gradient over the flattened (p, x).
    let n = p.num_params();
    let split = |v: &[f64]| {
        let mut q = p.clone();
        q.set_from_flat(&v[..n]);
        (q, Array2::from_shape_vec((2, 3), v[n..].to_vec()).unwrap())
    };
    let grad = |v: &[f64]| {
        let (q, y) = split(v);
        let (_, gq, gy) = generic_net_loss_grad(&q, &y, &targets, 0.7);
        let mut flat = gq.to_flat();
        flat.extend(gy.iter());
        flat
    };
    let mut point = p.to_flat();
    point.extend(x.iter());
    let mut direction = p_dot.to_flat();
    direction.extend(x_dot.iter());
    let mut hv = hv_p.to_flat();
    hv.extend(hv_x.iter());
    common::assert_hvp(grad, &point, &direction, &hv);
    // The generated check of the same derivatives, at `T = f64`.
    generic_net_loss_gradcheck(&p, &x, &targets, 0.7).unwrap();
}

/// A rule with a deliberate mistake in its reverse mode, reached through a function generic
/// over its float type with a struct parameter: that function's `f_gradcheck` (at `f64`,
/// HVP included) must catch it.
#[differentiate(custom)]
fn square_miscounted<T: autodiff::num_traits::Float>(x: T) -> T {
    x * x
}

fn square_miscounted_jvp<T: autodiff::num_traits::Float>(x: T, x_dot: T) -> (T, T) {
    (x * x, (x + x) * x_dot)
}

fn square_miscounted_vjp<T: autodiff::num_traits::Float>(x: T, dout: T) -> (T, T) {
    (x * x, (x + x + x) * dout)
}

#[differentiate]
fn affine_miscounted<T: autodiff::num_traits::Float + 'static>(a: &Affine<T>, x: &[T]) -> T {
    square_miscounted(a.gain) + a.energy(x)
}

#[test]
fn gradchecks_of_generic_struct_functions_run_at_f64() {
    let a = Affine {
        w: Array2::<f64>::zeros((1, 1)),
        b: Array1::<f64>::zeros(1),
        gain: 1.5,
    };
    affine_energy_gradcheck(&a, &[0.5, -2.0]).unwrap();
    let report = affine_miscounted_gradcheck(&a, &[0.5, -2.0]).unwrap_err();
    assert_eq!(report.label(), Some("a"), "{report}");
}

// A method of a generic struct called from a differentiated free function generic over the
// float type: the free function has an `_hvp`.
#[differentiate]
fn affine_energy<T: autodiff::num_traits::Float + 'static>(a: &Affine<T>, x: &[T]) -> T {
    a.energy(x)
}

#[test]
fn hvp_through_a_method_of_a_generic_struct() {
    let a = Affine {
        w: Array2::<f64>::zeros((1, 1)),
        b: Array1::<f64>::zeros(1),
        gain: 1.5,
    };
    let x = [0.5, -2.0];
    let mut a_dot = a.zero_like();
    a_dot.gain = 0.3;
    let x_dot = [1.0, 0.25];
    // e = g² + g Σx²: H·v for gain = 2 v_g + 2 Σ xᵢ v_xᵢ, for xᵢ = 2 xᵢ v_g + 2 g v_xᵢ.
    let (value, g_a, g_x, hv_a, hv_x) = affine_energy_hvp(&a, &x, &a_dot, &x_dot);
    assert_eq!(value, 1.5 * 1.5 + 1.5 * 4.25);
    assert_eq!((g_a.gain, g_x), (2.0 * 1.5 + 4.25, vec![1.5, -6.0]));
    let dot: f64 = x.iter().zip(&x_dot).map(|(a, b)| a * b).sum();
    assert!((hv_a.gain - (2.0 * 0.3 + 2.0 * dot)).abs() < 1e-12);
    for i in 0..2 {
        assert!((hv_x[i] - (2.0 * x[i] * 0.3 + 2.0 * 1.5 * x_dot[i])).abs() < 1e-12);
    }
}

/// A method's own `_hvp` (`#[differentiate(hvp)]`): H·v against central differences of
/// its gradient over the flattened `(self, x)`, and the method's generated check, which
/// covers the HVP too.
#[test]
fn hvp_of_a_method_of_a_generic_struct() {
    let a = Affine {
        w: array![[0.3, -0.2]],
        b: array![0.05],
        gain: 0.8,
    };
    let x = [0.5, -1.5, 0.75];
    let (value, g_a, g_x) = a.curved_grad(&x);
    assert_eq!(value, a.curved(&x));
    let n = a.num_params();
    let split = |v: &[f64]| {
        let mut q = a.clone();
        q.set_from_flat(&v[..n]);
        (q, v[n..].to_vec())
    };
    let mut point = a.to_flat();
    point.extend(x);
    let mut grad = g_a.to_flat();
    grad.extend(&g_x);
    assert_grad(
        |v| {
            let (q, y) = split(v);
            q.curved(&y)
        },
        &point,
        &grad,
    );
    let a_dot = random_like(&a, 7);
    let x_dot = [0.25, 1.0, -0.5];
    let (hv_value, h_a, h_x, hv_a, hv_x) = a.curved_hvp(&x, &a_dot, &x_dot);
    let close = |u: &[f64], v: &[f64]| u.iter().zip(v).all(|(p, q)| (p - q).abs() <= 1e-12);
    assert!(close(&[hv_value], &[value]));
    assert!(close(&h_a.to_flat(), &g_a.to_flat()) && close(&h_x, &g_x));
    let gradient_at = |v: &[f64]| {
        let (q, y) = split(v);
        let (_, gq, gy) = q.curved_grad(&y);
        let mut flat = gq.to_flat();
        flat.extend(gy);
        flat
    };
    let mut direction = a_dot.to_flat();
    direction.extend(x_dot);
    let mut hv = hv_a.to_flat();
    hv.extend(&hv_x);
    common::assert_hvp(gradient_at, &point, &direction, &hv);
    // Left out by `wrt`, the receiver is a constant: H·v in x alone, the same block of H.
    let (_, g_x_only, hv_x_only) = a.curved_in_x_hvp(&x, &x_dot);
    assert!(close(&g_x_only, &g_x));
    let in_x = |y: &[f64]| a.curved_in_x_grad(y).1;
    common::assert_hvp(in_x, &x, &x_dot, &hv_x_only);
    a.curved_gradcheck(&x).unwrap();
    a.curved_in_x_gradcheck(&x).unwrap();
    // A method without `hvp` is checked too, its first derivatives only.
    a.energy_gradcheck(&x).unwrap();
    assert!(a
        .energy_gradcheck_with(&x, autodiff::Tolerance::new(0.0, 0.0))
        .is_err());
}

/// A struct generic over its float type holding `Vec<T>` and `[T; N]` fields (and a
/// `#[no_grad]` one): the derive handles them element by element, so a function generic
/// over `T: Float` can take the struct (`Vec<T>: Differentiable` would need
/// `T: Differentiable`), and its `_hvp` seeds them through the derived `DualTwin`.
#[derive(Differentiable, Clone, Debug)]
struct Knotted<T: autodiff::num_traits::Float> {
    coeffs: Vec<T>,
    shift: [T; 2],
    scale: T,
    #[no_grad]
    knots: Vec<T>,
}

#[differentiate]
fn poly_eval<T: autodiff::num_traits::Float + 'static>(p: &Knotted<T>, x: T) -> T {
    let mut acc = T::zero();
    for i in 0..p.coeffs.len() {
        acc = acc * x + p.coeffs[i] * (x - p.knots[i]).sin();
    }
    acc * p.scale + p.shift[0] * p.shift[1] * x
}

#[test]
fn generic_structs_with_vec_and_array_fields() {
    let p = Knotted {
        coeffs: vec![1.0, -2.0, 0.5],
        shift: [0.5, 2.0],
        scale: 1.5,
        knots: vec![0.1, 0.2, 0.3],
    };
    let x = 0.7;
    let (value, p_bar, x_bar) = poly_eval_grad(&p, x);
    assert_eq!(value, poly_eval(&p, x));
    assert_eq!(p_bar.knots, p.knots, "a #[no_grad] field keeps its value");
    // The leaves are coeffs, shift and scale, in declaration order; knots is a constant.
    assert_eq!(p.num_params(), 6);
    assert_struct_grad(|q| poly_eval(q, x), &p, &p_bar);
    poly_eval_gradcheck(&p, x).unwrap();
    // H·v against central differences of the gradient over (coeffs, shift, scale, x).
    let mut p_dot = random_like(&p, 5);
    p_dot.knots = p.knots.clone();
    let x_dot = 0.4;
    let (_, _, _, hv_p, hv_x) = poly_eval_hvp(&p, x, &p_dot, x_dot);
    let gradient_at = |v: &[f64]| {
        let mut q = p.clone();
        q.set_from_flat(&v[..6]);
        let (_, gq, gx) = poly_eval_grad(&q, v[6]);
        let mut flat = gq.to_flat();
        flat.push(gx);
        flat
    };
    let (mut point, mut direction, mut hv) = (p.to_flat(), p_dot.to_flat(), hv_p.to_flat());
    point.push(x);
    direction.push(x_dot);
    hv.push(hv_x);
    common::assert_hvp(gradient_at, &point, &direction, &hv);
    assert_grad(|v| poly_eval(&p, v[0]), &[x], &[x_bar]);
    // Gradients of different lengths do not add: the panic names both.
    let mut short = p.clone();
    short.coeffs.pop();
    let caught = std::panic::catch_unwind(|| p.clone().accumulate(&short)).unwrap_err();
    let message = caught
        .downcast_ref::<String>()
        .expect("a formatted panic message");
    assert!(message.contains("lengths differ: 3 and 2"), "{message}");
    // The same struct over f32.
    let p32 = Knotted {
        coeffs: vec![1.0f32, 2.0],
        shift: [1.0, 1.0],
        scale: 1.0,
        knots: vec![0.0, 0.0],
    };
    let (_, g32, _) = poly_eval_grad(&p32, 0.0f32);
    // At x = 0: value = c₁ sin(0 − 0)·… = 0 + shift terms; ∂/∂shift₀ = shift₁ x = 0.
    assert_eq!(g32.shift, [0.0, 0.0]);
}

/// A 1-D array field read element by element, beside an array field and a float: the
/// fields' adjoints gathered into the struct's cotangent.
#[derive(Differentiable, Clone, Debug)]
struct Weights {
    w: Array1<f64>,
    fixed: [f64; 3],
    bias: f64,
}

#[differentiate]
fn weighted(p: &Weights, x: &[f64]) -> f64 {
    let mut s = p.bias;
    for i in 0..x.len() {
        s += p.w[i] * x[i] * x[i].sin() + p.fixed[i] * p.w[i] * p.w[i];
    }
    s * s
}

#[test]
fn one_dimensional_array_fields_read_by_index() {
    let p = Weights {
        w: array![0.5, -1.25, 2.0],
        fixed: [0.3, -0.7, 1.1],
        bias: 0.25,
    };
    let x = [0.9, -0.4, 1.6];
    let (value, p_bar, _) = weighted_grad(&p, &x);
    assert_eq!(value, weighted(&p, &x));
    assert_struct_grad(|q| weighted(q, &x), &p, &p_bar);
    // Every leaf against central differences, and the JVP along a random direction.
    weighted_gradcheck(&p, &x).unwrap();
}

/// Generic array code is usually bounded by ndarray's `NdFloat`, which dual numbers meet
/// where their primal type does: such a struct, its method asking for `_hvp`, and a free
/// function over it.
#[derive(Differentiable, Clone, Debug)]
struct NdSpring<T: NdFloat> {
    k: T,
    rest: Array1<T>,
}

impl<T: NdFloat> NdSpring<T> {
    #[differentiate(hvp)]
    fn energy(&self, x: &[T]) -> T {
        let mut e = T::zero();
        for i in 0..x.len() {
            let d = x[i] - self.rest[i];
            e += self.k * d * d * d.cosh();
        }
        e
    }
}

#[differentiate]
fn nd_spring_energy<T: NdFloat>(s: &NdSpring<T>, x: &[T]) -> T {
    s.energy(x) * s.k
}

#[test]
fn hvp_of_code_bounded_by_ndfloat() {
    let s = NdSpring {
        k: 1.3,
        rest: array![-0.25, 0.5],
    };
    let x = [0.75, 0.5];
    let (s_dot, x_dot) = (random_like(&s, 3), [0.5, -1.0]);
    let n = s.num_params();
    let split = |v: &[f64]| {
        let mut q = s.clone();
        q.set_from_flat(&v[..n]);
        (q, v[n..].to_vec())
    };
    let flat = |q: &NdSpring<f64>, y: &[f64]| {
        let mut f = q.to_flat();
        f.extend(y);
        f
    };
    let (point, direction) = (flat(&s, &x), flat(&s_dot, &x_dot));
    let (_, _, _, hv_s, hv_x) = s.energy_hvp(&x, &s_dot, &x_dot);
    let method_grad = |v: &[f64]| {
        let (q, y) = split(v);
        let (_, gq, gy) = q.energy_grad(&y);
        flat(&gq, &gy)
    };
    common::assert_hvp(method_grad, &point, &direction, &flat(&hv_s, &hv_x));
    let (_, _, _, hv_s, hv_x) = nd_spring_energy_hvp(&s, &x, &s_dot, &x_dot);
    let free_grad = |v: &[f64]| {
        let (q, y) = split(v);
        let (_, gq, gy) = nd_spring_energy_grad(&q, &y);
        flat(&gq, &gy)
    };
    common::assert_hvp(free_grad, &point, &direction, &flat(&hv_s, &hv_x));
    s.energy_gradcheck(&x).unwrap();
    nd_spring_energy_gradcheck(&s, &x).unwrap();
}

/// Options with no float: a constant struct parameter, left out by `wrt`.
struct Options {
    squared: bool,
}

#[differentiate(wrt(a, x))]
fn affine_energy_with<T: autodiff::num_traits::Float + 'static>(
    a: &Affine<T>,
    x: &[T],
    options: &Options,
) -> T {
    let e = a.energy(x);
    if options.squared {
        e * e
    } else {
        e
    }
}

#[test]
fn hvp_with_a_constant_struct_parameter_without_floats() {
    let a = Affine {
        w: Array2::<f64>::zeros((1, 1)),
        b: Array1::<f64>::zeros(1),
        gain: 1.5,
    };
    let (x, x_dot) = ([0.5, -2.0], [1.0, 0.25]);
    let mut a_dot = a.zero_like();
    a_dot.gain = 0.3;
    let options = Options { squared: true };
    // H·v against central differences of the gradient over (gain, x).
    let (_, _, _, hv_a, hv_x) = affine_energy_with_hvp(&a, &x, &options, &a_dot, &x_dot);
    let grad = |v: &[f64]| {
        let mut q = a.clone();
        q.gain = v[0];
        let (_, qa, qx) = affine_energy_with_grad(&q, &v[1..], &options);
        vec![qa.gain, qx[0], qx[1]]
    };
    common::assert_hvp(
        grad,
        &[1.5, 0.5, -2.0],
        &[0.3, 1.0, 0.25],
        &[hv_a.gain, hv_x[0], hv_x[1]],
    );
}

#[derive(Differentiable, Clone, Debug)]
struct Scaled {
    scale: f64,
    #[no_grad]
    n: usize,
}

// `p.scale` is cast and also used as a float: it is a float (its derivative is kept); the
// integer `p.n` is cast as well.
#[allow(clippy::unnecessary_cast)] // the cast is what is tested
#[differentiate]
fn scaled(p: &Scaled, x: f64) -> f64 {
    x * p.scale + (p.scale as f64) * x + p.n as f64
}

#[test]
fn a_float_field_that_is_also_cast_stays_a_float() {
    let p = Scaled { scale: 1.25, n: 3 };
    let (value, p_bar, x_bar) = scaled_grad(&p, 0.5);
    assert_eq!(value, scaled(&p, 0.5));
    assert_eq!((p_bar.scale, x_bar), (1.0, 2.5));
    assert_struct_grad(|q| scaled(q, 0.5), &p, &p_bar);
}

// Fields of integer, string and flag types are constants without `#[no_grad]`.
#[derive(Differentiable, Clone, Debug)]
pub struct Loan {
    pub name: String,
    pub principal: f64,
    pub annual_rate: f64,
    pub payments: i64,
    pub fixed: bool,
}

impl Loan {
    #[differentiate]
    pub fn payment(&self) -> f64 {
        let r = self.annual_rate / 12.0;
        self.principal * r / (1.0 - (1.0 + r).powi(-(self.payments as i32)))
    }
}

#[test]
fn integer_and_string_fields_are_constants() {
    let loan = Loan {
        name: "house".to_string(),
        principal: 2.0e5,
        annual_rate: 0.05,
        payments: 360,
        fixed: true,
    };
    let (p, g) = loan.payment_grad();
    // payment is linear in the principal.
    assert!((g.principal - p / loan.principal).abs() < 1e-12);
    assert_eq!((g.name.as_str(), g.payments, g.fixed), ("house", 360, true));
    loan.payment_gradcheck().unwrap();
}

// A unit struct whose trait method computes from its arguments (an ODE's right-hand side).
pub trait Rhs {
    fn eval(&self, t: f64, y: f64) -> f64;
}

#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Forced;

#[differentiate]
impl Rhs for Forced {
    fn eval(&self, t: f64, y: f64) -> f64 {
        -0.5 * y * y + t.sin()
    }
}

#[test]
fn a_unit_struct_receiver() {
    let (v, _, gt, gy) = Forced.eval_grad(0.3, 1.5);
    assert!((v - (-0.5 * 2.25 + 0.3f64.sin())).abs() < 1e-12);
    assert!((gt - 0.3f64.cos()).abs() < 1e-12 && (gy + 1.5).abs() < 1e-12);
    Forced.eval_gradcheck(0.3, 1.5).unwrap();
}

/// An integer field used as an exponent (`powi(self.months)`): a constant of the struct.
#[derive(Differentiable, Clone, Debug)]
struct Mortgage {
    principal: f64,
    yearly_percent: f64,
    months: i32,
}

impl Mortgage {
    #[differentiate]
    fn monthly_payment(&self) -> f64 {
        let i = self.yearly_percent / 100.0 / 12.0;
        self.principal * (i * (1.0 + i).powi(self.months) / ((1.0 + i).powi(self.months) - 1.0))
    }
}

#[test]
fn an_integer_field_as_an_exponent() {
    let loan = Mortgage {
        principal: 200_000.0,
        yearly_percent: 6.0,
        months: 120,
    };
    loan.monthly_payment_gradcheck().unwrap();
    // The payment is linear in the principal: ∂/∂P = payment / P. The months are a
    // constant, which the cotangent keeps as it was.
    let (payment, bar) = loan.monthly_payment_grad();
    assert!((bar.principal - payment / 200_000.0).abs() < 1e-15);
    assert_eq!(bar.months, loan.months);
}

/// Parts of a struct's `Vec` field, copied and passed on (a misleading message before; found
/// by a reviewer): f = w₀w₁ + Σ_{i≥1} wᵢ·x, so ∂f/∂w = (w₁, w₀ + x, x), ∂f/∂x = w₁ + w₂.
#[derive(Differentiable, Clone, Debug)]
struct Head {
    w: Vec<f64>,
}

#[differentiate]
fn parts_of_a_field(p: &Head, x: f64) -> f64 {
    let mut head = [0.0; 2];
    head.copy_from_slice(&p.w[..2]);
    let tail = p.w[1..].to_vec();
    head[0] * head[1] + tail.iter().map(|v| v * x).sum::<f64>()
}

#[test]
fn parts_of_a_vec_field() {
    let p = Head {
        w: vec![0.5, -1.5, 2.0],
    };
    let x = 0.25;
    let (f, p_bar, x_bar) = parts_of_a_field_grad(&p, x);
    assert!((f - (0.5 * -1.5 + (-1.5 + 2.0) * x)).abs() < 1e-15);
    assert_eq!(p_bar.w, vec![-1.5, 0.5 + x, x]);
    assert_eq!(x_bar, -1.5 + 2.0);
    parts_of_a_field_gradcheck(&p, x).unwrap();
}

/// A copy of a struct parameter read through its fields (`let q = p.clone(); q.w[i]`), as
/// code that keeps the caller's value untouched writes it: another name for the parameter.
#[derive(autodiff::Differentiable, Clone, Debug, PartialEq)]
pub struct Gains {
    pub w: Vec<f64>,
    pub scale: f64,
}

#[autodiff::differentiate]
fn gained(p: &Gains, x: &[f64]) -> f64 {
    let q = p.clone();
    let mut s = 0.0;
    for i in 0..x.len() {
        s += q.w[i] * x[i] * x[i];
    }
    q.scale * s
}

#[test]
fn a_copy_of_a_struct_parameter_read_through_its_fields() {
    let p = Gains {
        w: vec![1.0, -2.0],
        scale: 3.0,
    };
    let x = [0.5, 2.0];
    // scale Σ w x²: ∂/∂w = scale x², ∂/∂scale = Σ w x², ∂/∂x = 2 scale w x.
    let (v, p_bar, x_bar) = gained_grad(&p, &x);
    assert_eq!(v, 3.0 * (0.25 - 8.0));
    assert_eq!(
        p_bar,
        Gains {
            w: vec![0.75, 12.0],
            scale: 0.25 - 8.0
        }
    );
    assert_eq!(x_bar, vec![3.0, -24.0]);
    gained_gradcheck(&p, &x).unwrap();
}

// A struct generic over its float type declared without a bound on it, as physics code
// often declares state (`struct State<T> { q: T, p: T }`), used by functions generic over
// `T: Float`: a parameter, an element of a slice, the receiver of methods of
// `impl<T: Float>` (`&self` and `&mut self`), and a free step's state.
#[derive(Debug, Clone, PartialEq, Differentiable)]
struct Oscillator<T> {
    q: T,
    p: T,
}

#[differentiate]
fn oscillator_energy<T: autodiff::num_traits::Float>(s: &Oscillator<T>, k: T) -> T {
    let half = T::from(0.5).unwrap();
    half * s.p * s.p + half * k * s.q * s.q
}

#[differentiate]
fn oscillators_energy<T: autodiff::num_traits::Float>(all: &[Oscillator<T>], k: T) -> T {
    let mut e = T::zero();
    for s in all {
        e = e + s.p * s.p * s.q + k * s.q;
    }
    e
}

impl<T: autodiff::num_traits::Float> Oscillator<T> {
    #[differentiate]
    fn action(&self) -> T {
        self.p * self.q.sin()
    }
}

impl<T: autodiff::num_traits::Float> Oscillator<T> {
    #[differentiate]
    fn kick(&mut self, dt: T) {
        self.p = self.p - dt * self.q;
        self.q = self.q + dt * self.p;
    }
}

#[differentiate]
fn drift<T: autodiff::num_traits::Float>(s: &mut Oscillator<T>, dt: T) {
    s.q = s.q + dt * s.p * s.p;
}

// The same struct over an `ndarray` array stays `Differentiable` (its bound is the field
// type's), as it was.
#[differentiate]
fn oscillator_of_arrays(s: &Oscillator<Array1<f64>>) -> f64 {
    (&s.q * &s.p).sum()
}

#[test]
fn a_generic_struct_declared_without_a_bound() {
    let s = Oscillator { q: 0.3f64, p: 0.7 };
    // e = p²/2 + k q²/2: ∂e/∂q = k q, ∂e/∂p = p, ∂e/∂k = q²/2, and H·(v_q, 0; v_k) =
    // (k v_q + q v_k, 0; q v_q).
    let (e, s_bar, k_bar) = oscillator_energy_grad(&s, 2.0);
    assert_eq!(e, 0.5 * 0.49 + 0.09);
    assert_eq!(
        s_bar,
        Oscillator {
            q: 2.0 * 0.3,
            p: 0.7
        }
    );
    assert!((k_bar - 0.045).abs() < 1e-15);
    oscillator_energy_gradcheck(&s, 2.0).unwrap();
    let v = Oscillator { q: 1.0, p: 0.0 };
    let (_, _, _, hv_s, hv_k) = oscillator_energy_hvp(&s, 2.0, &v, 0.5);
    assert!((hv_s.q - (2.0 + 0.3 * 0.5)).abs() < 1e-12 && hv_s.p == 0.0);
    assert!((hv_k - 0.3).abs() < 1e-12);
    let (e32, s32_bar, _) = oscillator_energy_grad(&Oscillator { q: 0.5f32, p: 1.0 }, 2.0);
    assert_eq!((e32, s32_bar.q, s32_bar.p), (0.75, 1.0, 1.0));

    // Σ p² q + k q: ∂/∂q = p² + k, ∂/∂p = 2 p q, ∂/∂k = Σ q.
    let all = vec![
        Oscillator { q: 0.3f64, p: 0.7 },
        Oscillator { q: -1.2, p: 0.4 },
    ];
    let (_, all_bar, k_bar) = oscillators_energy_grad(&all, 2.0);
    for (s, s_bar) in all.iter().zip(&all_bar) {
        assert!((s_bar.q - (s.p * s.p + 2.0)).abs() < 1e-15);
        assert!((s_bar.p - 2.0 * s.p * s.q).abs() < 1e-15);
    }
    assert!((k_bar - (0.3 - 1.2)).abs() < 1e-15);
    oscillators_energy_gradcheck(&all, 2.0).unwrap();

    // p sin q: ∂/∂q = p cos q, ∂/∂p = sin q.
    let (a, a_bar) = s.action_grad();
    assert_eq!(a, 0.7 * 0.3f64.sin());
    assert!((a_bar.q - 0.7 * 0.3f64.cos()).abs() < 1e-15 && a_bar.p == 0.3f64.sin());

    // A step: p' = p − dt q, q' = q + dt p' = q + dt p − dt² q.
    let mut stepped = s.clone();
    let mut s_dot = Oscillator { q: 1.0, p: 0.0 };
    stepped.kick_jvp(0.1, &mut s_dot, 0.0);
    assert_eq!(
        stepped,
        Oscillator {
            q: 0.3 + 0.1 * (0.7 - 0.1 * 0.3),
            p: 0.7 - 0.1 * 0.3
        }
    );
    assert!((s_dot.q - 0.99).abs() < 1e-15 && (s_dot.p + 0.1).abs() < 1e-15);
    let mut stepped = s.clone();
    let mut s_bar = Oscillator { q: 1.0, p: 0.0 };
    let (dt_bar,) = stepped.kick_vjp(0.1, &mut s_bar);
    assert!((s_bar.q - 0.99).abs() < 1e-15 && (s_bar.p - 0.1).abs() < 1e-15);
    assert!((dt_bar - (0.7 - 2.0 * 0.1 * 0.3)).abs() < 1e-15);
    // A free step: q' = q + dt p².
    let mut stepped = s.clone();
    let mut s_bar = Oscillator { q: 1.0, p: 0.0 };
    let (dt_bar,) = drift_vjp(&mut stepped, 0.1, &mut s_bar);
    assert_eq!(stepped.q, 0.3 + 0.1 * 0.7 * 0.7);
    assert!((s_bar.q - 1.0).abs() < 1e-15 && (s_bar.p - 2.0 * 0.1 * 0.7).abs() < 1e-15);
    assert!((dt_bar - 0.49).abs() < 1e-15);

    let arrays = Oscillator {
        q: array![1.0, 2.0],
        p: array![0.5, -3.0],
    };
    let (_, arrays_bar) = oscillator_of_arrays_grad(&arrays);
    assert_eq!(
        (arrays_bar.q, arrays_bar.p),
        (arrays.p.clone(), arrays.q.clone())
    );
}

/// Derived items of a struct declared with its bound (`Affine<T: Float>`) called from code
/// generic over `T: Float` alone, which asks nothing more of `T`.
fn generic_caller<T: autodiff::num_traits::Float + 'static>(a: &Affine<T>, x: &[T]) -> T {
    let (value, _, _) = affine_energy_grad(a, x);
    value
}

#[test]
fn derived_items_of_a_bounded_generic_struct_from_generic_code() {
    let a = Affine {
        w: Array2::<f64>::zeros((1, 1)),
        b: Array1::<f64>::zeros(1),
        gain: 1.5,
    };
    assert_eq!(generic_caller(&a, &[0.5, -2.0]), 1.5 * 1.5 + 1.5 * 4.25);
}
