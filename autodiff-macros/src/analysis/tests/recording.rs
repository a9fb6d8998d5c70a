//! Activity analysis and what the forward sweep records for the reverse one.

use super::*;

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
