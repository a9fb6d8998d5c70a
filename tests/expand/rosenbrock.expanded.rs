#[allow(dead_code)]
fn rosenbrock(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        let a = x[i + 1] - x[i] * x[i];
        let b = 1.0 - x[i];
        s += 100.0 * a * a + b * b;
    }
    s
}
/// Forward mode of [`rosenbrock`]: its value and its directional derivative along the tangents `x_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn rosenbrock_jvp(x: &[f64], x_dot: &[f64]) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    #[inline(always)]
    fn __jvp_body<__Fma: ::autodiff::__private::MulAdd>(
        _: __Fma,
        x: &[f64],
        x_dot: &[f64],
    ) -> (f64, f64) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        __ad::check_tangent_len(x.len(), x_dot.len(), "x_dot", "x");
        let mut s = 0.0;
        let lo = 0;
        let hi = x.len() - 1;
        let mut s_dot: f64 = 0.0;
        for i in lo..hi {
            let a = x[i + 1] - x[i] * x[i];
            let b = 1.0 - x[i];
            s += 100.0 * a * a + b * b;
            let a_dot = __Fma::mul_add(x_dot[i], -(x[i] + x[i]), x_dot[i + 1]);
            let b_dot = -x_dot[i];
            s_dot += __Fma::mul_add(a_dot, 100.0 * a + (100.0 * a), b_dot * (b + b));
        }
        let ret = s;
        let ret_dot = s_dot;
        let __tangent = ret_dot;
        (ret, __tangent)
    }
    if __ad::use_fused() {
        __ad::run_fused(|| __jvp_body(__ad::Fused, x, x_dot))
    } else {
        __jvp_body(__ad::Separate, x, x_dot)
    }
}
/// Reverse mode of [`rosenbrock`], split: runs `rosenbrock` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn rosenbrock_pullback(
    x: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], f64) -> (::std::vec::Vec<f64>,)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (value, pullback) = rosenbrock::pullback_all(x);
    let pullback = move |x: &[f64], dout: f64| -> (::std::vec::Vec<f64>,) {
        pullback(x, dout, __ad::no_accumulator())
    };
    (value, pullback)
}
/// Reverse mode of [`rosenbrock`]: its value, then the cotangents `x_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂rosenbrock/∂x.
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
fn rosenbrock_vjp(x: &[f64], dout: f64) -> (f64, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let mut s = 0.0;
    let lo = 0;
    let hi = x.len() - 1;
    let mut ret_bar = dout;
    let mut x_bar = __ad::zeros_like(&x);
    let mut s_bar: f64 = 0.0;
    s_bar += ret_bar;
    let mut x_bar_i: f64 = 0.0;
    let mut x_bar_i_p1: f64 = 0.0;
    for i in lo..hi {
        let a = x[i + 1] - x[i] * x[i];
        let b = 1.0 - x[i];
        s += 100.0 * a * a + b * b;
        let mut a_bar: f64 = 0.0;
        let mut b_bar: f64 = 0.0;
        {
            let g0 = s_bar;
            let t1 = 100.0 * a;
            a_bar += g0 * (t1 + t1);
            b_bar += g0 * (b + b);
        }
        x_bar_i += -b_bar;
        {
            let t1 = x[i];
            let g0 = -a_bar;
            x_bar_i_p1 += a_bar;
            x_bar_i += g0 * (t1 + t1);
        }
        x_bar[i] += x_bar_i;
        x_bar_i = x_bar_i_p1;
        x_bar_i_p1 = 0.0;
    }
    if lo < hi {
        x_bar[hi] += x_bar_i;
    }
    let ret = s;
    (ret, x_bar)
}
/// The gradient of [`rosenbrock`]: its value, then ∂rosenbrock/∂x for each active parameter (`rosenbrock_vjp` seeded with 1).
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
fn rosenbrock_grad(x: &[f64]) -> (f64, ::std::vec::Vec<f64>) {
    rosenbrock_vjp(x, 1.0)
}
/// Hessian-vector product of [`rosenbrock`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (x_dot)`, in one pass and without forming the Hessian.
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
fn rosenbrock_hvp(
    x: &[f64],
    x_dot: &[f64],
) -> (f64, ::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let x_dual = __ad::pool::duals(&x, &x_dot);
    let (value, x_bar) = rosenbrock_dual_vjp(
        &x_dual,
        __ad::Dual::constant(1.0),
        __ad::pool::zeros(x.len()),
    );
    let result = (value.primal, __ad::primals(&x_bar), __ad::tangents(&x_bar));
    __ad::pool::give_back(x_bar);
    __ad::pool::give_back(x_dual);
    result
}
/// [`rosenbrock_vjp`] on dual numbers, for [`rosenbrock_hvp`] (forward-over-reverse).
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
fn rosenbrock_dual_vjp(
    x: &[::autodiff::__private::Dual<f64>],
    dout: ::autodiff::__private::Dual<f64>,
    x_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
) -> (
    ::autodiff::__private::Dual<f64>,
    ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let mut s = __ad::lift(0.0);
    let lo = 0;
    let hi = x.len() - 1;
    let mut ret_bar = dout;
    let mut x_bar = __ad::accumulator(x_acc, &x);
    let mut s_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
    s_bar += ret_bar;
    let mut x_bar_i: ::autodiff::__private::Dual<f64> = __ad::zero();
    let mut x_bar_i_p1: ::autodiff::__private::Dual<f64> = __ad::zero();
    for i in lo..hi {
        let a = x[i + 1] - x[i] * x[i];
        let b = __ad::lift(1.0) - x[i];
        s += a * 100.0 * a + b * b;
        let mut a_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
        let mut b_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
        {
            let g0 = s_bar;
            let t1 = a * 100.0;
            a_bar += g0 * (t1 + t1);
            b_bar += g0 * (b + b);
        }
        x_bar_i += -b_bar;
        {
            let t1 = x[i];
            let g0 = -a_bar;
            x_bar_i_p1 += a_bar;
            x_bar_i += g0 * (t1 + t1);
        }
        x_bar[i] += x_bar_i;
        x_bar_i = x_bar_i_p1;
        x_bar_i_p1 = __ad::zero();
    }
    if lo < hi {
        x_bar[hi] += x_bar_i;
    }
    let ret = s;
    (ret, x_bar)
}
/// Checks the derivatives of [`rosenbrock`] at this point: the gradient of each active parameter against central differences of `rosenbrock` (the report names the parameter and coordinate), `rosenbrock_jvp` against the gradient along a random direction, and `rosenbrock_hvp` against differences of `rosenbrock_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn rosenbrock_gradcheck(
    x: &[f64],
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    rosenbrock_gradcheck_with(x, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`rosenbrock_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn rosenbrock_gradcheck_with(
    x: &[f64],
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
        |__v: &[f64]| rosenbrock(&__v[__ranges[0usize].clone()]),
        |__v: &[f64]| {
            let (_, __x) = rosenbrock_grad(&__v[__ranges[0usize].clone()]);
            [__x.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            rosenbrock_jvp(
                    &__v[__ranges[0usize].clone()],
                    &__d[__ranges[0usize].clone()],
                )
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, __hv_x) = rosenbrock_hvp(
                &__v[__ranges[0usize].clone()],
                &__d[__ranges[0usize].clone()],
            );
            [__hv_x.flatten()].concat()
        },
        &__point,
        &[("x", __ranges[0usize].clone())],
        __tol,
    )
}
/// The derivatives of [`rosenbrock`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct rosenbrock {}
#[allow(dead_code)]
impl rosenbrock {
    /// [`rosenbrock_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
    fn jvp_all(x: &[f64], x_dot: &[f64]) -> (f64, f64) {
        rosenbrock_jvp(x, x_dot)
    }
    /// [`rosenbrock_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
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
        x: &[f64],
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
        let mut s = 0.0;
        let lo = 0;
        let hi = x.len() - 1;
        for i in lo..hi {
            let a = x[i + 1] - x[i] * x[i];
            let b = 1.0 - x[i];
            s += 100.0 * a * a + b * b;
        }
        let ret = s;
        let pullback = move |
            x: &[f64],
            dout: f64,
            x_acc: ::std::vec::Vec<f64>,
        | -> (::std::vec::Vec<f64>,) {
            let mut ret_bar = dout;
            let mut x_bar = __ad::accumulator(x_acc, &x);
            let mut s_bar: f64 = 0.0;
            s_bar += ret_bar;
            let mut x_bar_i: f64 = 0.0;
            let mut x_bar_i_p1: f64 = 0.0;
            for i in (lo..hi).rev() {
                let a = x[i + 1] - x[i] * x[i];
                let b = 1.0 - x[i];
                let mut a_bar: f64 = 0.0;
                let mut b_bar: f64 = 0.0;
                {
                    let g0 = s_bar;
                    let t1 = 100.0 * a;
                    a_bar += g0 * (t1 + t1);
                    b_bar += g0 * (b + b);
                }
                x_bar_i += -b_bar;
                {
                    let t1 = x[i];
                    let g0 = -a_bar;
                    x_bar_i_p1 += a_bar;
                    x_bar_i += g0 * (t1 + t1);
                }
                x_bar[i + 1] += x_bar_i_p1;
                x_bar_i_p1 = x_bar_i;
                x_bar_i = 0.0;
            }
            if lo < hi {
                x_bar[lo] += x_bar_i_p1;
            }
            (x_bar,)
        };
        (ret, pullback)
    }
    /// [`rosenbrock_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
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
        x: &[::autodiff::__private::Dual<f64>],
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
        let mut s = __ad::lift(0.0);
        let lo = 0;
        let hi = x.len() - 1;
        for i in lo..hi {
            let a = x[i + 1] - x[i] * x[i];
            let b = __ad::lift(1.0) - x[i];
            s += a * 100.0 * a + b * b;
        }
        let ret = s;
        let pullback = move |
            x: &[::autodiff::__private::Dual<f64>],
            dout: ::autodiff::__private::Dual<f64>,
            x_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        | -> (::std::vec::Vec<::autodiff::__private::Dual<f64>>,) {
            let mut ret_bar = dout;
            let mut x_bar = __ad::accumulator(x_acc, &x);
            let mut s_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            s_bar += ret_bar;
            let mut x_bar_i: ::autodiff::__private::Dual<f64> = __ad::zero();
            let mut x_bar_i_p1: ::autodiff::__private::Dual<f64> = __ad::zero();
            for i in (lo..hi).rev() {
                let a = x[i + 1] - x[i] * x[i];
                let b = __ad::lift(1.0) - x[i];
                let mut a_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
                let mut b_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
                {
                    let g0 = s_bar;
                    let t1 = a * 100.0;
                    a_bar += g0 * (t1 + t1);
                    b_bar += g0 * (b + b);
                }
                x_bar_i += -b_bar;
                {
                    let t1 = x[i];
                    let g0 = -a_bar;
                    x_bar_i_p1 += a_bar;
                    x_bar_i += g0 * (t1 + t1);
                }
                x_bar[i + 1] += x_bar_i_p1;
                x_bar_i_p1 = x_bar_i;
                x_bar_i = __ad::zero();
            }
            if lo < hi {
                x_bar[lo] += x_bar_i_p1;
            }
            (x_bar,)
        };
        (ret, pullback)
    }
}
