use autodiff::{differentiate, Differentiable};

#[derive(Clone, Copy, Debug, Differentiable)]
pub struct V2 {
    pub x: f64,
    pub y: f64,
}

impl std::ops::BitXor for &V2 {
    type Output = f64;
    fn bitxor(self, o: &V2) -> f64 {
        self.x * o.y - self.y * o.x
    }
}

// A type's own `BitXor` (a 2-D cross product): the integer operators carry no derivative,
// so on values that do it is the macro's message.
#[differentiate]
fn cross_area(a: &V2, b: &V2) -> f64 {
    0.5 * (a ^ b)
}

fn main() {}
