//! ADBench GMM (github.com/microsoft/ADBench, MIT licence): the gradient `#[differentiate]`
//! writes for the objective in `benches/gmm/objective.rs`, against ADBench's own expected
//! values for its unit-test input and against central differences.

#[path = "../benches/gmm/objective.rs"]
mod gmm;

use autodiff::gradcheck::{gradcheck, Rng, Tolerance};
use gmm::GmmInput;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/gmm");

/// ADBench's expected objective for `test.txt` (`GmmTests.cpp`), kept as ADBench prints it.
#[allow(clippy::excessive_precision)]
const EXPECTED_OBJECTIVE: f64 = 8.07380408004975791;

/// ADBench's expected gradient for `test.txt` (alphas, means, icf), from `GmmTests.cpp`.
const EXPECTED_GRADIENT: [f64; 18] = [
    0.10866285550865246,
    -0.7412700395238985,
    0.6326071840152461,
    1.1169257653278701,
    0.16333301355145527,
    -0.021998982407119314,
    0.2277782922542361,
    1.2096302561283219,
    -0.060637592073395634,
    2.5852999405116224,
    0.11263269452421379,
    0.3857443098496118,
    0.07351805731823055,
    5.418363627155952,
    -0.32149440967744647,
    1.7189230977500494,
    0.8600910907908669,
    -0.9946409304663228,
];

/// The golden values are printed with 16–17 significant digits, i.e. to within rounding of
/// the double ADBench's `Manual` C++ computed; a different but equally valid order of
/// floating-point operations moves the last few bits. So: `|ours − golden| ≤ 1e-12 ·
/// max(1, |golden|)`, four decades above f64 rounding and far below any derivative error.
const GOLDEN_TOL: f64 = 1e-12;

fn input(name: &str) -> GmmInput {
    GmmInput::read(&format!("{DATA}/{name}"))
}

#[test]
fn objective_matches_adbench() {
    let g = input("test.txt");
    assert_eq!((g.d, g.k, g.n, g.m), (2, 3, 1, 0));
    let f = g.objective();
    assert!(
        (f - EXPECTED_OBJECTIVE).abs() <= GOLDEN_TOL * EXPECTED_OBJECTIVE.abs(),
        "objective {f:.17} vs {EXPECTED_OBJECTIVE:.17}"
    );
}

#[test]
fn gradient_matches_adbench_golden() {
    let g = input("test.txt");
    let (f, grad) = g.gradient();
    assert_eq!(f, g.objective(), "the gradient's value is the primal's");
    assert_eq!(grad.len(), EXPECTED_GRADIENT.len());
    let mut worst = 0.0_f64;
    for (i, (&ours, &golden)) in grad.iter().zip(&EXPECTED_GRADIENT).enumerate() {
        let err = (ours - golden).abs() / golden.abs().max(1.0);
        worst = worst.max(err);
        assert!(
            err <= GOLDEN_TOL,
            "gradient[{i}]: ours {ours:.17}, ADBench {golden:.17} (scaled error {err:.2e})"
        );
    }
    eprintln!("worst scaled difference from ADBench's golden gradient: {worst:.2e}");
}

/// Central differences on a few random coordinates of the realistic input (d = 10, K = 25,
/// n = 1000; 1650 parameters), and on every coordinate of the small one.
#[test]
fn gradient_matches_central_differences() {
    let small = input("test.txt");
    let (_, grad) = small.gradient();
    let all: Vec<f64> = [small.alphas.clone(), small.means.clone(), small.icf.clone()].concat();
    let f = |p: &[f64]| with_params(&small, p).objective();
    if let Err(report) = gradcheck(f, &all, &grad, Tolerance::default()) {
        panic!("test.txt: {report}");
    }

    let big = input("1k/gmm_d10_K25.txt");
    let (_, grad) = big.gradient();
    let all: Vec<f64> = [big.alphas.clone(), big.means.clone(), big.icf.clone()].concat();
    let mut rng = Rng::new(2024);
    // Two alphas, two means and four icf entries (diagonal and off-diagonal alike).
    let (na, nm) = (big.alphas.len(), big.means.len());
    let mut picks: Vec<usize> = (0..2).map(|_| rng.next_u64() as usize % na).collect();
    picks.extend((0..2).map(|_| na + rng.next_u64() as usize % nm));
    picks.extend((0..4).map(|_| na + nm + rng.next_u64() as usize % big.icf.len()));
    let sub: Vec<f64> = picks.iter().map(|&i| all[i]).collect();
    let sub_grad: Vec<f64> = picks.iter().map(|&i| grad[i]).collect();
    let f = |s: &[f64]| {
        let mut p = all.clone();
        for (&i, &v) in picks.iter().zip(s) {
            p[i] = v;
        }
        with_params(&big, &p).objective()
    };
    // The objective is ~1e5 here, so central differences carry ~ε^(2/3)·1e5 ≈ 4e-6 noise.
    if let Err(report) = gradcheck(f, &sub, &sub_grad, Tolerance::new(1e-4, 1e-5)) {
        panic!("gmm_d10_K25.txt, coordinates {picks:?}: {report}");
    }
}

/// `g` with its parameters replaced by `p` = (alphas, means, icf).
fn with_params(g: &GmmInput, p: &[f64]) -> GmmInput {
    let (na, nm) = (g.alphas.len(), g.means.len());
    GmmInput {
        alphas: p[..na].to_vec(),
        means: p[na..na + nm].to_vec(),
        icf: p[na + nm..].to_vec(),
        ..g.clone()
    }
}
