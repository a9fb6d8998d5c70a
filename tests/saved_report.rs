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

/// A scalar recurrence under each schedule: the reverse sweep records a segment's tapes
/// again, and nothing else it allocates (its cotangents are floats).
#[differentiate(report)]
fn orbit(x0: f64, w: f64, steps: usize) -> f64 {
    let mut h = x0;
    #[checkpoint]
    for _t in 0..steps {
        h = (w * h).sin() + 0.5 * h;
    }
    h * h
}

#[differentiate(report)]
fn orbit_binomial(x0: f64, w: f64, steps: usize) -> f64 {
    let mut h = x0;
    #[checkpoint(snapshots = 3)]
    for _t in 0..steps {
        h = (w * h).sin() + 0.5 * h;
    }
    h * h
}

#[differentiate(report)]
fn orbit_while(x0: f64, w: f64, steps: usize) -> f64 {
    let mut h = x0;
    let mut k = 0;
    #[checkpoint]
    while k < steps {
        h = (w * h).sin() + 0.5 * h;
        k += 1;
    }
    h * h
}

/// A checkpointed loop calling a differentiated function, and one generic over its float
/// type: the reverse sweep `f_saved` runs measures the tapes it records, not the callees'
/// pullbacks.
#[differentiate(report)]
fn orbit_calling(x0: f64, w: f64, steps: usize) -> f64 {
    let mut h = x0;
    #[checkpoint]
    for _t in 0..steps {
        h = bump(w, h) + 0.5 * h;
    }
    h * h
}

#[differentiate(report)]
fn orbit_generic<T: autodiff::num_traits::Float>(x0: T, w: T, steps: usize) -> T {
    let mut h = x0;
    #[checkpoint]
    for _t in 0..steps {
        h = (w * h).sin() + h / (T::one() + T::one());
    }
    h * h
}

#[differentiate(report)]
fn orbit_unchecked(x0: f64, w: f64, steps: usize) -> f64 {
    let mut h = x0;
    for _t in 0..steps {
        h = (w * h).sin() + 0.5 * h;
    }
    h * h
}

/// Struct values the pullback keeps: a state changed in a loop (a tape of structs) and a
/// struct holding a vector.
#[derive(autodiff::Differentiable, Clone, Copy)]
pub struct Body {
    pub x: f64,
    pub v: f64,
}

#[derive(autodiff::Differentiable, Clone)]
pub struct Weights {
    pub w: Vec<f64>,
    pub scale: f64,
}

#[differentiate(report)]
fn drift(b0: &Body, k: f64, steps: usize) -> f64 {
    let mut b = *b0;
    for _t in 0..steps {
        b = Body {
            x: b.x + 0.1 * b.v,
            v: b.v - 0.1 * k * b.x.sin(),
        };
    }
    b.x * b.v
}

#[differentiate(report)]
fn weighted_norm(p: &Weights, x: &[f64]) -> f64 {
    let q = p.clone();
    let mut s = 0.0;
    for i in 0..x.len() {
        s += (q.w[i] * x[i]).sin();
    }
    q.scale * s
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

/// A callee whose pullback holds a buffer of its own (`squares`, read by the reverse of
/// the product), reported.
#[differentiate(report)]
fn weighted(x: &[f64], w: f64) -> f64 {
    let squares: Vec<f64> = x.iter().map(|v| v * v).collect();
    let mut s = 0.0;
    for i in 0..squares.len() {
        s += (w * squares[i]).sin();
    }
    s
}

/// The same callee without `report`: its pullbacks are measured by their own size.
#[differentiate]
fn weighted_unreported(x: &[f64], w: f64) -> f64 {
    let squares: Vec<f64> = x.iter().map(|v| v * v).collect();
    let mut s = 0.0;
    for i in 0..squares.len() {
        s += (w * squares[i]).sin();
    }
    s
}

/// Calls of `weighted` in a loop and one outside it.
#[differentiate(report)]
fn layered(x: &[f64], steps: usize) -> f64 {
    let mut w = 0.3;
    for _k in 0..steps {
        w = weighted(x, w).cos();
    }
    weighted(x, w)
}

/// Reported callees of other shapes: generic over the float type, a vector taken by value,
/// a parameter left out by `wrt`.
#[differentiate(report)]
fn generic_norm<T: autodiff::num_traits::Float>(x: &[T]) -> T {
    let copy: Vec<T> = x.to_vec();
    let mut s = T::zero();
    for i in 0..copy.len() {
        s = s + copy[i] * copy[i];
    }
    s.sqrt()
}

#[differentiate(report)]
fn owned_sum(v: Vec<f64>, scale: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..v.len() {
        s += (scale * v[i]).exp();
    }
    s
}

#[differentiate(report, wrt(x))]
fn scaled(x: &[f64], k: f64) -> f64 {
    let y: Vec<f64> = x.iter().map(|v| k * v * v).collect();
    y.iter().sum::<f64>().ln()
}

#[differentiate(report)]
fn mixed(x: &[f64]) -> f64 {
    let v = x.to_vec();
    generic_norm(x) * owned_sum(v, 0.5) + scaled(x, 2.0)
}

#[differentiate(report)]
fn layered_unreported(x: &[f64], steps: usize) -> f64 {
    let mut w = 0.3;
    for _k in 0..steps {
        w = weighted_unreported(x, w).cos();
    }
    w
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

/// The most a counting allocator sees `run`'s pullback hold: after its forward sweep,
/// plus the most its reverse sweep adds (on a fresh thread, with an empty pool).
fn peak_of<R: FnOnce()>(run: impl FnOnce() -> R + Send + 'static) -> usize {
    std::thread::spawn(move || {
        // The pools' own lists, allocated before (what a tape gives back is listed there).
        autodiff::pool::give_back(Vec::<f64>::with_capacity(1));
        autodiff::pool::release();
        let mut reverse = None;
        let forward = allocation_counter::measure(|| reverse = Some(run()));
        let reverse = reverse.expect("the forward sweep ran");
        let sweep = allocation_counter::measure(reverse);
        usize::try_from(forward.bytes_current).expect("held") + sweep.bytes_max as usize
    })
    .join()
    .expect("the measuring thread runs")
}

#[test]
fn the_peak_counts_the_segments_recorded_again() {
    for steps in [9, 40, 101] {
        let peak = peak_of(move || {
            let (_, pullback) = orbit_pullback(0.3, 0.9, steps);
            move || {
                pullback(1.0);
            }
        });
        let r = report_of(move || orbit_saved(0.3, 0.9, steps));
        assert_eq!(r.peak_heap_bytes, peak, "{steps} steps: {r}");
        assert!(r.peak_heap_bytes > r.heap_bytes, "{r}");
        assert_eq!(
            r.peak_bytes - r.peak_heap_bytes,
            r.total_bytes - r.heap_bytes
        );
        // The recording of one segment (√steps steps) instead of all of them.
        let all = report_of(move || orbit_unchecked_saved(0.3, 0.9, steps));
        assert!(
            r.peak_heap_bytes < all.peak_heap_bytes || steps < 100,
            "{r}\n{all}"
        );

        let peak = peak_of(move || {
            let (_, pullback) = orbit_binomial_pullback(0.3, 0.9, steps);
            move || {
                pullback(1.0);
            }
        });
        let r = report_of(move || orbit_binomial_saved(0.3, 0.9, steps));
        assert_eq!(r.peak_heap_bytes, peak, "{steps} steps, binomial: {r}");

        let peak = peak_of(move || {
            let (_, pullback) = orbit_while_pullback(0.3, 0.9, steps);
            move || {
                pullback(1.0);
            }
        });
        let r = report_of(move || orbit_while_saved(0.3, 0.9, steps));
        assert_eq!(
            r.peak_heap_bytes, peak,
            "{steps} steps, a `while` loop: {r}"
        );
        assert!(r.peak_heap_bytes > r.heap_bytes, "{r}");
    }
}

#[test]
fn checkpointed_loops_with_calls_and_generic_floats_report() {
    let r = report_of(|| orbit_calling_saved(0.3, 0.9, 25));
    assert!(r.peak_heap_bytes > r.heap_bytes, "{r}");
    let (g, _, _) = orbit_generic_grad(0.3, 0.9, 25);
    assert_eq!(g, orbit_generic(0.3, 0.9, 25));
    let peak = peak_of(move || {
        let (_, pullback) = orbit_generic_pullback(0.3, 0.9, 25);
        move || {
            pullback(1.0);
        }
    });
    let r = report_of(|| orbit_generic_saved(0.3, 0.9, 25));
    assert_eq!(r.peak_heap_bytes, peak, "{r}");
}

#[test]
fn the_peak_of_a_checkpointed_loop_over_vectors_bounds_the_allocator() {
    for (n, steps) in [(4, 16), (8, 100)] {
        let x = input(n);
        let x2 = x.clone();
        let peak = peak_of(move || {
            let (_, pullback) = damped_pullback(&x2, steps);
            move || {
                pullback(&x2, 1.0);
            }
        });
        let r = report_of(move || damped_saved(&x, steps));
        // The allocator also sees the reverse sweep's cotangents (`x_bar`, `h_bar`, and
        // `nh_bar` with a gradient's temporary in each step, `n` floats each) and, for a
        // moment, the old buffer of a tape of elements growing: a few vectors of `n`, not
        // a segment's recording (`steps / √steps` vectors).
        assert!(r.peak_heap_bytes > r.heap_bytes, "{r}");
        assert!(
            r.peak_heap_bytes <= peak,
            "{} > {peak}: {r}",
            r.peak_heap_bytes
        );
        assert!(peak - r.peak_heap_bytes <= 8 * 8 * n, "{peak}: {r}");
    }
}

#[test]
fn struct_values_are_measured_by_their_leaves() {
    for steps in [3, 20] {
        let b0 = Body { x: 0.3, v: -0.2 };
        let heap = held_after(b0, move |b0| {
            std::mem::forget(drift_pullback(b0, 0.7, steps))
        });
        let r = report_of(move || drift_saved(&b0, 0.7, steps));
        assert_eq!(r.heap_bytes, heap, "{r}");
        assert!(r.values.iter().all(|v| !v.opaque), "{r}");
        let tape = r
            .values
            .iter()
            .find(|v| v.name == "tape of `b`")
            .unwrap_or_else(|| panic!("{r}"));
        assert_eq!(tape.elements, 2 * steps, "{r}");
    }
    for n in [2, 9] {
        let p = Weights {
            w: input(n),
            scale: 1.5,
        };
        let x = input(n);
        let (p2, x2) = (p.clone(), x.clone());
        let heap = held_after((p2, x2), |(p, x)| {
            std::mem::forget(weighted_norm_pullback(p, x))
        });
        let r = report_of(move || weighted_norm_saved(&p, &x));
        assert_eq!(r.heap_bytes, heap, "{r}");
        assert!(r.values.iter().all(|v| !v.opaque), "{r}");
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
fn a_callee_with_a_report_adds_what_its_pullbacks_hold() {
    for (n, steps) in [(3, 2), (10, 7)] {
        let x = input(n);
        let (x2, x3) = (x.clone(), x.clone());
        let heap = held_after(x2, move |x| std::mem::forget(weighted_pullback(x, 0.4)));
        let r = report_of(move || weighted_saved(&x3, 0.4));
        assert_eq!(r.heap_bytes, heap, "{r}");
        assert!(r.heap_bytes >= 8 * n, "`squares` is kept: {r}");
        let one_call = r.heap_bytes;

        let x2 = x.clone();
        let heap = held_after(x2, move |x| std::mem::forget(layered_pullback(x, steps)));
        let r = report_of(move || layered_saved(&x, steps));
        assert_eq!(r.heap_bytes, heap, "{r}");
        let tape = r
            .values
            .iter()
            .find(|v| v.name == "tape of `weighted`'s pullbacks")
            .unwrap_or_else(|| panic!("{r}"));
        let last = r
            .values
            .iter()
            .find(|v| v.name == "pullback of `weighted`")
            .unwrap_or_else(|| panic!("{r}"));
        assert!(!tape.opaque && !last.opaque, "{r}");
        assert_eq!(tape.elements, steps);
        // Each call's pullback holds what one call of `weighted` does.
        assert_eq!(last.heap_bytes, one_call, "{r}");
        assert!(tape.heap_bytes >= steps * one_call, "{r}");
    }
}

#[test]
fn callees_generic_by_value_and_with_wrt_report_too() {
    for n in [2, 9] {
        let x = input(n);
        let x2 = x.clone();
        let heap = held_after(x2, |x| std::mem::forget(mixed_pullback(x)));
        let r = report_of(move || mixed_saved(&x));
        assert_eq!(r.heap_bytes, heap, "{r}");
        assert!(r.values.iter().all(|v| !v.opaque), "{r}");
    }
}

#[test]
fn a_function_generic_over_its_float_measures_its_values() {
    for n in [3, 12] {
        let x = input(n);
        let x2 = x.clone();
        let heap = held_after(x2, |x| std::mem::forget(generic_norm_pullback(x)));
        let r = report_of(move || generic_norm_saved(&x));
        // `copy` is a `Vec<T>`, measured as one (`T: Held` at `f64`).
        assert!(r.values.iter().all(|v| !v.opaque), "{r}");
        assert_eq!(r.values[0].elements, n, "{r}");
        assert_eq!(r.heap_bytes, heap, "{r}");
    }
}

#[test]
fn a_callee_without_a_report_is_measured_from_outside() {
    let x = input(6);
    let r = report_of(move || layered_unreported_saved(&x, 3));
    let tape = &r.values[0];
    assert_eq!(
        tape.name, "tape of `weighted_unreported`'s pullbacks",
        "{r}"
    );
    assert!(tape.opaque, "{r}");
    assert!(r.to_string().contains("(closure)"), "{r}");
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
