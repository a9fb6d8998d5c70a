//! Optimizers that update any [`Differentiable`] value in place from its gradient (a value of
//! the same type): [`Sgd`] with momentum and weight decay, and [`Adam`] with decoupled weight
//! decay (AdamW).
//!
//! An optimizer is not generic over the float type: its hyperparameters are `f64`, converted
//! to the parameters' scalar type at each step, and its per-leaf state (velocity, moments) is
//! built at the first step from the lengths of the leaves, in that scalar type.
//!
//! ```
//! use autodiff_runtime::optim::Adam;
//! // Minimise f(w) = Σ (wᵢ - i)², whose gradient is 2(wᵢ - i).
//! let mut w = vec![0.0_f64; 3];
//! let mut adam = Adam::new(0.1);
//! for _ in 0..500 {
//!     let g: Vec<f64> = w.iter().enumerate().map(|(i, wi)| 2.0 * (wi - i as f64)).collect();
//!     adam.step(&mut w, &g);
//! }
//! assert!(w.iter().enumerate().all(|(i, wi)| (wi - i as f64).abs() < 1e-3));
//! ```

use crate::Differentiable;
use core::any::Any;
use core::fmt;
use num_traits::{Float, Zero};

/// Stochastic gradient descent with optional momentum and (L2) weight decay, with PyTorch's
/// semantics: g ← g + wd·p; v ← μ·v + g (v = g at the first step); p ← p − lr·v.
///
/// ```
/// use autodiff_runtime::optim::Sgd;
/// let mut p = [1.0, -2.0];
/// Sgd::new(0.5).step(&mut p, &[2.0, 4.0]);
/// assert_eq!(p, [0.0, -4.0]);
/// ```
pub struct Sgd {
    lr: f64,
    momentum: f64,
    weight_decay: f64,
    velocity: Buffers,
}

impl Sgd {
    /// Plain gradient descent with learning rate `lr` (≥ 0): no momentum, no weight decay.
    ///
    /// ```
    /// use autodiff_runtime::optim::Sgd;
    /// assert_eq!(Sgd::new(0.01).lr(), 0.01);
    /// ```
    pub fn new(lr: f64) -> Self {
        check_hyperparameter("Sgd", "learning rate", lr, lr >= 0.0);
        Self {
            lr,
            momentum: 0.0,
            weight_decay: 0.0,
            velocity: Buffers::default(),
        }
    }

    /// Heavy-ball momentum μ (≥ 0): the step follows v ← μ·v + g.
    ///
    /// ```
    /// use autodiff_runtime::optim::Sgd;
    /// let mut opt = Sgd::new(1.0).momentum(0.5);
    /// let mut p = [0.0];
    /// opt.step(&mut p, &[1.0]); // v = 1
    /// opt.step(&mut p, &[1.0]); // v = 0.5 + 1
    /// assert_eq!(p, [-2.5]);
    /// ```
    pub fn momentum(mut self, mu: f64) -> Self {
        check_hyperparameter("Sgd", "momentum", mu, mu >= 0.0);
        self.momentum = mu;
        self
    }

    /// L2 weight decay (≥ 0): `wd·p` is added to the gradient before the momentum.
    ///
    /// ```
    /// use autodiff_runtime::optim::Sgd;
    /// let mut p = [2.0];
    /// Sgd::new(0.5).weight_decay(0.1).step(&mut p, &[0.0]); // 2 − 0.5·(0.1·2)
    /// assert_eq!(p, [1.9]);
    /// ```
    pub fn weight_decay(mut self, wd: f64) -> Self {
        check_hyperparameter("Sgd", "weight decay", wd, wd >= 0.0);
        self.weight_decay = wd;
        self
    }

    /// The learning rate.
    ///
    /// ```
    /// use autodiff_runtime::optim::Sgd;
    /// assert_eq!(Sgd::new(0.1).lr(), 0.1);
    /// ```
    pub fn lr(&self) -> f64 {
        self.lr
    }

    /// Changes the learning rate (for schedules); the velocity is kept.
    ///
    /// ```
    /// use autodiff_runtime::optim::Sgd;
    /// let mut opt = Sgd::new(0.1);
    /// opt.set_lr(0.05);
    /// assert_eq!(opt.lr(), 0.05);
    /// ```
    pub fn set_lr(&mut self, lr: f64) {
        check_hyperparameter("Sgd", "learning rate", lr, lr >= 0.0);
        self.lr = lr;
    }

    /// One update of `params` from `grads`, a gradient of the same shape. Panics if `grads`
    /// does not have the shape of `params`, or if the leaves of `params` differ from those
    /// of the first step (with momentum, the velocity is kept per leaf).
    ///
    /// ```
    /// use autodiff_runtime::optim::Sgd;
    /// let mut p = vec![1.0_f32, 2.0];
    /// let mut opt = Sgd::new(0.1).momentum(0.9);
    /// opt.step(&mut p, &vec![1.0, -1.0]);
    /// assert_eq!(p, [0.9, 2.1]);
    /// ```
    pub fn step<P>(&mut self, params: &mut P, grads: &P)
    where
        P: Differentiable,
        P::Scalar: Send + Sync + 'static,
    {
        let lr: P::Scalar = cast(self.lr);
        let mu: P::Scalar = cast(self.momentum);
        let wd: P::Scalar = cast(self.weight_decay);
        let decay = self.weight_decay != 0.0;
        if self.momentum == 0.0 {
            params.zip_leaves_mut(grads, &mut |p, g| {
                for (p, &g) in p.iter_mut().zip(g) {
                    let g = if decay { g + wd * *p } else { g };
                    *p = *p - lr * g;
                }
            });
            return;
        }
        let velocity = self.velocity.get::<P, 1>(params, "Sgd::step");
        let mut leaf = 0;
        params.zip_leaves_mut(grads, &mut |p, g| {
            let [v] = &mut velocity[leaf];
            leaf += 1;
            for ((p, &g), v) in p.iter_mut().zip(g).zip(v.iter_mut()) {
                let g = if decay { g + wd * *p } else { g };
                // The velocity starts at zero, so the first step's is the gradient, as PyTorch's.
                *v = mu * *v + g;
                *p = *p - lr * *v;
            }
        });
    }
}

impl fmt::Debug for Sgd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sgd")
            .field("lr", &self.lr)
            .field("momentum", &self.momentum)
            .field("weight_decay", &self.weight_decay)
            .finish_non_exhaustive()
    }
}

/// Adam with decoupled weight decay (AdamW, Loshchilov & Hutter). At step t:
/// p ← p − lr·wd·p; m ← β₁m + (1−β₁)g; v ← β₂v + (1−β₂)g²; m̂ = m/(1−β₁ᵗ); v̂ = v/(1−β₂ᵗ);
/// p ← p − lr·m̂/(√v̂ + ε). Defaults: β = (0.9, 0.999), ε = 1e-8, no weight decay.
///
/// ```
/// use autodiff_runtime::optim::Adam;
/// // The first step moves each coordinate by lr·g/(|g| + ε): about lr, against the gradient.
/// let mut p = [1.0_f64, 1.0];
/// Adam::new(0.1).step(&mut p, &[3.0, -0.5]);
/// assert!((p[0] - 0.9).abs() < 1e-8 && (p[1] - 1.1).abs() < 1e-8);
/// ```
pub struct Adam {
    lr: f64,
    beta1: f64,
    beta2: f64,
    eps: f64,
    weight_decay: f64,
    t: u64,
    moments: Buffers,
}

impl Adam {
    /// Adam with learning rate `lr` (≥ 0) and the default β = (0.9, 0.999), ε = 1e-8.
    ///
    /// ```
    /// use autodiff_runtime::optim::Adam;
    /// assert_eq!(Adam::new(1e-3).lr(), 1e-3);
    /// ```
    pub fn new(lr: f64) -> Self {
        check_hyperparameter("Adam", "learning rate", lr, lr >= 0.0);
        Self {
            lr,
            beta1: 0.9,
            beta2: 0.999,
            eps: 1e-8,
            weight_decay: 0.0,
            t: 0,
            moments: Buffers::default(),
        }
    }

    /// The decay rates β₁ and β₂ of the first and second moment estimates, each in [0, 1).
    ///
    /// ```
    /// use autodiff_runtime::optim::Adam;
    /// let mut p = [0.0];
    /// // With β = (0, 0), every step is lr·g/(|g| + ε).
    /// let mut opt = Adam::new(1.0).betas(0.0, 0.0).eps(0.0);
    /// opt.step(&mut p, &[5.0]);
    /// opt.step(&mut p, &[-0.1]);
    /// assert_eq!(p, [0.0]);
    /// ```
    pub fn betas(mut self, beta1: f64, beta2: f64) -> Self {
        for (name, b) in [("beta1", beta1), ("beta2", beta2)] {
            check_hyperparameter("Adam", name, b, (0.0..1.0).contains(&b));
        }
        self.beta1 = beta1;
        self.beta2 = beta2;
        self
    }

    /// ε (≥ 0), added to √v̂ in the denominator.
    ///
    /// ```
    /// use autodiff_runtime::optim::Adam;
    /// let mut p = [0.0];
    /// Adam::new(1.0).eps(1.0).step(&mut p, &[1.0]); // 1·1/(1 + 1)
    /// assert_eq!(p, [-0.5]);
    /// ```
    pub fn eps(mut self, eps: f64) -> Self {
        check_hyperparameter("Adam", "eps", eps, eps >= 0.0);
        self.eps = eps;
        self
    }

    /// Decoupled weight decay (≥ 0): each step first shrinks p by lr·wd·p, apart from the
    /// gradient's moments (AdamW).
    ///
    /// ```
    /// use autodiff_runtime::optim::Adam;
    /// let mut p = [2.0];
    /// Adam::new(0.1).weight_decay(0.5).step(&mut p, &[0.0]); // 2 − 0.1·0.5·2, zero gradient
    /// assert_eq!(p, [1.9]);
    /// ```
    pub fn weight_decay(mut self, wd: f64) -> Self {
        check_hyperparameter("Adam", "weight decay", wd, wd >= 0.0);
        self.weight_decay = wd;
        self
    }

    /// The learning rate.
    ///
    /// ```
    /// use autodiff_runtime::optim::Adam;
    /// assert_eq!(Adam::new(0.1).lr(), 0.1);
    /// ```
    pub fn lr(&self) -> f64 {
        self.lr
    }

    /// Changes the learning rate (for schedules); the moments and the step count are kept.
    ///
    /// ```
    /// use autodiff_runtime::optim::Adam;
    /// let mut opt = Adam::new(0.1);
    /// for epoch in 0..3 {
    ///     opt.set_lr(0.1 * 0.5_f64.powi(epoch));
    /// }
    /// assert_eq!(opt.lr(), 0.025);
    /// ```
    pub fn set_lr(&mut self, lr: f64) {
        check_hyperparameter("Adam", "learning rate", lr, lr >= 0.0);
        self.lr = lr;
    }

    /// One update of `params` from `grads`, a gradient of the same shape. Panics if `grads`
    /// does not have the shape of `params`, or if the leaves of `params` differ from those
    /// of the first step (the moments are kept per leaf).
    ///
    /// ```
    /// use autodiff_runtime::optim::Adam;
    /// let mut p = vec![1.0_f32, 2.0];
    /// let mut opt = Adam::new(0.5);
    /// opt.step(&mut p, &vec![4.0, -4.0]);
    /// assert!((p[0] - 0.5).abs() < 1e-6 && (p[1] - 2.5).abs() < 1e-6);
    /// ```
    pub fn step<P>(&mut self, params: &mut P, grads: &P)
    where
        P: Differentiable,
        P::Scalar: Send + Sync + 'static,
    {
        let moments = self.moments.get::<P, 2>(params, "Adam::step");
        self.t += 1;
        let t = self.t as f64;
        let lr: P::Scalar = cast(self.lr);
        let shrink: P::Scalar = cast(1.0 - self.lr * self.weight_decay);
        let decay = self.weight_decay != 0.0;
        let (b1, b2): (P::Scalar, P::Scalar) = (cast(self.beta1), cast(self.beta2));
        let (c1, c2): (P::Scalar, P::Scalar) = (cast(1.0 - self.beta1), cast(1.0 - self.beta2));
        let bias1: P::Scalar = cast(1.0 - self.beta1.powf(t));
        let bias2: P::Scalar = cast(1.0 - self.beta2.powf(t));
        let eps: P::Scalar = cast(self.eps);
        let mut leaf = 0;
        params.zip_leaves_mut(grads, &mut |p, g| {
            let [m, v] = &mut moments[leaf];
            leaf += 1;
            for (((p, &g), m), v) in p.iter_mut().zip(g).zip(m.iter_mut()).zip(v.iter_mut()) {
                if decay {
                    *p = *p * shrink;
                }
                *m = b1 * *m + c1 * g;
                *v = b2 * *v + c2 * g * g;
                let (m_hat, v_hat) = (*m / bias1, *v / bias2);
                *p = *p - lr * m_hat / (v_hat.sqrt() + eps);
            }
        });
    }
}

impl fmt::Debug for Adam {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Adam")
            .field("lr", &self.lr)
            .field("betas", &(self.beta1, self.beta2))
            .field("eps", &self.eps)
            .field("weight_decay", &self.weight_decay)
            .field("t", &self.t)
            .finish_non_exhaustive()
    }
}

/// Per-leaf state: `K` zero-initialised buffers per leaf of the parameters, each as long as
/// the leaf, in the parameters' scalar type. It is type-erased so that an optimizer is not
/// generic over the float type, and built at the first step, when the leaves are known.
#[derive(Default)]
struct Buffers(Option<Box<dyn Any + Send + Sync>>);

/// The buffers of each leaf, in leaf order.
type LeafBuffers<S, const K: usize> = Vec<[Vec<S>; K]>;

impl Buffers {
    /// The buffers for `params`, built at the first call. Panics if `params` does not have
    /// the leaves (or the scalar type) the buffers were built for.
    fn get<P, const K: usize>(&mut self, params: &P, who: &str) -> &mut LeafBuffers<P::Scalar, K>
    where
        P: Differentiable,
        P::Scalar: Send + Sync + 'static,
    {
        let state = self.0.get_or_insert_with(|| {
            let mut buffers: LeafBuffers<P::Scalar, K> = Vec::new();
            params.for_each_leaf(&mut |leaf| {
                buffers.push(core::array::from_fn(|_| {
                    vec![P::Scalar::zero(); leaf.len()]
                }));
            });
            Box::new(buffers)
        });
        let Some(buffers) = state.downcast_mut::<LeafBuffers<P::Scalar, K>>() else {
            panic!(
                "{who}: the parameters' float type is {}, but this optimizer's state was built for another one at its first step",
                core::any::type_name::<P::Scalar>()
            );
        };
        // Checked before any update, so that a wrong call changes nothing.
        let (mut leaf, mut mismatch) = (0, None);
        params.for_each_leaf(&mut |p| {
            let had = buffers.get(leaf).map(|b| b[0].len());
            if mismatch.is_none() && had != Some(p.len()) {
                mismatch = Some((leaf, p.len(), had));
            }
            leaf += 1;
        });
        if let Some((leaf, len, had)) = mismatch {
            let had = match had {
                Some(n) => format!("it had {n}"),
                None => format!("there were {} leaves", buffers.len()),
            };
            panic!("{who}: the parameters have changed structure since the first step: leaf {leaf} has {len} values, but {had}");
        }
        if leaf != buffers.len() {
            panic!(
                "{who}: the parameters have changed structure since the first step: they have {leaf} leaves, but had {}",
                buffers.len()
            );
        }
        buffers
    }
}

/// A hyperparameter in the parameters' float type.
fn cast<S: Float>(x: f64) -> S {
    S::from(x).unwrap_or_else(|| {
        panic!("the hyperparameter {x} has no value in the parameters' float type")
    })
}

/// Panics with a message naming the optimizer and the hyperparameter unless `ok`.
fn check_hyperparameter(who: &str, name: &str, value: f64, ok: bool) {
    if !ok {
        panic!("{who}: invalid {name} {value}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::fmt::Debug;

    fn assert_close<S: Float + Debug>(got: &[S], want: &[f64], tol: f64) {
        for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
            let g = g.to_f64().unwrap();
            assert!(
                (g - w).abs() <= tol * w.abs().max(1.0),
                "coordinate {i}: got {g}, want {w}"
            );
        }
        assert_eq!(got.len(), want.len());
    }

    fn s<S: Float>(x: &[f64]) -> Vec<S> {
        x.iter().map(|&x| S::from(x).unwrap()).collect()
    }

    /// lr = 0.1, μ = 0.9, wd = 0.01 from p = (1, −2):
    /// step 1, g = (0.5, 1): d = g + wd·p = (0.51, 0.98) = v; p = (0.949, −2.098);
    /// step 2, g = (−1, 0.25): d = (−0.99051, 0.22902); v = 0.9·(0.51, 0.98) + d =
    /// (−0.53151, 1.11102); p = (1.002151, −2.209102).
    fn sgd_two_steps<S: Float + Debug + Differentiable<Scalar = S> + Send + Sync + 'static>(
        tol: f64,
    ) {
        let mut opt = Sgd::new(0.1).momentum(0.9).weight_decay(0.01);
        let mut p = s::<S>(&[1.0, -2.0]);
        opt.step(&mut p, &s(&[0.5, 1.0]));
        assert_close(&p, &[0.949, -2.098], tol);
        opt.step(&mut p, &s(&[-1.0, 0.25]));
        assert_close(&p, &[1.002151, -2.209102], tol);
    }

    #[test]
    fn sgd_with_momentum_and_weight_decay_matches_two_steps_by_hand() {
        sgd_two_steps::<f64>(1e-14);
        sgd_two_steps::<f32>(1e-6);
    }

    #[test]
    fn sgd_without_momentum_is_p_minus_lr_g() {
        // 3 − 0.5·(2 + 0.2·3) = 1.7 on an array.
        let mut p = [3.0, 0.0];
        Sgd::new(0.5).weight_decay(0.2).step(&mut p, &[2.0, -1.0]);
        assert_close(&p, &[1.7, 0.5], 1e-15);
    }

    /// lr = 0.01, wd = 0.1, from p = (1, −2, 0.5) with g = (0.3, −4, 0), then (0.1, 1, 2).
    fn adam_two_steps<S: Float + Debug + Differentiable<Scalar = S> + Send + Sync + 'static>(
        tol: f64,
    ) {
        let mut opt = Adam::new(0.01).weight_decay(0.1);
        let mut p = [S::one(), S::from(-2.0).unwrap(), S::from(0.5).unwrap()];
        let g1 = s::<S>(&[0.3, -4.0, 0.0]);
        opt.step(&mut p, &[g1[0], g1[1], g1[2]]);
        // After the decay p·(1 − lr·wd) = (0.999, −1.998, 0.4995), the first step moves each
        // coordinate by lr·g/(|g| + ε) (m̂ = g, v̂ = g²), and not at all where g = 0.
        let first: Vec<f64> = [(0.999, 0.3), (-1.998, -4.0), (0.4995, 0.0)]
            .iter()
            .map(|&(p, g): &(f64, f64)| p - 0.01 * g / (g.abs() + 1e-8))
            .collect();
        assert_close(&p, &first, tol);
        // Step 2, first coordinate: m = 0.9·0.03 + 0.1·0.1 = 0.037, m̂ = 0.037/0.19;
        // v = 0.999·0.00009 + 0.001·0.01 = 0.00009991, v̂ = v/0.001999;
        // p = 0.9989999…·0.999 − 0.01·m̂/(√v̂ + ε). The others likewise, in 40-digit decimals.
        let g2 = s::<S>(&[0.1, 1.0, 2.0]);
        opt.step(&mut p, &[g2[0], g2[1], g2[2]]);
        let second = [
            0.979_300_361_215_386_2,
            -1.981_317_318_329_002_3,
            0.491_559_131_816_935_4,
        ];
        assert_close(&p, &second, tol);
    }

    #[test]
    fn adam_matches_two_steps_by_hand() {
        adam_two_steps::<f64>(1e-14);
        adam_two_steps::<f32>(1e-6);
    }

    #[test]
    #[should_panic(
        expected = "Sgd::step: the parameters have changed structure since the first step: leaf 0 has 3 values, but it had 2"
    )]
    fn sgd_state_is_tied_to_the_first_structure() {
        let mut opt = Sgd::new(0.1).momentum(0.9);
        opt.step(&mut vec![1.0, 2.0], &vec![1.0, 1.0]);
        opt.step(&mut vec![1.0, 2.0, 3.0], &vec![1.0, 1.0, 1.0]);
    }

    #[test]
    #[should_panic(expected = "they have 1 leaves, but had 2")]
    fn adam_state_is_tied_to_the_number_of_leaves() {
        let mut opt = Adam::new(0.1);
        opt.step(&mut vec![vec![1.0], vec![2.0]], &vec![vec![1.0], vec![1.0]]);
        opt.step(&mut vec![vec![1.0]], &vec![vec![1.0]]);
    }

    #[test]
    #[should_panic(expected = "leaf 1 has 1 values, but there were 1 leaves")]
    fn adam_state_refuses_more_leaves() {
        let mut opt = Adam::new(0.1);
        opt.step(&mut vec![vec![1.0]], &vec![vec![1.0]]);
        opt.step(&mut vec![vec![1.0], vec![2.0]], &vec![vec![1.0], vec![1.0]]);
    }

    #[test]
    #[should_panic(expected = "the parameters' float type is f32")]
    fn adam_state_is_tied_to_the_float_type() {
        let mut opt = Adam::new(0.1);
        opt.step(&mut vec![1.0_f64], &vec![1.0]);
        opt.step(&mut vec![1.0_f32], &vec![1.0]);
    }

    #[test]
    fn a_refused_step_changes_nothing() {
        let mut opt = Sgd::new(0.1).momentum(0.5);
        opt.step(&mut vec![vec![1.0], vec![2.0]], &vec![vec![1.0], vec![1.0]]);
        let mut p = vec![vec![1.0], vec![2.0], vec![3.0]];
        let g = p.zero_like();
        let refused =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| opt.step(&mut p, &g)));
        assert!(refused.is_err());
        assert_eq!(p, [[1.0], [2.0], [3.0]]);
    }

    #[test]
    #[should_panic(expected = "Adam: invalid beta1 1")]
    fn betas_must_be_below_one() {
        let _ = Adam::new(0.1).betas(1.0, 0.9);
    }

    #[test]
    fn debug_shows_the_hyperparameters() {
        let sgd = format!("{:?}", Sgd::new(0.1).momentum(0.9));
        assert_eq!(sgd, "Sgd { lr: 0.1, momentum: 0.9, weight_decay: 0.0, .. }");
        let adam = format!("{:?}", Adam::new(0.1));
        assert!(adam.starts_with("Adam { lr: 0.1, betas: (0.9, 0.999), eps: 1e-8"));
    }
}
