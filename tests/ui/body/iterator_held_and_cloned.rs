use autodiff::differentiate;

#[differentiate]
fn f(df: Vec<f64>) -> f64 {
    let mut it = df.iter().clone();
    it.next();
    let total: f64 = it.sum();
    total * df[0]
}

fn main() {}
