//! The `check-finite` feature: `cargo test -p autodiff-runtime --features check-finite --test
//! check_finite` (run by `.ci/run`). With it, the first non-finite tangent or cotangent computed
//! from finite inputs panics, naming the operation and the statement; without it the same
//! derivatives come out infinite, silently (the last test, run by the ordinary test suite).

use autodiff_runtime::num_traits::Float;
use autodiff_runtime::{check, Dual, DualVec, Tape};

#[cfg(feature = "check-finite")]
mod with_the_feature {
    use super::*;

    #[test]
    #[should_panic(
        expected = "check-finite: the tangent of `sqrt` is inf from finite inputs [0.0, 1.0] (in model.rs:3: let r = x.sqrt();)"
    )]
    fn dual_reports_the_rule_and_the_statement() {
        check::statement("model.rs:3: let r = x.sqrt();");
        let _ = Dual::variable(0.0_f64).sqrt();
    }

    #[test]
    #[should_panic(
        expected = "check-finite: the tangent of `*` is inf from finite inputs [1e300, 10000000000.0, 1e300]"
    )]
    fn dual_reports_an_overflowing_product() {
        check::statement(None);
        let _ = Dual::new(1e300_f64, 1e300) * 1e10;
    }

    #[test]
    #[should_panic(
        expected = "check-finite: the tangent of `ln` is inf from finite inputs [0.0, 1.0]"
    )]
    fn dual_vec_reports_the_tangent_that_goes_bad() {
        check::statement(None);
        // Tangent 0 of the first input stays 0 against ln′(0) = ∞; the second's does not.
        let _ = DualVec::<f64, 2>::variable(0.0, 1).ln();
    }

    #[test]
    #[should_panic(
        expected = "check-finite: the cotangent of operand 1 of `sqrt` (node v1) is inf from finite inputs: adjoint 1.0 times partial inf, added to 0.0 (in loss.rs:7: let r = x.sqrt();)"
    )]
    fn the_tape_reports_the_node_and_the_statement_it_was_recorded_in() {
        let tape = Tape::new();
        let x = tape.var(0.0_f64);
        check::statement("loss.rs:7: let r = x.sqrt();");
        let r = x.sqrt();
        check::statement("loss.rs:8: backward");
        let _ = r.backward();
    }

    #[test]
    #[should_panic(
        expected = "check-finite: the cotangent of operand 1 of `mul` (node v1) is inf from finite inputs: adjoint 1.0 times partial 1e308, added to 1e308"
    )]
    fn the_tape_reports_an_adjoint_that_overflows() {
        check::statement(None);
        let tape = Tape::new();
        let x = tape.var(1e-300_f64);
        // ∂/∂x (1e308·x + 1e308·x) = 2e308: each term fits, their sum does not.
        let _ = (x * 1e308 + x * 1e308).backward();
    }

    #[test]
    #[should_panic(expected = "check-finite: the tangent of `main.rs:4: let y = x.ln();` is -inf")]
    fn generated_code_reports_through_the_hooks() {
        check::tangent("main.rs:4: let y = x.ln();", &[0.0, 1.0], f64::NEG_INFINITY);
    }

    #[test]
    #[should_panic(expected = "check-finite: the cotangent of `main.rs:4: let y = x.ln();` is NaN")]
    fn the_cotangent_hook() {
        check::cotangent("main.rs:4: let y = x.ln();", &[1.0_f32, 0.0], f32::NAN);
    }

    #[test]
    fn finite_derivatives_and_non_finite_inputs_pass() {
        check::statement(None);
        const { assert!(check::ENABLED) };
        // Rosenbrock in both modes: nothing to report.
        let rosenbrock = |x: [Dual<f64>; 2]| {
            let (a, b) = (x[1] - x[0] * x[0], 1.0 - x[0]);
            a * a * 100.0 + b * b
        };
        let d = rosenbrock([Dual::variable(1.5), Dual::constant(-0.5)]);
        assert_eq!(d.tangent, 400.0 * 1.5 * (2.25 + 0.5) + 2.0 * 0.5);
        let tape = Tape::<f64>::new();
        let (x, y) = (tape.var(1.5), tape.var(-0.5));
        let (a, b) = (y - x * x, 1.0 - x);
        assert_eq!((a * a * 100.0 + b * b).backward()[x], d.tangent);
        // A constant through an infinite partial carries no derivative: no report.
        assert_eq!(Dual::constant(0.0_f64).sqrt().tangent, 0.0);
        let _ = (tape.constant(0.0).sqrt() + x).backward();
        // NaN or ∞ in, NaN or ∞ out: not the derivative's fault.
        assert!(Dual::variable(f64::NAN).sqrt().tangent.is_nan());
        assert!(Dual::new(f64::INFINITY, 1.0).exp().tangent.is_infinite());
        let z = tape.var(f64::NAN);
        assert!(z.sqrt().backward()[z].is_nan());
        check::tangent("no report", &[f64::NAN], f64::NAN);
    }
}

#[cfg(not(feature = "check-finite"))]
#[test]
fn without_the_feature_nothing_is_checked() {
    const { assert!(!check::ENABLED) };
    check::statement("ignored");
    assert_eq!(check::current_statement(), None);
    assert_eq!(Dual::variable(0.0_f64).sqrt().tangent, f64::INFINITY);
    let tape = Tape::new();
    let x = tape.var(0.0_f64);
    assert_eq!(x.sqrt().backward()[x], f64::INFINITY);
    check::tangent("ignored", &[0.0], f64::INFINITY);
    assert!(DualVec::<f64, 1>::variable(0.0, 0).ln().tangent[0].is_infinite());
}
