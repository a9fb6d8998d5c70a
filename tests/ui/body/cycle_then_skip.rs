use autodiff::differentiate;

// `skip` after `cycle` on a side of a zip starts the walk at `k mod n`: not taken (written
// `skip(k).cycle()` it cycles `x[k..]`, which is); the macro says so.
#[differentiate]
fn shifted_dot(x: &[f64], y: &[f64]) -> f64 {
    y.iter().zip(x.iter().cycle().skip(2)).map(|(a, b)| a * b).sum()
}

fn main() {}
