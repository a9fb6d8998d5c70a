//! `#[derive(Differentiable)]` on structs of parameters: every method against values worked
//! out by hand, on a struct with every kind of field (floats, `Vec`, arrays, `ndarray`
//! arrays, a nested struct, a `Vec` of structs, `#[no_grad]` constants), a tuple struct in
//! `f32` and a generic struct.

use autodiff::ndarray::{array, Array1, Array2};
use autodiff::num_traits::Float;
use autodiff::Differentiable;

#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Block {
    w: Array2<f64>,
    b: Array1<f64>,
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Inner {
    a: f64,
    v: [f64; 2],
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Params {
    scale: f64,
    bias: Vec<f64>,
    rot: [f64; 3],
    w1: Array1<f64>,
    w2: Array2<f64>,
    inner: Inner,
    blocks: Vec<Block>,
    #[no_grad]
    steps: usize,
    #[no_grad]
    name: String,
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Pair(f32, Vec<f32>, #[no_grad] u8);

#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Generic<T: Float> {
    x: T,
    xs: Vec<T>,
    arr: [T; 2],
}

/// Generic structs whose first field is not the float type itself.
#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Layer<T: Float> {
    w: Array2<T>,
    b: Vec<T>,
    gain: T,
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Net<T: Float> {
    layers: Vec<Layer<T>>,
    head: Layer<T>,
}

/// Generic over the layer type rather than the float type.
#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Stack<L> {
    layers: Vec<L>,
    last: L,
    #[no_grad]
    depth: usize,
}

fn params() -> Params {
    Params {
        scale: 2.0,
        bias: vec![1.0, -1.0],
        rot: [0.5, 0.0, 1.0],
        w1: array![1.0, 2.0],
        w2: array![[1.0, 2.0], [3.0, 4.0]],
        inner: Inner {
            a: 3.0,
            v: [1.0, 1.0],
        },
        blocks: vec![
            Block {
                w: array![[1.0, 0.0]],
                b: array![2.0],
            },
            Block {
                w: array![[0.5, -0.5]],
                b: array![-1.0],
            },
        ],
        steps: 7,
        name: "net".into(),
    }
}

/// `params()` flattened: fields in declaration order, arrays in row-major order.
const FLAT: [f64; 21] = [
    2.0, // scale
    1.0, -1.0, // bias
    0.5, 0.0, 1.0, // rot
    1.0, 2.0, // w1
    1.0, 2.0, 3.0, 4.0, // w2
    3.0, 1.0, 1.0, // inner.a, inner.v
    1.0, 0.0, 2.0, // blocks[0].w, .b
    0.5, -0.5, -1.0, // blocks[1].w, .b
];

fn leaf_lens<P: Differentiable>(p: &P) -> Vec<usize> {
    let mut lens = Vec::new();
    p.for_each_leaf(&mut |leaf| lens.push(leaf.len()));
    lens
}

#[test]
fn leaves_are_the_fields_in_order_without_the_constants() {
    let p = params();
    assert_eq!(leaf_lens(&p), [1, 2, 3, 2, 4, 1, 2, 2, 1, 2, 1]);
    assert_eq!(p.num_params(), 21);
    assert_eq!(p.to_flat(), FLAT);
}

#[test]
fn zero_like_keeps_shapes_and_clones_the_constants() {
    let z = params().zero_like();
    assert_eq!(z.to_flat(), [0.0; 21]);
    assert_eq!(leaf_lens(&z), leaf_lens(&params()));
    assert_eq!(z.w2.dim(), (2, 2));
    assert_eq!((z.steps, z.name.as_str()), (7, "net"));
}

#[test]
fn accumulate_scale_and_set_zero_leave_the_constants_alone() {
    let mut g = params().zero_like();
    g.steps = 99;
    g.name = "grad".into();
    g.accumulate(&params());
    g.accumulate(&params());
    assert_eq!(g.to_flat(), FLAT.map(|x| 2.0 * x));
    assert_eq!((g.steps, g.name.as_str()), (99, "grad"));
    g.scale_leaves(0.25);
    assert_eq!(g.to_flat(), FLAT.map(|x| 0.5 * x));
    assert_eq!(g.blocks[1].w, array![[0.25, -0.25]]);
    g.set_zero();
    assert_eq!(g.to_flat(), [0.0; 21]);
    assert_eq!((g.blocks.len(), g.w2.dim(), g.steps), (2, (2, 2), 99));
}

#[test]
fn set_from_flat_fills_the_fields_in_order() {
    let mut p = params();
    let ramp: Vec<f64> = (0..21).map(f64::from).collect();
    p.set_from_flat(&ramp);
    assert_eq!(p.scale, 0.0);
    assert_eq!(p.bias, [1.0, 2.0]);
    assert_eq!(p.rot, [3.0, 4.0, 5.0]);
    assert_eq!(p.w1, array![6.0, 7.0]);
    assert_eq!(p.w2, array![[8.0, 9.0], [10.0, 11.0]]);
    assert_eq!(
        p.inner,
        Inner {
            a: 12.0,
            v: [13.0, 14.0]
        }
    );
    assert_eq!(
        p.blocks[0],
        Block {
            w: array![[15.0, 16.0]],
            b: array![17.0]
        }
    );
    assert_eq!(
        p.blocks[1],
        Block {
            w: array![[18.0, 19.0]],
            b: array![20.0]
        }
    );
    assert_eq!(p.to_flat(), ramp);
    assert_eq!(p.steps, 7);
}

#[test]
fn dot_and_norm() {
    let p = params();
    // Σ FLAT² = 4 + 2 + 1.25 + 5 + 30 + 11 + 5 + 1.5 = 59.75
    assert_eq!(p.vdot(&p), 59.75);
    assert_eq!(p.norm(), 59.75_f64.sqrt());
    let mut ones = p.zero_like();
    ones.for_each_leaf_mut(&mut |leaf| leaf.fill(1.0));
    // Σ FLAT = 2 + 0 + 1.5 + 3 + 10 + 5 + 3 − 1 = 23.5
    assert_eq!(p.vdot(&ones), 23.5);
}

#[test]
fn zip_leaves_mut_pairs_matching_leaves() {
    let mut p = params();
    let mut g = params();
    g.scale_leaves(2.0);
    let mut pairs = Vec::new();
    p.zip_leaves_mut(&g, &mut |p, g| {
        pairs.push((p.len(), g.len()));
        for (p, g) in p.iter_mut().zip(g) {
            *p -= 0.25 * g;
        }
    });
    assert!(pairs.iter().all(|(a, b)| a == b));
    assert_eq!(pairs.len(), 11);
    assert_eq!(p.to_flat(), FLAT.map(|x| 0.5 * x));
}

#[test]
fn tuple_struct_in_f32() {
    let mut p = Pair(1.5, vec![2.0, -2.0], 9);
    assert_eq!(p.zero_like(), Pair(0.0, vec![0.0, 0.0], 9));
    assert_eq!(p.num_params(), 3);
    assert_eq!(p.to_flat(), [1.5_f32, 2.0, -2.0]);
    assert_eq!(p.norm(), 10.25_f32.sqrt());
    assert_eq!(p.vdot(&Pair(2.0, vec![1.0, 1.0], 0)), 3.0);
    p.scale_leaves(2.0);
    assert_eq!(p, Pair(3.0, vec![4.0, -4.0], 9));
    p.accumulate(&Pair(1.0, vec![1.0, 1.0], 0));
    assert_eq!(p, Pair(4.0, vec![5.0, -3.0], 9));
    p.set_from_flat(&[0.5, 0.25, 0.125]);
    assert_eq!(p, Pair(0.5, vec![0.25, 0.125], 9));
}

fn generic<T: Float + Differentiable<Scalar = T> + std::fmt::Debug>() {
    let n = |x: f64| T::from(x).unwrap();
    let mut p = Generic {
        x: n(1.0),
        xs: vec![n(2.0), n(3.0)],
        arr: [n(4.0), n(5.0)],
    };
    assert_eq!(p.num_params(), 5);
    assert_eq!(leaf_lens(&p), [1, 2, 2]);
    assert_eq!(p.to_flat(), [1.0, 2.0, 3.0, 4.0, 5.0].map(n));
    assert_eq!(p.vdot(&p), n(55.0));
    assert_eq!(p.norm(), n(55.0).sqrt());
    p.accumulate(&p.clone());
    assert_eq!(p.to_flat(), [2.0, 4.0, 6.0, 8.0, 10.0].map(n));
    assert_eq!(p.zero_like().to_flat(), [T::zero(); 5]);
}

#[test]
fn generic_struct_in_f64_and_f32() {
    generic::<f64>();
    generic::<f32>();
}

fn layer<T: Float>(k: f64) -> Layer<T> {
    let n = |x: f64| T::from(x).unwrap();
    Layer {
        w: Array2::from_elem((1, 2), n(k)),
        b: vec![n(k + 1.0)],
        gain: n(k + 2.0),
    }
}

/// Generic code over the float type, calling the derived impls of generic structs.
fn nested_generics<T: Float + Differentiable<Scalar = T> + std::fmt::Debug>() {
    let n = |x: f64| T::from(x).unwrap();
    let mut net = Net {
        layers: vec![layer(1.0), layer(2.0)],
        head: layer(3.0),
    };
    // Each layer's leaves: w (2 values), b (1), gain (1).
    assert_eq!(leaf_lens(&net), [2, 1, 1, 2, 1, 1, 2, 1, 1]);
    let flat = [1.0, 1.0, 2.0, 3.0, 2.0, 2.0, 3.0, 4.0, 3.0, 3.0, 4.0, 5.0].map(n);
    assert_eq!(net.to_flat(), flat);
    net.scale_leaves(n(2.0));
    assert_eq!(
        net.head,
        Layer {
            w: Array2::from_elem((1, 2), n(6.0)),
            b: vec![n(8.0)],
            gain: n(10.0)
        }
    );
    let mut stack = Stack {
        layers: vec![layer::<T>(1.0)],
        last: layer(2.0),
        depth: 2,
    };
    assert_eq!(stack.num_params(), 8);
    stack.accumulate(&stack.clone());
    assert_eq!(
        stack.to_flat(),
        [2.0, 2.0, 4.0, 6.0, 4.0, 4.0, 6.0, 8.0].map(n)
    );
    assert_eq!(stack.zero_like().depth, 2);
}

#[test]
fn generic_structs_of_generic_structs_in_f64_and_f32() {
    nested_generics::<f64>();
    nested_generics::<f32>();
}

#[test]
#[should_panic(expected = "Differentiable::accumulate: lengths differ: 2 and 1")]
fn vec_length_mismatch_names_both_lengths() {
    let mut p = params();
    let mut g = params();
    g.blocks.pop();
    p.accumulate(&g);
}

#[test]
#[should_panic(expected = "Differentiable::zip_leaves_mut: shapes differ: [2, 2] and [2, 3]")]
fn array_shape_mismatch_names_both_shapes() {
    let mut p = params();
    let mut g = params();
    g.w2 = Array2::zeros((2, 3));
    p.zip_leaves_mut(&g, &mut |_, _| {});
}

#[test]
#[should_panic(expected = "Differentiable::accumulate: shapes differ: [1, 2] and [2, 1]")]
fn nested_shape_mismatch_names_both_shapes() {
    let mut p = params();
    let mut g = params();
    g.blocks[1].w = array![[1.0], [2.0]];
    p.accumulate(&g);
}

#[test]
#[should_panic(expected = "the slice has 20 values but the value has 21 parameters")]
fn set_from_flat_names_both_lengths() {
    params().set_from_flat(&[0.0; 20]);
}
