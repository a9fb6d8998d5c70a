use autodiff::differentiate;

type V4 = [f32; 4];

// An alias of a float array, written by index: the attribute cannot see the alias, and its
// message says what to write.
#[differentiate]
fn fill(q: &mut V4, e: &[f32; 3]) {
    q[0] = e[0] * e[1];
    q[1] = e[2];
}

fn main() {}
