//! nalgebra's vectors and matrices under `#[differentiate]` (the `nalgebra` feature), in the
//! idioms of geometry and physics code: operators between vectors, matrices and floats,
//! `dot`, `cross`, `norm`, `normalize`, `transpose`, `component_mul`, constructors, field
//! reads, loops over slices of vectors, vectors as struct fields and as results, fixed and
//! dynamic sizes, `f32` and `f64`, and a type alias. Each is checked by its `_gradcheck`
//! (the gradient against central differences, `_jvp` against the gradient), by closed
//! forms worked out by hand, or by `check_vjp` (the vector results).
#![cfg(feature = "nalgebra")]

use autodiff::gradcheck::{check_vjp, Tolerance};
use autodiff::{differentiate, Differentiable};
use nalgebra::{
    DMatrix, DVector, Matrix2, Matrix2x3, Matrix3, Point2, Point3, Quaternion, RealField,
    Rotation2, Rotation3, UnitQuaternion, Vector2, Vector3, Vector4,
};

type Vec3 = Vector3<f64>;

fn points() -> [Vector3<f64>; 3] {
    [
        Vector3::new(1.0, 2.0, 3.0),
        Vector3::new(0.5, -1.0, 2.0),
        Vector3::new(-0.3, 0.4, 1.0),
    ]
}

/// A spring's energy `k/2 ‖a − b‖²`.
#[differentiate]
fn spring(a: &Vector3<f64>, b: &Vector3<f64>, k: f64) -> f64 {
    let d = a - b;
    0.5 * k * d.norm_squared()
}

#[test]
fn a_spring_has_its_closed_form_gradient() {
    let [a, b, _] = points();
    let (e, a_bar, b_bar, k_bar) = spring_grad(&a, &b, 2.0);
    let d = a - b;
    assert!((e - d.norm_squared()).abs() < 1e-12);
    // ∂E/∂a = k (a − b) = −∂E/∂b, ∂E/∂k = ‖a − b‖² / 2.
    assert!((a_bar - 2.0 * d).norm() < 1e-12);
    assert!((b_bar + 2.0 * d).norm() < 1e-12);
    assert!((k_bar - 0.5 * d.norm_squared()).abs() < 1e-12);
    spring_gradcheck(&a, &b, 2.0).unwrap();
}

/// Newton's potential between two bodies, through a type alias.
#[differentiate]
fn potential(p1: &Vec3, p2: &Vec3, m1: f64, m2: f64) -> f64 {
    let r = (p1 - p2).norm();
    -m1 * m2 / r
}

#[test]
fn the_gravitational_force_is_the_potentials_gradient() {
    let [a, b, _] = points();
    let (_, f1, f2, _, _) = potential_grad(&a, &b, 2.0, 3.0);
    // ∇₁(−m₁m₂/r) = m₁m₂ (p₁ − p₂)/r³, and the forces are opposite.
    let d = a - b;
    let expected = 6.0 * d / d.norm().powi(3);
    assert!((f1 - expected).norm() < 1e-12);
    assert!((f1 + f2).norm() < 1e-12);
    potential_gradcheck(&a, &b, 2.0, 3.0).unwrap();
}

/// A triangle's area, `‖(b − a) × (c − a)‖ / 2`.
#[differentiate]
fn triangle_area(a: &Vector3<f64>, b: &Vector3<f64>, c: &Vector3<f64>) -> f64 {
    0.5 * (b - a).cross(&(c - a)).norm()
}

#[test]
fn a_triangles_area_moves_with_each_vertex() {
    let [a, b, c] = points();
    triangle_area_gradcheck(&a, &b, &c).unwrap();
    // Moving the three vertices together leaves the area as it is.
    let (_, ga, gb, gc) = triangle_area_grad(&a, &b, &c);
    assert!((ga + gb + gc).norm() < 1e-12);
}

/// Matrix–vector products, a transpose, a cross product, a normalised vector, a
/// componentwise product, a negation, a division by a float and a sum.
#[differentiate]
fn rotated(m: &Matrix3<f64>, v: &Vector3<f64>, w: &Vector3<f64>) -> f64 {
    let r = m * v;
    let c = r.cross(w);
    c.dot(v) + r.norm() + (v * 2.0).normalize().sum() - (-w).component_mul(v).sum() / 3.0
        + (m.transpose() * v).dot(w)
}

#[test]
fn matrix_products_and_vector_methods_pass_their_checks() {
    let [a, b, _] = points();
    let m = Matrix3::new(1.0, 0.5, -0.3, 0.2, 2.0, 0.1, -0.4, 0.3, 1.5);
    rotated_gradcheck(&m, &a, &b).unwrap();
}

/// The other names and methods: `magnitude`, `magnitude_squared`, `scale`, `unscale`,
/// `component_div`, `metric_distance`, `k * v`.
#[differentiate]
fn other_names(a: &Vector3<f64>, b: &Vector3<f64>, k: f64) -> f64 {
    let s = a.scale(k) + b.unscale(k);
    s.magnitude() + a.component_div(b).magnitude_squared() + a.metric_distance(b) + (k * b).sum()
}

#[test]
fn the_other_names_pass_their_checks() {
    let [a, b, _] = points();
    other_names_gradcheck(&a, &b, 1.7).unwrap();
}

/// Vectors built from floats with `new`, of each size, and matrices too.
#[differentiate]
fn built(x: f64, y: f64, z: f64) -> f64 {
    let v = Vector3::new(x, y, z);
    let u = Vector2::new(x * y, z);
    let q = Vector4::new(x, 1.0, y, z);
    let m = Matrix2::new(x, y, z, 2.0);
    let n = Matrix3::new(x, 0.0, 1.0, y, z, 0.5, 0.0, x, y);
    v.dot(&Vector3::new(1.0, 2.0, 0.5)) * v.norm()
        + u.norm_squared()
        + q.sum()
        + (m * u).sum()
        + (n * v).norm()
}

#[test]
fn constructors_take_their_arguments_in_rows() {
    built_gradcheck(0.3, -0.7, 1.1).unwrap();
    // Matrix2::new(a, b, c, d) is [[a, b], [c, d]]: the row-major order nalgebra uses.
    #[differentiate]
    fn corner(a: f64, b: f64, c: f64, d: f64) -> f64 {
        let m = Matrix2::new(a, b, c, d);
        m[(0, 1)] * 10.0 + m[(1, 0)]
    }
    let (v, a, b, c, d) = corner_grad(1.0, 2.0, 3.0, 4.0);
    assert_eq!((v, a, b, c, d), (23.0, 0.0, 10.0, 1.0, 0.0));
}

/// Fields of a vector (`v.x`), indexing, a vector taken by value, and a 2-vector.
#[differentiate]
fn fields(v: &Vector3<f64>, p: Vector2<f64>, q: Vector2<f64>) -> f64 {
    let d = p - q;
    v.x * v.y + v.z.sin() + (d.x * d.x + 3.0 * d.y * d.y).sqrt() + (2.0 * p).sum() + v[2] * d[0]
}

#[test]
fn fields_and_by_value_vectors_pass_their_checks() {
    let [a, _, _] = points();
    fields_gradcheck(&a, &Vector2::new(1.0, 2.0), &Vector2::new(-0.5, 0.3)).unwrap();
}

/// Dynamic sizes: `DMatrix * DVector`, a transpose, a sum.
#[differentiate]
fn dynamic(m: &DMatrix<f64>, v: &DVector<f64>) -> f64 {
    let y = m * v;
    y.norm_squared() + m.transpose().sum()
}

#[test]
fn dynamic_matrices_pass_their_checks() {
    let m = DMatrix::from_fn(2, 3, |i, j| (i as f64) - 0.5 * (j as f64) + 0.3);
    let v = DVector::from_vec(vec![0.4, -1.0, 2.0]);
    dynamic_gradcheck(&m, &v).unwrap();
    let (_, m_bar, v_bar) = dynamic_grad(&m, &v);
    // ∇ₘ‖Mv‖² = 2 (Mv) vᵀ (+ 1 from the sum), ∇ᵥ = 2 Mᵀ M v.
    let y = &m * &v;
    assert!((m_bar - (2.0 * &y * v.transpose()).add_scalar(1.0)).norm() < 1e-12);
    assert!((v_bar - 2.0 * m.transpose() * y).norm() < 1e-12);
}

/// A struct with a vector field, as physics code holds a body.
#[derive(Clone, Debug, Differentiable)]
struct Body {
    pos: Vector3<f64>,
    mass: f64,
}

#[differentiate]
fn pair_energy(a: &Body, b: &Body) -> f64 {
    let d = a.pos - b.pos;
    -a.mass * b.mass / d.norm()
}

#[test]
fn vector_fields_of_structs_pass_their_checks() {
    let [a, b, _] = points();
    let (ba, bb) = (Body { pos: a, mass: 2.0 }, Body { pos: b, mass: 1.5 });
    pair_energy_gradcheck(&ba, &bb).unwrap();
    let (_, ga, gb) = pair_energy_grad(&ba, &bb);
    assert!((ga.pos + gb.pos).norm() < 1e-12);
}

/// A loop over a slice of vectors, accumulating into `Vector3::zeros()`.
#[differentiate]
fn spread(points: &[Vector3<f64>], w: f64) -> f64 {
    let mut c = Vector3::zeros();
    for p in points {
        c += p * w;
    }
    let mut s = 0.0;
    for p in points {
        s += (p - c).norm_squared();
    }
    s
}

#[test]
fn loops_over_slices_of_vectors_pass_their_checks() {
    spread_gradcheck(&points(), 0.3).unwrap();
}

/// A vector result: the inverse-square force on `a` from `b`.
#[differentiate]
fn force(a: &Vector3<f64>, b: &Vector3<f64>) -> Vector3<f64> {
    let d = b - a;
    d / d.norm_squared()
}

#[test]
fn a_vector_result_has_a_pullback_and_a_pushforward() {
    let [a, b, _] = points();
    let flat = [a.as_slice(), b.as_slice()].concat();
    let f = |x: &[f64]| {
        let (a, b) = (
            Vector3::from_column_slice(&x[..3]),
            Vector3::from_column_slice(&x[3..]),
        );
        force(&a, &b).as_slice().to_vec()
    };
    let vjp = |g: &[f64]| {
        let (_, a_bar, b_bar) = force_vjp(&a, &b, Vector3::from_column_slice(g));
        [a_bar.as_slice(), b_bar.as_slice()].concat()
    };
    check_vjp(f, &flat, vjp, 7, Tolerance::default()).unwrap();
    // ⟨ȳ, J v⟩ = ⟨Jᵀ ȳ, v⟩ between the two modes.
    let (da, db) = (Vector3::new(0.3, -0.2, 0.7), Vector3::new(-0.1, 0.4, 0.2));
    let y_bar = Vector3::new(0.9, 0.1, -0.5);
    let (_, y_dot) = force_jvp(&a, &b, &da, &db);
    let (_, a_bar, b_bar) = force_vjp(&a, &b, y_bar);
    let lhs = y_bar.dot(&y_dot);
    let rhs = a_bar.dot(&da) + b_bar.dot(&db);
    assert!((lhs - rhs).abs() < 1e-12 * lhs.abs().max(1.0));
}

/// `f32` vectors.
#[differentiate]
fn length_f32(v: &Vector2<f32>, k: f32) -> f32 {
    (v * k).norm() + v.x
}

#[test]
fn f32_vectors_pass_their_checks() {
    length_f32_gradcheck(&Vector2::new(1.5f32, -0.5), 2.0).unwrap();
}

/// The norm of a zero vector has no derivative: its rule gives zeros, not NaNs.
#[differentiate]
fn norm_of(v: &Vector3<f64>) -> f64 {
    v.norm()
}

#[test]
fn the_norm_at_zero_has_a_zero_subgradient() {
    let (n, g) = norm_of_grad(&Vector3::zeros());
    assert_eq!(n, 0.0);
    assert_eq!(g, Vector3::zeros());
    // Far from 1, the norm neither overflows nor underflows.
    let (n, g) = norm_of_grad(&Vector3::new(3e200, 0.0, 4e200));
    assert!((n - 5e200).abs() < 1e188);
    assert!((g - Vector3::new(0.6, 0.0, 0.8)).norm() < 1e-12);
}

/// Vector and matrix fields of a struct read through `self`: `dot` with a vector
/// parameter, a product with a float, an entry `m[(i, j)]`.
#[derive(Clone, Debug, Differentiable)]
struct Plane {
    normal: Vector3<f64>,
    offset: f64,
}

impl Plane {
    #[differentiate]
    fn distance_to(&self, p: &Vector3<f64>) -> f64 {
        self.normal.dot(p) + self.offset
    }
}

#[derive(Clone, Debug, Differentiable)]
struct Material {
    color: Vector3<f64>,
}

impl Material {
    #[differentiate]
    fn shade(&self, k: f64) -> Vector3<f64> {
        self.color * k
    }
}

#[derive(Clone, Debug, Differentiable)]
struct Intrinsics {
    k: Matrix3<f64>,
}

impl Intrinsics {
    #[differentiate]
    fn focal_ratio(&self, z: f64) -> f64 {
        self.k[(0, 0)] / z + self.k[(1, 2)]
    }
}

#[test]
fn vector_and_matrix_fields_of_self_pass_their_checks() {
    let plane = Plane {
        normal: Vector3::new(0.0, 0.6, 0.8),
        offset: 1.5,
    };
    let [a, _, _] = points();
    plane.distance_to_gradcheck(&a).unwrap();
    let (_, plane_bar, p_bar) = plane.distance_to_grad(&a);
    assert_eq!(
        (plane_bar.normal, plane_bar.offset, p_bar),
        (a, 1.0, plane.normal)
    );
    let m = Material {
        color: Vector3::new(0.5, 0.2, 0.9),
    };
    // ∂(k c)/∂c = k I, ∂/∂k = c.
    let (v, m_bar, k_bar) = m.shade_vjp(2.0, Vector3::new(1.0, 0.0, 0.0));
    assert_eq!(v, Vector3::new(1.0, 0.4, 1.8));
    assert_eq!((m_bar.color, k_bar), (Vector3::new(2.0, 0.0, 0.0), 0.5));
    let k = Intrinsics {
        k: Matrix3::new(800.0, 0.0, 320.0, 0.0, 800.0, 240.0, 0.0, 0.0, 1.0),
    };
    k.focal_ratio_gradcheck(2.0).unwrap();
}

/// Points: differences are vectors, a point moved by a vector is a point, constructors
/// and `origin()`, a point result.
#[differentiate]
fn barycentric_u(p: &Point3<f64>, a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>) -> f64 {
    let v0 = b - a;
    let v1 = c - a;
    let v2 = p - a;
    let d00 = v0.dot(&v0);
    let d01 = v0.dot(&v1);
    let d11 = v1.dot(&v1);
    let d20 = v2.dot(&v0);
    let d21 = v2.dot(&v1);
    let denom = d00 * d11 - d01 * d01;
    let v = (d11 * d20 - d01 * d21) / denom;
    let w = (d00 * d21 - d01 * d20) / denom;
    1.0 - v - w
}

#[differentiate]
fn moved(p: &Point3<f64>, v: &Vector3<f64>, k: f64) -> f64 {
    let q = p + v * k;
    let r = q - v;
    let s = -(r * 2.0) / k;
    q.x * r.y + s.z + (q - Point3::origin()).norm()
}

#[differentiate]
fn from_coordinates(x: f64, y: f64) -> f64 {
    let p = Point2::new(x, y);
    let q = Point2::new(1.0, 2.0);
    (p - q).norm_squared() + p.x
}

/// A pinhole camera's projection.
#[differentiate]
fn projected(p: &Point3<f64>, f: f64) -> Point2<f64> {
    Point2::new(f * p.x / p.z, f * p.y / p.z)
}

#[test]
fn points_pass_their_checks() {
    let (p, a, b, c) = (
        Point3::new(0.2, 0.3, 0.1),
        Point3::new(0.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.2),
        Point3::new(0.0, 1.0, -0.1),
    );
    barycentric_u_gradcheck(&p, &a, &b, &c).unwrap();
    // The weights sum to one whatever the point: at a vertex, `u` is 1.
    assert!((barycentric_u(&a, &a, &b, &c) - 1.0).abs() < 1e-12);
    moved_gradcheck(&p, &Vector3::new(0.5, -1.0, 2.0), 1.5).unwrap();
    from_coordinates_gradcheck(0.3, -0.4).unwrap();
    // ∂(f x / z)/∂p = (f / z, 0, −f x / z²), ∂/∂f = x / z.
    let (q, p_bar, f_bar) = projected_vjp(&Point3::new(1.0, 2.0, 4.0), 2.0, Point2::new(1.0, 0.0));
    assert_eq!(q, Point2::new(0.5, 1.0));
    assert_eq!((p_bar, f_bar), (Point3::new(0.5, 0.0, -0.125), 0.25));
}

/// Copies (`clone`, `clone_owned`, `into_owned`), `trace`, `determinant` (closed form to
/// 3 × 3, elimination beyond), entrywise `abs`, `add_scalar`.
// (`m.clone()` of a `Copy` matrix, as such code writes it.)
#[allow(clippy::clone_on_copy)]
#[differentiate]
fn square_measures(m: &Matrix3<f64>, d: &DMatrix<f64>, v: &Vector3<f64>) -> f64 {
    let copy = m.clone();
    let t = copy.trace();
    let det = m.determinant();
    let big = d.clone_owned().determinant();
    let a = v.into_owned().abs().sum();
    let s = v.add_scalar(0.5).norm();
    t * det + big + a + s
}

#[differentiate]
fn det2(m: &Matrix2<f64>) -> f64 {
    m.determinant()
}

#[test]
fn copies_traces_and_determinants_pass_their_checks() {
    let m = Matrix3::new(1.0, 0.5, -0.3, 0.2, 2.0, 0.1, -0.4, 0.3, 1.5);
    let d = DMatrix::from_fn(4, 4, |i, j| {
        ((i * 4 + j) as f64 * 0.37).sin() + if i == j { 2.0 } else { 0.0 }
    });
    square_measures_gradcheck(&m, &d, &Vector3::new(0.5, -1.0, 2.0)).unwrap();
    // At a singular matrix the gradient of det is its cofactor matrix [[d, −c], [−b, a]].
    let (v, g) = det2_grad(&Matrix2::new(1.0, 2.0, 2.0, 4.0));
    assert_eq!((v, g), (0.0, Matrix2::new(4.0, -2.0, -2.0, 1.0)));
}

/// A 2 × 3 matrix built from floats (a pinhole projection's Jacobian), applied to a vector.
#[differentiate]
fn projected_step(p: &Vector3<f64>, f: f64, step: &Vector3<f64>) -> f64 {
    let (x, y, z) = (p.x, p.y, p.z);
    let jacobian = Matrix2x3::new(f / z, 0.0, -f * x / (z * z), 0.0, f / z, -f * y / (z * z));
    (jacobian * step).norm_squared()
}

#[test]
fn a_two_by_three_matrix_built_from_floats() {
    projected_step_gradcheck(
        &Vector3::new(0.3, -0.2, 2.0),
        1.5,
        &Vector3::new(0.1, 0.2, -0.3),
    )
    .unwrap();
}

/// The tip of a two-link planar arm: each joint's rotation applied to its link.
#[differentiate]
fn arm_tip_x(q1: f64, q2: f64, l1: f64, l2: f64) -> f64 {
    let r1 = Rotation2::new(q1);
    let r12 = r1 * Rotation2::new(q2);
    let tip = r1 * Vector2::new(l1, 0.0) + r12 * Vector2::new(l2, 0.0);
    tip.x
}

#[test]
fn a_planar_arm_has_its_closed_form_jacobian() {
    let (q1, q2, l1, l2) = (0.4, -0.9, 1.5, 0.7);
    let (x, q1_bar, q2_bar, l1_bar, l2_bar) = arm_tip_x_grad(q1, q2, l1, l2);
    // x = l₁ cos q₁ + l₂ cos(q₁ + q₂).
    assert!((x - (l1 * q1.cos() + l2 * (q1 + q2).cos())).abs() < 1e-12);
    assert!((q1_bar + l1 * q1.sin() + l2 * (q1 + q2).sin()).abs() < 1e-12);
    assert!((q2_bar + l2 * (q1 + q2).sin()).abs() < 1e-12);
    assert!((l1_bar - q1.cos()).abs() < 1e-12);
    assert!((l2_bar - (q1 + q2).cos()).abs() < 1e-12);
    arm_tip_x_gradcheck(q1, q2, l1, l2).unwrap();
}

/// A body's point seen in the world: a quaternion about a fixed axis, then Euler angles,
/// then a translation, read back in the body frame of a second rotation.
#[differentiate]
fn world_height(yaw: f64, roll: f64, pitch: f64, p: &Point3<f64>, t: &Vector3<f64>) -> f64 {
    let turn = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), yaw);
    let tilt = UnitQuaternion::from_euler_angles(roll, pitch, 0.0);
    let world = (turn * tilt) * p + t;
    let back = Rotation3::from_euler_angles(pitch, roll, yaw).inverse_transform_point(&world);
    world.z + 0.5 * (back - Point3::origin()).norm_squared()
}

#[test]
fn rotations_built_from_angles_pass_their_checks() {
    let p = Point3::new(1.0, -0.5, 2.0);
    let t = Vector3::new(0.3, 0.1, -0.2);
    world_height_gradcheck(0.7, -0.3, 0.45, &p, &t).unwrap();
    // At zero angles every rotation is the identity: the height is p.z + t.z and
    // ∂/∂p is e_z + (p + t).
    let (_, _, _, _, p_bar, t_bar) = world_height_grad(0.0, 0.0, 0.0, &p, &t);
    let expected = Vector3::z() + (p.coords + t);
    assert!((p_bar.coords - expected).norm() < 1e-12);
    assert!((t_bar - expected).norm() < 1e-12);
}

/// A rotation given as a parameter: its cotangent is taken in its stored coordinates.
#[differentiate]
fn rotated_dot(q: &UnitQuaternion<f64>, a: &Vector3<f64>, b: &Vector3<f64>) -> f64 {
    let qa = q * a;
    let back = q.inverse() * qa;
    qa.dot(b) + back.x
}

#[test]
fn a_quaternion_parameter_is_differentiated_in_its_coordinates() {
    let q = UnitQuaternion::from_euler_angles(0.2, -0.6, 1.1);
    let (a, b) = (Vector3::new(1.0, 2.0, -1.0), Vector3::new(0.5, 0.25, 2.0));
    // The check steps each coordinate off the unit sphere, where nalgebra's formula still
    // applies: the cotangent is of that formula.
    rotated_dot_gradcheck(&q, &a, &b).unwrap();
    let (_, _, a_bar, b_bar) = rotated_dot_grad(&q, &a, &b);
    // ⟨R a, b⟩ + (Rᵀ R a)ₓ: ∂/∂b = R a and ∂/∂a = Rᵀ b + e_x at a unit q.
    assert!((b_bar - q * a).norm() < 1e-12);
    assert!((a_bar - (q.inverse() * b + Vector3::x())).norm() < 1e-12);
}

/// Code generic over nalgebra's `RealField`, as geometry libraries write it: its derivatives
/// are those at `f64`.
#[differentiate]
fn angle_between<T: RealField + Copy>(a: &Vector3<T>, b: &Vector3<T>) -> T {
    let cos = a.dot(b) / (a.norm() * b.norm());
    let one = T::one();
    cos.min(one).max(-one).acos()
}

#[differentiate]
fn cone_penalty<T>(a: &Vector3<T>, b: &Vector3<T>, limit: T) -> T
where
    T: RealField + Copy,
{
    let half = T::from_f64(0.5).unwrap();
    let excess = angle_between(a, b) - limit;
    half * excess * excess + T::zero()
}

#[test]
fn functions_generic_over_real_field_are_differentiated_at_f64() {
    let (a, b) = (Vector3::new(1.0, 0.0, 0.0), Vector3::new(1.0, 1.0, 0.0));
    // The angle is π/4; ∂/∂b of acos(⟨a, b⟩/‖a‖‖b‖) at b = (1, 1, 0) is (−1/2, 1/2, 0).
    let (angle, _, b_bar) = angle_between_grad(&a, &b);
    assert!((angle - std::f64::consts::FRAC_PI_4).abs() < 1e-12);
    assert!((b_bar - Vector3::new(-0.5, 0.5, 0.0)).norm() < 1e-12);
    angle_between_gradcheck(&a, &Vector3::new(0.3, 1.0, -0.5)).unwrap();
    cone_penalty_gradcheck(&a, &Vector3::new(0.3, 1.0, -0.5), 0.2).unwrap();
    // The function itself keeps its parameter.
    let single: f32 = angle_between(
        &Vector3::new(1.0f32, 0.0, 0.0),
        &Vector3::new(0.0f32, 1.0, 0.0),
    );
    assert!((single - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
}

/// Entries read by index, as numerical code reads them: a fixed vector parameter, a
/// dynamic one walked to its `len()`, and a cross product's entries.
#[differentiate]
fn weighted_entries(v: &Vector3<f64>, w: &DVector<f64>, n: &Vector3<f64>) -> f64 {
    let mut s = 0.0;
    for i in 0..w.len() {
        s += w[i] * v[i % 3];
    }
    let t = v.cross(n);
    s + t[0] * t[2] + n[1]
}

#[test]
fn entries_of_vector_parameters_and_results_by_index() {
    let v = Vector3::new(1.0, -2.0, 0.5);
    let n = Vector3::new(0.3, 0.4, -1.2);
    let w = DVector::from_vec(vec![0.5, 1.5, -1.0, 2.0]);
    weighted_entries_gradcheck(&v, &w, &n).unwrap();
    // ∂/∂w_i = v_{i mod 3}: a closed form.
    let (_, _, w_bar, _) = weighted_entries_grad(&v, &w, &n);
    assert_eq!(w_bar.as_slice(), [1.0, -2.0, 0.5, 1.0]);
}

/// A rotation optimised through its four coordinates, normalised in the function (the
/// way the rotation module's tangent convention recommends), and its conjugate.
#[differentiate]
fn aligned(w: f64, i: f64, j: f64, k: f64, a: &Vector3<f64>, b: &Vector3<f64>) -> f64 {
    let q = UnitQuaternion::from_quaternion(Quaternion::new(w, i, j, k));
    let back = q.conjugate() * (q * a);
    let r = q * a;
    r.dot(b) + back.z
}

#[test]
fn a_quaternion_normalised_in_the_function_passes_its_check() {
    let (a, b) = (Vector3::new(1.0, 2.0, -1.0), Vector3::new(0.5, 0.25, 2.0));
    aligned_gradcheck(0.9, 0.1, -0.3, 0.2, &a, &b).unwrap();
    // Scaling the four coordinates changes nothing: the gradient is orthogonal to them.
    let (_, w_bar, i_bar, j_bar, k_bar, _, _) = aligned_grad(0.9, 0.1, -0.3, 0.2, &a, &b);
    let radial = 0.9 * w_bar + 0.1 * i_bar - 0.3 * j_bar + 0.2 * k_bar;
    assert!(radial.abs() < 1e-12, "{radial}");
}
