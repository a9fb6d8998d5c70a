use autodiff::differentiate;
use autodiff::ndarray::Array1;

#[differentiate]
fn step(u: &mut Array1<f64>, c: f64) {
    let un = u.clone();
    for i in 1..un.len() {
        u[i] = un[i] - c * (un[i] - un[i - 1]);
    }
}

fn main() {}
