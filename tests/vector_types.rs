//! A vector type written the way ray tracers and particle codes write it: operator impls
//! whose operand is `Self`, results built by `Self::new(…)`, free functions of vectors
//! only (`fn half(a: Vect, b: Vect) -> Vect`, whose float type the fields hold), a ray's point
//! `origin + direction * t` from struct-valued fields, and a normalised direction used as an
//! operand. Checked against closed forms and central differences (`_gradcheck`).

use autodiff::{differentiate, Differentiable};
use std::ops::{Add, Mul, Sub};

#[derive(Clone, Copy, Debug, PartialEq, Differentiable)]
pub struct Vect {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

impl Vect {
    #[differentiate]
    pub fn new(x: f64, y: f64, z: f64) -> Self {
        Vect { x, y, z }
    }

    #[differentiate]
    pub fn length(&self) -> f64 {
        (self.x * self.x + self.y * self.y + self.z * self.z).sqrt()
    }

    #[differentiate]
    pub fn normalize(&self) -> Vect {
        let l = self.length();
        Vect::new(self.x / l, self.y / l, self.z / l)
    }
}

/// The operand written `Self`.
#[differentiate]
impl Add for Vect {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Vect {
            x: self.x + other.x,
            y: self.y + other.y,
            z: self.z + other.z,
        }
    }
}

/// The result built by the constructor.
#[differentiate]
impl Sub for Vect {
    type Output = Self;
    fn sub(self, o: Vect) -> Self {
        Self::new(self.x - o.x, self.y - o.y, self.z - o.z)
    }
}

#[differentiate]
impl Mul<f64> for Vect {
    type Output = Vect;
    fn mul(self, k: f64) -> Vect {
        Vect::new(self.x * k, self.y * k, self.z * k)
    }
}

const A: Vect = Vect {
    x: 1.0,
    y: 2.0,
    z: 3.0,
};
const B: Vect = Vect {
    x: 0.5,
    y: -1.0,
    z: 0.2,
};

/// Vectors in, a vector out, no float in the signature.
#[differentiate]
fn half_difference(a: Vect, b: Vect) -> Vect {
    (a - b) * 0.5
}

#[test]
fn a_function_of_vectors_only_computes_in_their_float_type() {
    let y_bar = Vect::new(1.0, -2.0, 0.5);
    let (h, a_bar, b_bar) = half_difference_vjp(&A, &B, y_bar);
    assert_eq!(h, Vect::new(0.25, 1.5, 1.4));
    // ∂h/∂a = I/2, ∂h/∂b = −I/2.
    assert_eq!(a_bar, Vect::new(0.5, -1.0, 0.25));
    assert_eq!(b_bar, Vect::new(-0.5, 1.0, -0.25));
}

#[derive(Clone, Copy, Debug, Differentiable)]
pub struct Ray {
    pub origin: Vect,
    pub direction: Vect,
}

/// A ray's point: its fields are vectors, which the struct result says.
#[differentiate]
fn at(r: &Ray, t: f64) -> Vect {
    r.origin + r.direction * t
}

#[differentiate]
impl Ray {
    pub fn point_at(&self, t: f64) -> Vect {
        self.origin + self.direction * t
    }
}

#[differentiate]
fn travelled(r: &Ray, t: f64) -> f64 {
    r.point_at(t).length()
}

#[test]
fn a_rays_point_has_its_closed_form_derivatives() {
    let r = Ray {
        origin: A,
        direction: B,
    };
    let y_bar = Vect::new(1.0, 0.5, 0.0);
    let (p, r_bar, t_bar) = at_vjp(&r, 2.0, y_bar);
    assert_eq!(p, Vect::new(2.0, 0.0, 3.4));
    // ∂p/∂origin = I, ∂p/∂direction = t I, ∂p/∂t = direction.
    assert_eq!(r_bar.origin, y_bar);
    assert_eq!(r_bar.direction, Vect::new(2.0, 1.0, 0.0));
    // ⟨ȳ, direction⟩ = 1 · 0.5 + 0.5 · (−1) + 0 · 0.2.
    assert_eq!(t_bar, 0.0);
    let still = Ray {
        origin: Vect::new(0.0, 0.0, 0.0),
        direction: Vect::new(0.0, 0.0, 0.0),
    };
    assert_eq!(at_jvp(&r, 2.0, &still, 1.0).1, B);
    travelled_gradcheck(&r, 0.7).unwrap();
}

/// A normalised direction used as an operand (`a + dir * k`).
#[differentiate]
fn pushed(a: &Vect, b: &Vect, k: f64) -> f64 {
    let dir = b.normalize();
    let p = *a + dir * k;
    p.x + 2.0 * p.y
}

#[test]
fn a_methods_vector_result_is_an_operand() {
    pushed_gradcheck(&A, &B, 1.5).unwrap();
}

/// A tuple struct with operator impls (`self.0 + other.0`), as competitive-programming
/// geometry writes it, and a struct built from vectors taken by value.
#[derive(Clone, Copy, Debug, PartialEq, Differentiable)]
pub struct Point(f64, f64);

#[differentiate]
impl Sub for Point {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        Self(self.0 - other.0, self.1 - other.1)
    }
}

#[differentiate]
impl Add for Point {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Self(self.0 + other.0, self.1 + other.1)
    }
}

#[differentiate]
impl Mul<f64> for Point {
    type Output = Self;
    fn mul(self, k: f64) -> Self {
        Self(self.0 * k, self.1 * k)
    }
}

impl Point {
    #[differentiate]
    pub fn abs(self) -> f64 {
        (self.0 * self.0 + self.1 * self.1).sqrt()
    }
}

#[derive(Clone, Copy, Debug, Differentiable)]
pub struct Circle {
    pub center: Point,
    pub radius: f64,
}

impl Circle {
    /// The center by reference: one taken by value and only stored is read as a constant
    /// (a material or a label is stored as often), see docs/FEATURES.md.
    #[differentiate]
    pub fn new(center: &Point, radius: f64) -> Self {
        Circle {
            center: *center,
            radius,
        }
    }
}

/// The circle through a triangle's side lengths: its center weighted by them.
#[differentiate]
fn weighted_circle(a: Point, b: Point, c: Point) -> Circle {
    let ab = (a - b).abs();
    let bc = (b - c).abs();
    let ca = (c - a).abs();
    let p = ab + bc + ca;
    let center = a * (bc / p) + b * (ca / p) + c * (ab / p);
    Circle::new(&center, p / 2.0)
}

#[differentiate]
fn circle_size(a: &Point, b: &Point, c: &Point) -> f64 {
    let circle = weighted_circle(*a, *b, *c);
    circle.radius * (circle.center.0 + 2.0 * circle.center.1)
}

#[test]
fn tuple_structs_and_structs_built_from_vectors() {
    let (a, b, c) = (Point(0.0, 0.0), Point(4.0, 0.0), Point(0.0, 3.0));
    circle_size_gradcheck(&a, &b, &c).unwrap();
    // Translating the triangle moves the center with it and keeps the radius: along
    // (1, 0) for each vertex, the circle's tangent is (center (1, 0), radius 0).
    let still = Point(1.0, 0.0);
    let (circle, tangent) = weighted_circle_jvp(&a, &b, &c, &still, &still, &still);
    assert_eq!(circle.radius, 6.0);
    assert!((tangent.center.0 - 1.0).abs() < 1e-12 && tangent.center.1.abs() < 1e-12);
    assert!(tangent.radius.abs() < 1e-12);
}

/// `k * v` with the float on the left.
#[differentiate]
impl Mul<Vect> for f64 {
    type Output = Vect;
    fn mul(self, v: Vect) -> Vect {
        Vect::new(self * v.x, self * v.y, self * v.z)
    }
}

#[derive(Clone, Copy, Debug, Differentiable)]
pub struct Body {
    pub mass: f64,
    pub vel: Vect,
}

/// A float field beside a vector parameter in a vector result: the field is the float.
#[differentiate]
fn weight(b: &Body, g: &Vect) -> Vect {
    b.mass * *g
}

#[differentiate]
fn kicked(b: &Body, f: &Vect) -> Vect {
    b.vel + *f * b.mass
}

#[test]
fn float_fields_beside_vector_parameters() {
    let body = Body {
        mass: 2.0,
        vel: Vect::new(1.0, 0.0, 0.5),
    };
    let g = Vect::new(0.0, -9.8, 0.0);
    let y_bar = Vect::new(0.0, 1.0, 0.0);
    // ∂(m g)/∂m = g, ∂/∂g = m I.
    let (w, b_bar, g_bar) = weight_vjp(&body, &g, y_bar);
    assert_eq!(w, Vect::new(0.0, -19.6, 0.0));
    assert_eq!((b_bar.mass, g_bar), (-9.8, Vect::new(0.0, 2.0, 0.0)));
    let (_, b_bar, f_bar) = kicked_vjp(&body, &g, y_bar);
    assert_eq!(
        (b_bar.mass, b_bar.vel, f_bar),
        (-9.8, y_bar, Vect::new(0.0, 2.0, 0.0))
    );
}

/// An `f32` vector type whose methods name no float: they compute in its fields' type,
/// `<Self as Differentiable>::Scalar`, which rustc knows.
#[derive(Clone, Copy, Debug, PartialEq, Differentiable)]
pub struct Vec2f {
    pub x: f32,
    pub y: f32,
}

impl Vec2f {
    #[differentiate]
    pub fn add(&self, other: &Self) -> Self {
        Self {
            x: self.x + other.x,
            y: self.y + other.y,
        }
    }

    #[differentiate]
    pub fn normalize(&self) -> Self {
        let length = (self.x * self.x + self.y * self.y).sqrt();
        Self {
            x: self.x / length,
            y: self.y / length,
        }
    }
}

/// A free function of such vectors only: their first one's float type.
#[differentiate]
fn midpoint_f32(a: &Vec2f, b: &Vec2f) -> Vec2f {
    Vec2f {
        x: (a.x + b.x) * 0.5,
        y: (a.y + b.y) * 0.5,
    }
}

#[test]
fn f32_vectors_whose_methods_name_no_float() {
    let (a, b) = (Vec2f { x: 3.0, y: -4.0 }, Vec2f { x: 0.5, y: 1.5 });
    let y_bar = Vec2f { x: 1.0, y: 0.0 };
    let (s, a_bar, b_bar) = a.add_vjp(&b, y_bar);
    assert_eq!((s, a_bar, b_bar), (Vec2f { x: 3.5, y: -2.5 }, y_bar, y_bar));
    // d(a/|a|) = (I − u uᵀ)/|a|: at (3, −4), the x row is (1 − 0.36, 0.48)/5.
    let (u, a_bar) = a.normalize_vjp(y_bar);
    assert_eq!(u, Vec2f { x: 0.6, y: -0.8 });
    assert!((a_bar.x - 0.64 / 5.0).abs() < 1e-6 && (a_bar.y - 0.48 / 5.0).abs() < 1e-6);
    let (m, a_bar, _) = midpoint_f32_vjp(&a, &b, y_bar);
    assert_eq!(
        (m, a_bar),
        (Vec2f { x: 1.75, y: -1.25 }, Vec2f { x: 0.5, y: 0.0 })
    );
}

/// A camera that is no parameter of the derivatives (not `Differentiable`, left out by
/// `wrt`): its method computes in its result's float type, here `f32`.
pub struct Camera {
    pub focal: f32,
    pub name: String,
}

impl Camera {
    #[differentiate(wrt(p))]
    pub fn project(&self, p: &Vec2f, depth: &Vec2f) -> Vec2f {
        Vec2f {
            x: self.focal * p.x / depth.x,
            y: self.focal * p.y / depth.y,
        }
    }
}

#[test]
fn a_constant_receiver_and_an_f32_result() {
    let camera = Camera {
        focal: 2.0,
        name: String::from("left"),
    };
    let (p, depth) = (Vec2f { x: 1.0, y: 2.0 }, Vec2f { x: 4.0, y: 8.0 });
    // ∂(f p.x / d.x)/∂p.x = f / d.x.
    let (v, p_bar) = camera.project_vjp(&p, &depth, Vec2f { x: 1.0, y: 1.0 });
    assert_eq!(
        (v, p_bar),
        (Vec2f { x: 0.5, y: 0.5 }, Vec2f { x: 0.5, y: 0.25 })
    );
    assert_eq!(camera.name, "left");
}

#[differentiate]
impl Sub for Vec2f {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        Self {
            x: self.x - other.x,
            y: self.y - other.y,
        }
    }
}

/// An `f32` vector type's operator, used with `-`.
#[differentiate]
fn f32_gap(a: &Vec2f, b: &Vec2f) -> f32 {
    let d = *a - *b;
    d.x * d.x + 3.0 * d.y
}

#[test]
fn an_f32_vector_types_operator() {
    let (a, b) = (Vec2f { x: 3.0, y: -4.0 }, Vec2f { x: 0.5, y: 1.5 });
    // ∂/∂a = (2 (a.x − b.x), 3) = −∂/∂b.
    let (_, a_bar, b_bar) = f32_gap_grad(&a, &b);
    assert_eq!(
        (a_bar, b_bar),
        (Vec2f { x: 5.0, y: 3.0 }, Vec2f { x: -5.0, y: -3.0 })
    );
    // The forward mode along (1, 0) for `a`: 2 (a.x − b.x).
    let zero = Vec2f { x: 0.0, y: 0.0 };
    assert_eq!(f32_gap_jvp(&a, &b, &Vec2f { x: 1.0, y: 0.0 }, &zero).1, 5.0);
}
