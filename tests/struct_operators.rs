//! Arithmetic operators on struct values through the user's operator impls: a small vector
//! type with `#[differentiate] impl Add/Sub/Mul<f64>/Div<f64>/Neg for Vec3`, used with
//! `+ - * /` and unary `-` inside differentiated functions, on parameters taken by
//! reference (`*b - *a`) and by value, on locals, on results of methods, and on struct
//! fields read through a struct method of the result (`(self.b - self.a).length()`).
//! Checked against closed forms worked out by hand, central differences (`_gradcheck`),
//! and the forward mode against the reverse (`⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩`).

use autodiff::{differentiate, Differentiable};
use std::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Sub};

#[derive(Clone, Copy, Debug, PartialEq, Differentiable)]
pub struct Vec3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

#[differentiate]
impl Vec3 {
    pub fn new(x: f64, y: f64, z: f64) -> Vec3 {
        Vec3 { x, y, z }
    }

    pub fn dot(&self, o: &Vec3) -> f64 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    pub fn cross(&self, o: &Vec3) -> Vec3 {
        Vec3::new(
            self.y * o.z - self.z * o.y,
            self.z * o.x - self.x * o.z,
            self.x * o.y - self.y * o.x,
        )
    }

    pub fn length(&self) -> f64 {
        self.dot(self).sqrt()
    }

    pub fn distance(self, b: Self) -> f64 {
        (self - b).length()
    }
}

#[differentiate]
impl Add for Vec3 {
    type Output = Vec3;
    fn add(self, o: Vec3) -> Vec3 {
        Vec3 {
            x: self.x + o.x,
            y: self.y + o.y,
            z: self.z + o.z,
        }
    }
}

#[differentiate]
impl Sub for Vec3 {
    type Output = Vec3;
    fn sub(self, o: Vec3) -> Vec3 {
        Vec3 {
            x: self.x - o.x,
            y: self.y - o.y,
            z: self.z - o.z,
        }
    }
}

#[differentiate]
impl Mul<f64> for Vec3 {
    type Output = Vec3;
    fn mul(self, k: f64) -> Vec3 {
        Vec3 {
            x: self.x * k,
            y: self.y * k,
            z: self.z * k,
        }
    }
}

// The float on the left (`k * v`).
#[differentiate]
impl Mul<Vec3> for f64 {
    type Output = Vec3;
    fn mul(self, v: Vec3) -> Vec3 {
        Vec3 {
            x: self * v.x,
            y: self * v.y,
            z: self * v.z,
        }
    }
}

#[differentiate]
impl Div<f64> for Vec3 {
    type Output = Vec3;
    fn div(self, k: f64) -> Vec3 {
        Vec3 {
            x: self.x / k,
            y: self.y / k,
            z: self.z / k,
        }
    }
}

// Written with `Self` and `Self::Output`, as often.
#[differentiate]
impl Neg for Vec3 {
    type Output = Self;
    fn neg(self) -> Self::Output {
        Self {
            x: -self.x,
            y: -self.y,
            z: -self.z,
        }
    }
}

/// A spring between two points: `E = k (|b − a| − r)² / 2`.
#[differentiate]
fn spring_energy(a: &Vec3, b: &Vec3, k: f64, rest: f64) -> f64 {
    let d = *b - *a;
    let l = d.length();
    0.5 * k * (l - rest) * (l - rest)
}

/// Every operator, on parameters by value, locals and a method's result.
#[differentiate]
fn triangle_score(a: Vec3, b: Vec3, c: Vec3, t: f64) -> f64 {
    let m = (a + b + c) / 3.0;
    let e = t * -(m - a);
    let n = (b - a).cross(&(c - a));
    e.dot(&n) + n.dot(&c) + (a * 2.0).length()
}

#[derive(Clone, Copy, Debug, Differentiable)]
pub struct Segment {
    pub from: Vec3,
    pub to: Vec3,
}

#[differentiate]
impl Segment {
    pub fn length(&self) -> f64 {
        (self.to - self.from).length()
    }

    /// `|p − (from + to)/2|²`: fields under operators through `let`s, the struct shown by
    /// the parameter it is combined with (`*p - m`).
    pub fn midpoint_distance(&self, p: &Vec3) -> f64 {
        let m = (self.from + self.to) * 0.5;
        let d = *p - m;
        d.dot(&d)
    }
}

/// Structs taken by value and read only through their methods: the one lent (`&q`) and
/// the receiver it is lent to are both active.
#[differentiate]
fn cosine(p: Vec3, q: Vec3) -> f64 {
    p.dot(&q) / (p.length() * q.length())
}

#[derive(Clone, Debug, Differentiable)]
pub struct Body {
    pub pos: Vec3,
    pub mass: f64,
}

/// Gravitational potential energy, `E = −Σ_{i<j} mᵢ mⱼ / |pᵢ − pⱼ|`: elements' struct fields
/// under operators, by index.
#[differentiate]
fn potential(bodies: &[Body]) -> f64 {
    let mut e = 0.0;
    for i in 0..bodies.len() {
        for j in (i + 1)..bodies.len() {
            let r = (bodies[i].pos - bodies[j].pos).length();
            e -= bodies[i].mass * bodies[j].mass / r;
        }
    }
    e
}

/// The same through elements bound by loops (the inner one over a part of the slice) and a
/// `let` used as a struct.
#[differentiate]
#[allow(clippy::ptr_arg)] // `&Vec<Body>`, as real code writes it.
fn potential_by_elements(bodies: &Vec<Body>, g: f64) -> f64 {
    let mut e = 0.0;
    for (i, a) in bodies.iter().enumerate() {
        for b in &bodies[i + 1..] {
            let d = a.pos - b.pos;
            e -= g * a.mass * b.mass / d.length();
        }
    }
    e
}

// The compound forms, as users write them beside the operators (not differentiated: a
// differentiated function reads `p += q` as `p = p + q`, through `Add`'s derivatives).
impl AddAssign for Vec3 {
    fn add_assign(&mut self, o: Vec3) {
        *self = *self + o;
    }
}

impl MulAssign<f64> for Vec3 {
    fn mul_assign(&mut self, k: f64) {
        *self = *self * k;
    }
}

/// Explicit Euler steps of a damped flight, the state in struct locals changed in a loop:
/// `p₅ = p₀ + dt v₀ Σₖ 0.9ᵏ`, and `f = |p₅|²`.
#[differentiate]
fn flight(p0: &Vec3, v0: &Vec3, dt: f64) -> f64 {
    let mut p = *p0;
    let mut v = *v0;
    for _ in 0..5 {
        p += v * dt;
        v *= 0.9;
    }
    p.dot(&p)
}

/// A point whose operators are implemented on references (`&a - &b`), with and without
/// named lifetimes.
#[derive(Clone, Copy, Debug, Differentiable)]
pub struct P2 {
    pub x: f64,
    pub y: f64,
}

#[differentiate]
impl P2 {
    pub fn norm(&self) -> f64 {
        (self.x * self.x + self.y * self.y).sqrt()
    }
}

#[differentiate]
impl Sub for &P2 {
    type Output = P2;
    fn sub(self, o: Self) -> Self::Output {
        P2 {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
}

#[differentiate]
#[allow(clippy::needless_lifetimes)] // Named, as real code often writes them.
impl<'a, 'b> Add<&'b P2> for &'a P2 {
    type Output = P2;
    fn add(self, o: &'b P2) -> P2 {
        P2 {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
}

/// `|a − b| + |a + b|`.
#[differentiate]
fn spread(a: &P2, b: &P2) -> f64 {
    (a - b).norm() + (a + b).norm()
}

fn v(x: f64, y: f64, z: f64) -> Vec3 {
    Vec3 { x, y, z }
}

const A: Vec3 = Vec3 {
    x: 0.1,
    y: 0.2,
    z: 0.3,
};
const B: Vec3 = Vec3 {
    x: 1.0,
    y: -0.5,
    z: 2.0,
};
const C: Vec3 = Vec3 {
    x: -0.7,
    y: 0.4,
    z: 1.1,
};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-10 * (1.0 + b.abs())
}

#[test]
fn spring_gradient_is_the_closed_form() {
    let (k, rest) = (2.0, 1.0);
    let (e, a_bar, b_bar, k_bar, rest_bar) = spring_energy_grad(&A, &B, k, rest);
    let d = v(B.x - A.x, B.y - A.y, B.z - A.z);
    let l = (d.x * d.x + d.y * d.y + d.z * d.z).sqrt();
    assert!(close(e, 0.5 * k * (l - rest).powi(2)));
    // ∂E/∂b = k (l − r) d / l = −∂E/∂a; ∂E/∂k = (l − r)²/2; ∂E/∂r = −k (l − r).
    let s = k * (l - rest) / l;
    for (got, want) in [
        (b_bar.x, s * d.x),
        (b_bar.y, s * d.y),
        (b_bar.z, s * d.z),
        (a_bar.x, -s * d.x),
        (a_bar.y, -s * d.y),
        (a_bar.z, -s * d.z),
        (k_bar, 0.5 * (l - rest).powi(2)),
        (rest_bar, -k * (l - rest)),
    ] {
        assert!(close(got, want), "{got} against {want}");
    }
    spring_energy_gradcheck(&A, &B, k, rest).unwrap();
}

#[test]
fn every_operator_against_central_differences() {
    triangle_score_gradcheck(&A, &B, &C, 0.6).unwrap();
    let (value, ..) = triangle_score_grad(&A, &B, &C, 0.6);
    assert!(close(value, triangle_score(A, B, C, 0.6)));
}

#[test]
fn forward_mode_agrees_with_reverse() {
    // ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩ with ȳ = 1 and a direction in every input.
    let (da, db, dc, dt) = (
        v(0.3, -0.2, 0.5),
        v(-0.1, 0.4, 0.2),
        v(0.7, 0.1, -0.3),
        0.25,
    );
    let (_, tangent) = triangle_score_jvp(&A, &B, &C, 0.6, &da, &db, &dc, dt);
    let (_, a_bar, b_bar, c_bar, t_bar) = triangle_score_grad(&A, &B, &C, 0.6);
    let dot = |p: Vec3, q: Vec3| p.x * q.x + p.y * q.y + p.z * q.z;
    let adjoint = dot(a_bar, da) + dot(b_bar, db) + dot(c_bar, dc) + t_bar * dt;
    assert!(close(tangent, adjoint), "{tangent} against {adjoint}");
}

#[test]
fn struct_fields_under_operators() {
    let s = Segment { from: A, to: B };
    let (l, s_bar) = s.length_grad();
    let d = v(B.x - A.x, B.y - A.y, B.z - A.z);
    let want = (d.x * d.x + d.y * d.y + d.z * d.z).sqrt();
    assert!(close(l, want));
    // ∂|to − from|/∂to = d / |d|.
    assert!(close(s_bar.to.y, d.y / want) && close(s_bar.from.z, -d.z / want));
    s.length_gradcheck().unwrap();
    // ∂/∂p = 2 d, ∂/∂from = ∂/∂to = −d, with d = p − (from + to)/2.
    let (_, s_bar, p_bar) = s.midpoint_distance_grad(&C);
    let d = v(
        C.x - (A.x + B.x) / 2.0,
        C.y - (A.y + B.y) / 2.0,
        C.z - (A.z + B.z) / 2.0,
    );
    assert!(close(p_bar.x, 2.0 * d.x) && close(s_bar.from.y, -d.y) && close(s_bar.to.z, -d.z));
    s.midpoint_distance_gradcheck(&C).unwrap();
}

#[test]
fn by_value_structs_read_through_methods() {
    let (c, p_bar, q_bar) = cosine_grad(&A, &B);
    let (np, nq) = (A.length(), B.length());
    assert!(close(c, A.dot(&B) / (np * nq)));
    // ∂cos/∂p = q / (|p| |q|) − cos p / |p|².
    assert!(close(p_bar.x, B.x / (np * nq) - c * A.x / (np * np)));
    assert!(close(q_bar.z, A.z / (np * nq) - c * B.z / (nq * nq)));
    cosine_gradcheck(&A, &B).unwrap();
    // `self` by value as an operand: ∂|a − b|/∂a = (a − b) / |a − b|.
    let (d, a_bar, b_bar) = A.distance_grad(&B);
    assert!(close(a_bar.y, (A.y - B.y) / d) && close(b_bar.x, (B.x - A.x) / d));
    A.distance_gradcheck(&B).unwrap();
}

fn bodies() -> Vec<Body> {
    vec![
        Body { pos: A, mass: 1.0 },
        Body { pos: B, mass: 2.0 },
        Body { pos: C, mass: 0.5 },
    ]
}

#[test]
fn struct_fields_of_elements_under_operators() {
    let bodies = bodies();
    let (e, bar) = potential_grad(&bodies);
    let (e2, bar2, g_bar) = potential_by_elements_grad(&bodies, 1.0);
    assert!(close(e, e2) && close(g_bar, e));
    // Translation invariance: the forces sum to zero.
    for coordinate in [|p: &Vec3| p.x, |p: &Vec3| p.y, |p: &Vec3| p.z] {
        let total: f64 = bar.iter().map(|b| coordinate(&b.pos)).sum();
        assert!(total.abs() < 1e-12, "{total}");
    }
    for (b, b2) in bar.iter().zip(&bar2) {
        assert!(close(b.mass, b2.mass) && close(b.pos.x, b2.pos.x));
    }
    // Two bodies: ∂E/∂p₁ = m₁ m₂ (p₁ − p₂) / r³, ∂E/∂m₁ = −m₂ / r.
    let two = &bodies[..2];
    let (_, bar) = potential_grad(two);
    let d = v(A.x - B.x, A.y - B.y, A.z - B.z);
    let r = (d.x * d.x + d.y * d.y + d.z * d.z).sqrt();
    assert!(close(bar[0].pos.y, 2.0 * d.y / (r * r * r)));
    assert!(close(bar[0].mass, -2.0 / r) && close(bar[1].pos.z, -2.0 * d.z / (r * r * r)));
    potential_gradcheck(&bodies).unwrap();
    potential_by_elements_gradcheck(&bodies, 1.5).unwrap();
}

#[test]
fn operators_on_references() {
    let (a, b) = (P2 { x: 0.3, y: -1.2 }, P2 { x: 0.8, y: 0.5 });
    let (f, a_bar, b_bar) = spread_grad(&a, &b);
    let (dx, dy, sx, sy) = (a.x - b.x, a.y - b.y, a.x + b.x, a.y + b.y);
    let (d, s) = ((dx * dx + dy * dy).sqrt(), (sx * sx + sy * sy).sqrt());
    assert!(close(f, d + s));
    // ∂/∂a = (a − b)/|a − b| + (a + b)/|a + b|, ∂/∂b = −(a − b)/|a − b| + (a + b)/|a + b|.
    assert!(close(a_bar.x, dx / d + sx / s) && close(b_bar.y, -dy / d + sy / s));
    spread_gradcheck(&a, &b).unwrap();
}

#[test]
fn struct_state_changed_in_a_loop() {
    let dt = 0.1;
    let (f, p_bar, v_bar, dt_bar) = flight_grad(&A, &B, dt);
    let sum: f64 = (0..5).map(|k| 0.9_f64.powi(k)).sum();
    let p5 = v(
        A.x + dt * B.x * sum,
        A.y + dt * B.y * sum,
        A.z + dt * B.z * sum,
    );
    assert!(close(f, p5.x * p5.x + p5.y * p5.y + p5.z * p5.z));
    // ∂f/∂p₀ = 2 p₅, ∂f/∂v₀ = 2 dt S p₅, ∂f/∂dt = 2 S ⟨p₅, v₀⟩.
    assert!(close(p_bar.x, 2.0 * p5.x) && close(v_bar.y, 2.0 * dt * sum * p5.y));
    assert!(close(
        dt_bar,
        2.0 * sum * (p5.x * B.x + p5.y * B.y + p5.z * B.z)
    ));
    flight_gradcheck(&A, &B, dt).unwrap();
}

#[derive(Clone, Debug, Differentiable)]
pub struct Tethered {
    pub pos: Vec3,
    #[no_grad]
    pub anchor: Vec3,
}

/// `Σ |posᵢ − anchorᵢ|` with the anchors constants (`#[no_grad]`): their column's tangent is
/// zero in forward mode, as their adjoint is dropped in reverse.
#[differentiate]
fn tether_length(t: &[Tethered]) -> f64 {
    let mut s = 0.0;
    for e in t {
        s += (e.pos - e.anchor).length();
    }
    s
}

#[test]
fn constant_struct_fields_of_elements() {
    let t = vec![
        Tethered { pos: A, anchor: B },
        Tethered { pos: C, anchor: A },
    ];
    // The forward mode along a direction whose anchors are those of `t` (as `zero_like`
    // makes them): only the positions move.
    let mut dir = t.clone();
    dir[0].pos = v(1.0, 0.0, 0.0);
    dir[1].pos = v(0.0, 0.0, 1.0);
    let (_, tangent) = tether_length_jvp(&t, &dir);
    let (_, bar) = tether_length_grad(&t);
    assert!(close(tangent, bar[0].pos.x + bar[1].pos.z), "{tangent}");
    tether_length_gradcheck(&t).unwrap();
}

/// A SIMD-style pair named in lowercase with a digit, as `simd` crates and their users
/// name them (`f64x2`), a tuple struct with its own `Add` and `Mul`: its name is read as a
/// struct's, its calls `f64x2(a, b)` as its constructor.
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Differentiable)]
pub struct f64x2(f64, f64);

#[differentiate]
impl Add for f64x2 {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        f64x2(self.0 + rhs.0, self.1 + rhs.1)
    }
}

#[differentiate]
impl Mul for f64x2 {
    type Output = Self;
    fn mul(self, rhs: Self) -> Self {
        f64x2(self.0 * rhs.0, self.1 * rhs.1)
    }
}

#[differentiate]
fn lanes_dot(a: f64x2, b: f64x2, c: f64x2) -> f64 {
    let s = a * b + c;
    s.0 + s.1
}

#[test]
fn a_lowercase_simd_pair_with_its_operators() {
    let (a, b, c) = (f64x2(1.0, 2.0), f64x2(3.0, -1.0), f64x2(0.5, 0.25));
    // f = a₀b₀ + a₁b₁ + c₀ + c₁: ā = b, b̄ = a, c̄ = (1, 1).
    let (v, a_bar, b_bar, c_bar) = lanes_dot_grad(&a, &b, &c);
    assert_eq!(v, 3.0 - 2.0 + 0.75);
    assert_eq!((a_bar, b_bar, c_bar), (b, a, f64x2(1.0, 1.0)));
    lanes_dot_gradcheck(&a, &b, &c).unwrap();
}
