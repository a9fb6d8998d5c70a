use autodiff::differentiate;
use autodiff::num_traits::Float;

// An unmarked generic `impl` of a trait whose method returns `Option<T>`: the method is
// found (its `T` is the impl's float), and gets the message of `&mut self` methods
// returning an `Option`, not "no method to differentiate".
pub struct Ramp<T> {
    index: usize,
    length: usize,
    slope: T,
}

#[differentiate]
impl<T: Float> Iterator for Ramp<T> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        if self.index == self.length {
            return None;
        }
        self.index += 1;
        Some(self.slope * self.slope)
    }
}

fn main() {}
