use autodiff::differentiate;

// A plane rotation written into `&mut f32` parameters (BLAS's `srotg`), with an early
// `return;`: the parameters get the messages; the missing result (they were meant to be it)
// and the `return;` none.
#[differentiate]
pub fn rot(a: &mut f32, b: &mut f32) {
    let r = a.hypot(*b);
    if r == 0.0 {
        return;
    }
    *a = r;
    *b = 0.0;
}

fn main() {}
