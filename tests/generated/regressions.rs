//! Regressions from the generated programs, and the checks on the checker.
//!
//! - `harness_*`: the harness must catch wrong derivatives of every kind (a checker that
//!   passes everything proves nothing): custom rules with deliberate mistakes, called from
//!   `#[differentiate]` functions, must fail the check that targets them, and a `Value`
//!   twin that loses an edge of the graph must fail the comparison with `f_vjp`.
//! - [`KNOWN_BUGS`]: programs from tools/genprog.py that the macro mishandles, minimized
//!   (those since fixed live on as tests in tests/regressions_found.rs)
//!   (tools/minimize.py). They do not compile, so they are kept as text; the generator steers
//!   around each pattern (`KNOWN_BUGS` in tools/genprog.py) so the random set compiles.
//!   `cargo test --test generated_programs known_macro_bugs -- --ignored` builds and runs
//!   each of them (with trybuild) and lists the ones still broken. When one passes, delete it
//!   here and its pattern in tools/genprog.py, and regenerate.
#![allow(clippy::all, dead_code)]

use super::harness::{cat, check_all, Case};
use autodiff::num_traits::Float;
use autodiff::{differentiate, Tape, Value};

// ---- deliberate mistakes -----------------------------------------------------------------

/// Reverse mode wrong: 3x instead of 2x.
#[differentiate(custom)]
fn sq_bad_vjp<T: Float>(x: T) -> T {
    x * x
}
fn sq_bad_vjp_jvp<T: Float>(x: T, x_dot: T) -> (T, T) {
    (x * x, (x + x) * x_dot)
}
fn sq_bad_vjp_vjp<T: Float>(x: T, dout: T) -> (T, T) {
    (x * x, (x + x + x) * dout)
}

/// Forward mode wrong.
#[differentiate(custom)]
fn sq_bad_jvp<T: Float>(x: T) -> T {
    x * x
}
fn sq_bad_jvp_jvp<T: Float>(x: T, x_dot: T) -> (T, T) {
    (x * x, (x + x + x) * x_dot)
}
fn sq_bad_jvp_vjp<T: Float>(x: T, dout: T) -> (T, T) {
    (x * x, (x + x) * dout)
}

/// Second order wrong: the reverse rule is right in `f64`, but drops the tangent of `x` on
/// dual numbers (`to_f64`), so `_hvp` misses the curvature.
#[differentiate(custom)]
fn sq_bad_hvp<T: Float>(x: T) -> T {
    x * x
}
fn sq_bad_hvp_jvp<T: Float>(x: T, x_dot: T) -> (T, T) {
    (x * x, (x + x) * x_dot)
}
fn sq_bad_hvp_vjp<T: Float>(x: T, dout: T) -> (T, T) {
    let two_x = T::from(2.0 * x.to_f64().unwrap()).unwrap();
    (x * x, two_x * dout)
}

#[differentiate]
fn uses_bad_vjp(a: f64, x: &[f64]) -> f64 {
    sq_bad_vjp(a * x[0]) + x[1].sin()
}

#[differentiate]
fn uses_bad_jvp(a: f64, x: &[f64]) -> f64 {
    sq_bad_jvp(a * x[0]) + x[1].sin()
}

#[differentiate]
fn uses_bad_hvp(a: f64, x: &[f64]) -> f64 {
    sq_bad_hvp(a * x[0]) + x[1].sin()
}

#[differentiate]
fn vec_bad_vjp(a: f64, x: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; 2];
    out[0] = sq_bad_vjp(a + x[1]);
    out[1] = a * x[0];
    out
}

#[differentiate]
fn right(a: f64, x: &[f64]) -> f64 {
    (a * x[0]) * (a * x[0]) + x[1].sin()
}

/// Agrees with `right` to 12 digits, not to the last bit.
#[differentiate]
fn right_reordered(a: f64, x: &[f64]) -> f64 {
    (a * x[0]) * (a * x[0]) + x[1].sin() + 1e-12 * a
}

/// `right` on the tape, as tools/genprog.py writes the twins.
fn right_value<'t>(tape: &'t Tape<f64>, a: Value<'t, f64>, x: &[Value<'t, f64>]) -> Value<'t, f64> {
    let _ = tape;
    (a * x[0]) * (a * x[0]) + x[1].sin()
}

/// `right` on the tape with `x[1]` cut off the graph: the right value, a wrong gradient.
fn right_value_bad<'t>(
    tape: &'t Tape<f64>,
    a: Value<'t, f64>,
    x: &[Value<'t, f64>],
) -> Value<'t, f64> {
    (a * x[0]) * (a * x[0]) + tape.constant(x[1].value()).sin()
}

macro_rules! scalar_case {
    ($f:ident, $vjp:ident, $jvp:ident, $grad:ident, $hvp:ident, $check:ident, $twin:expr) => {
        Case {
            name: stringify!($f),
            seed_name: "harness",
            twin_of: $twin,
            params: &[("a", 1, true), ("x", 2, true)],
            f: |p| vec![$f(p[0], &p[1..3])],
            vjp: |p, s| {
                let (y, g0, g1) = $vjp(p[0], &p[1..3], s[0]);
                (vec![y], cat(&[&[g0], &g1]))
            },
            jvp: |p, d| {
                let (y, t) = $jvp(p[0], &p[1..3], d[0], &d[1..3]);
                (vec![y], vec![t])
            },
            grad: Some(|p| {
                let (_, g0, g1) = $grad(p[0], &p[1..3]);
                cat(&[&[g0], &g1])
            }),
            hvp: Some(|p, d| {
                let (_, g0, g1, h0, h1) = $hvp(p[0], &p[1..3], d[0], &d[1..3]);
                (cat(&[&[g0], &g1]), cat(&[&[h0], &h1]))
            }),
            gradcheck: Some(|p| $check(p[0], &p[1..3])),
            value: None,
        }
    };
}

fn failures_of(cases: Vec<Case>) -> Vec<String> {
    check_all(&cases, 2).failures
}

#[test]
fn harness_catches_a_wrong_gradient() {
    let f = failures_of(vec![scalar_case!(
        uses_bad_vjp,
        uses_bad_vjp_vjp,
        uses_bad_vjp_jvp,
        uses_bad_vjp_grad,
        uses_bad_vjp_hvp,
        uses_bad_vjp_gradcheck,
        None
    )]);
    assert_eq!(f.len(), 2, "{f:#?}");
    assert!(f[0].contains("f_gradcheck"), "{f:#?}");
}

#[test]
fn harness_catches_a_wrong_jvp() {
    let f = failures_of(vec![scalar_case!(
        uses_bad_jvp,
        uses_bad_jvp_vjp,
        uses_bad_jvp_jvp,
        uses_bad_jvp_grad,
        uses_bad_jvp_hvp,
        uses_bad_jvp_gradcheck,
        None
    )]);
    assert_eq!(f.len(), 2, "{f:#?}");
    assert!(f[0].contains("f_jvp"), "{f:#?}");
}

#[test]
fn harness_catches_a_wrong_hvp() {
    let f = failures_of(vec![scalar_case!(
        uses_bad_hvp,
        uses_bad_hvp_vjp,
        uses_bad_hvp_jvp,
        uses_bad_hvp_grad,
        uses_bad_hvp_hvp,
        uses_bad_hvp_gradcheck,
        None
    )]);
    assert_eq!(f.len(), 2, "{f:#?}");
    assert!(f[0].contains("f_hvp"), "{f:#?}");
}

#[test]
fn harness_catches_a_wrong_vector_jacobian_product() {
    let cases = vec![Case {
        name: "vec_bad_vjp",
        seed_name: "harness",
        twin_of: None,
        params: &[("a", 1, true), ("x", 2, true)],
        f: |p| vec_bad_vjp(p[0], &p[1..3]),
        vjp: |p, s| {
            let (y, g0, g1) = vec_bad_vjp_vjp(p[0], &p[1..3], s.to_vec());
            (y, cat(&[&[g0], &g1]))
        },
        jvp: |p, d| vec_bad_vjp_jvp(p[0], &p[1..3], d[0], &d[1..3]),
        grad: None,
        hvp: None,
        gradcheck: None,
        value: None,
    }];
    let f = failures_of(cases);
    assert_eq!(f.len(), 2, "{f:#?}");
    assert!(f[0].contains("central differences of ⟨seed, f⟩"), "{f:#?}");
}

#[test]
fn harness_catches_a_twin_that_differs_in_the_last_bit() {
    let cases = vec![
        scalar_case!(
            right,
            right_vjp,
            right_jvp,
            right_grad,
            right_hvp,
            right_gradcheck,
            None
        ),
        scalar_case!(
            right_reordered,
            right_reordered_vjp,
            right_reordered_jvp,
            right_reordered_grad,
            right_reordered_hvp,
            right_reordered_gradcheck,
            Some("right")
        ),
    ];
    let f = failures_of(cases);
    assert!(
        !f.is_empty() && f.iter().all(|m| m.contains("twin")),
        "{f:#?}"
    );
}

#[test]
fn harness_catches_a_wrong_value_gradient() {
    let mut case = scalar_case!(
        right,
        right_vjp,
        right_jvp,
        right_grad,
        right_hvp,
        right_gradcheck,
        None
    );
    case.value = Some(|t, v| vec![right_value_bad(t, v[0], &v[1..3])]);
    let f = failures_of(vec![case]);
    assert_eq!(f.len(), 2, "{f:#?}");
    assert!(
        f.iter()
            .all(|m| m.contains("f_vjp against the Value graph: coordinate 2 (x[1])")),
        "{f:#?}"
    );
}

#[test]
fn harness_passes_right_derivatives() {
    let mut case = scalar_case!(
        right,
        right_vjp,
        right_jvp,
        right_grad,
        right_hvp,
        right_gradcheck,
        None
    );
    case.value = Some(|t, v| vec![right_value(t, v[0], &v[1..3])]);
    let t = check_all(&[case], 2);
    assert!(t.failures.is_empty(), "{:#?}", t.failures);
    assert_eq!((t.with_value, t.value_checks), (1, 2));
}

// ---- macro bugs found by the generated programs ----------------------------------------

/// `(pattern name in tools/genprog.py KNOWN_BUGS, what failed, minimal program)`. Each
/// program is complete: `main` checks the derivatives, so it must compile and run.
/// None at present: every pattern found so far is fixed, and kept as a test in
/// tests/regressions_found.rs or tests/calls.rs.
pub const KNOWN_BUGS: &[(&str, &str, &str)] = &[];

#[test]
#[ignore = "the macro bugs in KNOWN_BUGS: run with --ignored to see which are fixed"]
fn known_macro_bugs() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("generated-regressions");
    std::fs::create_dir_all(&dir).unwrap();
    let t = trybuild::TestCases::new();
    for (name, _, src) in KNOWN_BUGS {
        let path = dir.join(format!("{}.rs", name.replace('-', "_")));
        std::fs::write(&path, src).unwrap();
        t.pass(&path);
    }
}
