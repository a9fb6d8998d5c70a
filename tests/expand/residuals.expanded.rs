#[allow(dead_code)]
fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}
/// Forward mode of [`logistic`]: its value and its directional derivative along the tangents `x_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn logistic_jvp(x: f64, x_dot: f64) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let exp_result = (-x).exp();
    let ret = (1.0 + exp_result).recip();
    let exp_result_dot = -(x_dot * __ad::partial::exp((-x), exp_result));
    let ret_dot = exp_result_dot * __ad::partial::recip((1.0 + exp_result), ret);
    let __tangent = ret_dot;
    (ret, __tangent)
}
/// Reverse mode of [`logistic`], split: runs `logistic` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn logistic_pullback(x: f64) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64,)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let exp_result = (-x).exp();
    let ret = (1.0 + exp_result).recip();
    let pullback = move |dout: f64| -> (f64,) {
        let mut ret_bar = dout;
        let mut x_bar: f64 = 0.0;
        let mut exp_result_bar: f64 = 0.0;
        {
            let t0 = 1.0 + exp_result;
            let g1 = ret_bar * __ad::partial::recip(t0, ret);
            exp_result_bar += g1;
        }
        {
            let t0 = -x;
            x_bar += -exp_result_bar * __ad::partial::exp(t0, exp_result);
        }
        (x_bar,)
    };
    (ret, pullback)
}
/// Reverse mode of [`logistic`]: its value, then the cotangents `x_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂logistic/∂x.
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
fn logistic_vjp(x: f64, dout: f64) -> (f64, f64) {
    let (value, pullback) = logistic_pullback(x);
    let (x_bar,) = pullback(dout);
    (value, x_bar)
}
/// The gradient of [`logistic`]: its value, then ∂logistic/∂x for each active parameter (`logistic_vjp` seeded with 1).
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
fn logistic_grad(x: f64) -> (f64, f64) {
    logistic_vjp(x, 1.0)
}
/// Hessian-vector product of [`logistic`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (x_dot)`, in one pass and without forming the Hessian.
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
fn logistic_hvp(x: f64, x_dot: f64) -> (f64, f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (value, pullback) = logistic::dual_pullback_all(__ad::Dual::new(x, x_dot));
    let (x_bar,) = pullback(__ad::Dual::constant(1.0));
    (value.primal, x_bar.primal, x_bar.tangent)
}
/// Checks the derivatives of [`logistic`] at this point: the gradient of each active parameter against central differences of `logistic` (the report names the parameter and coordinate), `logistic_jvp` against the gradient along a random direction, and `logistic_hvp` against differences of `logistic_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn logistic_gradcheck(
    x: f64,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    logistic_gradcheck_with(x, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`logistic_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn logistic_gradcheck_with(
    x: f64,
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<f64 as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![x.flatten()];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| logistic(__v[__ranges[0usize].start]),
        |__v: &[f64]| {
            let (_, __x) = logistic_grad(__v[__ranges[0usize].start]);
            [__x.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            logistic_jvp(__v[__ranges[0usize].start], __d[__ranges[0usize].start]).1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, __hv_x) = logistic_hvp(
                __v[__ranges[0usize].start],
                __d[__ranges[0usize].start],
            );
            [__hv_x.flatten()].concat()
        },
        &__point,
        &[("x", __ranges[0usize].clone())],
        __tol,
    )
}
/// The derivatives of [`logistic`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct logistic {}
#[allow(dead_code)]
impl logistic {
    /// [`logistic_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
    fn jvp_all(x: f64, x_dot: f64) -> (f64, f64) {
        logistic_jvp(x, x_dot)
    }
    /// [`logistic_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
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
    fn pullback_all(x: f64) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64,)) {
        logistic_pullback(x)
    }
    /// [`logistic_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
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
    ) -> (
        ::autodiff::__private::Dual<f64>,
        impl ::core::ops::FnOnce(
            ::autodiff::__private::Dual<f64>,
        ) -> (::autodiff::__private::Dual<f64>,),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let exp_result = (-x).exp();
        let ret = (exp_result + 1.0).recip();
        let pullback = move |
            dout: ::autodiff::__private::Dual<f64>,
        | -> (::autodiff::__private::Dual<f64>,) {
            let mut ret_bar = dout;
            let mut x_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            let mut exp_result_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            {
                let t0 = exp_result + 1.0;
                let g1 = ret_bar * __ad::partial::recip(t0, ret);
                exp_result_bar += g1;
            }
            {
                let t0 = -x;
                x_bar += -exp_result_bar * __ad::partial::exp(t0, exp_result);
            }
            (x_bar,)
        };
        (ret, pullback)
    }
}
impl ::core::clone::Clone for logistic {
    fn clone(&self) -> Self {
        *self
    }
}
impl ::core::marker::Copy for logistic {}
#[allow(dead_code, unused_imports)]
impl logistic {
    /// [`logistic`] with its derivatives, for the derived items of a function that takes a function of one float as a parameter (`autodiff::function_value`).
    const fn with_derivatives() -> Self {
        Self {}
    }
}
impl ::autodiff::function_value::Function1<f64> for logistic {
    #[inline]
    fn call(self, x: f64) -> f64 {
        logistic(x)
    }
    #[inline]
    fn call_jvp_all(self, x: f64, x_dot: f64) -> (f64, f64) {
        Self::jvp_all(x, x_dot)
    }
    #[inline]
    fn call_pullback_all(
        self,
        x: f64,
    ) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64,)) {
        Self::pullback_all(x)
    }
    #[inline]
    fn call_dual_pullback_all(
        self,
        x: ::autodiff::__private::Dual<f64>,
    ) -> (
        ::autodiff::__private::Dual<f64>,
        impl ::core::ops::FnOnce(
            ::autodiff::__private::Dual<f64>,
        ) -> (::autodiff::__private::Dual<f64>,),
    ) {
        Self::dual_pullback_all(x)
    }
    #[inline]
    fn primal(self) -> fn(f64) -> f64 {
        logistic
    }
}
#[allow(dead_code)]
fn log_sum_exp(y: &[f64]) -> f64 {
    let mut sum = 0.0;
    for i in 0..y.len() {
        sum += y[i].exp();
    }
    sum.ln()
}
/// Forward mode of [`log_sum_exp`]: its value and its directional derivative along the tangents `y_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn log_sum_exp_jvp(y: &[f64], y_dot: &[f64]) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    __ad::check_tangent_len(y.len(), y_dot.len(), "y_dot", "y");
    let mut sum = 0.0;
    let lo = 0;
    let hi = y.len();
    let mut sum_dot: f64 = 0.0;
    for i in lo..hi {
        let exp_y = y[i].exp();
        sum += exp_y;
        let exp_y_dot = y_dot[i] * __ad::partial::exp(y[i], exp_y);
        sum_dot += exp_y_dot;
    }
    let ret = sum.ln();
    let ret_dot = sum_dot * __ad::partial::ln(sum, ret);
    let __tangent = ret_dot;
    (ret, __tangent)
}
/// Reverse mode of [`log_sum_exp`], split: runs `log_sum_exp` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn log_sum_exp_pullback(
    y: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], f64) -> (::std::vec::Vec<f64>,)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (value, pullback) = log_sum_exp::pullback_all(y);
    let pullback = move |y: &[f64], dout: f64| -> (::std::vec::Vec<f64>,) {
        pullback(y, dout, __ad::no_accumulator())
    };
    (value, pullback)
}
/// Reverse mode of [`log_sum_exp`]: its value, then the cotangents `y_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂log_sum_exp/∂x.
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
fn log_sum_exp_vjp(y: &[f64], dout: f64) -> (f64, ::std::vec::Vec<f64>) {
    let (value, pullback) = log_sum_exp_pullback(y);
    let (y_bar,) = pullback(y, dout);
    (value, y_bar)
}
/// The gradient of [`log_sum_exp`]: its value, then ∂log_sum_exp/∂x for each active parameter (`log_sum_exp_vjp` seeded with 1).
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
fn log_sum_exp_grad(y: &[f64]) -> (f64, ::std::vec::Vec<f64>) {
    log_sum_exp_vjp(y, 1.0)
}
/// Hessian-vector product of [`log_sum_exp`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (y_dot)`, in one pass and without forming the Hessian.
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
fn log_sum_exp_hvp(
    y: &[f64],
    y_dot: &[f64],
) -> (f64, ::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let y_dual = __ad::pool::duals(&y, &y_dot);
    let (value, pullback) = log_sum_exp::dual_pullback_all(&y_dual);
    let (y_bar,) = pullback(
        &y_dual,
        __ad::Dual::constant(1.0),
        __ad::pool::zeros(y.len()),
    );
    let result = (value.primal, __ad::primals(&y_bar), __ad::tangents(&y_bar));
    __ad::pool::give_back(y_bar);
    __ad::pool::give_back(y_dual);
    result
}
/// Checks the derivatives of [`log_sum_exp`] at this point: the gradient of each active parameter against central differences of `log_sum_exp` (the report names the parameter and coordinate), `log_sum_exp_jvp` against the gradient along a random direction, and `log_sum_exp_hvp` against differences of `log_sum_exp_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn log_sum_exp_gradcheck(
    y: &[f64],
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    log_sum_exp_gradcheck_with(y, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`log_sum_exp_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn log_sum_exp_gradcheck_with(
    y: &[f64],
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<f64 as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![y.flatten()];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| log_sum_exp(&__v[__ranges[0usize].clone()]),
        |__v: &[f64]| {
            let (_, __y) = log_sum_exp_grad(&__v[__ranges[0usize].clone()]);
            [__y.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            log_sum_exp_jvp(
                    &__v[__ranges[0usize].clone()],
                    &__d[__ranges[0usize].clone()],
                )
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, __hv_y) = log_sum_exp_hvp(
                &__v[__ranges[0usize].clone()],
                &__d[__ranges[0usize].clone()],
            );
            [__hv_y.flatten()].concat()
        },
        &__point,
        &[("y", __ranges[0usize].clone())],
        __tol,
    )
}
/// The derivatives of [`log_sum_exp`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct log_sum_exp {}
#[allow(dead_code)]
impl log_sum_exp {
    /// [`log_sum_exp_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
    fn jvp_all(y: &[f64], y_dot: &[f64]) -> (f64, f64) {
        log_sum_exp_jvp(y, y_dot)
    }
    /// [`log_sum_exp_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
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
    fn pullback_all(
        y: &[f64],
    ) -> (
        f64,
        impl ::core::ops::FnOnce(
            &[f64],
            f64,
            ::std::vec::Vec<f64>,
        ) -> (::std::vec::Vec<f64>,),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let mut exp_y_tape = __ad::SaveStack::pooled();
        let mut sum = 0.0;
        let lo = 0;
        let hi = y.len();
        exp_y_tape.reserve_for(&(lo..hi), 1);
        for i in lo..hi {
            let exp_y = y[i].exp();
            sum += exp_y;
            exp_y_tape.push(exp_y);
        }
        let ret = sum.ln();
        let pullback = move |
            y: &[f64],
            dout: f64,
            y_acc: ::std::vec::Vec<f64>,
        | -> (::std::vec::Vec<f64>,) {
            let mut ret_bar = dout;
            let mut y_bar = __ad::accumulator(y_acc, &y);
            let mut sum_bar: f64 = 0.0;
            {
                let t0 = sum.ln();
                sum_bar += ret_bar * __ad::partial::ln(sum, t0);
            }
            for i in (lo..hi).rev() {
                let exp_y = exp_y_tape.pop();
                let mut exp_y_bar: f64 = 0.0;
                {
                    let g0 = sum_bar;
                    exp_y_bar += g0;
                }
                {
                    let t0 = y[i];
                    y_bar[i] += exp_y_bar * __ad::partial::exp(t0, exp_y);
                }
            }
            (y_bar,)
        };
        (ret, pullback)
    }
    /// [`log_sum_exp_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
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
        y: &[::autodiff::__private::Dual<f64>],
    ) -> (
        ::autodiff::__private::Dual<f64>,
        impl ::core::ops::FnOnce(
            &[::autodiff::__private::Dual<f64>],
            ::autodiff::__private::Dual<f64>,
            ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        ) -> (::std::vec::Vec<::autodiff::__private::Dual<f64>>,),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let mut exp_y_tape = __ad::SaveStack::pooled();
        let mut sum = __ad::lift(0.0);
        let lo = 0;
        let hi = y.len();
        exp_y_tape.reserve_for(&(lo..hi), 1);
        for i in lo..hi {
            let exp_y = y[i].exp();
            sum += exp_y;
            exp_y_tape.push(exp_y);
        }
        let ret = sum.ln();
        let pullback = move |
            y: &[::autodiff::__private::Dual<f64>],
            dout: ::autodiff::__private::Dual<f64>,
            y_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        | -> (::std::vec::Vec<::autodiff::__private::Dual<f64>>,) {
            let mut ret_bar = dout;
            let mut y_bar = __ad::accumulator(y_acc, &y);
            let mut sum_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            {
                let t0 = sum.ln();
                sum_bar += ret_bar * __ad::partial::ln(sum, t0);
            }
            for i in (lo..hi).rev() {
                let exp_y = exp_y_tape.pop();
                let mut exp_y_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
                {
                    let g0 = sum_bar;
                    exp_y_bar += g0;
                }
                {
                    let t0 = y[i];
                    y_bar[i] += exp_y_bar * __ad::partial::exp(t0, exp_y);
                }
            }
            (y_bar,)
        };
        (ret, pullback)
    }
}
