//! `#[differentiate]` on straight-line scalar code, branches and early returns: every
//! gradient against central differences, JVP against VJP, HVP against differences of the
//! gradient.

// The differentiated subset indexes in loops (iterator chains come in a later version).
#![allow(clippy::needless_range_loop)]

mod common;
use autodiff::differentiate;
use autodiff::num_traits::Float;
use common::*;

#[differentiate]
fn poly(x: f64, y: f64) -> f64 {
    let a = x * x * y;
    let b = 3.0 * y - x / y;
    let c = -a + b * 2.;
    c * c + 1e-3 * x
}

#[test]
fn straight_line_arithmetic() {
    let f = |v: &[f64]| poly(v[0], v[1]);
    for (x, y) in [(0.7, 1.3), (-2.0, 0.5), (3.0, -1.5)] {
        let (value, dx, dy) = poly_grad(x, y);
        assert_eq!(value, poly(x, y));
        assert_grad(f, &[x, y], &[dx, dy]);
        assert_dot_product(|v| poly_jvp(x, y, v[0], v[1]).1, &[dx, dy], 1);
        let (_, gx, gy, hx, hy) = poly_hvp(x, y, 0.3, -0.8);
        assert_eq!((gx, gy), (dx, dy));
        let grad = |p: &[f64]| {
            let (_, a, b) = poly_grad(p[0], p[1]);
            vec![a, b]
        };
        assert_hvp(grad, &[x, y], &[0.3, -0.8], &[hx, hy]);
    }
}

/// Squares scaled by a constant, in every order: their reverse takes one product
/// (`x̄ += z̄ (k x + k x)`); `(y x) x`, with `y` active, takes the rule of each factor.
#[differentiate(wrt(x, y))]
fn scaled_squares(x: f64, y: f64, k: f64) -> f64 {
    let a = 100.0 * x * x;
    let b = x * (x * 2.5);
    let c = (x * k) * x + x * (k * x);
    let d = (y * x) * x;
    a + b * y + c + d
}

/// ∂/∂x = 200x + 5xy + 4kx + 2xy, ∂/∂y = 2.5x² + x², worked by hand.
#[test]
fn scaled_squares_take_one_product() {
    let (x, y, k) = (0.7, -1.3, 2.2);
    let (_, dx, dy) = scaled_squares_grad(x, y, k);
    let (ex, ey) = (
        200.0 * x + 5.0 * x * y + 4.0 * k * x + 2.0 * x * y,
        3.5 * x * x,
    );
    assert!(
        (dx - ex).abs() < 1e-12 && (dy - ey).abs() < 1e-12,
        "{dx} {dy} vs {ex} {ey}"
    );
    assert_dot_product(|v| scaled_squares_jvp(x, y, k, v[0], v[1]).1, &[dx, dy], 2);
    let grad = |p: &[f64]| {
        let (_, a, b) = scaled_squares_grad(p[0], p[1], k);
        vec![a, b]
    };
    let (_, _, _, hx, hy) = scaled_squares_hvp(x, y, k, 0.4, -0.9);
    assert_hvp(grad, &[x, y], &[0.4, -0.9], &[hx, hy]);
}

#[differentiate]
fn methods(x: f64, y: f64) -> f64 {
    let a = x.sin() * y.cos() + x.tanh() - (x * y).exp().ln_1p();
    let b = f64::sqrt(x * x + y * y) + x.hypot(y) + x.atan2(y);
    let c = x.powi(3) + y.abs().powf(1.5) + x.max(y) - x.min(y) + (x * 0.3).asin();
    let d = x.mul_add(y, 2.0).cbrt() + (y * y + 1.0).log(3.0) + x.exp2() + y.exp_m1();
    a + b + c + d + x.recip() + x.clamp(-0.5, 0.5) + x.floor() + x.fract()
}

#[test]
fn float_methods_and_path_forms() {
    let f = |v: &[f64]| methods(v[0], v[1]);
    for (x, y) in [(0.7, 1.3), (1.9, -0.4), (-1.2, 2.1)] {
        let (value, dx, dy) = methods_grad(x, y);
        assert_eq!(value, methods(x, y));
        assert_grad(f, &[x, y], &[dx, dy]);
        assert_dot_product(|v| methods_jvp(x, y, v[0], v[1]).1, &[dx, dy], 2);
        let grad = |p: &[f64]| {
            let (_, a, b) = methods_grad(p[0], p[1]);
            vec![a, b]
        };
        let (_, _, _, hx, hy) = methods_hvp(x, y, 1.0, 0.5);
        assert_hvp(grad, &[x, y], &[1.0, 0.5], &[hx, hy]);
    }
}

#[differentiate]
fn branches(x: f64, y: f64) -> f64 {
    let s = if x > 0.0 && y > 0.0 {
        x * y
    } else if x > 0.0 {
        x - y * y
    } else {
        x.exp()
    };
    let mut t = s;
    if t > 1.0 {
        t = t.sqrt();
    }
    t + std::f64::consts::PI * x
}

#[test]
fn if_else_as_expression_and_statement() {
    let f = |v: &[f64]| branches(v[0], v[1]);
    for (x, y) in [(2.0, 3.0), (0.5, 0.7), (1.5, -2.0), (-1.0, 4.0)] {
        let (_, dx, dy) = branches_grad(x, y);
        assert_grad(f, &[x, y], &[dx, dy]);
        assert_dot_product(|v| branches_jvp(x, y, v[0], v[1]).1, &[dx, dy], 3);
    }
}

/// An `if` expression that reads the variable it shadows (its new binding needs a name of
/// its own in the generated code, where a fresh one keeps the user's name).
#[differentiate]
fn shadowed_by_if(x: f64, y: f64) -> f64 {
    let y = if x > 0.0 { y * x } else { y.sin() };
    let z = if y > 0.5 { y * y } else { x + y };
    let x = if z > 1.0 { x.exp() } else { x };
    x * z
}

#[test]
fn if_expressions_that_shadow_what_they_read() {
    let f = |v: &[f64]| shadowed_by_if(v[0], v[1]);
    for (x, y) in [(0.8, 2.0), (0.3, 0.9), (-0.4, 1.2), (1.5, -0.3)] {
        let (value, dx, dy) = shadowed_by_if_grad(x, y);
        assert_eq!(value, f(&[x, y]));
        assert_grad(f, &[x, y], &[dx, dy]);
        assert_dot_product(|v| shadowed_by_if_jvp(x, y, v[0], v[1]).1, &[dx, dy], 5);
        let grad = |p: &[f64]| {
            let (_, a, b) = shadowed_by_if_grad(p[0], p[1]);
            vec![a, b]
        };
        let (_, _, _, hx, hy) = shadowed_by_if_hvp(x, y, 0.7, -0.2);
        assert_hvp(grad, &[x, y], &[0.7, -0.2], &[hx, hy]);
    }
}

#[differentiate]
fn early_return(x: f64, n: usize) -> f64 {
    if x < 0.0 {
        return x * x;
    }
    let mut acc = x;
    for i in 0..n {
        acc = acc * x + (i as f64);
        if acc > 100.0 {
            return acc.ln();
        }
    }
    acc
}

#[test]
fn early_returns_from_branches_and_loops() {
    for (x, n) in [(-1.5, 3), (1.1, 4), (3.0, 10), (0.5, 0)] {
        let f = |v: &[f64]| early_return(v[0], n);
        let (value, dx) = early_return_grad(x, n);
        assert_eq!(value, early_return(x, n));
        assert_grad(f, &[x], &[dx]);
        assert!((early_return_jvp(x, n, 1.0).1 - dx).abs() <= 1e-12 * dx.abs().max(1.0));
    }
}

#[differentiate(wrt(x))]
fn partial_wrt(x: f64, c: f64, n: usize) -> f64 {
    let mut s = 0.0;
    for k in 1..=n {
        s += (x * c).sin() / (k as f64);
    }
    s
}

#[test]
fn wrt_selects_active_parameters() {
    let (x, c, n) = (0.4, 1.7, 5);
    let (value, dx) = partial_wrt_grad(x, c, n);
    assert_eq!(value, partial_wrt(x, c, n));
    let expected: f64 = (1..=n).map(|k| c * (x * c).cos() / k as f64).sum();
    assert!((dx - expected).abs() < 1e-12);
    let (_, tangent) = partial_wrt_jvp(x, c, n, 1.0);
    assert!((tangent - expected).abs() < 1e-12);
}

#[differentiate]
fn with_match(x: f64, mode: u8) -> f64 {
    match mode {
        0 => x * x,
        1 | 2 => x.sin(),
        _ => {
            let t = x * 3.0;
            t * t * t
        }
    }
}

#[test]
fn match_on_integers() {
    for (mode, expected) in [(0u8, 2.0 * 0.6), (1, 0.6_f64.cos()), (7, 81.0 * 0.36)] {
        let (_, d) = with_match_grad(0.6, mode);
        assert!(
            (d - expected).abs() < 1e-12,
            "mode {mode}: {d} vs {expected}"
        );
    }
}

#[differentiate]
fn shadowing(x: f64) -> f64 {
    let y = x * 2.0;
    let y = y.sin() + x;
    let x = y * y;
    {
        let x = x + 1.0;
        x * y
    }
}

#[test]
fn shadowed_names_and_nested_blocks() {
    let (_, d) = shadowing_grad(0.3);
    assert_grad(|v| shadowing(v[0]), &[0.3], &[d]);
}

#[differentiate]
fn stops(x: f64) -> f64 {
    let c = autodiff::stop_gradient(x * x);
    c * x
}

#[test]
fn stop_gradient_treats_its_argument_as_constant() {
    let (_, d) = stops_grad(3.0);
    assert_eq!(d, 9.0);
}

#[differentiate]
fn single_f32(x: f32) -> f32 {
    (x * x).sin() * 2.0
}

#[test]
fn f32_functions() {
    let (_, d) = single_f32_grad(0.5);
    assert!((d - 4.0 * 0.5 * (0.25f32).cos()).abs() < 1e-6);
}

#[differentiate]
fn generic<T: autodiff::num_traits::Float>(x: T, y: T) -> T {
    let two = T::from(2.0).unwrap();
    x * y.sin() + two * x * x
}

#[test]
fn generic_float_functions() {
    let (_, dx, dy) = generic_grad(1.5_f64, 0.5);
    assert!((dx - (0.5f64.sin() + 6.0)).abs() < 1e-12);
    assert!((dy - 1.5 * 0.5f64.cos()).abs() < 1e-12);
    let (_, _, _, hx, hy) = generic_hvp(1.5_f64, 0.5, 1.0, 0.0);
    assert!((hx - 4.0).abs() < 1e-12 && (hy - 0.5f64.cos()).abs() < 1e-12);
}

#[differentiate]
fn two_outputs(x: f64, y: f64) -> (f64, f64) {
    (x * y, x + y.exp())
}

#[test]
fn tuple_returns_take_tuple_seeds() {
    let ((a, b), dx, dy) = two_outputs_vjp(2.0, 0.5, (1.0, 10.0));
    assert_eq!((a, b), two_outputs(2.0, 0.5));
    assert!((dx - (0.5 + 10.0)).abs() < 1e-12);
    assert!((dy - (2.0 + 10.0 * 0.5f64.exp())).abs() < 1e-12);
    let (_, (ta, tb)) = two_outputs_jvp(2.0, 0.5, 1.0, 0.0);
    assert_eq!((ta, tb), (0.5, 1.0));
}

// `f64::from(x)` on purpose: the conversion must keep the derivative.
#[allow(clippy::useless_conversion)]
#[differentiate]
fn conversions(x: f64) -> f64 {
    f64::from(x) * x + f64::from(3u8)
}

#[differentiate]
fn generic_conversion<T: autodiff::num_traits::Float>(x: T) -> T {
    let y = T::from(x).unwrap();
    y * y * T::from(0.5).unwrap()
}

#[test]
fn float_conversions_keep_their_derivative() {
    // Regression: `f64::from(x)` of an active value was once treated as a constant.
    assert_eq!(conversions_grad(3.0), (12.0, 6.0));
    assert_eq!(generic_conversion_grad(3.0_f64), (4.5, 3.0));
}

#[differentiate]
fn generic_accumulators<T: autodiff::num_traits::Float>(x: &[T]) -> T {
    let mut s = T::zero();
    let mut p = T::from(1.0).unwrap();
    for i in 0..x.len() {
        s = s + x[i] * x[i];
        p = p * x[i];
    }
    s + p
}

#[test]
fn generic_locals_started_from_constants() {
    let x = [1.5, -0.5, 2.0];
    let (_, g) = generic_accumulators_grad(&x[..]);
    // ∂/∂xᵢ (Σ x² + Π x) = 2xᵢ + Π_{j≠i} xⱼ
    assert_eq!(g, vec![3.0 - 1.0, -1.0 + 3.0, 4.0 - 0.75]);
}

// f = sin y · max(y, 0.5) + x², with the float functions called through qualified paths.
#[differentiate]
fn qualified_calls(x: f64, y: f64) -> f64 {
    use autodiff::num_traits::Float;
    <f64>::sin(y) * <f64 as Float>::max(y, 0.5) + <f64>::powi(x, 2)
}

#[test]
fn float_functions_through_qualified_paths() {
    let (x, y) = (0.3, 0.9);
    let (v, gx, gy) = qualified_calls_grad(x, y);
    assert!((v - (y.sin() * y + x * x)).abs() < 1e-15);
    assert!((gx - 2.0 * x).abs() < 1e-15);
    assert!((gy - (y.cos() * y + y.sin())).abs() < 1e-15);
    qualified_calls_gradcheck(x, y).unwrap();
}

// The haversine distance as geodesy code writes it: angles in degrees, converted inside.
#[differentiate]
fn haversine(lat1: f64, lng1: f64, lat2: f64, lng2: f64) -> f64 {
    let r = 6371.0;
    let dlat = (lat2 - lat1).to_radians();
    let dlng = (lng2 - lng1).to_radians();
    let a = (dlat / 2.0).sin().powi(2)
        + lat1.to_radians().cos() * lat2.to_radians().cos() * (dlng / 2.0).sin().powi(2);
    2.0 * r * a.sqrt().asin()
}

#[differentiate]
fn bearing_degrees(x: f64, y: f64) -> f64 {
    y.atan2(x).to_degrees()
}

#[test]
fn degrees_and_radians() {
    let at = [36.12, -86.67, 33.94, -118.4];
    let (_, g0, g1, g2, g3) = haversine_grad(at[0], at[1], at[2], at[3]);
    assert_grad(
        |v| haversine(v[0], v[1], v[2], v[3]),
        &at,
        &[g0, g1, g2, g3],
    );
    haversine_gradcheck(at[0], at[1], at[2], at[3]).unwrap();
    // d/dx (180/π) atan2(y, x) = −(180/π) y / (x² + y²), d/dy = (180/π) x / (x² + y²).
    let (x, y) = (0.6, -1.1);
    let (_, gx, gy) = bearing_degrees_grad(x, y);
    let k = 180.0 / std::f64::consts::PI / (x * x + y * y);
    assert!((gx + k * y).abs() < 1e-12 && (gy - k * x).abs() < 1e-12);
    bearing_degrees_gradcheck(x, y).unwrap();
}

/// num-traits' free `clamp` and `pow` called by their path, as a metric keeps a probability
/// away from 0 and 1 before its log and a smoothing kernel raises to an integer power.
mod num_traits_free_functions {
    use autodiff::differentiate;
    use autodiff::num_traits;

    #[differentiate]
    pub fn wendland(q: f64, inv_h: f64) -> f64 {
        let alpha = 7.0 / 4.0 * num_traits::pow(inv_h, 2);
        num_traits::pow(1.0 - 0.5 * q, 4) * (2.0 * q + 1.0) * alpha * num_traits::pow(q, 2usize)
    }

    #[differentiate]
    pub fn safe_log_loss(p: f32, y: f32) -> f32 {
        let q = num_traits::clamp(p, f32::EPSILON, 1.0 - f32::EPSILON);
        -(y * q.ln() + (1.0 - y) * (1.0 - q).ln())
    }

    #[differentiate]
    pub fn clamped_square(x: f64, n: usize) -> f64 {
        // (An integer's `pow` is a count, read as written.)
        let c = ::autodiff::num_traits::clamp(x * x, 0.25, 4.0);
        c * x * num_traits::pow(n, 2) as f64
    }

    #[test]
    fn a_free_clamp_differentiates_as_the_method() {
        // Inside the bounds: -y/p + (1 - y)/(1 - p).
        let (_, p_bar, _) = safe_log_loss_grad(0.25, 1.0);
        assert!((p_bar + 4.0).abs() < 1e-5, "{p_bar}");
        // At a bound, clamped: no derivative through p.
        let (_, p_bar, _) = safe_log_loss_grad(0.0, 1.0);
        assert_eq!(p_bar, 0.0);
        // x³ where 0.25 < x² < 4 (3x²), 4x above, 0.25x below.
        assert_eq!(clamped_square_grad(1.5, 1), (3.375, 6.75));
        assert_eq!(clamped_square_grad(3.0, 1), (12.0, 4.0));
        assert_eq!(clamped_square_grad(0.1, 2), (0.1, 1.0));
        clamped_square_gradcheck(1.5, 1).unwrap();
        assert_eq!(clamped_square_hvp(1.5, 1, 1.0).2, 9.0);
        // (1 - q/2)⁴ (2q + 1) q² · 7/4 h⁻²: ∂/∂q by the product rule, ∂/∂h⁻¹ = 2 f / h⁻¹.
        let (q, h) = (0.6, 1.25);
        let (f, q_bar, h_bar) = wendland_grad(q, h);
        let a = 1.75 * h * h;
        let (u, v, w) = ((1.0f64 - 0.5 * q).powi(4), 2.0 * q + 1.0, q * q);
        let du = -2.0 * (1.0f64 - 0.5 * q).powi(3);
        assert!((f - u * v * w * a).abs() < 1e-15);
        assert!((q_bar - a * (du * v * w + u * 2.0 * w + u * v * 2.0 * q)).abs() < 1e-14);
        assert!((h_bar - 2.0 * f / h).abs() < 1e-14);
        wendland_gradcheck(q, h).unwrap();
    }
}

/// A borrowed float in arithmetic, `(&lat.cos()) * k`, as a lake model's solar-angle helper
/// writes it (held-out round 51): the float itself.
#[allow(clippy::op_ref)]
#[differentiate]
fn borrowed_operands(lat: f64, k: &f64) -> f64 {
    (&lat.cos()) * k + &lat.sin() * &lat.sin() * *k
}

#[test]
fn borrowed_floats_in_arithmetic() {
    // (The derived items take `&f64` by value.) k (cos l + sin² l): ∂/∂l = k (−sin l + 2 sin l cos l), ∂/∂k = cos l + sin² l.
    let (l, k) = (0.7f64, 1.5);
    let (v, l_bar, k_bar) = borrowed_operands_grad(l, k);
    assert!((v - k * (l.cos() + l.sin().powi(2))).abs() < 1e-15);
    assert!((l_bar - k * (-l.sin() + 2.0 * l.sin() * l.cos())).abs() < 1e-15);
    assert!((k_bar - (l.cos() + l.sin().powi(2))).abs() < 1e-15);
    borrowed_operands_gradcheck(l, k).unwrap();
}

/// `.into()` of a float (the identity conversion) and of a count, as generic-minded code
/// writes conversions.
#[differentiate]
#[allow(clippy::useless_conversion)] // the form under test
fn sum_of_converted_squares(x: &[f64], n: u32) -> f64 {
    let scale: f64 = n.into();
    x.iter()
        .map(|v| {
            let a: f64 = (*v).into();
            a * a
        })
        .sum::<f64>()
        * scale
}

#[test]
fn into_of_a_float_keeps_its_derivative() {
    // f = n Σ x²: ∂f/∂xᵢ = 2 n xᵢ.
    let (value, x_bar) = sum_of_converted_squares_grad(&[1.0, -2.0], 3);
    assert_eq!(value, 15.0);
    assert_eq!(x_bar, vec![6.0, -12.0]);
    sum_of_converted_squares_gradcheck(&[0.3, 1.7], 2).unwrap();
}

/// rubato's `sinc` (HEnquist/rubato, `src/sinc.rs`), as written: `T::from` of constants
/// named by a path (`std::f64::consts::PI`) and of a literal are constants of `T`; of the
/// argument, the argument itself, derivative included.
/// Helper function: sinc(x) = sin(pi*x)/(pi*x)
#[differentiate]
pub fn sinc<T: Float>(value: T) -> T {
    let pi = T::from(std::f64::consts::PI).unwrap();
    if value == T::zero() {
        T::from(1.0).unwrap()
    } else {
        (T::from(value).unwrap() * pi).sin() / (T::from(value).unwrap() * pi)
    }
}

#[differentiate]
fn scaled_by_constants<T: Float>(x: T) -> T {
    x * T::from(std::f64::consts::E).unwrap() + x * T::from(-f64::EPSILON).unwrap()
}

/// `T::from` of a value computed from integers alone: a constant of `T` too.
#[differentiate]
fn harmonic_phases<T: Float>(x: T, n: usize) -> T {
    let mut total = T::zero();
    for i in 0..n {
        let phase = T::from(i as f64 * std::f64::consts::FRAC_PI_2).unwrap();
        total = total + (x + phase).sin();
    }
    total
}

#[test]
fn constants_named_by_a_path_converted_into_a_type_parameter() {
    // d/dx Σ sin(x + iπ/2) = Σ cos(x + iπ/2).
    let (_, g) = harmonic_phases_grad(0.3_f64, 3);
    let closed: f64 = (0..3)
        .map(|i| (0.3 + i as f64 * std::f64::consts::FRAC_PI_2).cos())
        .sum();
    assert!((g - closed).abs() < 1e-15);
    harmonic_phases_gradcheck(0.3_f64, 3).unwrap();
    use std::f64::consts::PI;
    // d/dx sin(πx)/(πx) = cos(πx)/x − sin(πx)/(πx²).
    for x in [0.3_f64, -1.7, 2.25] {
        let (value, g) = sinc_grad(x);
        assert_eq!(value, sinc(x));
        let closed = (PI * x).cos() / x - (PI * x).sin() / (PI * x * x);
        assert!((g - closed).abs() < 1e-12, "{g} {closed}");
        sinc_gradcheck(x).unwrap();
    }
    assert_eq!(sinc_grad(0.0_f32), (1.0, 0.0));
    let (_, g) = scaled_by_constants_grad(2.0_f64);
    assert_eq!(g, std::f64::consts::E - f64::EPSILON);
}
