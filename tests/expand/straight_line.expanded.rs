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
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn f_jvp(x: f64, y: f64, x_dot: f64, y_dot: f64) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let a = x * y;
    let b = a.sin() + x / y;
    let ret = a * b;
    let a_dot = __ad::mul_add(x_dot, y, x * y_dot);
    let b_dot = __ad::mul_add(
        a_dot,
        __ad::partial::sin(a, a.sin()),
        __ad::mul_add(y_dot, -(x / y), x_dot) / y,
    );
    let ret_dot = __ad::mul_add(a_dot, b, a * b_dot);
    let __tangent = ret_dot;
    (ret, __tangent)
}
/// Reverse mode of [`f`], split: runs `f` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn f_pullback(x: f64, y: f64) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64, f64)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
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
            y_bar += -(b_bar / y * x / y);
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
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn f_vjp(x: f64, y: f64, dout: f64) -> (f64, f64, f64) {
    let (value, pullback) = f_pullback(x, y);
    let (x_bar, y_bar) = pullback(dout);
    (value, x_bar, y_bar)
}
/// The gradient of [`f`]: its value, then ∂f/∂x for each active parameter (`f_vjp` seeded with 1).
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
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
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn f_hvp(x: f64, y: f64, x_dot: f64, y_dot: f64) -> (f64, f64, f64, f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (value, pullback) = f::dual_pullback_all(
        __ad::Dual::new(x, x_dot),
        __ad::Dual::new(y, y_dot),
    );
    let (x_bar, y_bar) = pullback(__ad::Dual::constant(1.0));
    (value.primal, x_bar.primal, y_bar.primal, x_bar.tangent, y_bar.tangent)
}
/// Checks the derivatives of [`f`] at this point: the gradient of each active parameter against central differences of `f` (the report names the parameter and coordinate), `f_jvp` against the gradient along a random direction, and `f_hvp` against differences of `f_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn f_gradcheck(
    x: f64,
    y: f64,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    f_gradcheck_with(x, y, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`f_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn f_gradcheck_with(
    x: f64,
    y: f64,
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<f64 as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![
        x.flatten(), y.flatten()
    ];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| f(__v[__ranges[0usize].start], __v[__ranges[1usize].start]),
        |__v: &[f64]| {
            let (_, __x, __y) = f_grad(
                __v[__ranges[0usize].start],
                __v[__ranges[1usize].start],
            );
            [__x.flatten(), __y.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            f_jvp(
                    __v[__ranges[0usize].start],
                    __v[__ranges[1usize].start],
                    __d[__ranges[0usize].start],
                    __d[__ranges[1usize].start],
                )
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, _, __hv_x, __hv_y) = f_hvp(
                __v[__ranges[0usize].start],
                __v[__ranges[1usize].start],
                __d[__ranges[0usize].start],
                __d[__ranges[1usize].start],
            );
            [__hv_x.flatten(), __hv_y.flatten()].concat()
        },
        &__point,
        &[("x", __ranges[0usize].clone()), ("y", __ranges[1usize].clone())],
        __tol,
    )
}
/// The derivatives of [`f`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct f {}
#[allow(dead_code)]
impl f {
    /// [`f_jvp`] for differentiated callers, which pass a tangent for every float parameter.
    #[doc(hidden)]
    #[inline]
    #[allow(
        dead_code,
        unused_mut,
        unused_imports,
        unused_variables,
        unused_assignments,
        unused_parens,
        unreachable_code,
        non_snake_case,
        clippy::needless_late_init,
        clippy::diverging_sub_expression,
        clippy::manual_div_ceil,
        clippy::too_many_arguments,
        clippy::type_complexity,
        clippy::let_and_return,
        clippy::assign_op_pattern,
        clippy::neg_multiply,
        clippy::double_parens,
        clippy::unnecessary_cast,
        clippy::identity_op,
        clippy::ptr_arg,
        clippy::clone_on_copy,
        clippy::boxed_local,
        clippy::unused_unit
    )]
    fn jvp_all(x: f64, y: f64, x_dot: f64, y_dot: f64) -> (f64, f64) {
        f_jvp(x, y, x_dot, y_dot)
    }
    /// [`f_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
    #[doc(hidden)]
    #[inline]
    #[allow(
        dead_code,
        unused_mut,
        unused_imports,
        unused_variables,
        unused_assignments,
        unused_parens,
        unreachable_code,
        non_snake_case,
        clippy::needless_late_init,
        clippy::diverging_sub_expression,
        clippy::manual_div_ceil,
        clippy::too_many_arguments,
        clippy::type_complexity,
        clippy::let_and_return,
        clippy::assign_op_pattern,
        clippy::neg_multiply,
        clippy::double_parens,
        clippy::unnecessary_cast,
        clippy::identity_op,
        clippy::ptr_arg,
        clippy::clone_on_copy,
        clippy::boxed_local,
        clippy::unused_unit
    )]
    fn pullback_all(
        x: f64,
        y: f64,
    ) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64, f64)) {
        f_pullback(x, y)
    }
    /// [`f_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
    #[doc(hidden)]
    #[allow(
        dead_code,
        unused_mut,
        unused_imports,
        unused_variables,
        unused_assignments,
        unused_parens,
        unreachable_code,
        non_snake_case,
        clippy::needless_late_init,
        clippy::diverging_sub_expression,
        clippy::manual_div_ceil,
        clippy::too_many_arguments,
        clippy::type_complexity,
        clippy::let_and_return,
        clippy::assign_op_pattern,
        clippy::neg_multiply,
        clippy::double_parens,
        clippy::unnecessary_cast,
        clippy::identity_op,
        clippy::ptr_arg,
        clippy::clone_on_copy,
        clippy::boxed_local,
        clippy::unused_unit
    )]
    fn dual_pullback_all(
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
        use ::autodiff::__private::methods::*;
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
                y_bar += -(b_bar / y * x / y);
            }
            x_bar += a_bar * y;
            y_bar += a_bar * x;
            (x_bar, y_bar)
        };
        (ret, pullback)
    }
}
impl ::core::clone::Clone for f {
    fn clone(&self) -> Self {
        *self
    }
}
impl ::core::marker::Copy for f {}
#[allow(dead_code, unused_imports)]
impl f {
    /// [`f`] with its derivatives, for the derived items of a function that takes a function of two floats as a parameter (`autodiff::function_value`).
    const fn with_derivatives() -> Self {
        Self {}
    }
}
impl ::autodiff::function_value::Function2<f64> for f {
    #[inline]
    fn call(self, x: f64, y: f64) -> f64 {
        f(x, y)
    }
    #[inline]
    fn call_jvp_all(self, x: f64, y: f64, x_dot: f64, y_dot: f64) -> (f64, f64) {
        Self::jvp_all(x, y, x_dot, y_dot)
    }
    #[inline]
    fn call_pullback_all(
        self,
        x: f64,
        y: f64,
    ) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64, f64)) {
        Self::pullback_all(x, y)
    }
    #[inline]
    fn call_dual_pullback_all(
        self,
        x: ::autodiff::__private::Dual<f64>,
        y: ::autodiff::__private::Dual<f64>,
    ) -> (
        ::autodiff::__private::Dual<f64>,
        impl ::core::ops::FnOnce(
            ::autodiff::__private::Dual<f64>,
        ) -> (::autodiff::__private::Dual<f64>, ::autodiff::__private::Dual<f64>),
    ) {
        Self::dual_pullback_all(x, y)
    }
    #[inline]
    fn primal(self) -> fn(f64, f64) -> f64 {
        f
    }
}
