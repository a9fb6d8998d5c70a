//! Loop nests whose pushes can be counted reserve their tapes up front (`emit/nest.rs`),
//! checked on whole expansions.

/// Whether the forward sweep of `src` reserves a nest's tapes.
fn reserves(src: &str) -> bool {
    let item: proc_macro2::TokenStream = src.parse().expect("test source parses");
    let out = super::expand_pretty(quote::quote!(), item);
    assert!(
        out.contains("fn f_grad") || out.contains("fn g_grad"),
        "{out}"
    );
    out.contains(".reserved(")
}

#[test]
fn nests_with_countable_pushes_are_reserved() {
    let body = |inner: &str| {
        format!(
            "fn f(x0: &[f64], steps: usize) -> f64 {{
                let n = x0.len();
                let mut x = x0.to_vec();
                let mut s = 0.0;
                let mut m = 1;
                for t in 0..steps {{ {inner} m += 1; }}
                s
            }}"
        )
    };
    // Counted: bounds from `n` and `x.len()`, a branch, a stepped inner loop.
    assert!(reserves(&body(
        "for i in 1..n - 1 { x[i] = x[i] * x[i - 1]; }"
    )));
    assert!(reserves(&body("for i in 0..x.len() { s = s * x[i]; }")));
    assert!(reserves(&body(
        "for i in 0..n { if s > 1.0 { x[i] = x[i] * x[i]; } else { s = s * x[i]; } }"
    )));
    assert!(reserves(&body(
        "for i in (0..n).step_by(2) { s = s * x[i]; }"
    )));
    // Not counted: a bound the outer loop sets, changes, or lengthens; a loop under a
    // branch, with an exit, or a `while`; a checkpoint.
    assert!(!reserves(&body("for i in 0..t { s = s * x[i]; }")));
    assert!(!reserves(&body("for i in 0..m { s = s * x[i]; }")));
    assert!(!reserves(&body(
        "x = vec![1.0; n]; for i in 0..x.len() { s = s * x[i]; }"
    )));
    assert!(!reserves(&body(
        "if s > 0.0 { for i in 0..n { s = s * x[i]; } }"
    )));
    assert!(!reserves(&body(
        "for i in 0..n { s = s * x[i]; if s > 2.0 { break; } }"
    )));
    assert!(!reserves(&body(
        "let mut k = 0; while k < n { s = s * x[k]; k += 1; }"
    )));
    assert!(!reserves(&body(
        "#[checkpoint] for i in 0..n { s = s * x[i]; }"
    )));
    // A single loop keeps its growing pushes.
    assert!(!reserves(
        "fn g(x: &[f64]) -> f64 { let mut s = 1.0; for i in 0..x.len() { s = s * x[i]; } s }"
    ));
}
