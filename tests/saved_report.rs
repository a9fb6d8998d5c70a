//! `#[differentiate(report)]`: `f_saved` lists what `f_pullback` keeps, and its heap total
//! is what a counting allocator sees the pullback hold.
#![allow(clippy::needless_range_loop)]

use autodiff::differentiate;
use autodiff::ndarray::{Array1, Array2};

#[differentiate(report)]
fn straight(x: &[f64], y: f64) -> f64 {
    let s = x.to_vec();
    let a = (y * s[0]).exp();
    let b = a * s[1];
    b.sin() + y
}

#[differentiate(report)]
fn recurrence(x: &[f64], w: f64) -> f64 {
    let mut h = 0.0;
    for i in 0..x.len() {
        h = (w * h + x[i]).tanh();
    }
    h * h
}

#[differentiate(report)]
fn damped(x: &[f64], steps: usize) -> f64 {
    let mut h = x.to_vec();
    #[checkpoint]
    for _t in 0..steps {
        let mut nh = vec![0.0; h.len()];
        for i in 0..h.len() {
            nh[i] = (0.9 * h[i]).sin() + 0.01 * x[i];
        }
        h = nh;
    }
    let mut s = 0.0;
    for i in 0..h.len() {
        s += h[i];
    }
    s
}

#[differentiate]
fn bump(a: f64, b: f64) -> f64 {
    (a * b).sin()
}

#[differentiate(report)]
fn calls(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += bump(x[i], s);
    }
    s
}

#[differentiate(report)]
fn dense(x: &Array2<f64>, w: &Array2<f64>, b: &Array1<f64>) -> f64 {
    let h = x.dot(w) + b;
    let y = &h * &h;
    y.sum()
}

/// Heap bytes `run` leaves allocated when it returns, counted by `allocation-counter`
/// (which counts each thread on its own) on a thread of its own. `run` calls `f_pullback`
/// and forgets the result, so that what the pullback holds after its forward sweep stays
/// allocated past the measurement (the forward sweep's temporaries are freed by then, and
/// the value, a float, owns nothing); the inputs live outside the measurement.
/// A fresh thread matters: tapes of floats come from a per-thread pool
/// (`autodiff::pool`) that keeps buffers between calls, so on a thread that had run a
/// gradient before, a tape would take a kept buffer (no allocation, and maybe larger than
/// this call needs). On a fresh thread the pool is empty: every buffer the pullback holds
/// is allocated by this call, with the capacity the report measures.
fn held_after<I: Send + 'static>(inputs: I, run: impl FnOnce(&I) + Send + 'static) -> usize {
    std::thread::spawn(move || {
        let info = allocation_counter::measure(|| run(&inputs));
        usize::try_from(info.bytes_current).expect("the pullback holds what it allocated")
    })
    .join()
    .expect("the measuring thread runs")
}

/// `f_saved`'s report, made on a fresh thread too (the same empty pool).
fn report_of(
    run: impl FnOnce() -> autodiff::SavedReport + Send + 'static,
) -> autodiff::SavedReport {
    std::thread::spawn(run).join().expect("the report is made")
}

fn names(r: &autodiff::SavedReport) -> Vec<(&str, bool)> {
    r.values
        .iter()
        .map(|v| (v.name.as_str(), v.recomputed))
        .collect()
}

/// The bytes the report lists outside the heap: floats and integers held in the closure.
fn inline(r: &autodiff::SavedReport) -> usize {
    r.total_bytes - r.heap_bytes
}

fn input(n: usize) -> Vec<f64> {
    (0..n).map(|i| (i as f64 * 0.37).sin()).collect()
}

#[test]
fn straight_line_keeps_its_locals() {
    for n in [4, 9] {
        let x = input(n);
        let x2 = x.clone();
        let heap = held_after(x2, |x| std::mem::forget(straight_pullback(x, 0.5)));
        let r = report_of(move || straight_saved(&x, 0.5));
        // `y` (a parameter by value), `s` (the copy of `x`, read by index), `a` (read by
        // the product's reverse and, as `exp`'s result, its own) and `b` (`sin`'s input).
        assert_eq!(
            names(&r),
            [
                ("`y`", false),
                ("`s`", false),
                ("`a`", false),
                ("`b`", false)
            ]
        );
        assert_eq!(r.heap_bytes, 8 * n, "{r}");
        assert_eq!(r.heap_bytes, heap, "{r}");
        assert_eq!(inline(&r), 3 * 8);
        assert_eq!(r.total_bytes, heap + 3 * 8);
        assert_eq!(r.peak_bytes, r.total_bytes);
        assert_eq!(r.values[1].line, 10);
    }
}

#[test]
fn a_loop_keeps_its_tapes() {
    for n in [4, 50] {
        let x = input(n);
        let x2 = x.clone();
        let heap = held_after(x2, |x| std::mem::forget(recurrence_pullback(x, 0.5)));
        let r = report_of(move || recurrence_saved(&x, 0.5));
        // The old `h` of each iteration and each `tanh`'s result (its partial reads it);
        // `w`, the last `h` and the range's start are held in the closure.
        assert_eq!(
            names(&r),
            [
                ("`w`", false),
                ("tape of `h`", false),
                ("tape of `tanh_result`", false),
                ("`h`", false),
                ("`lo`", false),
            ]
        );
        assert_eq!(r.values[1].elements, n);
        assert_eq!(r.values[1].site, "the loop at line 19");
        assert_eq!(r.heap_bytes, 2 * 8 * n, "{r}");
        assert_eq!(r.heap_bytes, heap, "{r}");
        assert_eq!(r.total_bytes, heap + 3 * 8);
    }
}

#[test]
fn a_checkpointed_loop_keeps_snapshots_and_recomputes_its_segments() {
    for (n, steps) in [(4, 16), (8, 100)] {
        let x = input(n);
        let x2 = x.clone();
        let heap = held_after(x2, move |x| std::mem::forget(damped_pullback(x, steps)));
        let r = report_of(move || damped_saved(&x, steps));
        let listed = names(&r);
        assert_eq!(listed[0], ("checkpoint snapshots", false), "{r}");
        // What a segment records, it records again in the reverse sweep.
        for tape in ["tape of `nh`", "tape of `nh`'s elements"] {
            assert!(listed.contains(&(tape, true)), "{r}");
        }
        let recomputed = r.values.iter().filter(|v| v.recomputed);
        assert!(recomputed.clone().all(|v| v.bytes == 0));
        // √steps snapshots of `h`, each `n` floats.
        let snapshots = &r.values[0];
        let k = (steps as f64).sqrt().ceil() as usize;
        assert_eq!(snapshots.elements, k * n, "{r}");
        assert_eq!(r.heap_bytes, heap, "{r}");
    }
}

#[test]
fn a_call_keeps_its_callees_pullbacks() {
    for n in [4, 33] {
        let x = input(n);
        let x2 = x.clone();
        let heap = held_after(x2, |x| std::mem::forget(calls_pullback(x)));
        let r = report_of(move || calls_saved(&x));
        // One pullback of `bump` per iteration, each holding its two floats.
        assert_eq!(
            names(&r),
            [("tape of `bump`'s pullbacks", false), ("`lo`", false)]
        );
        assert_eq!(r.values[0].elements, n);
        assert!(r.values[0].opaque);
        assert_eq!(r.heap_bytes, heap, "{r}");
        assert_eq!(r.heap_bytes, n * 16, "{r}");
    }
}

#[test]
fn an_ndarray_function_keeps_its_arrays() {
    for rows in [3, 20] {
        let x = Array2::from_shape_fn((rows, 4), |(i, j)| (i + j) as f64 * 0.1);
        let w = Array2::from_shape_fn((4, 2), |(i, j)| (i * j) as f64 * 0.2 - 0.3);
        let b = Array1::from_elem(2, 0.3);
        let (x2, w2, b2) = (x.clone(), w.clone(), b.clone());
        let heap = held_after((x2, w2, b2), |(x, w, b)| {
            std::mem::forget(dense_pullback(x, w, b))
        });
        let r = report_of(move || dense_saved(&x, &w, &b));
        let arrays: Vec<&str> = r
            .values
            .iter()
            .filter(|v| !v.opaque)
            .map(|v| v.name.as_str())
            .collect();
        // The product, the sum and the square: each `rows × 2`, read by a rule's pullback.
        assert_eq!(arrays, ["`matmul`", "`h`", "`y`"]);
        assert_eq!(r.heap_bytes, 3 * rows * 2 * 8, "{r}");
        assert_eq!(r.heap_bytes, heap, "{r}");
    }
}

#[test]
fn the_report_prints_as_a_table() {
    let table = recurrence_saved(&[0.1, 0.2, 0.3, 0.4], 0.5).to_string();
    assert!(
        table.starts_with("what the reverse pass of `recurrence` keeps:"),
        "{table}"
    );
    assert!(table.contains("tape of `h`"), "{table}");
    assert!(table.contains("the loop at line 19"), "{table}");
    let table = damped_saved(&[0.1, 0.2], 9).to_string();
    assert!(table.contains("recomputed"), "{table}");
}
