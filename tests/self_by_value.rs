//! Methods taking `self` by value (a small `Copy` vector's `fn dot(self, o: &Vec3)`) and
//! `self: &Self`: their derived items take `&self`, which a value's method call borrows.
//! Checked against closed forms and central differences (`_gradcheck`), through callers.

use autodiff::{differentiate, Differentiable};

#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
struct Vec3 {
    x: f64,
    y: f64,
    z: f64,
}

impl Vec3 {
    #[differentiate]
    fn dot(self, o: &Vec3) -> f64 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    #[differentiate]
    fn length(self) -> f64 {
        (self.x * self.x + self.y * self.y + self.z * self.z).sqrt()
    }

    #[differentiate]
    #[allow(clippy::needless_arbitrary_self_type)]
    fn scaled_length(self: &Self, k: f64) -> f64 {
        k * self.length()
    }
}

trait Norm {
    fn norm_squared(self) -> f64;
}

#[differentiate]
impl Norm for Vec3 {
    fn norm_squared(self) -> f64 {
        self.dot(&self)
    }
}

/// e = v·w + |w|: ∂e/∂v = w, ∂e/∂w = v + w/|w|.
#[differentiate]
fn energy(v: &Vec3, w: &Vec3) -> f64 {
    v.dot(w) + w.length()
}

const V: Vec3 = Vec3 {
    x: 0.3,
    y: -1.2,
    z: 2.0,
};
const W: Vec3 = Vec3 {
    x: 1.1,
    y: 0.4,
    z: -0.7,
};

#[test]
fn methods_taking_self_by_value() {
    let (d, v_bar, w_bar) = V.dot_grad(&W);
    assert!((d - (0.33 - 0.48 - 1.4)).abs() < 1e-15);
    assert_eq!((v_bar, w_bar), (W, V));
    let (l, v_bar) = V.length_grad();
    let n = (0.09_f64 + 1.44 + 4.0).sqrt();
    assert!((l - n).abs() < 1e-15);
    assert!((v_bar.x - 0.3 / n).abs() < 1e-15 && (v_bar.z - 2.0 / n).abs() < 1e-15);
    V.dot_gradcheck(&W).unwrap();
    V.length_gradcheck().unwrap();
    V.scaled_length_gradcheck(1.5).unwrap();
    // |v|² through `self.dot(&self)`: 2v.
    let (_, v_bar) = V.norm_squared_grad();
    assert_eq!(
        v_bar,
        Vec3 {
            x: 0.6,
            y: -2.4,
            z: 4.0
        }
    );
    V.norm_squared_gradcheck().unwrap();
}

#[test]
fn a_caller_of_methods_taking_self_by_value() {
    let (_, v_bar, w_bar) = energy_grad(&V, &W);
    assert_eq!(v_bar, W);
    let n = (1.21_f64 + 0.16 + 0.49).sqrt();
    let want = [0.3 + 1.1 / n, -1.2 + 0.4 / n, 2.0 - 0.7 / n];
    for (got, want) in [w_bar.x, w_bar.y, w_bar.z].into_iter().zip(want) {
        assert!((got - want).abs() < 1e-14, "{got} against {want}");
    }
    energy_gradcheck(&V, &W).unwrap();
}

/// A table of weights taken by value whose product fails on a length mismatch: its
/// derived items take `&self` and run it on a copy (the struct is not `Clone`).
#[derive(Differentiable, Debug)]
struct Weights {
    v: Vec<f64>,
}

impl Weights {
    #[allow(clippy::needless_range_loop)] // the form under test
    #[differentiate]
    fn weigh(self, x: Vec<f64>) -> Result<f64, &'static str> {
        if x.len() != self.v.len() {
            return Err("length");
        }
        let mut s = 0.0;
        for i in 0..x.len() {
            s += self.v[i] * x[i] * x[i];
        }
        Ok(s)
    }
}

#[test]
fn a_fallible_method_taking_self_by_value() {
    let w = Weights { v: vec![2.0, 3.0] };
    // s = Σ vᵢ xᵢ²: v̄ᵢ = xᵢ², x̄ᵢ = 2 vᵢ xᵢ.
    let (s, w_bar, x_bar) = w.weigh_grad(vec![1.0, -2.0]).unwrap();
    assert_eq!(s, 14.0);
    assert_eq!(w_bar.v, [1.0, 4.0]);
    assert_eq!(x_bar, [4.0, -12.0]);
    assert_eq!(w.weigh_grad(vec![1.0]).unwrap_err(), "length");
    w.weigh_gradcheck(vec![0.5, 1.5]).unwrap();
}
