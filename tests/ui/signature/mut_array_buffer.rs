use autodiff::differentiate;
use autodiff::ndarray::Array2;

#[differentiate]
fn step(u: &mut Array2<f64>, c: f64) {
    let un = u.clone();
    for i in 1..un.nrows() {
        u[[i, 0]] = un[[i, 0]] - c * (un[[i, 0]] - un[[i - 1, 0]]);
    }
}

fn main() {}
