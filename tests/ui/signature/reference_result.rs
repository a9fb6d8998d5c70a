use autodiff::differentiate;

// A buffer given back to chain calls (`set_from_euler(q, e).normalize()`): a reference
// result, refused with the macro's message.
#[differentiate]
fn fill<'a>(q: &'a mut [f32], e: &'a [f32; 3]) -> &'a mut [f32] {
    q[0] = e[0] * e[1];
    q[1] = e[2];
    q
}

// A reference into a parameter.
#[differentiate]
fn largest(x: &[f64]) -> &f64 {
    &x[0]
}

fn main() {}
