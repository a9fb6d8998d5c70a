//! `add`, `sub`, `mul`, `div` with ndarray (NumPy) broadcasting, one function per operation
//! over any two [`Operand`]s; the cotangent of a broadcast operand is [`unbroadcast`].
//!
//! Every rule is elementwise on the co-broadcast operands `a`, `b` and cotangent `g`:
//!
//! | op | `ẏ` | `ā` before unbroadcast | `b̄` before unbroadcast |
//! |---|---|---|---|
//! | `a + b` | `ȧ + ḃ` | `g` | `g` |
//! | `a − b` | `ȧ − ḃ` | `g` | `−g` |
//! | `a ⊙ b` | `ȧ b + a ḃ` | `g b` | `g a` |
//! | `a ⊘ b` | `(ȧ − y ḃ) / b` | `g / b` | `−g a / b²` |

use super::{broadcast_shape, check_shape, unbroadcast, Broadcast, BroadcastDim, Operand};
use ndarray::{ArrayView, DimMax, Dimension, Zip};

/// `v` broadcast to `shape` (which [`broadcast_shape`] computed from it, so this cannot fail).
fn stretch<'v, T, D: Dimension, O: Dimension>(
    v: &'v ArrayView<'_, T, D>,
    shape: &O,
) -> ArrayView<'v, T, O> {
    v.broadcast(shape.clone())
        .expect("the shape was co-broadcast from this operand")
}

/// `f(a, b)` elementwise over the co-broadcast operands.
#[track_caller]
fn binary<A, B>(op: &str, a: &A, b: &B, f: impl Fn(A::Elem, A::Elem) -> A::Elem) -> Broadcast<A, B>
where
    A: Operand + ?Sized,
    B: Operand<Elem = A::Elem> + ?Sized,
    A::Dim: DimMax<B::Dim>,
{
    let (av, bv) = (a.operand_view(), b.operand_view());
    let shape: BroadcastDim<A, B> = broadcast_shape(op, av.shape(), bv.shape());
    Zip::from(&stretch(&av, &shape))
        .and(&stretch(&bv, &shape))
        .map_collect(|&x, &y| f(x, y))
}

/// `(f(a, b), df(a, b, ȧ, ḃ))` elementwise.
#[track_caller]
fn binary_jvp<A, B>(
    op: &str,
    (a, b, da, db): (&A, &B, &A, &B),
    f: impl Fn(A::Elem, A::Elem) -> A::Elem,
    df: impl Fn(A::Elem, A::Elem, A::Elem, A::Elem) -> A::Elem,
) -> (Broadcast<A, B>, Broadcast<A, B>)
where
    A: Operand + ?Sized,
    B: Operand<Elem = A::Elem> + ?Sized,
    A::Dim: DimMax<B::Dim>,
{
    let (av, bv, dav, dbv) = (
        a.operand_view(),
        b.operand_view(),
        da.operand_view(),
        db.operand_view(),
    );
    check_shape(op, "the tangent of a", av.shape(), dav.shape());
    check_shape(op, "the tangent of b", bv.shape(), dbv.shape());
    let shape: BroadcastDim<A, B> = broadcast_shape(op, av.shape(), bv.shape());
    let (ab, bb) = (stretch(&av, &shape), stretch(&bv, &shape));
    let y = Zip::from(&ab).and(&bb).map_collect(|&x, &y| f(x, y));
    let dy = Zip::from(&ab)
        .and(&bb)
        .and(&stretch(&dav, &shape))
        .and(&stretch(&dbv, &shape))
        .map_collect(|&x, &y, &dx, &dy| df(x, y, dx, dy));
    (y, dy)
}

/// Generates `$name`, `_jvp`, `_vjp`, `_pullback` and the names generated callers use (see
/// the module docs) of one broadcasting operation from its elementwise value, tangent and
/// cotangent formulas.
macro_rules! broadcast_op {
    (
        $name:ident, $jvp:ident, $vjp:ident, $pullback:ident,  $sym:literal,
        value: |$a:ident, $b:ident| $f:expr,
        tangent: |$ta:ident, $tb:ident, $da:ident, $db:ident| $df:expr,
        a_bar: |$g:ident, $ca:ident, $cb:ident| $ga:expr,
        b_bar: |$h:ident, $ha:ident, $hb:ident| $gb:expr,
        examples: $ex:literal, $ex_jvp:literal, $ex_vjp:literal, $ex_pb:literal $(,)?
    ) => {
        #[doc = concat!("`a ", $sym, " b` elementwise, with broadcasting.")]
        ///
        /// ***Panics*** if the shapes cannot be broadcast together, naming both.
        ///
        /// ```
        /// use autodiff_runtime::{ndarray::array, ops};
        #[doc = $ex]
        /// ```
        #[track_caller]
        pub fn $name<A, B>(a: &A, b: &B) -> Broadcast<A, B>
        where
            A: Operand + ?Sized,
            B: Operand<Elem = A::Elem> + ?Sized,
            A::Dim: DimMax<B::Dim>,
        {
            binary(stringify!($name), a, b, |$a, $b| $f)
        }

        #[doc = concat!("Value and tangent of `a ", $sym, " b`; see the table in the module docs.")]
        ///
        /// ***Panics*** if the shapes cannot be broadcast together or a tangent's shape differs
        /// from its operand's.
        ///
        /// ```
        /// use autodiff_runtime::{ndarray::array, ops};
        #[doc = $ex_jvp]
        /// ```
        #[track_caller]
        pub fn $jvp<A, B>(a: &A, b: &B, da: &A, db: &B) -> (Broadcast<A, B>, Broadcast<A, B>)
        where
            A: Operand + ?Sized,
            B: Operand<Elem = A::Elem> + ?Sized,
            A::Dim: DimMax<B::Dim>,
        {
            binary_jvp(
                stringify!($jvp),
                (a, b, da, db),
                |$a, $b| $f,
                |$ta, $tb, $da, $db| $df,
            )
        }

        #[doc = concat!("Value and cotangents of `a ", $sym, " b`, each summed back to its operand's shape.")]
        ///
        /// ***Panics*** if the shapes cannot be broadcast together or `dout` has another shape.
        ///
        /// ```
        /// use autodiff_runtime::{ndarray::array, ops};
        #[doc = $ex_vjp]
        /// ```
        #[track_caller]
        pub fn $vjp<A, B>(
            a: &A,
            b: &B,
            dout: Broadcast<A, B>,
        ) -> (Broadcast<A, B>, A::Cotangent, B::Cotangent)
        where
            A: Operand + ?Sized,
            B: Operand<Elem = A::Elem> + ?Sized,
            A::Dim: DimMax<B::Dim>,
        {
            let (y, pullback) = $pullback(a, b);
            let (a_bar, b_bar) = pullback(a, b, dout);
            (y, a_bar, b_bar)
        }

        #[doc = concat!("The value of `a ", $sym, " b` and its pullback `(a, b, g) ↦ (ā, b̄)`, which keeps only the output shape.")]
        ///
        /// ***Panics*** if the shapes cannot be broadcast together (the pullback: if `g` has
        /// another shape than the value).
        ///
        /// ```
        /// use autodiff_runtime::{ndarray::array, ops};
        #[doc = $ex_pb]
        /// ```
        #[track_caller]
        pub fn $pullback<A, B>(
            a: &A,
            b: &B,
        ) -> (
            Broadcast<A, B>,
            impl FnOnce(&A, &B, Broadcast<A, B>) -> (A::Cotangent, B::Cotangent),
        )
        where
            A: Operand + ?Sized,
            B: Operand<Elem = A::Elem> + ?Sized,
            A::Dim: DimMax<B::Dim>,
        {
            // The pullback keeps only the output shape; it maps `g` to
            // `unbroadcast(ga(g, a, b))`, `unbroadcast(gb(g, a, b))`.
            let y = binary(stringify!($name), a, b, |$a, $b| $f);
            let shape = y.raw_dim();
            let ga = |$g: A::Elem, $ca: A::Elem, $cb: A::Elem| $ga;
            let gb = |$h: A::Elem, $ha: A::Elem, $hb: A::Elem| $gb;
            let pullback = move |a: &A, b: &B, g: Broadcast<A, B>| {
                check_shape(stringify!($name), "the cotangent", shape.slice(), g.shape());
                let (av, bv) = (a.operand_view(), b.operand_view());
                let (ab, bb) = (stretch(&av, &shape), stretch(&bv, &shape));
                let a_bar = Zip::from(&g)
                    .and(&ab)
                    .and(&bb)
                    .map_collect(|&g, &x, &y| ga(g, x, y));
                let mut g = g;
                Zip::from(&mut g)
                    .and(&ab)
                    .and(&bb)
                    .for_each(|g, &x, &y| *g = gb(*g, x, y));
                (
                    A::into_cotangent(unbroadcast(a_bar, &av.raw_dim())),
                    B::into_cotangent(unbroadcast(g, &bv.raw_dim())),
                )
            };
            (y, pullback)
        }

        for_callers!($name, $jvp, $pullback);
    };
}

broadcast_op! {
    add, add_jvp, add_vjp, add_pullback,  "+",
    value: |a, b| a + b,
    tangent: |_a, _b, da, db| da + db,
    a_bar: |g, _a, _b| g,
    b_bar: |g, _a, _b| g,
    examples:
        "assert_eq!(ops::add(&array![[1.0, 2.0], [3.0, 4.0]], &array![10.0, 20.0]),\n    array![[11.0, 22.0], [13.0, 24.0]]);",
        "let (_, dy) = ops::add_jvp(&array![1.0, 2.0], &3.0, &array![1.0, 0.0], &0.5);\nassert_eq!(dy, array![1.5, 0.5]);",
        "let x = array![[1.0, 2.0], [3.0, 4.0]];\nlet (_, x_bar, row_bar) = ops::add_vjp(&x, &array![0.0, 0.0], array![[1.0, 2.0], [3.0, 4.0]]);\nassert_eq!((x_bar, row_bar), (x, array![4.0, 6.0])); // the row's cotangent sums over rows",
        "let (x, s) = (array![1.0, 2.0], 5.0);\nlet (y, pb) = ops::add_pullback(&x, &s);\nassert_eq!(y, array![6.0, 7.0]);\nassert_eq!(pb(&x, &s, array![1.0, 1.0]), (array![1.0, 1.0], 2.0));",
}

broadcast_op! {
    sub, sub_jvp, sub_vjp, sub_pullback,  "−",
    value: |a, b| a - b,
    tangent: |_a, _b, da, db| da - db,
    a_bar: |g, _a, _b| g,
    b_bar: |g, _a, _b| -g,
    examples:
        "assert_eq!(ops::sub(&array![3.0, 4.0], &1.0), array![2.0, 3.0]);",
        "let (_, dy) = ops::sub_jvp(&array![3.0], &array![1.0], &array![1.0], &array![0.25]);\nassert_eq!(dy, array![0.75]);",
        "let (_, a_bar, b_bar) = ops::sub_vjp(&array![[1.0], [2.0]], &array![[1.0, 2.0]], array![[1.0, 1.0], [1.0, 1.0]]);\nassert_eq!((a_bar, b_bar), (array![[2.0], [2.0]], array![[-2.0, -2.0]]));",
        "let (a, b) = (array![3.0], array![1.0]);\nlet (_, pb) = ops::sub_pullback(&a, &b);\nassert_eq!(pb(&a, &b, array![2.0]), (array![2.0], array![-2.0]));",
}

broadcast_op! {
    mul, mul_jvp, mul_vjp, mul_pullback,  "⊙",
    value: |a, b| a * b,
    tangent: |a, b, da, db| da * b + a * db,
    a_bar: |g, _a, b| g * b,
    b_bar: |g, a, _b| g * a,
    examples:
        "assert_eq!(ops::mul(&array![[1.0, 2.0]], &array![[3.0], [4.0]]), array![[3.0, 6.0], [4.0, 8.0]]);",
        "let (y, dy) = ops::mul_jvp(&array![2.0], &array![3.0], &array![1.0], &array![1.0]);\nassert_eq!((y, dy), (array![6.0], array![5.0]));",
        "let (_, x_bar, s_bar) = ops::mul_vjp(&array![1.0, 2.0], &3.0, array![1.0, 1.0]);\nassert_eq!((x_bar, s_bar), (array![3.0, 3.0], 3.0));",
        "let (a, b) = (array![2.0], array![3.0]);\nlet (_, pb) = ops::mul_pullback(&a, &b);\nassert_eq!(pb(&a, &b, array![1.0]), (array![3.0], array![2.0]));",
}

broadcast_op! {
    div, div_jvp, div_vjp, div_pullback,  "⊘",
    value: |a, b| a / b,
    tangent: |a, b, da, db| (da - a / b * db) / b,
    a_bar: |g, _a, b| g / b,
    b_bar: |g, a, b| -(g / b) * (a / b),
    examples:
        "assert_eq!(ops::div(&array![1.0, 3.0], &2.0), array![0.5, 1.5]);",
        "let (y, dy) = ops::div_jvp(&array![1.0], &array![2.0], &array![1.0], &array![1.0]);\nassert_eq!((y, dy), (array![0.5], array![0.25]));",
        "let (_, a_bar, b_bar) = ops::div_vjp(&array![1.0], &array![2.0], array![1.0]);\nassert_eq!((a_bar, b_bar), (array![0.5], array![-0.25]));",
        "let (a, b) = (array![4.0], 2.0);\nlet (_, pb) = ops::div_pullback(&a, &b);\nassert_eq!(pb(&a, &b, array![1.0]), (array![0.5], -1.0));",
}
