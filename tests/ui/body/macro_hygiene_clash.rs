use autodiff::differentiate;

// The macro's own `t` and the `t` its caller passes are two variables to Rust, which the
// attribute cannot tell apart by name.
macro_rules! make_fn {
    ($name:ident, $p:ident, $e:expr) => {
        #[differentiate]
        fn $name($p: f64, y: f64) -> f64 {
            let t = $p * 3.0;
            t * y + $e
        }
    };
}

make_fn!(hygienic, t, t * t);

fn main() {}
