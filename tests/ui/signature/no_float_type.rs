use autodiff::differentiate;

#[differentiate]
fn f(n: usize, k: i32) -> usize {
    n * k as usize
}

fn main() {}
