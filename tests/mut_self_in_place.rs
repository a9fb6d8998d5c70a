//! `&mut self` methods updating a buffer parameter in place, as audio code runs a filter
//! over a block (`fn process(&mut self, buffer: &mut [f32])`): the method maps the state
//! before the call and the buffers' entry contents to the state after it and the buffers'
//! exit contents. `f_jvp(…, &mut self_dot, buffer_dot)` takes each buffer's entry tangent
//! in `buffer_dot` and leaves the exit tangent there; `f_vjp(…, buffer_bar, &mut self_bar)`
//! takes the exit cotangents and leaves the entry ones. Checked against central
//! differences of the whole map and against the other mode (dot-product identity).

mod common;
use autodiff::{differentiate, Differentiable};
use common::rng_vec;

// zlosynth/kaseta, `dsp/src/dc_blocker.rs` (2c43f9e), as the author wrote it, in `f32`.
const POLE: f32 = 0.995;

#[derive(Default, Debug, Differentiable)]
pub struct DCBlocker {
    xl_m1: f32,
    xr_m1: f32,
    yl_m1: f32,
    yr_m1: f32,
}

impl DCBlocker {
    #[differentiate]
    pub fn process(&mut self, buffer_left: &mut [f32], buffer_right: &mut [f32]) {
        for (xl, xr) in buffer_left.iter_mut().zip(buffer_right) {
            let yl = *xl - self.xl_m1 + POLE * self.yl_m1;
            let yr = *xr - self.xr_m1 + POLE * self.yr_m1;
            self.xl_m1 = *xl;
            self.yl_m1 = yl;
            self.xr_m1 = *xr;
            self.yr_m1 = yr;
            *xl = yl;
            *xr = yr;
        }
    }
}

/// The same blocker in `f64` with its pole a parameter, and a block's energy as a result.
#[derive(Default, Debug, Clone, PartialEq, Differentiable)]
pub struct Blocker {
    pole: f64,
    x_m1: f64,
    y_m1: f64,
}

impl Blocker {
    #[differentiate]
    pub fn process(&mut self, buffer: &mut [f64], gain: f64) -> f64 {
        let mut energy = 0.0;
        for x in buffer.iter_mut() {
            let y = gain * *x - self.x_m1 + self.pole * self.y_m1;
            self.x_m1 = gain * *x;
            self.y_m1 = y;
            *x = y;
            energy += y * y;
        }
        energy
    }
}

/// (pole, x_m1, y_m1, buffer…, gain) ↦ (energy, pole, x_m1, y_m1, buffer…), flat.
fn blocker_map(v: &[f64], n: usize) -> Vec<f64> {
    let mut b = Blocker {
        pole: v[0],
        x_m1: v[1],
        y_m1: v[2],
    };
    let mut buffer = v[3..3 + n].to_vec();
    let e = b.process(&mut buffer, v[3 + n]);
    let mut out = vec![e, b.pole, b.x_m1, b.y_m1];
    out.extend(buffer);
    out
}

#[test]
fn a_block_filtered_in_place_against_central_differences_and_the_other_mode() {
    let n = 5;
    let mut point = vec![0.9, 0.3, -0.2];
    point.extend(rng_vec(3, n, -1.0, 1.0));
    point.push(1.5);
    let v = rng_vec(4, point.len(), -1.0, 1.0);
    // Forward mode: the state's and the buffer's tangents in and out, the energy's returned.
    let mut b = Blocker {
        pole: point[0],
        x_m1: point[1],
        y_m1: point[2],
    };
    let mut buffer = point[3..3 + n].to_vec();
    let mut b_dot = Blocker {
        pole: v[0],
        x_m1: v[1],
        y_m1: v[2],
    };
    let mut buffer_dot = v[3..3 + n].to_vec();
    let (e, e_dot) = b.process_jvp(
        &mut buffer,
        point[3 + n],
        &mut b_dot,
        v[3 + n],
        &mut buffer_dot,
    );
    // The values are the method's own, bit for bit.
    let plain = blocker_map(&point, n);
    assert_eq!(e, plain[0]);
    assert_eq!((b.pole, b.x_m1, b.y_m1), (plain[1], plain[2], plain[3]));
    assert_eq!(buffer, plain[4..]);
    let mut tangent = vec![e_dot, b_dot.pole, b_dot.x_m1, b_dot.y_m1];
    tangent.extend(&buffer_dot);
    // Central differences of the whole map along v.
    let h = 1e-6;
    let step = |s: f64| -> Vec<f64> {
        let p: Vec<f64> = point.iter().zip(&v).map(|(p, v)| p + s * v).collect();
        blocker_map(&p, n)
    };
    let (plus, minus) = (step(h), step(-h));
    for k in 0..tangent.len() {
        let fd = (plus[k] - minus[k]) / (2.0 * h);
        assert!(
            (tangent[k] - fd).abs() < 1e-7 * (1.0 + fd.abs()),
            "output {k}: {} against {fd}",
            tangent[k]
        );
    }
    // Reverse mode: ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩ with a random seed of every output.
    let seed = rng_vec(5, tangent.len(), -1.0, 1.0);
    let mut b = Blocker {
        pole: point[0],
        x_m1: point[1],
        y_m1: point[2],
    };
    let mut buffer = point[3..3 + n].to_vec();
    let mut buffer_bar = seed[4..].to_vec();
    let mut b_bar = Blocker {
        pole: seed[1],
        x_m1: seed[2],
        y_m1: seed[3],
    };
    let (e_again, gain_bar) = b.process_vjp(
        &mut buffer,
        point[3 + n],
        seed[0],
        &mut buffer_bar,
        &mut b_bar,
    );
    assert_eq!(e_again, e);
    let mut cotangent = vec![b_bar.pole, b_bar.x_m1, b_bar.y_m1];
    cotangent.extend(&buffer_bar);
    cotangent.push(gain_bar);
    let lhs: f64 = seed.iter().zip(&tangent).map(|(a, b)| a * b).sum();
    let rhs: f64 = cotangent.iter().zip(&v).map(|(a, b)| a * b).sum();
    assert!(
        (lhs - rhs).abs() < 1e-12 * (1.0 + lhs.abs()),
        "{lhs} against {rhs}"
    );
}

#[test]
fn the_authors_blocker_in_f32() {
    // One sample per channel from rest: y = x, and the state remembers x and y. Over two
    // samples: y₂ = x₂ − x₁ + POLE y₁.
    let (l0, r0) = ([1.0f32, 2.0], [0.5f32, -1.0]);
    let mut b = DCBlocker::default();
    let (mut l, mut r) = (l0, r0);
    let mut b_dot = DCBlocker::default();
    // The tangent of the first left sample: ∂y₁/∂x₁ = 1, ∂y₂/∂x₁ = −1 + POLE.
    let (mut l_dot, mut r_dot) = ([1.0f32, 0.0], [0.0f32, 0.0]);
    b.process_jvp(&mut l, &mut r, &mut b_dot, &mut l_dot, &mut r_dot);
    let mut plain = DCBlocker::default();
    let (mut pl, mut pr) = (l0, r0);
    plain.process(&mut pl, &mut pr);
    assert_eq!((l, r), (pl, pr));
    assert_eq!(l, [1.0, 2.0 - 1.0 + POLE * 1.0]);
    assert_eq!(l_dot, [1.0, -1.0 + POLE]);
    assert_eq!(r_dot, [0.0, 0.0]);
    // The state's tangent: x_m1 is x₂ (no dependence on x₁), y_m1 is y₂.
    assert_eq!((b_dot.xl_m1, b_dot.yl_m1), (0.0, -1.0 + POLE));
    // Reverse: the cotangent of y₂ alone gives ∂y₂/∂(x₁, x₂) = (POLE − 1, 1).
    let mut b = DCBlocker::default();
    let (mut l, mut r) = (l0, r0);
    let (mut l_bar, mut r_bar) = ([0.0f32, 1.0], [0.0f32, 0.0]);
    let mut b_bar = DCBlocker::default();
    b.process_vjp(&mut l, &mut r, &mut l_bar, &mut r_bar, &mut b_bar);
    assert_eq!(l_bar, [POLE - 1.0, 1.0]);
    assert_eq!(r_bar, [0.0, 0.0]);
}
