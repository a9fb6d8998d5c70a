//! An [argmin](https://docs.rs/argmin) problem made of generated derivatives (the cargo
//! feature `argmin`): the cost, its gradient from `f_grad`, and a Hessian that is never
//! formed. argmin's Newton-CG needs the Hessian only as an operator applied to vectors
//! (`H.dot(&p)` inside its conjugate-gradient solve), so [`HessianOperator`] carries the
//! point and applies `f_hvp` there: one forward-over-reverse pass per product instead of
//! `n` passes and `n²` floats for a formed Hessian.
//!
//! Parameters are `Vec<F>` (argmin-math's `vec` backend). argmin-math's `ndarray` and
//! `nalgebra` backends pin older versions of those crates than this project uses, so they
//! are not offered.
//!
//! ```
//! use argmin::core::{Executor, State};
//! use argmin::solver::linesearch::MoreThuenteLineSearch;
//! use argmin::solver::quasinewton::LBFGS;
//! use autodiff_runtime::argmin::Problem;
//!
//! // f(x) = (x0 − 1)² + 10 (x1 + 2)², with its gradient written out here; the
//! // generated `f_grad` has this shape.
//! let f = |x: &[f64]| (x[0] - 1.0).powi(2) + 10.0 * (x[1] + 2.0).powi(2);
//! let f_grad = |x: &[f64]| (f(x), vec![2.0 * (x[0] - 1.0), 20.0 * (x[1] + 2.0)]);
//! let solver = LBFGS::new(MoreThuenteLineSearch::new(), 5);
//! let result = Executor::new(Problem::new(f, f_grad), solver)
//!     .configure(|state| state.param(vec![0.0, 0.0]).max_iters(50))
//!     .run()
//!     .unwrap();
//! let best = result.state().get_best_param().unwrap();
//! assert!((best[0] - 1.0).abs() < 1e-6 && (best[1] + 2.0).abs() < 1e-6);
//! ```

use ::argmin::core::{CostFunction, Error, Gradient, Hessian};
use ::argmin_math::ArgminDot;
use std::marker::PhantomData;
use std::sync::Arc;

/// A cost with its gradient, and optionally its Hessian-vector product, as argmin's
/// `CostFunction`, `Gradient` and `Hessian`.
///
/// `cost` is `f` itself, `grad` returns `(value, gradient)` as `f_grad` does, and `hvp`
/// returns `H(x)·v` (the last part of `f_hvp`'s result).
pub struct Problem<F, C, G, H = NoHessian> {
    cost: C,
    grad: G,
    hvp: Arc<H>,
    float: PhantomData<F>,
}

/// The Hessian part of a [`Problem`] built without one: it has no `Hessian`.
pub struct NoHessian;

impl<F, C, G> Problem<F, C, G>
where
    C: Fn(&[F]) -> F,
    G: Fn(&[F]) -> (F, Vec<F>),
{
    /// The problem of minimising `cost`, whose gradient `grad` gives (`f_grad`'s shape).
    ///
    /// ```
    /// use argmin::core::{CostFunction, Gradient};
    /// use autodiff_runtime::argmin::Problem;
    ///
    /// let p = Problem::new(|x: &[f64]| x[0] * x[0], |x: &[f64]| (x[0] * x[0], vec![2.0 * x[0]]));
    /// assert_eq!(p.cost(&vec![3.0]).unwrap(), 9.0);
    /// assert_eq!(p.gradient(&vec![3.0]).unwrap(), vec![6.0]);
    /// ```
    pub fn new(cost: C, grad: G) -> Self {
        Problem {
            cost,
            grad,
            hvp: Arc::new(NoHessian),
            float: PhantomData,
        }
    }

    /// The same problem with a Hessian: `hvp(x, v)` is `H(x)·v`, from `f_hvp`
    /// (`|x, v| f_hvp(x, v).2`).
    ///
    /// ```
    /// use argmin::core::Hessian;
    /// use autodiff_runtime::argmin::Problem;
    ///
    /// // f = x0²·x1: H = [[2 x1, 2 x0], [2 x0, 0]].
    /// let f = |x: &[f64]| x[0] * x[0] * x[1];
    /// let grad = |x: &[f64]| (f(x), vec![2.0 * x[0] * x[1], x[0] * x[0]]);
    /// let hvp = |x: &[f64], v: &[f64]| {
    ///     vec![2.0 * x[1] * v[0] + 2.0 * x[0] * v[1], 2.0 * x[0] * v[0]]
    /// };
    /// let h = Problem::new(f, grad).with_hvp(hvp).hessian(&vec![1.0, 2.0]).unwrap();
    /// assert_eq!(h.apply(&[1.0, 0.0]), vec![4.0, 2.0]);
    /// ```
    pub fn with_hvp<H>(self, hvp: H) -> Problem<F, C, G, H>
    where
        H: Fn(&[F], &[F]) -> Vec<F>,
    {
        Problem {
            cost: self.cost,
            grad: self.grad,
            hvp: Arc::new(hvp),
            float: PhantomData,
        }
    }
}

impl<F, C, G, H> CostFunction for Problem<F, C, G, H>
where
    C: Fn(&[F]) -> F,
{
    type Param = Vec<F>;
    type Output = F;

    fn cost(&self, x: &Vec<F>) -> Result<F, Error> {
        Ok((self.cost)(x))
    }
}

impl<F, C, G, H> Gradient for Problem<F, C, G, H>
where
    G: Fn(&[F]) -> (F, Vec<F>),
{
    type Param = Vec<F>;
    type Gradient = Vec<F>;

    fn gradient(&self, x: &Vec<F>) -> Result<Vec<F>, Error> {
        Ok((self.grad)(x).1)
    }
}

impl<F: Clone, C, G, H> Hessian for Problem<F, C, G, H>
where
    H: Fn(&[F], &[F]) -> Vec<F>,
{
    type Param = Vec<F>;
    type Hessian = HessianOperator<F, H>;

    fn hessian(&self, x: &Vec<F>) -> Result<Self::Hessian, Error> {
        Ok(HessianOperator {
            at: x.clone(),
            hvp: Arc::clone(&self.hvp),
        })
    }
}

/// The Hessian at a point, as the linear map `v ↦ H·v` (argmin's `ArgminDot`), applied
/// by the Hessian-vector product; the matrix is never formed.
pub struct HessianOperator<F, H> {
    at: Vec<F>,
    hvp: Arc<H>,
}

impl<F, H> HessianOperator<F, H>
where
    H: Fn(&[F], &[F]) -> Vec<F>,
{
    /// `H·v`: what argmin's `dot` computes, callable without importing `argmin_math`.
    pub fn apply(&self, v: &[F]) -> Vec<F> {
        (self.hvp)(&self.at, v)
    }
}

impl<F: Clone, H> Clone for HessianOperator<F, H> {
    fn clone(&self) -> Self {
        HessianOperator {
            at: self.at.clone(),
            hvp: Arc::clone(&self.hvp),
        }
    }
}

impl<F, H> ArgminDot<Vec<F>, Vec<F>> for HessianOperator<F, H>
where
    H: Fn(&[F], &[F]) -> Vec<F>,
{
    fn dot(&self, v: &Vec<F>) -> Vec<F> {
        self.apply(v)
    }
}
