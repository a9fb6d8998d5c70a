// An `impl` under the attribute whose methods have no float type in their signatures (the
// floats are in the struct's fields, behind `&mut self`): the macro says so, rather than
// expanding to nothing.
use autodiff::differentiate;

pub trait Indicator {
    fn next(&mut self, price: i64);
}

pub struct Count {
    total: i64,
}

#[differentiate]
impl Indicator for Count {
    fn next(&mut self, price: i64) {
        self.total += price;
    }
}

fn main() {}
