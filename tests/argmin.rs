//! argmin's solvers on generated derivatives alone (the `argmin` feature): L-BFGS from
//! `f_grad`, Newton-CG from `f_grad` and `f_hvp` (the Hessian never formed), converging to
//! the known minimum of Rosenbrock's function.
#![cfg(feature = "argmin")]

use argmin::core::{Executor, IterState, State};
use argmin::solver::linesearch::MoreThuenteLineSearch;
use argmin::solver::newton::NewtonCG;
use argmin::solver::quasinewton::LBFGS;
use argmin::solver::trustregion::{Steihaug, TrustRegion};
use autodiff::argmin::Problem;
use autodiff::differentiate;

/// Rosenbrock's function in n dimensions: its minimum is 0, at (1, …, 1).
#[differentiate]
fn rosenbrock(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        s += 100.0 * (x[i + 1] - x[i] * x[i]).powi(2) + (1.0 - x[i]).powi(2);
    }
    s
}

fn start() -> Vec<f64> {
    vec![-1.2, 1.0, -1.2, 1.0]
}

#[test]
fn lbfgs_converges_on_generated_gradients() {
    let problem = Problem::new(rosenbrock, rosenbrock_grad);
    let solver = LBFGS::new(MoreThuenteLineSearch::new(), 7);
    let result = Executor::new(problem, solver)
        .configure(|state| state.param(start()).max_iters(200))
        .run()
        .unwrap();
    let best = result.state().get_best_param().unwrap();
    assert!(best.iter().all(|v| (v - 1.0).abs() < 1e-6), "{best:?}");
    assert!(result.state().get_best_cost() < 1e-12);
}

/// Rosenbrock's gradient and Hessian in two dimensions, by hand.
fn rosenbrock_grad_by_hand(x: &[f64]) -> (f64, Vec<f64>) {
    let r = x[1] - x[0] * x[0];
    let g = vec![-400.0 * x[0] * r - 2.0 * (1.0 - x[0]), 200.0 * r];
    (rosenbrock(x), g)
}

fn rosenbrock_hvp_by_hand(x: &[f64], v: &[f64]) -> Vec<f64> {
    let (h00, h01) = (1200.0 * x[0] * x[0] - 400.0 * x[1] + 2.0, -400.0 * x[0]);
    vec![h00 * v[0] + h01 * v[1], h01 * v[0] + 200.0 * v[1]]
}

#[test]
fn trust_region_newton_cg_converges_on_hessian_vector_products() {
    // Steihaug's truncated conjugate gradient: the Hessian only as an operator.
    let problem = Problem::new(rosenbrock, rosenbrock_grad)
        .with_hvp(|x: &[f64], v: &[f64]| rosenbrock_hvp(x, v).2);
    let solver = TrustRegion::new(Steihaug::new().with_max_iters(20));
    let result = Executor::new(problem, solver)
        .configure(|state| state.param(start()).max_iters(100))
        .run()
        .unwrap();
    let best = result.state().get_best_param().unwrap();
    assert!(best.iter().all(|v| (v - 1.0).abs() < 1e-9), "{best:?}");
}

#[test]
fn line_search_newton_cg_takes_the_steps_of_the_exact_hessian() {
    // argmin's line-search `NewtonCG` approaches the minimum slowly on Rosenbrock whatever
    // the Hessian's source; what the generated derivatives must do is give it the
    // iterates the hand-written gradient and Hessian give.
    let run = |iters: u64, by_hand: bool| {
        let line_search = MoreThuenteLineSearch::new().with_c(1e-4, 0.9).unwrap();
        let solver = NewtonCG::new(line_search);
        let start = vec![-1.2, 1.0];
        fn best<H>(state: &IterState<Vec<f64>, Vec<f64>, (), H, (), f64>) -> (Vec<f64>, f64) {
            (
                state.get_best_param().unwrap().clone(),
                state.get_best_cost(),
            )
        }
        if by_hand {
            let problem =
                Problem::new(rosenbrock, rosenbrock_grad_by_hand).with_hvp(rosenbrock_hvp_by_hand);
            let result = Executor::new(problem, solver)
                .configure(|state| state.param(start).max_iters(iters))
                .run()
                .unwrap();
            best(result.state())
        } else {
            let problem = Problem::new(rosenbrock, rosenbrock_grad)
                .with_hvp(|x: &[f64], v: &[f64]| rosenbrock_hvp(x, v).2);
            let result = Executor::new(problem, solver)
                .configure(|state| state.param(start).max_iters(iters))
                .run()
                .unwrap();
            best(result.state())
        }
    };
    for iters in [5, 20, 100] {
        let (generated, cost) = run(iters, false);
        let (by_hand, cost_by_hand) = run(iters, true);
        let gap = generated
            .iter()
            .zip(&by_hand)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        assert!(
            gap < 1e-9,
            "after {iters} iterations: {generated:?} against {by_hand:?}"
        );
        assert!((cost - cost_by_hand).abs() <= 1e-9 * cost_by_hand.max(1e-12));
    }
    assert!(run(100, false).1 < 1e-4);
}

#[test]
fn the_hessian_operator_applies_the_hessian() {
    use argmin::core::Hessian;
    // 2-D: H = [[1200 x0² − 400 x1 + 2, −400 x0], [−400 x0, 200]].
    let problem = Problem::new(rosenbrock, rosenbrock_grad)
        .with_hvp(|x: &[f64], v: &[f64]| rosenbrock_hvp(x, v).2);
    let (x0, x1) = (0.5, -0.25);
    let h = problem.hessian(&vec![x0, x1]).unwrap();
    let col0 = h.apply(&[1.0, 0.0]);
    let col1 = h.apply(&[0.0, 1.0]);
    let expected = [
        [1200.0 * x0 * x0 - 400.0 * x1 + 2.0, -400.0 * x0],
        [-400.0 * x0, 200.0],
    ];
    assert!((col0[0] - expected[0][0]).abs() < 1e-9 && (col0[1] - expected[1][0]).abs() < 1e-9);
    assert!((col1[0] - expected[0][1]).abs() < 1e-9 && (col1[1] - expected[1][1]).abs() < 1e-9);
}

/// A quadratic bowl in `f32`, centred at (1, −2).
#[differentiate]
fn bowl(x: &[f32]) -> f32 {
    (x[0] - 1.0).powi(2) + 10.0 * (x[1] + 2.0).powi(2)
}

#[test]
fn lbfgs_in_f32() {
    let solver = LBFGS::new(MoreThuenteLineSearch::new(), 5);
    let result = Executor::new(Problem::new(bowl, bowl_grad), solver)
        .configure(|state| state.param(vec![0.0f32, 0.0]).max_iters(50))
        .run()
        .unwrap();
    let best = result.state().get_best_param().unwrap();
    assert!(
        (best[0] - 1.0).abs() < 1e-4 && (best[1] + 2.0).abs() < 1e-4,
        "{best:?}"
    );
}
