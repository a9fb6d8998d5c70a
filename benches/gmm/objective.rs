//! The ADBench Gaussian mixture model objective (github.com/microsoft/ADBench, MIT licence),
//! written as plain indexed Rust under `#[differentiate]`, with a reader for ADBench's GMM
//! input files. Shared by `benches/gmm.rs` (`#[path = "gmm/objective.rs"] mod objective;`)
//! and `tests/adbench_gmm.rs` (`#[path = "../benches/gmm/objective.rs"] mod gmm;`); it sits
//! in a subfolder so that Cargo does not take it for a bench target of its own.
//!
//! It follows ADBench's reference C++ (`src/cpp/shared/gmm.h`) statement by statement:
//!
//! ```text
//! err = CONSTANT + Σ_i logsumexp_k(α_k + Σ_j q_kj − ½‖Q_k (x_i − μ_k)‖²)
//!       − n · logsumexp_k(α_k) + log_wishart_prior
//! CONSTANT = −n·d·½·ln(2π)
//! Q_k      = lower triangular, diagonal exp(q_k), strictly-lower part from icf column by column
//! log_wishart_prior = Σ_k (½γ²‖Q_k‖²_F − m Σ_j q_kj) − K·C,
//! C = N·d·(ln γ − ½ ln 2) − ln Γ_d(N/2),  N = d + m + 1 (an integer, like ADBench's `int m`)
//! ```
// The differentiable subset indexes in loops (no iterator chains); each user uses part of it.
#![allow(dead_code, clippy::needless_range_loop)]

use autodiff::differentiate;

/// `log(Σ exp(x_i))`, shifted by the maximum like ADBench's `logsumexp`.
#[differentiate]
pub fn logsumexp(x: &[f64]) -> f64 {
    let mut mx = x[0];
    for i in 1..x.len() {
        if x[i] > mx {
            mx = x[i];
        }
    }
    let mut semx = 0.0;
    for i in 0..x.len() {
        semx += (x[i] - mx).exp();
    }
    semx.ln() + mx
}

/// The negative log-likelihood-like ADBench GMM objective (see the module documentation).
/// `alphas`: K, `means`: K·d, `icf`: K·d(d+1)/2, `x`: n·d, all row-major.
#[differentiate(wrt(alphas, means, icf))]
#[allow(clippy::too_many_arguments)]
pub fn gmm_objective(
    d: usize,
    k: usize,
    n: usize,
    alphas: &[f64],
    means: &[f64],
    icf: &[f64],
    x: &[f64],
    wishart_gamma: f64,
    wishart_m: usize,
) -> f64 {
    let icf_sz = d * (d + 1) / 2;
    let constant = -((n * d) as f64) * 0.5 * (2.0 * std::f64::consts::PI).ln();

    // preprocess_qs: the diagonals exp(q) and the sums of the q (log-determinants).
    let mut qdiags = vec![0.0; d * k];
    let mut sum_qs = vec![0.0; k];
    for ik in 0..k {
        for id in 0..d {
            let q = icf[ik * icf_sz + id];
            sum_qs[ik] += q;
            qdiags[ik * d + id] = q.exp();
        }
    }

    let mut xcentered = vec![0.0; d];
    let mut qxcentered = vec![0.0; d];
    let mut main_term = vec![0.0; k];
    let mut slse = 0.0;
    for ix in 0..n {
        for ik in 0..k {
            // subtract
            for id in 0..d {
                xcentered[id] = x[ix * d + id] - means[ik * d + id];
            }
            // Qtimesx: the diagonal, then the strictly-lower part column by column.
            for id in 0..d {
                qxcentered[id] = qdiags[ik * d + id] * xcentered[id];
            }
            let mut lparamsidx = 0;
            for i in 0..d {
                for j in i + 1..d {
                    qxcentered[j] += icf[ik * icf_sz + d + lparamsidx] * xcentered[i];
                    lparamsidx += 1;
                }
            }
            // sqnorm
            let mut sqnorm = 0.0;
            for id in 0..d {
                sqnorm += qxcentered[id] * qxcentered[id];
            }
            main_term[ik] = alphas[ik] + sum_qs[ik] - 0.5 * sqnorm;
        }
        slse += logsumexp(&main_term);
    }
    let lse_alphas = logsumexp(alphas);

    // log_wishart_prior
    let big_n = d + wishart_m + 1;
    let c = ((big_n * d) as f64) * (wishart_gamma.ln() - 0.5 * 2.0_f64.ln())
        - log_gamma_distrib_half(big_n, d);
    let mut prior = 0.0;
    for ik in 0..k {
        let mut frobenius = 0.0;
        for id in 0..d {
            frobenius += qdiags[ik * d + id] * qdiags[ik * d + id];
        }
        for id in d..icf_sz {
            frobenius += icf[ik * icf_sz + id] * icf[ik * icf_sz + id];
        }
        prior += 0.5 * wishart_gamma * wishart_gamma * frobenius - (wishart_m as f64) * sum_qs[ik];
    }
    prior -= (k as f64) * c;

    constant + slse - (n as f64) * lse_alphas + prior
}

/// ADBench's `log_gamma_distrib(0.5·n2, p)` = ln Γ_p(n2/2) = ¼p(p−1) ln π + Σ_{j=1..p}
/// ln Γ((n2 + 1 − j)/2). Only integer arguments, so it is a constant to `#[differentiate]`,
/// and the half-integer ln Γ values are exact sums of logarithms (no `lgamma` in `std`).
pub fn log_gamma_distrib_half(n2: usize, p: usize) -> f64 {
    let mut out = 0.25 * (p * (p - 1)) as f64 * std::f64::consts::PI.ln();
    for j in 1..=p {
        out += ln_gamma_half(n2 + 1 - j);
    }
    out
}

/// ln Γ(m/2) for an integer m ≥ 1: Γ(1) = 1, Γ(½) = √π and Γ(z + 1) = z Γ(z).
pub fn ln_gamma_half(m: usize) -> f64 {
    assert!(m >= 1, "ln Γ(0) is infinite");
    let (mut z, mut out) = if m & 1 == 0 {
        (1.0, 0.0)
    } else {
        (0.5, 0.5 * std::f64::consts::PI.ln())
    };
    while z + 0.5 < 0.5 * m as f64 {
        out += z.ln();
        z += 1.0;
    }
    out
}

/// One ADBench GMM input.
#[derive(Clone, Debug)]
pub struct GmmInput {
    pub d: usize,
    pub k: usize,
    pub n: usize,
    pub alphas: Vec<f64>,
    pub means: Vec<f64>,
    pub icf: Vec<f64>,
    pub x: Vec<f64>,
    pub gamma: f64,
    pub m: usize,
}

impl GmmInput {
    /// Reads ADBench's text format: `d k n`, K alphas, K·d means, K·d(d+1)/2 icf, n·d
    /// points, then `gamma m`.
    pub fn parse(text: &str) -> GmmInput {
        let mut it = text.split_whitespace();
        let mut int = || {
            it.next()
                .expect("truncated GMM file")
                .parse::<usize>()
                .expect("integer")
        };
        let (d, k, n) = (int(), int(), int());
        let mut it = text.split_whitespace().skip(3);
        let mut take = |len: usize| -> Vec<f64> {
            (0..len)
                .map(|_| {
                    it.next()
                        .expect("truncated GMM file")
                        .parse::<f64>()
                        .expect("number")
                })
                .collect()
        };
        let alphas = take(k);
        let means = take(k * d);
        let icf = take(k * d * (d + 1) / 2);
        let x = take(n * d);
        let wishart = take(2);
        GmmInput {
            d,
            k,
            n,
            alphas,
            means,
            icf,
            x,
            gamma: wishart[0],
            m: wishart[1] as usize,
        }
    }

    pub fn read(path: &str) -> GmmInput {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        GmmInput::parse(&text)
    }

    pub fn objective(&self) -> f64 {
        gmm_objective(
            self.d,
            self.k,
            self.n,
            &self.alphas,
            &self.means,
            &self.icf,
            &self.x,
            self.gamma,
            self.m,
        )
    }

    /// The objective and its gradient, concatenated as ADBench orders it: alphas, means, icf.
    pub fn gradient(&self) -> (f64, Vec<f64>) {
        let (f, ga, gm, gi) = gmm_objective_grad(
            self.d,
            self.k,
            self.n,
            &self.alphas,
            &self.means,
            &self.icf,
            &self.x,
            self.gamma,
            self.m,
        );
        (f, [ga, gm, gi].concat())
    }
}
