#[allow(dead_code)]
fn first_big(x: &[f64], limit: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        if x[i] < 0.0 {
            continue;
        }
        s = s * 0.5 + x[i].exp();
        if s > limit {
            break;
        }
    }
    s
}
/// Forward mode of [`first_big`]: its value and its directional derivative along the tangents `x_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn first_big_jvp(x: &[f64], limit: f64, x_dot: &[f64]) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    #[inline(always)]
    fn __jvp_body<__Fma: ::autodiff::__private::MulAdd>(
        _: __Fma,
        x: &[f64],
        limit: f64,
        x_dot: &[f64],
    ) -> (f64, f64) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        __ad::check_tangent_len(x.len(), x_dot.len(), "x_dot", "x");
        let mut s = 0.0;
        let lo = 0;
        let hi = x.len();
        let mut brk = false;
        let mut cont = false;
        let mut s_dot: f64 = 0.0;
        for i in lo..hi {
            cont = false;
            let cond = x[i] < 0.0;
            if cond {
                cont = true;
            }
            let go = !cont;
            if go {
                let exp_x = x[i].exp();
                let exp_x_dot = x_dot[i] * __ad::partial::exp(x[i], exp_x);
                s_dot = __Fma::mul_add(s_dot, 0.5, exp_x_dot);
                s = s * 0.5 + exp_x;
                let cond_2 = s > limit;
                if cond_2 {
                    brk = true;
                }
            }
            if brk {
                break;
            }
        }
        let ret = s;
        let ret_dot = s_dot;
        let __tangent = ret_dot;
        (ret, __tangent)
    }
    if __ad::use_fused() {
        __ad::run_fused(|| __jvp_body(__ad::Fused, x, limit, x_dot))
    } else {
        __jvp_body(__ad::Separate, x, limit, x_dot)
    }
}
/// Reverse mode of [`first_big`], split: runs `first_big` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn first_big_pullback(
    x: &[f64],
    limit: f64,
) -> (f64, impl ::core::ops::FnOnce(&[f64], f64) -> (::std::vec::Vec<f64>,)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let mut exp_x_tape = __ad::SaveStack::pooled();
    let mut go_tape = __ad::SaveStack::new();
    let mut i_tape = __ad::SaveStack::new();
    let mut s = 0.0;
    let lo = 0;
    let hi = x.len();
    let mut brk = false;
    let mut cont = false;
    let mut trips: usize = 0;
    for i in lo..hi {
        cont = false;
        let cond = x[i] < 0.0;
        if cond {
            cont = true;
        }
        let go = !cont;
        if go {
            let exp_x = x[i].exp();
            s = s * 0.5 + exp_x;
            let cond_2 = s > limit;
            if cond_2 {
                brk = true;
            }
            exp_x_tape.push(exp_x);
        }
        i_tape.push(i);
        go_tape.push(go);
        trips += 1;
        if brk {
            break;
        }
    }
    let ret = s;
    let pullback = move |x: &[f64], dout: f64| -> (::std::vec::Vec<f64>,) {
        let mut ret_bar = dout;
        let mut x_bar = __ad::zeros_like(&x);
        let mut s_bar: f64 = 0.0;
        s_bar += ret_bar;
        for _ in 0..trips {
            let i = i_tape.pop();
            let go = go_tape.pop();
            if go {
                let exp_x = exp_x_tape.pop();
                let mut exp_x_bar: f64 = 0.0;
                {
                    let g0 = s_bar;
                    s_bar = g0 * 0.5;
                    exp_x_bar += g0;
                }
                {
                    let t0 = x[i];
                    x_bar[i] += exp_x_bar * __ad::partial::exp(t0, exp_x);
                }
            }
        }
        (x_bar,)
    };
    (ret, pullback)
}
/// [`first_big_pullback`] on dual numbers, for [`first_big_hvp`] (forward-over-reverse).
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
fn first_big_dual_pullback(
    x: &[::autodiff::__private::Dual<f64>],
    limit: f64,
) -> (
    ::autodiff::__private::Dual<f64>,
    impl ::core::ops::FnOnce(
        &[::autodiff::__private::Dual<f64>],
        ::autodiff::__private::Dual<f64>,
    ) -> (::std::vec::Vec<::autodiff::__private::Dual<f64>>,),
) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let mut exp_x_tape = __ad::SaveStack::pooled();
    let mut go_tape = __ad::SaveStack::new();
    let mut i_tape = __ad::SaveStack::new();
    let mut s = __ad::lift(0.0);
    let lo = 0;
    let hi = x.len();
    let mut brk = false;
    let mut cont = false;
    let mut trips: usize = 0;
    for i in lo..hi {
        cont = false;
        let cond = x[i].primal < 0.0;
        if cond {
            cont = true;
        }
        let go = !cont;
        if go {
            let exp_x = x[i].exp();
            s = s * 0.5 + exp_x;
            let cond_2 = s.primal > limit;
            if cond_2 {
                brk = true;
            }
            exp_x_tape.push(exp_x);
        }
        i_tape.push(i);
        go_tape.push(go);
        trips += 1;
        if brk {
            break;
        }
    }
    let ret = s;
    let pullback = move |
        x: &[::autodiff::__private::Dual<f64>],
        dout: ::autodiff::__private::Dual<f64>,
    | -> (::std::vec::Vec<::autodiff::__private::Dual<f64>>,) {
        let mut ret_bar = dout;
        let mut x_bar = __ad::zeros_like(&x);
        let mut s_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
        s_bar += ret_bar;
        for _ in 0..trips {
            let i = i_tape.pop();
            let go = go_tape.pop();
            if go {
                let exp_x = exp_x_tape.pop();
                let mut exp_x_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
                {
                    let g0 = s_bar;
                    s_bar = g0 * 0.5;
                    exp_x_bar += g0;
                }
                {
                    let t0 = x[i];
                    x_bar[i] += exp_x_bar * __ad::partial::exp(t0, exp_x);
                }
            }
        }
        (x_bar,)
    };
    (ret, pullback)
}
/// Reverse mode of [`first_big`]: its value, then the cotangents `x_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂first_big/∂x.
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
fn first_big_vjp(x: &[f64], limit: f64, dout: f64) -> (f64, ::std::vec::Vec<f64>) {
    let (value, pullback) = first_big_pullback(x, limit);
    let (x_bar,) = pullback(x, dout);
    (value, x_bar)
}
/// The gradient of [`first_big`]: its value, then ∂first_big/∂x for each active parameter (`first_big_vjp` seeded with 1).
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
fn first_big_grad(x: &[f64], limit: f64) -> (f64, ::std::vec::Vec<f64>) {
    first_big_vjp(x, limit, 1.0)
}
/// Hessian-vector product of [`first_big`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (x_dot)`, in one pass and without forming the Hessian.
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
fn first_big_hvp(
    x: &[f64],
    limit: f64,
    x_dot: &[f64],
) -> (f64, ::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let x_dual = __ad::pool::duals(&x, &x_dot);
    let (value, pullback) = first_big_dual_pullback(&x_dual, limit);
    let (x_bar,) = pullback(&x_dual, __ad::Dual::constant(1.0));
    let result = (value.primal, __ad::primals(&x_bar), __ad::tangents(&x_bar));
    __ad::pool::give_back(x_dual);
    result
}
/// Checks the derivatives of [`first_big`] at this point: the gradient of each active parameter against central differences of `first_big` (the report names the parameter and coordinate), `first_big_jvp` against the gradient along a random direction, and `first_big_hvp` against differences of `first_big_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn first_big_gradcheck(
    x: &[f64],
    limit: f64,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    first_big_gradcheck_with(x, limit, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`first_big_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn first_big_gradcheck_with(
    x: &[f64],
    limit: f64,
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
        |__v: &[f64]| first_big(&__v[__ranges[0usize].clone()], limit.clone()),
        |__v: &[f64]| {
            let (_, __x) = first_big_grad(&__v[__ranges[0usize].clone()], limit.clone());
            [__x.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            first_big_jvp(
                    &__v[__ranges[0usize].clone()],
                    limit.clone(),
                    &__d[__ranges[0usize].clone()],
                )
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, __hv_x) = first_big_hvp(
                &__v[__ranges[0usize].clone()],
                limit.clone(),
                &__d[__ranges[0usize].clone()],
            );
            [__hv_x.flatten()].concat()
        },
        &__point,
        &[("x", __ranges[0usize].clone())],
        __tol,
    )
}
/// The derivatives of [`first_big`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct first_big {}
#[allow(dead_code)]
impl first_big {
    /// [`first_big_jvp`] for differentiated callers, which pass a tangent for every float parameter (ignored for those `wrt` leaves out).
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
    fn jvp_all(x: &[f64], limit: f64, x_dot: &[f64], limit_dot: f64) -> (f64, f64) {
        first_big_jvp(x, limit, x_dot)
    }
    /// [`first_big_pullback`] for differentiated callers, which expect a cotangent for every float parameter (`ExcludedByWrt` for those `wrt` leaves out).
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
        x: &[f64],
        limit: f64,
    ) -> (
        f64,
        impl ::core::ops::FnOnce(
            &[f64],
            f64,
            ::std::vec::Vec<f64>,
        ) -> (::std::vec::Vec<f64>, ::autodiff::__private::ExcludedByWrt),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let (value, pullback) = first_big_pullback(x, limit);
        let pullback = move |
            x: &[f64],
            dout: f64,
            x_acc: ::std::vec::Vec<f64>,
        | -> (::std::vec::Vec<f64>, ::autodiff::__private::ExcludedByWrt) {
            let (x_bar,) = pullback(x, dout);
            (__ad::accumulate(x_acc, x_bar), __ad::ExcludedByWrt)
        };
        (value, pullback)
    }
    /// [`first_big_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter (`ExcludedByWrt` for those `wrt` leaves out): what differentiated callers' `_hvp` runs.
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
    fn dual_pullback_all(
        x: &[::autodiff::__private::Dual<f64>],
        limit: ::autodiff::__private::Dual<f64>,
    ) -> (
        ::autodiff::__private::Dual<f64>,
        impl ::core::ops::FnOnce(
            &[::autodiff::__private::Dual<f64>],
            ::autodiff::__private::Dual<f64>,
            ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        ) -> (
                ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
                ::autodiff::__private::ExcludedByWrt,
            ),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let (value, pullback) = first_big_dual_pullback(x, limit.primal);
        let pullback = move |
            x: &[::autodiff::__private::Dual<f64>],
            dout: ::autodiff::__private::Dual<f64>,
            x_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        | -> (
            ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
            ::autodiff::__private::ExcludedByWrt,
        ) {
            let (x_bar,) = pullback(x, dout);
            (__ad::accumulate(x_acc, x_bar), __ad::ExcludedByWrt)
        };
        (value, pullback)
    }
}
