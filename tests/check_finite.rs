//! The `check-finite` feature in generated code: the first non-finite tangent or cotangent
//! panics naming the variable and the line of the statement that produced it. Run with
//! `cargo test --features check-finite --test check_finite` (`.ci/run` does).
#![cfg(feature = "check-finite")]

use autodiff::differentiate;

#[differentiate]
fn root_scaled(x: f64, k: f64) -> f64 {
    let r = x.sqrt(); // line 10: √x has an infinite slope at 0
    let y = r * k;
    y + k
}

fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let err = std::panic::catch_unwind(f).expect_err("the check reports");
    err.downcast_ref::<String>().cloned().unwrap_or_default()
}

#[test]
fn the_first_non_finite_tangent_names_its_statement() {
    // Away from 0 nothing is reported.
    let (value, tangent) = root_scaled_jvp(4.0, 3.0, 1.0, 0.0);
    assert_eq!((value, tangent), (9.0, 0.75));
    let message = panic_message(|| {
        root_scaled_jvp(0.0, 3.0, 1.0, 0.0);
    });
    assert!(message.contains("the tangent of `r` is inf"), "{message}");
    assert!(message.contains("tests/check_finite.rs:10"), "{message}");
}

#[test]
fn the_first_non_finite_cotangent_names_its_statement() {
    let (_, x_bar, k_bar) = root_scaled_grad(4.0, 3.0);
    assert_eq!((x_bar, k_bar), (0.75, 3.0));
    let message = panic_message(|| {
        root_scaled_grad(0.0, 3.0);
    });
    assert!(message.contains("the cotangent of `x` is inf"), "{message}");
    assert!(message.contains("tests/check_finite.rs:10"), "{message}");
}

#[test]
fn the_hvp_names_the_statement_of_its_dual_operation() {
    let message = panic_message(|| {
        root_scaled_hvp(0.0, 3.0, 1.0, 0.0);
    });
    assert!(message.contains("sqrt"), "{message}");
    assert!(message.contains("tests/check_finite.rs:10"), "{message}");
}
