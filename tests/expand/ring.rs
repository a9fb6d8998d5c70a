// A ring's neighbours set by `if` expressions (`next`, `prev`) are recomputed in the
// reverse sweep as one `if` each, not pushed and popped; the state `x`, overwritten every
// step and read quadratically, is saved in bulk before each step's update.
#[differentiate(wrt(x0))]
fn ring(x0: &[f64], steps: usize) -> f64 {
    let n = x0.len();
    let mut x = x0.to_vec();
    let mut dx = vec![0.0; n];
    let mut cost = 0.0;
    for _ in 0..steps {
        for i in 0..n {
            let next = if i + 1 == n { 0 } else { i + 1 };
            let prev = if i == 0 { n - 1 } else { i - 1 };
            dx[i] = x[next] * x[prev] - x[i];
        }
        for i in 0..n {
            x[i] += 0.01 * dx[i];
            cost += x[i] * x[i];
        }
    }
    cost
}
