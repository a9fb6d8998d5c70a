use autodiff::{differentiate, Differentiable};

#[derive(Differentiable)]
pub struct PendulumState {
    pub angle: f64,
    pub angular_velocity: f64,
}

#[derive(Differentiable)]
pub struct Pendulum {
    length: f64,
    gravity: f64,
}

// A plant's method stepping the state it is given, as control code writes it: the
// derivatives of a method follow its receiver, so the message says how to write the step.
impl Pendulum {
    #[differentiate]
    pub fn update(&mut self, state: &mut PendulumState, dt: f64) {
        let acceleration = -self.gravity / self.length * state.angle.sin();
        state.angular_velocity += acceleration * dt;
        state.angle += state.angular_velocity * dt;
    }
}

fn main() {}
