//! Loops fused with their reverse in `f_vjp`, and the statements that may run early.

use super::*;

#[test]
fn a_loop_fuses_when_its_iterations_only_add_to_what_the_tail_reads_linearly() {
    let wrap = |body: &str, tail: &str| {
        format!(
            "fn f(x: &[f64], c: f64, m: usize) -> f64 {{
                let n = x.len(); let mut s = 0.0; let mut t = 0.0; let mut k = 0;
                {body}
                {tail}
            }}"
        )
    };
    let sum = "for i in 1..n { let d = x[i] - x[i - 1]; s += d * d; t -= c * x[i]; }";
    // Fuses: accumulators (`+=`, `-=`, under a branch), inactive counters, locals the
    // body overwrites, inner loops, calls binding their own results; a tail linear in
    // floats with literal or inactive-parameter coefficients.
    for (body, tail) in [
        (sum, "s"),
        (sum, "2.0 * s - t / 3.0"),
        (sum, "let r = s * (m as f64); r + t"),
        (sum, "s + x[0] - 0.5 * x[m] + x[k]"),
        (
            "for i in 0..n { if x[i] > 0.0 { s += x[i].sin(); } k += 1; }",
            "s",
        ),
        (
            "for i in 0..n { let mut y = x[i]; y = y * y; s += y.exp(); }",
            "s",
        ),
        (
            "for i in 0..n { let mut y = 0.0; for j in 0..i { y += x[j] * x[i]; } s += y * y; }",
            "s",
        ),
        (
            "for i in 0..n { let y = x[i].powi(3); s += y.tanh(); }",
            "s + t",
        ),
    ] {
        assert!(fused(&wrap(body, tail)), "{body} {tail}");
    }
    // Does not: the tail reads the accumulator's value, scales by an active value or
    // indexes by a variable it changes; the loop reads an accumulator, carries other
    // state or saves an outer variable; a loop that can stop early; a statement with
    // blocks after the loop that reads an accumulator.
    for (body, tail) in [
        (sum, "s.sqrt()"),
        (sum, "s * c"),
        (sum, "s * t"),
        (sum, "k += 1; s + x[k]"),
        ("for i in 0..n { s += x[i] * s; }", "s"),
        ("for i in 0..n { s = s * 0.5 + x[i]; }", "s"),
        ("for i in 0..n { t = x[i] * x[i]; s += t; }", "s"),
        ("for i in 0..n { s += x[i]; if s > 1.0 { break; } }", "s"),
        ("for i in 0..n { s += x[k] * x[i]; k += 1; }", "s"),
        (sum, "if m > 1 { s } else { t }"),
        (
            "let mut ks = Vec::new(); for i in 0..n { ks.push(i); s += x[ks[i]]; }",
            "s",
        ),
    ] {
        assert!(!fused(&wrap(body, tail)), "{body} {tail}");
    }
}

/// The index variables of the loops `f_vjp` fuses, and the targets of the early
/// statements.
fn fusion_of(src: &str) -> (Vec<String>, Vec<String>) {
    let f = lower(src);
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    let Some(fusion) = needed::analyze(&f, &act).fusion else {
        return (vec![], vec![]);
    };
    let name = |v: VarId| f.vars[v].name.to_string();
    let loops = fusion.loops.iter().map(|&k| match &f.body.stmts[k].kind {
        StmtKind::For { var, .. } => name(*var),
        _ => unreachable!("only loops are fused"),
    });
    let early = fusion.early.iter().map(|&k| match &f.body.stmts[k].kind {
        StmtKind::Let { var, .. } => name(*var),
        StmtKind::Assign { place, .. } => name(place.var()),
        _ => unreachable!("only lets and assignments are early"),
    });
    (loops.collect(), early.collect())
}

#[test]
fn loops_before_the_tail_fuse_with_scratch_vectors_private_to_each_iteration() {
    // GMM's shape: scratch vectors written whole before they are read in every iteration
    // (directly, or in each iteration of an inner loop), a call, a later loop, a tail with
    // a call and a linear result.
    let gmm = "fn f(x: &[f64], mu: &[f64], a: &[f64], d: usize, k: usize, n: usize) -> f64 {
        let mut xc = vec![0.0; d];
        let mut terms = vec![0.0; k];
        let mut total = 0.0;
        for ix in 0..n {
            for ik in 0..k {
                for j in 0..d { xc[j] = x[ix * d + j] - mu[ik * d + j]; }
                let mut sq = 0.0;
                for j in 0..d { sq += xc[j] * xc[j]; }
                terms[ik] = a[ik] - 0.5 * sq;
            }
            total += lse(&terms);
        }
        let norm = lse(a);
        let mut prior = 0.0;
        for ik in 0..k { prior += a[ik] * a[ik]; }
        let scale = 2.0 * (n as f64);
        total - (n as f64) * norm + prior
    }";
    assert_eq!(
        fusion_of(gmm),
        (
            vec!["ix".into(), "ik_2".into()],
            vec!["scale".into(), "ret".into()]
        )
    );
    let wrap = |body: &str| {
        format!(
            "fn f(x: &[f64], n: usize) -> f64 {{
                let mut v = vec![0.0; n]; let mut s = 0.0;
                {body}
                s
            }}"
        )
    };
    // Fuses: the vector covered by `0..n` or `0..v.len()`, then read, written again, read.
    for body in [
        "for r in 0..3 { for j in 0..n { v[j] = x[j] * (r as f64); } s += v[0] * v[n - 1]; }",
        "for r in 0..3 { for j in 0..v.len() { v[j] = x[j].sin(); } v[1] += s_free(); s += v[1]; }"
            .replace("s_free()", "1.0")
            .as_str(),
    ] {
        assert_eq!(fusion_of(&wrap(body)).0, vec!["r".to_string()], "{body}");
    }
    let same_len = "fn f(x: &[f64]) -> f64 {
        let mut v = vec![0.0; x.len()]; let mut s = 0.0;
        for r in 0..3 { for j in 0..x.len() { v[j] = x[j] * x[j]; } s += v[0]; }
        s
    }";
    assert_eq!(fusion_of(same_len).0, vec!["r".to_string()]);
    // Does not: read before covered, covered in part, covered under a branch, the cover
    // reading the vector, reassigned whole, read after the loop.
    for body in [
        "for r in 0..3 { s += v[0]; for j in 0..n { v[j] = x[j]; } }",
        "for r in 0..3 { for j in 1..n { v[j] = x[j]; } s += v[0]; }",
        "for r in 0..3 { if s > 0.0 { for j in 0..n { v[j] = x[j]; } } s += v[0]; }",
        "for r in 0..3 { for j in 0..n { v[j] = v[j] + x[j]; } s += v[0]; }",
        "for r in 0..3 { v = x.to_vec(); s += v[0]; }",
        "for r in 0..3 { for j in 0..n { v[j] = x[j]; } s += v[0]; } s += v[1];",
    ] {
        assert_eq!(fusion_of(&wrap(body)).0, Vec::<String>::new(), "{body}");
    }
}

#[test]
fn a_statement_reading_a_later_loops_sum_is_not_early() {
    // `u = 2s` reads `s` before the second loop adds to it: hoisted before that loop, its
    // reverse would add to the adjoint the loop reads. It is not early (a later statement
    // writes what it reads), so its reverse runs last, after both fused loops'.
    let src = "fn f(x: &[f64]) -> f64 {
        let mut s = 0.0; let mut t = 0.0;
        for i in 0..x.len() { t += x[i]; }
        let u = 2.0 * s;
        for j in 0..x.len() { s += x[j] * x[j]; }
        s + u + t
    }";
    assert_eq!(
        fusion_of(src),
        (vec!["i".into(), "j".into()], vec!["ret".into()])
    );
}
