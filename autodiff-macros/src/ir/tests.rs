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
