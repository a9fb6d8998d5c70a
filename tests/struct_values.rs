//! Struct values: functions and methods that return a `#[derive(Differentiable)]` struct
//! (built by a literal: `Vec2 { x, y }`, `Self { … }`, nested literals), and callers that
//! hold such values in locals, read their fields (`u.x`, `d.coords.y`), call their methods
//! and pass them on. A struct result's seed and tangent have the struct's type. Checked
//! against closed forms, central differences (`_gradcheck`, `check_vjp`) and the
//! dot-product identity ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩.

use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Coords {
    pub x: f64,
    pub y: f64,
}

/// A point and a displacement, each holding its coordinates, as geometry crates write them.
#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub coords: Coords,
}

#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Disp {
    pub coords: Coords,
}

impl Point {
    pub fn new(x: f64, y: f64) -> Point {
        Point {
            coords: Coords { x, y },
        }
    }

    /// The displacement from `self` to `other`: a nested literal.
    #[differentiate]
    pub fn to(&self, other: &Point) -> Disp {
        Disp {
            coords: Coords {
                x: other.coords.x - self.coords.x,
                y: other.coords.y - self.coords.y,
            },
        }
    }
}

/// The area, read through the fields of two struct values (`&p2` of a reference, as
/// written in the wild).
#[allow(clippy::needless_borrow)]
#[differentiate]
fn triangle_area(p0: &Point, p1: &Point, p2: &Point) -> f64 {
    let v01 = p0.to(p1);
    let v02 = p0.to(&p2);
    0.5 * (v01.coords.x * v02.coords.y - v01.coords.y * v02.coords.x).abs()
}

#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Vec2 {
    pub x: f64,
    pub y: f64,
}

impl Vec2 {
    #[differentiate]
    pub fn sub(&self, o: &Vec2) -> Vec2 {
        Vec2 {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }

    #[differentiate]
    pub fn scale(&self, k: f64) -> Self {
        let x = self.x * k;
        let y = self.y * k;
        Self { x, y }
    }

    #[differentiate]
    pub fn cross(&self, o: &Vec2) -> f64 {
        self.x * o.y - self.y * o.x
    }

    #[differentiate]
    pub fn length(&self) -> f64 {
        (self.x * self.x + self.y * self.y).sqrt()
    }
}

/// Methods called on struct values, one value passed to another's method.
#[differentiate]
fn corner(a: &Vec2, b: &Vec2, c: &Vec2, k: f64) -> f64 {
    let u = b.sub(a).scale(k);
    let v = c.sub(a);
    u.cross(&v) + v.length() * u.x
}

/// A free function returning a struct, and a literal built from float parameters.
#[differentiate]
fn midpoint(a: &Vec2, b: &Vec2) -> Vec2 {
    Vec2 {
        x: 0.5 * (a.x + b.x),
        y: 0.5 * (a.y + b.y),
    }
}

#[differentiate]
fn polar_length(r: f64, theta: f64) -> f64 {
    let p = Vec2 {
        x: r * theta.cos(),
        y: r * theta.sin(),
    };
    let m = midpoint(&p, &Vec2 { x: 1.0, y: 0.0 });
    p.length() + m.y * m.x
}

fn pt(x: f64, y: f64) -> Vec2 {
    Vec2 { x, y }
}

#[test]
fn fields_of_nested_struct_values() {
    let (p0, p1, p2) = (
        Point::new(0.1, 0.2),
        Point::new(1.3, 0.1),
        Point::new(0.4, 1.7),
    );
    let (area, g0, g1, g2) = triangle_area_grad(&p0, &p1, &p2);
    // area = ½ |(x1 − x0)(y2 − y0) − (y1 − y0)(x2 − x0)|, positive here.
    let (ux, uy, vx, vy) = (1.2, -0.1, 0.3, 1.5);
    assert!((area - 0.5 * (ux * vy - uy * vx)).abs() < 1e-12);
    assert!((g1.coords.x - 0.5 * vy).abs() < 1e-12 && (g1.coords.y + 0.5 * vx).abs() < 1e-12);
    assert!((g2.coords.x + 0.5 * uy).abs() < 1e-12 && (g2.coords.y - 0.5 * ux).abs() < 1e-12);
    assert!((g0.coords.x + g1.coords.x + g2.coords.x).abs() < 1e-12);
    triangle_area_gradcheck(&p0, &p1, &p2).unwrap();
}

#[test]
fn methods_of_struct_values() {
    let (a, b, c, k) = (pt(0.1, 0.2), pt(1.3, 0.1), pt(0.4, 1.7), 1.5);
    corner_gradcheck(&a, &b, &c, k).unwrap();
    // The tangent along (da, db, dc, dk) equals ⟨∇, direction⟩.
    let (_, ga, gb, gc, gk) = corner_grad(&a, &b, &c, k);
    let (da, db, dc, dk) = (pt(0.3, -0.2), pt(0.1, 0.7), pt(-0.5, 0.4), 0.25);
    let (_, t) = corner_jvp(&a, &b, &c, k, &da, &db, &dc, dk);
    let dot = |g: &Vec2, d: &Vec2| g.x * d.x + g.y * d.y;
    let want = dot(&ga, &da) + dot(&gb, &db) + dot(&gc, &dc) + gk * dk;
    assert!((t - want).abs() < 1e-12, "{t} against {want}");
}

#[test]
fn a_struct_result_has_a_struct_seed_and_tangent() {
    let (a, b) = (pt(0.1, 0.2), pt(1.3, -0.4));
    let (m, dm) = midpoint_jvp(&a, &b, &pt(1.0, 2.0), &pt(3.0, -1.0));
    assert!((m.x - 0.7).abs() < 1e-12 && (m.y + 0.1).abs() < 1e-12);
    assert!((dm.x - 2.0).abs() < 1e-12 && (dm.y - 0.5).abs() < 1e-12);
    // ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩ for a seed of the struct's type.
    let seed = pt(0.3, -1.1);
    let (_, ga, gb) = midpoint_vjp(&a, &b, seed);
    let (da, db) = (pt(0.2, 0.5), pt(-0.7, 0.1));
    let (_, t) = midpoint_jvp(&a, &b, &da, &db);
    let lhs = seed.x * t.x + seed.y * t.y;
    let rhs = ga.x * da.x + ga.y * da.y + gb.x * db.x + gb.y * db.y;
    assert!((lhs - rhs).abs() < 1e-12);
    assert!((ga.x - 0.15).abs() < 1e-12 && (gb.y + 0.55).abs() < 1e-12);
    // A method returning `Self`, built from locals by field shorthand.
    let (s, ds) = a.scale_jvp(2.0, &pt(1.0, 0.0), 0.5);
    assert!((s.x - 0.2).abs() < 1e-12 && (s.y - 0.4).abs() < 1e-12);
    assert!((ds.x - (2.0 + 0.05)).abs() < 1e-12 && (ds.y - 0.1).abs() < 1e-12);
}

#[test]
fn literals_built_from_floats() {
    polar_length_gradcheck(0.8, 0.6).unwrap();
    let (v, gr, gt) = polar_length_grad(0.8, 0.6);
    // p = r(cos θ, sin θ), |p| = r, m = ((p.x + 1)/2, p.y/2): v = r + p.y (p.x + 1) / 4.
    let (c, s) = (0.6f64.cos(), 0.6f64.sin());
    assert!((v - (0.8 + 0.8 * s * (0.8 * c + 1.0) / 4.0)).abs() < 1e-12);
    assert!((gr - (1.0 + (2.0 * 0.8 * s * c + s) / 4.0)).abs() < 1e-12);
    let want_t = 0.8 * (0.8 * (c * c - s * s) + c) / 4.0;
    assert!((gt - want_t).abs() < 1e-12);
}

// Integer containers are constant fields: indices into a float field (`w[pos[k]]`), a tag,
// offsets.
#[derive(Differentiable, Clone, Debug)]
pub struct Picker {
    w: Vec<f64>,
    pos: Vec<usize>,
    tag: Option<u8>,
    shift: [i8; 2],
}

impl Picker {
    #[differentiate]
    fn picked(&self) -> f64 {
        let mut s = 0.0;
        for k in 0..self.pos.len() {
            s += self.w[self.pos[k]] * self.w[self.pos[k]];
        }
        s
    }
}

#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Planar {
    pub x: f64,
    pub y: f64,
}

#[differentiate]
pub fn planar_dot(a: Planar, b: Planar) -> f64 {
    a.x * b.x + a.y * b.y
}

impl Planar {
    // `*self` of a `Copy` struct passed by value.
    #[differentiate]
    pub fn length_sq(&self) -> f64 {
        planar_dot(*self, *self)
    }
}

#[test]
fn integer_fields_and_copied_self() {
    let p = Picker {
        w: vec![1.0, 2.0, 3.0],
        pos: vec![2, 0, 2],
        tag: None,
        shift: [1, -1],
    };
    // w₂² + w₀² + w₂²: (2w₀, 0, 4w₂).
    let (v, g) = p.picked_grad();
    assert_eq!(v, 19.0);
    assert_eq!(g.w, vec![2.0, 0.0, 12.0]);
    assert_eq!((p.tag, p.shift), (None, [1, -1]));
    let v = Planar { x: 3.0, y: 4.0 };
    let (n, g) = v.length_sq_grad();
    assert_eq!((n, g.x, g.y), (25.0, 6.0, 8.0));
}
