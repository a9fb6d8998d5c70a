//! `gmm`: GradBench's Gaussian mixture log posterior (ADBench's GMM objective with the
//! Wishart prior's sign fixed), followed statement by statement from
//! `cpp/gradbench/evals/gmm.hpp`; `jacobian` is `gmm_objective_grad`.
//!
//! ```text
//! F = −½nd·ln 2π + Σᵢ lse_k(α_k + Σⱼ q_kj − ½‖Q_k (xᵢ − μ_k)‖²) − n·lse(α)
//!     − Σ_k (½γ²‖Q_k‖²_F − m Σⱼ q_kj) + K·C
//! Q_k = lower triangular: diagonal exp(q_k), strictly-lower part l_k column by column
//! C   = Nd(ln γ − ½ ln 2) − ln Γ_d(N/2),  N = d + m + 1
//! ```

use super::lse::lse;
use super::{float, int, matrix, rows_json, timed, unknown, vector, Evaluated, Runs};
use autodiff::differentiate;
use serde_json::{json, Value};

/// The log posterior. `alpha`: k, `mu` and `q`: k·d, `l`: k·d(d−1)/2, `x`: n·d, row-major.
#[differentiate(wrt(alpha, mu, q, l))]
// Index loops over several arrays at once, as the C++ writes them.
#[allow(clippy::too_many_arguments, clippy::needless_range_loop)]
pub fn gmm_objective(
    d: usize,
    k: usize,
    n: usize,
    alpha: &[f64],
    mu: &[f64],
    q: &[f64],
    l: &[f64],
    x: &[f64],
    gamma: f64,
    m: usize,
) -> f64 {
    let l_sz = d * (d - 1) / 2;
    let constant = -((n * d) as f64) * 0.5 * (2.0 * std::f64::consts::PI).ln();

    let mut qdiags = vec![0.0; k * d];
    let mut sum_qs = vec![0.0; k];
    for ik in 0..k {
        for id in 0..d {
            qdiags[ik * d + id] = q[ik * d + id].exp();
            sum_qs[ik] += q[ik * d + id];
        }
    }

    let mut xcentered = vec![0.0; d];
    let mut qxcentered = vec![0.0; d];
    let mut main_term = vec![0.0; k];
    let mut slse = 0.0;
    for ix in 0..n {
        for ik in 0..k {
            for id in 0..d {
                xcentered[id] = x[ix * d + id] - mu[ik * d + id];
            }
            // Q_k (x − μ_k): the diagonal, then the strictly-lower part column by column.
            for id in 0..d {
                qxcentered[id] = qdiags[ik * d + id] * xcentered[id];
            }
            let mut li = 0;
            for i in 0..d {
                for j in i + 1..d {
                    qxcentered[j] += l[ik * l_sz + li] * xcentered[i];
                    li += 1;
                }
            }
            let sqnorm: f64 = qxcentered.iter().map(|v| v * v).sum();
            main_term[ik] = alpha[ik] + sum_qs[ik] - 0.5 * sqnorm;
        }
        slse += lse(&main_term);
    }
    let lse_alpha = lse(alpha);

    // The log Wishart prior.
    let big_n = d + m + 1;
    let c =
        (big_n * d) as f64 * (gamma.ln() - 0.5 * 2.0_f64.ln()) - log_gamma_distrib_half(big_n, d);
    let mut prior = 0.0;
    for ik in 0..k {
        let mut frobenius = 0.0;
        for id in 0..d {
            frobenius += qdiags[ik * d + id] * qdiags[ik * d + id];
        }
        for il in 0..l_sz {
            frobenius += l[ik * l_sz + il] * l[ik * l_sz + il];
        }
        prior += 0.5 * gamma * gamma * frobenius - m as f64 * sum_qs[ik];
    }

    constant + slse - n as f64 * lse_alpha - prior + k as f64 * c
}

/// ln Γ_p(n2/2) = ¼p(p−1) ln π + Σ_{j=1..p} ln Γ((n2 + 1 − j)/2), the C++'s
/// `log_gamma_distrib(0.5 * n2, p)`. Integer arguments only: a constant of the objective.
pub fn log_gamma_distrib_half(n2: usize, p: usize) -> f64 {
    let mut out = 0.25 * (p * (p - 1)) as f64 * std::f64::consts::PI.ln();
    for j in 1..=p {
        out += ln_gamma_half(n2 + 1 - j);
    }
    out
}

/// ln Γ(m/2) for an integer m ≥ 1, from Γ(1) = 1, Γ(½) = √π and Γ(z + 1) = z Γ(z) (`std`
/// has no `lgamma`).
pub fn ln_gamma_half(m: usize) -> f64 {
    assert!(m >= 1, "ln Γ(0) is infinite");
    let (mut z, mut out) = if m.is_multiple_of(2) {
        (1.0, 0.0)
    } else {
        (0.5, 0.5 * std::f64::consts::PI.ln())
    };
    while z + 0.5 < 0.5 * m as f64 {
        out += f64::ln(z);
        z += 1.0;
    }
    out
}

struct Input {
    d: usize,
    k: usize,
    n: usize,
    alpha: Vec<f64>,
    mu: Vec<f64>,
    q: Vec<f64>,
    l: Vec<f64>,
    x: Vec<f64>,
    gamma: f64,
    m: usize,
}

fn decode(input: &Value) -> Result<Input, String> {
    let (d, k, n) = (int(input, "d")?, int(input, "k")?, int(input, "n")?);
    let alpha = vector(input, "alpha")?;
    let mu = matrix(input, "mu", k, d)?;
    let q = matrix(input, "q", k, d)?;
    let l = matrix(input, "l", k, d * (d.max(1) - 1) / 2)?;
    let x = matrix(input, "x", n, d)?;
    if alpha.len() != k {
        return Err(format!("`alpha` has {} entries, not k = {k}", alpha.len()));
    }
    Ok(Input {
        d,
        k,
        n,
        alpha,
        mu,
        q,
        l,
        x,
        gamma: float(input, "gamma")?,
        m: int(input, "m")?,
    })
}

pub fn evaluate(function: &str, input: &Value) -> Evaluated {
    let p = decode(input)?;
    let runs = Runs::of(input);
    match function {
        "objective" => {
            let (y, nanos) = timed(runs, || {
                gmm_objective(
                    p.d, p.k, p.n, &p.alpha, &p.mu, &p.q, &p.l, &p.x, p.gamma, p.m,
                )
            });
            Ok((json!(y), nanos))
        }
        "jacobian" => {
            let ((_, alpha, mu, q, l), nanos) = timed(runs, || {
                gmm_objective_grad(
                    p.d, p.k, p.n, &p.alpha, &p.mu, &p.q, &p.l, &p.x, p.gamma, p.m,
                )
            });
            let l_sz = p.d * (p.d - 1) / 2;
            let output = json!({
                "alpha": alpha,
                "mu": rows_json(&mu, p.k, p.d),
                "q": rows_json(&q, p.k, p.d),
                "l": rows_json(&l, p.k, l_sz),
            });
            Ok((output, nanos))
        }
        _ => Err(unknown("gmm", function)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evals::test_support::assert_gradient;

    #[test]
    fn gradient_matches_central_differences() {
        let (d, k, n) = (3, 2, 4);
        let alpha = [0.2, -0.5];
        let mu = [0.1, 0.4, -0.3, -0.6, 0.2, 0.5];
        let q = [0.1, -0.2, 0.3, 0.05, 0.15, -0.1];
        let l = [0.3, -0.2, 0.1, -0.4, 0.25, 0.2];
        let x = [
            0.5, -0.1, 0.2, -0.3, 0.6, 0.1, 0.9, 0.0, -0.4, -0.2, -0.5, 0.3,
        ];
        let (gamma, m) = (1.3, 2);
        let (_, ga, gm, gq, gl) = gmm_objective_grad(d, k, n, &alpha, &mu, &q, &l, &x, gamma, m);
        let all = [alpha.to_vec(), mu.to_vec(), q.to_vec(), l.to_vec()].concat();
        let grad = [ga, gm, gq, gl].concat();
        let f = |p: &[f64]| {
            gmm_objective(
                d,
                k,
                n,
                &p[..2],
                &p[2..8],
                &p[8..14],
                &p[14..],
                &x,
                gamma,
                m,
            )
        };
        assert_gradient(f, &all, &grad, 1e-6);
    }

    #[test]
    fn multivariate_gamma_at_half_integers() {
        // ln Γ(5/2) = ln(3√π/4); ln Γ(3) = ln 2.
        let pi = std::f64::consts::PI;
        assert!((ln_gamma_half(5) - (0.75 * pi.sqrt()).ln()).abs() < 1e-14);
        assert!((ln_gamma_half(6) - 2.0_f64.ln()).abs() < 1e-14);
    }
}
