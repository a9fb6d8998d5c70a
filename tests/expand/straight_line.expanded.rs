#[allow(dead_code)]
fn f(x: f64, y: f64) -> f64 {
    let a = x * y;
    let b = a.sin() + x / y;
    a * b
}
/// Forward mode of [`f`]: its value and its directional derivative along the tangents `x_dot`, `y_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    clippy::needless_late_init,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg
)]
fn f_jvp(x: f64, y: f64, x_dot: f64, y_dot: f64) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    let a = x * y;
    let a_dot = x_dot * y + x * y_dot;
    let b = a.sin() + x / y;
    let b_dot = (a_dot * __ad::partial::sin(a, a.sin()))
        + ((x_dot * y - x * y_dot) / (y * y));
    let ret = a * b;
    let ret_dot = a_dot * b + a * b_dot;
    (ret, ret_dot)
}
/// Reverse mode of [`f`], split: runs `f` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use this form, so nested calls never re-run a callee's forward pass.
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    clippy::needless_late_init,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg
)]
fn f_pullback(x: f64, y: f64) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64, f64)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    let a = x * y;
    let b = a.sin() + x / y;
    let ret = a * b;
    let pullback = move |dout: f64| -> (f64, f64) {
        let mut ret_bar = dout;
        let mut x_bar: f64 = 0.0;
        let mut y_bar: f64 = 0.0;
        let mut a_bar: f64 = 0.0;
        let mut b_bar: f64 = 0.0;
        a_bar += ret_bar * b;
        b_bar += ret_bar * a;
        {
            let t0 = a.sin();
            a_bar += b_bar * __ad::partial::sin(a, t0);
            x_bar += b_bar / y;
            y_bar += -(b_bar * x) / (y * y);
        }
        x_bar += a_bar * y;
        y_bar += a_bar * x;
        (x_bar, y_bar)
    };
    (ret, pullback)
}
/// Reverse mode of [`f`]: its value, then the cotangents `x_bar`, `y_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂f/∂x.
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    clippy::needless_late_init,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg
)]
fn f_vjp(x: f64, y: f64, dout: f64) -> (f64, f64, f64) {
    let (value, pullback) = f_pullback(x, y);
    let (x_bar, y_bar) = pullback(dout);
    (value, x_bar, y_bar)
}
/// [`f_pullback`] on dual numbers, for [`f_hvp`] (forward-over-reverse).
#[doc(hidden)]
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    clippy::needless_late_init,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg
)]
fn f_dual_pullback(
    x: ::autodiff::__private::Dual<f64>,
    y: ::autodiff::__private::Dual<f64>,
) -> (
    ::autodiff::__private::Dual<f64>,
    impl ::core::ops::FnOnce(
        ::autodiff::__private::Dual<f64>,
    ) -> (::autodiff::__private::Dual<f64>, ::autodiff::__private::Dual<f64>),
) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    let a = x * y;
    let b = a.sin() + x / y;
    let ret = a * b;
    let pullback = move |
        dout: ::autodiff::__private::Dual<f64>,
    | -> (::autodiff::__private::Dual<f64>, ::autodiff::__private::Dual<f64>) {
        let mut ret_bar = dout;
        let mut x_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
        let mut y_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
        let mut a_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
        let mut b_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
        a_bar += ret_bar * b;
        b_bar += ret_bar * a;
        {
            let t0 = a.sin();
            a_bar += b_bar * __ad::partial::sin(a, t0);
            x_bar += b_bar / y;
            y_bar += -(b_bar * x) / (y * y);
        }
        x_bar += a_bar * y;
        y_bar += a_bar * x;
        (x_bar, y_bar)
    };
    (ret, pullback)
}
/// The gradient of [`f`]: its value, then ∂f/∂x for each active parameter (`f_vjp` seeded with 1).
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    clippy::needless_late_init,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg
)]
fn f_grad(x: f64, y: f64) -> (f64, f64, f64) {
    f_vjp(x, y, 1.0)
}
/// Hessian-vector product of [`f`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (x_dot, y_dot)`, in one pass and without forming the Hessian.
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    clippy::needless_late_init,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg
)]
fn f_hvp(x: f64, y: f64, x_dot: f64, y_dot: f64) -> (f64, f64, f64, f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    let (value, pullback) = f_dual_pullback(
        __ad::Dual::new(x, x_dot),
        __ad::Dual::new(y, y_dot),
    );
    let (x_bar, y_bar) = pullback(__ad::Dual::constant(1.0));
    (value.primal, x_bar.primal, y_bar.primal, x_bar.tangent, y_bar.tangent)
}
