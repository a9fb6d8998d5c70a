//! Slices of `#[derive(Differentiable)]` structs as parameters (`&[Point]`, `&Vec<Body>`),
//! read through their elements' fields: `fig[i].x`, `let p = &fig[i - 1];` (also chosen by
//! an `if`), `for b in bodies`, `.iter().map(|b| …)`, `.iter().enumerate()`, and passed on to
//! differentiated callees. The cotangent is a `Vec` of the struct, `#[no_grad]` fields
//! untouched. Gradients are checked against closed forms and the generated `_gradcheck`
//! (central differences), the tangents against the gradient (dot-product identity).

mod common;
use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone, Debug)]
pub struct Point {
    x: f64,
    y: f64,
}

// The shoelace formula as TheAlgorithms/Rust writes it: each element chosen by an `if`.
#[differentiate]
pub fn polygon_area(fig: &[Point]) -> f64 {
    let mut res = 0.0;
    for i in 0..fig.len() {
        let p = if i > 0 {
            &fig[i - 1]
        } else {
            &fig[fig.len() - 1]
        };
        let q = &fig[i];
        res += (p.x - q.x) * (p.y + q.y);
    }
    f64::abs(res) / 2.0
}

#[derive(Differentiable, Clone, Debug)]
pub struct Body {
    m: f64,
    v: f64,
    #[no_grad]
    id: usize,
}

#[differentiate]
fn energy(bodies: &Vec<Body>, g: f64) -> f64 {
    let mut e = 0.0;
    for b in bodies {
        e += 0.5 * b.m * b.v * b.v;
    }
    let weight: f64 = bodies.iter().map(|b| b.m * g).sum();
    e + weight + bodies[0].m * bodies[1].v
}

#[differentiate]
fn spread(pts: &[Point]) -> f64 {
    let n = pts.len() as f64;
    let mean: f64 = pts.iter().map(|p| p.x).sum::<f64>() / n;
    let mut s = 0.0;
    for (i, p) in pts.iter().enumerate() {
        s += (p.x - mean).powi(2) * (i as f64 + 1.0) + p.y.sin();
    }
    s
}

#[differentiate]
fn scaled_spread(pts: &[Point], k: f64) -> f64 {
    k * spread(pts)
}

#[derive(Differentiable, Clone, Debug)]
pub struct Weighted {
    a: f32,
    b: f32,
    w: f32,
}

#[differentiate]
fn weighted(ps: &[Weighted]) -> f32 {
    let mut s = 0.0;
    for p in ps.iter() {
        s += p.w * p.a * p.b;
    }
    s
}

fn hexagon() -> Vec<Point> {
    [
        (0.1, 0.0),
        (1.2, -0.1),
        (1.6, 0.9),
        (1.0, 1.8),
        (0.0, 1.7),
        (-0.6, 0.8),
    ]
    .iter()
    .map(|&(x, y)| Point { x, y })
    .collect()
}

#[test]
fn shoelace_area() {
    let fig = hexagon();
    let (area, g) = polygon_area_grad(&fig);
    // res = Σ (xᵢ₋₁ − xᵢ)(yᵢ₋₁ + yᵢ) (cyclic), area = |res| / 2 (res > 0 here):
    // ∂area/∂xⱼ = ((yⱼ + yⱼ₊₁) − (yⱼ₋₁ + yⱼ)) / 2 = (yⱼ₊₁ − yⱼ₋₁) / 2,
    // ∂area/∂yⱼ = ((xⱼ₋₁ − xⱼ) + (xⱼ − xⱼ₊₁)) / 2 = (xⱼ₋₁ − xⱼ₊₁) / 2.
    let n = fig.len();
    for j in 0..n {
        let (prev, next) = (&fig[(j + n - 1) % n], &fig[(j + 1) % n]);
        assert!((g[j].x - (next.y - prev.y) / 2.0).abs() < 1e-12, "x {j}");
        assert!((g[j].y - (prev.x - next.x) / 2.0).abs() < 1e-12, "y {j}");
    }
    assert!(area > 0.0);
    polygon_area_gradcheck(&fig).unwrap();
}

#[test]
fn loops_and_chains_over_bodies() {
    let bodies = vec![
        Body {
            m: 1.0,
            v: 2.0,
            id: 7,
        },
        Body {
            m: 3.0,
            v: -1.0,
            id: 8,
        },
    ];
    let (e, gb, gg) = energy_grad(&bodies, 0.5);
    // e = Σ ½mᵢvᵢ² + g Σ mᵢ + m₀v₁.
    assert!((e - (2.0 + 1.5 + 2.0 - 1.0)).abs() < 1e-12);
    assert!((gb[0].m - (2.0 + 0.5 - 1.0)).abs() < 1e-12);
    assert!((gb[0].v - 2.0).abs() < 1e-12);
    assert!((gb[1].m - (0.5 + 0.5)).abs() < 1e-12);
    assert!((gb[1].v - (-3.0 + 1.0)).abs() < 1e-12);
    assert!((gg - 4.0).abs() < 1e-12);
    // A `#[no_grad]` field's cotangent keeps the constant.
    assert_eq!((gb[0].id, gb[1].id), (7, 8));
    energy_gradcheck(&bodies, 0.5).unwrap();
    // ⟨∇e, v⟩ along a direction that moves every float.
    let dir = vec![
        Body {
            m: 0.3,
            v: -0.2,
            id: 7,
        },
        Body {
            m: 0.1,
            v: 0.7,
            id: 8,
        },
    ];
    let (_, t) = energy_jvp(&bodies, 0.5, &dir, 0.25);
    let want = gb[0].m * 0.3 + gb[0].v * -0.2 + gb[1].m * 0.1 + gb[1].v * 0.7 + gg * 0.25;
    assert!((t - want).abs() < 1e-12, "{t} against {want}");
}

#[test]
fn enumerate_and_callers() {
    let pts = hexagon();
    spread_gradcheck(&pts).unwrap();
    let (v, g, gk) = scaled_spread_grad(&pts, 1.5);
    let (s, gs) = spread_grad(&pts);
    assert!((v - 1.5 * s).abs() < 1e-12 && (gk - s).abs() < 1e-12);
    for (a, b) in g.iter().zip(&gs) {
        assert!((a.x - 1.5 * b.x).abs() < 1e-12 && (a.y - 1.5 * b.y).abs() < 1e-12);
    }
    scaled_spread_gradcheck(&pts, 1.5).unwrap();
}

#[test]
fn f32_elements() {
    let ps = vec![
        Weighted {
            a: 1.0,
            b: 2.0,
            w: 0.5,
        },
        Weighted {
            a: -1.0,
            b: 3.0,
            w: 2.0,
        },
    ];
    let (s, g) = weighted_grad(&ps);
    assert!((s - (1.0 - 6.0)).abs() < 1e-6);
    // ∂(w·a·b) = (b·w, a·w, a·b).
    assert!(
        (g[0].a - 1.0).abs() < 1e-6 && (g[0].b - 0.5).abs() < 1e-6 && (g[0].w - 2.0).abs() < 1e-6
    );
    assert!(
        (g[1].a - 6.0).abs() < 1e-6 && (g[1].b + 2.0).abs() < 1e-6 && (g[1].w + 3.0).abs() < 1e-6
    );
}

#[differentiate]
fn norm(p: &Point) -> f64 {
    (p.x * p.x + p.y * p.y).sqrt()
}

// Elements passed on to a differentiated function: by an alias, by `&pts[0]`, in a chain.
#[allow(clippy::needless_range_loop, clippy::redundant_closure)] // the forms under test
#[differentiate]
fn weighted_norms(pts: &[Point]) -> f64 {
    let mut s = 0.0;
    for i in 0..pts.len() {
        let p = &pts[i];
        s += norm(p) * p.x;
    }
    s + norm(&pts[0]) + pts.iter().map(|p| norm(p)).sum::<f64>()
}

#[test]
fn elements_passed_to_callees() {
    let pts = vec![Point { x: 0.3, y: 0.4 }, Point { x: 1.2, y: -0.5 }];
    let (_, g) = weighted_norms_grad(&pts);
    // s = Σ |pᵢ| xᵢ + |p₀| + Σ |pᵢ|: ∂/∂xᵢ = xᵢ²/|pᵢ| + |pᵢ| + [i = 0] x₀/|p₀| + xᵢ/|pᵢ|,
    // ∂/∂yᵢ = xᵢyᵢ/|pᵢ| + [i = 0] y₀/|p₀| + yᵢ/|pᵢ|.
    for (i, p) in pts.iter().enumerate() {
        let r = (p.x * p.x + p.y * p.y).sqrt();
        let first = if i == 0 { 1.0 } else { 0.0 };
        let gx = p.x * p.x / r + r + (first + 1.0) * p.x / r;
        let gy = p.x * p.y / r + (first + 1.0) * p.y / r;
        assert!(
            (g[i].x - gx).abs() < 1e-12 && (g[i].y - gy).abs() < 1e-12,
            "{i}: {:?}",
            g[i]
        );
    }
    weighted_norms_gradcheck(&pts).unwrap();
}

// The slice left out by `wrt`: a constant, read through the same columns.
#[differentiate(wrt(k))]
fn pull(pts: &[Point], k: f64) -> f64 {
    pts.iter().map(|p| (k * p.x).sin() * p.y).sum()
}

#[test]
fn constant_slices() {
    let pts = hexagon();
    let (_, gk) = pull_grad(&pts, 0.7);
    let want: f64 = pts.iter().map(|p| p.x * (0.7 * p.x).cos() * p.y).sum();
    assert!((gk - want).abs() < 1e-12);
    pull_gradcheck(&pts, 0.7).unwrap();
}

// The first and last elements, as slices name them.
#[differentiate]
fn closing_gap(pts: &[Point]) -> f64 {
    let first = pts.first().unwrap();
    let last = pts.last().expect("a path of points");
    (first.x - last.x).powi(2) + (first.y - last.y).powi(2)
}

#[test]
fn first_and_last_elements() {
    let pts = vec![
        Point { x: 1.0, y: 2.0 },
        Point { x: 0.0, y: 0.0 },
        Point { x: 4.0, y: -2.0 },
    ];
    // (x₀ − x₂)² + (y₀ − y₂)²: ∂/∂x₀ = 2 (x₀ − x₂) = −6, ∂/∂y₀ = 8.
    let (v, g) = closing_gap_grad(&pts);
    assert_eq!(v, 25.0);
    assert_eq!((g[0].x, g[0].y, g[2].x, g[2].y), (-6.0, 8.0, 6.0, -8.0));
    assert_eq!((g[1].x, g[1].y), (0.0, 0.0));
}

// Slices of structs held by a struct: a system of bodies, and a Newton interpolant over
// `(x, y)` points, read through their elements as the authors of such code write them.
#[derive(Differentiable, Clone, Debug)]
pub struct System {
    bodies: Vec<Body>,
    damping: f64,
}

impl System {
    #[differentiate]
    fn kinetic(&self) -> f64 {
        let mut e = 0.0;
        for b in &self.bodies {
            e += 0.5 * b.m * b.v * b.v;
        }
        e * self.damping + self.bodies[0].v * self.bodies.iter().map(|b| b.m).sum::<f64>()
    }
}

#[derive(Differentiable, Clone, Debug)]
pub struct Newton {
    points: Vec<(f64, f64)>,
}

impl Newton {
    #[differentiate]
    fn eval(&self, in_x: f64) -> f64 {
        let mut fs = self.points.iter().map(|(_, y)| *y).collect::<Vec<_>>();
        let xs = self.points.iter().map(|(x, _)| *x).collect::<Vec<_>>();
        for i in 1..self.points.len() {
            for j in (i..self.points.len()).rev() {
                fs[j] = (fs[j] - fs[j - 1]) / (xs[j] - xs[j - i]);
            }
        }
        let mut ans = 0.;
        let mut x = 1.;
        for (f, xp) in fs.iter().zip(&xs) {
            ans += f * x;
            x *= in_x - xp;
        }
        ans
    }
}

fn two_bodies() -> System {
    System {
        bodies: vec![
            Body {
                m: 2.0,
                v: 3.0,
                id: 0,
            },
            Body {
                m: 1.5,
                v: -1.0,
                id: 1,
            },
        ],
        damping: 0.5,
    }
}

#[test]
fn slices_of_structs_in_a_struct() {
    let s = two_bodies();
    // E = d Σ ½ mᵢvᵢ² + v₀ Σ mᵢ: ∂/∂m₀ = d v₀²/2 + v₀, ∂/∂v₀ = d m₀ v₀ + Σ m,
    // ∂/∂m₁ = d v₁²/2 + v₀, ∂/∂v₁ = d m₁ v₁, ∂/∂d = Σ ½ mᵢvᵢ².
    let (e, g) = s.kinetic_grad();
    assert_eq!(e, 0.5 * (9.0 + 0.75) + 3.0 * 3.5);
    assert_eq!(
        (g.bodies[0].m, g.bodies[0].v),
        (0.5 * 4.5 + 3.0, 0.5 * 6.0 + 3.5)
    );
    assert_eq!(
        (g.bodies[1].m, g.bodies[1].v),
        (0.5 * 0.5 + 3.0, 0.5 * -1.5)
    );
    assert_eq!(g.damping, 9.75);
    let pts = vec![
        (0.6, 1.433329),
        (0.7, 1.632316),
        (0.8, 1.896481),
        (0.9, 2.247908),
    ];
    let n = Newton { points: pts };
    for x in [0.65, 0.82] {
        n.eval_gradcheck(x).unwrap();
    }
    // The interpolant is linear in the values: ∂p/∂yₖ at a node xₖ is 1 there, 0 at the others.
    let (v, g, _) = n.eval_grad(0.7);
    assert!((v - 1.632316).abs() < 1e-12);
    for (k, (_, gy)) in g.points.iter().enumerate() {
        assert!((gy - if k == 1 { 1.0 } else { 0.0 }).abs() < 1e-9);
    }
}

#[derive(Differentiable, Clone, Debug)]
pub struct Synapses {
    weights: Vec<f64>,
    scale: f64,
}

impl Synapses {
    // A loop over a float field by reference.
    #[differentiate]
    fn total(&self, x: f64) -> f64 {
        let mut s = 0.0;
        for w in &self.weights {
            s += (w * x).sin();
        }
        s * self.scale
    }
}

#[test]
fn loops_over_fields_and_the_other_mode() {
    let w = Synapses {
        weights: vec![0.5, -1.0, 2.0],
        scale: 1.5,
    };
    w.total_gradcheck(0.3).unwrap();
    // ⟨ḡ, J v⟩ = ⟨Jᵀ ḡ, v⟩ for the system's kinetic energy, with a tangent system.
    let s = two_bodies();
    let dir = System {
        bodies: vec![
            Body {
                m: 0.1,
                v: -0.2,
                id: 0,
            },
            Body {
                m: 0.3,
                v: 0.4,
                id: 1,
            },
        ],
        damping: -0.5,
    };
    let (_, jv) = s.kinetic_jvp(&dir);
    let (_, g) = s.kinetic_grad();
    let inner = g.damping * dir.damping
        + g.bodies
            .iter()
            .zip(&dir.bodies)
            .map(|(a, b)| a.m * b.m + a.v * b.v)
            .sum::<f64>();
    assert!((jv - inner).abs() < 1e-12);
}

#[differentiate]
fn body_energy(b: &Body) -> f64 {
    0.5 * b.m * b.v * b.v
}

impl System {
    // Elements of a slice field passed whole to a differentiated function.
    #[differentiate]
    fn weighted_energy(&self) -> f64 {
        let mut e = self.bodies[0].m;
        for b in &self.bodies {
            e += body_energy(b) * b.v;
        }
        e
    }
}

#[test]
fn elements_of_a_slice_field_passed_whole() {
    let s = two_bodies();
    s.weighted_energy_gradcheck().unwrap();
    // e = m₀ + Σ ½ mᵢvᵢ³: ∂/∂m₀ = 1 + v₀³/2, ∂/∂v₀ = 3m₀v₀²/2, ∂/∂m₁ = v₁³/2, ∂/∂v₁ = 3m₁v₁²/2.
    let (_, g) = s.weighted_energy_grad();
    assert_eq!((g.bodies[0].m, g.bodies[0].v), (14.5, 27.0));
    assert_eq!((g.bodies[1].m, g.bodies[1].v), (-0.5, 2.25));
    assert_eq!(g.damping, 0.0);
}

/// A slice of structs taken by `&mut` and only read (its caller sorts it elsewhere), walked
/// by `into_iter()` as a weighted median's helper writes it: the derived items take it
/// shared, to which the caller's `&mut` coerces.
#[derive(Differentiable, Debug)]
pub struct WeightedValue {
    value: f64,
    weight: f64,
}

// (As written: `return` and `into_iter` on the slice.)
#[allow(clippy::needless_return, clippy::into_iter_on_ref)]
#[differentiate]
fn weight_total(input: &mut [WeightedValue]) -> f64 {
    return input
        .into_iter()
        .fold(0.0, |accum, item| accum + item.weight * item.weight);
}

#[allow(clippy::ptr_arg, clippy::needless_range_loop)]
#[differentiate]
fn weighted_mean(input: &mut Vec<WeightedValue>) -> f64 {
    let mut sum = 0.0;
    let mut total = 0.0;
    for i in 0..input.len() {
        sum += input[i].value * input[i].weight;
        total += input[i].weight.powi(2);
    }
    sum / total
}

#[test]
#[allow(clippy::unnecessary_mut_passed)] // (a caller's `&mut`, as the primal's callers write it)
fn a_mutable_slice_of_structs_only_read() {
    let mut input = vec![
        WeightedValue {
            value: 3.0,
            weight: 0.5,
        },
        WeightedValue {
            value: 1.0,
            weight: 1.25,
        },
    ];
    // Σ wᵢ²: ∂/∂wᵢ = 2 wᵢ, nothing on the values.
    let (total, g) = weight_total_grad(&mut input);
    assert_eq!(total, 1.8125);
    assert_eq!((g[0].weight, g[1].weight, g[0].value), (1.0, 2.5, 0.0));
    weight_total_gradcheck(&input).unwrap();
    // m = Σ vᵢwᵢ / Σ wᵢ²: ∂m/∂vᵢ = wᵢ / W, ∂m/∂wᵢ = vᵢ / W − 2 wᵢ S / W².
    let (m, g) = weighted_mean_grad(&mut input);
    let (s, w) = (3.0 * 0.5 + 1.25, 1.8125);
    assert_eq!(m, s / w);
    assert!((g[0].value - 0.5 / w).abs() < 1e-15);
    assert!((g[1].weight - (1.0 / w - 2.0 * 1.25 * s / (w * w))).abs() < 1e-14);
    weighted_mean_gradcheck(&input).unwrap();
    assert_eq!(weighted_mean(&mut input), m);
}

/// Bonds taken by value (`Vec<Bond>`, not `Clone`), walked with their position: the
/// derived items take `&Vec<Bond>`, as for a slice of them.
#[derive(Differentiable, Debug)]
pub struct Bond {
    coupon: f64,
    price: f64,
}

#[differentiate]
pub fn weighted_coupons(bonds: Vec<Bond>) -> f64 {
    let mut total = 0.0;
    for (i, bond) in bonds.iter().enumerate() {
        total += bond.coupon * bond.price * (i as f64 + 1.0);
    }
    total
}

#[test]
fn a_vec_of_structs_by_value() {
    let bonds = vec![
        Bond {
            coupon: 0.02,
            price: 99.0,
        },
        Bond {
            coupon: 0.03,
            price: 101.5,
        },
    ];
    // Σ cᵢ pᵢ (i + 1): c̄ᵢ = pᵢ (i + 1), p̄ᵢ = cᵢ (i + 1).
    let (total, bonds_bar) = weighted_coupons_grad(&bonds);
    assert!((total - (0.02 * 99.0 + 2.0 * 0.03 * 101.5)).abs() < 1e-12);
    assert_eq!((bonds_bar[0].coupon, bonds_bar[1].coupon), (99.0, 203.0));
    assert_eq!((bonds_bar[0].price, bonds_bar[1].price), (0.02, 0.06));
    weighted_coupons_gradcheck(&bonds).unwrap();
}

/// An element of a field of tuples bound whole and read by its parts (`let p =
/// self.vertices[i]; … p.0 … p.1`), as polygon and graph code writes it: each part a read
/// of the element in place. The shoelace area ½ Σ (xᵢ yᵢ₊₁ − xᵢ₊₁ yᵢ) with a scale, a
/// reference to the next vertex, and a spring network over `(usize, usize, f64)` edges
/// whose ends index the positions.
#[derive(Differentiable, Clone, Debug)]
pub struct Polygon {
    pub vertices: Vec<(f64, f64)>,
    pub scale: f64,
}

impl Polygon {
    #[differentiate]
    fn area(&self) -> f64 {
        let n = self.vertices.len();
        let mut twice = 0.0;
        for i in 0..n {
            let p = self.vertices[i];
            let q = &self.vertices[(i + 1) % n];
            twice += p.0 * q.1 - q.0 * p.1;
        }
        self.scale * twice / 2.0
    }
}

#[derive(Differentiable, Clone, Debug)]
pub struct Springs {
    pub edges: Vec<(usize, usize, f64)>,
    pub stiffness: f64,
}

impl Springs {
    #[differentiate]
    fn energy(&self, x: &[f64]) -> f64 {
        let mut e = 0.0;
        for k in 0..self.edges.len() {
            let edge = self.edges[k];
            let stretch = x[edge.1] - x[edge.0] - edge.2;
            e += 0.5 * self.stiffness * stretch * stretch;
        }
        e
    }
}

#[test]
fn an_element_bound_whole_and_read_by_its_parts() {
    let poly = Polygon {
        vertices: vec![(0.0, 0.0), (2.0, 0.1), (1.5, 1.7), (-0.3, 1.2)],
        scale: 1.5,
    };
    // ∂A/∂xᵢ = s (yᵢ₊₁ − yᵢ₋₁) / 2, ∂A/∂yᵢ = s (xᵢ₋₁ − xᵢ₊₁) / 2, ∂A/∂s = A / s.
    let (area, bar) = poly.area_grad();
    let v = &poly.vertices;
    let n = v.len();
    let twice: f64 = (0..n)
        .map(|i| v[i].0 * v[(i + 1) % n].1 - v[(i + 1) % n].0 * v[i].1)
        .sum();
    assert!((area - 1.5 * twice / 2.0).abs() < 1e-12);
    for i in 0..n {
        let (prev, next) = (v[(i + n - 1) % n], v[(i + 1) % n]);
        assert!((bar.vertices[i].0 - 1.5 * (next.1 - prev.1) / 2.0).abs() < 1e-12);
        assert!((bar.vertices[i].1 - 1.5 * (prev.0 - next.0) / 2.0).abs() < 1e-12);
    }
    assert!((bar.scale - twice / 2.0).abs() < 1e-12);
    poly.area_gradcheck().unwrap();

    let springs = Springs {
        edges: vec![(0, 1, 1.0), (1, 2, 0.5), (0, 2, 1.25)],
        stiffness: 3.0,
    };
    let x = [0.1, 1.3, 1.6];
    let (e, s_bar, x_bar) = springs.energy_grad(&x);
    let mut want_x = [0.0; 3];
    let mut want_e = 0.0;
    let mut want_k = 0.0;
    for &(a, b, rest) in &springs.edges {
        let stretch = x[b] - x[a] - rest;
        want_e += 1.5 * stretch * stretch;
        want_k += 0.5 * stretch * stretch;
        want_x[b] += 3.0 * stretch;
        want_x[a] -= 3.0 * stretch;
    }
    assert!((e - want_e).abs() < 1e-12);
    assert!((s_bar.stiffness - want_k).abs() < 1e-12);
    // ∂E/∂restₖ = −k stretchₖ; the ends are integers, passed through.
    for (edge, bar) in springs.edges.iter().zip(&s_bar.edges) {
        let stretch = x[edge.1] - x[edge.0] - edge.2;
        assert!((bar.2 + 3.0 * stretch).abs() < 1e-12);
        assert_eq!((bar.0, bar.1), (edge.0, edge.1));
    }
    for k in 0..3 {
        assert!((x_bar[k] - want_x[k]).abs() < 1e-12);
    }
    springs.energy_gradcheck(&x).unwrap();
}

/// The same binding typed, beside other bindings of its name (a `for` over another
/// sequence, an inner block's own `p`, a later `let p` of another element): each `p.k`
/// reads the element its scope binds. Checked by the generated gradient checks.
#[derive(Differentiable, Clone, Debug)]
pub struct Pairs {
    pub pts: Vec<(f64, f64)>,
    pub k: f64,
}

impl Pairs {
    #[differentiate]
    fn typed(&self, t: f64) -> f64 {
        let p: (f64, f64) = self.pts[1];
        p.0 * p.1 * t + self.k
    }

    #[differentiate]
    #[allow(clippy::needless_range_loop)] // the index loop is the form under test
    fn beside_a_loop(&self, x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..self.pts.len() {
            let p = self.pts[i];
            s += p.0 * x[i] * p.1;
        }
        for p in x.iter() {
            s += p * self.k;
        }
        s
    }

    #[differentiate]
    fn bound_again(&self, t: f64) -> f64 {
        let p = self.pts[0];
        let mut s = p.0 * p.1 * t;
        {
            let p = (self.k, 2.0 * t);
            s += p.0 * p.1;
        }
        let p = self.pts[1];
        s + p.0 * self.k + p.1
    }
}

#[test]
fn elements_bound_whole_in_scopes_of_their_own() {
    let s = Pairs {
        pts: vec![(0.3, -0.8), (1.7, 0.9)],
        k: 0.65,
    };
    let t = 0.45;
    // Closed forms: typed = p₁₀ p₁₁ t + k; bound_again = p₀₀ p₀₁ t + 2 k t + p₁₀ k + p₁₁.
    let (v, bar, t_bar) = s.typed_grad(t);
    assert!((v - (1.7 * 0.9 * t + 0.65)).abs() < 1e-12);
    assert!((bar.pts[1].0 - 0.9 * t).abs() < 1e-12 && (t_bar - 1.7 * 0.9).abs() < 1e-12);
    let (v, bar, t_bar) = s.bound_again_grad(t);
    assert!((v - (0.3 * -0.8 * t + 2.0 * 0.65 * t + 1.7 * 0.65 + 0.9)).abs() < 1e-12);
    assert!((bar.k - (2.0 * t + 1.7)).abs() < 1e-12);
    assert!((t_bar - (0.3 * -0.8 + 2.0 * 0.65)).abs() < 1e-12);
    assert_eq!((bar.pts[0].0, bar.pts[1].1), (-0.8 * t, 1.0));
    s.typed_gradcheck(t).unwrap();
    s.beside_a_loop_gradcheck(&[0.4, -1.1]).unwrap();
    s.bound_again_gradcheck(t).unwrap();
}

/// The name bound again by `if let` and `while let`, in their branches alone: outside them
/// `p` is still the element. f = p₀₀ p₀₁ t + k·(o or 0) + p₀₀ · (popped count).
#[derive(Differentiable, Clone, Debug)]
pub struct Tagged {
    pub pts: Vec<(f64, f64)>,
    pub k: f64,
}

impl Tagged {
    #[differentiate]
    fn score(&self, t: f64, o: Option<usize>) -> f64 {
        let p = self.pts[0];
        let mut s = p.0 * p.1 * t;
        if let Some(p) = o {
            s += p as f64 * self.k;
        }
        let mut stack = vec![1usize, 2];
        while let Some(p) = stack.pop() {
            s += (p as f64) * 0.5;
        }
        s + p.0
    }
}

#[test]
fn an_element_beside_if_let_and_while_let_bindings_of_its_name() {
    let s = Tagged {
        pts: vec![(0.4, -0.8)],
        k: 2.0,
    };
    let t = 0.3;
    let (v, bar, t_bar) = s.score_grad(t, Some(3));
    assert!((v - (0.4 * -0.8 * t + 6.0 + 1.5 + 0.4)).abs() < 1e-12);
    assert!((bar.pts[0].0 - (-0.8 * t + 1.0)).abs() < 1e-12);
    assert!((bar.pts[0].1 - 0.4 * t).abs() < 1e-12);
    assert!((bar.k - 3.0).abs() < 1e-12 && (t_bar - 0.4 * -0.8).abs() < 1e-12);
    s.score_gradcheck(t, None).unwrap();
}
