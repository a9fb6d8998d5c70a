// A trajectory returned as a `Vec` of tuples (round 57's `get_list`): the message names the
// two forms of result that carry it.
use autodiff::differentiate;

#[differentiate]
fn states(x: f64, n: usize) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    let (mut p, mut v) = (x, 0.5 * x);
    for _ in 0..n {
        p += v * 0.1;
        v -= p * 0.1;
        out.push((p, v));
    }
    out
}

fn main() {
    println!("{:?}", states(1.0, 3));
}
