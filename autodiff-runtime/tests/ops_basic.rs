//! `matmul`, `transpose`, the broadcasting `add`/`sub`/`mul`/`div` in every pairing of matrix,
//! vector and scalar, and the reductions: checked by the `ops_common` harness (VJP against
//! central differences, JVP against VJP, f32 against f64) on tiny, odd and ordinary shapes.

mod ops_common;

use autodiff_runtime::gradcheck::Rng;
use autodiff_runtime::ndarray::{array, Array1, Array2, DimMax, Dimension, Ix0, Ix1, Ix2};
use autodiff_runtime::ops::{self, Operand};
use ops_common::{check, flat, Pack, Rule, Scalar, Unpack, SHAPES};
use std::marker::PhantomData;

struct Matmul(usize, usize, usize);

impl Rule for Matmul {
    fn name(&self) -> String {
        format!("matmul {}×{} · {}×{}", self.0, self.1, self.1, self.2)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.0 * self.1 + self.1 * self.2, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let mut u = Unpack::new(x);
        let (a, b) = (u.mat(self.0, self.1), u.mat(self.1, self.2));
        flat(&ops::matmul(&a, &b))
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let (mut u, mut t) = (Unpack::new(x), Unpack::new(v));
        let (a, b) = (u.mat(self.0, self.1), u.mat(self.1, self.2));
        let (da, db) = (t.mat(self.0, self.1), t.mat(self.1, self.2));
        let (y, dy) = ops::matmul_jvp(&a, &b, &da, &db);
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let mut u = Unpack::new(x);
        let (a, b) = (u.mat(self.0, self.1), u.mat(self.1, self.2));
        let g = Unpack::new(ybar).mat(self.0, self.2);
        let (y, a_bar, b_bar) = ops::matmul_vjp(&a, &b, g);
        (flat(&y), Pack::new().nd(&a_bar).nd(&b_bar).done())
    }
}

#[test]
fn matmul_rules() {
    for (m, k, n) in [
        (1, 1, 1),
        (3, 5, 2),
        (2, 3, 4),
        (4, 1, 3),
        (0, 3, 2),
        (2, 0, 3),
    ] {
        check(&Matmul(m, k, n));
    }
}

struct Transpose(usize, usize);

impl Rule for Transpose {
    fn name(&self) -> String {
        format!("transpose {}×{}", self.0, self.1)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.0 * self.1, -1.0, 1.0)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        flat(&ops::transpose(&Unpack::new(x).mat(self.0, self.1)))
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let a = Unpack::new(x).mat(self.0, self.1);
        let da = Unpack::new(v).mat(self.0, self.1);
        let (y, dy) = ops::transpose_jvp(&a, &da);
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let a = Unpack::new(x).mat(self.0, self.1);
        let (y, a_bar) = ops::transpose_vjp(&a, Unpack::new(ybar).mat(self.1, self.0));
        (flat(&y), flat(&a_bar))
    }
}

#[test]
fn transpose_rules() {
    for (m, n) in SHAPES {
        check(&Transpose(m, n));
    }
    let a = array![[1.0, 2.0, 3.0]];
    assert!(ops::transpose(&a).is_standard_layout());
}

/// The kind of a broadcasting operand: matrix, vector or scalar.
trait Kind {
    type Dim: Dimension;
    type Of<T: Scalar>: Operand<Elem = T, Dim = Self::Dim>;
    fn make<T: Scalar>(u: &mut Unpack<T>, shape: &[usize]) -> Self::Of<T>;
    fn cotangent<T: Scalar>(c: <Self::Of<T> as Operand>::Cotangent) -> Vec<T>;
}

struct Mat;
struct Vector;
struct Sca;

impl Kind for Mat {
    type Dim = Ix2;
    type Of<T: Scalar> = Array2<T>;
    fn make<T: Scalar>(u: &mut Unpack<T>, shape: &[usize]) -> Array2<T> {
        u.mat(shape[0], shape[1])
    }
    fn cotangent<T: Scalar>(c: Array2<T>) -> Vec<T> {
        flat(&c)
    }
}

impl Kind for Vector {
    type Dim = Ix1;
    type Of<T: Scalar> = Array1<T>;
    fn make<T: Scalar>(u: &mut Unpack<T>, shape: &[usize]) -> Array1<T> {
        u.vec(shape[0])
    }
    fn cotangent<T: Scalar>(c: Array1<T>) -> Vec<T> {
        flat(&c)
    }
}

impl Kind for Sca {
    type Dim = Ix0;
    type Of<T: Scalar> = T;
    fn make<T: Scalar>(u: &mut Unpack<T>, _: &[usize]) -> T {
        u.scalar()
    }
    fn cotangent<T: Scalar>(c: T) -> Vec<T> {
        vec![c]
    }
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

struct Binary<A, B> {
    op: Op,
    a: Vec<usize>,
    b: Vec<usize>,
    kinds: PhantomData<(A, B)>,
}

fn binary<A: Kind, B: Kind>(op: Op, a: &[usize], b: &[usize]) -> Binary<A, B> {
    Binary {
        op,
        a: a.to_vec(),
        b: b.to_vec(),
        kinds: PhantomData,
    }
}

impl<A: Kind, B: Kind> Binary<A, B> {
    fn sizes(&self) -> (usize, usize) {
        (self.a.iter().product(), self.b.iter().product())
    }
    fn operands<T: Scalar>(&self, x: &[T]) -> (A::Of<T>, B::Of<T>) {
        let mut u = Unpack::new(x);
        (A::make(&mut u, &self.a), B::make(&mut u, &self.b))
    }
}

impl<A: Kind, B: Kind> Rule for Binary<A, B>
where
    A::Dim: DimMax<B::Dim>,
{
    fn name(&self) -> String {
        format!("{:?} {:?} with {:?}", self.op, self.a, self.b)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        let (na, nb) = self.sizes();
        let mut x = rng.vector(na + nb, -1.5, 1.5);
        // Divisors away from zero.
        for v in &mut x[na..] {
            *v = v.signum() * (0.5 + v.abs());
        }
        x
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let (a, b) = self.operands(x);
        flat(&match self.op {
            Op::Add => ops::add(&a, &b),
            Op::Sub => ops::sub(&a, &b),
            Op::Mul => ops::mul(&a, &b),
            Op::Div => ops::div(&a, &b),
        })
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let (a, b) = self.operands(x);
        let (da, db) = self.operands(v);
        let (y, dy) = match self.op {
            Op::Add => ops::add_jvp(&a, &b, &da, &db),
            Op::Sub => ops::sub_jvp(&a, &b, &da, &db),
            Op::Mul => ops::mul_jvp(&a, &b, &da, &db),
            Op::Div => ops::div_jvp(&a, &b, &da, &db),
        };
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let (a, b) = self.operands(x);
        let shape = ops::add(&a, &b).raw_dim();
        let g = Unpack::new(ybar).shape(shape);
        let (y, a_bar, b_bar) = match self.op {
            Op::Add => ops::add_vjp(&a, &b, g),
            Op::Sub => ops::sub_vjp(&a, &b, g),
            Op::Mul => ops::mul_vjp(&a, &b, g),
            Op::Div => ops::div_vjp(&a, &b, g),
        };
        let mut bars = A::cotangent(a_bar);
        bars.extend(B::cotangent(b_bar));
        (flat(&y), bars)
    }
}

#[test]
fn broadcasting_rules_in_every_pairing() {
    for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
        for (m, n) in SHAPES {
            check(&binary::<Mat, Mat>(op, &[m, n], &[m, n]));
            check(&binary::<Mat, Mat>(op, &[m, n], &[1, n])); // a row to every row
            check(&binary::<Mat, Mat>(op, &[m, n], &[m, 1])); // a column to every column
            check(&binary::<Mat, Mat>(op, &[m, 1], &[1, n])); // both stretched
            check(&binary::<Mat, Vector>(op, &[m, n], &[n]));
            check(&binary::<Vector, Mat>(op, &[n], &[m, n]));
            check(&binary::<Mat, Sca>(op, &[m, n], &[]));
            check(&binary::<Sca, Mat>(op, &[], &[m, n]));
            check(&binary::<Vector, Vector>(op, &[n], &[n]));
            check(&binary::<Vector, Vector>(op, &[n], &[1]));
            check(&binary::<Vector, Sca>(op, &[n], &[]));
        }
        check(&binary::<Mat, Vector>(op, &[0, 3], &[3])); // no rows
    }
}

#[test]
fn broadcast_cotangents_sum_over_the_stretched_axes() {
    let x = array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]];
    let g = array![[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]];
    let (_, _, row_bar) = ops::add_vjp(&x, &array![0.0, 0.0, 0.0], g.clone());
    assert_eq!(row_bar, array![3.0, 3.0, 3.0]);
    let (_, _, s_bar) = ops::mul_vjp(&x, &2.0, g.clone());
    assert_eq!(s_bar, 1.0 + 2.0 + 3.0 + 2.0 * (4.0 + 5.0 + 6.0));
    let (_, col_bar, _) = ops::sub_vjp(&array![[0.0], [0.0]], &x, g);
    assert_eq!(col_bar, array![[3.0], [6.0]]);
}

#[test]
fn operands_may_be_views_and_references() {
    let x = array![[1.0, 2.0], [3.0, 4.0]];
    let r = &x;
    let y = ops::add(&r, &x.row(0));
    assert_eq!(y, array![[2.0, 4.0], [4.0, 6.0]]);
    let (_, pb) = ops::mul_pullback(&x.view(), &r);
    let (a, b) = pb(&x.view(), &r, Array2::ones((2, 2)));
    assert_eq!((a, b), (x.clone(), x.clone()));
}

/// `sum`, `mean` (to a scalar, of a matrix or a vector), `sum_rows`, `sum_cols`.
struct Reduce(&'static str, usize, usize);

impl Rule for Reduce {
    fn name(&self) -> String {
        format!("{} {}×{}", self.0, self.1, self.2)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.1 * self.2, -1.0, 1.0)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        self.vjp(x, &[]).0
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let (a, da) = (
            Unpack::new(x).mat(self.1, self.2),
            Unpack::new(v).mat(self.1, self.2),
        );
        match self.0 {
            "sum" => {
                let (y, dy) = ops::sum_jvp(&a, &da);
                (vec![y], vec![dy])
            }
            "mean" => {
                let (y, dy) = ops::mean_jvp(&a, &da);
                (vec![y], vec![dy])
            }
            "mean1" => {
                let (y, dy) = ops::mean_jvp(&Array1::from(x.to_vec()), &Array1::from(v.to_vec()));
                (vec![y], vec![dy])
            }
            "sum_rows" => {
                let (y, dy) = ops::sum_rows_jvp(&a, &da);
                (flat(&y), flat(&dy))
            }
            _ => {
                let (y, dy) = ops::sum_cols_jvp(&a, &da);
                (flat(&y), flat(&dy))
            }
        }
    }
    /// With an empty `ybar`, only the value is computed (seeded with zeros).
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let a = Unpack::new(x).mat(self.1, self.2);
        let seed = |n: usize| -> Vec<T> {
            if ybar.is_empty() {
                vec![T::zero(); n]
            } else {
                ybar.to_vec()
            }
        };
        match self.0 {
            "sum" => {
                let (y, a_bar) = ops::sum_vjp(&a, seed(1)[0]);
                (vec![y], flat(&a_bar))
            }
            "mean" => {
                let (y, a_bar) = ops::mean_vjp(&a, seed(1)[0]);
                (vec![y], flat(&a_bar))
            }
            "mean1" => {
                let (y, a_bar) = ops::mean_vjp(&Array1::from(x.to_vec()), seed(1)[0]);
                (vec![y], flat(&a_bar))
            }
            "sum_rows" => {
                let (y, a_bar) = ops::sum_rows_vjp(&a, Array1::from(seed(self.2)));
                (flat(&y), flat(&a_bar))
            }
            _ => {
                let (y, a_bar) = ops::sum_cols_vjp(&a, Array1::from(seed(self.1)));
                (flat(&y), flat(&a_bar))
            }
        }
    }
}

#[test]
fn reduction_rules() {
    for op in ["sum", "mean", "mean1", "sum_rows", "sum_cols"] {
        for (m, n) in SHAPES {
            check(&Reduce(op, m, n));
        }
    }
    check(&Reduce("sum_rows", 0, 3));
    check(&Reduce("sum_cols", 0, 3));
    check(&Reduce("sum", 0, 3));
}

#[test]
fn pullbacks_are_the_vjps() {
    let (a, b) = (
        array![[1.0, 2.0], [3.0, 4.0]],
        array![[0.5, -1.0], [2.0, 0.0]],
    );
    let g = array![[1.0, -2.0], [0.5, 3.0]];
    let (y, pb) = ops::matmul_pullback(&a, &b);
    let (a_bar, b_bar) = pb(&a, &b, g.clone());
    assert_eq!((y, a_bar, b_bar), ops::matmul_vjp(&a, &b, g.clone()));
    assert_eq!(ops::matmul_vjp(&a, &b, g.clone()).1, g.dot(&b.t()));
    assert_eq!(ops::matmul_vjp(&a, &b, g.clone()).2, a.t().dot(&g));
    // The dual-number twins are the same functions.
    let (_, pb) = ops::matmul::dual_pullback_all(&a, &b);
    assert_eq!(pb(&a, &b, g.clone()).0, g.dot(&b.t()));
    let (_, pb) = ops::add::dual_pullback_all(&a, &2.0);
    assert_eq!(pb(&a, &2.0, g).1, 2.5);
}
