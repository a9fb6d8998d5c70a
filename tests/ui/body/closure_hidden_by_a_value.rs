use autodiff::differentiate;

// A closure's name given another value in an inner block (here a closure chosen by a
// branch, which is a value, not a closure the macro can inline): the call below reads that
// value, never the outer closure (which the macro once inlined there, a wrong derivative).
#[differentiate]
fn f(x: f64, c: f64) -> f64 {
    let g = |t: f64| t * t;
    let mut s = g(x);
    if c > 0.0 {
        let g = if c > 1.0 { f64::sin } else { f64::cos };
        s += g(x);
    }
    s
}

fn main() {}
