use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
pub struct Body {
    pub x: f64,
    pub v: f64,
    #[no_grad]
    pub trail: Vec<f64>,
}

// A free function stepping a struct is read as the `&mut self` method it would be; its
// messages speak of the parameter as written.
#[differentiate]
fn advance(body: &mut Body, dt: f64) {
    body.x += body.v * dt;
    body.trail.insert(0, body.x);
}

fn main() {}
