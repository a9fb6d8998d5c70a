//! Tables of integers beside floats, as filter banks, index maps and windows hold them: a
//! field of indices whose entries are bound to names (`let a = self.idx[0];`), a sequence
//! of tuples of integers walked with a pattern (`for (f, (start, _, end)) in
//! bins.iter().enumerate()`), a range walked with `enumerate`, an entry of a row read with
//! `get` (`if let Some(&w) = self.weights[f].get(i)`), a `&mut self` method with an
//! array result (a mel filter bank's), and tuples mixing integers with floats (a sparse
//! row `&[(usize, f64)]`, a tour of `(id, x, y)` nodes taken apart by `let`). The macro cannot see these types; each derivative
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

// --- Tuples mixing integers with floats. ---

/// A sparse row's weighted squares: `Σ v x_j²` over its `(j, v)` entries.
#[differentiate]
fn sparse_squares(row: &[(usize, f64)], x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &(j, v) in row {
        s += v * x[j] * x[j];
    }
    s
}

/// The same, each entry taken apart by `let`.
#[differentiate]
fn sparse_dot(row: &[(usize, f64)], x: &[f64]) -> f64 {
    let mut s = 0.0;
    for k in 0..row.len() {
        let (j, v) = row[k];
        s += v * x[j];
    }
    s
}

#[test]
fn a_sparse_row_of_indices_and_weights() {
    let row = vec![(0, 2.0), (2, -1.0)];
    let x = [1.0, 5.0, 3.0];
    let (s, row_bar, x_bar) = sparse_squares_grad(&row, &x);
    // s = 2·1² − 3² = −7; ∂s/∂v = x_j², ∂s/∂x_j = 2 v x_j; the indices keep their values.
    assert_close(&[s], &[-7.0]);
    assert_eq!(row_bar, vec![(0, 1.0), (2, 9.0)]);
    assert_close(&x_bar, &[4.0, 0.0, -6.0]);
    assert!(sparse_squares_gradcheck(&row, &x).is_ok());
    let (s, row_bar, x_bar) = sparse_dot_grad(&row, &x);
    assert_close(&[s], &[-1.0]);
    assert_eq!(row_bar, vec![(0, 1.0), (2, 3.0)]);
    assert_close(&x_bar, &[2.0, 0.0, -1.0]);
}

/// A closed tour through `(id, x, y)` nodes, as a route's struct holds them.
#[derive(Clone, Debug, PartialEq, Differentiable)]
pub struct Tour {
    pub nodes: Vec<(usize, f64, f64)>,
}

impl Tour {
    #[differentiate]
    pub fn length(&self) -> f64 {
        let mut len = 0.0;
        for i in 0..(self.nodes.len() - 1) {
            let (_, x1, y1) = self.nodes[i];
            let (_, x2, y2) = self.nodes[i + 1];
            len += ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).sqrt();
        }
        let (_, x1, y1) = self.nodes[self.nodes.len() - 1];
        let (_, x2, y2) = self.nodes[0];
        len + ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).sqrt()
    }
}

#[test]
fn a_tour_of_nodes_with_ids() {
    // A 3-4-5 triangle: the perimeter is 12; each node's gradient is the sum of the unit
    // vectors from its two neighbours towards it.
    let tour = Tour {
        nodes: vec![(7, 0.0, 0.0), (3, 3.0, 0.0), (9, 3.0, 4.0)],
    };
    let (len, bar) = tour.length_grad();
    assert_close(&[len], &[12.0]);
    // Node (0, 0): unit vectors towards it from (3, 0) and from (3, 4): (−1, 0) + (−0.6,
    // −0.8). Node (3, 0): (1, 0) + (0, −1). Node (3, 4): (0, 1) + (0.6, 0.8).
    let flat: Vec<f64> = bar.nodes.iter().flat_map(|&(_, x, y)| [x, y]).collect();
    assert_close(&flat, &[-1.6, -0.8, 1.0, -1.0, 0.6, 1.8]);
    assert_eq!(
        bar.nodes.iter().map(|n| n.0).collect::<Vec<_>>(),
        vec![7, 3, 9]
    );
    assert!(tour.length_gradcheck().is_ok());
}

/// A weight beside an index, by value and by reference.
#[differentiate]
fn weighted_pick(x: f64, p: (f64, usize)) -> f64 {
    x * p.0 + p.1 as f64
}

#[differentiate]
fn indexed_weight(x: &[f64], p: &(usize, f64)) -> f64 {
    x[p.0] * p.1 * p.1
}

#[test]
fn tuples_of_a_weight_and_an_index() {
    // x p₀ + p₁: ∂/∂x = p₀, ∂/∂p₀ = x; the index keeps its value in the cotangent.
    let (v, x_bar, p_bar) = weighted_pick_grad(2.0, &(3.0, 4));
    assert_close(&[v, x_bar, p_bar.0], &[10.0, 3.0, 2.0]);
    assert_eq!(p_bar.1, 4);
    assert!(weighted_pick_gradcheck(2.0, &(3.0, 4)).is_ok());
    // x[j] w²: ∂/∂x_j = w², ∂/∂w = 2 x_j w.
    let (v, x_bar, p_bar) = indexed_weight_grad(&[1.0, 2.0], &(1, 3.0));
    assert_close(&[v, p_bar.1], &[18.0, 12.0]);
    assert_close(&x_bar, &[0.0, 9.0]);
    assert_eq!(p_bar.0, 1);
}

// --- Fields of tuples and indices as their uses show them (a review's cases). ---

/// An FIR filter whose taps are bound to a name that a later loop binds again as an index:
/// the taps stay floats.
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Fir {
    pub taps: Vec<f64>,
}

impl Fir {
    #[differentiate]
    pub fn apply(&self, x: &[f64]) -> f64 {
        let mut y = 0.0;
        for i in 0..self.taps.len() {
            let k = self.taps[i];
            y += k * x[i];
        }
        for k in 0..x.len() {
            y += 0.1 * x[k];
        }
        y
    }
}

#[test]
fn a_name_bound_again_as_an_index_keeps_the_taps_floats() {
    let fir = Fir {
        taps: vec![0.5, -1.0],
    };
    let (y, bar, x_bar) = fir.apply_grad(&[2.0, 3.0]);
    // y = Σ k_i x_i + 0.1 Σ x_i: ∂y/∂k_i = x_i, ∂y/∂x_i = k_i + 0.1.
    assert_close(&[y], &[-1.5]);
    assert_close(&bar.taps, &[2.0, 3.0]);
    assert_close(&x_bar, &[0.6, -0.9]);
    assert!(fir.apply_gradcheck(&[2.0, 3.0]).is_ok());
}

/// Points in a field, taken apart at an index computed once (a stack's `pop`), at an index
/// the pattern binds again, and walked with patterns (floats, and an integer beside one).
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Points {
    pub pts: Vec<(f64, f64)>,
    pub edges: Vec<(usize, usize)>,
    pub row: Vec<(usize, f64)>,
    pub c: f64,
}

impl Points {
    #[differentiate]
    pub fn visit(&self, order: &[usize]) -> f64 {
        let mut stack: Vec<usize> = order.to_vec();
        let mut s = 0.0;
        while !stack.is_empty() {
            let (x, y) = self.pts[stack.pop().unwrap()];
            s += x * y;
        }
        s
    }

    #[differentiate]
    pub fn pick(&self, x: &[f64], k: usize) -> f64 {
        let (k, j) = self.edges[k];
        self.pts[k].0 * x[j]
    }

    #[differentiate]
    pub fn spread(&self, x: &[f64]) -> f64 {
        let mut s = 0.0;
        for &(px, py) in self.pts.iter() {
            s += (px - self.c) * (px - self.c) + py * py;
        }
        for &(j, w) in &self.row {
            s += w * x[j] * x[j];
        }
        s
    }
}

fn points() -> Points {
    Points {
        pts: vec![(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)],
        edges: vec![(2, 1), (0, 2)],
        row: vec![(1, 0.5), (0, 2.0)],
        c: 0.7,
    }
}

#[test]
fn tuples_of_a_field_read_as_their_uses_show() {
    let p = points();
    // Σ x y over every point: ∂/∂x = y, ∂/∂y = x.
    let (v, bar) = p.visit_grad(&[0, 1, 2]);
    assert_eq!(v, p.visit(&[0, 1, 2]));
    assert_close(&[v], &[2.0 + 12.0 + 30.0]);
    assert_eq!(bar.pts, vec![(2.0, 1.0), (4.0, 3.0), (6.0, 5.0)]);
    // Edge 0 is (2, 1): pts[2].0 · x[1].
    let x = [0.3, -1.1, 2.0];
    let (v, bar, x_bar) = p.pick_grad(&x, 0);
    assert_close(&[v], &[5.0 * -1.1]);
    assert_eq!(bar.pts[2].0, -1.1);
    assert_close(&x_bar, &[0.0, 5.0, 0.0]);
    // Σ (px − c)² + py² + Σ w x_j²: ∂/∂c = −2 Σ (px − c), ∂/∂w = x_j², ∂/∂x_j = 2 w x_j.
    let (v, bar, x_bar) = p.spread_grad(&x);
    assert_eq!(v, p.spread(&x));
    assert_close(&[bar.c], &[-2.0 * (0.3 + 2.3 + 4.3)]);
    assert_eq!(bar.row, vec![(1, 1.1 * 1.1), (0, 0.09)]);
    assert_close(&x_bar, &[2.0 * 2.0 * 0.3, 2.0 * 0.5 * -1.1, 0.0]);
    assert!(p.spread_gradcheck(&x).is_ok());
}

/// A route of `(id, x, y)` nodes whose id indexes a cost table.
#[derive(Differentiable, Clone, Debug, PartialEq)]
pub struct Route {
    pub nodes: Vec<(usize, f64, f64)>,
    pub cost: Vec<f64>,
}

impl Route {
    #[differentiate]
    pub fn score(&self) -> f64 {
        let mut s = 0.0;
        for i in 0..self.nodes.len() {
            let (id, x, y) = self.nodes[i];
            s += x * y * self.cost[id];
        }
        s
    }
}

#[test]
fn a_named_id_indexes_a_table() {
    let r = Route {
        nodes: vec![(1, 0.1, 0.4), (0, 2.0, 3.0)],
        cost: vec![1.0, 5.0],
    };
    let (s, bar) = r.score_grad();
    assert_close(&[s], &[0.04 * 5.0 + 6.0]);
    assert_eq!(bar.nodes[0].0, 1);
    assert_close(&[bar.nodes[0].1, bar.nodes[0].2], &[0.4 * 5.0, 0.1 * 5.0]);
    assert_close(&bar.cost, &[6.0, 0.04]);
    assert!(r.score_gradcheck().is_ok());
}

// --- A second review's cases: parts of a field's tuples used as integers in one place and
// read as floats in another, float ranges, names bound again, ranges walked by chains. ---

/// A weighted graph whose degrees are counted from the edges' ends first, then whose
/// weights are read through the whole edge.
#[derive(Differentiable, Clone, Debug)]
pub struct Graph {
    pub edges: Vec<(usize, usize, f64)>,
    pub row: Vec<(usize, f64)>,
}

impl Graph {
    #[differentiate]
    pub fn energy(&self, x: &[f64]) -> f64 {
        let mut deg = vec![0.0; x.len()];
        for &(a, b, _) in &self.edges {
            deg[a] += 1.0;
            deg[b] += 1.0;
        }
        let mut e = 0.0;
        for edge in &self.edges {
            let d = x[edge.0] / deg[edge.0] - x[edge.1] / deg[edge.1];
            e += edge.2 * d * d;
        }
        for &(j, _) in &self.row {
            e += x[j];
        }
        for p in &self.row {
            e += p.1 * x[p.0];
        }
        e
    }
}

#[test]
fn parts_used_as_integers_and_floats_read_elsewhere() {
    let g = Graph {
        edges: vec![(0, 1, 2.0), (1, 2, 0.5)],
        row: vec![(2, 0.5), (0, -1.5)],
    };
    let x = [1.0, 3.0, -1.0];
    let (e, bar, _) = g.energy_grad(&x);
    assert_eq!(e, g.energy(&x));
    // ∂e/∂w = d² per edge: (1 − 1.5)² and (1.5 + 1)²; ∂e/∂v = x_j per entry of the row.
    assert_eq!(bar.edges, vec![(0, 1, 0.25), (1, 2, 6.25)]);
    assert_eq!(bar.row, vec![(2, -1.0), (0, 1.0)]);
    assert!(g.energy_gradcheck(&x).is_ok());
}

/// Bands of a float range tested with `contains`, springs whose stiffness is named like a
/// later loop's index, and a CSR row walked by a chain over its offsets.
#[derive(Differentiable, Clone, Debug)]
pub struct Shapes {
    pub bands: Vec<(f64, f64)>,
    pub springs: Vec<(usize, usize, f64)>,
    pub row_ptr: Vec<usize>,
    pub vals: Vec<f64>,
    pub h: f64,
}

impl Shapes {
    #[differentiate]
    pub fn bumps(&self, x: f64) -> f64 {
        let mut y = 0.0;
        for &(lo, hi) in &self.bands {
            if (lo..hi).contains(&x) {
                y += self.h * (x - lo) * (hi - x);
            }
        }
        y
    }

    #[differentiate]
    pub fn springs(&self, x: &[f64]) -> f64 {
        let mut e = 0.0;
        for s in 0..self.springs.len() {
            let (i, j, k) = self.springs[s];
            let d = x[j] - x[i] - self.h;
            e += 0.5 * k * d * d;
        }
        for k in 0..x.len() {
            e += 0.01 * x[k] * x[k];
        }
        e
    }

    #[differentiate]
    pub fn csr(&self, x: &[f64]) -> f64 {
        let mut r = 0.0;
        for i in 0..self.row_ptr.len() - 1 {
            let ax: f64 = (self.row_ptr[i]..self.row_ptr[i + 1])
                .map(|k| self.vals[k] * x[k])
                .sum();
            r += ax * ax;
        }
        r
    }
}

#[test]
fn float_ranges_names_bound_again_and_offsets_walked_by_chains() {
    let s = Shapes {
        bands: vec![(0.0, 1.0), (0.5, 2.0)],
        springs: vec![(0, 1, 2.0), (1, 2, 3.0)],
        row_ptr: vec![0, 2, 3],
        vals: vec![1.0, 2.0, 3.0],
        h: 0.5,
    };
    // h (x − lo)(hi − x) in each band holding x: ∂/∂lo = −h (hi − x), ∂/∂hi = h (x − lo).
    let (_, bar, _) = s.bumps_grad(0.7);
    assert_close(
        &[
            bar.bands[0].0,
            bar.bands[0].1,
            bar.bands[1].0,
            bar.bands[1].1,
        ],
        &[-0.5 * 0.3, 0.5 * 0.7, -0.5 * 1.3, 0.5 * 0.2],
    );
    assert!(s.bumps_gradcheck(0.7).is_ok());
    // ½ k d²: ∂/∂k = d²/2 with d = x_j − x_i − h.
    let x = [0.0, 1.0, 3.0];
    let (_, bar, _) = s.springs_grad(&x);
    assert_eq!(bar.springs, vec![(0, 1, 0.125), (1, 2, 1.125)]);
    assert!(s.springs_gradcheck(&x).is_ok());
    // Rows (1·x₀ + 2·x₁)² + (3·x₂)²: ∂/∂v_k = 2 (row's sum) x_k.
    let x = [0.5, -1.0, 2.0];
    let (r, bar, _) = s.csr_grad(&x);
    assert_close(&[r], &[2.25 + 36.0]);
    assert_close(&bar.vals, &[-1.5, 3.0, 24.0]);
    assert!(s.csr_gradcheck(&x).is_ok());
}
