//! Adjoint windows: the offsets around a loop's index that stencil reads touch.

use super::*;

/// The adjoint windows of each `for` loop over an index, outermost first, as
/// `(variable, first offset, last offset)`.
fn windows(src: &str) -> Vec<Vec<(String, i64, i64)>> {
    let f = lower(src);
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    let per_loop = |s: &Stmt| {
        let StmtKind::For {
            var, range, body, ..
        } = &s.kind
        else {
            unreachable!("for_loops gives loops")
        };
        let ws = crate::analysis::window::windows(&f, &act, *var, range, body);
        ws.iter()
            .map(|w| (f.vars[w.var].name.to_string(), w.first, w.last))
            .collect()
    };
    for_loops(&f.body).into_iter().map(per_loop).collect()
}

#[test]
fn stencil_reads_get_adjoint_windows() {
    let w = |v: &str, a, b| vec![(v.to_string(), a, b)];
    // Three offsets, read directly in the body; `n` and the constant `k` get none.
    let src = "fn f(x: &[f64], k: &[f64]) -> f64 {
        let n = x.len();
        let mut s = 0.0;
        for i in 1..n - 1 { s += k[i] * (x[i - 1] - 2.0 * x[i] + x[i + 1]); }
        s
    }";
    assert_eq!(windows(src), vec![w("x", -1, 1)]);
    // Offsets given as `2 + i`, one side only.
    let src = "fn f(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() - 2 { s += x[i + 1] * x[2 + i]; }
        s
    }";
    assert_eq!(windows(src), vec![w("x", 1, 2)]);
    // A sequence the loop writes (`y`) or makes afresh (`t`) has none; `x` still has one.
    let src = "fn f(x: &[f64]) -> f64 {
        let n = x.len();
        let mut y = vec![0.0; n];
        for i in 1..n - 1 {
            let t = vec![x[i - 1], x[i + 1]];
            y[i] = t[0] * y[i - 1] + t[1];
            y[i] += x[i];
        }
        y[n - 2]
    }";
    assert_eq!(windows(src), vec![w("x", -1, 1)]);
}

#[test]
fn reads_that_keep_the_plain_reverse() {
    let none: Vec<Vec<(String, i64, i64)>> = vec![vec![]];
    let cases = [
        // One offset: nothing travels between iterations.
        "fn f(x: &[f64]) -> f64 { let mut s = 0.0; for i in 0..x.len() { s += x[i] * x[i]; } s }",
        // Under a condition: an edge element may never have been indexed.
        "fn f(x: &[f64]) -> f64 { let mut s = 0.0;
            for i in 1..x.len() - 1 { if x[i] > 0.0 { s += x[i - 1] * x[i + 1]; } } s }",
        // An index that is not the loop index plus a literal.
        "fn f(x: &[f64]) -> f64 { let mut s = 0.0;
            for i in 1..x.len() / 2 { s += x[2 * i] * x[i - 1]; } s }",
        // Offsets too far apart for registers.
        "fn f(x: &[f64]) -> f64 { let mut s = 0.0;
            for i in 0..x.len() - 5 { s += x[i] * x[i + 5]; } s }",
        // A step: consecutive iterations are not one element apart.
        "fn f(x: &[f64]) -> f64 { let mut s = 0.0;
            for i in (1..x.len() - 1).step_by(2) { s += x[i - 1] * x[i + 1]; } s }",
        // The whole sequence is used in the body.
        "fn f(x: &[f64]) -> f64 { let mut s = 0.0;
            for i in 1..x.len() - 1 { let y = x.to_vec(); s += x[i - 1] * x[i + 1] * y[i]; } s }",
        // Written in the body.
        "fn f(x: &[f64]) -> f64 { let mut v = x.to_vec(); let mut s = 0.0;
            for i in 1..v.len() - 1 { s += v[i - 1] * v[i + 1]; v[i] = s; } s }",
    ];
    for src in cases {
        assert_eq!(windows(src), none, "{src}");
    }
}
