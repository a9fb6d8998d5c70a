use autodiff::differentiate;

#[differentiate(custom)]
fn softplus(x: f64) -> f64 {
    x.exp().ln_1p()
}

fn main() {}
