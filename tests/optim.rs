//! `Sgd` and `Adam` on a derived struct of parameters: both minimise the convex quadratic
//! L(p) = ½ Σⱼ dⱼ (pⱼ − tⱼ)² over its flattened leaves, in f64 and f32. (Single steps against
//! hand computations are the unit tests of `autodiff_runtime::optim`.)

use autodiff::ndarray::Array2;
use autodiff::num_traits::Float;
use autodiff::optim::{Adam, Sgd};
use autodiff::Differentiable;
use std::fmt::Debug;

#[derive(Differentiable, Clone, Debug)]
struct Model<T: Float> {
    w: Array2<T>,
    b: Vec<T>,
    c: T,
    #[no_grad]
    name: &'static str,
}

trait Real: Float + Differentiable<Scalar = Self> + Debug + Send + Sync + 'static {}
impl<T: Float + Differentiable<Scalar = T> + Debug + Send + Sync + 'static> Real for T {}

fn cast<T: Real>(x: f64) -> T {
    T::from(x).unwrap()
}

fn start<T: Real>() -> Model<T> {
    Model {
        w: Array2::zeros((2, 3)),
        b: vec![T::zero(); 2],
        c: T::zero(),
        name: "quadratic",
    }
}

/// Curvature dⱼ = 1 + j/2 (from 1 to 5) and target tⱼ = sin(j + 1) of coordinate j.
fn curvature_and_target(j: usize) -> (f64, f64) {
    (1.0 + j as f64 / 2.0, (j as f64 + 1.0).sin())
}

/// L(p) and its gradient gⱼ = dⱼ (pⱼ − tⱼ), as a `Model`.
fn loss_and_grad<T: Real>(p: &Model<T>) -> (T, Model<T>) {
    let mut loss = T::zero();
    let mut grad = Vec::new();
    for (j, &pj) in p.to_flat().iter().enumerate() {
        let (d, t) = curvature_and_target(j);
        let r = pj - cast(t);
        loss = loss + cast::<T>(0.5 * d) * r * r;
        grad.push(cast::<T>(d) * r);
    }
    let mut g = p.zero_like();
    g.set_from_flat(&grad);
    (loss, g)
}

fn sgd_minimises<T: Real>() {
    let mut p = start::<T>();
    let mut opt = Sgd::new(0.1).momentum(0.9);
    let (first, _) = loss_and_grad(&p);
    for _ in 0..300 {
        let (_, g) = loss_and_grad(&p);
        opt.step(&mut p, &g);
    }
    let (last, _) = loss_and_grad(&p);
    assert!(
        first > cast(1.0) && last < cast(1e-8),
        "{first:?} → {last:?}"
    );
    assert_eq!(p.name, "quadratic");
}

#[test]
fn sgd_with_momentum_minimises_a_quadratic_on_a_struct() {
    sgd_minimises::<f64>();
    sgd_minimises::<f32>();
}

/// With weight decay the minimum of L(p) + ½ wd |p|² is pⱼ = dⱼ tⱼ / (dⱼ + wd).
fn sgd_with_weight_decay_finds_the_shrunken_minimum<T: Real>(tol: f64) {
    let mut p = start::<T>();
    let mut opt = Sgd::new(0.1).momentum(0.5).weight_decay(0.5);
    for _ in 0..300 {
        let (_, g) = loss_and_grad(&p);
        opt.step(&mut p, &g);
    }
    for (j, pj) in p.to_flat().into_iter().enumerate() {
        let (d, t) = curvature_and_target(j);
        let want = d * t / (d + 0.5);
        assert!(
            (pj.to_f64().unwrap() - want).abs() < tol,
            "p[{j}] = {pj:?}, want {want}"
        );
    }
}

#[test]
fn sgd_with_weight_decay_finds_the_minimum_of_the_decayed_loss() {
    sgd_with_weight_decay_finds_the_shrunken_minimum::<f64>(1e-12);
    sgd_with_weight_decay_finds_the_shrunken_minimum::<f32>(1e-5);
}

fn adam_minimises<T: Real>() {
    let mut p = start::<T>();
    let mut opt = Adam::new(0.05);
    let (first, _) = loss_and_grad(&p);
    for step in 0..1000 {
        // A decaying schedule, so that Adam's steps (about lr each) shrink to the minimum.
        opt.set_lr(0.05 * 0.99_f64.powi(step));
        let (_, g) = loss_and_grad(&p);
        opt.step(&mut p, &g);
    }
    let (last, _) = loss_and_grad(&p);
    assert!(
        first > cast(1.0) && last < cast(1e-8),
        "{first:?} → {last:?}"
    );
    assert_eq!(p.name, "quadratic");
}

#[test]
fn adam_minimises_a_quadratic_on_a_struct() {
    adam_minimises::<f64>();
    adam_minimises::<f32>();
}

/// The README's example.
#[test]
fn sgd_fits_a_line() {
    #[derive(Differentiable)]
    struct Line {
        w: f64,
        b: f64,
        #[no_grad]
        name: String,
    }

    // Least squares for y = 2x + 1, with the gradient written by hand.
    let data = [(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)];
    let mut line = Line {
        w: 0.0,
        b: 0.0,
        name: "fit".into(),
    };
    let mut sgd = Sgd::new(0.05).momentum(0.9);
    for _ in 0..500 {
        let mut g = line.zero_like();
        for &(x, y) in &data {
            let r = line.w * x + line.b - y;
            g.w += 2.0 * r * x;
            g.b += 2.0 * r;
        }
        sgd.step(&mut line, &g);
    }
    assert!((line.w - 2.0).abs() < 1e-6 && (line.b - 1.0).abs() < 1e-6);
    assert_eq!(line.name, "fit");
}

/// The cotangents of a `#[differentiate]` function's `Vec` parameters are the gradients an
/// optimizer takes.
#[test]
fn adam_steps_with_the_gradient_differentiate_writes() {
    // Indexed loops are what `#[differentiate]` reads.
    #[allow(clippy::needless_range_loop)]
    #[autodiff::differentiate]
    fn loss(w: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..w.len() {
            let r = w[i] - i as f64;
            s += r * r;
        }
        s
    }

    let mut w = vec![5.0; 3];
    let mut adam = Adam::new(0.1);
    for _ in 0..500 {
        let (_, g) = loss_grad(&w);
        adam.step(&mut w, &g);
    }
    assert!(loss(&w) < 1e-6, "{w:?}");
}
