//! Derivatives are reachable however a function is imported: by name, under an alias, by
//! glob and through a re-export, for the runtime's rules and for users' own differentiated
//! functions in other modules (the calling convention of derived items,
//! `docs/ARCHITECTURE.md`). Each gradient is checked against central differences.

use autodiff::differentiate;
use autodiff::gradcheck::{gradcheck, Tolerance};
use autodiff::ndarray::{array, Array2};

mod physics {
    use autodiff::differentiate;

    /// E = ½ k x².
    #[differentiate]
    pub fn spring_energy(k: f64, x: f64) -> f64 {
        0.5 * k * x * x
    }

    pub mod deeper {
        use autodiff::differentiate;

        /// E = m g h.
        #[differentiate]
        pub fn potential(m: f64, h: f64) -> f64 {
            m * 9.81 * h
        }
    }

    // Re-exported one level up.
    pub use deeper::potential;
}

mod by_name {
    use super::*;
    use autodiff::ops::{matmul, relu};
    use physics::spring_energy;

    // Untyped: an array rule's name called on arrays gives an array.
    #[differentiate]
    pub fn layer(x: &Array2<f64>, w: &Array2<f64>) -> f64 {
        let z = matmul(x, w);
        let h = relu(&z);
        h.sum()
    }

    #[differentiate]
    pub fn energy(k: f64, x: f64) -> f64 {
        spring_energy(k, x) * 2.0
    }
}

mod by_alias {
    use super::*;
    use autodiff::ops::matmul as mm;
    use physics::potential as pe;
    use physics::spring_energy as spring;

    // A renamed rule's result needs its type: the macro cannot see what `mm` is.
    #[differentiate]
    pub fn layer(x: &Array2<f64>, w: &Array2<f64>) -> f64 {
        let y: Array2<f64> = mm(x, w);
        y.sum()
    }

    #[differentiate]
    pub fn energy(k: f64, x: f64, m: f64) -> f64 {
        spring(k, x) + pe(m, x)
    }
}

mod by_glob {
    use super::*;
    use autodiff::ops::*;
    use physics::deeper::*;

    #[differentiate]
    pub fn layer(x: &Array2<f64>, w: &Array2<f64>) -> f64 {
        let z = matmul(x, w);
        let y: Array2<f64> = tanh(&z);
        y.sum()
    }

    #[differentiate]
    pub fn energy(m: f64, h: f64) -> f64 {
        potential(m, h * h)
    }
}

fn flat(a: &Array2<f64>) -> Vec<f64> {
    a.iter().copied().collect()
}

fn matrix(v: &[f64], rows: usize, cols: usize) -> Array2<f64> {
    Array2::from_shape_vec((rows, cols), v.to_vec()).unwrap()
}

#[test]
fn runtime_rules_imported_by_name_alias_and_glob() {
    let x = array![[0.5, -1.0], [2.0, 0.3]];
    let w = array![[0.4, -0.2, 1.1], [0.7, 0.9, -0.5]];
    type Layer = fn(&Array2<f64>, &Array2<f64>) -> f64;
    type LayerGrad = fn(&Array2<f64>, &Array2<f64>) -> (f64, Array2<f64>, Array2<f64>);
    let layers: [(Layer, LayerGrad); 3] = [
        (by_name::layer, by_name::layer_grad),
        (by_alias::layer, by_alias::layer_grad),
        (by_glob::layer, by_glob::layer_grad),
    ];
    for (f, grad) in layers {
        let (_, _, w_bar) = grad(&x, &w);
        let in_w = |v: &[f64]| f(&x, &matrix(v, 2, 3));
        if let Err(report) = gradcheck(in_w, &flat(&w), &flat(&w_bar), Tolerance::default()) {
            panic!("{report}");
        }
    }
}

#[test]
fn users_functions_imported_by_name_alias_glob_and_re_export() {
    let (k, x, m) = (3.0, 0.7, 2.0);
    let (_, gk, gx) = by_name::energy_grad(k, x);
    assert!((gk - x * x).abs() < 1e-14 && (gx - 2.0 * k * x).abs() < 1e-14);
    let (_, gk, gx, gm) = by_alias::energy_grad(k, x, m);
    assert!((gk - 0.5 * x * x).abs() < 1e-14);
    assert!((gx - (k * x + m * 9.81)).abs() < 1e-13);
    assert!((gm - 9.81 * x).abs() < 1e-14);
    let (_, gm, gh) = by_glob::energy_grad(m, x);
    assert!((gm - 9.81 * x * x).abs() < 1e-13 && (gh - 2.0 * m * 9.81 * x).abs() < 1e-13);
    by_name::energy_gradcheck(k, x).unwrap();
    by_alias::energy_gradcheck(k, x, m).unwrap();
    by_glob::energy_gradcheck(m, x).unwrap();
}
