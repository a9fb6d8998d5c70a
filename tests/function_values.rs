//! Parameters holding a function of floats, called on values with derivatives, as
//! integrators, quadrature rules and root finders take them (`f: fn(f64) -> f64`,
//! `F: Fn(f64, f64) -> f64`, `impl Fn`, `&dyn Fn`, `Box<dyn Fn>`): the primal takes the
//! function, the derived items take it with its derivatives (`g::with_derivatives()` of a
//! `#[differentiate]` function, or a type implementing `autodiff::function_value::FunctionN`).
//! Checked against closed forms worked out by hand and central differences (`_gradcheck`,
//! which also checks the JVP against the gradient and the HVP against differences of it).

use autodiff::differentiate;
use autodiff::function_value::Function1;
use autodiff::num_traits::Float;
use autodiff::Dual;

fn close(got: f64, want: f64, tol: f64) {
    assert!(
        (got - want).abs() <= tol * (1.0 + want.abs()),
        "{got} vs {want}"
    );
}

#[differentiate]
fn cube(x: f64) -> f64 {
    x * x * x
}

/// T(a, b) = (b − a)/2 · (f(a) + f(b)).
#[differentiate]
fn trapezoid(f: fn(f64) -> f64, a: f64, b: f64) -> f64 {
    let h = b - a;
    0.5 * h * (f(a) + f(b))
}

#[test]
fn a_function_pointer_is_taken_with_its_derivatives() {
    let (a, b) = (0.3, 1.4);
    let primal = trapezoid(cube, a, b);
    let (value, da, db) = trapezoid_grad(cube::with_derivatives(), a, b);
    close(value, primal, 1e-15);
    let (fa, fb) = (a * a * a, b * b * b);
    close(da, -0.5 * (fa + fb) + 0.5 * (b - a) * 3.0 * a * a, 1e-14);
    close(db, 0.5 * (fa + fb) + 0.5 * (b - a) * 3.0 * b * b, 1e-14);
    // Forward mode agrees: ⟨∇T, v⟩ = T_jvp(v).
    let (_, dot) = trapezoid_jvp(cube::with_derivatives(), a, b, 0.7, -0.2);
    close(dot, 0.7 * da - 0.2 * db, 1e-14);
    trapezoid_gradcheck(cube::with_derivatives(), a, b).unwrap();
}

#[differentiate]
fn linear(t: f64, y: f64) -> f64 {
    -0.7 * y + 0.0 * t
}

/// One classical Runge–Kutta step; on y' = λy it multiplies y by
/// R(hλ) = 1 + hλ + (hλ)²/2 + (hλ)³/6 + (hλ)⁴/24.
#[differentiate]
fn rk4_step<F: Fn(f64, f64) -> f64>(f: F, t: f64, y: f64, h: f64) -> f64 {
    let k1 = f(t, y);
    let k2 = f(t + h / 2.0, y + h * k1 / 2.0);
    let k3 = f(t + h / 2.0, y + h * k2 / 2.0);
    let k4 = f(t + h, y + h * k3);
    y + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
}

/// `steps` steps of `rk4_step`, the function passed on (a `where` clause, `Copy`).
#[differentiate]
fn integrate<F>(f: F, y0: f64, h: f64, steps: usize) -> f64
where
    F: Fn(f64, f64) -> f64 + Copy,
{
    let mut y = y0;
    let mut t = 0.0;
    for _ in 0..steps {
        y = rk4_step(f, t, y, h);
        t += h;
    }
    y
}

#[test]
fn a_generic_function_is_taken_with_its_derivatives_and_passed_on() {
    let (lambda, y, h) = (-0.7, 1.3, 0.2);
    let z = h * lambda;
    let r = 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0;
    // dR/dh = λ (1 + z + z²/2 + z³/6).
    let dr_dh = lambda * (1.0 + z + z * z / 2.0 + z * z * z / 6.0);
    let f = linear::with_derivatives();
    let (value, dt, dy, dh) = rk4_step_grad(f, 0.1, y, h);
    close(value, y * r, 1e-14);
    close(dt, 0.0, 1e-14);
    close(dy, r, 1e-14);
    close(dh, y * dr_dh, 1e-13);
    rk4_step_gradcheck(f, 0.1, y, h).unwrap();

    let (value, dy0, dh) = integrate_grad(f, y, h, 5);
    close(value, y * r.powi(5), 1e-13);
    close(dy0, r.powi(5), 1e-13);
    close(dh, 5.0 * y * r.powi(4) * dr_dh, 1e-12);
    assert_eq!(integrate(linear, y, h, 5), value);
    integrate_gradcheck(f, y, h, 5).unwrap();
}

#[differentiate]
fn bell(x: f64) -> f64 {
    (-x * x).exp()
}

/// Composite Simpson's rule over `n` (even) panels, through a trait object.
#[differentiate]
fn simpson(f: &dyn Fn(f64) -> f64, a: f64, b: f64, n: usize) -> f64 {
    let h = (b - a) / n as f64;
    let mut s = f(a) + f(b);
    for i in 1..n {
        let x = a + i as f64 * h;
        s += if i % 2 == 1 { 4.0 * f(x) } else { 2.0 * f(x) };
    }
    s * h / 3.0
}

/// The midpoint rule through an iterator chain, the function boxed.
#[differentiate]
fn midpoint(f: Box<dyn Fn(f64) -> f64>, a: f64, b: f64, n: usize) -> f64 {
    let h = (b - a) / n as f64;
    (0..n).map(|i| f(a + (i as f64 + 0.5) * h)).sum::<f64>() * h
}

#[test]
fn a_trait_object_and_a_box_are_taken_with_their_derivatives() {
    // ∂/∂b ∫ₐᵇ f = f(b), ∂/∂a = −f(a): the rules converge to them.
    let (a, b) = (-0.4, 1.1);
    let (_, da, db) = simpson_grad(bell::with_derivatives(), a, b, 64);
    close(da, -(-a * a).exp(), 1e-6);
    close(db, (-b * b).exp(), 1e-6);
    assert_eq!(
        simpson(&bell, a, b, 64),
        simpson_grad(bell::with_derivatives(), a, b, 64).0
    );
    simpson_gradcheck(bell::with_derivatives(), a, b, 8).unwrap();

    let (_, da, db) = midpoint_grad(bell::with_derivatives(), a, b, 400);
    close(da, -(-a * a).exp(), 1e-5);
    close(db, (-b * b).exp(), 1e-5);
    midpoint_gradcheck(bell::with_derivatives(), a, b, 7).unwrap();
}

/// Newton's method for a root of `f`, its derivative `df` given too: the root moves with
/// `c` as ∂r/∂c = −(∂f/∂c)/(∂f/∂r).
#[differentiate]
fn newton(f: impl Fn(f64, f64) -> f64, df: impl Fn(f64, f64) -> f64, c: f64, x0: f64) -> f64 {
    let mut x = x0;
    for _ in 0..30 {
        x -= f(x, c) / df(x, c);
    }
    x
}

#[differentiate]
fn residual(x: f64, c: f64) -> f64 {
    x * x * x - c
}

#[differentiate]
fn slope(x: f64, c: f64) -> f64 {
    3.0 * x * x + 0.0 * c
}

#[test]
fn two_function_values_in_a_root_finder() {
    let c: f64 = 5.0;
    let root = c.cbrt();
    let (x, dc, dx0) = newton_grad(
        residual::with_derivatives(),
        slope::with_derivatives(),
        c,
        1.5,
    );
    close(x, root, 1e-14);
    // r³ = c: ∂r/∂c = 1/(3r²); converged, the start does not matter.
    close(dc, 1.0 / (3.0 * root * root), 1e-12);
    close(dx0, 0.0, 1e-12);
}

/// A function of one float with its derivatives written by hand: sin.
#[derive(Clone, Copy)]
struct Sine;

impl<T: Float> Function1<T> for Sine {
    fn call(self, x: T) -> T {
        x.sin()
    }
    fn call_jvp_all(self, x: T, x_dot: T) -> (T, T) {
        (x.sin(), x.cos() * x_dot)
    }
    fn call_pullback_all(self, x: T) -> (T, impl FnOnce(T) -> (T,)) {
        (x.sin(), move |y_bar: T| (y_bar * x.cos(),))
    }
    fn call_dual_pullback_all(self, x: Dual<T>) -> (Dual<T>, impl FnOnce(Dual<T>) -> (Dual<T>,)) {
        (x.sin(), move |y_bar: Dual<T>| (y_bar * x.cos(),))
    }
    fn primal(self) -> fn(T) -> T {
        |x| x.sin()
    }
}

#[test]
fn a_hand_written_function_value() {
    let (a, b) = (0.2, 0.9);
    let (_, da, db) = trapezoid_grad(Sine, a, b);
    let sum = a.sin() + b.sin();
    close(da, -0.5 * sum + 0.5 * (b - a) * a.cos(), 1e-14);
    close(db, 0.5 * sum + 0.5 * (b - a) * b.cos(), 1e-14);
    // The HVP runs its pullback on dual numbers.
    let (_, _, _, hv_a, hv_b) = trapezoid_hvp(Sine, a, b, 1.0, 0.0);
    // ∂²T/∂a² = −cos a − (b − a)/2 sin a ; ∂²T/∂a∂b = (cos a − cos b)/2.
    close(hv_a, -a.cos() - 0.5 * (b - a) * a.sin(), 1e-14);
    close(hv_b, 0.5 * (a.cos() - b.cos()), 1e-14);
    trapezoid_gradcheck(Sine, a, b).unwrap();
}

#[differentiate]
fn square32(x: f32) -> f32 {
    x * x
}

/// f32 throughout: x f(x) with f(x) = x², so 3x².
#[differentiate]
fn times_f32(f: fn(f32) -> f32, x: f32) -> f32 {
    f(x) * x
}

#[test]
fn f32_function_values() {
    let (v, d) = times_f32_grad(square32::with_derivatives(), 1.5);
    assert!(
        (v - 3.375).abs() < 1e-6 && (d - 6.75).abs() < 1e-5,
        "{v} {d}"
    );
    times_f32_gradcheck(square32::with_derivatives(), 1.5).unwrap();
}

/// A recursive rule passing its function value on to itself (its pullbacks are boxed, so
/// what they hold is `'static`): f(x/2ⁿ), here (x/4)² for n = 2, so x/8.
#[differentiate]
fn halved(f: fn(f64) -> f64, x: f64, n: i32) -> f64 {
    if n > 0 {
        halved(f, 0.5 * x, n - 1)
    } else {
        f(x)
    }
}

#[test]
fn a_recursive_function_passes_its_function_value_on() {
    let (v, d) = halved_grad(cube::with_derivatives(), 3.0, 2);
    close(v, 0.421875, 1e-15);
    // (x/4)³: 3x²/64.
    close(d, 27.0 / 64.0, 1e-15);
    halved_gradcheck(cube::with_derivatives(), 3.0, 2).unwrap();
}

/// Counts evaluations above 1 with a plain helper, which gets the plain function.
fn evaluations_above_one(f: fn(f64) -> f64, a: f64) -> usize {
    if f(a) > 1.0 {
        2
    } else {
        1
    }
}

/// x³·k with k = 2 (cube(1.5) > 1) from a helper without derivatives: 6x².
#[differentiate]
fn scaled_by_a_helper(f: fn(f64) -> f64, x: f64) -> f64 {
    let k = evaluations_above_one(f, 1.5);
    f(x) * k as f64
}

/// `g(&f, x)` into a callee taking `&dyn Fn`, the bound with `+ Copy`: x·x³ → 4x³.
#[differentiate]
fn times_x(f: &dyn Fn(f64) -> f64, x: f64) -> f64 {
    f(x) * x
}

#[differentiate]
fn lent_on(f: impl Fn(f64) -> f64 + Copy, x: f64) -> f64 {
    times_x(&f, x)
}

#[test]
fn a_function_value_given_to_a_plain_helper_and_lent_on() {
    let (v, d) = scaled_by_a_helper_grad(cube::with_derivatives(), 1.2);
    close(v, 2.0 * 1.2f64.powi(3), 1e-14);
    close(d, 6.0 * 1.44, 1e-14);
    let (v, d) = lent_on_grad(cube::with_derivatives(), 1.2);
    close(v, 1.2f64.powi(4), 1e-14);
    close(d, 4.0 * 1.2f64.powi(3), 1e-14);
    lent_on_gradcheck(cube::with_derivatives(), 1.2).unwrap();
}

/// A rule that subdivides by calling itself with its `&dyn Fn` integrand passed on by
/// name (as photino/integration's `gauss_legendre` does): the derived items take the
/// function value by value there too. The midpoint rule on halves, to depth `n`.
#[differentiate]
fn halved_midpoints(f: &dyn Fn(f64) -> f64, a: f64, b: f64, n: u32) -> f64 {
    if n == 0 {
        (b - a) * f(0.5 * (a + b))
    } else {
        let m = 0.5 * (a + b);
        halved_midpoints(f, a, m, n - 1) + halved_midpoints(f, m, b, n - 1)
    }
}

#[differentiate]
fn squared(t: f64) -> f64 {
    t * t
}

#[test]
fn a_reference_function_value_passed_on_by_recursion() {
    let (a, b) = (0.5, 2.0);
    let (value, a_bar, b_bar) = halved_midpoints_grad(squared::with_derivatives(), a, b, 3);
    // Eight midpoints of t², h = (b − a)/8.
    let h = (b - a) / 8.0;
    let want: f64 = (0..8).map(|k| h * (a + h * (k as f64 + 0.5)).powi(2)).sum();
    assert!((value - want).abs() < 1e-12);
    // Central differences of the primal.
    let primal = |a: f64, b: f64| halved_midpoints(&|t| t * t, a, b, 3);
    let e = 1e-6;
    let da = (primal(a + e, b) - primal(a - e, b)) / (2.0 * e);
    let db = (primal(a, b + e) - primal(a, b - e)) / (2.0 * e);
    assert!((a_bar - da).abs() < 1e-7, "{a_bar} {da}");
    assert!((b_bar - db).abs() < 1e-7, "{b_bar} {db}");
}

/// A function value in a function returning a `Result` (a quadrature rule refusing an
/// empty interval), by pointer and through a type parameter taken by reference.
#[differentiate]
fn checked_trapezoid(f: fn(f64) -> f64, a: f64, b: f64) -> Result<f64, String> {
    if b <= a {
        return Err(format!("empty interval [{a}, {b}]"));
    }
    Ok(0.5 * (b - a) * (f(a) + f(b)))
}

#[differentiate]
fn checked_midpoint<F: Fn(f64) -> f64>(f: &F, a: f64, b: f64) -> Option<f64> {
    if b <= a {
        return None;
    }
    Some((b - a) * f(0.5 * (a + b)))
}

#[test]
fn function_values_in_fallible_functions() {
    let (a, b) = (0.3, 1.4);
    let (value, da, db) = checked_trapezoid_grad(cube::with_derivatives(), a, b).unwrap();
    close(value, checked_trapezoid(cube, a, b).unwrap(), 1e-15);
    let (fa, fb) = (a * a * a, b * b * b);
    close(da, -0.5 * (fa + fb) + 0.5 * (b - a) * 3.0 * a * a, 1e-14);
    close(db, 0.5 * (fa + fb) + 0.5 * (b - a) * 3.0 * b * b, 1e-14);
    assert!(checked_trapezoid_grad(cube::with_derivatives(), b, a).is_err());
    // (b − a)·m³ with m = (a + b)/2: ∂/∂a = −m³ + (b − a)·3m²/2.
    let m = 0.5 * (a + b);
    let (_, da, _) = checked_midpoint_grad(cube::with_derivatives(), a, b).unwrap();
    close(da, -m * m * m + (b - a) * 1.5 * m * m, 1e-14);
    assert_eq!(checked_midpoint_grad(cube::with_derivatives(), b, a), None);
    checked_midpoint_gradcheck(cube::with_derivatives(), a, b).unwrap();
}

/// A function value called through parentheses, `(f)(x)`, as edition-2015 code writes it.
#[differentiate]
fn paren_called(x: f64, f: impl Fn(f64) -> f64) -> f64 {
    (f)(x) * x
}

#[test]
fn a_function_value_called_in_parentheses() {
    // x · x² = x³: the derivative 3x².
    let (value, x_bar) = paren_called_grad(1.5, squared::with_derivatives());
    assert_eq!((value, x_bar), (3.375, 6.75));
}
