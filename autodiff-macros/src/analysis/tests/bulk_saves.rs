//! Elements overwritten in loops: saved in bulk before the loop, per write or not at all,
//! and restored after it.

use super::*;

/// For each `for` loop over an index, outermost first, the variables whose overwritten
/// elements it saves before it starts.
fn bulk_saved(src: &str) -> Vec<Vec<String>> {
    let f = lower(src);
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    let need = needed::analyze(&f, &act);
    let per_loop = |s: &Stmt| {
        let StmtKind::For {
            var,
            range,
            body,
            exit,
            ..
        } = &s.kind
        else {
            unreachable!("for_loops gives loops")
        };
        let saves = crate::analysis::bulk_save::bulk_saves(&f, &need, range, *var, body, exit);
        saves
            .iter()
            .map(|(_, v)| f.vars[*v].name.to_string())
            .collect()
    };
    for_loops(&f.body).into_iter().map(per_loop).collect()
}

#[test]
fn elements_overwritten_at_the_index_are_saved_in_bulk() {
    let src = "fn f(x0: &[f64]) -> f64 {
        let mut x = x0.to_vec();
        let mut y = x0.to_vec();
        for i in 1..x.len() {
            x[i] = x[i] * x[i - 1];
            y[i - 1] = y[i] * x[i];
        }
        x[0] + y[0]
    }";
    // `x[i]` is saved before the loop; `y[i - 1]` is not at the index.
    assert_eq!(bulk_saved(src), vec![vec!["x".to_string()]]);
    let cases = [
        // A sequence made afresh in every iteration: it does not exist before the loop.
        "fn f(a: &[f64]) -> f64 { let mut s = 0.0;
            for i in 0..a.len() { let mut t = vec![1.0; a.len()]; t[i] = a[i] * a[i]; s += t[i] * a[i]; } s }",
        // Two writes in one iteration: the second would save the first's value.
        "fn f(x0: &[f64]) -> f64 { let mut x = x0.to_vec();
            for i in 0..x.len() { x[i] = x[i] * x[i]; x[i] = x[i].sin(); } x[0] }",
        // Under a condition: not every element is saved.
        "fn f(x0: &[f64]) -> f64 { let mut x = x0.to_vec();
            for i in 0..x.len() { if x[i] > 0.0 { x[i] = x[i] * x[i]; } } x[0] }",
        // A step: the iterations are not one element apart.
        "fn f(x0: &[f64]) -> f64 { let mut x = x0.to_vec();
            for i in (0..x.len()).step_by(2) { x[i] = x[i] * x[i]; } x[0] }",
        // A loop that may stop early.
        "fn f(x0: &[f64]) -> f64 { let mut x = x0.to_vec();
            for i in 0..x.len() { x[i] = x[i] * x[i]; if x[i] > 2.0 { break; } } x[0] }",
    ];
    for src in cases {
        assert_eq!(bulk_saved(src), vec![Vec::<String>::new()], "{src}");
    }
}

/// Per write of an element of `name`, in program order: whether it saves the element it
/// overwrites, in the split form and in `f_vjp`'s joint body.
fn element_saves(src: &str, name: &str) -> (Vec<bool>, Vec<bool>) {
    fn walk<'a>(b: &'a Block, out: &mut Vec<&'a Stmt>) {
        for s in &b.stmts {
            out.push(s);
            s.blocks().into_iter().for_each(|inner| walk(inner, out));
        }
    }
    let f = lower(src);
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    let need = needed::analyze(&f, &act);
    let mut stmts = vec![];
    walk(&f.body, &mut stmts);
    let v = var(&f, name);
    let writes: Vec<&Stmt> = stmts
        .into_iter()
        .filter(
            |s| matches!(&s.kind, StmtKind::Assign { place: Place::Index(u, _), .. } if *u == v),
        )
        .collect();
    let saves = |n: &needed::Needed| {
        let saves = |s: &&Stmt| needed::save_site(&f, n, s).is_some();
        writes.iter().map(saves).collect()
    };
    (saves(&need), need.joint.as_deref().map_or(vec![], saves))
}

#[test]
fn a_vector_written_whole_saves_for_the_reverses_after_it_only() {
    // GMM's `qxcentered`: written whole, updated in place, read. The whole write saves the
    // previous iteration's values; the updates, which no reverse between them and the
    // whole write reads, save nothing.
    let src = "fn f(x: &[f64], w: &[f64]) -> f64 {
        let d = w.len();
        let mut c = vec![0.0; d];
        let mut q = vec![0.0; d];
        let mut total = 0.0;
        for k in 0..x.len() / d {
            for j in 0..d { c[j] = x[k * d + j] - w[j]; }
            for j in 0..d { q[j] = c[j] * c[j]; }
            for i in 0..d { for j in i + 1..d { q[j] += w[i] * c[i]; } }
            let mut norm = 0.0;
            for j in 0..d { norm += q[j] * q[j]; }
            total += norm.sqrt();
        }
        total.ln()
    }";
    assert_eq!(element_saves(src, "q").0, [true, false]);
    // A read of `q` between the whole write and the update: the update saves for it.
    let read_between = src.replace(
        "for i in 0..d { for",
        "total += q[d - 1].exp(); for i in 0..d { for",
    );
    assert_eq!(element_saves(&read_between, "q").0, [true, true]);
    // The whole write under a branch covers nothing.
    let branch = src.replace(
        "for j in 0..d { q[j] = c[j] * c[j]; }",
        "if k > 0 { for j in 0..d { q[j] = c[j] * c[j]; } }",
    );
    assert_eq!(element_saves(&branch, "q").0, [true, true]);
}

#[test]
fn a_fused_iteration_saves_nothing_for_the_iterations_before_it() {
    // GMM's `main_term`: each iteration of the fused loop writes it whole and reads it in
    // a call. The split form saves the previous iteration's values; the joint body, whose
    // earlier iterations' reverses have run, does not. `c`'s writes save in both: the
    // reverse of each inner iteration reads its own values.
    let src = "fn f(x: &[f64], w: &[f64]) -> f64 {
        let d = w.len();
        let mut c = vec![0.0; d];
        let mut m = vec![0.0; d];
        let mut total = 0.0;
        for k in 0..x.len() / d {
            for i in 0..d {
                for j in 0..d { c[j] = x[k * d + j] * w[i]; }
                let mut s = 0.0;
                for j in 0..d { s += c[j] * c[j]; }
                m[i] = s;
            }
            total += g(&m);
        }
        total
    }";
    assert_eq!(element_saves(src, "m"), (vec![true], vec![false]));
    assert_eq!(element_saves(src, "c"), (vec![true], vec![true]));
}

/// For each `for` loop, outermost first, the variables whose bulk-saved elements its
/// reverse puts back after it is done, in one copy.
fn restored_after(src: &str) -> Vec<Vec<String>> {
    let f = lower(src);
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    let need = needed::analyze(&f, &act);
    let per_loop = |s: &Stmt| {
        let vars = need.bulk.restored_after.get(&s.id);
        vars.into_iter()
            .flatten()
            .map(|v| f.vars[*v].name.to_string())
            .collect()
    };
    for_loops(&f.body).into_iter().map(per_loop).collect()
}

#[test]
fn restores_wait_for_the_loop_when_no_reverse_reads_an_old_element() {
    let wrap = |body: &str| {
        format!(
            "fn f(x0: &[f64], v: &[f64]) -> f64 {{
                let n = x0.len(); let mut x = x0.to_vec(); let mut s = 0.0;
                {body}
                s + x[0]
            }}"
        )
    };
    let x = || vec![vec!["x".to_string()]];
    let none = || vec![Vec::<String>::new()];
    // Waits: later statements read the element itself, or one the loop has overwritten
    // already (behind it, in either direction); `x[i] = e` with no `x` in `e`.
    for body in [
        "for i in 1..n { x[i] += 0.1 * v[i]; s += x[i] * x[i - 1]; }",
        "for i in (0..n - 1).rev() { x[i] -= v[i] * v[i]; s += x[i] * x[i + 1]; }",
        "for i in 0..=n - 1 { x[i] = v[i].sin(); if s > 1.0 { s = s * x[i]; } }",
    ] {
        assert_eq!(restored_after(&wrap(body)), x(), "{body}");
    }
    // One by one: a later read ahead of the loop, an earlier read, the overwriting
    // statement reading `x`, `x` used whole.
    for body in [
        "for i in 0..n - 1 { x[i] += v[i]; s += x[i] * x[i + 1]; }",
        "for i in (1..n).rev() { x[i] += v[i]; s += x[i] * x[i - 1]; }",
        "for i in 0..n { s += x[i] * x[i]; x[i] += v[i]; }",
        "for i in 0..n { x[i] = x[i] * v[i]; }",
        "for i in 0..n { x[i] *= v[i]; }",
        "for i in 0..n { x[i] += v[i]; s += x.len() as f64 * x[i]; }",
    ] {
        assert_eq!(bulk_saved(&wrap(body)), x(), "{body}");
        assert_eq!(restored_after(&wrap(body)), none(), "{body}");
    }
}
