//! `dot`, `matvec`, `row`, `column`, `index_axis` and `mapv_with`: checked by the `ops_common` harness
//! (VJP against central differences, JVP against VJP, f32 against f64).

mod ops_common;

use autodiff_runtime::gradcheck::Rng;
use autodiff_runtime::ndarray::{self, Axis};
use autodiff_runtime::num_traits::Float;
use autodiff_runtime::ops;
use ops_common::{check, flat, Pack, Rule, Scalar, Unpack};

struct Dot(usize);

impl Rule for Dot {
    fn name(&self) -> String {
        format!("dot of {}", self.0)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(2 * self.0, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let mut u = Unpack::new(x);
        let (a, b) = (u.vec(self.0), u.vec(self.0));
        vec![ops::dot(&a, &b)]
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let (mut u, mut t) = (Unpack::new(x), Unpack::new(v));
        let (a, b) = (u.vec(self.0), u.vec(self.0));
        let (da, db) = (t.vec(self.0), t.vec(self.0));
        let (y, dy) = ops::dot_jvp(&a, &b, &da, &db);
        (vec![y], vec![dy])
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let mut u = Unpack::new(x);
        let (a, b) = (u.vec(self.0), u.vec(self.0));
        let (y, a_bar, b_bar) = ops::dot_vjp(&a, &b, ybar[0]);
        (vec![y], Pack::new().nd(&a_bar).nd(&b_bar).done())
    }
}

struct Matvec(usize, usize);

impl Rule for Matvec {
    fn name(&self) -> String {
        format!("matvec {}×{} · {}", self.0, self.1, self.1)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.0 * self.1 + self.1, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let mut u = Unpack::new(x);
        let (a, v) = (u.mat(self.0, self.1), u.vec(self.1));
        flat(&ops::matvec(&a, &v))
    }
    fn jvp<T: Scalar>(&self, x: &[T], t: &[T]) -> (Vec<T>, Vec<T>) {
        let (mut u, mut d) = (Unpack::new(x), Unpack::new(t));
        let (a, v) = (u.mat(self.0, self.1), u.vec(self.1));
        let (da, dv) = (d.mat(self.0, self.1), d.vec(self.1));
        let (y, dy) = ops::matvec_jvp(&a, &v, &da, &dv);
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let mut u = Unpack::new(x);
        let (a, v) = (u.mat(self.0, self.1), u.vec(self.1));
        let g = Unpack::new(ybar).vec(self.0);
        let (y, a_bar, v_bar) = ops::matvec_vjp(&a, &v, g);
        (flat(&y), Pack::new().nd(&a_bar).nd(&v_bar).done())
    }
}

/// Row `i` (`column` false) or column `i` (`column` true) of an `m × n` matrix.
struct Line {
    m: usize,
    n: usize,
    i: usize,
    column: bool,
}

impl Line {
    fn len(&self) -> usize {
        if self.column {
            self.m
        } else {
            self.n
        }
    }
}

impl Rule for Line {
    fn name(&self) -> String {
        let what = if self.column { "column" } else { "row" };
        format!("{what} {} of {}×{}", self.i, self.m, self.n)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.m * self.n, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let a = Unpack::new(x).mat(self.m, self.n);
        let y = if self.column {
            ops::column(&a, self.i)
        } else {
            ops::row(&a, self.i)
        };
        flat(&y)
    }
    fn jvp<T: Scalar>(&self, x: &[T], t: &[T]) -> (Vec<T>, Vec<T>) {
        let (a, da) = (
            Unpack::new(x).mat(self.m, self.n),
            Unpack::new(t).mat(self.m, self.n),
        );
        let (y, dy) = if self.column {
            ops::column_jvp(&a, self.i, &da)
        } else {
            ops::row_jvp(&a, self.i, &da)
        };
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let a = Unpack::new(x).mat(self.m, self.n);
        let g = Unpack::new(ybar).vec(self.len());
        let (y, a_bar) = if self.column {
            ops::column_vjp(&a, self.i, g)
        } else {
            ops::row_vjp(&a, self.i, g)
        };
        (flat(&y), Pack::new().nd(&a_bar).done())
    }
}

/// `sin(x)·x` mapped over a matrix, with its tangent rule written by hand.
struct Mapped(usize, usize);

fn f<T: Float>(x: T) -> T {
    x.sin() * x
}

fn f_jvp<T: Float>(x: T, dx: T) -> (T, T) {
    (f(x), dx * (x.cos() * x + x.sin()))
}

impl Rule for Mapped {
    fn name(&self) -> String {
        format!("mapv_with over {}×{}", self.0, self.1)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.0 * self.1, -2.0, 2.0)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let a = Unpack::new(x).mat(self.0, self.1);
        flat(&ops::mapv_with(&a, f, f_jvp))
    }
    fn jvp<T: Scalar>(&self, x: &[T], t: &[T]) -> (Vec<T>, Vec<T>) {
        let (a, da) = (
            Unpack::new(x).mat(self.0, self.1),
            Unpack::new(t).mat(self.0, self.1),
        );
        let (y, dy) = ops::mapv_with_jvp(&a, f, f_jvp, &da);
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let a = Unpack::new(x).mat(self.0, self.1);
        let g = Unpack::new(ybar).mat(self.0, self.1);
        let (y, a_bar) = ops::mapv_with_vjp(&a, f, f_jvp, g);
        (flat(&y), Pack::new().nd(&a_bar).done())
    }
}

#[test]
fn dot_and_matvec_rules() {
    for n in [0, 1, 5] {
        check(&Dot(n));
    }
    for (m, n) in [(1, 1), (3, 5), (4, 1), (0, 3), (2, 0)] {
        check(&Matvec(m, n));
    }
}

#[test]
fn row_and_column_rules() {
    for (m, n, i) in [(1, 1, 0), (3, 4, 2), (4, 2, 0), (2, 5, 1)] {
        check(&Line {
            m,
            n,
            i,
            column: false,
        });
        check(&Line {
            m,
            n,
            i: i.min(n - 1),
            column: true,
        });
    }
}

/// Line `k` along `axis` (0: a row, 1: a column) of an `m × n` matrix, the axis a value.
struct AlongAxis {
    m: usize,
    n: usize,
    axis: usize,
    k: usize,
}

impl Rule for AlongAxis {
    fn name(&self) -> String {
        format!(
            "index_axis(Axis({}), {}) of {}×{}",
            self.axis, self.k, self.m, self.n
        )
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(self.m * self.n, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let a = Unpack::new(x).mat(self.m, self.n);
        flat(&ops::index_axis(&a, Axis(self.axis), self.k))
    }
    fn jvp<T: Scalar>(&self, x: &[T], t: &[T]) -> (Vec<T>, Vec<T>) {
        let (a, da) = (
            Unpack::new(x).mat(self.m, self.n),
            Unpack::new(t).mat(self.m, self.n),
        );
        let (y, dy) = ops::index_axis_jvp(&a, Axis(self.axis), self.k, &da);
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let a = Unpack::new(x).mat(self.m, self.n);
        let len = if self.axis == 0 { self.n } else { self.m };
        let g = Unpack::new(ybar).vec(len);
        let (y, a_bar) = ops::index_axis_vjp(&a, Axis(self.axis), self.k, g);
        (flat(&y), Pack::new().nd(&a_bar).done())
    }
}

#[test]
fn index_axis_rules() {
    for (m, n, k) in [(1, 1, 0), (3, 4, 2), (4, 2, 1)] {
        check(&AlongAxis { m, n, axis: 0, k });
        check(&AlongAxis {
            m,
            n,
            axis: 1,
            k: k.min(n - 1),
        });
    }
}

#[test]
#[should_panic(expected = "index_axis: axis 2 of a matrix")]
fn index_axis_of_a_third_axis_names_it() {
    let _ = ops::index_axis(&ndarray::Array2::<f64>::zeros((2, 2)), Axis(2), 0);
}

#[test]
fn mapped_function_rules() {
    for (m, n) in [(1, 1), (3, 4), (0, 2)] {
        check(&Mapped(m, n));
    }
}

/// `ops::product` of operands of ranks `(ra, rb)` (1 or 2), `a` of shape `m` or `m × k`,
/// `b` of shape `k` or `k × n`: each product through the rule rustc picks by the types.
struct Prod {
    ra: usize,
    rb: usize,
    m: usize,
    k: usize,
    n: usize,
}

impl Prod {
    fn sizes(&self) -> (usize, usize) {
        let a = if self.ra == 1 {
            self.k
        } else {
            self.m * self.k
        };
        let b = if self.rb == 1 {
            self.k
        } else {
            self.k * self.n
        };
        (a, b)
    }
}

/// Runs `f` on the operands as arrays of their ranks (`a` a vector of length `k` when of
/// rank 1), giving flat results.
fn with_operands<T: Scalar, R>(
    p: &Prod,
    x: &[T],
    f: impl FnOnce(Operand<T>, Operand<T>) -> R,
) -> R {
    let mut u = Unpack::new(x);
    let a = match p.ra {
        1 => Operand::Vec(u.vec(p.k)),
        _ => Operand::Mat(u.mat(p.m, p.k)),
    };
    let b = match p.rb {
        1 => Operand::Vec(u.vec(p.k)),
        _ => Operand::Mat(u.mat(p.k, p.n)),
    };
    f(a, b)
}

enum Operand<T> {
    Vec(autodiff_runtime::ndarray::Array1<T>),
    Mat(autodiff_runtime::ndarray::Array2<T>),
}

impl Rule for Prod {
    fn name(&self) -> String {
        format!(
            "product of ranks {} and {} ({}, {}, {})",
            self.ra, self.rb, self.m, self.k, self.n
        )
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        let (a, b) = self.sizes();
        rng.vector(a + b, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        with_operands(self, x, |a, b| match (a, b) {
            (Operand::Vec(a), Operand::Vec(b)) => vec![ops::product(&a, &b)],
            (Operand::Vec(a), Operand::Mat(b)) => flat(&ops::product(&a, &b)),
            (Operand::Mat(a), Operand::Vec(b)) => flat(&ops::product(&a, &b)),
            (Operand::Mat(a), Operand::Mat(b)) => flat(&ops::product(&a, &b)),
        })
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        with_operands(self, v, |da, db| {
            with_operands(self, x, |a, b| match (a, b, da, db) {
                (Operand::Vec(a), Operand::Vec(b), Operand::Vec(da), Operand::Vec(db)) => {
                    let (y, dy) = ops::product_jvp(&a, &b, &da, &db);
                    (vec![y], vec![dy])
                }
                (Operand::Vec(a), Operand::Mat(b), Operand::Vec(da), Operand::Mat(db)) => {
                    let (y, dy) = ops::product_jvp(&a, &b, &da, &db);
                    (flat(&y), flat(&dy))
                }
                (Operand::Mat(a), Operand::Vec(b), Operand::Mat(da), Operand::Vec(db)) => {
                    let (y, dy) = ops::product_jvp(&a, &b, &da, &db);
                    (flat(&y), flat(&dy))
                }
                (Operand::Mat(a), Operand::Mat(b), Operand::Mat(da), Operand::Mat(db)) => {
                    let (y, dy) = ops::product_jvp(&a, &b, &da, &db);
                    (flat(&y), flat(&dy))
                }
                _ => unreachable!("tangents have the operands' ranks"),
            })
        })
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let mut g = Unpack::new(ybar);
        with_operands(self, x, |a, b| match (a, b) {
            (Operand::Vec(a), Operand::Vec(b)) => {
                let (y, pullback) = ops::product_pullback(&a, &b);
                let (a_bar, b_bar) = pullback(&a, &b, ybar[0]);
                (vec![y], Pack::new().nd(&a_bar).nd(&b_bar).done())
            }
            (Operand::Vec(a), Operand::Mat(b)) => {
                let (y, pullback) = ops::product_pullback(&a, &b);
                let (a_bar, b_bar) = pullback(&a, &b, g.vec(self.n));
                (flat(&y), Pack::new().nd(&a_bar).nd(&b_bar).done())
            }
            (Operand::Mat(a), Operand::Vec(b)) => {
                let (y, pullback) = ops::product_pullback(&a, &b);
                let (a_bar, b_bar) = pullback(&a, &b, g.vec(self.m));
                (flat(&y), Pack::new().nd(&a_bar).nd(&b_bar).done())
            }
            (Operand::Mat(a), Operand::Mat(b)) => {
                let (y, pullback) = ops::product_pullback(&a, &b);
                let (a_bar, b_bar) = pullback(&a, &b, g.mat(self.m, self.n));
                (flat(&y), Pack::new().nd(&a_bar).nd(&b_bar).done())
            }
        })
    }
}

#[test]
fn products_by_the_operands_types() {
    for (ra, rb) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
        for (m, k, n) in [(1, 1, 1), (3, 4, 2), (2, 5, 3)] {
            check(&Prod { ra, rb, m, k, n });
        }
    }
}

/// `ops::sum_axis` (`mean`: `ops::mean_axis`) of a 3-D array over `axis`.
struct OverAxis {
    shape: (usize, usize, usize),
    axis: usize,
    mean: bool,
}

impl Rule for OverAxis {
    fn name(&self) -> String {
        let op = if self.mean { "mean_axis" } else { "sum_axis" };
        format!("{op} {} of {:?}", self.axis, self.shape)
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        let (a, b, c) = self.shape;
        rng.vector(a * b * c, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        let a = Unpack::new(x).shape(autodiff_runtime::ndarray::Dim(self.shape));
        match self.mean {
            true => flat(&ops::mean_axis(&a, self.axis)),
            false => flat(&ops::sum_axis(&a, self.axis)),
        }
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        let a = Unpack::new(x).shape(autodiff_runtime::ndarray::Dim(self.shape));
        let da = Unpack::new(v).shape(autodiff_runtime::ndarray::Dim(self.shape));
        let (y, dy) = match self.mean {
            true => ops::mean_axis_jvp(&a, self.axis, &da),
            false => ops::sum_axis_jvp(&a, self.axis, &da),
        };
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        let a = Unpack::new(x).shape(autodiff_runtime::ndarray::Dim(self.shape));
        let mut reduced = [self.shape.0, self.shape.1, self.shape.2].to_vec();
        reduced.remove(self.axis);
        let g = Unpack::new(ybar).shape(autodiff_runtime::ndarray::Dim([reduced[0], reduced[1]]));
        let (y, (a_bar,)) = match self.mean {
            true => {
                let (y, pullback) = ops::mean_axis_pullback(&a, self.axis);
                (y, pullback(&a, g))
            }
            false => {
                let (y, pullback) = ops::sum_axis_pullback(&a, self.axis);
                (y, pullback(&a, g))
            }
        };
        (flat(&y), flat(&a_bar))
    }
}

#[test]
fn sums_and_means_over_an_axis_of_any_rank() {
    for axis in 0..3 {
        for mean in [false, true] {
            check(&OverAxis {
                shape: (2, 3, 4),
                axis,
                mean,
            });
        }
    }
}

/// `ops::slice` of a 4-vector (`s![1..]`) and of a 3×4 matrix's column (`s![.., 1]`).
struct Part {
    matrix: bool,
}

impl Rule for Part {
    fn name(&self) -> String {
        format!(
            "slice of a {}",
            if self.matrix { "matrix" } else { "vector" }
        )
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(if self.matrix { 12 } else { 4 }, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        use autodiff_runtime::ndarray::s;
        let mut u = Unpack::new(x);
        match self.matrix {
            true => flat(&ops::slice(&u.mat(3, 4), s![.., 1])),
            false => flat(&ops::slice(&u.vec(4), s![1..])),
        }
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        use autodiff_runtime::ndarray::s;
        let (mut u, mut d) = (Unpack::new(x), Unpack::new(v));
        let (y, dy) = match self.matrix {
            true => ops::slice_jvp(&u.mat(3, 4), s![.., 1], &d.mat(3, 4)),
            false => {
                let (y, dy) = ops::slice_jvp(&u.vec(4), s![1..], &d.vec(4));
                return (flat(&y), flat(&dy));
            }
        };
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        use autodiff_runtime::ndarray::s;
        let mut u = Unpack::new(x);
        let g = Unpack::new(ybar).vec(3);
        match self.matrix {
            true => {
                let a = u.mat(3, 4);
                let (y, pullback) = ops::slice_pullback(&a, s![.., 1]);
                (flat(&y), flat(&pullback(&a, g).0))
            }
            false => {
                let a = u.vec(4);
                let (y, pullback) = ops::slice_pullback(&a, s![1..]);
                (flat(&y), flat(&pullback(&a, g).0))
            }
        }
    }
}

#[test]
fn parts_of_arrays() {
    check(&Part { matrix: false });
    check(&Part { matrix: true });
}

/// `ops::slice_assigned`: a 5-vector with `s![1..3]` replaced by a 2-vector, and a 3×4
/// matrix with the block `s![.., 1..3]` replaced by a 3×2 one.
struct PartAssigned {
    matrix: bool,
}

impl Rule for PartAssigned {
    fn name(&self) -> String {
        format!(
            "part of a {} assigned",
            if self.matrix { "matrix" } else { "vector" }
        )
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(if self.matrix { 12 + 6 } else { 5 + 2 }, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        use autodiff_runtime::ndarray::s;
        let mut u = Unpack::new(x);
        match self.matrix {
            true => flat(&ops::slice_assigned(
                &u.mat(3, 4),
                s![.., 1..3],
                &u.mat(3, 2),
            )),
            false => flat(&ops::slice_assigned(&u.vec(5), s![1..3], &u.vec(2))),
        }
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        use autodiff_runtime::ndarray::s;
        let (mut u, mut d) = (Unpack::new(x), Unpack::new(v));
        let (y, dy) = match self.matrix {
            true => {
                let (a, b) = (u.mat(3, 4), u.mat(3, 2));
                let (da, db) = (d.mat(3, 4), d.mat(3, 2));
                ops::slice_assigned_jvp(&a, s![.., 1..3], &b, &da, &db)
            }
            false => {
                let (a, b) = (u.vec(5), u.vec(2));
                let (da, db) = (d.vec(5), d.vec(2));
                let (y, dy) = ops::slice_assigned_jvp(&a, s![1..3], &b, &da, &db);
                return (flat(&y), flat(&dy));
            }
        };
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        use autodiff_runtime::ndarray::s;
        let mut u = Unpack::new(x);
        let mut g = Unpack::new(ybar);
        match self.matrix {
            true => {
                let (a, b) = (u.mat(3, 4), u.mat(3, 2));
                let (y, pullback) = ops::slice_assigned_pullback(&a, s![.., 1..3], &b);
                let (a_bar, b_bar) = pullback(&a, &b, g.mat(3, 4));
                (flat(&y), Pack::new().nd(&a_bar).nd(&b_bar).done())
            }
            false => {
                let (a, b) = (u.vec(5), u.vec(2));
                let (y, pullback) = ops::slice_assigned_pullback(&a, s![1..3], &b);
                let (a_bar, b_bar) = pullback(&a, &b, g.vec(5));
                (flat(&y), Pack::new().nd(&a_bar).nd(&b_bar).done())
            }
        }
    }
}

#[test]
fn parts_of_arrays_assigned() {
    check(&PartAssigned { matrix: false });
    check(&PartAssigned { matrix: true });
    check(&RowIntoBlock);
}

/// `ops::slice_assigned` broadcasting: a 2-vector into every row of the 3×2 block
/// `s![.., 1..3]` of a 3×4 matrix (its cotangent summed over the rows).
struct RowIntoBlock;

impl Rule for RowIntoBlock {
    fn name(&self) -> String {
        "a row assigned to every row of a block".into()
    }
    fn point(&self, rng: &mut Rng) -> Vec<f64> {
        rng.vector(12 + 2, -1.5, 1.5)
    }
    fn value<T: Scalar>(&self, x: &[T]) -> Vec<T> {
        use autodiff_runtime::ndarray::s;
        let mut u = Unpack::new(x);
        flat(&ops::slice_assigned(&u.mat(3, 4), s![.., 1..3], &u.vec(2)))
    }
    fn jvp<T: Scalar>(&self, x: &[T], v: &[T]) -> (Vec<T>, Vec<T>) {
        use autodiff_runtime::ndarray::s;
        let (mut u, mut d) = (Unpack::new(x), Unpack::new(v));
        let (a, b) = (u.mat(3, 4), u.vec(2));
        let (da, db) = (d.mat(3, 4), d.vec(2));
        let (y, dy) = ops::slice_assigned_jvp(&a, s![.., 1..3], &b, &da, &db);
        (flat(&y), flat(&dy))
    }
    fn vjp<T: Scalar>(&self, x: &[T], ybar: &[T]) -> (Vec<T>, Vec<T>) {
        use autodiff_runtime::ndarray::s;
        let mut u = Unpack::new(x);
        let (a, b) = (u.mat(3, 4), u.vec(2));
        let (y, pullback) = ops::slice_assigned_pullback(&a, s![.., 1..3], &b);
        let (a_bar, b_bar) = pullback(&a, &b, Unpack::new(ybar).mat(3, 4));
        (flat(&y), Pack::new().nd(&a_bar).nd(&b_bar).done())
    }
}

#[test]
#[should_panic(
    expected = "slice_assigned: values of shape [3] cannot be broadcast to the part's shape [2]"
)]
fn a_part_assigned_values_of_another_shape_names_both() {
    use autodiff_runtime::ndarray::{array, s};
    let _ = ops::slice_assigned(&array![1.0, 2.0, 3.0], s![1..], &array![1.0, 2.0, 3.0]);
}
