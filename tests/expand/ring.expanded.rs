#[allow(dead_code)]
fn ring(x0: &[f64], steps: usize) -> f64 {
    let n = x0.len();
    let mut x = x0.to_vec();
    let mut dx = vec![0.0; n];
    let mut cost = 0.0;
    for _ in 0..steps {
        for i in 0..n {
            let next = if i + 1 == n { 0 } else { i + 1 };
            let prev = if i == 0 { n - 1 } else { i - 1 };
            dx[i] = x[next] * x[prev] - x[i];
        }
        for i in 0..n {
            x[i] += 0.01 * dx[i];
            cost += x[i] * x[i];
        }
    }
    cost
}
/// Forward mode of [`ring`]: its value and its directional derivative along the tangents `x0_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn ring_jvp(x0: &[f64], steps: usize, x0_dot: &[f64]) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    #[inline(always)]
    fn __jvp_body<__Fma: ::autodiff::__private::MulAdd>(
        _: __Fma,
        x0: &[f64],
        steps: usize,
        x0_dot: &[f64],
    ) -> (f64, f64) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        __ad::check_tangent_len(x0.len(), x0_dot.len(), "x0_dot", "x0");
        let n = x0.len();
        let mut x = x0.to_vec();
        let mut x_dot = x0_dot.to_vec();
        let mut dx = ::std::vec![0.0; n];
        let mut dx_dot = __ad::zeros_like(&dx);
        let mut cost = 0.0;
        let lo = 0;
        let hi = steps;
        let mut cost_dot: f64 = 0.0;
        for _ in lo..hi {
            let lo_2 = 0;
            let hi_2 = n;
            for i in lo_2..hi_2 {
                let next;
                let cond = i + 1 == n;
                if cond {
                    next = 0;
                } else {
                    next = i + 1;
                }
                let prev;
                let cond_2 = i == 0;
                if cond_2 {
                    prev = n - 1;
                } else {
                    prev = i - 1;
                }
                dx[i] = x[next] * x[prev] - x[i];
                dx_dot[i] = __Fma::mul_add(x_dot[next], x[prev], x[next] * x_dot[prev])
                    - x_dot[i];
            }
            let lo_3 = 0;
            let hi_3 = n;
            for i_2 in lo_3..hi_3 {
                x[i_2] = x[i_2] + (0.01 * dx[i_2]);
                cost += x[i_2] * x[i_2];
                x_dot[i_2] += dx_dot[i_2] * 0.01;
                cost_dot += x_dot[i_2] * (x[i_2] + x[i_2]);
            }
        }
        let ret = cost;
        let ret_dot = cost_dot;
        let __tangent = ret_dot;
        (ret, __tangent)
    }
    if __ad::use_fused() {
        __ad::run_fused(|| __jvp_body(__ad::Fused, x0, steps, x0_dot))
    } else {
        __jvp_body(__ad::Separate, x0, steps, x0_dot)
    }
}
/// Reverse mode of [`ring`], split: runs `ring` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn ring_pullback(
    x0: &[f64],
    steps: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], f64) -> (::std::vec::Vec<f64>,)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (value, pullback) = ring::pullback_all(x0, steps);
    let pullback = move |x0: &[f64], dout: f64| -> (::std::vec::Vec<f64>,) {
        pullback(x0, dout, __ad::no_accumulator())
    };
    (value, pullback)
}
/// Reverse mode of [`ring`]: its value, then the cotangents `x0_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂ring/∂x.
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
fn ring_vjp(x0: &[f64], steps: usize, dout: f64) -> (f64, ::std::vec::Vec<f64>) {
    let (value, pullback) = ring_pullback(x0, steps);
    let (x0_bar,) = pullback(x0, dout);
    (value, x0_bar)
}
/// The gradient of [`ring`]: its value, then ∂ring/∂x for each active parameter (`ring_vjp` seeded with 1).
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
fn ring_grad(x0: &[f64], steps: usize) -> (f64, ::std::vec::Vec<f64>) {
    ring_vjp(x0, steps, 1.0)
}
/// Hessian-vector product of [`ring`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (x0_dot)`, in one pass and without forming the Hessian.
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
fn ring_hvp(
    x0: &[f64],
    steps: usize,
    x0_dot: &[f64],
) -> (f64, ::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let x0_dual = __ad::pool::duals(&x0, &x0_dot);
    let (value, pullback) = ring::dual_pullback_all(&x0_dual, steps);
    let (x0_bar,) = pullback(
        &x0_dual,
        __ad::Dual::constant(1.0),
        __ad::pool::zeros(x0.len()),
    );
    let result = (value.primal, __ad::primals(&x0_bar), __ad::tangents(&x0_bar));
    __ad::pool::give_back(x0_bar);
    __ad::pool::give_back(x0_dual);
    result
}
/// Checks the derivatives of [`ring`] at this point: the gradient of each active parameter against central differences of `ring` (the report names the parameter and coordinate), `ring_jvp` against the gradient along a random direction, and `ring_hvp` against differences of `ring_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn ring_gradcheck(
    x0: &[f64],
    steps: usize,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    ring_gradcheck_with(x0, steps, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`ring_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn ring_gradcheck_with(
    x0: &[f64],
    steps: usize,
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<f64 as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![x0.flatten()];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| ring(&__v[__ranges[0usize].clone()], steps.clone()),
        |__v: &[f64]| {
            let (_, __x0) = ring_grad(&__v[__ranges[0usize].clone()], steps.clone());
            [__x0.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            ring_jvp(
                    &__v[__ranges[0usize].clone()],
                    steps.clone(),
                    &__d[__ranges[0usize].clone()],
                )
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, __hv_x0) = ring_hvp(
                &__v[__ranges[0usize].clone()],
                steps.clone(),
                &__d[__ranges[0usize].clone()],
            );
            [__hv_x0.flatten()].concat()
        },
        &__point,
        &[("x0", __ranges[0usize].clone())],
        __tol,
    )
}
/// The derivatives of [`ring`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct ring {}
#[allow(dead_code)]
impl ring {
    /// [`ring_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
    fn jvp_all(x0: &[f64], steps: usize, x0_dot: &[f64]) -> (f64, f64) {
        ring_jvp(x0, steps, x0_dot)
    }
    /// [`ring_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
    #[doc(hidden)]
    #[inline(never)]
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
        x0: &[f64],
        steps: usize,
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
        let mut x_elem_tape = __ad::SaveStack::pooled();
        let n = x0.len();
        let mut x = x0.to_vec();
        let mut dx = ::std::vec![0.0; n];
        let mut cost = 0.0;
        let lo = 0;
        let hi = steps;
        {
            let mut x_elem_tape = x_elem_tape
                .reserved(__ad::room(&(lo..hi), || __ad::room(&(0..n), || 1)));
            for _ in lo..hi {
                let lo_2 = 0;
                let hi_2 = n;
                for i in lo_2..hi_2 {
                    let next;
                    let cond = i + 1 == n;
                    if cond {
                        next = 0;
                    } else {
                        next = i + 1;
                    }
                    let prev;
                    let cond_2 = i == 0;
                    if cond_2 {
                        prev = n - 1;
                    } else {
                        prev = i - 1;
                    }
                    dx[i] = x[next] * x[prev] - x[i];
                }
                let lo_3 = 0;
                let hi_3 = n;
                if lo_3 < hi_3 {
                    x_elem_tape.extend_from_slice(&x[lo_3..hi_3]);
                }
                for i_2 in lo_3..hi_3 {
                    x[i_2] = x[i_2] + (0.01 * dx[i_2]);
                    cost += x[i_2] * x[i_2];
                }
            }
        }
        let ret = cost;
        let pullback = move |
            x0: &[f64],
            dout: f64,
            x0_acc: ::std::vec::Vec<f64>,
        | -> (::std::vec::Vec<f64>,) {
            let mut ret_bar = dout;
            let mut x0_bar = __ad::accumulator(x0_acc, &x0);
            let mut x_bar = __ad::zeros_like(&x);
            let mut dx_bar = __ad::zeros_like(&dx);
            let mut cost_bar: f64 = 0.0;
            cost_bar += ret_bar;
            for _ in (lo..hi).rev() {
                let lo_2 = 0;
                let hi_2 = n;
                let lo_3 = 0;
                let hi_3 = n;
                for i_2 in (lo_3..hi_3).rev() {
                    {
                        let g0 = cost_bar;
                        let t1 = x[i_2];
                        x_bar[i_2] += g0 * (t1 + t1);
                    }
                    {
                        let g0 = x_bar[i_2];
                        dx_bar[i_2] += g0 * 0.01;
                    }
                }
                if lo_3 < hi_3 {
                    x_elem_tape.pop_into(&mut x[lo_3..hi_3]);
                }
                for i in (lo_2..hi_2).rev() {
                    let next = if i + 1 == n { 0 } else { i + 1 };
                    let prev = if i == 0 { n - 1 } else { i - 1 };
                    {
                        let g0 = dx_bar[i];
                        dx_bar[i] = 0.0;
                        let t1 = x[prev];
                        let t2 = x[next];
                        x_bar[next] += g0 * t1;
                        x_bar[prev] += g0 * t2;
                        x_bar[i] += -g0;
                    }
                }
            }
            __ad::add_assign(&mut x0_bar, &x_bar);
            (x0_bar,)
        };
        (ret, pullback)
    }
    /// [`ring_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
    #[doc(hidden)]
    #[inline(never)]
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
        x0: &[::autodiff::__private::Dual<f64>],
        steps: usize,
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
        let mut x_elem_tape = __ad::SaveStack::pooled();
        let n = x0.len();
        let mut x = x0.to_vec();
        let mut dx = __ad::lift_seq(&::std::vec![0.0; n]);
        let mut cost = __ad::lift(0.0);
        let lo = 0;
        let hi = steps;
        {
            let mut x_elem_tape = x_elem_tape
                .reserved(__ad::room(&(lo..hi), || __ad::room(&(0..n), || 1)));
            for _ in lo..hi {
                let lo_2 = 0;
                let hi_2 = n;
                for i in lo_2..hi_2 {
                    let next;
                    let cond = i + 1 == n;
                    if cond {
                        next = 0;
                    } else {
                        next = i + 1;
                    }
                    let prev;
                    let cond_2 = i == 0;
                    if cond_2 {
                        prev = n - 1;
                    } else {
                        prev = i - 1;
                    }
                    dx[i] = x[next] * x[prev] - x[i];
                }
                let lo_3 = 0;
                let hi_3 = n;
                if lo_3 < hi_3 {
                    x_elem_tape.extend_from_slice(&x[lo_3..hi_3]);
                }
                for i_2 in lo_3..hi_3 {
                    x[i_2] = x[i_2] + (dx[i_2] * 0.01);
                    cost += x[i_2] * x[i_2];
                }
            }
        }
        let ret = cost;
        let pullback = move |
            x0: &[::autodiff::__private::Dual<f64>],
            dout: ::autodiff::__private::Dual<f64>,
            x0_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        | -> (::std::vec::Vec<::autodiff::__private::Dual<f64>>,) {
            let mut ret_bar = dout;
            let mut x0_bar = __ad::accumulator(x0_acc, &x0);
            let mut x_bar = __ad::zeros_like(&x);
            let mut dx_bar = __ad::zeros_like(&dx);
            let mut cost_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            cost_bar += ret_bar;
            for _ in (lo..hi).rev() {
                let lo_2 = 0;
                let hi_2 = n;
                let lo_3 = 0;
                let hi_3 = n;
                for i_2 in (lo_3..hi_3).rev() {
                    {
                        let g0 = cost_bar;
                        let t1 = x[i_2];
                        x_bar[i_2] += g0 * (t1 + t1);
                    }
                    {
                        let g0 = x_bar[i_2];
                        dx_bar[i_2] += g0 * 0.01;
                    }
                }
                if lo_3 < hi_3 {
                    x_elem_tape.pop_into(&mut x[lo_3..hi_3]);
                }
                for i in (lo_2..hi_2).rev() {
                    let next = if i + 1 == n { 0 } else { i + 1 };
                    let prev = if i == 0 { n - 1 } else { i - 1 };
                    {
                        let g0 = dx_bar[i];
                        dx_bar[i] = __ad::zero();
                        let t1 = x[prev];
                        let t2 = x[next];
                        x_bar[next] += g0 * t1;
                        x_bar[prev] += g0 * t2;
                        x_bar[i] += -g0;
                    }
                }
            }
            __ad::add_assign(&mut x0_bar, &x_bar);
            (x0_bar,)
        };
        (ret, pullback)
    }
}
