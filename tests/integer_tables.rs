//! Tables of integers beside floats, as filter banks, index maps and windows hold them: a
//! field of indices whose entries are bound to names (`let a = self.idx[0];`), a sequence
//! of tuples of integers walked with a pattern (`for (f, (start, _, end)) in
//! bins.iter().enumerate()`), a range walked with `enumerate`, an entry of a row read with
//! `get` (`if let Some(&w) = self.weights[f].get(i)`), and a `&mut self` method with an
//! array result (a mel filter bank's). The macro cannot see these types; each derivative
//! is checked against central differences, the other mode, or a closed form.

#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::{differentiate, Differentiable};
use common::{assert_close, assert_grad};

// --- A window given by a field of indices. ---

#[derive(Clone, Debug, Differentiable)]
pub struct Window {
    pub idx: [usize; 2],
    pub w: Vec<f64>,
}

impl Window {
    /// `Σ_{k=a..=b} x_k w_k` with `a`, `b` read from the field of indices.
    #[differentiate]
    pub fn weighted(&self, x: &[f64]) -> f64 {
        let a = self.idx[0];
        let b = self.idx[1];
        let mut s = 0.0;
        for k in a..=b {
            s += x[k] * self.w[k] * x[k];
        }
        s
    }
}

#[test]
fn a_field_of_indices_bound_to_names() {
    let win = Window {
        idx: [1, 2],
        w: vec![0.5, 2.0, 3.0],
    };
    let x = [1.0, 1.5, -1.0];
    let (s, bar, x_bar) = win.weighted_grad(&x);
    // s = w₁ x₁² + w₂ x₂²: ∂s/∂x_k = 2 w_k x_k, ∂s/∂w_k = x_k² on the window, 0 outside.
    assert_close(&[s], &[2.0 * 2.25 + 3.0]);
    assert_close(&x_bar, &[0.0, 6.0, -6.0]);
    assert_close(&bar.w, &[0.0, 2.25, 1.0]);
    assert!(win.weighted_gradcheck(&x).is_ok());
}

// --- A filter bank: tuples of bins, rows of weights, a range walked with `enumerate`. ---

/// A triangular filter bank as mel-spectrum code writes it, over a slice of bins.
#[differentiate(wrt(weights, spectrum))]
fn bank_energy(bins: &[(usize, usize, usize)], weights: &[Vec<f64>], spectrum: &[f64]) -> f64 {
    let mut total = 0.0;
    for (f, (start, _, end)) in bins.iter().enumerate() {
        let mut energy = 0.0;
        for (i, bin) in (*start..=(*end).min(spectrum.len().saturating_sub(1))).enumerate() {
            if let Some(&w) = weights[f].get(i) {
                energy += spectrum[bin] * w;
            }
        }
        total += energy * energy;
    }
    total
}

#[derive(Clone, Debug, Differentiable)]
pub struct Bank {
    pub bins: [(usize, usize, usize); 2],
    pub weights: Vec<Vec<f64>>,
    pub energies: [f64; 2],
    pub gain: f64,
}

impl Bank {
    /// The same over the struct's own fields.
    #[differentiate]
    pub fn energy(&self, spectrum: &[f64]) -> f64 {
        let mut total = 0.0;
        for (f, (start, _, end)) in self.bins.iter().enumerate() {
            let mut energy = 0.0;
            for (i, bin) in (*start..=(*end).min(spectrum.len().saturating_sub(1))).enumerate() {
                if let Some(&w) = self.weights[f].get(i) {
                    energy += spectrum[bin] * w;
                }
            }
            total += energy * energy;
        }
        total * self.gain
    }

    /// A `&mut self` step keeping the energies, with an array result (two log energies).
    #[differentiate]
    pub fn compute(&mut self, spectrum: &[f64]) -> [f64; 2] {
        for (f, &(start, _, end)) in self.bins.iter().enumerate() {
            let mut energy = 0.0;
            for (i, bin) in (start..=end).enumerate() {
                energy += spectrum[bin] * self.weights[f][i];
            }
            self.energies[f] = energy;
        }
        let mut out = [0.0; 2];
        for (k, value) in out.iter_mut().enumerate() {
            *value = (self.energies[k] + 1e-3).ln() * self.gain;
        }
        out
    }
}

fn bank() -> Bank {
    Bank {
        bins: [(0, 1, 2), (1, 2, 3)],
        weights: vec![vec![0.5, 1.0, 0.5], vec![0.2, 1.0, 0.3]],
        energies: [0.0; 2],
        gain: 1.5,
    }
}

const SPECTRUM: [f64; 4] = [1.0, 2.0, 3.0, 4.0];

#[test]
fn a_filter_bank_of_integer_bins() {
    let b = bank();
    // e₀ = 1·0.5 + 2·1 + 3·0.5 = 4, e₁ = 2·0.2 + 3·1 + 4·0.3 = 4.6; E = e₀² + e₁².
    let (total, w_bar, s_bar) = bank_energy_grad(&b.bins, &b.weights, &SPECTRUM);
    assert_close(&[total], &[16.0 + 4.6 * 4.6]);
    // ∂E/∂s_bin = Σ_f 2 e_f w_f[bin − start_f]; ∂E/∂w_f[i] = 2 e_f s[start_f + i].
    assert_close(&s_bar, &[4.0, 8.0 + 1.84, 4.0 + 9.2, 2.76]);
    assert_close(&w_bar[0], &[8.0, 16.0, 24.0]);
    assert_close(&w_bar[1], &[18.4, 27.6, 36.8]);
    // The same through the struct's fields, against central differences.
    let (total2, bar, s_bar2) = b.energy_grad(&SPECTRUM);
    assert_close(&[total2], &[1.5 * total]);
    assert_close(&s_bar2, &s_bar.iter().map(|g| 1.5 * g).collect::<Vec<_>>());
    assert_close(&bar.weights[1], &[1.5 * 18.4, 1.5 * 27.6, 1.5 * 36.8]);
    assert!(b.energy_gradcheck(&SPECTRUM).is_ok());
    // Past the spectrum's end, `min` and `get` cut the window.
    let short = [1.0, 2.0, 3.0];
    let (_, _, s_bar) = bank_energy_grad(&b.bins, &b.weights, &short);
    let e = [4.0, 2.0 * 0.2 + 3.0];
    assert_close(
        &s_bar,
        &[
            2.0 * e[0] * 0.5,
            2.0 * e[0] + 2.0 * e[1] * 0.2,
            2.0 * e[0] * 0.5 + 2.0 * e[1],
        ],
    );
}

#[test]
fn a_step_with_an_array_result() {
    let like = bank();
    let seed = [0.7, -1.2];
    let mut state_bar = like.zero_like();
    state_bar.energies = [0.3, 0.4];
    let mut b = bank();
    let (out, s_bar) = b.compute_vjp(&SPECTRUM, seed, &mut state_bar);
    let mut plain = bank();
    assert_eq!(plain.compute(&SPECTRUM), out);
    assert_eq!(b.energies, plain.energies);
    // ⟨seed, out⟩ + ⟨energies̄, energies after⟩ as a function of the spectrum and the gain.
    let loss = |v: &[f64]| {
        let mut b = bank();
        b.gain = v[4];
        let out = b.compute(&v[..4]);
        seed[0] * out[0] + seed[1] * out[1] + 0.3 * b.energies[0] + 0.4 * b.energies[1]
    };
    let mut grad = s_bar.clone();
    grad.push(state_bar.gain);
    let mut at = SPECTRUM.to_vec();
    at.push(like.gain);
    assert_grad(loss, &at, &grad);
    // ⟨w, J v⟩ = ⟨Jᵀ w, v⟩ through `_jvp`.
    let direction = [0.3, -0.2, 0.5, 0.1];
    let mut b = bank();
    let mut dot = like.zero_like();
    dot.gain = -0.6;
    let (_, out_dot) = b.compute_jvp(&SPECTRUM, &mut dot, &direction);
    let lhs =
        seed[0] * out_dot[0] + seed[1] * out_dot[1] + 0.3 * dot.energies[0] + 0.4 * dot.energies[1];
    let rhs: f64 = s_bar
        .iter()
        .zip(&direction)
        .map(|(a, b)| a * b)
        .sum::<f64>()
        + state_bar.gain * -0.6;
    assert!((lhs - rhs).abs() < 1e-12, "{lhs} against {rhs}");
}
