//! Poses and cameras in nalgebra (the `nalgebra` feature), written as robotics and vision
//! code writes them: rotation, translation and scale fields of a struct applied to a point
//! parameter (`self.rotation * point`, `self.scale * v`), a point passed on to another
//! differentiated method, a vector rebuilt from a parameter's entries (`Vector3::new(v[1],
//! v[0], v[2])`), homogeneous matrices (`to_homogeneous`, `to_rotation_matrix`), and a pair
//! of floats behind an alias (`type Float = f32`). Each vector result is checked by
//! `check_vjp` (its `_vjp` against central differences of the function) and by closed forms.
#![cfg(feature = "nalgebra")]

use autodiff::gradcheck::{check_vjp, Tolerance};
use autodiff::{differentiate, Differentiable};
use nalgebra::{Matrix4, Point3, Rotation3, Translation3, UnitQuaternion, Vector3, Vector4};

/// A camera's extrinsics: a rotation (as a unit quaternion), a translation and a scale.
#[derive(Clone, Differentiable)]
struct Extrinsics {
    rotation: UnitQuaternion<f64>,
    translation: Translation3<f64>,
    scale: f64,
}

impl Extrinsics {
    #[differentiate]
    fn rotate(&self, point: Point3<f64>) -> Point3<f64> {
        self.rotation * point
    }

    #[differentiate]
    fn place(&self, point: Point3<f64>) -> Point3<f64> {
        self.translation * (self.rotation * point)
    }

    /// The inverse of `place`: `R⁻¹ (T⁻¹ p)`.
    #[differentiate]
    fn unplace(&self, point: Point3<f64>) -> Point3<f64> {
        self.rotation.inverse() * (self.translation.inverse() * point)
    }

    #[differentiate]
    fn scaled(&self, v: Vector3<f64>) -> Vector3<f64> {
        self.scale * v
    }

    #[differentiate]
    fn matrix(&self) -> Matrix4<f64> {
        self.translation.to_homogeneous() * self.rotation.to_homogeneous()
    }
}

fn extrinsics(x: &[f64]) -> (Extrinsics, Point3<f64>) {
    let rotation = UnitQuaternion::from_euler_angles(x[0], x[1], x[2]);
    let e = Extrinsics {
        rotation,
        translation: Translation3::new(x[3], x[4], x[5]),
        scale: x[6],
    };
    (e, Point3::new(x[7], x[8], x[9]))
}

/// The leaves of an extrinsics' cotangent and a point's, flat.
fn flat(e: &Extrinsics, p: &[f64]) -> Vec<f64> {
    [e.to_flat(), p.to_vec()].concat()
}

/// The point's and the fields' coordinates as `check_vjp` steps them: the quaternion's four
/// stored coordinates, the translation, the scale, the point.
fn unflat(x: &[f64]) -> (Extrinsics, Point3<f64>) {
    let mut e = extrinsics(&[0.0; 10]).0;
    e.set_from_flat(&x[..8]);
    (e, Point3::new(x[8], x[9], x[10]))
}

#[test]
fn a_placed_point_passes_its_checks() {
    let (e, p) = extrinsics(&[0.3, -0.2, 0.5, 1.0, 2.0, -1.0, 1.5, 0.4, -0.7, 2.0]);
    let x = flat(&e, p.coords.as_slice());
    let f = |x: &[f64]| {
        let (e, p) = unflat(x);
        e.place(p).coords.as_slice().to_vec()
    };
    let vjp = |y_bar: &[f64]| {
        let (e, p) = unflat(&x);
        let (_, e_bar, p_bar) = e.place_vjp(&p, Point3::new(y_bar[0], y_bar[1], y_bar[2]));
        flat(&e_bar, p_bar.coords.as_slice())
    };
    check_vjp(f, &x, vjp, 11, Tolerance::default()).unwrap();
    // The point's cotangent is Rᵀ ȳ, the translation's ȳ itself.
    let y_bar = Vector3::new(0.2, -1.0, 0.6);
    let (y, e_bar, p_bar) = e.place_vjp(&p, Point3::from(y_bar));
    assert!((y - (e.translation * (e.rotation * p))).norm() < 1e-12);
    assert!((p_bar.coords - e.rotation.inverse() * y_bar).norm() < 1e-12);
    assert_eq!(e_bar.translation.vector, y_bar);
    assert_eq!(e_bar.scale, 0.0);
}

#[test]
fn an_inverse_pose_passes_its_checks() {
    let (e, p) = extrinsics(&[0.3, -0.2, 0.5, 1.0, 2.0, -1.0, 1.5, 0.4, -0.7, 2.0]);
    let x = flat(&e, p.coords.as_slice());
    let f = |x: &[f64]| {
        let (e, p) = unflat(x);
        e.unplace(p).coords.as_slice().to_vec()
    };
    let vjp = |y_bar: &[f64]| {
        let (e, p) = unflat(&x);
        let (_, e_bar, p_bar) = e.unplace_vjp(&p, Point3::new(y_bar[0], y_bar[1], y_bar[2]));
        flat(&e_bar, p_bar.coords.as_slice())
    };
    check_vjp(f, &x, vjp, 13, Tolerance::default()).unwrap();
    // It undoes `place`, and the translation's cotangent is −R ȳ.
    let y_bar = Vector3::new(0.2, -1.0, 0.6);
    let (y, e_bar, _) = e.unplace_vjp(&e.place(p), Point3::from(y_bar));
    assert!((y - p).norm() < 1e-12);
    assert!((e_bar.translation.vector + e.rotation * y_bar).norm() < 1e-12);
}

#[test]
fn a_float_field_scales_a_vector() {
    let (e, p) = extrinsics(&[0.3, -0.2, 0.5, 1.0, 2.0, -1.0, 1.5, 0.4, -0.7, 2.0]);
    // ∂(k v)/∂k = v, ∂/∂v = k I.
    let y_bar = Vector3::new(1.0, 10.0, 100.0);
    let (y, e_bar, v_bar) = e.scaled_vjp(&p.coords, y_bar);
    assert_eq!(y, p.coords * 1.5);
    assert!((e_bar.scale - y_bar.dot(&p.coords)).abs() < 1e-12);
    assert_eq!(v_bar, y_bar * 1.5);
    let (_, y_dot) = e.scaled_jvp(&p.coords, &e_bar, &Vector3::new(0.0, 1.0, 0.0));
    assert!((y_dot - (p.coords * e_bar.scale + Vector3::new(0.0, 1.5, 0.0))).norm() < 1e-12);
}

#[test]
fn a_pose_matrix_passes_its_checks() {
    let (e, _) = extrinsics(&[0.3, -0.2, 0.5, 1.0, 2.0, -1.0, 1.5, 0.0, 0.0, 0.0]);
    let x = e.to_flat();
    let f = |x: &[f64]| {
        let mut e = e.clone();
        e.set_from_flat(x);
        e.matrix().as_slice().to_vec()
    };
    let vjp = |y_bar: &[f64]| {
        let (_, e_bar) = e.matrix_vjp(Matrix4::from_column_slice(y_bar));
        e_bar.to_flat()
    };
    check_vjp(f, &x, vjp, 3, Tolerance::default()).unwrap();
}

/// A point passed on whole to another differentiated method.
#[derive(Differentiable)]
struct Lens {
    focal: f64,
}

impl Lens {
    #[differentiate]
    fn project(&self, point: Point3<f64>) -> Vector3<f64> {
        Vector3::new(
            self.focal * point.x / point.z,
            self.focal * point.y / point.z,
            1.0,
        )
    }
}

#[derive(Differentiable)]
struct Camera {
    lens: Lens,
}

impl Camera {
    #[differentiate]
    fn project(&self, point: Point3<f64>) -> Vector3<f64> {
        self.lens.project(point)
    }
}

/// A vector rebuilt from a parameter's entries.
#[differentiate]
fn swapped(v: Vector3<f64>) -> Vector3<f64> {
    Vector3::new(v[1], 2.0 * v[0], v[2])
}

/// A rotation's matrix applied to a vector.
#[differentiate]
fn turned(r: &Rotation3<f64>, q: &UnitQuaternion<f64>, v: &Vector3<f64>) -> Vector4<f64> {
    let h = Vector4::new(v.x, v.y, v.z, 1.0);
    let w = q.to_rotation_matrix() * v;
    r.to_homogeneous() * h + Vector4::new(w.x, w.y, w.z, 0.0)
}

#[test]
fn points_passed_on_and_vectors_rebuilt_pass_their_checks() {
    let c = Camera {
        lens: Lens { focal: 2.0 },
    };
    let p = Point3::new(0.5, -1.0, 4.0);
    // ∂(f x / z)/∂f = x / z; ∂/∂x = f / z; ∂/∂z = −f x / z².
    let (_, c_bar, p_bar) = c.project_vjp(&p, Vector3::new(1.0, 0.0, 0.0));
    assert!((c_bar.lens.focal - 0.125).abs() < 1e-12);
    assert!((p_bar - Point3::new(0.5, 0.0, -2.0 * 0.5 / 16.0)).norm() < 1e-12);

    let v = Vector3::new(1.0, 2.0, 3.0);
    let (y, v_bar) = swapped_vjp(&v, Vector3::new(1.0, 10.0, 100.0));
    assert_eq!(
        (y, v_bar),
        (Vector3::new(2.0, 2.0, 3.0), Vector3::new(20.0, 1.0, 100.0))
    );
    let (_, y_dot) = swapped_jvp(&v, &Vector3::new(1.0, 10.0, 100.0));
    assert_eq!(y_dot, Vector3::new(10.0, 2.0, 100.0));
}

#[test]
fn homogeneous_matrices_pass_their_checks() {
    let r = Rotation3::from_euler_angles(0.1, 0.2, 0.3);
    let q = UnitQuaternion::from_euler_angles(0.3, -0.2, 0.5);
    let v = Vector3::new(1.0, 2.0, 3.0);
    let x = [r.to_flat(), q.to_flat(), v.to_flat()].concat();
    let parts = |x: &[f64]| {
        let (mut r, mut q) = (r, q);
        r.set_from_flat(&x[..9]);
        q.set_from_flat(&x[9..13]);
        (r, q, Vector3::from_column_slice(&x[13..]))
    };
    let f = |x: &[f64]| {
        let (r, q, v) = parts(x);
        turned(&r, &q, &v).as_slice().to_vec()
    };
    let vjp = |y_bar: &[f64]| {
        let (r, q, v) = parts(&x);
        let (_, r_bar, q_bar, v_bar) = turned_vjp(&r, &q, &v, Vector4::from_column_slice(y_bar));
        [r_bar.to_flat(), q_bar.to_flat(), v_bar.to_flat()].concat()
    };
    check_vjp(f, &x, vjp, 5, Tolerance::default()).unwrap();
}

type Float = f32;

/// A pair of floats behind an alias, beside a float.
#[derive(Differentiable)]
struct Intrinsics {
    principal_point: (Float, Float),
    focal_length: Float,
}

impl Intrinsics {
    #[differentiate]
    fn u(&self, x: Float) -> Float {
        self.focal_length * x + self.principal_point.0
    }
}

#[test]
fn a_pair_of_aliased_floats_is_a_field() {
    let k = Intrinsics {
        principal_point: (320.0, 240.0),
        focal_length: 800.0,
    };
    k.u_gradcheck(0.25).unwrap();
    let (_, k_bar, x_bar) = k.u_grad(0.25);
    assert_eq!(
        (k_bar.principal_point, k_bar.focal_length, x_bar),
        ((1.0, 0.0), 0.25, 800.0)
    );
}

/// A camera matrix applied to a point's homogeneous form, and a translation built in the
/// body (`Translation3::new`).
#[differentiate]
fn projected_depth(k: &Matrix4<f64>, p: &Point3<f64>, dz: f64) -> f64 {
    let moved = Translation3::new(0.0, 0.0, dz) * p;
    let h = k * moved.to_homogeneous();
    h.x / h.w + h.y / h.w
}

#[test]
fn a_points_homogeneous_form_passes_its_checks() {
    let k = Matrix4::new(
        2.0, 0.0, 0.5, 0.0, 0.0, 2.0, 0.5, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0,
    );
    let p = Point3::new(0.3, -0.4, 2.0);
    projected_depth_gradcheck(&k, &p, 0.5).unwrap();
    // h = K (p + dz e_z, 1): ∂(h.x / h.w)/∂p.x = K₀₀ / h.w.
    let (_, _, p_bar, _) = projected_depth_grad(&k, &p, 0.5);
    let w = 2.0 + 0.5 + 1.0;
    assert!((p_bar.x - 2.0 / w).abs() < 1e-12);
}
