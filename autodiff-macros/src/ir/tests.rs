//! IR unit tests: lower a function, run the analyses, and assert on the printed IR and on
//! what the analyses decided.

use super::print::print;
use super::*;
use crate::analysis::{activity, needed};

fn lower(src: &str) -> Func {
    let item: syn::ItemFn = syn::parse_str(src).expect("test input parses");
    let all = |_: &Ident, shape: ParamShape| shape != ParamShape::Inactive;
    match lower::lower_fn(&item, &all, false) {
        Ok(f) => f,
        Err(errors) => panic!("lowering failed: {}", errors[0]),
    }
}

fn var(f: &Func, name: &str) -> VarId {
    f.vars
        .iter()
        .position(|v| v.name == name)
        .unwrap_or_else(|| panic!("no variable {name}"))
}

#[test]
fn exits_become_flags_that_guard_the_rest() {
    let f = lower(
        "fn f(x: &[f64]) -> f64 {
            let mut s = 0.0;
            for i in 0..x.len() {
                if x[i] < 0.0 { continue; }
                s += x[i];
                if s > 1.0 { break; }
            }
            s
        }",
    );
    let expected = "\
let s = 0.0
let lo = 0
let hi = x.len()
let brk = false
let cont = false
for i in lo..hi {
    cont = false
    let cond = (x[i] Lt 0.0)
    if cond {
        cont = true
    }
    let go = !cont
    if go {
        s += x[i]
        let cond_2 = (s Gt 1.0)
        if cond_2 {
            brk = true
        }
    }
    exit if brk
} counted in trips
let ret = s
";
    assert_eq!(print(&f), expected);
}

#[test]
fn shadowing_gets_fresh_names_and_calls_are_split() {
    let f = lower("fn f(x: f64) -> f64 { let y = g(x) * 2.0; let y = y + x; y }");
    let printed = print(&f);
    assert!(
        printed.contains("let (call, call_pb) = split g(x)"),
        "{printed}"
    );
    assert!(printed.contains("let y_2 = (y + x)"), "{printed}");
}

#[test]
fn a_copied_call_result_keeps_its_binding() {
    // `let t = s;` copies the call's result: the call still defines `s`.
    let f = lower("fn f(a: f64) -> f64 { let s = g(a, a); let t = s; s + t }");
    let printed = print(&f);
    assert!(
        printed.contains("let (s, s_pb) = split g(a, a)"),
        "{printed}"
    );
    assert!(printed.contains("let t = s"), "{printed}");
}

#[test]
fn activity_follows_data_flow_through_loops() {
    let f = lower(
        "fn f(x: f64, n: usize) -> f64 {
            let mut a = 1.0;
            let mut c = 0.0;
            let mut k = 0;
            for _i in 0..n { a = a * x; c = c + 1.0; k += 1; }
            a + c
        }",
    );
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    assert!(act.is_active(var(&f, "a")));
    assert!(!act.is_active(var(&f, "c")), "c never depends on x");
    assert!(!act.is_active(var(&f, "k")), "integers are never active");
}

#[test]
fn only_values_the_reverse_sweep_reads_are_recorded() {
    let f = lower(
        "fn f(x: &[f64], w: f64) -> f64 {
            let mut acc = 0.0;
            let mut s = 0.0;
            for i in 0..x.len() {
                acc = acc * w + x[i];
                s += x[i] * x[i];
            }
            acc + s
        }",
    );
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    let need = needed::analyze(&f, &act);
    assert!(
        need.is_needed(var(&f, "acc")),
        "acc * w: the old acc is read by w's adjoint"
    );
    assert!(!need.is_needed(var(&f, "s")), "s += …: no adjoint reads s");
    assert!(
        need.is_needed(var(&f, "i")),
        "x[i]: the index is read by the scatter into x_bar"
    );
}

#[test]
fn values_set_by_both_arms_from_unchanged_values_are_recomputed() {
    let f = lower(
        "fn f(x: &[f64]) -> f64 {
            let n = x.len();
            let mut e = 0.0;
            let mut shift = 1;
            for i in 0..n {
                let next = if i + 1 == n { 0 } else { i + 1 };
                let w = if i % 2 == 0 { x[0] } else { x[n - 1] * 0.5 };
                let far = if shift < n { shift } else { 0 };
                let both = if i > 2 { let m = i - 1; m } else { i };
                e += w * x[i] * x[next] * x[far] * x[both];
                shift += 2;
            }
            e
        }",
    );
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    let need = needed::analyze(&f, &act);
    // The branch-initialised values are temporaries named after the source's.
    let named = |name: &str| {
        let v = f
            .vars
            .iter()
            .rposition(|v| v.name.to_string().starts_with(name))
            .unwrap();
        (need.is_needed(v), need.remat.contains(v))
    };
    assert_eq!(named("next"), (true, true), "from the loop index and `n`");
    assert_eq!(
        named("w"),
        (true, true),
        "from the parameter, never written"
    );
    assert_eq!(named("far"), (true, false), "`shift` changes in the loop");
    assert_eq!(
        named("both"),
        (true, false),
        "an arm with a statement of its own"
    );
}

#[test]
fn collected_vectors_stay_active() {
    let f = lower(
        "fn f(x: &[f64]) -> f64 {
            let squares: Vec<f64> = x.iter().map(|v| v * v).collect();
            squares[1]
        }",
    );
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    let printed = print(&f);
    for name in ["squares", "ret"] {
        assert!(
            act.is_active(var(&f, name)),
            "{name} inactive in\n{printed}"
        );
    }
}

/// The `for` loops of a block and of the blocks nested in it, outermost first.
fn for_loops(b: &Block) -> Vec<&Stmt> {
    let mut found = vec![];
    for s in &b.stmts {
        if matches!(s.kind, StmtKind::For { .. }) {
            found.push(s);
        }
        for inner in s.blocks() {
            found.extend(for_loops(inner));
        }
    }
    found
}

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
        let vars = need.bulk.restored_after.get(&(s as *const Stmt));
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

/// Whether `f_vjp` of `src` runs its last loop fused with its reverse.
fn fused(src: &str) -> bool {
    let f = lower(src);
    let act = activity::analyze(&f).unwrap_or_else(|_| panic!("activity failed"));
    needed::analyze(&f, &act).fusion.is_some()
}

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

/// The output buffers whose entry contents `src` may read, by name.
fn read_on_entry(src: &str) -> Vec<String> {
    lower(src)
        .read_on_entry
        .iter()
        .map(|(name, _)| name.to_string())
        .collect()
}

#[test]
fn output_buffers_read_on_entry_where_not_surely_written() {
    let accepted = [
        // softmax into the buffer: written, read in the same iteration, then divided.
        "fn f(x: &[f64], out: &mut [f64]) { let mut s = 0.0; for i in 0..x.len() { out[i] = x[i].exp(); s += out[i]; } for i in 0..x.len() { out[i] /= s; } }",
        // zeroed by a loop over its length, then accumulated anywhere.
        "fn f(x: &[f64], idx: &[usize], out: &mut [f64]) { for i in 0..out.len() { out[i] = 0.0; } for k in 0..x.len() { out[idx[k]] += x[k]; } }",
        // a recurrence: out[0] first, then out[i - 1] written by the iteration before.
        "fn f(x: &[f64], out: &mut [f64]) { out[0] = x[0]; for i in 1..x.len() { out[i] = out[i - 1] * x[i]; } }",
        // a prefix sum in place over a stretch written from 0.
        "fn f(x: &[f64], n: usize, out: &mut [f64]) { for i in 0..n { out[i] = x[i]; } for i in 1..n { out[i] += out[i - 1]; } }",
        // matrix-vector product: each row zeroed, then accumulated.
        "fn f(a: &[f64], x: &[f64], out: &mut [f64]) { let n = out.len(); let m = x.len(); for i in 0..n { out[i] = 0.0; for j in 0..m { out[i] += a[i * m + j] * x[j]; } } }",
        // literal indices, and both branches writing the element.
        "fn f(x: f64, out: &mut [f64]) { out[0] = x; out[1] = out[0] * x; if x > 0.0 { out[2] = x; } else { out[2] = -x; } out[3] = out[2] + out[1]; }",
    ];
    for src in accepted {
        assert!(read_on_entry(src).is_empty(), "{src}");
    }
    let read = [
        // the first access reads the entry contents.
        "fn f(x: &[f64], out: &mut [f64]) { for i in 0..x.len() { out[i] += x[i]; } }",
        // out[0] is written, out[1] is read: its entry value.
        "fn f(x: f64, out: &mut [f64]) { out[0] = x; out[0] = out[1] * x; }",
        // written on one branch only.
        "fn f(x: f64, out: &mut [f64]) { if x > 0.0 { out[0] = x; } out[1] = out[0]; }",
        // the index changed after the write.
        "fn f(x: f64, out: &mut [f64]) { let mut k = 0; out[k] = x; k += 1; out[0] = out[k]; }",
        // a stretch 0..n does not cover a loop up to another bound.
        "fn f(x: &[f64], n: usize, out: &mut [f64]) { for i in 0..n { out[i] = x[i]; } for i in 0..x.len() { out[i] *= 2.0; } }",
        // a recurrence reaching below what was written before the loop.
        "fn f(x: &[f64], out: &mut [f64]) { out[1] = x[0]; for i in 2..x.len() { out[i] = out[i - 2] * x[i]; } }",
        // a loop that writes only some iterations.
        "fn f(x: &[f64], out: &mut [f64]) { for i in 0..out.len() { if x[i] > 0.0 { out[i] = x[i]; } } for i in 0..out.len() { out[i] *= 2.0; } }",
        // the whole buffer read after a partial write.
        "fn f(x: f64, out: &mut [f64]) -> f64 { out[0] = x; out.iter().sum::<f64>() }",
        // a stretch whose bound the writing loop changes.
        "fn f(x: &[f64], out: &mut [f64]) { let mut n = 1; for i in 0..n { out[i] = x[i]; n = x.len(); } for i in 0..n { out[i] *= 2.0; } }",
        // an enclosing loop's bound changed inside it, then compared with a stretch.
        "fn f(x: &[f64], out: &mut [f64]) -> f64 { let mut n = out.len(); let mut s = 0.0; for i in 0..n { n = 1; for j in 0..n { out[j] = x[j]; } s += out[i]; } s }",
        // an index vector changed by a method between the write and the read.
        "fn f(x: f64, out: &mut [f64]) { let mut order = vec![1usize, 0]; out[order[0]] = x; order.reverse(); out[0] = out[order[0]] * x; }",
    ];
    for src in read {
        assert_eq!(read_on_entry(src), ["out"], "{src}");
    }
}

/// A name alone in brackets after an expression is an index (an integer); after a keyword
/// or `=` it is an array element, whose kind the brackets do not tell.
#[test]
fn index_evidence_only_after_expressions() {
    let mut kinds = std::collections::HashMap::new();
    let body: proc_macro2::TokenStream =
        quote::quote!(let a = x[i] + g(y)[j]; let b = [u]; let c = vec![v]; return [w];);
    super::lower::collect_use_kinds(body, &mut kinds);
    assert_eq!(kinds.get("i"), Some(&Kind::Int));
    assert_eq!(kinds.get("j"), Some(&Kind::Int));
    for name in ["u", "v", "w"] {
        assert_eq!(kinds.get(name), None, "{name}");
    }
}
