//! Tuples holding float sequences as parameters (`stereo: (Vec<f32>, Vec<f32>)`, a float
//! beside a `Vec`): read as structs of fields `.0`, `.1`, their cotangent a tuple of the
//! same type. Checked against closed forms and central differences.
#![allow(clippy::needless_range_loop)] // index loops are what the macro is tested on

use autodiff::differentiate;
use autodiff::gradcheck::{check_vjp, Tolerance};

/// A stereo pair down to one channel, as audio code writes it.
#[differentiate]
fn to_mono(stereo: (Vec<f32>, Vec<f32>)) -> Vec<f32> {
    let (l, r) = stereo;
    l.iter().zip(r.iter()).map(|(a, b)| (a + b) / 2.0).collect()
}

/// The same at `f64`, through the fields.
#[differentiate]
fn balance(stereo: &(Vec<f64>, Vec<f64>)) -> Vec<f64> {
    let mut out = vec![0.0; stereo.0.len()];
    for i in 0..out.len() {
        out[i] = stereo.0[i] * stereo.0[i] - 0.5 * stereo.1[i];
    }
    out
}

/// A gain beside its samples: g Σ vᵢ².
#[differentiate]
fn energy(p: (f64, Vec<f64>)) -> f64 {
    let (g, v) = p;
    let mut s = 0.0;
    for x in v.iter() {
        s += x * x;
    }
    g * s
}

#[test]
fn a_pair_of_channels() {
    let s = (vec![1.0_f32, 2.0, -1.0], vec![3.0_f32, 5.0, 0.5]);
    let (y, (l_bar, r_bar)) = to_mono_vjp(&s, vec![1.0, 10.0, -2.0]);
    assert_eq!(y, to_mono(s.clone()));
    assert_eq!(y, [2.0, 3.5, -0.25]);
    // Each output is (l + r) / 2: both cotangents are half the seed.
    assert_eq!(l_bar, [0.5, 5.0, -1.0]);
    assert_eq!(r_bar, [0.5, 5.0, -1.0]);
    let (_, y_dot) = to_mono_jvp(&s, &(vec![1.0, 0.0, 2.0], vec![0.0, 4.0, 2.0]));
    assert_eq!(y_dot, [0.5, 2.0, 2.0]);
}

#[test]
fn a_pair_by_reference_against_central_differences() {
    let pair = |x: &[f64]| (x[..3].to_vec(), x[3..].to_vec());
    let x = [0.5, -1.5, 2.0, 1.0, 3.0, -0.25];
    check_vjp(
        |x| balance(&pair(x)),
        &x,
        |ybar| {
            let (_, (a, b)) = balance_vjp(&pair(&x), ybar.to_vec());
            a.into_iter().chain(b).collect()
        },
        5,
        Tolerance::default(),
    )
    .unwrap();
    // ∂outᵢ/∂lᵢ = 2 lᵢ, ∂outᵢ/∂rᵢ = −1/2.
    let (_, (a, b)) = balance_vjp(&pair(&x), vec![1.0; 3]);
    assert_eq!(a, [1.0, -3.0, 4.0]);
    assert_eq!(b, [-0.5; 3]);
}

#[test]
fn a_float_beside_a_sequence() {
    let p = (1.5, vec![1.0, -2.0, 0.5]);
    energy_gradcheck(&p).unwrap();
    // ∂g = Σ v² = 5.25, ∂vᵢ = 2 g vᵢ.
    let (e, (g_bar, v_bar)) = energy_grad(&p);
    assert_eq!(e, 1.5 * 5.25);
    assert_eq!(g_bar, 5.25);
    assert_eq!(v_bar, [3.0, -6.0, 1.5]);
}
