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
