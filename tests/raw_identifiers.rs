//! Raw identifiers (`r#type`) wherever an identifier can stand: parameters, `wrt(…)`,
//! locals, closure parameters and the function's own name. The derived items' names drop
//! the `r#` (`r#type`'s adjoint is `type_bar`); a derived name that is itself a keyword
//! stays raw. Gradients are checked against closed forms and the generated `_gradcheck`.

#![allow(clippy::needless_range_loop)] // index loops are the form under test

use autodiff::differentiate;

// f = Σ inᵢ·2t + 2t·t = 2t·Σ inᵢ + 2t².
#[differentiate]
fn raw_names(r#type: f64, r#in: &[f64]) -> f64 {
    let r#loop = r#type * 2.0;
    let mut s = 0.0;
    for i in 0..r#in.len() {
        s += r#in[i] * r#loop;
    }
    let g = |r#move: f64| r#move * r#type;
    s + g(r#loop)
}

#[differentiate(wrt(r#type))]
fn raw_wrt(r#type: f64, y: f64) -> f64 {
    r#type.sin() * y
}

#[differentiate]
fn r#match(x: f64) -> f64 {
    x * x * x
}

#[test]
fn raw_identifiers_everywhere() {
    let (t, xs) = (0.6, [0.5, -1.5, 2.0]);
    let (v, gt, gin) = raw_names_grad(t, &xs);
    let sum: f64 = xs.iter().sum();
    assert!((v - (2.0 * t * sum + 2.0 * t * t)).abs() < 1e-12);
    assert!((gt - (2.0 * sum + 4.0 * t)).abs() < 1e-12, "{gt}");
    assert!(gin.iter().all(|g| (g - 2.0 * t).abs() < 1e-12), "{gin:?}");
    raw_names_gradcheck(t, &xs).unwrap();

    let (_, g) = raw_wrt_grad(0.3, 2.0);
    assert!((g - 2.0 * 0.3f64.cos()).abs() < 1e-12);
    raw_wrt_gradcheck(0.3, 2.0).unwrap();

    let (_, g) = match_grad(1.5);
    assert!((g - 3.0 * 1.5 * 1.5).abs() < 1e-12);
    assert_eq!(r#match(2.0), 8.0);
    match_gradcheck(1.5).unwrap();
}

// f = in·y + y: a raw name captured, then shadowed before the call; a raw closure
// parameter; arguments swapped against raw parameter names.
#[differentiate]
fn raw_names_in_closures(r#in: f64, y: f64) -> f64 {
    let g = |r#type: f64| r#type * r#in;
    let h = |r#in: f64, r#type: f64| r#in - r#type;
    let r#in = y;
    let r#type = 0.0;
    g(y) + h(r#in, r#type)
}

#[test]
fn raw_identifiers_in_closures() {
    let (a, y) = (0.6, -1.2);
    let (v, ga, gy) = raw_names_in_closures_grad(a, y);
    assert!((v - (a * y + y)).abs() < 1e-15);
    assert!((ga - y).abs() < 1e-15 && (gy - (a + 1.0)).abs() < 1e-15);
    raw_names_in_closures_gradcheck(a, y).unwrap();
}

// `r#x` and `x` are one identifier (Rust reads a raw identifier that is no keyword as the
// plain one): both spellings name one variable, in the function and in `wrt(…)`.
#[differentiate]
fn raw_and_plain(r#x: f64, y: f64) -> f64 {
    let t = x * y;
    r#t * r#x + x
}

#[differentiate]
fn raw_and_plain_buffer(r#x: f64, y: f64, out: &mut [f64]) {
    out[0] = x * y + r#x;
}

#[differentiate(wrt(r#y))]
fn raw_in_wrt(x: f64, y: f64) -> f64 {
    x * r#y * y
}

#[test]
fn a_raw_spelling_names_the_plain_variable() {
    // f = x²y + x: ∂x = 2xy + 1, ∂y = x².
    let (x, y) = (0.3, 0.7);
    let (value, dx, dy) = raw_and_plain_grad(x, y);
    assert_eq!(value, raw_and_plain(x, y));
    assert!((dx - (2.0 * x * y + 1.0)).abs() < 1e-15 && (dy - x * x).abs() < 1e-15);
    raw_and_plain_gradcheck(x, y).unwrap();
    let (_, _, _, hx, hy) = raw_and_plain_hvp(x, y, 1.0, 0.0);
    assert!((hx - 2.0 * y).abs() < 1e-15 && (hy - 2.0 * x).abs() < 1e-15);
    // out₀ = xy + x: ∂x = y + 1.
    let mut out = [0.0];
    let (x_bar, y_bar) = raw_and_plain_buffer_vjp(x, y, &mut out, &[1.0]);
    assert!((x_bar - (y + 1.0)).abs() < 1e-15 && (y_bar - x).abs() < 1e-15);
    let mut out_dot = [0.0];
    raw_and_plain_buffer_jvp(x, y, &mut out, 1.0, 0.0, &mut out_dot);
    assert!((out_dot[0] - (y + 1.0)).abs() < 1e-15);
    let (_, dy) = raw_in_wrt_grad(x, y);
    assert!((dy - 2.0 * x * y).abs() < 1e-15);
}

/// A raw function name taken by one of its parameters too (`fn r#loop(…, r#loop: &[f64], …)`,
/// found by the hygiene soak of seed 102): the parameter is renamed in the derived items,
/// which call the function by its name (it was hidden there: E0618).
#[differentiate]
fn r#loop(m: usize, r#loop: &[f64], hi: f64) -> f64 {
    let mut s = hi;
    for i in 0..m.min(r#loop.len()) {
        s += r#loop[i] * hi;
    }
    s
}

#[test]
fn a_raw_function_named_like_its_parameter() {
    // s = hi + hi·(x₀ + x₁): ∂s/∂x = (hi, hi, 0), ∂s/∂hi = 1 + x₀ + x₁.
    assert_eq!(
        r#loop_grad(2, &[1.0, 2.0, 3.0], 0.5),
        (2.0, vec![0.5, 0.5, 0.0], 4.0)
    );
    r#loop_gradcheck(2, &[1.0, 2.0, 3.0], 0.5).unwrap();
}
