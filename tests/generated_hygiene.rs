//! Differential tests on generated programs with the hygiene patterns: 60 random
//! `#[differentiate]` functions (tests/generated/hygiene_*.rs, written by tools/genprog.py
//! `--hygiene`) with `let`-bound closures (capturing parameters, locals and other closures;
//! captures shadowed or, for `move` closures, reassigned after the definition; called in
//! loops and with arguments named like their parameters in another order), shadowed
//! parameters and locals at several nesting levels, raw identifiers (`r#type`, a function
//! `r#match`) and names like the macro's own (`x_bar`, `dout`, `lo`, `t0`, …), checked at
//! random points as in tests/generated_programs.rs (all of the 60 also against
//! their `Value` twins).
//!
//! Regenerate (deterministic; review the diff):
//!
//! ```text
//! python3 tools/genprog.py --seed 1 --count 60 --batches 1 --hygiene 1 --prefix hygiene --out tests/generated --test-file tests/generated_hygiene.rs
//! ```

#[path = "generated/harness.rs"]
mod harness;
#[path = "generated/hygiene_00.rs"]
mod hygiene_00;
#[test]
fn hygiene_00_derivatives() {
    harness::run("hygiene_00", hygiene_00::cases());
}
