//! Rosenbrock's function minimised by argmin's solvers on generated derivatives alone:
//! L-BFGS on `rosenbrock_grad`, and trust-region Newton-CG (Steihaug) on
//! `rosenbrock_hvp`, whose Hessian is applied to vectors and never formed.
//!
//! `cargo run --release --features argmin --example argmin_rosenbrock`

use argmin::core::{Executor, State};
use argmin::solver::linesearch::MoreThuenteLineSearch;
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

fn main() -> Result<(), argmin::core::Error> {
    let start = vec![0.0; 10];

    let lbfgs = LBFGS::new(MoreThuenteLineSearch::new(), 7);
    let result = Executor::new(Problem::new(rosenbrock, rosenbrock_grad), lbfgs)
        .configure(|state| state.param(start.clone()).max_iters(500))
        .run()?;
    report("L-BFGS (rosenbrock_grad)", result.state());

    let problem = Problem::new(rosenbrock, rosenbrock_grad)
        .with_hvp(|x: &[f64], v: &[f64]| rosenbrock_hvp(x, v).2);
    // argmin's trust region has no stopping test of its own: it runs its 60 iterations.
    let newton = TrustRegion::new(Steihaug::new().with_max_iters(50));
    let result = Executor::new(problem, newton)
        .configure(|state| state.param(start).max_iters(60))
        .run()?;
    report("trust-region Newton-CG (rosenbrock_hvp)", result.state());
    Ok(())
}

fn report<S: State<Param = Vec<f64>, Float = f64>>(solver: &str, state: &S) {
    let best = state
        .get_best_param()
        .expect("a solver run has a best point");
    let distance = best.iter().map(|v| (v - 1.0).powi(2)).sum::<f64>().sqrt();
    println!(
        "{solver}: {} iterations, f = {:.3e}, |x − 1| = {distance:.3e}",
        state.get_iter(),
        state.get_best_cost(),
    );
}
