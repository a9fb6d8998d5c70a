use autodiff::differentiate;
use autodiff::num_traits::Float;

#[differentiate(custom, report)]
fn f<T: Float>(x: T) -> T {
    x * x
}

fn f_jvp<T: Float>(x: T, dx: T) -> (T, T) {
    (x * x, (x + x) * dx)
}

fn f_vjp<T: Float>(x: T, dout: T) -> (T, T) {
    (x * x, (x + x) * dout)
}

fn main() {}
