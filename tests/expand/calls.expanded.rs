#[allow(dead_code)]
fn norm(v: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..v.len() {
        s += v[i] * v[i];
    }
    s.sqrt()
}
/// Forward mode of [`norm`]: its value and its directional derivative along the tangents `v_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn norm_jvp(v: &[f64], v_dot: &[f64]) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    __ad::check_tangent_len(v.len(), v_dot.len(), "v_dot", "v");
    let mut s = 0.0;
    let lo = 0;
    let hi = v.len();
    let mut s_dot: f64 = 0.0;
    for i in lo..hi {
        s += v[i] * v[i];
        s_dot += v_dot[i] * (v[i] + v[i]);
    }
    let ret = s.sqrt();
    let ret_dot = s_dot * __ad::partial::sqrt(s, ret);
    let __tangent = ret_dot;
    (ret, __tangent)
}
/// Reverse mode of [`norm`], split: runs `norm` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn norm_pullback(
    v: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], f64) -> (::std::vec::Vec<f64>,)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (value, pullback) = norm::pullback_all(v);
    let pullback = move |v: &[f64], dout: f64| -> (::std::vec::Vec<f64>,) {
        pullback(v, dout, __ad::no_accumulator())
    };
    (value, pullback)
}
/// Reverse mode of [`norm`]: its value, then the cotangents `v_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂norm/∂x.
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
fn norm_vjp(v: &[f64], dout: f64) -> (f64, ::std::vec::Vec<f64>) {
    let (value, pullback) = norm_pullback(v);
    let (v_bar,) = pullback(v, dout);
    (value, v_bar)
}
/// The gradient of [`norm`]: its value, then ∂norm/∂x for each active parameter (`norm_vjp` seeded with 1).
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
fn norm_grad(v: &[f64]) -> (f64, ::std::vec::Vec<f64>) {
    norm_vjp(v, 1.0)
}
/// Hessian-vector product of [`norm`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (v_dot)`, in one pass and without forming the Hessian.
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
fn norm_hvp(
    v: &[f64],
    v_dot: &[f64],
) -> (f64, ::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let v_dual = __ad::pool::duals(&v, &v_dot);
    let (value, pullback) = norm::dual_pullback_all(&v_dual);
    let (v_bar,) = pullback(
        &v_dual,
        __ad::Dual::constant(1.0),
        __ad::pool::zeros(v.len()),
    );
    let result = (value.primal, __ad::primals(&v_bar), __ad::tangents(&v_bar));
    __ad::pool::give_back(v_bar);
    __ad::pool::give_back(v_dual);
    result
}
/// Checks the derivatives of [`norm`] at this point: the gradient of each active parameter against central differences of `norm` (the report names the parameter and coordinate), `norm_jvp` against the gradient along a random direction, and `norm_hvp` against differences of `norm_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn norm_gradcheck(v: &[f64]) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    norm_gradcheck_with(v, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`norm_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn norm_gradcheck_with(
    v: &[f64],
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<f64 as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![v.flatten()];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| norm(&__v[__ranges[0usize].clone()]),
        |__v: &[f64]| {
            let (_, __v) = norm_grad(&__v[__ranges[0usize].clone()]);
            [__v.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            norm_jvp(&__v[__ranges[0usize].clone()], &__d[__ranges[0usize].clone()]).1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, __hv_v) = norm_hvp(
                &__v[__ranges[0usize].clone()],
                &__d[__ranges[0usize].clone()],
            );
            [__hv_v.flatten()].concat()
        },
        &__point,
        &[("v", __ranges[0usize].clone())],
        __tol,
    )
}
/// The derivatives of [`norm`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct norm {}
#[allow(dead_code)]
impl norm {
    /// [`norm_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
    fn jvp_all(v: &[f64], v_dot: &[f64]) -> (f64, f64) {
        norm_jvp(v, v_dot)
    }
    /// [`norm_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
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
        v: &[f64],
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
        let hi = v.len();
        for i in lo..hi {
            s += v[i] * v[i];
        }
        let ret = s.sqrt();
        let pullback = move |
            v: &[f64],
            dout: f64,
            v_acc: ::std::vec::Vec<f64>,
        | -> (::std::vec::Vec<f64>,) {
            let mut ret_bar = dout;
            let mut v_bar = __ad::accumulator(v_acc, &v);
            let mut s_bar: f64 = 0.0;
            s_bar += ret_bar * __ad::partial::sqrt(s, ret);
            for i in (lo..hi).rev() {
                {
                    let g0 = s_bar;
                    let t1 = v[i];
                    v_bar[i] += g0 * (t1 + t1);
                }
            }
            (v_bar,)
        };
        (ret, pullback)
    }
    /// [`norm_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
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
        v: &[::autodiff::__private::Dual<f64>],
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
        let hi = v.len();
        for i in lo..hi {
            s += v[i] * v[i];
        }
        let ret = s.sqrt();
        let pullback = move |
            v: &[::autodiff::__private::Dual<f64>],
            dout: ::autodiff::__private::Dual<f64>,
            v_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        | -> (::std::vec::Vec<::autodiff::__private::Dual<f64>>,) {
            let mut ret_bar = dout;
            let mut v_bar = __ad::accumulator(v_acc, &v);
            let mut s_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            s_bar += ret_bar * __ad::partial::sqrt(s, ret);
            for i in (lo..hi).rev() {
                {
                    let g0 = s_bar;
                    let t1 = v[i];
                    v_bar[i] += g0 * (t1 + t1);
                }
            }
            (v_bar,)
        };
        (ret, pullback)
    }
}
#[allow(dead_code)]
fn unit_sum(x: &[f64]) -> f64 {
    let n = norm(x);
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] / n;
    }
    s
}
/// Forward mode of [`unit_sum`]: its value and its directional derivative along the tangents `x_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn unit_sum_jvp(x: &[f64], x_dot: &[f64]) -> (f64, f64) {
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
        let (n, n_dot) = norm::jvp_all(x, x_dot);
        let mut s = 0.0;
        let lo = 0;
        let hi = x.len();
        let mut s_dot: f64 = 0.0;
        for i in lo..hi {
            s += x[i] / n;
            s_dot += __Fma::mul_add(n_dot, -(x[i] / n), x_dot[i]) / n;
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
/// Reverse mode of [`unit_sum`], split: runs `unit_sum` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn unit_sum_pullback(
    x: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], f64) -> (::std::vec::Vec<f64>,)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (value, pullback) = unit_sum::pullback_all(x);
    let pullback = move |x: &[f64], dout: f64| -> (::std::vec::Vec<f64>,) {
        pullback(x, dout, __ad::no_accumulator())
    };
    (value, pullback)
}
/// Reverse mode of [`unit_sum`]: its value, then the cotangents `x_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂unit_sum/∂x.
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
fn unit_sum_vjp(x: &[f64], dout: f64) -> (f64, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (n, n_pb) = norm::pullback_all(x);
    let mut s = 0.0;
    let lo = 0;
    let hi = x.len();
    let mut ret_bar = dout;
    let mut x_bar = __ad::zeros_like(&x);
    let mut n_bar: f64 = 0.0;
    let mut s_bar: f64 = 0.0;
    s_bar += ret_bar;
    for i in lo..hi {
        s += x[i] / n;
        {
            let g0 = s_bar;
            let t1 = x[i];
            x_bar[i] += g0 / n;
            n_bar += -(g0 / n * t1 / n);
        }
    }
    let ret = s;
    {
        let (ct0,) = n_pb(x, n_bar, __ad::lend(&mut x_bar));
        __ad::repay(&mut x_bar, __ad::cotangent::<f64, _>(ct0));
    }
    (ret, x_bar)
}
/// The gradient of [`unit_sum`]: its value, then ∂unit_sum/∂x for each active parameter (`unit_sum_vjp` seeded with 1).
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
fn unit_sum_grad(x: &[f64]) -> (f64, ::std::vec::Vec<f64>) {
    unit_sum_vjp(x, 1.0)
}
/// Hessian-vector product of [`unit_sum`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (x_dot)`, in one pass and without forming the Hessian.
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
fn unit_sum_hvp(
    x: &[f64],
    x_dot: &[f64],
) -> (f64, ::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let x_dual = __ad::pool::duals(&x, &x_dot);
    let (value, x_bar) = unit_sum_dual_vjp(
        &x_dual,
        __ad::Dual::constant(1.0),
        __ad::pool::zeros(x.len()),
    );
    let result = (value.primal, __ad::primals(&x_bar), __ad::tangents(&x_bar));
    __ad::pool::give_back(x_bar);
    __ad::pool::give_back(x_dual);
    result
}
/// [`unit_sum_vjp`] on dual numbers, for [`unit_sum_hvp`] (forward-over-reverse).
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
fn unit_sum_dual_vjp(
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
    let (n, n_pb) = norm::dual_pullback_all(x);
    let mut s = __ad::lift(0.0);
    let lo = 0;
    let hi = x.len();
    let mut ret_bar = dout;
    let mut x_bar = __ad::accumulator(x_acc, &x);
    let mut n_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
    let mut s_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
    s_bar += ret_bar;
    for i in lo..hi {
        s += x[i] / n;
        {
            let g0 = s_bar;
            let t1 = x[i];
            x_bar[i] += g0 / n;
            n_bar += -(g0 / n * t1 / n);
        }
    }
    let ret = s;
    {
        let (ct0,) = n_pb(x, n_bar, __ad::lend(&mut x_bar));
        __ad::repay(&mut x_bar, __ad::cotangent::<f64, _>(ct0));
    }
    (ret, x_bar)
}
/// Checks the derivatives of [`unit_sum`] at this point: the gradient of each active parameter against central differences of `unit_sum` (the report names the parameter and coordinate), `unit_sum_jvp` against the gradient along a random direction, and `unit_sum_hvp` against differences of `unit_sum_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn unit_sum_gradcheck(
    x: &[f64],
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    unit_sum_gradcheck_with(x, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`unit_sum_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn unit_sum_gradcheck_with(
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
        |__v: &[f64]| unit_sum(&__v[__ranges[0usize].clone()]),
        |__v: &[f64]| {
            let (_, __x) = unit_sum_grad(&__v[__ranges[0usize].clone()]);
            [__x.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            unit_sum_jvp(&__v[__ranges[0usize].clone()], &__d[__ranges[0usize].clone()])
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, __hv_x) = unit_sum_hvp(
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
/// The derivatives of [`unit_sum`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct unit_sum {}
#[allow(dead_code)]
impl unit_sum {
    /// [`unit_sum_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
        unit_sum_jvp(x, x_dot)
    }
    /// [`unit_sum_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
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
        let (n, n_pb) = norm::pullback_all(x);
        let mut s = 0.0;
        let lo = 0;
        let hi = x.len();
        for i in lo..hi {
            s += x[i] / n;
        }
        let ret = s;
        let pullback = move |
            x: &[f64],
            dout: f64,
            x_acc: ::std::vec::Vec<f64>,
        | -> (::std::vec::Vec<f64>,) {
            let mut ret_bar = dout;
            let mut x_bar = __ad::accumulator(x_acc, &x);
            let mut n_bar: f64 = 0.0;
            let mut s_bar: f64 = 0.0;
            s_bar += ret_bar;
            for i in (lo..hi).rev() {
                {
                    let g0 = s_bar;
                    let t1 = x[i];
                    x_bar[i] += g0 / n;
                    n_bar += -(g0 / n * t1 / n);
                }
            }
            {
                let (ct0,) = n_pb(x, n_bar, __ad::lend(&mut x_bar));
                __ad::repay(&mut x_bar, __ad::cotangent::<f64, _>(ct0));
            }
            (x_bar,)
        };
        (ret, pullback)
    }
    /// [`unit_sum_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
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
        let (n, n_pb) = norm::dual_pullback_all(x);
        let mut s = __ad::lift(0.0);
        let lo = 0;
        let hi = x.len();
        for i in lo..hi {
            s += x[i] / n;
        }
        let ret = s;
        let pullback = move |
            x: &[::autodiff::__private::Dual<f64>],
            dout: ::autodiff::__private::Dual<f64>,
            x_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        | -> (::std::vec::Vec<::autodiff::__private::Dual<f64>>,) {
            let mut ret_bar = dout;
            let mut x_bar = __ad::accumulator(x_acc, &x);
            let mut n_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            let mut s_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            s_bar += ret_bar;
            for i in (lo..hi).rev() {
                {
                    let g0 = s_bar;
                    let t1 = x[i];
                    x_bar[i] += g0 / n;
                    n_bar += -(g0 / n * t1 / n);
                }
            }
            {
                let (ct0,) = n_pb(x, n_bar, __ad::lend(&mut x_bar));
                __ad::repay(&mut x_bar, __ad::cotangent::<f64, _>(ct0));
            }
            (x_bar,)
        };
        (ret, pullback)
    }
}
