//! Closures capture what their names denote where they are *defined*, although the macro
//! inlines them where they are *called*: shadowed captures, shadowed parameters, `move`
//! copies of reassigned variables, arguments named like the closure's parameters, closures
//! calling closures that are later redefined. Each gradient is checked against a closed
//! form worked by hand and by the generated `_gradcheck` (central differences, the other
//! mode and differences of gradients).

#![allow(clippy::needless_range_loop)] // index loops are the form under test

mod common;
use autodiff::differentiate;
use common::assert_close as close;

// f = x·y + y²: `g` reads the first `a` (x); the tail reads the second (y²).
#[differentiate]
#[allow(clippy::let_and_return)]
fn shadowed_after_definition(x: f64, y: f64) -> f64 {
    let a = x;
    let g = |t: f64| a * t;
    let a = y * y;
    g(y) + a
}

#[test]
fn a_capture_shadowed_after_the_definition_keeps_the_first_binding() {
    let (x, y) = (0.7, -1.3);
    let (v, g0, g1) = shadowed_after_definition_grad(x, y);
    assert!((v - (x * y + y * y)).abs() < 1e-15);
    close(&[g0, g1], &[y, x + 2.0 * y]);
    let (v, dv) = shadowed_after_definition_jvp(x, y, 1.0, 0.0);
    assert!((v - (x * y + y * y)).abs() < 1e-15);
    assert!((dv - y).abs() < 1e-15, "{dv}");
    shadowed_after_definition_gradcheck(x, y).unwrap();
}

// f = Σ w·xᵢ·xᵢ: inside the loop `scale` is xᵢ, but `g` captured the outer `scale` (w).
#[differentiate]
fn shadowed_in_a_loop(x: &[f64], w: f64) -> f64 {
    let scale = w;
    let g = |t: f64| scale * t;
    let mut s = 0.0;
    for i in 0..x.len() {
        let scale = x[i];
        s += g(scale) * scale;
    }
    s
}

#[test]
fn a_capture_shadowed_inside_a_loop_body() {
    let x = [0.3, -1.1, 2.0];
    let w = 0.9;
    let (_, gx, gw) = shadowed_in_a_loop_grad(&x, w);
    let want_x: Vec<f64> = x.iter().map(|v| 2.0 * w * v).collect();
    close(&gx, &want_x);
    close(&[gw], &[x.iter().map(|v| v * v).sum()]);
    shadowed_in_a_loop_gradcheck(&x, w).unwrap();
}

// f = x·y + sin y: the parameter `x` is shadowed after `g` captured it.
#[differentiate]
fn parameter_shadowed(x: f64, y: f64) -> f64 {
    let g = |t: f64| x * t;
    let x = y.sin();
    g(y) + x
}

#[test]
fn a_captured_parameter_shadowed_later() {
    let (x, y) = (0.7, -1.3);
    let (_, g0, g1) = parameter_shadowed_grad(x, y);
    close(&[g0, g1], &[y, x + y.cos()]);
    parameter_shadowed_gradcheck(x, y).unwrap();
}

// f = x·y + y: the `move` closure holds `a` = x; the tail reads the reassigned `a` = y.
#[differentiate]
fn move_then_reassign(x: f64, y: f64) -> f64 {
    let mut a = x;
    let g = move |t: f64| a * t;
    a = y;
    g(y) + a
}

// f = 2x·y + y: a borrowing closure reads `a` after an update, before the next one.
#[differentiate]
fn borrow_then_reassign(x: f64, y: f64) -> f64 {
    let mut a = x;
    a *= 2.0;
    let g = |t: f64| a * t;
    let r = g(y);
    a = y;
    r + a
}

#[test]
fn mutable_captures_read_the_value_at_the_definition() {
    let (x, y) = (0.7, -1.3);
    let (v, g0, g1) = move_then_reassign_grad(x, y);
    assert!((v - (x * y + y)).abs() < 1e-15);
    close(&[g0, g1], &[y, x + 1.0]);
    move_then_reassign_gradcheck(x, y).unwrap();
    let (_, g0, g1) = borrow_then_reassign_grad(x, y);
    close(&[g0, g1], &[2.0 * y, 2.0 * x + 1.0]);
    borrow_then_reassign_gradcheck(x, y).unwrap();
}

// f = b·sin a + a·b²: arguments named like the closure's parameters, swapped.
#[differentiate]
fn swapped_argument_names(a: f64, b: f64) -> f64 {
    let g = |a: f64, b: f64| a * b.sin();
    let h = |b: f64, a: f64| b * a * a;
    g(b, a) + h(a, b)
}

// f = Σ xᵢ sin yᵢ: the `map` closure names its pair after the other sequences.
#[differentiate]
fn swapped_zip_names(x: &[f64], y: &[f64]) -> f64 {
    x.iter()
        .zip(y.iter())
        .map(|(y, x)| y * x.sin())
        .sum::<f64>()
}

// f = Σ yᵢ·xᵢ²: the loop's pattern names each element after the other sequence.
#[differentiate]
fn swapped_loop_names(x: &[f64], y: &[f64]) -> f64 {
    let mut s = 0.0;
    for (y, x) in x.iter().zip(y.iter()) {
        s += x * y * y;
    }
    s
}

#[test]
fn arguments_are_read_before_parameters_shadow_them() {
    let (a, b) = (0.4, 1.7);
    let (_, g0, g1) = swapped_argument_names_grad(a, b);
    close(&[g0, g1], &[b * a.cos() + b * b, a.sin() + 2.0 * a * b]);
    swapped_argument_names_gradcheck(a, b).unwrap();

    let x = [0.3, -1.1, 2.0];
    let y = [1.2, 0.4, -0.8];
    let (_, gx, gy) = swapped_zip_names_grad(&x, &y);
    close(&gx, &y.map(f64::sin));
    close(&gy, &[0, 1, 2].map(|i| x[i] * y[i].cos()));
    swapped_zip_names_gradcheck(&x, &y).unwrap();

    let (_, gx, gy) = swapped_loop_names_grad(&x, &y);
    close(&gx, &[0, 1, 2].map(|i| 2.0 * x[i] * y[i]));
    close(&gy, &x.map(|v| v * v));
    swapped_loop_names_gradcheck(&x, &y).unwrap();
}

// f = x² + 1 + sin x: `g` calls the first `h`, the tail the second.
#[differentiate]
fn closure_calling_a_redefined_closure(x: f64) -> f64 {
    let h = |t: f64| t * t;
    let g = |t: f64| h(t) + 1.0;
    let h = |t: f64| t.sin();
    g(x) + h(x)
}

// f = x² + y² through a closure that updates what it captures.
#[differentiate]
fn closure_updating_a_capture(x: f64, y: f64) -> f64 {
    let mut total = 0.0;
    let mut add = |v: f64| total += v * v;
    add(x);
    add(y);
    total
}

// f = Σᵢ (w·xᵢ)·c with c shadowed inside the loop and the closure defined outside it.
#[differentiate]
fn closure_called_in_a_loop(x: &[f64], w: f64, c: f64) -> f64 {
    let scaled = |t: f64| w * t * c;
    let mut s = 0.0;
    for i in 0..x.len() {
        let c = 2.0;
        let w = x[i] * c;
        s += scaled(x[i]) + w;
    }
    s
}

#[test]
fn closures_calling_closures_updating_captures_and_called_in_loops() {
    let x = 0.8;
    let (_, g) = closure_calling_a_redefined_closure_grad(x);
    close(&[g], &[2.0 * x + x.cos()]);
    closure_calling_a_redefined_closure_gradcheck(x).unwrap();

    let (_, g0, g1) = closure_updating_a_capture_grad(0.8, -0.3);
    close(&[g0, g1], &[1.6, -0.6]);
    closure_updating_a_capture_gradcheck(0.8, -0.3).unwrap();

    let xs = [0.3, -1.1, 2.0];
    let (w, c) = (0.9, -0.4);
    let (_, gx, gw, gc) = closure_called_in_a_loop_grad(&xs, w, c);
    close(&gx, &[w * c + 2.0; 3]);
    let sum: f64 = xs.iter().sum();
    close(&[gw, gc], &[c * sum, w * sum]);
    closure_called_in_a_loop_gradcheck(&xs, w, c).unwrap();
}

// f = sin x + x² + x² (c > 0) or 3x² (c ≤ 0): a closure of an inner block shadows the
// outer one only inside that block.
#[differentiate]
fn closure_redefined_in_a_branch(x: f64, c: f64) -> f64 {
    let g = |t: f64| t * t;
    let mut s = g(x);
    if c > 0.0 {
        let g = |t: f64| t.sin();
        s += g(x);
    } else {
        s += g(x);
    }
    s + g(x)
}

#[test]
fn a_closure_goes_out_of_scope_with_its_block() {
    let x = 0.5;
    let (v, gx, _) = closure_redefined_in_a_branch_grad(x, 1.0);
    assert!((v - (x.sin() + 2.0 * x * x)).abs() < 1e-15);
    close(&[gx], &[x.cos() + 4.0 * x]);
    let (v, gx, _) = closure_redefined_in_a_branch_grad(x, -1.0);
    assert!((v - 3.0 * x * x).abs() < 1e-15);
    close(&[gx], &[6.0 * x]);
    closure_redefined_in_a_branch_gradcheck(x, 1.0).unwrap();
    closure_redefined_in_a_branch_gradcheck(x, -1.0).unwrap();
}

// f = x² + sin x (c > 0) or x²: the inner `g` is the closure an identity closure hands
// back (`id(|t| t.sin())`), which shadows the outer `g` inside its block only.
#[differentiate]
fn closure_handed_back_by_an_identity(x: f64, c: f64) -> f64 {
    let g = |t: f64| t * t;
    let mut s = g(x);
    if c > 0.0 {
        let g = {
            let id = move |t| t;
            id(|t: f64| t.sin())
        };
        s += g(x);
    }
    s + 0.0 * g(x)
}

#[test]
fn a_closure_handed_back_by_an_identity_is_that_closure() {
    let x = 0.5;
    let (v, gx, _) = closure_handed_back_by_an_identity_grad(x, 1.0);
    assert!((v - (x * x + x.sin())).abs() < 1e-15);
    close(&[gx], &[2.0 * x + x.cos()]);
    let (v, gx, _) = closure_handed_back_by_an_identity_grad(x, -1.0);
    assert!((v - x * x).abs() < 1e-15);
    close(&[gx], &[2.0 * x]);
    closure_handed_back_by_an_identity_gradcheck(x, 1.0).unwrap();
}
