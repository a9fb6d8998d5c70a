use autodiff::differentiate;

// A `&mut` slice zipped as it is (`.zip(right)`) and written through its items: the
// macro's message names the write and the form it follows (`.zip(right.iter_mut())`).
#[differentiate]
fn gain(left: &mut [f64], right: &mut [f64], g: f64) {
    for (l, r) in left.iter_mut().zip(right) {
        *l *= g;
        *r *= g;
    }
}

fn main() {}
