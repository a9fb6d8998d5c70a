//! Conversions and copies of a user's point type, as geometry code writes them: a
//! differentiated `impl From<(f64, f64)> for Point` called as `Point::from(t)`, `let p:
//! Point = t.into();` and `t.into()` given to a closure taking a `Point`; `let q = *a;` of a
//! point parameter; a tuple result returned as a value (`return pts[i];`, `p.into()` through
//! a differentiated `impl Into`); `let w: Vec<_> = ….collect();`. Each checked against
//! a closed form worked out by hand and central differences (`_gradcheck`).

use autodiff::{differentiate, Differentiable};
use std::iter::Sum;
use std::ops::{Add, Mul, Sub};

#[derive(Clone, Copy, Debug, Differentiable)]
struct Point {
    x: f64,
    y: f64,
}

impl Point {
    fn zero() -> Self {
        Point { x: 0.0, y: 0.0 }
    }

    #[differentiate]
    fn sqr_norm(self) -> f64 {
        self.x * self.x + self.y * self.y
    }
}

#[differentiate]
impl Sub for Point {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        Point {
            x: self.x - rhs.x,
            y: self.y - rhs.y,
        }
    }
}

#[differentiate]
impl From<(f64, f64)> for Point {
    fn from((x, y): (f64, f64)) -> Self {
        Point { x, y }
    }
}

#[allow(clippy::from_over_into)]
#[differentiate]
impl Into<(f64, f64)> for Point {
    fn into(self) -> (f64, f64) {
        (self.x, self.y)
    }
}

/// |a − b|² with both points made by `From`, one through a closure taking a `Point` fed
/// `.into()`: ∂/∂a = 2 (a − b), ∂/∂b = −2 (a − b).
#[differentiate]
fn squared_distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    let v = Point::from(b);
    let sqr_dist = |p: Point| (p - v).sqr_norm();
    let p: Point = a.into();
    0.5 * sqr_dist(a.into()) + 0.5 * sqr_dist(p)
}

#[test]
fn points_made_by_from_and_into() {
    let (a, b) = ((1.0, 2.0), (0.5, -1.0));
    let (f, a_bar, b_bar) = squared_distance_grad(&a, &b);
    assert_eq!(f, 0.25 + 9.0);
    assert_eq!(a_bar, (1.0, 6.0));
    assert_eq!(b_bar, (-1.0, -6.0));
    squared_distance_gradcheck(&a, &b).unwrap();
}

/// A copy of a point parameter, `let q = *a;`, and a closure taking a point called with
/// `*a`: 2 |a|², ∂/∂a = 4 a.
#[differentiate]
fn twice_norm(a: &Point) -> f64 {
    let q = *a;
    let d = |p: Point| p.sqr_norm();
    q.sqr_norm() + d(*a)
}

#[test]
fn a_point_copied_out_of_its_reference() {
    let a = Point { x: 1.0, y: -2.0 };
    let (f, g) = twice_norm_grad(&a);
    assert_eq!(f, 10.0);
    assert_eq!((g.x, g.y), (4.0, -8.0));
    twice_norm_gradcheck(&a).unwrap();
}

/// The nearest of the points (by `|p − v|²`, weights collected into a `Vec<_>`) returned
/// as it is, `return pts[i];`, or the far point's offset from `v` as a tuple through
/// `Into`: a tuple result returned as a value.
#[differentiate]
fn nearest_or_offset(pts: &[(f64, f64)], v: (f64, f64)) -> (f64, f64) {
    let origin = Point::from(v);
    let d: Vec<_> = pts
        .iter()
        .map(|&p| (Point::from(p) - origin).sqr_norm())
        .collect();
    if d[0] < 1.0 {
        return pts[0];
    }
    (Point::from(pts[1]) - origin).into()
}

#[test]
fn tuple_results_returned_as_values() {
    let pts = [(0.0, 0.0), (3.0, 4.0)];
    // Near the first point: the result is pts[0], whose cotangent is the seed.
    let (y, pts_bar, v_bar) = nearest_or_offset_vjp(&pts, &(0.5, 0.5), (1.0, 2.0));
    assert_eq!(y, (0.0, 0.0));
    assert_eq!(pts_bar, vec![(1.0, 2.0), (0.0, 0.0)]);
    assert_eq!(v_bar, (0.0, 0.0));
    // Far from it: pts[1] − v, so the seed goes to pts[1] and its negation to v.
    let (y, pts_bar, v_bar) = nearest_or_offset_vjp(&pts, &(2.0, 2.0), (1.0, 2.0));
    assert_eq!(y, (1.0, 2.0));
    assert_eq!(pts_bar, vec![(0.0, 0.0), (1.0, 2.0)]);
    assert_eq!(v_bar, (-1.0, -2.0));
}

/// A tuple built into a name, then returned by that name: (x², x).
#[allow(clippy::let_and_return)]
#[differentiate]
fn square_and_itself(x: f64) -> (f64, f64) {
    let t = (x * x, x);
    t
}

#[test]
fn a_tuple_returned_by_its_name() {
    let (y, x_bar) = square_and_itself_vjp(3.0, (1.0, 2.0));
    assert_eq!(y, (9.0, 3.0));
    // ⟨(a, b), (2x ẋ, ẋ)⟩: x̄ = 2x a + b.
    assert_eq!(x_bar, 8.0);
}

#[differentiate]
impl Add for Point {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Point {
            x: self.x + rhs.x,
            y: self.y + rhs.y,
        }
    }
}

#[differentiate]
impl Mul<Point> for f64 {
    type Output = Point;
    fn mul(self, rhs: Point) -> Point {
        Point {
            x: self * rhs.x,
            y: self * rhs.y,
        }
    }
}

impl Sum for Point {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::zero(), |s, p| s + p)
    }
}

/// |Σ wᵢ pᵢ|², the weighted sum of points collected by the type's own `Sum`:
/// with c = Σ wᵢ pᵢ, ∂/∂wᵢ = 2 c·pᵢ and ∂/∂pᵢ = 2 wᵢ c.
#[differentiate]
fn weighted_centroid_norm(w: &[f64], pts: &[(f64, f64)]) -> f64 {
    let c: Point = w.iter().zip(pts).map(|(&w, &p)| w * Point::from(p)).sum();
    c.sqr_norm()
}

#[test]
fn a_sum_of_points_through_their_own_sum() {
    let (w, pts) = ([0.5, 2.0], [(1.0, 2.0), (-1.0, 0.5)]);
    // c = (0.5 − 2, 1 + 1) = (−1.5, 2).
    let (f, w_bar, pts_bar) = weighted_centroid_norm_grad(&w, &pts);
    assert_eq!(f, 6.25);
    assert_eq!(w_bar, vec![2.0 * (-1.5 + 4.0), 2.0 * (1.5 + 1.0)]);
    assert_eq!(pts_bar, vec![(-1.5, 2.0), (-6.0, 8.0)]);
    weighted_centroid_norm_gradcheck(&w, &pts).unwrap();
}

/// The plainest sum of points, `pts.iter().map(|&p| Point::from(p)).sum()`:
/// f = |Σ pᵢ|², ∂/∂pᵢ = 2 Σ p.
#[differentiate]
fn norm_of_the_sum(pts: &[(f64, f64)]) -> f64 {
    let s: Point = pts.iter().map(|&p| Point::from(p)).sum();
    s.sqr_norm()
}

#[test]
fn a_plain_sum_of_points() {
    let (f, g) = norm_of_the_sum_grad(&[(1.0, 2.0), (0.5, -1.0)]);
    assert_eq!(f, 2.25 + 1.0);
    assert_eq!(g, vec![(3.0, 2.0), (3.0, 2.0)]);
}
