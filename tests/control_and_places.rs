//! Control flow and places as numerical code writes them: labelled `break`/`continue`,
//! `loop` with `break value`, `if let` and `match` arms that bind (with guards), `&f64` and
//! `&usize` parameters read through `*`, structs taken by value, and elements written
//! through `iter_mut()` and `&mut v`. Each is checked against central differences (the
//! generated `_gradcheck`, or `check_vjp` for a vector result) and a closed form.
// Written as the code these forms come from is.
#![allow(clippy::manual_unwrap_or, clippy::needless_range_loop)]

use autodiff::gradcheck::{check_vjp, Tolerance};
use autodiff::num_traits::Float;
use autodiff::{differentiate, Differentiable};

/// Pairs `x[i]·x[j]` for `j ≤ i`; a row ends early with `continue 'rows` (skipping the
/// scaling after the inner loop) and the walk ends at row 3 with `break 'rows`.
#[differentiate]
fn lower_triangle(x: &[f64]) -> f64 {
    let mut s = 0.0;
    'rows: for i in 0..x.len() {
        for j in 0..x.len() {
            if j > i {
                continue 'rows;
            }
            if i == 3 {
                break 'rows;
            }
            s += x[i] * x[j];
        }
        s *= 1.5;
    }
    s
}

#[test]
fn labelled_break_and_continue_leave_the_named_loop() {
    let x = [1.0, 2.0, 3.0, 4.0];
    lower_triangle_gradcheck(&x).unwrap();
    // Rows 0..3 each end by `continue 'rows` (never scaled): s = Σ_{j≤i<3} x_i x_j.
    let (s, g) = lower_triangle_grad(&x);
    assert_eq!(s, 1.0 + (2.0 + 4.0) + (3.0 + 6.0 + 9.0));
    // ∂s/∂x_k = Σ_{i<3} x_i + x_k for k < 3 (the square counts twice), 0 for row 3.
    assert_eq!(g, vec![1.0 + 6.0, 2.0 + 6.0, 3.0 + 6.0, 0.0]);
}

/// A scan that stops at the first element above 2.5: `break 'scan` from inside a `loop`.
#[differentiate]
fn scan_to_large(x: &[f64]) -> f64 {
    let mut i = 0;
    'scan: while i < x.len() {
        let mut j = 0;
        loop {
            if j >= 2 {
                break;
            }
            if x[i] > 2.5 {
                break 'scan;
            }
            j += 1;
        }
        i += 1;
    }
    x[0] * (i as f64) + x[1].powi(2)
}

/// A label on a loop over a slice's elements, left from a loop nested in it.
#[differentiate]
fn until_negative_pair(x: &[f64]) -> f64 {
    let mut s = 0.0;
    'pairs: for &a in x.iter() {
        for b in x {
            if a * b < 0.0 {
                break 'pairs;
            }
            s += a * b;
        }
    }
    s
}

#[test]
fn a_labelled_loop_over_elements() {
    let x = [1.0, 2.0, -1.0];
    until_negative_pair_gradcheck(&x).unwrap();
    // a = x0: s = x0·x0 + x0·x1, then x0·x2 < 0 ends both loops.
    let (v, g) = until_negative_pair_grad(&x);
    assert_eq!(v, 3.0);
    assert_eq!(g, vec![2.0 * x[0] + x[1], x[0], 0.0]);
}

#[test]
fn a_labelled_break_out_of_a_while_loop() {
    let x = [1.0, 2.0, 3.0];
    scan_to_large_gradcheck(&x).unwrap();
    let (v, g) = scan_to_large_grad(&x);
    assert_eq!(v, 1.0 * 2.0 + 4.0);
    assert_eq!(g, vec![2.0, 4.0, 0.0]);
}

/// A fixed point iterated five times; the `loop`'s value is its `break` value.
#[differentiate]
fn damped_cosine(x: f64) -> f64 {
    let mut y = x;
    let mut k = 0;
    let r = loop {
        y = y.cos() + 0.1 * x;
        k += 1;
        if k == 5 {
            break y * y;
        }
    };
    r + 1.0
}

/// A `loop` whose value is dropped: its `break y` only ends it.
#[differentiate]
#[rustfmt::skip] // rustfmt drops the `;` that makes this a statement
fn halve_below_one(x: f64) -> f64 {
    let mut y = x;
    loop {
        y *= 0.5;
        if y < 1.0 {
            break y;
        }
    };
    y * x
}

#[test]
fn loop_with_break_value() {
    damped_cosine_gradcheck(0.4).unwrap();
    halve_below_one_gradcheck(5.0).unwrap();
    // 5 → 2.5 → 1.25 → 0.625: y = x/8, f = x²/8.
    let (v, g) = halve_below_one_grad(5.0);
    assert_eq!((v, g), (25.0 / 8.0, 10.0 / 8.0));
}

/// Guards reading a count and a sequence's length beside the pattern's binding (bound
/// before the arms are tried).
#[differentiate]
fn guarded(x: f64, n: usize, mode: Option<usize>) -> f64 {
    let xs = [x, 2.0 * x];
    match mode {
        Some(0) if xs.len() > n => x * x,
        Some(k) if k + 1 < n => x * k as f64,
        _ => x.sin(),
    }
}

#[test]
fn guards_reading_a_count_and_a_length() {
    // x² for mode 0 where n < 2, else k x for k + 1 < n, else sin x.
    for (x, n, mode, value, slope) in [
        (1.5, 1, Some(0), 2.25, 3.0),
        (0.5, 3, Some(0), 0.0, 0.0),
        (0.5, 1, Some(2), 0.5f64.sin(), 0.5f64.cos()),
        (0.5, 3, Some(1), 0.5, 1.0),
        (0.5, 2, Some(1), 0.5f64.sin(), 0.5f64.cos()),
        (0.5, 3, None, 0.5f64.sin(), 0.5f64.cos()),
    ] {
        let (v, g) = guarded_grad(x, n, mode);
        assert_eq!(v, value);
        assert!((g - slope).abs() < 1e-15, "{g} against {slope}");
        guarded_gradcheck(x, n, mode).unwrap();
    }
}

/// `if let` and a `match` whose arms bind an index, one with a guard.
#[differentiate]
fn picked(x: &[f64], idx: Option<usize>) -> f64 {
    let mut s = x[0];
    if let Some(i) = idx {
        s += x[i] * x[i];
    }
    match idx {
        Some(k) if k > 1 => s * x[k],
        Some(_) => s,
        None => s - 1.0,
    }
}

/// An `if let` used for its value, and a binding with a sub-pattern (`r @ 1..=2`).
#[differentiate]
fn weighted_by_residue(x: &[f64], scale: Option<f64>) -> f64 {
    let w = if let Some(c) = scale { c } else { 1.0 };
    let mut total = 0.0;
    for i in 0..x.len() {
        match i % 3 {
            0 => total += w * x[i],
            r @ 1..=2 => total += (r as f64) * x[i] * x[i],
            _ => unreachable!(),
        }
    }
    total
}

#[test]
fn patterns_that_bind_inactive_values() {
    let x = [1.0, 2.0, 3.0];
    for idx in [Some(2), Some(1), None] {
        picked_gradcheck(&x, idx).unwrap();
    }
    // idx = 2: s = x0 + x2², f = s·x2: ∂/∂x0 = x2, ∂/∂x2 = 2x2² + s.
    let (_, g) = picked_grad(&x, Some(2));
    assert_eq!(g, vec![3.0, 0.0, 18.0 + 10.0]);
    let x = [1.0, 2.0, 3.0, 4.0, 5.0];
    weighted_by_residue_gradcheck(&x, Some(2.0)).unwrap();
    let (_, g) = weighted_by_residue_grad(&x, Some(2.0));
    assert_eq!(g, vec![2.0, 4.0, 12.0, 2.0, 10.0]);
}

/// Scalars passed by reference, read with `*` and through auto-deref.
#[differentiate]
fn by_reference(x: &f64, y: f64, n: &usize) -> f64 {
    *x * y + x.sin() * (*n as f64) + x.powi(*n as i32)
}

#[differentiate]
fn generic_by_reference<T: Float>(x: &T, y: &T) -> T {
    *x * *y + x.exp()
}

#[test]
fn scalars_behind_shared_references() {
    // The derived functions take the scalars by value.
    by_reference_gradcheck(0.3, 1.2, 3).unwrap();
    let (v, gx, gy) = by_reference_grad(0.3, 1.2, 3);
    assert_eq!(v, by_reference(&0.3, 1.2, &3));
    let expected = 1.2 + 3.0 * 0.3f64.cos() + 3.0 * 0.09;
    assert!((gx - expected).abs() < 1e-15);
    assert_eq!(gy, 0.3);
    generic_by_reference_gradcheck(0.3, 1.2).unwrap();
}

#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
struct Point {
    x: f64,
    y: f64,
}

/// Structs taken by value, as `Copy` geometry types are.
#[differentiate]
fn distance(a: Point, origin: Point) -> f64 {
    ((a.x - origin.x).powi(2) + (a.y - origin.y).powi(2)).sqrt()
}

#[test]
fn structs_by_value() {
    let (a, o) = (Point { x: 1.0, y: 2.0 }, Point { x: 0.3, y: -0.5 });
    // The derived functions take them by reference.
    distance_gradcheck(&a, &o).unwrap();
    let (d, ga, go) = distance_grad(&a, &o);
    assert_eq!(d, distance(a, o));
    let unit = Point {
        x: 0.7 / d,
        y: 2.5 / d,
    };
    assert!((ga.x - unit.x).abs() < 1e-15 && (ga.y - unit.y).abs() < 1e-15);
    assert_eq!(go, Point { x: -ga.x, y: -ga.y });
}

/// Elements written in place through `iter_mut()`, `&mut v`, `enumerate`, `zip` and
/// `for_each`.
#[differentiate]
fn in_place(x: &[f64]) -> Vec<f64> {
    let mut v = x.to_vec();
    let s: f64 = v.iter().sum();
    for e in v.iter_mut() {
        *e /= s;
    }
    for e in &mut v {
        *e = *e * 2.0 + e.sin();
    }
    for (i, e) in v.iter_mut().enumerate() {
        *e *= (i + 1) as f64;
    }
    for (a, b) in v.iter_mut().zip(x.iter()) {
        *a += b * b;
    }
    v.iter_mut().for_each(|e| *e = e.powi(2));
    v
}

#[test]
fn elements_written_through_iter_mut() {
    let x = [1.0, 2.0, 3.0];
    let f = |p: &[f64]| in_place(p);
    check_vjp(
        f,
        &x,
        |w| in_place_vjp(&x, w.to_vec()).1,
        7,
        Tolerance::default(),
    )
    .unwrap();
    // The first element by hand: u = 2·x0/s + sin(x0/s), then (u + x0²)².
    let s: f64 = x.iter().sum();
    let u = 2.0 * x[0] / s + (x[0] / s).sin();
    assert!((in_place(&x)[0] - (u + 1.0).powi(2)).abs() < 1e-12);
}

/// Variables declared without a value and assigned in every iteration of a loop, as a
/// covariance is often written.
#[differentiate]
fn covariance(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let mean_a: f64 = a.iter().sum::<f64>() / n;
    let mean_b: f64 = b.iter().sum::<f64>() / n;
    let mut da: f64;
    let mut db: f64;
    let mut total = 0.0;
    for (x, y) in std::iter::zip(a, b) {
        da = x - mean_a;
        db = y - mean_b;
        total += da * db / n;
    }
    total
}

#[test]
fn late_initialised_loop_variables_and_zip_as_a_function() {
    let (a, b) = ([1.2, 0.7, 3.4, 2.2], [0.9, 0.4, 2.8, 2.5]);
    covariance_gradcheck(&a, &b).unwrap();
    // ∂cov/∂aᵢ = (bᵢ − b̄)/n (the mean's own term sums to zero).
    let (_, ga, _) = covariance_grad(&a, &b);
    let mean_b = b.iter().sum::<f64>() / 4.0;
    for (g, y) in ga.iter().zip(&b) {
        assert!((g - (y - mean_b) / 4.0).abs() < 1e-15);
    }
}

#[differentiate]
fn sum_of_squares(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}

/// Parts of a slice passed on (`&x[1..]`, `&x[..2]`, `&x[a..=b]`), and its ends read through
/// `first`, `last` and `is_empty`.
#[differentiate]
fn parts_and_ends(x: &[f64]) -> f64 {
    if x.is_empty() {
        return 0.0;
    }
    let inner = sum_of_squares(&x[1..]) + sum_of_squares(&x[..2]) + sum_of_squares(&x[1..=1]);
    inner + *x.last().unwrap() * x.first().copied().unwrap_or(0.0) + *x.get(1).unwrap()
        - x.get(7).copied().unwrap_or(0.5)
}

#[test]
fn sub_slices_passed_on_and_the_ends_of_a_slice() {
    let x = [1.0, 2.0, 3.0];
    parts_and_ends_gradcheck(&x).unwrap();
    // x1² + x2² + x0² + x1² + x1² + x2·x0 + x1 − 0.5: ∂ = [2x0 + x2, 6x1 + 1, 2x2 + x0].
    let (v, g) = parts_and_ends_grad(&x);
    assert_eq!(v, 13.0 + 5.0 + 4.0 + 3.0 + 2.0 - 0.5);
    assert_eq!(g, vec![2.0 + 3.0, 12.0 + 1.0, 6.0 + 1.0]);
    assert_eq!(parts_and_ends_grad(&[]), (0.0, vec![]));
}

/// `let … else` on an inactive `Option`, and a `while let` draining a stack of indices.
#[differentiate]
fn scaled_by(x: f64, scale: Option<f64>) -> f64 {
    let Some(s) = scale else {
        return x;
    };
    x * s
}

#[differentiate]
fn popped_sum(x: &[f64]) -> f64 {
    let mut stack: Vec<usize> = (0..x.len()).collect();
    let mut s = 0.0;
    'drain: while let Some(i) = stack.pop() {
        if i == 0 {
            continue 'drain;
        }
        s += x[i] * x[i - 1];
    }
    let Some(&first) = x.first() else {
        panic!("empty input")
    };
    let (Some(lo), Some(mut hi)) = (Some(1usize), x.len().checked_sub(1)) else {
        return s;
    };
    hi = hi.min(2);
    s + first * x[lo] * x[hi]
}

#[test]
fn let_else_and_while_let() {
    scaled_by_gradcheck(1.5, Some(0.5)).unwrap();
    assert_eq!(scaled_by_grad(1.5, Some(0.5)), (0.75, 0.5));
    assert_eq!(scaled_by_grad(1.5, None), (1.5, 1.0));
    let x = [1.0, 2.0, 3.0];
    popped_sum_gradcheck(&x).unwrap();
    // s = x2·x1 + x1·x0, then + x0·x1·x2.
    let (v, g) = popped_sum_grad(&x);
    assert_eq!(v, 6.0 + 2.0 + 6.0);
    assert_eq!(g, vec![2.0 + 6.0, 3.0 + 1.0 + 3.0, 2.0 + 2.0]);
}

/// An element read through `get`, `last` and `first` in `if let` and `let … else`: the
/// element carries a derivative.
#[differentiate]
fn ends_and_middle(x: &[f64], k: usize) -> f64 {
    let mut s = 0.0;
    if let Some(v) = x.get(k) {
        s += v * v;
    } else {
        s -= 1.0;
    }
    if let Some(&l) = x.last() {
        s += l.sin();
    }
    let Some(f) = x.first() else { return s };
    s * *f
}

#[test]
fn elements_read_through_options() {
    let x = [0.5, -1.5, 2.0];
    ends_and_middle_gradcheck(&x, 1).unwrap();
    ends_and_middle_gradcheck(&x, 7).unwrap();
    // k = 1: (x1² + sin x2)·x0.
    let (v, g) = ends_and_middle_grad(&x, 1);
    let inner = 2.25 + 2.0f64.sin();
    assert_eq!(v, inner * 0.5);
    assert_eq!(g, vec![inner, 2.0 * -1.5 * 0.5, 2.0f64.cos() * 0.5]);
    // k out of bounds: (−1 + sin x2)·x0.
    let (_, g) = ends_and_middle_grad(&x, 7);
    assert_eq!(g, vec![-1.0 + 2.0f64.sin(), 0.0, 2.0f64.cos() * 0.5]);
    assert_eq!(ends_and_middle_grad(&[], 0), (-1.0, vec![]));
}

/// A slice pattern whose `else` returns: the element reads run only when it matched.
#[differentiate]
fn pair_product(x: &[f64]) -> f64 {
    let &[a, b] = x else {
        return -1.0;
    };
    a * b
}

#[test]
fn slice_let_else_that_returns() {
    pair_product_gradcheck(&[2.0, 3.0]).unwrap();
    assert_eq!(pair_product_grad(&[2.0, 3.0]), (6.0, vec![3.0, 2.0]));
    assert_eq!(pair_product_grad(&[2.0]), (-1.0, vec![0.0]));
}

/// A `Vec` result given on two paths, one of them an early `return` of a constant.
#[differentiate]
fn unit_or_empty(x: &[f64]) -> Vec<f64> {
    let s: f64 = x.iter().map(|v| v * v).sum();
    if s == 0.0 {
        return Vec::new();
    }
    if s > 100.0 {
        vec![0.0; x.len()]
    } else {
        x.iter().map(|v| v / s.sqrt()).collect()
    }
}

#[test]
fn a_vec_result_on_several_paths() {
    let x = [3.0, 4.0];
    let f = |p: &[f64]| unit_or_empty(p);
    let vjp = |w: &[f64]| unit_or_empty_vjp(&x, w.to_vec()).1;
    check_vjp(f, &x, vjp, 7, Tolerance::default()).unwrap();
    // u = x/|x|: the VJP with w = e0 is (e0 − u0·u)/|x|.
    let (_, g) = unit_or_empty_vjp(&x, vec![1.0, 0.0]);
    assert!((g[0] - 0.64 / 5.0).abs() < 1e-15 && (g[1] + 0.48 / 5.0).abs() < 1e-15);
    assert_eq!(
        unit_or_empty_jvp(&[0.0, 0.0], &[1.0, 1.0]),
        (vec![], vec![])
    );
    assert_eq!(
        unit_or_empty_vjp(&[20.0, 0.0], vec![1.0, 1.0]).1,
        vec![0.0, 0.0]
    );
}

/// A typed `let … else`, and untyped `let`s from an `if` and a `match` that are floats
/// although a later `k` (another variable) is an index or a cast reads them.
#[allow(clippy::unnecessary_cast)] // the cast of a float to itself is what is tested
#[differentiate]
fn typed_else_and_float_branches(x: &[f64], scale: Option<f64>, n: usize, m: usize) -> f64 {
    let Some(s): Option<f64> = scale else {
        return x[0];
    };
    let k = if n > 2 { x[1] } else { x[0] * x[0] };
    let y = x[0] * k;
    let j = match m {
        0 => x[2] * x[2],
        _ => x[2],
    };
    let k = n - 1;
    s * y * x[k] + (j as f64) * x[0]
}

#[test]
fn typed_let_else_and_branch_values_stay_floats() {
    let x = [0.5, 1.5, 2.5];
    typed_else_and_float_branches_gradcheck(&x, Some(2.0), 3, 0).unwrap();
    typed_else_and_float_branches_gradcheck(&x, Some(2.0), 1, 1).unwrap();
    // n = 3, m = 1: 2·x0·x1·x2 + x2·x0.
    let (_, g) = typed_else_and_float_branches_grad(&x, Some(2.0), 3, 1);
    assert_eq!(
        g,
        vec![
            2.0 * 1.5 * 2.5 + 2.5,
            2.0 * 0.5 * 2.5,
            2.0 * 0.5 * 1.5 + 0.5
        ]
    );
}

// A benchmark function's point unpacked through its reference.
#[differentiate]
fn easom_like(p: &[f64; 2]) -> f64 {
    let [x, y] = *p;
    -(x.cos() * y.cos()) * (-(x - 1.0).powi(2) - (y - 1.0).powi(2)).exp()
}

#[test]
fn array_unpacked_through_deref() {
    let (_, g) = easom_like_grad(&[0.7, 1.3]);
    let (x, y) = (0.7f64, 1.3f64);
    let e = (-(x - 1.0).powi(2) - (y - 1.0).powi(2)).exp();
    let want_x = x.sin() * y.cos() * e + x.cos() * y.cos() * e * 2.0 * (x - 1.0);
    assert!((g[0] - want_x).abs() < 1e-12);
    easom_like_gradcheck(&[0.7, 1.3]).unwrap();
}

#[differentiate]
fn square_of(x: f64) -> f64 {
    x * x
}

// A `while` condition calling a differentiated function: the test runs on the values.
#[differentiate]
fn halved_until_small(x: f64) -> f64 {
    let mut y = x;
    while square_of(y) > 2.0 {
        y *= 0.5;
    }
    y
}

#[test]
fn a_call_in_a_while_condition() {
    // 5 → 2.5 → 1.25: two halvings, so y = x / 4 and dy/dx = 1/4.
    let (v, g) = halved_until_small_grad(5.0);
    assert_eq!((v, g), (1.25, 0.25));
    halved_until_small_gradcheck(5.0).unwrap();
    assert_eq!(halved_until_small_grad(1.0), (1.0, 1.0));
}

/// A Fibonacci-like recurrence by destructuring assignment, as Rust ≥ 1.59 allows:
/// (a, b) ← (b, a + b), starting from (x, y); after n steps a = F(n−1)·x + F(n)·y
/// (F(−1) = 1, F(0) = 0), so ∂a/∂x = F(n−1), ∂a/∂y = F(n). The element form writes
/// `[v[0], v[1]] = [v[1], v[0]]` (a swap) and discards a part with `_`.
#[differentiate]
fn fibonacci_mix(x: f64, y: f64, n: usize) -> f64 {
    let (mut a, mut b) = (x, y);
    for _ in 0..n {
        (a, b) = (b, a + b);
    }
    let mut v = [a, 2.0 * b];
    [v[0], v[1]] = [v[1], v[0]];
    let scale;
    (scale, _) = (v[0] * 0.5, v[1]);
    scale * v[1]
}

/// After n steps a = F(n−1)x + F(n)y and b = F(n)x + F(n+1)y; after the swap v = [2b, a],
/// scale = b, f = b·a. At n = 5 (F = 0, 1, 1, 2, 3, 5, 8):
/// a = 3x + 5y, b = 5x + 8y; ∂f/∂x = 5a + 3b, ∂f/∂y = 8a + 5b.
#[test]
fn destructuring_assignments() {
    let (x, y) = (0.3, -0.7);
    let (a, b) = (3.0 * x + 5.0 * y, 5.0 * x + 8.0 * y);
    let (f, dx, dy) = fibonacci_mix_grad(x, y, 5);
    assert!((f - a * b).abs() < 1e-12, "{f}");
    assert!((dx - (5.0 * a + 3.0 * b)).abs() < 1e-12, "{dx}");
    assert!((dy - (8.0 * a + 5.0 * b)).abs() < 1e-12, "{dy}");
    fibonacci_mix_gradcheck(x, y, 5).unwrap();
    // f = ab, H = [[2·3·5, 3·8 + 5·5], [.., 2·5·8]]; H·(1, 0) = (30, 49).
    let (_, _, _, hx, hy) = fibonacci_mix_hvp(x, y, 5, 1.0, 0.0);
    assert!(
        (hx - 30.0).abs() < 1e-12 && (hy - 49.0).abs() < 1e-12,
        "{hx} {hy}"
    );
}

/// A destructuring assignment from a differentiated call returning an array (a misleading
/// message before; found by a reviewer): (a, b) ← rotate(a, b) by 90° twice gives (−x, −y).
#[differentiate]
fn quarter_turn(a: f64, b: f64) -> [f64; 2] {
    [-b, a]
}

#[differentiate]
fn half_turn(x: f64, y: f64) -> f64 {
    let (mut a, mut b) = (x, y);
    [a, b] = quarter_turn(a, b);
    [a, b] = quarter_turn(a, b);
    a * 2.0 + b * b
}

#[test]
fn destructuring_a_called_array() {
    // a = −x, b = −y: f = −2x + y², ∇f = (−2, 2y).
    assert_eq!(half_turn_grad(0.5, 1.5), (-1.0 + 2.25, -2.0, 3.0));
    half_turn_gradcheck(0.5, 1.5).unwrap();
}

/// A `match` whose catch-all arm does nothing, `_ => (),`, as state machines write it.
#[allow(clippy::single_match)]
#[differentiate]
fn squared_on_zero(x: f64, k: usize) -> f64 {
    let mut y = x;
    match k {
        0 => {
            y = x * x;
        }
        _ => (),
    }
    y
}

#[test]
fn a_match_arm_of_unit_does_nothing() {
    assert_eq!(squared_on_zero_grad(3.0, 0), (9.0, 6.0));
    assert_eq!(squared_on_zero_grad(3.0, 1), (3.0, 1.0));
    squared_on_zero_gradcheck(0.7, 0).unwrap();
}

/// `std::mem::swap` of two float locals (the larger first, as exact sums order them): the
/// places exchanged.
#[differentiate]
fn two_sum(a: f64, b: f64) -> f64 {
    let mut x = a;
    let mut y = b;
    if x.abs() < y.abs() {
        std::mem::swap(&mut x, &mut y);
    }
    let hi = x + y;
    let lo = y - (hi - x);
    hi * x + 3.0 * lo
}

#[test]
fn locals_swapped_by_mem_swap() {
    // |a| < |b|: x = b, y = a, f = (a + b) b (lo = 0 exactly here): ∂/∂a = b, ∂/∂b = a + 2b.
    assert_eq!(two_sum_grad(1.5, -4.0), (10.0, -4.0, -6.5));
    // Otherwise x = a, y = b: f = (a + b) a: ∂/∂a = 2a + b, ∂/∂b = a.
    assert_eq!(two_sum_grad(5.5, 2.0), (41.25, 13.0, 5.5));
    two_sum_gradcheck(1.5, -4.0).unwrap();
}

/// Bisection keeping the previous midpoint by `std::mem::take` (round 57's `bisection`, as
/// numerical crates write it): the old value read, the variable given zero.
#[differentiate]
fn bisect_root_of_two(mut a: f64, mut b: f64, tol: f64) -> f64 {
    let mut x = 0.5 * (a + b);
    let mut x_old = a;
    while (x - x_old).abs() > tol {
        x_old = std::mem::take(&mut x);
        if x_old * x_old > 2.0 {
            b = x_old;
        } else {
            a = x_old;
        }
        x = 0.5 * (a + b);
    }
    x
}

/// `std::mem::take` and `std::mem::replace` bound by `let`.
#[differentiate]
fn taken_and_replaced(x: f64, y: f64) -> f64 {
    let mut a = x * x;
    let old = std::mem::replace(&mut a, 3.0 * y);
    let mut c = a + old;
    let d = std::mem::take(&mut c);
    c + a * old + d
}

/// `std::mem::replace` whose new value reads the name it gives the old one to.
#[differentiate]
fn replaced_reading_the_target(x: f64, y: f64) -> f64 {
    let mut a = x * 2.0;
    let mut b = y;
    b = std::mem::replace(&mut a, b * 0.5);
    let c = b;
    let c = std::mem::replace(&mut a, c * 3.0);
    a * 3.0 + c * b
}

#[test]
fn locals_taken_and_replaced_by_mem() {
    // a = 2x, b = y; then a = y/2, b = 2x; then c = y/2 (the old a), a = 6x:
    // f = 18x + y·x, so ∂/∂x = 18 + y, ∂/∂y = x.
    let (x, y) = (0.7, 1.9);
    let (value, x_bar, y_bar) = replaced_reading_the_target_grad(x, y);
    for (got, want) in [(value, 18.0 * x + y * x), (x_bar, 18.0 + y), (y_bar, x)] {
        assert!((got - want).abs() < 1e-12, "{got} against {want}");
    }
    // The root is an affine mix of the ends (each midpoint is): its weights sum to 1, and
    // they are dyadic (halvings of the bracket).
    let (root, a_bar, b_bar, tol_bar) = bisect_root_of_two_grad(1.2, 1.7, 0.01);
    assert!((root - 2f64.sqrt()).abs() < 0.01);
    assert_eq!((a_bar + b_bar, tol_bar), (1.0, 0.0));
    assert_eq!((a_bar * 128.0).fract(), 0.0);
    bisect_root_of_two_gradcheck(1.2, 1.7, 0.01).unwrap();
    // f = 0 + 3y·x² + (3y + x²): ∂/∂x = 6xy + 2x, ∂/∂y = 3x² + 3.
    let (x, y) = (1.5, 2.0);
    assert_eq!(
        taken_and_replaced_grad(x, y),
        (
            3.0 * y * x * x + 3.0 * y + x * x,
            6.0 * x * y + 2.0 * x,
            3.0 * x * x + 3.0
        )
    );
    taken_and_replaced_gradcheck(x, y).unwrap();
}

/// Exact summation by partial sums (each new value added into the list of
/// non-overlapping partials, which is then cut to its new length by `truncate`).
#[allow(clippy::needless_range_loop)] // the form under test
#[differentiate]
fn exact_sum(values: &[f64]) -> f64 {
    let mut partials: Vec<f64> = vec![];
    for &v in values {
        let mut x = v;
        let mut kept = 0;
        for i in 0..partials.len() {
            let mut y = partials[i];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let lo = y - (hi - x);
            if lo != 0.0 {
                partials[kept] = lo;
                kept += 1;
            }
            x = hi;
        }
        if kept >= partials.len() {
            partials.push(x);
        } else {
            partials[kept] = x;
            partials.truncate(kept + 1);
        }
    }
    let mut total = 0.0;
    for p in partials {
        total += p;
    }
    total * total
}

#[test]
fn partial_sums_cut_by_truncate() {
    // (Σ v)²: ∂/∂vᵢ = 2 Σ v, with sums that drop digits in plain order.
    let values = [1e16, 1.0, -1e16, 3.0, 0.25];
    let (value, grad) = exact_sum_grad(&values);
    assert_eq!(value, 4.25 * 4.25);
    assert_eq!(grad, vec![8.5; 5]);
    exact_sum_gradcheck(&[0.1, 0.2, -0.3, 1.5]).unwrap();
}
