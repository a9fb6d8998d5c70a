// nalgebra's `v.map(|x| x.sqrt())` (here a vector type of the user's with the same method):
// a closure mapped over a struct value is not read as syntax yet.
use autodiff::{differentiate, Differentiable};

#[derive(Clone, Differentiable)]
struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

impl V3 {
    fn map(&self, f: impl Fn(f64) -> f64) -> V3 {
        V3 { x: f(self.x), y: f(self.y), z: f(self.z) }
    }
}

#[differentiate]
fn roots(v: &V3) -> f64 {
    let r = v.map(|x| x.sqrt());
    r.x + r.y + r.z
}

fn main() {}
