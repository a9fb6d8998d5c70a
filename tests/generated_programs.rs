//! Differential tests on generated programs: 520 random `#[differentiate]` functions
//! (tests/generated/batch_*.rs, written by tools/genprog.py) checked at random points.
//!
//! Regenerate (deterministic; review the diff):
//!
//! ```text
//! python3 tools/genprog.py --seed 1 --count 520 --batches 8 --out tests/generated --test-file tests/generated_programs.rs
//! ```
//!
//! Per function and point (SplitMix64 seeds from the function's name): `f_gradcheck` (the
//! gradient against central differences, `f_jvp` against the gradient, `f_hvp` against
//! differences of `f_grad`) for scalar results; `f_vjp` with a random seed against central
//! differences of ⟨seed, f(x)⟩ for `Vec` results; `f_jvp` against `f_vjp` (dot-product test)
//! with random directions; `f_hvp` against differences of `f_grad` along a random direction;
//! every function with `#[checkpoint]`s against its twin without them (`*_plain`),
//! bitwise (`f_vjp` and `f_hvp` to 1e-12, since a loop of the twin may fuse with its
//! reverse, adding the same terms in another order); and `f_vjp` against the same function written over the runtime tape
//! (`*_value`, all of the 520): `Value::backward` of ⟨seed, f_value(x)⟩ must give
//! `f_vjp`'s cotangents to 1e-10 and the same values. `AUTODIFF_SOAK=N` checks N points
//! per function (default 3) with more directions each (`-- --nocapture` prints the
//! counts). Programs the macro mishandled are kept in tests/generated/regressions.rs;
//! `-- --ignored known_macro_bugs` rebuilds them.

#[path = "generated/batch_00.rs"]
mod batch_00;
#[path = "generated/batch_01.rs"]
mod batch_01;
#[path = "generated/batch_02.rs"]
mod batch_02;
#[path = "generated/batch_03.rs"]
mod batch_03;
#[path = "generated/batch_04.rs"]
mod batch_04;
#[path = "generated/batch_05.rs"]
mod batch_05;
#[path = "generated/batch_06.rs"]
mod batch_06;
#[path = "generated/batch_07.rs"]
mod batch_07;
#[path = "generated/harness.rs"]
mod harness;
#[path = "generated/regressions.rs"]
mod regressions;
#[test]
fn batch_00_derivatives() {
    harness::run("batch_00", batch_00::cases());
}

#[test]
fn batch_01_derivatives() {
    harness::run("batch_01", batch_01::cases());
}

#[test]
fn batch_02_derivatives() {
    harness::run("batch_02", batch_02::cases());
}

#[test]
fn batch_03_derivatives() {
    harness::run("batch_03", batch_03::cases());
}

#[test]
fn batch_04_derivatives() {
    harness::run("batch_04", batch_04::cases());
}

#[test]
fn batch_05_derivatives() {
    harness::run("batch_05", batch_05::cases());
}

#[test]
fn batch_06_derivatives() {
    harness::run("batch_06", batch_06::cases());
}

#[test]
fn batch_07_derivatives() {
    harness::run("batch_07", batch_07::cases());
}
