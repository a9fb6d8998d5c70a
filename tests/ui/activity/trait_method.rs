use autodiff::differentiate;

pub trait Rhs {
    fn eval(&self, x: f64) -> f64;
}

// The right-hand side's implementation is not visible to the macro.
#[differentiate]
fn euler_step(f: &dyn Rhs, x: f64, h: f64) -> f64 {
    x + h * f.eval(x)
}

#[differentiate]
fn generic_step<R: Rhs>(f: &R, x: f64, h: f64) -> f64 {
    x + h * f.eval(x)
}

fn main() {}
