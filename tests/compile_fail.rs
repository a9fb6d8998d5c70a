//! The constructs `#[differentiate]` refuses, each with the macro's own message pointing at
//! the offending syntax (`tests/ui/<category>/*.rs`), and programs that must compile
//! cleanly under `#![deny(warnings)]` (`tests/ui-pass/*.rs`).
//!
//! Regenerate the expected output with `TRYBUILD=overwrite cargo test --test compile_fail`
//! and read every changed `.stderr`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
    t.pass("tests/ui-pass/*.rs");
}
