//! What generated code calls for struct parameters (`p: &Params`, `&self`).
//!
//! `#[differentiate]` cannot see a struct's definition, so it infers each field's kind from
//! how the function uses it and binds the field through one of the `*_field` functions
//! below. Each accepts only that kind: a wrong inference is a compile error whose message
//! says how to state the field's type, never a wrong derivative.

use crate::Differentiable;
use num_traits::Float;

/// A field `#[differentiate]` read as an integer.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as an integer (a range bound, an index or a cast's operand), but it is `{Self}`",
    label = "read as an integer here",
    note = "if the field is a float, bind it with its type first: `let s: f64 = p.scale;`"
)]
pub trait IntField: Copy {}
macro_rules! int_fields {
    ($($t:ty),*) => {$(impl IntField for $t {})*};
}
int_fields!(usize, isize, u8, u16, u32, u64, u128, i8, i16, i32, i64, i128);

/// A field `#[differentiate]` read as a sequence of integers.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as a sequence of integers (an entry bound to a name used as an index or a loop's bound), but it is `{Self}`",
    label = "read as integers here",
    note = "if the field holds floats, give the local an entry is bound to a type (`let k: f64 = self.taps[i];`), or another name than the integers'"
)]
pub trait IntSeqField {}
impl<I: IntField> IntSeqField for [I] {}
impl<I: IntField> IntSeqField for Vec<I> {}
impl<I: IntField, const N: usize> IntSeqField for [I; N] {}
impl<I: IntField> IntSeqField for Box<[I]> {}
impl<I: IntField> IntSeqField for std::collections::VecDeque<I> {}
impl<I: IntField, S: ndarray::Data<Elem = I>, D: ndarray::Dimension> IntSeqField
    for ndarray::ArrayBase<S, D>
{
}
impl<T: IntSeqField + ?Sized> IntSeqField for &T {}

/// The field, checked to hold integers: floats read as them would lose their derivatives.
///
/// ```
/// assert_eq!(autodiff_runtime::fields::int_seq_field(&vec![2_usize, 5]), &vec![2, 5]);
/// ```
pub fn int_seq_field<S: IntSeqField + ?Sized>(s: &S) -> &S {
    s
}

/// The field, checked to be an integer: a float read as one would lose its derivative.
///
/// ```
/// assert_eq!(autodiff_runtime::fields::int_field(3_usize), 3);
/// ```
pub fn int_field<I: IntField>(i: I) -> I {
    i
}

/// A field `#[differentiate]` read as a float.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as a float, but it is `{Self}`",
    label = "used as a float value here (an operand or a float method's receiver)",
    note = "if the field is an array, a `Vec` or a struct, bind it with its type first: `let w: &Array2<f64> = &p.w;`"
)]
pub trait FloatField: Copy {}
impl<T: Float> FloatField for T {}

/// A field `#[differentiate]` read as a sequence of floats (a `Vec`, an array, a 1-D
/// `ndarray` array): the body reads its elements as a slice, and its adjoint, a `Vec`, is
/// added back into the field of the struct's cotangent.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as a `Vec` or array of floats (it is indexed), but it is `{Self}`",
    label = "indexed here",
    note = "bind the field with its type first: `let v: &Vec<f64> = &p.v;`"
)]
pub trait SeqField {
    /// The float type of the elements.
    type Elem: Float;
    /// The elements in index order.
    fn elems(&self) -> &[Self::Elem];
    /// `self[i] += g[i]` for every `i`: the cotangent gathering the field's adjoint.
    fn add_elems(&mut self, g: &[Self::Elem]);
}

impl<T: Float> SeqField for Vec<T> {
    type Elem = T;
    fn elems(&self) -> &[T] {
        self
    }
    fn add_elems(&mut self, g: &[T]) {
        add_leaf(self, g);
    }
}

/// A fixed-length buffer (`data: Box<[f64]>`), read and given a cotangent as a `Vec` is.
impl<T: Float> SeqField for Box<[T]> {
    type Elem = T;
    fn elems(&self) -> &[T] {
        self
    }
    fn add_elems(&mut self, g: &[T]) {
        add_leaf(self, g);
    }
}

/// A borrowed table (`data: &'a [f64]`), which `#[derive(Differentiable)]` takes only as a
/// `#[no_grad]` constant: read, never given a cotangent.
impl<T: Float> SeqField for &[T] {
    type Elem = T;
    fn elems(&self) -> &[T] {
        self
    }
    fn add_elems(&mut self, _: &[T]) {
        panic!("a borrowed field cannot take a cotangent: mark it `#[no_grad]`")
    }
}

impl<T: Float, const N: usize> SeqField for [T; N] {
    type Elem = T;
    fn elems(&self) -> &[T] {
        self
    }
    fn add_elems(&mut self, g: &[T]) {
        add_leaf(self, g);
    }
}

/// A 1-D array indexed like a `Vec`. Its elements must be contiguous and in index order, as
/// every array built from a `Vec`, `zeros` or `array!` is; a reversed or strided view
/// turned owned is refused with a message (`x[i]` there is not the slice's `i`-th element).
impl<T: Float> SeqField for ndarray::Array1<T> {
    type Elem = T;
    fn elems(&self) -> &[T] {
        self.as_slice().unwrap_or_else(|| {
            panic!("a 1-D array field read by index must be contiguous in index order (this one has stride {}): make it standard with `.as_standard_layout().into_owned()`", self.strides()[0])
        })
    }
    fn add_elems(&mut self, g: &[T]) {
        check_leaf_lengths("accumulate", self.len(), g.len());
        for (a, &b) in self.iter_mut().zip(g) {
            *a = *a + b;
        }
    }
}

/// A field `#[differentiate]` read as an `ndarray` array.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as an `ndarray` array, but it is `{Self}`",
    label = "borrowed or used as an array here",
    note = "a field's kind comes from its use: bind it with its type first (`let v: &Vec<f64> = &p.v;`, `let m: &Mlp = &p.mlp;`)"
)]
pub trait ArrayField {}
impl<T: Float, D: ndarray::Dimension> ArrayField for ndarray::Array<T, D> {}

/// A field `#[differentiate]` read as a struct (or a `Vec` of structs) with a cotangent.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as a `#[derive(Differentiable)]` struct, but `{Self}` is not `Differentiable`",
    label = "used as a struct here (a method receiver or an element passed by reference)",
    note = "derive `Differentiable` for it, or bind the field with its type first: `let w: &Array2<f64> = &p.w;`"
)]
pub trait StructField: Differentiable {}
impl<S: Differentiable> StructField for S {}

/// The field, checked to be a float.
///
/// ```
/// assert_eq!(autodiff_runtime::fields::float_field(2.5_f64), 2.5);
/// ```
pub fn float_field<T: FloatField>(x: T) -> T {
    x
}

/// `acc[i] += g[i]`: what `#[derive(Differentiable)]` writes for the `accumulate` of a
/// `Vec<T>` or `[T; N]` field of a struct generic over `T` (which cannot go through
/// `Vec<T>: Differentiable`). Panics naming both lengths unless they are equal.
///
/// ```
/// let mut acc = vec![1.0_f64, 2.0];
/// autodiff_runtime::fields::add_leaf(&mut acc, &[0.5, 0.5]);
/// assert_eq!(acc, [1.5, 2.5]);
/// ```
pub fn add_leaf<T: Float>(acc: &mut [T], g: &[T]) {
    check_leaf_lengths("accumulate", acc.len(), g.len());
    for (a, &b) in acc.iter_mut().zip(g) {
        *a = *a + b;
    }
}

/// `f(a, b)` for `zip_leaves_mut` over such a field, checking that the lengths agree.
///
/// ```
/// let (mut a, b) = (vec![1.0_f64, 2.0], [3.0, 4.0]);
/// autodiff_runtime::fields::zip_leaf(&mut a, &b, &mut |x, y| x[1] = y[0]);
/// assert_eq!(a, [1.0, 3.0]);
/// ```
pub fn zip_leaf<T: Float>(a: &mut [T], b: &[T], f: &mut dyn FnMut(&mut [T], &[T])) {
    check_leaf_lengths("zip_leaves_mut", a.len(), b.len());
    f(a, b);
}

fn check_leaf_lengths(method: &str, a: usize, b: usize) {
    if a != b {
        panic!("Differentiable::{method}: lengths differ: {a} and {b}");
    }
}

/// The field, checked to be a sequence of floats, as a slice.
///
/// ```
/// let v = vec![1.0_f64, 2.0];
/// assert_eq!(autodiff_runtime::fields::seq_field(&v).len(), 2);
/// let a = autodiff_runtime::ndarray::array![1.0_f64, 2.0, 3.0];
/// assert_eq!(autodiff_runtime::fields::seq_field(&a)[2], 3.0);
/// ```
pub fn seq_field<S: SeqField>(s: &S) -> &[S::Elem] {
    s.elems()
}

/// Zeros as many as a sequence field's elements: the tangent of a `#[no_grad]` one.
///
/// ```
/// assert_eq!(autodiff_runtime::fields::seq_zeros(&[1.5_f32, 2.5]), vec![0.0, 0.0]);
/// ```
pub fn seq_zeros<S: SeqField>(s: &S) -> Vec<S::Elem> {
    vec![<S::Elem as num_traits::Zero>::zero(); s.elems().len()]
}

/// `acc += g` for the adjoint `g` of a sequence field, into the field of the cotangent.
///
/// ```
/// let mut acc = autodiff_runtime::ndarray::array![1.0_f64, 2.0];
/// autodiff_runtime::fields::accumulate_seq(&mut acc, &[0.5, -1.0]);
/// assert_eq!(acc, autodiff_runtime::ndarray::array![1.5, 1.0]);
/// ```
pub fn accumulate_seq<S: SeqField>(acc: &mut S, g: &[S::Elem]) {
    acc.add_elems(g);
}

/// The field, checked to be an `ndarray` array of floats.
///
/// ```
/// let a = autodiff_runtime::ndarray::Array1::<f64>::zeros(3);
/// assert_eq!(autodiff_runtime::fields::array_field(&a).len(), 3);
/// ```
pub fn array_field<A: ArrayField>(a: &A) -> &A {
    a
}

/// The field, checked to be `Differentiable` (a derived struct, a `Vec` of them).
///
/// ```
/// let v = vec![1.0_f64, 2.0];
/// assert_eq!(autodiff_runtime::fields::struct_field(&v).len(), 2);
/// ```
pub fn struct_field<S: StructField>(s: &S) -> &S {
    s
}

/// A field `#[differentiate]` read as a sequence of structs (`data: Vec<(f64, f64)>`,
/// `bodies: [Body; 3]`, or a `#[no_grad]` table borrowed for the struct's life, `data: &'a
/// [(f64, f64)]`): read by its elements, its tangent held as an owned sequence, and given
/// a cotangent element by element.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` read this field as a sequence of `#[derive(Differentiable)]` structs (or tuples), but `{Self}` is not one",
    label = "read by its elements here (`p.items[i].w`)",
    note = "hold the elements in a `Vec`, an array or a `Box<[_]>` of a `Differentiable` type, or bind the field with its type first: `let items: &[Item] = &p.items;`"
)]
pub trait StructSeqField {
    /// The element type.
    type Elem: Differentiable;
    /// The owned sequence a tangent of the field is: the field's own type, or a `Vec` for a
    /// borrowed table.
    type Tangent;
    /// Zeros shaped like the field: the tangent of a `#[no_grad]` one.
    fn zero_tangent(&self) -> Self::Tangent;
    /// The field of a tangent struct, as a tangent.
    fn as_tangent(&self) -> &Self::Tangent;
    /// Adds `g`, one cotangent per element, into the elements.
    fn add_elems(&mut self, g: &[Self::Elem]);
}

fn add_struct_elems<T: Differentiable>(acc: &mut [T], g: &[T]) {
    check_column_len(acc.len(), g.len());
    for (a, b) in acc.iter_mut().zip(g) {
        a.accumulate(b);
    }
}

macro_rules! owned_struct_seqs {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<T: Differentiable, $($g)*> StructSeqField for $t {
            type Elem = T;
            type Tangent = Self;
            fn zero_tangent(&self) -> Self {
                Differentiable::zero_like(self)
            }
            fn as_tangent(&self) -> &Self {
                self
            }
            fn add_elems(&mut self, g: &[T]) {
                add_struct_elems(self, g);
            }
        }
    )*};
}
owned_struct_seqs!([] Vec<T>, [] Box<[T]>, [const N: usize] [T; N]);

/// A borrowed table (`data: &'a [(f64, f64)]`), which `#[derive(Differentiable)]` takes only
/// as a `#[no_grad]` constant: read, its tangent zeros, never given a cotangent.
impl<T: Differentiable> StructSeqField for &[T] {
    type Elem = T;
    type Tangent = Vec<T>;
    fn zero_tangent(&self) -> Vec<T> {
        self.iter().map(Differentiable::zero_like).collect()
    }
    fn as_tangent(&self) -> &Vec<T> {
        panic!("a borrowed field has no tangent: mark it `#[no_grad]`")
    }
    fn add_elems(&mut self, _: &[T]) {
        panic!("a borrowed field cannot take a cotangent: mark it `#[no_grad]`")
    }
}

/// The field, checked to be a sequence of structs.
///
/// ```
/// let v = vec![(1.0_f64, 2.0), (3.0, 4.0)];
/// assert_eq!(autodiff_runtime::fields::struct_seq_field(&v).len(), 2);
/// ```
pub fn struct_seq_field<S: StructSeqField>(s: &S) -> &S {
    s
}

/// The tangent of a sequence-of-structs field, from the tangent struct's field.
///
/// ```
/// let v = vec![(1.0_f64, 2.0)];
/// assert_eq!(autodiff_runtime::fields::struct_seq_tangent(&v), &v);
/// ```
pub fn struct_seq_tangent<S: StructSeqField>(s: &S) -> &S::Tangent {
    s.as_tangent()
}

/// Zeros shaped like a sequence-of-structs field (the tangent of a `#[no_grad]` one).
///
/// ```
/// let table: &[(f64, f64)] = &[(1.0, 2.0)];
/// assert_eq!(autodiff_runtime::fields::struct_seq_zeros(&table), vec![(0.0, 0.0)]);
/// ```
pub fn struct_seq_zeros<S: StructSeqField>(s: &S) -> S::Tangent {
    s.zero_tangent()
}

/// `acc += g` for the adjoint `g` of a sequence-of-structs field, into the field of the
/// cotangent.
///
/// ```
/// let mut acc = vec![(1.0_f64, 2.0)];
/// autodiff_runtime::fields::accumulate_struct_seq(&mut acc, &vec![(0.5, 0.5)]);
/// assert_eq!(acc, [(1.5, 2.5)]);
/// ```
pub fn accumulate_struct_seq<S: StructSeqField>(acc: &mut S, g: &[S::Elem]) {
    acc.add_elems(g);
}

/// The cotangent of a struct argument a differentiated call returned.
#[diagnostic::on_unimplemented(
    message = "this argument carries a derivative, but the called function's `wrt(…)` leaves its parameter out",
    label = "this value varies with the parameters being differentiated",
    note = "name the parameter in the callee's `#[differentiate(wrt(…))]`, or pass a constant struct"
)]
pub trait StructCotangent: Differentiable {}
impl<S: Differentiable> StructCotangent for S {}

/// A struct's cotangent from a differentiated call, passed through unchanged: generated
/// callers route each one through here so that a struct the callee's `wrt(…)` leaves out
/// (whose cotangent is `ExcludedByWrt`) is a compile error at the argument.
///
/// ```
/// assert_eq!(autodiff_runtime::fields::struct_cotangent(vec![1.0_f64]), [1.0]);
/// ```
pub fn struct_cotangent<S: StructCotangent>(c: S) -> S {
    c
}

/// Whether `name` is a constant (`#[no_grad]`) field of `parent`'s type: the gathering of
/// field adjoints into a struct's cotangent skips it.
///
/// ```
/// assert!(!autodiff_runtime::fields::is_constant_field(&vec![1.0_f64], "x"));
/// ```
pub fn is_constant_field<S: Differentiable>(parent: &S, name: &str) -> bool {
    let _ = parent;
    S::is_constant_field(name)
}

/// `acc += g` for any `Differentiable` value: a struct's cotangent gathering a field's.
///
/// ```
/// let mut acc = vec![1.0_f64, 2.0];
/// autodiff_runtime::fields::accumulate_struct(&mut acc, &vec![0.5, 0.5]);
/// assert_eq!(acc, [1.5, 2.5]);
/// ```
pub fn accumulate_struct<S: AccumulateFrom<G>, G>(acc: &mut S, g: &G) {
    acc.accumulate_from(g);
}

/// `self += g` where `g` is the cotangent of `self` seen through a coercion: the same type,
/// or, for an array passed to a callee that takes a slice (`&[[f64; 2]; 3]` as
/// `&[[f64; 2]]`), the callee's `Vec` cotangent of the same length.
///
/// ```
/// use autodiff_runtime::fields::AccumulateFrom;
/// let mut acc = [1.0_f64, 2.0];
/// acc.accumulate_from(&vec![0.5, 0.5]);
/// assert_eq!(acc, [1.5, 2.5]);
/// ```
pub trait AccumulateFrom<G> {
    /// Adds `g` into `self`.
    fn accumulate_from(&mut self, g: &G);
}

impl<S: Differentiable> AccumulateFrom<S> for S {
    fn accumulate_from(&mut self, g: &S) {
        self.accumulate(g);
    }
}

impl<T: Differentiable, const N: usize> AccumulateFrom<Vec<T>> for [T; N] {
    fn accumulate_from(&mut self, g: &Vec<T>) {
        assert_eq!(
            g.len(),
            N,
            "a cotangent of {} entries for an array of {N}",
            g.len()
        );
        for (a, b) in self.iter_mut().zip(g) {
            a.accumulate(b);
        }
    }
}

/// `acc += g` for the adjoint of a float field: floats need no `Differentiable` (a struct
/// generic over `T: Float` holds `T` fields that a generic function cannot bound by it).
///
/// ```
/// let mut acc = 1.0_f64;
/// autodiff_runtime::fields::accumulate_float(&mut acc, 0.5);
/// assert_eq!(acc, 1.5);
/// ```
pub fn accumulate_float<T: Float>(acc: &mut T, g: T) {
    *acc = *acc + g;
}

/// `acc += g` for an array adjoint kept as an `Option` (`None`: nothing reached it).
///
/// ```
/// use autodiff_runtime::ndarray::array;
/// let mut acc = array![1.0_f64, 2.0];
/// autodiff_runtime::fields::accumulate_lazy(&mut acc, Some(array![1.0, 1.0]));
/// autodiff_runtime::fields::accumulate_lazy(&mut acc, None);
/// assert_eq!(acc, array![2.0, 3.0]);
/// ```
pub fn accumulate_lazy<S: Differentiable>(acc: &mut S, g: Option<S>) {
    if let Some(g) = g {
        acc.accumulate(&g);
    }
}

// ---- slices of structs ---------------------------------------------------------------------
//
// A parameter `bodies: &[Body]` whose elements' fields the body reads (`bodies[i].m`,
// `for b in bodies { … b.x … }`) is read through columns: each field read becomes a
// sequence of that field over the elements, which the rest of the generated code indexes
// like a float slice, and whose adjoint is added back into the field of each element's
// cotangent.

/// A field of the elements of a slice of structs that `#[differentiate]` reads: a float.
#[diagnostic::on_unimplemented(
    message = "`#[differentiate]` reads the fields of a slice's elements as floats, but this field is `{Self}`",
    label = "a field of an element, read here",
    note = "read integer or sequence fields of elements outside the differentiated function, or pass them as parameters of their own"
)]
pub trait ColumnElem: Float {}
impl<T: Float> ColumnElem for T {}

/// The integer part `read` of every element, as a sequence: the ids or indices of a slice
/// of tuples that mix them with floats (`&[(usize, f64)]`, a sparse row's indices).
///
/// ```
/// use autodiff_runtime::fields::integer_column;
/// let row = [(2_usize, 0.5), (7, -1.0)];
/// assert_eq!(integer_column(&row, |e| e.0), vec![2, 7]);
/// ```
pub fn integer_column<S, I: crate::support::IntegerValue>(
    items: &[S],
    read: impl Fn(&S) -> I,
) -> Vec<I> {
    items.iter().map(read).collect()
}

/// The field `read` of every element, as a sequence (a column of an array of structs).
///
/// ```
/// use autodiff_runtime::fields::column;
/// struct P { x: f64, y: f64 }
/// let ps = [P { x: 1.0, y: 2.0 }, P { x: 3.0, y: 4.0 }];
/// assert_eq!(column(&ps, |p| p.y), vec![2.0, 4.0]);
/// # let _ = ps[0].x;
/// ```
pub fn column<S, F: ColumnElem>(items: &[S], read: impl Fn(&S) -> F) -> Vec<F> {
    items.iter().map(read).collect()
}

/// The struct-valued field `read` of every element (`bodies[i].pos` of a `Vec3` field), as
/// a sequence: a column of structs, which the body uses with their operators and methods.
///
/// ```
/// use autodiff_runtime::fields::struct_column;
/// struct Body { pos: [f64; 2], m: f64 }
/// let bodies = [Body { pos: [1.0, 2.0], m: 1.0 }, Body { pos: [3.0, 4.0], m: 2.0 }];
/// assert_eq!(struct_column(&bodies, |b| &b.pos), vec![[1.0, 2.0], [3.0, 4.0]]);
/// # let _ = bodies[0].m;
/// ```
pub fn struct_column<S, E: crate::Differentiable + Clone>(
    items: &[S],
    read: impl Fn(&S) -> &E,
) -> Vec<E> {
    items.iter().map(|s| read(s).clone()).collect()
}

/// `field(bars[i]) += column[i]` for a column of structs: its adjoint added into the
/// cotangents of the elements, leaf by leaf. Panics naming both lengths unless they are
/// equal.
///
/// ```
/// use autodiff_runtime::fields::scatter_struct_column;
/// struct Body { pos: [f64; 2] }
/// let mut bars = vec![Body { pos: [1.0, 0.0] }];
/// scatter_struct_column(&mut bars, &[[0.5, 2.0]], |b| &mut b.pos);
/// assert_eq!(bars[0].pos, [1.5, 2.0]);
/// ```
#[track_caller]
pub fn scatter_struct_column<S, E: crate::Differentiable>(
    bars: &mut [S],
    column: &[E],
    field: impl Fn(&mut S) -> &mut E,
) {
    check_column_len(bars.len(), column.len());
    for (bar, g) in bars.iter_mut().zip(column) {
        field(bar).accumulate(g);
    }
}

/// Panics naming both lengths unless a column's adjoint has one entry per element.
#[track_caller]
fn check_column_len(elements: usize, column: usize) {
    assert_eq!(
        elements, column,
        "a slice of {elements} structs receives a column adjoint of length {column}"
    );
}

/// `field(bars[i]) += column[i]` for every element: a column's adjoint added into the
/// cotangents of the elements. Panics naming both lengths unless they are equal.
///
/// ```
/// use autodiff_runtime::fields::scatter_column;
/// #[derive(Debug, PartialEq)]
/// struct P { x: f64 }
/// let mut bars = vec![P { x: 1.0 }, P { x: 0.0 }];
/// scatter_column(&mut bars, &[0.5, 2.0], |p| &mut p.x);
/// assert_eq!(bars, [P { x: 1.5 }, P { x: 2.0 }]);
/// ```
#[track_caller]
pub fn scatter_column<S, F: Float>(bars: &mut [S], column: &[F], field: impl Fn(&mut S) -> &mut F) {
    check_column_len(bars.len(), column.len());
    for (bar, g) in bars.iter_mut().zip(column) {
        let f = field(bar);
        *f = *f + *g;
    }
}

/// The zero cotangent of a slice of structs: one zero struct per element.
///
/// ```
/// use autodiff_runtime::fields::zeros_of_structs;
/// let zeros = zeros_of_structs(&[[1.0, 2.0], [3.0, 4.0]]);
/// assert_eq!(zeros, vec![[0.0; 2]; 2]);
/// ```
pub fn zeros_of_structs<S: Differentiable>(items: &[S]) -> Vec<S> {
    items.iter().map(S::zero_like).collect()
}

/// A slice of structs at the values of `flat` (laid out as [`Differentiable::to_flat`] of
/// the `Vec` lays them out), shaped like `like`: what a gradient check evaluates.
///
/// ```
/// use autodiff_runtime::fields::structs_from_flat;
/// let v = structs_from_flat(&[[0.0, 0.0], [0.0, 0.0]], &[1.0, 2.0, 3.0, 4.0]);
/// assert_eq!(v, vec![[1.0, 2.0], [3.0, 4.0]]);
/// ```
pub fn structs_from_flat<S: Differentiable>(like: &[S], flat: &[S::Scalar]) -> Vec<S> {
    let mut value = zeros_of_structs(like);
    value.set_from_flat(flat);
    value
}

/// The leaves of a slice of structs, flattened as its `Vec`'s [`Differentiable::to_flat`].
///
/// ```
/// use autodiff_runtime::fields::structs_to_flat;
/// assert_eq!(structs_to_flat(&[[1.0, 2.0], [3.0, 4.0]]), vec![1.0, 2.0, 3.0, 4.0]);
/// ```
pub fn structs_to_flat<S: Differentiable>(items: &[S]) -> Vec<S::Scalar> {
    let mut flat = vec![];
    S::for_each_leaf_of_slice(items, &mut |leaf| flat.extend_from_slice(leaf));
    flat
}

// A parameter `a: &[Vec<f64>]` (or `&[[f64; N]]`, `&Vec<Vec<f64>>`), a matrix as rows, is
// read through one flat copy of its elements and the start of each row in it: `a[i][j]`
// is `a_flat[a_row_starts[i] + j]`, so the rest of the generated code sees a float slice,
// and the flat adjoint is cut back into rows at the end. Rows may differ in length.

/// The elements of `rows`, row after row.
///
/// ```
/// use autodiff_runtime::fields::rows_flat;
/// assert_eq!(rows_flat(&[vec![1.0, 2.0], vec![3.0]]), vec![1.0, 2.0, 3.0]);
/// ```
pub fn rows_flat<F: Copy, R: AsRef<[F]>>(rows: &[R]) -> Vec<F> {
    let mut flat = Vec::with_capacity(rows.iter().map(|r| r.as_ref().len()).sum());
    for row in rows {
        flat.extend_from_slice(row.as_ref());
    }
    flat
}

/// Where each row of `rows` starts in [`rows_flat`], and after the last, the total length:
/// row `i` is `flat[starts[i]..starts[i + 1]]`.
///
/// ```
/// use autodiff_runtime::fields::row_starts;
/// assert_eq!(row_starts(&[vec![1.0, 2.0], vec![3.0]]), vec![0, 2, 3]);
/// assert_eq!(row_starts::<f64, [f64; 2]>(&[]), vec![0]);
/// ```
pub fn row_starts<F, R: AsRef<[F]>>(rows: &[R]) -> Vec<usize> {
    let mut starts = Vec::with_capacity(rows.len() + 1);
    let mut at = 0;
    starts.push(at);
    for row in rows {
        at += row.as_ref().len();
        starts.push(at);
    }
    starts
}

/// `bars[i][j] += flat[starts[i] + j]`: the adjoint of a [`rows_flat`] copy added into the
/// rows' cotangents, shaped as they are. Panics naming both lengths unless the rows hold
/// as many elements as `flat`.
///
/// ```
/// use autodiff_runtime::fields::scatter_rows;
/// let mut bars = vec![vec![1.0, 0.0], vec![0.0]];
/// scatter_rows(&mut bars, &[0.5, 2.0, 3.0]);
/// assert_eq!(bars, [vec![1.5, 2.0], vec![3.0]]);
/// ```
#[track_caller]
pub fn scatter_rows<F: Float, R: AsMut<[F]>>(bars: &mut [R], flat: &[F]) {
    let total: usize = bars.iter_mut().map(|r| r.as_mut().len()).sum();
    assert_eq!(
        total,
        flat.len(),
        "rows of {total} elements in all receive a flat adjoint of length {}",
        flat.len()
    );
    let mut at = 0;
    for bar in bars {
        let bar = bar.as_mut();
        let len = bar.len();
        for (b, g) in bar.iter_mut().zip(&flat[at..at + len]) {
            *b = *b + *g;
        }
        at += len;
    }
}
