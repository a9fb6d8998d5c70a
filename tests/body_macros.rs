//! Macros run for their effect inside differentiated code: assertions, `panic!`-like
//! macros and printing. They read primal values in every generated function (a format
//! string's inline names too, whatever the generated code calls the variables), so a
//! failing assertion's message shows the primal value in `f_grad`, `f_jvp` and `f_hvp`
//! alike. Gradients are checked against closed forms and the generated `_gradcheck`.

#![allow(clippy::needless_range_loop)] // index loops are the form under test

use autodiff::differentiate;

// f = Σ xᵢ² · s, with checks on the way.
#[differentiate]
fn checked_energy(x: &[f64], s: f64) -> f64 {
    assert!(!x.is_empty(), "no points");
    assert!(s.is_finite() && s > 0.0, "scale must be positive, got {s}");
    debug_assert_ne!(s, 0.0);
    let mut e = 0.0;
    for i in 0..x.len() {
        let x = x[i] * 1.0;
        assert!(x.abs() < 1e3, "point {} is {x:.1}", i);
        e += x * x;
    }
    if e < 0.0 {
        unreachable!("a sum of squares is {e}");
    }
    println!("energy {:.3} at scale {s}", e);
    e * s
}

// A branch that panics, in tail position.
#[differentiate]
fn positive_root(x: f64) -> f64 {
    if x >= 0.0 {
        x.sqrt()
    } else {
        panic!("no real root of {x}")
    }
}

#[test]
fn assertions_and_prints_leave_the_derivatives_alone() {
    let x = [0.5, -1.5, 2.0];
    let s = 0.7;
    let (v, gx, gs) = checked_energy_grad(&x, s);
    let sq: f64 = x.iter().map(|v| v * v).sum();
    assert!((v - sq * s).abs() < 1e-14);
    for i in 0..3 {
        assert!((gx[i] - 2.0 * x[i] * s).abs() < 1e-14);
    }
    assert!((gs - sq).abs() < 1e-14);
    checked_energy_gradcheck(&x, s).unwrap();
    let (_, g) = positive_root_grad(4.0);
    assert!((g - 0.25).abs() < 1e-15);
    positive_root_gradcheck(4.0).unwrap();
}

fn panic_message<R>(f: impl FnOnce() -> R + std::panic::UnwindSafe) -> String {
    let Err(err) = std::panic::catch_unwind(f) else {
        panic!("the assertion must fail");
    };
    err.downcast_ref::<String>()
        .cloned()
        .or_else(|| err.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[test]
fn a_failing_assertion_shows_primal_values_in_every_generated_function() {
    let x = [0.5, 1234.5];
    let want = "point 1 is 1234.5";
    assert_eq!(panic_message(|| checked_energy_grad(&x, 0.7)), want);
    let dx = [1.0, 1.0];
    assert_eq!(
        panic_message(|| checked_energy_jvp(&x, 0.7, &dx, 0.0)),
        want
    );
    assert_eq!(
        panic_message(|| checked_energy_hvp(&x, 0.7, &dx, 0.0)),
        want
    );
    let want = "scale must be positive, got -2";
    assert_eq!(
        panic_message(|| checked_energy_hvp(&[0.5], -2.0, &[1.0], 0.0)),
        want
    );
    let want = "no real root of -1";
    assert_eq!(panic_message(|| positive_root_grad(-1.0)), want);
    assert_eq!(panic_message(|| positive_root_hvp(-1.0, 1.0)), want);
}
