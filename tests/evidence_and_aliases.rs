//! A reviewer's wrong derivatives in the guesses the macro makes from syntax, each checked
//! against its closed form: a name's other meanings (a root bound again after an alias of
//! it, a name bound again by a pattern), literals that are no evidence of an integer (a
//! tuple's field, a cast literal, a range of floats), a float field matched by a literal, a
//! call with state of its own matched on its `Option`, and ranges of narrow integers.

use autodiff::differentiate;

#[derive(autodiff::Differentiable, Clone, Debug)]
pub struct Particle {
    pub x: f64,
    pub y: f64,
}

/// `x0` names `p.x`, and the loop binds `p` again: `x0` is the parameter's.
#[differentiate]
fn spread(p: &Particle, others: &[Particle]) -> f64 {
    let x0 = p.x;
    let mut s = 0.0;
    for p in others {
        s += (p.x - x0) * (p.x - x0);
    }
    s
}

#[test]
fn an_alias_whose_root_is_bound_again() {
    let p = Particle { x: 1.0, y: 0.0 };
    let others = vec![Particle { x: 3.0, y: 0.0 }, Particle { x: 4.0, y: 0.0 }];
    // Σ (oᵢ − x₀)²: ∂x₀ = −2 Σ (oᵢ − x₀) = −10.
    let (v, p_bar, _) = spread_grad(&p, &others);
    assert_eq!((v, p_bar.x, p_bar.y), (13.0, -10.0, 0.0));
}

#[derive(autodiff::Differentiable, Clone, Debug)]
pub struct Leaky {
    pub slope: f64,
}

/// A float field matched by a literal is still a float.
#[differentiate]
fn leaky(p: &Leaky, x: f64) -> f64 {
    match p.slope {
        0.0 => 0.0,
        _ => p.slope * x,
    }
}

#[test]
fn a_float_field_matched_by_a_literal() {
    let (v, p_bar, x_bar) = leaky_grad(&Leaky { slope: 0.5 }, 3.0);
    assert_eq!((v, p_bar.slope, x_bar), (1.5, 3.0, 0.5));
}

#[differentiate]
fn half(x: f64) -> f64 {
    0.5 * x
}

#[differentiate]
fn pair(x: f64) -> (f64, f64) {
    (x, 3.0 * x)
}

/// `t.1 * s`: the `1` is a tuple's field, no integer operand of `s`.
#[differentiate]
fn field_times_half(x: f64) -> f64 {
    let t = pair(x);
    let s = half(x);
    t.1 * s
}

/// `s * 2 as f64`: the literal is cast, `s` is a float.
#[allow(clippy::unnecessary_cast)]
#[differentiate]
fn doubled(x: f64) -> f64 {
    let s = half(x);
    s * 2 as f64
}

/// `(lo..hi).contains(&t)`: a range of floats.
#[differentiate]
fn band(x: f64, t: f64) -> f64 {
    let lo = half(x);
    let hi = lo + 10.0;
    if (lo..hi).contains(&t) {
        lo * t
    } else {
        t
    }
}

/// `if let Some(&m) = …` binds another `m`, an integer.
#[differentiate(wrt(x))]
fn shadowed_by_a_pattern(x: f64, idx: &[usize]) -> f64 {
    let m = half(x);
    let mut s = m * m;
    if let Some(&m) = idx.first() {
        s += (m - 1) as f64;
    }
    s
}

#[test]
fn literals_and_patterns_that_say_nothing_of_a_float() {
    // 1.5 x²: 3x.
    assert_eq!(field_times_half_grad(2.0), (6.0, 6.0));
    assert_eq!(doubled_grad(3.0), (3.0, 1.0));
    // lo = x/2 ≤ t: f = lo t, ∂x = t/2, ∂t = lo.
    assert_eq!(band_grad(1.0, 2.0), (1.0, 1.0, 0.5));
    // x²/4 + (idx₀ − 1): x/2.
    assert_eq!(shadowed_by_a_pattern_grad(2.0, &[3]), (3.0, 1.0));
}

thread_local!(static DRAWS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) });

/// A source of its own state: every other draw is `None`.
pub fn draw(k: usize) -> Option<f64> {
    DRAWS.with(|c| {
        let n = c.get();
        c.set(n + 1);
        if n % 2 == 0 {
            Some(1.0 + k as f64 + n as f64)
        } else {
            None
        }
    })
}

/// `match draw(k)` on arguments with no derivative: matched as written, the call made once.
#[differentiate]
fn noisy(x: f64, k: usize) -> f64 {
    match draw(k) {
        Some(e) => x * e,
        None => x,
    }
}

#[test]
fn a_call_with_state_matched_on_its_option() {
    DRAWS.with(|c| c.set(0));
    let (v, dx) = noisy_grad(2.0, 1);
    assert_eq!((v, dx), (4.0, 2.0));
}

/// A range of `i8` whose length does not fit an `i8`.
#[differentiate]
fn over_narrow_integers(x: f64) -> f64 {
    (-100i8..100).rev().map(|k| k as f64 * x).sum()
}

#[test]
fn ranges_of_narrow_integers() {
    // Σ_{k=−100}^{99} k = −100.
    assert_eq!(over_narrow_integers_grad(2.0), (-200.0, -100.0));
}

/// A borrow returned by a closure bound and called in a block (`{ let g = || &v; g() }`,
/// a valid mutant's E0505): the borrow itself, where it stands.
#[differentiate]
fn borrowed_through_a_closure(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    let w = {
        let view = || &v;
        view()
    };
    let s = w[0] * w[1];
    v[0] = s;
    let z = {
        let tail = || &x[1..];
        tail()
    };
    v[0] * x[2] + z[0]
}

#[test]
fn borrows_returned_by_closures() {
    // x₀ x₁ x₂ + x₁: (x₁ x₂, x₀ x₂ + 1, x₀ x₁).
    assert_eq!(
        borrowed_through_a_closure_grad(&[2.0, 3.0, 0.5]),
        (6.0, vec![1.5, 2.0, 6.0])
    );
}

#[derive(autodiff::Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    pub a: f64,
    pub b: f64,
}

/// Other names of a parameter's fields used in a struct literal's shorthand (`Pair { a, b }`).
#[differentiate]
fn swapped(p: &Pair) -> Pair {
    let a = p.b * 2.0;
    let b = p.a;
    Pair { a, b }
}

#[differentiate]
fn swapped_by_name(p: &Pair) -> Pair {
    let a = p.b;
    let b = p.a;
    Pair { a, b }
}

#[test]
fn aliases_in_a_literal_shorthand() {
    let p = Pair { a: 1.0, b: 3.0 };
    let seed = Pair { a: 0.5, b: 2.0 };
    // (2b, a): p̄ = (s_b, 2 s_a).
    let (v, p_bar) = swapped_vjp(&p, seed);
    assert_eq!(
        (v, p_bar),
        (Pair { a: 6.0, b: 1.0 }, Pair { a: 2.0, b: 1.0 })
    );
    let (v, p_bar) = swapped_by_name_vjp(&p, seed);
    assert_eq!(
        (v, p_bar),
        (Pair { a: 3.0, b: 1.0 }, Pair { a: 2.0, b: 0.5 })
    );
}
